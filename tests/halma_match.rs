//! `tabula match --game halma`: two players on 8x8 and four on 10x10, the
//! records read back (protocol-spec/chinesecheckers.md §7's format) and
//! replay to the recorded end.

use std::process::Command;

mod common;

use tabula::games::halma::record::parse_records;

fn run_match(tag: &str, args: &[&str]) -> String {
    let path = common::cli::scratch_path(&format!("halma-{tag}.hmr"));
    let _ = std::fs::remove_file(&path);
    let out = Command::new(env!("CARGO_BIN_EXE_tabula"))
        .args(["match", "--game", "halma"])
        .args(args)
        .args([
            "--depth",
            "1",
            "--games",
            "1",
            "--maxmoves",
            "150",
            "--pgnout",
        ])
        .arg(&path)
        .output()
        .expect("run tabula match");
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{stdout}\n{stderr}");
    let text = std::fs::read_to_string(&path).expect("record");
    let _ = std::fs::remove_file(&path);
    text
}

fn check_replay(text: &str, size: usize, players: usize) {
    let games = parse_records(text).expect("records read back");
    assert_eq!(games.len(), 1, "{text}");
    let game = &games[0];
    assert_eq!(
        (game.game.size, game.game.players),
        (size, players),
        "{text}"
    );
    assert_eq!(game.seats.len(), players);
    assert!(game.moves.len() > 20, "{text}");
    let end = game.replay().expect("the moves replay");
    if text.contains("Termination: normal") {
        let places: Vec<u32> = game.seats.iter().map(|&(_, q)| q).collect();
        let replayed: Vec<u32> = end.places().iter().map(|&q| u32::from(q) + 1).collect();
        assert_eq!(places, replayed, "{text}");
    } else {
        assert!(!end.is_over(), "{text}");
    }
}

#[test]
fn two_players_on_8x8_write_records_that_replay() {
    let text = run_match(
        "2",
        &[
            "--size",
            "8",
            "--engine",
            "tabula",
            "--engine",
            "tabula",
            "--name",
            "greedy",
            "--option",
            "Greedy=true",
        ],
    );
    assert!(
        text.contains("Rules: Board Size=8, Players=2, Finish Rule=filled, Camp Exit Limit=30"),
        "{text}"
    );
    assert!(text.contains("Seat 1 NW->SE: tabula; place "), "{text}");
    check_replay(&text, 8, 2);
}

#[test]
fn four_players_on_10x10_write_records_that_replay() {
    let text = run_match(
        "4",
        &[
            "--size",
            "10",
            "--players",
            "4",
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
            "--engine",
            "tabula",
            "--name",
            "greedy2",
            "--option",
            "Greedy=true",
        ],
    );
    assert!(text.contains("Seat 4 SW->NE: greedy2; place "), "{text}");
    check_replay(&text, 10, 4);
}

#[test]
fn a_bad_size_is_a_usage_error() {
    let out = Command::new(env!("CARGO_BIN_EXE_tabula"))
        .args([
            "match", "--game", "halma", "--size", "12", "--engine", "tabula", "--engine", "tabula",
            "--depth", "1", "--games", "1",
        ])
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(
        stderr.contains("Halma is played on 8, 10 or 16"),
        "{stderr}"
    );
}
