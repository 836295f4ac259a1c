//! `scripts/tak-gauntlet.py BEFORE.ptn AFTER.ptn` compares two builds'
//! runs against one opponent, opening by opening; bad input (missing
//! files, binary junk, records without a paired opening) ends it with one
//! `error:` line instead of a traceback. Needs python3, as the CI's client
//! tests do.

mod common;

use common::scripts::{assert_one_error_line, input_file, text};
use std::process::Output;

fn script(args: &[&str]) -> Output {
    common::scripts::run("tak-gauntlet.py", args)
}

fn ptn_file(name: &str, bytes: &[u8]) -> String {
    input_file("tabula-tak-gauntlet", name, bytes)
}

/// One record as `tabula match --pgnout` writes it: a two-ply book
/// opening, then one move each with a timed comment.
fn record(first: &str, second: &str, opening: &str, result: &str) -> String {
    format!(
        "[Event \"tabula match\"]\n[Player1 \"{first}\"]\n[Player2 \"{second}\"]\n\
         [Size \"6\"]\n[Result \"{result}\"]\n\n\
         1. {opening} {{book}} f6 {{book}}\n2. c3 {{+0.10/5 0.04s}} d4 {{-0.20/9 0.10s}} {result}\n\n"
    )
}

/// The script's output for two runs, each given as its records; it must
/// succeed.
fn compare(name: &str, before: &[String], after: &[String]) -> String {
    let a = ptn_file(&format!("{name}-before.ptn"), before.concat().as_bytes());
    let b = ptn_file(&format!("{name}-after.ptn"), after.concat().as_bytes());
    let out = script(&[&a, &b]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    text(&out.stdout)
}

#[test]
fn pairs_the_two_runs_by_opening_and_colour() {
    // Opening a1: before, tabula won with the first move and lost with the
    // second; after, it won both. Opening b1: drawn both ways in both runs.
    // Opening c1 is in the first run only, and never finished by tabula.
    let before = [
        record("tabula", "tiltak", "a1", "R-0"),
        record("tiltak", "tabula", "a1", "R-0"),
        record("tabula", "tiltak", "b1", "1/2-1/2"),
        record("tiltak", "tabula", "b1", "1/2-1/2"),
        // Unfinished, and a game tabula did not play: both left out.
        record("tabula", "tiltak", "c1", "*"),
        record("tiltak", "other", "c1", "R-0"),
    ];
    let after = [
        record("tabula", "tiltak", "a1", "F-0"),
        record("tiltak", "tabula", "a1", "0-R"),
        record("tabula", "tiltak", "b1", "1/2-1/2"),
        record("tiltak", "tabula", "b1", "1/2-1/2"),
    ];
    let stdout = compare("by-opening", &before, &after);
    assert!(stdout.contains("4 games, tabula 50.0 %"), "{stdout}");
    assert!(stdout.contains("4 games, tabula 75.0 %"), "{stdout}");
    // Each game: 0.04 s for the first player, 0.10 s for the second, so
    // 0.07 s a game on average for both names.
    assert!(stdout.contains("tabula 0.07 s, tiltak 0.07 s"), "{stdout}");
    // Differences +1 and 0 per opening (two games): +25 % a game, and a
    // 95 % interval of +-1.96 x 0.707 / sqrt(2) / 2.
    assert!(
        stdout.contains(
            "paired over 2 openings: after - before +25.0 % a game, 95 % interval [-24.0, +74.0]"
        ),
        "{stdout}"
    );
}

#[test]
fn a_suite_played_twice_pairs_its_games_in_order() {
    // Opening a1 twice with each colour. Before: both first passes lost,
    // both second passes won. After: the first pass won twice, the second
    // lost twice. Paired in order the differences are +2 and -2; keyed by
    // opening alone (the last game kept) they would be 0 and 2 games.
    let before = [
        record("tabula", "tiltak", "a1", "0-R"),
        record("tiltak", "tabula", "a1", "R-0"),
        record("tabula", "tiltak", "a1", "R-0"),
        record("tiltak", "tabula", "a1", "0-R"),
    ];
    let after = [
        record("tabula", "tiltak", "a1", "R-0"),
        record("tiltak", "tabula", "a1", "0-F"),
        record("tabula", "tiltak", "a1", "0-F"),
        record("tiltak", "tabula", "a1", "F-0"),
    ];
    let stdout = compare("twice", &before, &after);
    assert!(stdout.contains("4 games, tabula 50.0 %"), "{stdout}");
    // Mean 0, standard deviation 2.83 over two samples: 95 % interval
    // +-1.96 x 2.83 / sqrt(2) / 2 a game.
    assert!(
        stdout.contains(
            "paired over 2 openings: after - before +0.0 % a game, 95 % interval [-196.0, +196.0]"
        ),
        "{stdout}"
    );
}

#[test]
fn bad_input_ends_with_one_error_line() {
    let junk = ptn_file("junk.ptn", &[0xff, 0x00, 0xfe, b'\n', 0x80, b'[']);
    let one = ptn_file(
        "one.ptn",
        record("tabula", "tiltak", "a1", "R-0").as_bytes(),
    );
    let missing = ptn_file("gone.ptn", b"");
    std::fs::remove_file(&missing).expect("remove");
    let cases: [&[&str]; 5] = [
        &[&missing, &one],
        &[&junk, &junk],
        &[&one, &one],
        &[&one],
        &["--player"],
    ];
    for args in cases {
        assert_one_error_line(args, &script(args));
    }
}
