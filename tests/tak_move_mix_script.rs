//! `scripts/tak-move-mix.py GAMES.ptn ...` counts each player's flat, wall,
//! capstone and spread moves by phase; bad input (a missing file, an
//! option it does not have, binary junk) ends it with one `error:` line or
//! an empty count, never a traceback. Needs python3, as the CI's client
//! tests do.

mod common;

use common::scripts::{assert_one_error_line, input_file, text};
use std::process::Output;

fn script(args: &[&str]) -> Output {
    common::scripts::run("tak-move-mix.py", args)
}

fn ptn_file(name: &str, bytes: &[u8]) -> String {
    input_file("tabula-tak-move-mix", name, bytes)
}

#[test]
fn counts_each_players_moves_by_kind() {
    // Plies: a1 (tabula, flat), f6 (tiltak, flat), Cc3 (tabula, cap),
    // Sd4 (tiltak, wall), c3+ (tabula, spread), d4< (tiltak, spread).
    let game = "[Event \"tabula match\"]\n[Player1 \"tabula\"]\n[Player2 \"tiltak\"]\n\
                [Size \"6\"]\n[Result \"R-0\"]\n\n\
                1. a1 {book} f6 {book}\n2. Cc3 {+0.10/5 0.04s} Sd4 {-0.20/9 0.10s}\n\
                3. c3+ {+0.30/5 0.04s} d4< {-0.40/9 0.10s} R-0\n";
    let path = ptn_file("game.ptn", game.as_bytes());
    let out = script(&[&path]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let stdout = text(&out.stdout);
    assert!(
        stdout.contains(
            "tabula       plies 0-39       3 moves  flat 33.3 %  wall  0.0 %  cap 33.3 %  spread 33.3 %"
        ),
        "{stdout}"
    );
    assert!(
        stdout.contains(
            "tiltak       plies 0-39       3 moves  flat 33.3 %  wall 33.3 %  cap  0.0 %  spread 33.3 %"
        ),
        "{stdout}"
    );
}

#[test]
fn phases_set_where_each_count_starts() {
    let game = "[Player1 \"tabula\"]\n[Player2 \"tiltak\"]\n[Result \"R-0\"]\n\n\
                1. a1 {book} f6 {book}\n2. Cc3 {+0.10/5} Sd4 {-0.20/9}\n\
                3. c3+ {+0.30/5} d4< {-0.40/9} R-0\n";
    let path = ptn_file("phases.ptn", game.as_bytes());
    let out = script(&["--phases", "0,2,4", &path]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let stdout = text(&out.stdout);
    for line in [
        "tabula       plies 0-1        1 moves  flat 100.0 %  wall  0.0 %  cap  0.0 %  spread  0.0 %",
        "tabula       plies 2-3        1 moves  flat  0.0 %  wall  0.0 %  cap 100.0 %  spread  0.0 %",
        "tabula       plies 4-         1 moves  flat  0.0 %  wall  0.0 %  cap  0.0 %  spread 100.0 %",
        "tiltak       plies 2-3        1 moves  flat  0.0 %  wall 100.0 %  cap  0.0 %  spread  0.0 %",
    ] {
        assert!(stdout.contains(line), "{line}\n{stdout}");
    }
    assert_eq!(stdout.lines().count(), 6, "{stdout}");
}

#[test]
fn bad_input_ends_with_one_error_line() {
    let missing = ptn_file("gone.ptn", b"");
    std::fs::remove_file(&missing).expect("remove");
    let cases: [&[&str]; 7] = [
        &[&missing],
        &["--help"],
        &[],
        &["--phases"],
        &["--phases", "0,x", &missing],
        &["--phases", "6,12", &missing],
        &["--phases", "0,12,12", &missing],
    ];
    for args in cases {
        assert_one_error_line(args, &script(args));
    }
    // Binary junk holds no record: nothing to count, no traceback.
    let junk = ptn_file("junk.ptn", &[0xff, 0x00, 0xfe, b'\n', 0x80, b'[']);
    let out = script(&[&junk]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(text(&out.stdout).is_empty());
}
