//! `scripts/sprt-check.py LOG...` adds up the pentanomial lines of match
//! logs; bad input (unreadable logs, malformed lines, binary junk, bad
//! numbers) ends it with one `error:` line instead of a traceback.
//! Needs python3, as the CI's client tests do.

mod common;

use common::scripts::{assert_one_error_line, input_file, text};
use std::process::Output;

fn script(args: &[&str]) -> Output {
    common::scripts::run("sprt-check.py", args)
}

fn log_file(name: &str, bytes: &[u8]) -> String {
    input_file("tabula-sprt-check", name, bytes)
}

#[test]
fn sums_the_last_pentanomial_line_of_each_log() {
    let a = log_file(
        "a.log",
        b"Ptnml(0-2): 1, 1, 1, 1, 1\nScore of new vs old: 1 - 1 - 0\nPtnml(0-2): 10, 5, 30, 5, 20\n",
    );
    let b = log_file("b.log", b"Ptnml(0-2): 2, 0, 10, 0, 8\n");
    let out = script(&[&a, &b]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let stdout = text(&out.stdout);
    let sum = stdout.lines().last().unwrap_or("");
    assert!(
        sum.starts_with("sum: [12, 5, 40, 5, 28] over 90 pairs"),
        "{stdout}"
    );
    assert!(sum.contains("elo0=0 elo1=10"), "{sum}");
}

#[test]
fn bad_input_ends_with_one_error_line() {
    let junk = log_file("junk.log", &[0xff, 0x00, 0xfe, b'\n', 0x80]);
    let malformed = log_file("malformed.log", b"Ptnml(0-2): 1, 2, x\n");
    let good = log_file("good.log", b"Ptnml(0-2): 1, 2, 3, 4, 5\n");
    let missing = log_file("gone.log", b"");
    std::fs::remove_file(&missing).expect("remove");
    let cases: [&[&str]; 6] = [
        &[&missing],
        &[&malformed],
        &[&junk],
        &["--elo0", "abc", &good],
        &["--elo1", "nan", &good],
        &[&good, "--elo1"],
    ];
    for args in cases {
        assert_one_error_line(args, &script(args));
    }
}

#[test]
fn a_log_without_a_finished_pair_is_left_out() {
    let empty = log_file("starting.log", b"Finished game 1 (new vs old): 1-0\n");
    let good = log_file("good2.log", b"Ptnml(0-2): 0, 0, 4, 0, 6\n");
    let out = script(&[&empty, &good]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(text(&out.stderr).contains("no finished pair yet, left out"));
    assert!(text(&out.stdout).contains("sum: [0, 0, 4, 0, 6] over 10 pairs"));
}
