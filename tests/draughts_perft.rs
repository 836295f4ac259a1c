//! Perft against the oracle table fixtures/perft/draughts.perft (both rule
//! sets: international and Russian).

mod common;

use common::perft;

use tabula::games::Game;
use tabula::games::draughts::{International, Russian};
use tabula::games::perft_file::PerftRecord;

/// Depths with more leaves than this are left to the ignored timing test
/// (the rest take well under a second in the optimised test profile).
const MAX_LEAVES: u64 = 50_000_000;

fn check(r: &PerftRecord, skip: impl Fn(u32, u64) -> bool) -> u32 {
    match r.game.as_str() {
        "international" => {
            let mut pos = perft::position_of(&International::new(), r, "fen");
            perft::check_record(&mut pos, r, skip)
        }
        "russian" => {
            let mut pos = perft::position_of(&Russian::new(), r, "fen");
            perft::check_record(&mut pos, r, skip)
        }
        g => panic!("{}: unknown game {g}", r.id),
    }
}

#[test]
fn draughts_perft_oracle() {
    let recs = perft::records("draughts.perft");
    assert_eq!(recs.len(), 4);
    for r in &recs {
        let deepest = check(r, |_, expected| expected > MAX_LEAVES);
        // Every record is checked to its last depth but the 10x10 start's.
        let last = r.perft.last().map_or(0, |&(d, _)| d);
        assert!(
            deepest + 1 >= last,
            "{} checked only to depth {deepest}",
            r.id
        );
    }
}

/// Every depth, with speed: `cargo test --release --test draughts_perft -- --ignored --nocapture`.
#[test]
#[ignore]
fn draughts_perft_timing() {
    for r in &perft::records("draughts.perft") {
        let Some(&(depth, expected)) = r.perft.last() else {
            continue;
        };
        match r.game.as_str() {
            "international" => {
                let mut pos = perft::position_of(&International::new(), r, "fen");
                perft::timed_perft(&mut pos, r, depth, expected);
            }
            _ => {
                let mut pos = perft::position_of(&Russian::new(), r, "fen");
                perft::timed_perft(&mut pos, r, depth, expected);
            }
        }
    }
}
