//! `tabula`: with no arguments the engine daemon on stdin/stdout; with a
//! sub-command one of the tools that share its code (see `tabula help`).

use std::io::{self, BufReader};

fn main() {
    env_logger::Builder::from_env(env_logger::Env::default().default_filter_or("warn"))
        .target(env_logger::Target::Stderr)
        .init();
    let args: Vec<String> = std::env::args().skip(1).collect();
    let code = if args.is_empty() {
        tabula::protocol::daemon::run(BufReader::new(io::stdin()), io::stdout())
    } else {
        tabula::cli::run(&args)
    };
    std::process::exit(code);
}
