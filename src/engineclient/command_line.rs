//! The words of an engine's command line and its `Name=Value` options, as
//! the user types them after `--engine`, `--option`, `--teacher` and
//! `--teacher-option`; read with nom.

use nom::{
    IResult,
    branch::alt,
    bytes::complete::{take_till, take_till1, take_while1},
    character::complete::{char, multispace0, multispace1},
    combinator::{all_consuming, map, rest},
    multi::{many1, separated_list1},
    sequence::{delimited, separated_pair, terminated},
};

fn word(i: &str) -> IResult<&str, String> {
    map(
        many1(alt((
            delimited(char('\''), take_till(|c| c == '\''), char('\'')),
            delimited(char('"'), take_till(|c| c == '"'), char('"')),
            take_while1(|c: char| !c.is_whitespace() && c != '\'' && c != '"'),
        ))),
        |parts: Vec<&str>| parts.concat(),
    )(i)
}

/// Splits an engine command line into words (single and double quotes
/// group words, as in a shell; no escapes, no variables).
pub fn split_command(text: &str) -> Result<Vec<String>, String> {
    all_consuming(delimited(
        multispace0,
        separated_list1(multispace1, word),
        multispace0,
    ))(text)
    .map(|(_, w)| w)
    .map_err(|_| format!("cannot read engine command '{text}' (unbalanced quotes or empty)"))
}

/// `Name=Value` (the name may contain spaces; the value may be empty).
pub fn parse_option(text: &str) -> Result<(String, String), String> {
    let r: IResult<&str, (&str, &str)> = all_consuming(separated_pair(
        terminated(take_till1(|c| c == '='), multispace0),
        char('='),
        rest,
    ))(text);
    match r {
        Ok((_, (n, v))) if !n.trim().is_empty() => Ok((n.trim().to_string(), v.trim().to_string())),
        _ => Err(format!(
            "bad option '{text}': expected NAME=VALUE, e.g. Hash=64"
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn command_split() {
        assert_eq!(
            split_command(r#" sh -c 'echo "hi" there'  x"y z" "#).unwrap(),
            vec!["sh", "-c", "echo \"hi\" there", "xy z"]
        );
        assert!(split_command("   ").is_err());
    }
}
