//! Tak text formats: TPS, PTN moves, PTN files (protocol-spec/tak.md §2, §3, §6).

mod common;

use common::moves::play;
use tabula::games::tak::ptn_file::{self, PtnGame};
use tabula::games::tak::{Position, Tak};
use tabula::games::{Game, GameError, GamePosition, MoveNotation};
use tabula::rules::RulesPosition;

fn game(size: usize) -> Tak {
    let mut g = Tak::new();
    g.new_game_argument(&size.to_string()).unwrap();
    g
}

fn tps(size: usize, text: &str) -> Position {
    game(size)
        .parse_position(text)
        .unwrap_or_else(|e| panic!("{text}: {e}"))
}

const ROUND_TRIP_TPS: &[(usize, &str)] = &[
    (3, "x3/x3/x3 1 1"),
    (6, "x6/x6/x6/x6/x6/x6 1 1"),
    (8, "x8/x8/x8/x8/x8/x8/x8/x8 1 1"),
    (6, "x6/x6/x6/x6/x6/2,x5 2 1"),
    (
        6,
        "x,2,2,22S,2,111S/21S,22C,112,x,1112S,11S/x,2,112212,2,2S,2/x,2,121122,x,1112,211/21C,x,1,2S,21S,x/2S,x,212,1S,12S,1S 1 33",
    ),
    (6, "x6/x4,1S,x/x2,21111S,1C,22122C,x/x6/x6/x6 2 11"),
    (
        6,
        "x6/x6/x6/x3,111222111222111222111222111222111222111222111222111222111222C,x2/x6/x6 2 31",
    ),
    (5, "2,x4/x5/x2,1C,x2/x5/1,x3,2S 1 4"),
    (4, "1,2,1,2/2,1,2,1/1,2,1,2/2,1,2,x 1 9"),
];

#[test]
fn tps_round_trips() {
    for &(size, t) in ROUND_TRIP_TPS {
        let p = tps(size, t);
        assert_eq!(p.to_notation(), t);
    }
    // Unmerged empty squares are read and written merged.
    assert_eq!(
        tps(3, "x,x,x/x3/x,1,x 1 2").to_notation(),
        "x3/x3/x,1,x 1 2"
    );
}

/// (size, TPS, Parse (true) or Illegal (false), part of the message)
const BAD_TPS: &[(usize, &str, bool, &str)] = &[
    (6, "x6/x6/x6/x6/x6/x6 1", true, "expected 3 fields, got 2"),
    (
        6,
        "x6/x6/x6/x6/x6/x6 1 1 x",
        true,
        "expected 3 fields, got 4",
    ),
    (6, "", true, "expected 3 fields, got 0"),
    (
        6,
        "x6/x5/x6/x6/x6/x6 1 1",
        true,
        "row 2 has 5 squares, expected 6",
    ),
    (
        6,
        "x5/x5/x5/x5/x5 1 1",
        false,
        "board is 5x5 but the game is 6x6",
    ),
    (
        6,
        "x6/x6/12X,x5/x6/x6/x6 1 3",
        true,
        "bad square '12X' in row 3",
    ),
    (6, "x6/x6/x6/x6/x6/3,x5 1 3", true, "bad square '3'"),
    (6, "x6/x6/x6/x6/x6/1SS,x5 1 3", true, "bad square"),
    (6, "x6/x6/x6/x6/x6/x0,x6 1 3", true, "bad square 'x0'"),
    (6, "x6/x6/x6/x6/x6/,x6 1 3", true, "bad square ''"),
    (
        6,
        "x6/x6/x6/x6/x6/1C,1C,x4 2 3",
        false,
        "player 1 has 2 capstones, the limit is 1",
    ),
    (
        4,
        "1C,x3/x4/x4/x4 2 3",
        false,
        "player 1 has 1 capstones, the limit is 0",
    ),
    (
        3,
        "1111111111,1,x/x3/x3 2 9",
        false,
        "player 1 has 11 stones, the limit is 10",
    ),
    (
        6,
        "x6/x6/x6/x6/x6/x6 3 1",
        true,
        "player must be 1 or 2, got '3'",
    ),
    (6, "x6/x6/x6/x6/x6/x6 1 0", true, "move number"),
    (6, "x6/x6/x6/x6/x6/x6 1 -2", true, "move number"),
    (
        6,
        "x6/x6/x6/x6/x6/1S,x5 2 1",
        false,
        "walls are not possible at move 1",
    ),
    (
        6,
        "x6/x6/x6/x6/x6/2C,x5 2 1",
        false,
        "capstones are not possible at move 1",
    ),
    (6, "x6/x6/x6/x6/x6/1,x5 2 1", false, "opening rule"),
    (6, "x6/x6/x6/x6/x6/2,2,x4 2 1", false, "opening rule"),
    (6, "x6/x6/x6/x6/x6/2,x5 1 1", false, "must be empty"),
    (
        6,
        "x6/x6/x6/x6/x6/x6/x6 1 1",
        true,
        "row 1 has 6 squares, expected 7",
    ),
    (
        6,
        "x7/x7/x7/x7/x7/x7/x7 1 1",
        false,
        "board is 7x7 but the game is 6x6",
    ),
];

