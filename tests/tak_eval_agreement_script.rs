//! `scripts/tak-eval-agreement.py GAMES.ptn ...` sets a player's own score
//! at chosen plies beside its opponent's and the game's result; bad input
//! (a missing file, an option it does not have, a bad `--plies` or margin,
//! binary junk, no usable game) ends it with one `error:` line, never a
//! traceback. Needs python3, as the CI's client tests do.

mod common;

use common::scripts::{assert_one_error_line, input_file, text};
use std::process::Output;

fn script(args: &[&str]) -> Output {
    common::scripts::run("tak-eval-agreement.py", args)
}

fn ptn_file(name: &str, bytes: &[u8]) -> String {
    input_file("tabula-tak-eval-agreement", name, bytes)
}

/// One record as `tabula match --pgnout` writes it, one move a ply with
/// `comments[ply]` after it (the moves themselves do not matter here),
/// and the referee's comment after the last one.
fn record(first: &str, second: &str, result: &str, comments: &[&str]) -> String {
    let mut moves = String::new();
    for (ply, comment) in comments.iter().enumerate() {
        if ply % 2 == 0 {
            moves.push_str(&format!("{}. ", ply / 2 + 1));
        }
        let square = format!("{}{}", (b'a' + (ply % 6) as u8) as char, ply / 6 % 6 + 1);
        moves.push_str(&format!("{square} {{{comment}}}"));
        moves.push(if ply % 2 == 1 { '\n' } else { ' ' });
    }
    format!(
        "[Event \"tabula match\"]\n[Site \"?\"]\n[Player1 \"{first}\"]\n[Player2 \"{second}\"]\n\
         [Size \"6\"]\n[Komi \"2\"]\n[Result \"{result}\"]\n\n\
         {moves}{{Game over}} {result}\n\n"
    )
}

/// Plies 0-1 from the book, plies 2-9 with a score of +5.00 for each
/// mover (a "+" for the mover, a "-" for the other side: a script that
/// read them instead of the scores from ply 10 on would count wrong),
/// then `tail` from ply 10 on.
fn game(first: &str, second: &str, result: &str, tail: &[&str]) -> String {
    let mut comments = vec!["book", "book"];
    comments.extend(["+5.00/6 0.03s"; 8]);
    comments.extend(tail);
    record(first, second, result, &comments)
}

/// Eight records. From tabula's view at ply 10 (margins 0.3 for tabula,
/// 0.1 for Tiltak; a score on the margin is "="):
/// 1. tabula +0.50 "+", Tiltak -0.40 (+0.40) "+"; tabula wins: 1.
/// 2. Tiltak +0.20 (-0.20) "-", tabula +0.80 "+"; tabula wins: 1.
/// 3. tabula +0.30 "=", Tiltak +0.10 (-0.10) "="; a draw: 0.5.
/// 4. Tiltak +0.50 (-0.50) "-", tabula -1.20 "-"; Tiltak wins: 0.
/// 5. tabula's ply-10 move has no score, its ply-12 one +0.40 "+";
///    Tiltak +0.30 (-0.30) "-"; Tiltak wins: 0.
/// 6. Unfinished; 7. Tiltak against another engine; 8. over at ply 8
///    (finished, but no score from ply 10 on).
fn games() -> String {
    [
        game(
            "tabula",
            "tiltak",
            "R-0",
            &["+0.50/7 0.05s", "-0.40/9 0.10s"],
        ),
        game(
            "tiltak",
            "tabula",
            "0-F",
            &["+0.20/9 0.10s", "+0.80/7 0.05s"],
        ),
        game(
            "tabula",
            "tiltak",
            "1/2-1/2",
            &["+0.30/7 0.05s", "+0.10/9 0.10s"],
        ),
        game(
            "tiltak",
            "tabula",
            "R-0",
            &["+0.50/9 0.10s", "-1.20/7 0.05s"],
        ),
        game(
            "tabula",
            "tiltak",
            "0-R",
            &["0.02s", "+0.30/9 0.10s", "+0.40/7 0.05s", "-0.90/9 0.10s"],
        ),
        game("tabula", "tiltak", "*", &["+0.50/7 0.05s", "-0.40/9 0.10s"]),
        record(
            "tiltak",
            "other",
            "R-0",
            &["book", "book", "+0.10/9 0.10s", "-0.10/5 0.02s"],
        ),
        record(
            "tabula",
            "tiltak",
            "F-0",
            &["book", "book", "+1.00/7 0.05s", "-0.50/9 0.10s"],
        ),
    ]
    .concat()
}

