//! The command line of the sub-commands: bad arguments are usage errors
//! (a message on stderr, exit status 2), never a panic.

mod common;

use common::cli::{assert_usage_error, scratch_path, tabula, text};
use std::ffi::OsString;
use std::os::unix::ffi::OsStringExt;
use std::process::{Command, Output};

fn words(args: &[&str]) -> Vec<OsString> {
    args.iter().map(OsString::from).collect()
}

fn bytes(b: &[u8]) -> OsString {
    OsString::from_vec(b.to_vec())
}

/// Runs `args` and checks a usage error.
fn usage_error(args: &[OsString], needle: &str) {
    assert_usage_error(&args, &tabula(args), needle);
}

#[test]
fn non_utf8_arguments_are_usage_errors() {
    let ff = bytes(b"\xff");
    usage_error(
        std::slice::from_ref(&ff),
        "tabula: argument 1 ('\\xff') is not valid UTF-8",
    );
    usage_error(
        &[OsString::from("bench"), ff.clone()],
        "tabula: argument 2 ('\\xff') is not valid UTF-8",
    );
    usage_error(
        &[
            OsString::from("perft"),
            OsString::from("makruk"),
            bytes(b"\xff\xfe"),
            OsString::from("1"),
        ],
        "argument 3 ('\\xff\\xfe') is not valid UTF-8",
    );
    usage_error(
        &[
            OsString::from("match"),
            OsString::from("--engine"),
            ff,
            OsString::from("--engine"),
            OsString::from("tabula"),
        ],
        "argument 3 ('\\xff') is not valid UTF-8",
    );
}

#[test]
fn bench_takes_at_most_one_game_and_one_unsigned_depth() {
    usage_error(
        &words(&["bench", "makruk", "tak"]),
        "tabula bench: more than one game (makruk and 'tak')",
    );
    usage_error(
        &words(&["bench", "1", "2"]),
        "tabula bench: more than one depth (1 and '2')",
    );
    usage_error(&words(&["bench", "tak", "1", "ogi"]), "more than one game");
    usage_error(
        &words(&["bench", "+1"]),
        "tabula bench: depth '+1' is not a number",
    );
    usage_error(
        &words(&["bench", "-1", "tak"]),
        "depth '-1' is not a number",
    );
    usage_error(&words(&["bench", "1x"]), "depth '1x' is not a number");
    usage_error(
        &words(&["bench", "99999999999"]),
        "depth '99999999999' is too large",
    );
    usage_error(&words(&["bench", "chess"]), "unknown game 'chess'");
    usage_error(
        &words(&["bench", "makruk", "--option"]),
        "--option needs NAME=VALUE",
    );
    usage_error(
        &words(&["bench", "makruk", "--option", "EvalFile"]),
        "bad option 'EvalFile'",
    );
    usage_error(
        &words(&[
            "bench",
            "ogi",
            "1",
            "--option",
            "EvalFile=<none>",
            "--option",
            "Use NNUE=true",
        ]),
        "no network loaded",
    );
    // Either order is still fine.
    for args in [["bench", "tak", "1"], ["bench", "1", "TAK"]] {
        let out = tabula(&words(&args));
        let stdout = text(&out.stdout);
        assert_eq!(
            out.status.code(),
            Some(0),
            "{args:?}: {}",
            text(&out.stderr)
        );
        assert!(stdout.contains("tak: nodes "), "{stdout}");
        assert!(!stdout.contains("makruk"), "{stdout}");
    }
}

