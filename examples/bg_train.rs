//! Trains tabula's backgammon networks from teacher data.
//!
//!     scripts/bg-teacher.py --games 8000 --seed 1 --plies 1 --out data/bg-train.txt
//!     cargo run --release --example bg_train -- data/bg-train.txt src/games/backgammon/eval
//!
//! Writes `contact.bin` and `race.bin` into the directory (the files the
//! build embeds). Options after the two paths: `hidden=N` (contact net,
//! default 96), `race-hidden=N` (default 48), `epochs=N` (default 30),
//! `rate=R` (default 0.1), `seed=S` (default 1), `only=contact|race` (train
//! one of the two), `loss=ce` (cross-entropy instead of squared error). 5% of the positions are held out and their loss is
//! printed.

use std::time::Instant;
use tabula::games::backgammon::eval::train::{TrainConfig, loss, read_samples, train};
use tabula::games::backgammon::eval::{Kind, inputs};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [data, out, options @ ..] = &args[..] else {
        eprintln!(
            "usage: bg_train <teacher file> <output dir> [hidden=N race-hidden=N epochs=N rate=R seed=S only=contact|race loss=ce]"
        );
        std::process::exit(2);
    };
    let option = |name: &str, default: f64| -> f64 {
        options
            .iter()
            .filter_map(|o| o.strip_prefix(&format!("{name}=")))
            .filter_map(|v| v.parse().ok())
            .next_back()
            .unwrap_or(default)
    };
    let text = match std::fs::read_to_string(data) {
        Ok(t) => t,
        Err(e) => {
            eprintln!("bg_train: {data}: {e}");
            std::process::exit(1);
        }
    };
    let only = options
        .iter()
        .filter_map(|o| o.strip_prefix("only="))
        .next_back();
    for (kind, file, hidden) in [
        (Kind::Contact, "contact.bin", option("hidden", 96.0)),
        (Kind::Race, "race.bin", option("race-hidden", 48.0)),
    ] {
        if only.is_some_and(|o| o != file.trim_end_matches(".bin")) {
            continue;
        }
        let started = Instant::now();
        let (samples, bad) = read_samples(&text, kind);
        // Every twentieth position is held out.
        let (held, used): (Vec<_>, Vec<_>) = samples
            .into_iter()
            .enumerate()
            .partition(|(k, _)| k % 20 == 0);
        let held: Vec<_> = held.into_iter().map(|(_, s)| s).collect();
        let used: Vec<_> = used.into_iter().map(|(_, s)| s).collect();
        println!(
            "{kind:?}: {} positions for training, {} held out, {bad} unreadable lines",
            used.len(),
            held.len()
        );
        let cfg = TrainConfig {
            hidden: hidden as usize,
            epochs: option("epochs", 30.0) as usize,
            rate: option("rate", 0.1) as f32,
            seed: option("seed", 1.0) as u64,
            cross_entropy: options.iter().any(|o| o == "loss=ce"),
        };
        let net = train(&used, inputs::count(kind), cfg, |epoch, l| {
            if epoch % 5 == 0 || epoch == cfg.epochs {
                println!("  epoch {epoch}: training loss {l:.6}");
            }
        });
        println!(
            "  {kind:?} net: {} hidden, held-out loss {:.6}, {:.0} s",
            cfg.hidden,
            loss(&net, &held),
            started.elapsed().as_secs_f64()
        );
        let path = std::path::Path::new(out).join(file);
        if let Err(e) = std::fs::write(&path, net.to_bytes()) {
            eprintln!("bg_train: {}: {e}", path.display());
            std::process::exit(1);
        }
    }
}