#[test]
fn bad_tps_rejected() {
    for &(size, t, parse, msg) in BAD_TPS {
        match game(size).parse_position(t) {
            Ok(_) => panic!("accepted bad TPS {t}"),
            Err(GameError::Parse(m)) => {
                assert!(parse, "{t}: expected Illegal, got Parse({m})");
                assert!(m.starts_with("bad TPS: ") && m.contains(msg), "{t}: {m}");
            }
            Err(GameError::Illegal(m)) => {
                assert!(!parse, "{t}: expected Parse, got Illegal({m})");
                assert!(m.starts_with("bad TPS: ") && m.contains(msg), "{t}: {m}");
            }
            Err(e @ GameError::Unsupported(_)) => panic!("{t}: a TPS is refused as {e:?}"),
        }
    }
}

#[test]
fn tps_of_finished_games_accepted() {
    let p = tps(3, "1,1,1/2,2,x/x3 2 3");
    assert!(p.outcome().is_some());
    assert!(p.legal_move_list().is_empty());
}

#[test]
fn ptn_moves_round_trip() {
    for &(size, t) in ROUND_TRIP_TPS {
        let p = tps(size, t);
        for mv in p.legal_move_list() {
            let text = p.format_move(mv, MoveNotation::Native);
            assert_eq!(
                p.parse_move(&text, MoveNotation::Native),
                Ok(mv),
                "{t}: {text}"
            );
            assert_eq!(
                p.parse_move(&text, MoveNotation::Uci),
                Ok(mv),
                "{t}: {text}"
            );
        }
    }
}

#[test]
fn ptn_input_forms_are_canonicalised() {
    let mut p = tps(6, "x6/x6/x6/x6/x,211111C,x,1,x,1S/x,2,x4 1 12");
    let cases = [
        ("Fa1", "a1"),
        ("a1'", "a1"),
        ("Sa1!?", "Sa1"),
        ("Sa3\"", "Sa3"),
        ("1d2+", "d2+"),
        ("d2+1", "d2+"),
        ("d2+*", "d2+"),
        ("6b2+1122", "6b2+1122"),
        ("6b2+6", "6b2+"),
        ("2b2>11??", "2b2>11"),
        ("b2<!!", "b2<"),
        ("b2>*''", "b2>"),
        ("3b2-3?!", "3b2-"),
    ];
    for (input, canonical) in cases {
        let mv = p
            .parse_move(input, MoveNotation::Native)
            .unwrap_or_else(|e| panic!("{input}: {e}"));
        assert_eq!(p.format_move(mv, MoveNotation::Native), canonical);
    }
    // The capstone flattens the wall on e1 only alone.
    assert!(p.parse_move("3b2>111", MoveNotation::Native).is_ok());
    assert!(p.parse_move("4b2>1111*", MoveNotation::Native).is_ok());
    assert!(p.parse_move("4b2>1112", MoveNotation::Native).is_err());
    play(&mut p, "4b2>1111*");
    assert_eq!(p.to_notation(), "x6/x6/x6/x6/x,21,1,11,1,11C/x,2,x4 2 12");
}

const NOT_MOVES: &[&str] = &[
    "z1", "c4x", "3c4", "0a1+", "2a1>3", "", "a", "+a1", "a1++", "Xa1", "a1+0", "2a1>11x", "S",
    "10a1+", "a1>-", "fa1", "A1", "a1 b1", "Sa1+", "2a1>1", "a1*+", "a10",
];

#[test]
fn malformed_moves_are_not_moves() {
    let p = tps(6, "x6/x6/x6/x6/x6/2,x5 2 2");
    for &m in NOT_MOVES {
        match p.parse_move(m, MoveNotation::Native) {
            Err(GameError::Parse(s)) => assert_eq!(s, "not a move", "{m}"),
            other => panic!("'{m}': expected not a move, got {other:?}"),
        }
    }
}

