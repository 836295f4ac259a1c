//! The command line of the sub-commands: bad arguments are usage errors
//! (a message on stderr, exit status 2), never a panic.

use std::ffi::OsString;
use std::os::unix::ffi::OsStringExt;
use std::process::{Command, Output};

fn tabula(args: &[OsString]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_tabula"))
        .args(args)
        .output()
        .expect("run tabula")
}

fn words(args: &[&str]) -> Vec<OsString> {
    args.iter().map(OsString::from).collect()
}

fn bytes(b: &[u8]) -> OsString {
    OsString::from_vec(b.to_vec())
}

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

/// Runs `args` and checks: exit status 2, `needle` on stderr, no panic,
/// nothing on stdout.
fn usage_error(args: &[OsString], needle: &str) {
    let out = tabula(args);
    let stderr = text(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{args:?}: {stderr}");
    assert!(stderr.contains(needle), "{args:?}: {stderr}");
    assert!(!stderr.contains("panicked"), "{args:?}: {stderr}");
    assert!(out.stdout.is_empty(), "{args:?}: {}", text(&out.stdout));
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
