//! `scripts/make-openings-tak.py --extend SUITE size count [seed]` extends
//! a suite's lines with random plies; bad arguments (a missing suite, a
//! suite without lines, a size that is not a number) end it with one
//! `error:` line before any engine starts. Needs python3, as the CI's
//! client tests do.

mod common;

use common::scripts::{assert_one_error_line, input_file};

#[test]
fn bad_arguments_end_with_one_error_line() {
    let missing = input_file("tabula-make-openings-tak", "gone.txt", b"");
    std::fs::remove_file(&missing).expect("remove");
    let empty = input_file(
        "tabula-make-openings-tak",
        "empty.txt",
        b"# comments only\n\xff\x00junk\n",
    );
    let cases: [&[&str]; 4] = [
        &["--extend", &missing, "6", "10"],
        &["--extend", &empty, "6", "10"],
        &["--extend", "fixtures/openings/tak6.txt", "six", "10"],
        &["--random", "6", "many"],
    ];
    for args in cases {
        assert_one_error_line(args, &common::scripts::run("make-openings-tak.py", args));
    }
}
