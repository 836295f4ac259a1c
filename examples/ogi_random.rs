//! Random Ōgi playouts for cross-checking with Fairy-Stockfish (pyffish):
//! prints one `fen|sfen|moves` line per sampled position, `moves` being the
//! sorted legal moves in UCI notation (`b2b3`, `d5d6+`, `P@e4`), `fen` in
//! Fairy-Stockfish's form. Usage:
//!   ogi_random <games> <seed>          random playouts
//!   ogi_random moves <sfen or fen>     one position
//!   ogi_random perft <depth> [<sfen>]  perft with timing (default: start)
//!   ogi_random bench [<depth>]         search the bench positions
//!   ogi_random selfplay [<depth>]      a fixed-depth self-played game
//! See scripts/ogi-crosscheck.py.
use tabula::games::ogi::{Ogi, Position};
use tabula::games::{Game, GamePosition, MoveNotation, pv_formatter};
use tabula::rules::RulesPosition;

fn line(pos: &Position) -> String {
    let mut moves: Vec<String> = pos
        .legal_move_list()
        .into_iter()
        .map(|m| pos.format_move(m, MoveNotation::Uci))
        .collect();
    moves.sort();
    format!("{}|{}|{}", pos.to_fen(), pos.to_notation(), moves.join(" "))
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let game = Ogi::new();
    if args.get(1).map(String::as_str) == Some("moves") {
        let text = args[2..].join(" ");
        match game.parse_position(&text) {
            Ok(p) => println!("{}", line(&p)),
            Err(e) => eprintln!("{e}"),
        }
        return;
    }
    if args.get(1).map(String::as_str) == Some("perft") {
        let depth: u32 = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(5);
        let text = args.get(3..).map(|a| a.join(" ")).unwrap_or_default();
        let pos = if text.is_empty() {
            Ok(game.start_position())
        } else {
            game.parse_position(&text)
        };
        match pos {
            Ok(mut p) => {
                let t = std::time::Instant::now();
                let n = p.perft(depth);
                let s = t.elapsed().as_secs_f64();
                println!(
                    "perft {depth}: {n} leaves in {s:.3} s = {:.1} M leaves/s",
                    n as f64 / s / 1e6
                );
            }
            Err(e) => eprintln!("{e}"),
        }
        return;
    }
    if args.get(1).map(String::as_str) == Some("selfplay") {
        selfplay(&game, args.get(2).and_then(|s| s.parse().ok()).unwrap_or(6));
        return;
    }
    if args.get(1).map(String::as_str) == Some("bench") {
        let depth: u32 = args
            .get(2)
            .and_then(|s| s.parse().ok())
            .unwrap_or(game.bench_depth());
        bench(&game, depth);
        return;
    }
    let games: usize = args.get(1).and_then(|s| s.parse().ok()).unwrap_or(10);
    let mut x: u64 = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(1).max(1);
    for _ in 0..games {
        let mut pos = game.start_position();
        for _ply in 0..300 {
            let list = pos.legal_move_list();
            println!("{}", line(&pos));
            if list.is_empty() {
                break;
            }
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            // Prefer board moves a little so that captures fill the hands.
            let caps: Vec<_> = list
                .iter()
                .copied()
                .filter(|m| !pos.format_move(*m, MoveNotation::Uci).contains('@'))
                .collect();
            let m = if x.is_multiple_of(3) && !caps.is_empty() {
                caps[(x / 3 % caps.len() as u64) as usize]
            } else {
                list[(x % list.len() as u64) as usize]
            };
            pos.play(m);
        }
    }
}

fn bench(game: &Ogi, depth: u32) {
    use std::sync::atomic::AtomicBool;
    use tabula::search::{Job, SearchLimits, SearchSettings, Searcher};
    let t = std::time::Instant::now();
    let mut total = 0;
    for s in game.bench_positions() {
        let Ok(p) = game.parse_position(&s) else {
            continue;
        };
        let mut searcher = Searcher::new(16);
        let job = Job {
            position: p,
            limits: SearchLimits {
                depth: Some(depth),
                ..Default::default()
            },
            settings: SearchSettings::default(),
            searchmoves: Vec::new(),
            formatter: pv_formatter(MoveNotation::Native),
        };
        let t0 = std::time::Instant::now();
        let mut nodes = 0;
        let r = searcher.run(job, &AtomicBool::new(false), &mut |e| {
            if let tabula::search::SearchEvent::Info(i) = e {
                nodes = i.nodes;
            }
        });
        total += nodes;
        println!(
            "{s}: {:?} {:?} {nodes} nodes {:.2} s",
            r.best,
            r.score,
            t0.elapsed().as_secs_f64()
        );
    }
    let secs = t.elapsed().as_secs_f64();
    println!(
        "total {total} nodes in {secs:.2} s = {:.0} nps",
        total as f64 / secs
    );
}

fn selfplay(game: &Ogi, depth: u32) {
    use std::sync::Arc;
    use std::sync::atomic::AtomicBool;
    use tabula::search::{Job, SearchLimits, SearchSettings, Searcher};
    let mut pos = game.start_position();
    let mut searcher = Searcher::new(16);
    for ply in 0..200 {
        if let Some(o) = pos.outcome() {
            println!("{o:?}");
            break;
        }
        let job = Job {
            position: pos.clone(),
            limits: SearchLimits {
                depth: Some(depth),
                ..Default::default()
            },
            settings: SearchSettings::default(),
            searchmoves: Vec::new(),
            formatter: Arc::new(|_: &Position, _: &[_]| Vec::new()),
        };
        let r = searcher.run(job, &AtomicBool::new(false), &mut |_| {});
        let Some(m) = r.best else { break };
        println!(
            "{ply} {} {:?} {}",
            pos.format_move(m, MoveNotation::Native),
            r.score,
            pos.to_notation()
        );
        pos.play(m);
    }
}
