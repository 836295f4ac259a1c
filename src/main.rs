//! `tabula`: with no arguments the engine daemon on stdin/stdout; with a
//! sub-command one of the tools that share its code (see `tabula help`).

use std::io::{self, BufReader};

fn main() {
    env_logger::Builder::from_env(env_logger::Env::default().default_filter_or("warn"))
        .target(env_logger::Target::Stderr)
        .init();
    // `std::env::args` panics on a non-UTF-8 argument: read the raw words.
    let args = match tabula::cli::argv::utf8_args(std::env::args_os().skip(1)) {
        Ok(args) => args,
        Err(e) => {
            eprintln!("tabula: {e}");
            std::process::exit(2);
        }
    };
    let code = if args.is_empty() {
        tabula::protocol::daemon::run(BufReader::new(io::stdin()), io::stdout())
    } else {
        tabula::cli::run(&args)
    };
    std::process::exit(code);
}
