//! Perft against the oracle table fixtures/perft/chinesecheckers.perft (a
//! copy of shared/oracles/chinesecheckers.perft, OpenSpiel's convention:
//! distinct (from, to) moves, no game end inside the tree), plus the
//! counts its comments give for the 3-, 4- and 6-player starts and for
//! long jumps. Depths above `MAX_LEAVES` are left to the ignored test.

mod common;

use common::perft;

use tabula::games::chinesecheckers::{ChineseCheckers, ccn};
use tabula::games::perft_file::PerftRecord;
use tabula::games::{Game, GamePosition};

const MAX_LEAVES: u64 = 5_000_000;

/// The record's seat lists as a `ccn`.
fn position_of(game: &ChineseCheckers, r: &PerftRecord) -> <ChineseCheckers as Game>::Pos {
    assert_eq!(r.game, ChineseCheckers::ID, "{}", r.id);
    assert_eq!(r.notation, "seats", "{}", r.id);
    let text = ccn::from_seat_lists(&r.seats, r.to_move.expect("tomove"));
    game.parse_position(&text)
        .unwrap_or_else(|e| panic!("{}: {e}", r.id))
}

#[test]
fn chinesecheckers_perft_oracle() {
    let recs = perft::records("chinesecheckers.perft");
    assert_eq!(recs.len(), 6);
    let game = ChineseCheckers::new();
    for r in &recs {
        let mut pos = position_of(&game, r);
        let ran = perft::check_record(&mut pos, r, |_, expected| expected > MAX_LEAVES);
        assert!(ran >= 3, "{} ran only to depth {ran}", r.id);
    }
}

/// The start positions of the oracle's comment lines.
#[test]
fn start_positions_of_more_players() {
    let cases: [(&str, usize, [u64; 3]); 3] = [
        ("3", 3, [14, 196, 2744]),
        ("4", 4, [14, 199, 2786]),
        ("6", 6, [14, 199, 2828]),
    ];
    for (value, players, counts) in cases {
        let mut game = ChineseCheckers::new();
        game.set_option("Players", value).expect("option");
        let mut pos = game.start_position();
        assert_eq!(tabula::rules::RulesPosition::players(&pos), players);
        for (d, &n) in counts.iter().enumerate() {
            assert_eq!(
                pos.perft(d as u32 + 1),
                n,
                "{players} players depth {}",
                d + 1
            );
        }
    }
}

/// Long jumps (等距跳) from the 2-player start: the oracle's comment gives
/// 14, 196, 5348, 145924, 4645174 (no public oracle).
#[test]
fn long_jump_counts() {
    let mut game = ChineseCheckers::new();
    game.set_option("Long Jumps", "true").expect("option");
    let mut pos = game.start_position();
    for (d, n) in [(1, 14), (2, 196), (3, 5348), (4, 145_924)] {
        assert_eq!(pos.perft(d), n, "long jumps depth {d}");
    }
}

/// The deep records: `cargo test --release --test chinesecheckers_perft --
/// --ignored --nocapture` (also prints leaves/s).
#[test]
#[ignore]
fn chinesecheckers_perft_deep() {
    let game = ChineseCheckers::new();
    for r in &perft::records("chinesecheckers.perft") {
        let mut pos = position_of(&game, r);
        if let Some(&(depth, expected)) = r.perft.last() {
            perft::timed_perft(&mut pos, r, depth, expected);
        }
    }
    let mut long = ChineseCheckers::new();
    long.set_option("Long Jumps", "true").expect("option");
    let mut pos = long.start_position();
    let r = PerftRecord {
        id: "CC2-long".to_string(),
        ..Default::default()
    };
    perft::timed_perft(&mut pos, &r, 5, 4_645_174);
}