#[test]
fn counts_each_pair_of_opinions_at_the_default_plies() {
    let path = ptn_file("games.ptn", games().as_bytes());
    let out = script(&[&path]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    // Ahead in Tiltak's own eyes (its "-" from tabula's view): games 2, 4
    // and 5 of 5. No game reaches ply 16.
    let expected = "\
tabula: 6 finished games; skipped 1 unfinished, 1 without tabula
margins: tabula 0.3, opponent 0.1
ply 10: 5 games against tiltak (1 without scores); tiltak ahead in its own eyes in 60.0 %
  tabula +  tiltak +  n    1  tabula scores 1.00
  tabula +  tiltak =  n    0
  tabula +  tiltak -  n    2  tabula scores 0.50
  tabula =  tiltak +  n    0
  tabula =  tiltak =  n    1  tabula scores 0.50
  tabula =  tiltak -  n    0
  tabula -  tiltak +  n    0
  tabula -  tiltak =  n    0
  tabula -  tiltak -  n    1  tabula scores 0.00
ply 16: 0 games against tiltak (6 without scores)
ply 24: 0 games against tiltak (6 without scores)
ply 34: 0 games against tiltak (6 without scores)
";
    assert_eq!(text(&out.stdout), expected);
}

#[test]
fn another_player_plies_and_margins() {
    // Tiltak's view at ply 10, margin 0.45 for both: game 1 Tiltak -0.40
    // "=", tabula +0.50 (-0.50) "-", Tiltak 0; game 2 Tiltak +0.20 "=",
    // tabula +0.80 "-", 0; game 3 "=" and "=", 0.5; game 4 +0.50 "+",
    // tabula -1.20 (+1.20) "+", 1; game 5 Tiltak +0.30 "=", tabula (ply
    // 12) +0.40 "=", 1. Against "other" (game 7), no score from ply 10 on.
    let path = ptn_file("tiltak.ptn", games().as_bytes());
    let out = script(&[
        "--player",
        "tiltak",
        "--plies",
        "10",
        "--margin",
        "0.45",
        &path,
        "--opponent-margin=0.45",
    ]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let expected = "\
tiltak: 7 finished games; skipped 1 unfinished, 0 without tiltak
margins: tiltak 0.45, opponent 0.45
ply 10: 0 games against other (1 without scores)
ply 10: 5 games against tabula (1 without scores); tabula ahead in its own eyes in 40.0 %
  tiltak +  tabula +  n    1  tiltak scores 1.00
  tiltak +  tabula =  n    0
  tiltak +  tabula -  n    0
  tiltak =  tabula +  n    0
  tiltak =  tabula =  n    2  tiltak scores 0.75
  tiltak =  tabula -  n    2  tiltak scores 0.00
  tiltak -  tabula +  n    0
  tiltak -  tabula =  n    0
  tiltak -  tabula -  n    0
";
    assert_eq!(text(&out.stdout), expected);
}

#[test]
fn bad_input_ends_with_one_error_line() {
    let good = ptn_file("good.ptn", games().as_bytes());
    let junk = ptn_file("junk.ptn", &[0xff, 0x00, 0xfe, b'\n', 0x80, b'[']);
    let unfinished = ptn_file(
        "unfinished.ptn",
        game("tabula", "tiltak", "*", &["+0.50/7 0.05s", "-0.40/9 0.10s"]).as_bytes(),
    );
    let missing = ptn_file("gone.ptn", b"");
    std::fs::remove_file(&missing).expect("remove");
    let cases: [&[&str]; 16] = [
        &[],
        &[&missing],
        &[&good, &missing],
        &["--player", "tabula"],
        &["--frobnicate", &good],
        &["--help"],
        &[&good, "--player"],
        &["--plies", "10,x", &good],
        &["--plies", "", &good],
        &["--plies=-3", &good],
        &["--margin", "wide", &good],
        &["--opponent-margin", "nan", &good],
        &[&junk],
        &[&unfinished],
        &["--player", "nobody", &good],
        // Finished games, but none with scores from ply 40 on.
        &["--plies", "40", &good],
    ];
    for args in cases {
        assert_one_error_line(args, &script(args));
    }
}
