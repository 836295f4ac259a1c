//! Perft against the oracle table fixtures/perft/makruk.perft.

use tabula::games::makruk::Makruk;
use tabula::games::perft_file;
use tabula::games::{Game, GamePosition, MoveNotation};

/// Depths with more leaves than this are left to the benchmark.
const MAX_LEAVES: u64 = 10_000_000;

fn records() -> Vec<perft_file::PerftRecord> {
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/fixtures/perft/makruk.perft"
    ))
    .expect("fixture present");
    perft_file::parse(&text).expect("fixture parses")
}

fn position_of(r: &perft_file::PerftRecord) -> <Makruk as Game>::Pos {
    let game = Makruk::new();
    assert_eq!(r.game, "makruk");
    assert_eq!(r.notation, "fen");
    let mut pos = game.parse_position(&r.position).expect("oracle FEN parses");
    for m in &r.moves {
        let mv = pos
            .parse_move(m, MoveNotation::Native)
            .expect("oracle move legal");
        pos.play(mv);
    }
    pos
}

#[test]
fn makruk_perft_oracle() {
    let recs = records();
    assert!(recs.len() >= 5);
    for r in &recs {
        let mut pos = position_of(r);
        for &(depth, expected) in &r.perft {
            if expected > MAX_LEAVES {
                continue;
            }
            assert_eq!(pos.perft(depth), expected, "{} depth {depth}", r.id);
        }
    }
}

/// Timing of the deep records: `cargo test --release --test makruk_perft -- --ignored --nocapture`.
#[test]
#[ignore]
fn makruk_perft_timing() {
    for r in &records() {
        let mut pos = position_of(r);
        let Some(&(depth, expected)) = r.perft.last() else {
            continue;
        };
        let t = std::time::Instant::now();
        let n = pos.perft(depth);
        let s = t.elapsed().as_secs_f64();
        println!(
            "{:10} perft {depth}: {n} leaves in {s:.3} s = {:.1} M leaves/s",
            r.id,
            n as f64 / s / 1e6
        );
        assert_eq!(n, expected, "{} depth {depth}", r.id);
    }
}
