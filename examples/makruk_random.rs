//! Random games for cross-checking against another engine: prints
//! `fen|moves|fen after|perft 2` lines. Usage: makruk_random <games> <seed>
//! | python3 scripts/makruk-crosscheck.py (compares with Fairy-Stockfish).
use tabula::games::makruk::Makruk;
use tabula::games::{Game, GamePosition, MoveNotation};

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let games: usize = args.get(1).and_then(|s| s.parse().ok()).unwrap_or(10);
    let mut x: u64 = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(1);
    let game = Makruk::new();
    for _ in 0..games {
        let mut pos = game.start_position();
        let start = pos.to_notation();
        let mut moves = Vec::new();
        for ply in 0..400 {
            let list = pos.legal_move_list();
            if list.is_empty() {
                break;
            }
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            let m = list[(x % list.len() as u64) as usize];
            moves.push(pos.format_move(m, MoveNotation::Native));
            pos.play(m);
            if ply % 7 == 0 || ply > 60 {
                let p2 = pos.clone().perft(2);
                println!("{}|{}|{}|{}", start, moves.join(" "), pos.to_notation(), p2);
            }
        }
    }
}
