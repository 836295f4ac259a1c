//! Perft against the oracle table fixtures/perft/ogi.perft (a copy of
//! shared/oracles/ogi.perft). Every record runs at least to depth 3; depths
//! with more leaves than `MAX_LEAVES` are left to the ignored timing test.

mod common;

use common::perft;

use tabula::games::ogi::Ogi;
use tabula::games::{Game, GamePosition, MoveNotation};

const MAX_LEAVES: u64 = 50_000_000;

#[test]
fn ogi_perft_oracle() {
    let recs = perft::records("ogi.perft");
    assert!(recs.len() >= 4);
    for r in &recs {
        let mut pos = perft::position_of(&Ogi::new(), r, "sfen");
        let ran = perft::check_record(&mut pos, r, |depth, expected| {
            expected > MAX_LEAVES && depth > 3
        });
        assert!(ran >= 3, "{} ran only to depth {ran}", r.id);
    }
}

#[test]
fn ogi_usi_record_is_reached_by_its_moves() {
    let game = Ogi::new();
    let mut pos = game.start_position();
    for m in "5f5e 4c4d 5e5d 4d4e 5d5c+ 4e4f+ P*4e 3a4b".split_whitespace() {
        let mv = pos.parse_move(m, MoveNotation::Native).expect(m);
        pos.play(mv);
    }
    assert_eq!(
        pos.to_notation(),
        "lnsik1nl/1r2s1b1/ppp+P1ppp/8/4P3/PPP1+pPPP/1B4R1/LNSIKSNL b p 9"
    );
    assert_eq!(pos.perft(1), 28);
}

/// The deep records: `cargo test --release --test ogi_perft -- --ignored --nocapture`.
#[test]
#[ignore]
fn ogi_perft_deep() {
    for r in &perft::records("ogi.perft") {
        let mut pos = perft::position_of(&Ogi::new(), r, "sfen");
        for &(depth, expected) in &r.perft {
            if expected > MAX_LEAVES {
                perft::timed_perft(&mut pos, r, depth, expected);
            }
        }
    }
}
