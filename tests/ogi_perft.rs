//! Perft against the oracle table fixtures/perft/ogi.perft (a copy of
//! shared/oracles/ogi.perft). Every record runs at least to depth 3; depths
//! with more leaves than `MAX_LEAVES` are left to the ignored timing test.

use tabula::games::ogi::Ogi;
use tabula::games::perft_file;
use tabula::games::{Game, GamePosition, MoveNotation};

const MAX_LEAVES: u64 = 50_000_000;

fn records() -> Vec<perft_file::PerftRecord> {
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/fixtures/perft/ogi.perft"
    ))
    .expect("fixture present");
    perft_file::parse(&text).expect("fixture parses")
}

fn position_of(r: &perft_file::PerftRecord) -> <Ogi as Game>::Pos {
    assert_eq!(r.game, "ogi");
    assert_eq!(r.notation, "sfen");
    let mut pos = Ogi::new()
        .parse_position(&r.position)
        .unwrap_or_else(|e| panic!("{}: {e}", r.id));
    for m in &r.moves {
        let mv = pos
            .parse_move(m, MoveNotation::Native)
            .expect("oracle move legal");
        pos.play(mv);
    }
    pos
}

#[test]
fn ogi_perft_oracle() {
    let recs = records();
    assert!(recs.len() >= 4);
    for r in &recs {
        let mut pos = position_of(r);
        let mut ran = 0;
        for &(depth, expected) in &r.perft {
            if expected > MAX_LEAVES && depth > 3 {
                continue;
            }
            assert_eq!(pos.perft(depth), expected, "{} depth {depth}", r.id);
            ran = ran.max(depth);
        }
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
    for r in &records() {
        let mut pos = position_of(r);
        for &(depth, expected) in &r.perft {
            if expected <= MAX_LEAVES {
                continue;
            }
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
}
