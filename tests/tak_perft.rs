//! Perft against the oracle table fixtures/perft/tak.perft (convention T0:
//! a finished game has no leaves below it).

use tabula::games::perft_file;
use tabula::games::tak::Tak;
use tabula::games::{Game, GamePosition, MoveNotation};

/// Depths with more leaves than this are skipped (all records of the oracle
/// table fit: 6x6 depth 5 takes under a second with bulk counting).
const MAX_LEAVES: u64 = 2_000_000_000;

fn records() -> Vec<perft_file::PerftRecord> {
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/fixtures/perft/tak.perft"
    ))
    .expect("fixture present");
    perft_file::parse(&text).expect("fixture parses")
}

fn position_of(r: &perft_file::PerftRecord) -> <Tak as Game>::Pos {
    assert_eq!(r.game, "tak");
    assert_eq!(r.notation, "tps");
    let board = r.position.split_whitespace().next().expect("board field");
    let size = board.split('/').count();
    let mut game = Tak::new();
    game.new_game_argument(&size.to_string()).expect("size");
    let mut pos = game.parse_position(&r.position).expect("oracle TPS parses");
    for m in &r.moves {
        let mv = pos
            .parse_move(m, MoveNotation::Native)
            .unwrap_or_else(|e| panic!("{}: oracle move {m}: {e}", r.id));
        pos.play(mv);
    }
    pos
}

#[test]
fn tak_perft_oracle() {
    let recs = records();
    assert!(recs.len() >= 10);
    let mut deepest_per_record = Vec::new();
    for r in &recs {
        let mut pos = position_of(r);
        let mut deepest = 0;
        for &(depth, expected) in &r.perft {
            if expected > MAX_LEAVES {
                continue;
            }
            assert_eq!(pos.perft(depth), expected, "{} depth {depth}", r.id);
            deepest = deepest.max(depth);
        }
        deepest_per_record.push((r.id.clone(), deepest));
    }
    // Every start position is checked to depth 4 at least.
    for (id, d) in deepest_per_record {
        if id.starts_with("TAK-") && id[4..].chars().all(|c| c.is_ascii_digit()) {
            assert!(d >= 4, "{id} checked only to depth {d}");
        }
    }
}

/// Speed of the deepest depth of each record:
/// `cargo test --release --test tak_perft -- --ignored --nocapture`.
#[test]
#[ignore]
fn tak_perft_timing() {
    for r in &records() {
        let mut pos = position_of(r);
        if let Some(&(depth, expected)) = r.perft.last() {
            let t = std::time::Instant::now();
            let n = pos.perft(depth);
            let s = t.elapsed().as_secs_f64();
            println!(
                "{:14} perft {depth}: {n} leaves in {s:.3} s = {:.1} M leaves/s",
                r.id,
                n as f64 / s / 1e6
            );
            assert_eq!(n, expected, "{} depth {depth}", r.id);
        }
    }
}