#[test]
fn bench_threads_are_a_count_from_one_to_the_maximum() {
    for bad in ["0", "1025", "two", "-2"] {
        usage_error(
            &words(&["bench", "tak", "1", "--threads", bad]),
            &format!("tabula bench: threads '{bad}' is not a number from 1 to 1024"),
        );
    }
    usage_error(
        &words(&["bench", "tak", "--threads"]),
        "tabula bench: --threads needs a number",
    );
    usage_error(
        &words(&["bench", "--threads", "2", "--threads", "2"]),
        "more than one --threads",
    );
    let out = tabula(&words(&["bench", "--threads", "2", "tak", "2"]));
    let stdout = text(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert!(
        stdout.contains("tak: nodes ") && stdout.contains(" threads 2"),
        "{stdout}"
    );
}

#[test]
fn bench_openings_search_the_positions_of_a_suite() {
    let suite = concat!(env!("CARGO_MANIFEST_DIR"), "/fixtures/openings/ogi.txt");
    let out = tabula(&words(&["bench", "ogi", "2", "--openings", suite]));
    let stdout = text(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let searched: Vec<&str> = stdout
        .lines()
        .filter(|l| l.starts_with("ogi nodes"))
        .collect();
    // One search per start of the suite (50), not the 8 bench positions;
    // the first start is `moves 6h5g 3a3b 4f4e 2c2d 5h4f 7b5b 4f5h`.
    assert_eq!(searched.len(), 50, "{stdout}");
    assert!(
        searched[0].ends_with("lnsik1nl/3r1sb1/pppppp1p/6p1/4P3/PPPP1PPP/1B1S2R1/LN1IKSNL w - 8"),
        "{stdout}"
    );
    usage_error(
        &words(&["bench", "--openings", suite]),
        "tabula bench: --openings needs the game it is for",
    );
    usage_error(
        &words(&["bench", "ogi", "--openings"]),
        "tabula bench: --openings needs a file",
    );
    usage_error(
        &words(&["bench", "ogi", "--openings", suite, "--openings", suite]),
        "more than one --openings",
    );
    usage_error(
        &words(&["bench", "ogi", "--openings", "no-such-suite.txt"]),
        "cannot read opening file 'no-such-suite.txt'",
    );
    let bad = scratch_path("bench-bad-suite.txt");
    std::fs::write(&bad, "moves 6h5g\nmoves 9z9z\n").expect("write the suite");
    let bad = bad.to_string_lossy().into_owned();
    usage_error(
        &words(&["bench", "ogi", "1", "--openings", &bad]),
        "bench-bad-suite.txt:2: move 1 '9z9z'",
    );
    usage_error(
        &words(&["bench", "makruk", "1", "--openings", suite]),
        "ogi.txt:5",
    );
}

#[test]
fn perft_depth_is_digits_only_and_extra_words_are_refused() {
    usage_error(
        &words(&["perft", "makruk", "startpos", "+1"]),
        "tabula perft: depth '+1' is not a number",
    );
    usage_error(
        &words(&["perft", "makruk", "startpos", "-1"]),
        "depth '-1' is not a number",
    );
    usage_error(
        &words(&["perft", "makruk", "startpos", "1", "2"]),
        "unexpected argument 'startpos'",
    );
    usage_error(
        &words(&["perft", "makruk", "extra", "startpos", "1"]),
        "unexpected argument 'extra'",
    );
    usage_error(
        &words(&["perft", "makruk", "startpos", "4294967296"]),
        "depth '4294967296' is too large",
    );
    usage_error(&words(&["perft", "makruk", "1"]), "expected <game>");
    let out = tabula(&words(&["perft", "tak", "TakSize=4", "startpos", "1"]));
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert!(text(&out.stdout).contains("Nodes searched: 16"));
}

/// Runs `args` with a stdout whose reading end is already closed.
fn with_closed_stdout(args: &[&str]) -> Output {
    let (reader, writer) = std::io::pipe().expect("pipe");
    drop(reader);
    Command::new(env!("CARGO_BIN_EXE_tabula"))
        .args(args)
        .stdout(writer)
        .stderr(std::process::Stdio::piped())
        .output()
        .expect("run tabula")
}

#[test]
fn a_closed_stdout_ends_quietly_with_status_1() {
    for args in [
        &["help"][..],
        &["perft", "makruk", "startpos", "2"],
        &["bench", "tak", "2"],
        &["match", "--help"],
    ] {
        let out = with_closed_stdout(args);
        let stderr = text(&out.stderr);
        assert!(!stderr.contains("panicked"), "{args:?}: {stderr}");
        assert_eq!(out.status.code(), Some(1), "{args:?}: {stderr}");
    }
}
