//! Command-line words before any sub-command sees them: UTF-8 checking and
//! the digits-only numbers (`depth`) of `perft` and `bench`.

use nom::{IResult, character::complete::digit1, combinator::all_consuming};
use std::ffi::OsString;

/// How many bytes of a bad argument an error message quotes.
const QUOTED_BYTES: usize = 40;

/// The arguments as text. A non-UTF-8 argument is a usage error naming its
/// position (1-based, after the program name) and its bytes, escaped.
pub fn utf8_args(args: impl IntoIterator<Item = OsString>) -> Result<Vec<String>, String> {
    args.into_iter()
        .enumerate()
        .map(|(k, arg)| {
            arg.into_string().map_err(|bad| {
                let bytes = bad.as_encoded_bytes();
                let shown = &bytes[..bytes.len().min(QUOTED_BYTES)];
                let more = if bytes.len() > QUOTED_BYTES {
                    "..."
                } else {
                    ""
                };
                format!(
                    "argument {} ('{}{more}') is not valid UTF-8",
                    k + 1,
                    shown.escape_ascii()
                )
            })
        })
        .collect()
}

fn digits(i: &str) -> IResult<&str, &str> {
    all_consuming(digit1)(i)
}

/// A depth: ASCII digits only (no sign, no spaces), fitting in a `u32`.
pub fn parse_depth(text: &str) -> Result<u32, String> {
    let Ok((_, d)) = digits(text) else {
        return Err(format!("depth '{text}' is not a number (digits only)"));
    };
    d.parse::<u32>()
        .map_err(|_| format!("depth '{text}' is too large"))
}

/// A count from 1 to `max` (ASCII digits only), named `what` in errors.
pub fn parse_count(text: &str, what: &str, max: usize) -> Result<usize, String> {
    let n = digits(text)
        .ok()
        .filter(|(rest, _)| rest.is_empty())
        .and_then(|(_, d)| d.parse::<usize>().ok());
    match n {
        Some(n) if (1..=max).contains(&n) => Ok(n),
        _ => Err(format!("{what} '{text}' is not a number from 1 to {max}")),
    }
}

/// True when `text` was meant as a number (a digit, possibly after a
/// sign), so that `bench -1` is reported as a bad depth, not a bad game.
pub fn looks_numeric(text: &str) -> bool {
    let unsigned = text.strip_prefix(['+', '-']).unwrap_or(text);
    unsigned.starts_with(|c: char| c.is_ascii_digit())
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::os::unix::ffi::OsStringExt;

    #[test]
    fn non_utf8_arguments_are_named_by_position() {
        let args = vec![
            OsString::from("bench"),
            OsString::from_vec(vec![b'a', 0xff, 0xfe]),
        ];
        assert_eq!(
            utf8_args(args),
            Err("argument 2 ('a\\xff\\xfe') is not valid UTF-8".to_string())
        );
        let long = OsString::from_vec([0xffu8; 100].to_vec());
        assert!(utf8_args(vec![long]).unwrap_err().contains("...') is not"));
        assert_eq!(
            utf8_args(vec![OsString::from("perft")]),
            Ok(vec!["perft".to_string()])
        );
    }

    #[test]
    fn counts_are_digits_within_their_range() {
        assert_eq!(parse_count("2", "threads", 8), Ok(2));
        for bad in ["0", "9", "-1", "2x", "", " 2", "99999999999999999999999"] {
            let e = parse_count(bad, "threads", 8).unwrap_err();
            assert!(e.starts_with("threads '"), "{bad}: {e}");
        }
    }

    #[test]
    fn depths_are_digits_only() {
        assert_eq!(parse_depth("3"), Ok(3));
        assert_eq!(parse_depth("007"), Ok(7));
        for bad in ["+1", "-1", "", " 1", "1 ", "1.0", "x", "٣"] {
            assert!(parse_depth(bad).is_err(), "{bad:?}");
        }
        assert!(parse_depth("4294967296").unwrap_err().contains("too large"));
        assert!(looks_numeric("+1") && looks_numeric("-2") && looks_numeric("12"));
        assert!(!looks_numeric("tak") && !looks_numeric("+") && !looks_numeric(""));
    }
}
