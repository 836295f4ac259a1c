//! Random Ōgi playouts for cross-checking with Fairy-Stockfish (pyffish):
//! prints one `fen|sfen|moves` line per sampled position, `moves` being the
//! sorted legal moves in UCI notation (`b2b3`, `d5d6+`, `P@e4`), `fen` in
//! Fairy-Stockfish's form. Usage:
//!   ogi_random <games> <seed>          random playouts
//!   ogi_random moves <sfen or fen>     one position
//! See scripts/ogi-crosscheck.py.
use tabula::games::ogi::{Ogi, Position};
use tabula::games::{Game, GamePosition, MoveNotation};

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
            // Prefer captures a little so that hands fill up.
            let caps: Vec<_> = list
                .iter()
                .copied()
                .filter(|m| pos.format_move(*m, MoveNotation::Uci).contains('@') == false)
                .collect();
            let m = if x % 3 == 0 && !caps.is_empty() {
                caps[(x / 3 % caps.len() as u64) as usize]
            } else {
                list[(x % list.len() as u64) as usize]
            };
            pos.play(m);
        }
    }
}
