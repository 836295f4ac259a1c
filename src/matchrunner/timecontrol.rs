//! Time controls of a match, parsed with nom.
//!
//! Grammar of `--tc`: `[moves/]base[+inc]` with `base` and `inc` in seconds
//! (decimals allowed; `base` may also be `m:ss`), e.g. `10+0.1`, `40/60`,
//! `40/1:30+0.5`, `60`. Other limits: `movetime=<ms>`, `depth=<n>`,
//! `nodes=<n>` (also given as `--movetime`, `--depth`, `--nodes`).

use nom::{
    IResult,
    branch::alt,
    bytes::complete::tag,
    character::complete::{char, digit1},
    combinator::{all_consuming, map, map_res, opt, recognize},
    sequence::{pair, preceded, terminated, tuple},
};

/// How long an engine may think per move.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TimeControl {
    /// Real clocks kept by the runner: `base_ms` for the first `moves`
    /// moves (or the whole game when `None`), `inc_ms` added after each move.
    Clock {
        moves: Option<u32>,
        base_ms: u64,
        inc_ms: u64,
    },
    /// A fixed time per move (`go movetime`).
    MoveTime(u64),
    /// A fixed depth per move (`go depth`).
    Depth(u32),
    /// A fixed node count per move (`go nodes`).
    Nodes(u64),
}

impl TimeControl {
    /// The cutechess-style text of the control, for records (`10+0.1`,
    /// `40/60`, `movetime=100`).
    pub fn describe(&self) -> String {
        match *self {
            TimeControl::Clock {
                moves,
                base_ms,
                inc_ms,
            } => {
                let mut s = String::new();
                if let Some(m) = moves {
                    s.push_str(&format!("{m}/"));
                }
                s.push_str(&secs(base_ms));
                if inc_ms > 0 {
                    s.push('+');
                    s.push_str(&secs(inc_ms));
                }
                s
            }
            TimeControl::MoveTime(ms) => format!("movetime={ms}"),
            TimeControl::Depth(d) => format!("depth={d}"),
            TimeControl::Nodes(n) => format!("nodes={n}"),
        }
    }

    /// The PGN `TimeControl` tag value (seconds, `moves/base+inc`), or `-`.
    pub fn pgn_tag(&self) -> String {
        match *self {
            TimeControl::Clock { .. } => self.describe(),
            TimeControl::MoveTime(ms) => format!("{}/move", secs(ms)),
            _ => "-".to_string(),
        }
    }
}

fn secs(ms: u64) -> String {
    if ms.is_multiple_of(1000) {
        format!("{}", ms / 1000)
    } else {
        let s = format!("{}.{:03}", ms / 1000, ms % 1000);
        s.trim_end_matches('0').to_string()
    }
}

/// Seconds with an optional decimal fraction, as milliseconds (rounded down
/// below 1 ms).
fn seconds(i: &str) -> IResult<&str, u64> {
    map_res(
        recognize(pair(digit1, opt(pair(char('.'), digit1)))),
        |s: &str| -> Result<u64, String> {
            let v: f64 = s.parse().map_err(|_| format!("bad number {s}"))?;
            if !(0.0..=1e9).contains(&v) {
                return Err(format!("{s} out of range"));
            }
            Ok((v * 1000.0).round() as u64)
        },
    )(i)
}

/// `m:ss` or seconds.
fn base(i: &str) -> IResult<&str, u64> {
    alt((
        map_res(tuple((number::<u64>, char(':'), seconds)), |(m, _, s)| {
            m.checked_mul(60_000)
                .and_then(|ms| ms.checked_add(s))
                .ok_or("minutes out of range")
        }),
        seconds,
    ))(i)
}

fn number<T: std::str::FromStr>(i: &str) -> IResult<&str, T> {
    map_res(digit1, |s: &str| s.parse::<T>())(i)
}

fn clock(i: &str) -> IResult<&str, TimeControl> {
    map(
        tuple((
            opt(terminated(number::<u32>, char('/'))),
            base,
            opt(preceded(char('+'), seconds)),
        )),
        |(moves, base_ms, inc)| TimeControl::Clock {
            moves,
            base_ms,
            inc_ms: inc.unwrap_or(0),
        },
    )(i)
}

fn keyed(i: &str) -> IResult<&str, TimeControl> {
    alt((
        map(
            preceded(tag("movetime="), number::<u64>),
            TimeControl::MoveTime,
        ),
        map(preceded(tag("depth="), number::<u32>), TimeControl::Depth),
        map(preceded(tag("nodes="), number::<u64>), TimeControl::Nodes),
    ))(i)
}

/// Parses a `--tc` value.
pub fn parse(text: &str) -> Result<TimeControl, String> {
    let t = text.trim();
    let (_, tc) = all_consuming(alt((keyed, clock)))(t).map_err(|_| {
        format!(
            "bad time control '{t}': expected [moves/]base[+inc] in seconds (10+0.1, 40/60), \
             movetime=<ms>, depth=<n> or nodes=<n>"
        )
    })?;
    match tc {
        TimeControl::Clock { moves: Some(0), .. } => Err(format!(
            "bad time control '{t}': moves per period must be at least 1"
        )),
        TimeControl::Clock {
            base_ms: 0,
            inc_ms: 0,
            ..
        } => Err(format!("bad time control '{t}': no time at all")),
        TimeControl::Depth(0) | TimeControl::Nodes(0) | TimeControl::MoveTime(0) => Err(format!(
            "bad time control '{t}': the limit must be at least 1"
        )),
        tc => Ok(tc),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clocks() {
        assert_eq!(
            parse("10+0.1"),
            Ok(TimeControl::Clock {
                moves: None,
                base_ms: 10_000,
                inc_ms: 100
            })
        );
        assert_eq!(
            parse("40/60"),
            Ok(TimeControl::Clock {
                moves: Some(40),
                base_ms: 60_000,
                inc_ms: 0
            })
        );
        assert_eq!(
            parse("40/1:30+0.5"),
            Ok(TimeControl::Clock {
                moves: Some(40),
                base_ms: 90_000,
                inc_ms: 500
            })
        );
        assert_eq!(
            parse("0.5+0.01"),
            Ok(TimeControl::Clock {
                moves: None,
                base_ms: 500,
                inc_ms: 10
            })
        );
        assert_eq!(parse("10+0.1").unwrap().describe(), "10+0.1");
        assert_eq!(parse("40/1:30+0.5").unwrap().describe(), "40/90+0.5");
    }

    #[test]
    fn fixed_limits() {
        assert_eq!(parse("movetime=250"), Ok(TimeControl::MoveTime(250)));
        assert_eq!(parse("depth=3"), Ok(TimeControl::Depth(3)));
        assert_eq!(parse("nodes=2000"), Ok(TimeControl::Nodes(2000)));
    }

    #[test]
    fn rejected() {
        for bad in [
            "",
            "+1",
            "10+",
            "10+x",
            "abc",
            "10 + 1",
            "0/10",
            "0",
            "depth=0",
            "depth=x",
            "movetime=",
            "10+0.1junk",
            "-5",
            "99999999999999999:0",
        ] {
            let r = parse(bad);
            assert!(r.is_err(), "{bad:?} accepted: {r:?}");
        }
        assert!(parse("10+x").unwrap_err().contains("'10+x'"));
    }
}
