//! The generated Rust source that holds a game's weights
//! (`src/games/<game>/eval_weights.rs`): one `pub const WEIGHTS` table,
//! one line per weight with its name in a comment, under a header that says
//! where the values came from. [`read`] takes such a file back (the tuner
//! starts from it and the tests check what was written).

use nom::{
    IResult,
    bytes::complete::tag,
    character::complete::{char, digit1, not_line_ending, space0},
    combinator::{all_consuming, opt, recognize},
    sequence::{pair, preceded, terminated, tuple},
};

/// The source text of a weights file for game `game` (`makruk`).
/// `provenance` lines go into the header as they are.
pub fn write(game: &str, names: &[String], values: &[i32], provenance: &[String]) -> String {
    let mut s = String::new();
    s.push_str(&format!(
        "//! {game} evaluation weights, written by `tabula tune {game}` (src/tune/).\n\
         //! Generated: do not edit by hand; rerun the tuner instead\n\
         //! (docs/training.md). The names are the layout in eval.rs.\n//!\n"
    ));
    for line in provenance {
        s.push_str(&format!("//! {line}\n"));
    }
    s.push_str("\n/// One value per weight, in the layout's order.\n");
    s.push_str("#[rustfmt::skip]\n");
    s.push_str(&format!("pub const WEIGHTS: [i32; {}] = [\n", values.len()));
    for (name, v) in names.iter().zip(values) {
        s.push_str(&format!("    {v}, // {name}\n"));
    }
    s.push_str("];\n");
    s
}

fn weight_line(i: &str) -> IResult<&str, (i32, &str)> {
    let (i, (_, digits, _, _, _, name)) = all_consuming(tuple((
        space0,
        recognize(pair(opt(char('-')), digit1)),
        char(','),
        space0,
        tag("// "),
        terminated(not_line_ending, space0),
    )))(i)?;
    match digits.parse() {
        Ok(v) => Ok((i, (v, name.trim()))),
        Err(_) => Err(nom::Err::Error(nom::error::Error::new(
            digits,
            nom::error::ErrorKind::Digit,
        ))),
    }
}

fn table_start(i: &str) -> IResult<&str, &str> {
    preceded(
        tuple((space0, tag("pub const WEIGHTS: [i32; "))),
        terminated(digit1, tag("] = [")),
    )(i)
}

/// The `(name, value)` pairs of a weights file, in order. `Err` says which
/// line is wrong.
pub fn read(text: &str) -> Result<Vec<(String, i32)>, String> {
    let mut lines = text.lines().enumerate();
    let declared: usize = loop {
        let Some((_, line)) = lines.next() else {
            return Err("no 'pub const WEIGHTS: [i32; N] = [' line".to_string());
        };
        if let Ok((_, n)) = table_start(line) {
            break n
                .parse()
                .map_err(|_| format!("table length '{n}' is too large"))?;
        }
    };
    let mut out = Vec::new();
    for (k, line) in lines {
        if line.trim() == "];" {
            if out.len() != declared {
                return Err(format!(
                    "the table declares {declared} weights but lists {}",
                    out.len()
                ));
            }
            return Ok(out);
        }
        match weight_line(line) {
            Ok((_, (v, name))) => out.push((name.to_string(), v)),
            Err(_) => {
                // The line number points at the text; the line itself is
                // not echoed (this floor has no text helpers of its own).
                return Err(format!("line {}: expected '<integer>, // <name>'", k + 1));
            }
        }
    }
    Err("the WEIGHTS table is not closed by '];'".to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn written_weights_read_back() {
        let names = vec!["value.pawn".to_string(), "tempo".to_string()];
        let text = write("toy", &names, &[90, -8], &["from nothing".to_string()]);
        assert!(text.contains("//! from nothing\n"), "{text}");
        assert_eq!(
            read(&text),
            Ok(vec![
                ("value.pawn".to_string(), 90),
                ("tempo".to_string(), -8)
            ])
        );
    }

    #[test]
    fn damaged_files_are_refused() {
        let good = write("toy", &["a".to_string()], &[1], &[]);
        assert!(read("").unwrap_err().contains("no 'pub const"));
        assert!(
            read(&good.replace("1, //", "x, //"))
                .unwrap_err()
                .contains("line")
        );
        assert!(
            read(&good.replace("[i32; 1]", "[i32; 2]"))
                .unwrap_err()
                .contains("declares 2")
        );
        assert!(
            read(&good.replace("];\n", ""))
                .unwrap_err()
                .contains("not closed")
        );
        assert!(read(&good.replace("1, //", "99999999999, //")).is_err());
    }
}
