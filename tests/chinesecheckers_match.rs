//! `tabula match --game chinesecheckers --players 3`: three engines (the
//! best-reply search and two greedy baselines), ranks per engine, and a
//! record that reads back and replays to the same end.

mod common;

use common::cli::{assert_usage_error, scratch_path, tabula};
use std::process::Command;

use tabula::games::chinesecheckers::record::parse_records;

#[test]
fn three_player_match_writes_records_that_replay() {
    let path = scratch_path("cc3.ccr");
    let _ = std::fs::remove_file(&path);
    let out = Command::new(env!("CARGO_BIN_EXE_tabula"))
        .args([
            "match",
            "--game",
            "chinesecheckers",
            "--players",
            "3",
            "--engine",
            "tabula",
            "--name",
            "brs",
            "--engine",
            "tabula",
            "--name",
            "greedy",
            "--option",
            "Greedy=true",
            "--engine",
            "tabula",
            "--name",
            "paranoid",
            "--option",
            "MultiSearch=paranoid",
            "--depth",
            "1",
            "--games",
            "1",
            "--maxmoves",
            "120",
            "--pgnout",
        ])
        .arg(&path)
        .output()
        .expect("run tabula match");
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{stdout}\n{stderr}");
    assert!(
        stdout.contains("Finished game 1 (brs vs greedy vs paranoid): "),
        "{stdout}"
    );
    for name in ["brs", "greedy", "paranoid"] {
        assert!(
            stdout.contains(&format!("Ranks of {name}: average ")),
            "{stdout}"
        );
    }
    let text = std::fs::read_to_string(&path).expect("record");
    let _ = std::fs::remove_file(&path);
    let games = parse_records(&text).expect("records read back");
    assert_eq!(games.len(), 1, "{text}");
    let game = &games[0];
    assert_eq!(game.number, 1);
    assert_eq!(game.game.players, 3);
    let names: Vec<&str> = game.seats.iter().map(|(n, _)| n.as_str()).collect();
    assert_eq!(names, ["brs", "greedy", "paranoid"]);
    assert!(game.moves.len() > 30, "{text}");
    let end = game.replay().expect("the moves replay");
    // A game the rules ended replays to the recorded places.
    if text.contains("Termination: normal") {
        let places: Vec<u32> = game.seats.iter().map(|&(_, q)| q).collect();
        let replayed: Vec<u32> = end.places().iter().map(|&q| u32::from(q) + 1).collect();
        assert_eq!(places, replayed, "{text}");
    } else {
        assert!(!end.is_over(), "{text}");
    }
}

#[test]
fn a_record_with_a_bad_move_does_not_replay() {
    let text = "Game: 4\nRules: Players=2, Long Jumps=false, Home Exit Limit=30, Finish Rule=own\n\
                Start: startpos\nSeat 1 N->S: a; place 1; playing\nSeat 2 S->N: b; place 1; playing\n\
                Moves:\n8-17 111-102\n3-17\n";
    let games = parse_records(text).expect("parses");
    assert_eq!(games[0].moves, ["8-17", "111-102", "3-17"]);
    let e = games[0].replay().unwrap_err().to_string();
    assert!(e.contains("move 3 '3-17'"), "{e}");
    assert!(parse_records("Game: x\n").is_err());
    assert!(parse_records("Rules: Players=5\n").is_err());
}

/// `--players` that the game cannot take, or that the engines do not fill,
/// is a usage error (exit 2, one message on stderr, no game played).
#[test]
fn bad_player_counts_are_usage_errors() {
    let cases: [(&[&str], &str); 5] = [
        (
            &["--game", "chinesecheckers", "--players", "5"],
            "Players value '5' is not one of",
        ),
        (
            &["--game", "chinesecheckers", "--players", "x"],
            "--players needs a non-negative number",
        ),
        (
            &["--game", "chinesecheckers", "--players", "0"],
            "Players value '0' is not one of",
        ),
        (
            &["--game", "makruk", "--players", "3", "--engine", "tabula"],
            "makruk has no number of players",
        ),
        (
            &["--game", "chinesecheckers", "--players", "3"],
            "played by 3 players, got 2 --engine flags",
        ),
    ];
    for (flags, needle) in cases {
        let mut args = vec!["match"];
        args.extend_from_slice(flags);
        args.extend([
            "--engine", "tabula", "--engine", "tabula", "--depth", "1", "--games", "1",
        ]);
        assert_usage_error(&args, &tabula(&args), needle);
    }
}
