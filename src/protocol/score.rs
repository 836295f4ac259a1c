//! The score of an engine's search as its `info` lines report it, kept as
//! a typed value: the GUI side's reading of what the daemon writes with
//! `Speech::format_score`. The tuner's teacher reads the number, the match
//! runner prints it into a record's comment (`+0.35/12`, `-M3/9`). Hub's
//! `info` is read in its own module (`dialects/hub.rs`).

use std::fmt;

/// What a score counts, from the mover's view.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum ScoreValue {
    /// Hundredths of a pawn (UCI family `score cp`), or of a man (Hub's
    /// `score=` in men, rounded to hundredths).
    Centipawns(i64),
    /// Mate in this many moves; negative when the mover is mated.
    Mate(i64),
    /// UBGI's equity in points.
    Equity(f64),
}

/// The last score a search reported, and the depth it came with.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct EngineScore {
    pub value: ScoreValue,
    pub depth: Option<u32>,
}

/// The record's comment form: `+0.35/12`, `-M3/9`, `+0.123/2` (equity),
/// without `/depth` when the engine gave none.
impl fmt::Display for EngineScore {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.value {
            ScoreValue::Centipawns(cp) => write!(f, "{:+.2}", cp as f64 / 100.0)?,
            ScoreValue::Mate(moves) => {
                let sign = if moves < 0 { '-' } else { '+' };
                write!(f, "{sign}M{}", moves.unsigned_abs())?
            }
            ScoreValue::Equity(points) => write!(f, "{points:+.3}")?,
        }
        match self.depth {
            Some(d) => write!(f, "/{d}"),
            None => Ok(()),
        }
    }
}

/// The score of a UCI, USI, TEI or UBGI `info` line: `info depth 12 ...
/// score cp 35`, `score mate -3`, UBGI's `score <equity>`; `None` when the
/// line carries none.
pub fn parse_info_score(line: &str) -> Option<EngineScore> {
    let words: Vec<&str> = line.split_whitespace().collect();
    let depth = words
        .iter()
        .position(|w| *w == "depth")
        .and_then(|k| words.get(k + 1))
        .and_then(|d| d.parse::<u32>().ok());
    let k = words.iter().position(|w| *w == "score")?;
    let kind = *words.get(k + 1)?;
    // UBGI: `score <equity>` in points, no unit word.
    if let Ok(points) = kind.parse::<f64>() {
        return points.is_finite().then_some(EngineScore {
            value: ScoreValue::Equity(points),
            depth,
        });
    }
    let number: i64 = words.get(k + 2)?.parse().ok()?;
    let value = match kind {
        "cp" => ScoreValue::Centipawns(number),
        "mate" => ScoreValue::Mate(number),
        _ => return None,
    };
    Some(EngineScore { value, depth })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn text(score: Option<EngineScore>) -> Option<String> {
        score.map(|s| s.to_string())
    }

    #[test]
    fn info_scores() {
        let line = "info depth 12 seldepth 20 score cp 35 nodes 1 pv e3e4";
        assert_eq!(
            parse_info_score(line),
            Some(EngineScore {
                value: ScoreValue::Centipawns(35),
                depth: Some(12)
            })
        );
        assert_eq!(text(parse_info_score(line)).as_deref(), Some("+0.35/12"));
        assert_eq!(
            text(parse_info_score("info depth 9 score mate -3")).as_deref(),
            Some("-M3/9")
        );
        assert_eq!(
            text(parse_info_score("info score cp -263")).as_deref(),
            Some("-2.63")
        );
        assert_eq!(
            text(parse_info_score("info depth 2 score 0.1234")).as_deref(),
            Some("+0.123/2")
        );
        assert_eq!(parse_info_score("info string hello"), None);
        assert_eq!(parse_info_score("info score cp"), None);
        assert_eq!(parse_info_score("info score lowerbound 3"), None);
    }
}