#[test]
fn illegal_moves_are_classified() {
    let start = tps(6, "x6/x6/x6/x6/x6/x6 1 1");
    let mid = tps(6, "x6/x6/x6/x6/x2,1S,x3/2,1,2,x3 2 2");
    let small = tps(4, "x4/x4/x4/2,1,x2 1 2");
    let cases: &[(&Position, &str, &str)] = &[
        (&start, "a9", "illegal: off the 6x6 board"),
        (&start, "g1", "illegal: off the 6x6 board"),
        (&start, "7a1+", "illegal: carry limit is 6"),
        (&start, "Sa1", "illegal"),
        (&start, "Ca1", "illegal"),
        (&small, "Ca3", "illegal"),
        (&small, "a1", "illegal"),
        (&mid, "a1", "illegal"),
        (&mid, "b1<", "illegal"),
        (&mid, "c1+", "illegal"),
        (&mid, "b1+", "illegal"),
        (&mid, "2a1+", "illegal"),
        (&mid, "a1-", "illegal: off the 6x6 board"),
        (&mid, "2a1+11", "illegal"),
    ];
    for &(p, m, msg) in cases {
        match p.parse_move(m, MoveNotation::Native) {
            Err(GameError::Illegal(s)) => assert_eq!(s, msg, "{m}"),
            other => panic!("'{m}': expected Illegal({msg}), got {other:?}"),
        }
    }
    let over = tps(3, "1,1,1/2,2,x/x3 2 3");
    assert_eq!(
        over.parse_move("c2", MoveNotation::Native),
        Err(GameError::Illegal(
            "illegal: the game is over (road)".into()
        ))
    );
}

const GAME: &str = r#"[Player1 "tabula"]
[Player2 "tiltak"]
[Size "5"]
[Komi "1.5"]
[Date "2025.01.31"]

1. a5 e1 {opening stones} 2. c3 Cc2' 3. d3 d2! 4. b3 c4 5. e3 b2 6. a3 0-R
"#;

#[test]
fn ptn_file_round_trip() {
    let g = ptn_file::parse(GAME).unwrap();
    assert_eq!(g.tag("Size"), Some("5"));
    assert_eq!(g.config().unwrap().half_komi, 3);
    assert_eq!(g.moves.len(), 11);
    assert_eq!(g.result.as_deref(), Some("0-R"));
    let end = g.replay().unwrap();
    // Player 1 completed the third row with a3: a road.
    assert_eq!(ptn_file::result_of(&end), "R-0");
    let text = g.write();
    assert!(text.contains("e1 {opening stones}"), "{text}");
    let again = ptn_file::parse(&text).unwrap();
    assert_eq!(again, g);
    assert_eq!(again.write(), text);

    // Built from moves: canonical moves, result from the position.
    let start = g.start().unwrap();
    let mut pos = start.clone();
    let mut moves = Vec::new();
    for m in &g.moves {
        let mv = pos.parse_move(m, MoveNotation::Native).unwrap();
        moves.push(mv);
        pos.play(mv);
    }
    let built = PtnGame::from_game(vec![("Player1".into(), "a".into())], &start, &moves, None);
    assert_eq!(built.result.as_deref(), Some("R-0"));
    assert_eq!(built.moves[3], "Cc2");
    let back = ptn_file::parse(&built.write()).unwrap();
    assert_eq!(back, built);
    assert_eq!(back.replay().unwrap().to_notation(), end.to_notation());
}

#[test]
fn ptn_file_with_tps_and_skip() {
    let text = "[Size \"4\"]\n[TPS \"x4/x4/x4/2,1,x2 2 2\"]\n\n2. -- a2 3. a3 b2 1/2-1/2\n";
    let g = ptn_file::parse(text).unwrap();
    assert_eq!(g.moves, vec!["a2", "a3", "b2"]);
    assert_eq!(g.write().lines().last(), Some("3. a3 b2 1/2-1/2"));
    assert!(g.write().contains("2. -- a2"));
    assert!(g.replay().is_ok());
}

#[test]
fn bad_ptn_files_rejected() {
    assert!(ptn_file::parse("1. a1 a2").is_err()); // no Size
    assert!(ptn_file::parse("[Size \"6\"]\n1. a1 q9").is_err());
    assert!(ptn_file::parse("[Size \"6\"\n1. a1").is_err());
    assert!(ptn_file::parse("[Size \"6\"]\n1. a1 R-0 b2").is_err());
    let g = ptn_file::parse("[Size \"9\"]\n1. a1").unwrap();
    assert!(g.replay().is_err());
    let g = ptn_file::parse("[Size \"5\"]\n1. a1 a1").unwrap();
    assert!(matches!(g.replay(), Err(GameError::Illegal(_))));
    assert_eq!(ptn_file::parse_komi("-0.5"), Some(-1));
    assert_eq!(ptn_file::parse_komi("2"), Some(4));
    assert_eq!(ptn_file::parse_komi("2.25"), None);
}
