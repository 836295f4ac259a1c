//! Perft against the oracle table fixtures/perft/makruk.perft.

mod common;

use common::perft;

use tabula::games::Game;
use tabula::games::makruk::Makruk;

/// Depths with more leaves than this are left to the benchmark.
const MAX_LEAVES: u64 = 10_000_000;

#[test]
fn makruk_perft_oracle() {
    let recs = perft::records("makruk.perft");
    assert!(recs.len() >= 5);
    for r in &recs {
        let mut pos = perft::position_of(&Makruk::new(), r, "fen");
        perft::check_record(&mut pos, r, |_, expected| expected > MAX_LEAVES);
    }
}

/// Timing of the deep records: `cargo test --release --test makruk_perft -- --ignored --nocapture`.
#[test]
#[ignore]
fn makruk_perft_timing() {
    for r in &perft::records("makruk.perft") {
        let mut pos = perft::position_of(&Makruk::new(), r, "fen");
        if let Some(&(depth, expected)) = r.perft.last() {
            perft::timed_perft(&mut pos, r, depth, expected);
        }
    }
}
