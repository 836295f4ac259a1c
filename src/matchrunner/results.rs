//! `--results FILE`: a small line-based file of a match's (or a shard's)
//! settings and the outcome of each unit, written as the match runs, which
//! `tabula match-pool` ([`super::pool`]) reads back and pools.
//!
//! ```text
//! # a comment; blank lines are skipped
//! tabula-match-results 1
//! shard 2/4
//! setting game makruk
//! setting engine1.name tabula
//! ...
//! unit 5 places=1,2 points=1 ends=normal
//! unit 6 places=1,1 points=0 ends=adjudication
//! end 2
//! ```
//!
//! `setting` lines hold everything that decides which games are played and
//! how (engines, game, limits, openings, seed, SPRT), not what only differs
//! from machine to machine (`--concurrency`, `--pgnout`, `--results`,
//! `--event`); the shards of one match have the same ones. A `unit` line
//! gives the unit's number in the whole match, each engine's place in it
//! (1 = first; `-` without a seat), the first engine's points per game by
//! the game's own scoring and how each game ended (spaces as `_`). `end N`
//! closes a shard that played its N units; a file without it is a shard
//! still running or stopped. A last line without its newline is one being
//! written and is left out.

use super::args::MatchConfig;
use super::openings::Opening;
use super::shard::Shard;
use super::standings::UnitOutcome;
use std::io::Write;

/// The first line of every results file, then the format's version.
pub const MAGIC: &str = "tabula-match-results";
/// The version this build writes and reads.
pub const FORMAT_VERSION: u32 = 1;

/// The line kinds.
const SHARD_LINE: &str = "shard";
const SETTING_LINE: &str = "setting";
const UNIT_LINE: &str = "unit";
const END_LINE: &str = "end";

/// The fields of a unit line, in their order.
const PLACES_FIELD: &str = "places=";
const POINTS_FIELD: &str = "points=";
const ENDS_FIELD: &str = "ends=";

/// What stands for "none" in a setting or a place.
const NONE_VALUE: &str = "-";

/// The settings the pool reads (the others it only compares).
pub mod keys {
    pub const GAME: &str = "game";
    pub const ENGINES: &str = "engines";
    pub const GAMES: &str = "games";
    pub const TC: &str = "tc";
    pub const OPENINGS: &str = "openings";
    pub const REPEAT: &str = "repeat";
    pub const MATCH_LENGTH: &str = "match-length";
    pub const SPRT: &str = "sprt";

    /// `engine<k>.name`, engines counted from 1.
    pub fn engine_name(k: usize) -> String {
        format!("engine{k}.name")
    }
}

/// FNV-1a, 64 bits: a fingerprint of the openings that is the same on
/// every machine and build.
const FNV_OFFSET: u64 = 0xcbf2_9ce4_8422_2325;
const FNV_PRIME: u64 = 0x0000_0100_0000_01b3;

fn fnv1a(text: &str) -> u64 {
    text.bytes().fold(FNV_OFFSET, |h, b| {
        (h ^ u64::from(b)).wrapping_mul(FNV_PRIME)
    })
}

/// `value` on one line: `\` as `\\`, line breaks as `\n`, `\r`.
fn one_line(value: &str) -> String {
    value
        .replace('\\', "\\\\")
        .replace('\n', "\\n")
        .replace('\r', "\\r")
}

/// Undoes [`one_line`] (a `\` before anything else stays as it is).
pub fn from_one_line(value: &str) -> String {
    let mut out = String::with_capacity(value.len());
    let mut chars = value.chars();
    while let Some(c) = chars.next() {
        if c != '\\' {
            out.push(c);
            continue;
        }
        match chars.next() {
            Some('n') => out.push('\n'),
            Some('r') => out.push('\r'),
            Some('\\') => out.push('\\'),
            Some(other) => {
                out.push('\\');
                out.push(other);
            }
            None => out.push('\\'),
        }
    }
    out
}

fn or_none<T: ToString>(value: Option<T>) -> String {
    value.map_or_else(|| NONE_VALUE.to_string(), |v| v.to_string())
}

/// The openings by content (not by path, which differs between machines):
/// their number and a fingerprint.
fn openings_setting(openings: &[Opening]) -> String {
    let text: String = openings
        .iter()
        .map(|o| {
            format!(
                "{} moves {}\n",
                o.position.as_deref().unwrap_or("startpos"),
                o.moves.join(" ")
            )
        })
        .collect();
    format!("{} {:016x}", openings.len(), fnv1a(&text))
}

/// The settings of `cfg`'s match as `(key, value)` lines, in a fixed order.
pub fn settings(cfg: &MatchConfig, openings: &[Opening]) -> Vec<(String, String)> {
    let mut s: Vec<(String, String)> = vec![
        (keys::GAME.into(), cfg.game.clone()),
        ("players".into(), or_none(cfg.players)),
        (keys::ENGINES.into(), cfg.engines.len().to_string()),
    ];
    for (k, e) in cfg.engines.iter().enumerate() {
        let n = k + 1;
        s.push((keys::engine_name(n), e.name.clone()));
        s.push((format!("engine{n}.command"), format!("{:?}", e.command)));
        s.push((
            format!("engine{n}.proto"),
            e.dialect.map_or("native", |d| d.name()).to_string(),
        ));
        for (name, value) in &e.options {
            s.push((format!("engine{n}.option"), format!("{name}={value}")));
        }
    }
    let sprt = cfg.sprt.map(|p| {
        format!(
            "elo0={},elo1={},alpha={},beta={}",
            p.elo0, p.elo1, p.alpha, p.beta
        )
    });
    s.extend([
        (keys::GAMES.into(), cfg.games.to_string()),
        (keys::TC.into(), cfg.tc.describe()),
        ("timemargin".into(), cfg.time_margin_ms.to_string()),
        ("hang-timeout".into(), cfg.hang_timeout_ms.to_string()),
        (keys::OPENINGS.into(), openings_setting(openings)),
        (keys::REPEAT.into(), yes_no(cfg.repeat).into()),
        ("maxmoves".into(), or_none(cfg.max_moves)),
        ("size".into(), or_none(cfg.size)),
        ("komi".into(), or_none(cfg.komi.as_deref())),
        ("seed".into(), cfg.seed.to_string()),
        (keys::MATCH_LENGTH.into(), or_none(cfg.match_length)),
        (keys::SPRT.into(), or_none(sprt)),
    ]);
    s.into_iter().map(|(k, v)| (k, one_line(&v))).collect()
}

fn yes_no(b: bool) -> &'static str {
    if b { "yes" } else { "no" }
}

/// A unit's line, without its newline.
pub fn unit_line(unit: &UnitOutcome) -> String {
    let places: Vec<String> = unit
        .places
        .iter()
        .map(|p| or_none(p.map(|q| u16::from(q) + 1)))
        .collect();
    let points: Vec<String> = unit.first_points.iter().map(i32::to_string).collect();
    let ends: Vec<String> = unit
        .terminations
        .iter()
        .map(|t| t.replace(' ', "_"))
        .collect();
    format!(
        "{UNIT_LINE} {} {PLACES_FIELD}{} {POINTS_FIELD}{} {ENDS_FIELD}{}",
        unit.number,
        places.join(","),
        points.join(","),
        ends.join(",")
    )
}

/// The results file of a running match.
pub struct ResultsWriter {
    file: std::fs::File,
    path: String,
}

impl ResultsWriter {
    /// Creates (or empties) `path` and writes the header: the format, the
    /// shard and the settings.
    pub fn create(
        path: &str,
        shard: Shard,
        settings: &[(String, String)],
    ) -> Result<ResultsWriter, String> {
        let file = std::fs::File::create(path)
            .map_err(|e| format!("cannot create results file '{path}': {e}"))?;
        let mut writer = ResultsWriter {
            file,
            path: path.to_string(),
        };
        let mut header = format!(
            "# tabula match results (docs/matches.md, \"Results files\"); \
             pool the shards with tabula match-pool\n\
             {MAGIC} {FORMAT_VERSION}\n{SHARD_LINE} {shard}\n"
        );
        for (key, value) in settings {
            header.push_str(&format!("{SETTING_LINE} {key} {value}\n"));
        }
        writer.write(&header)?;
        Ok(writer)
    }

    pub fn path(&self) -> &str {
        &self.path
    }

    /// Appends a finished unit.
    pub fn write_unit(&mut self, unit: &UnitOutcome) -> Result<(), String> {
        self.write(&format!("{}\n", unit_line(unit)))
    }

    /// Closes the shard: it played `units` units.
    pub fn write_end(&mut self, units: usize) -> Result<(), String> {
        self.write(&format!("{END_LINE} {units}\n"))
    }

    /// Each line goes out in one write, so a reader sees whole lines (and
    /// at most one being written).
    fn write(&mut self, text: &str) -> Result<(), String> {
        self.file
            .write_all(text.as_bytes())
            .and_then(|()| self.file.flush())
            .map_err(|e| format!("cannot write results file '{}': {e}", self.path))
    }
}

/// A results file read back.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ResultsFile {
    pub path: String,
    pub shard: Shard,
    pub settings: Vec<(String, String)>,
    pub units: Vec<UnitOutcome>,
    /// `end N`: the shard finished, having played N units.
    pub end: Option<usize>,
}

impl ResultsFile {
    /// The value of setting `key` (the first, for repeated keys).
    pub fn setting(&self, key: &str) -> Result<&str, String> {
        self.settings
            .iter()
            .find(|(k, _)| k == key)
            .map(|(_, v)| v.as_str())
            .ok_or_else(|| format!("{}: no setting '{key}'", self.path))
    }
}

/// A count: digits only.
fn count(text: &str) -> Option<usize> {
    if text.is_empty() || !text.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    text.parse().ok()
}

/// `1,2,-` → places from 0.
fn places(text: &str) -> Option<Vec<Option<u8>>> {
    text.split(',')
        .map(|p| match p {
            NONE_VALUE => Some(None),
            _ => {
                let place: u8 = count(p)?.try_into().ok()?;
                place.checked_sub(1).map(Some)
            }
        })
        .collect()
}

/// `1,-2` → points; empty → none.
fn points(text: &str) -> Option<Vec<i32>> {
    if text.is_empty() {
        return Some(Vec::new());
    }
    text.split(',')
        .map(|p| {
            let digits = p.strip_prefix('-').unwrap_or(p);
            let n = i32::try_from(count(digits)?).ok()?;
            Some(if p.starts_with('-') { -n } else { n })
        })
        .collect()
}

/// `normal,time_forfeit` → terminations; empty → none.
fn terminations(text: &str) -> Option<Vec<String>> {
    if text.is_empty() {
        return Some(Vec::new());
    }
    text.split(',')
        .map(|t| {
            let word = !t.is_empty() && t.bytes().all(|b| b.is_ascii_lowercase() || b == b'_');
            word.then(|| t.replace('_', " "))
        })
        .collect()
}

/// Reads a unit line's fields (after `unit`).
fn unit(fields: &str) -> Option<UnitOutcome> {
    let mut words = fields.split(' ');
    let number = count(words.next()?).filter(|&n| n > 0)?;
    let places = places(words.next()?.strip_prefix(PLACES_FIELD)?)?;
    let first_points = points(words.next()?.strip_prefix(POINTS_FIELD)?)?;
    let terminations = terminations(words.next()?.strip_prefix(ENDS_FIELD)?)?;
    if words.next().is_some() {
        return None;
    }
    Some(UnitOutcome {
        number,
        places,
        first_points,
        terminations,
    })
}

/// The file being read: what came so far.
struct Reading {
    path: String,
    version_seen: bool,
    shard: Option<Shard>,
    settings: Vec<(String, String)>,
    units: Vec<UnitOutcome>,
    end: Option<usize>,
}

impl Reading {
    /// One line that is not blank or a comment.
    fn line(&mut self, line: &str) -> Result<(), String> {
        let (kind, rest) = line.split_once(' ').unwrap_or((line, ""));
        if !self.version_seen {
            return self.version(kind, rest);
        }
        if self.end.is_some() {
            return Err(format!("a line after '{END_LINE}': '{line}'"));
        }
        match kind {
            SHARD_LINE if self.shard.is_none() => {
                self.shard = Some(Shard::parse(rest).map_err(|e| format!("bad shard: {e}"))?);
            }
            SHARD_LINE => return Err("a second 'shard' line".into()),
            _ if self.shard.is_none() => {
                return Err(format!("expected '{SHARD_LINE} I/N', got '{line}'"));
            }
            SETTING_LINE if self.units.is_empty() => {
                let (key, value) = rest.split_once(' ').unwrap_or((rest, ""));
                if key.is_empty() {
                    return Err(format!("a setting without a name: '{line}'"));
                }
                self.settings.push((key.to_string(), value.to_string()));
            }
            SETTING_LINE => return Err("a setting after the first unit".into()),
            UNIT_LINE => self.units.push(unit(rest).ok_or_else(|| {
                format!(
                    "expected 'unit N {PLACES_FIELD}P,P {POINTS_FIELD}X,.. {ENDS_FIELD}T,..', \
                     got '{line}'"
                )
            })?),
            END_LINE => {
                let units = count(rest).ok_or_else(|| format!("expected 'end N', got '{line}'"))?;
                if units != self.units.len() {
                    return Err(format!(
                        "'end {units}' after {} unit lines",
                        self.units.len()
                    ));
                }
                self.end = Some(units);
            }
            _ => return Err(format!("unknown line '{line}'")),
        }
        Ok(())
    }

    /// The first line: `tabula-match-results 1`.
    fn version(&mut self, kind: &str, rest: &str) -> Result<(), String> {
        if kind != MAGIC {
            return Err(format!(
                "not a results file of tabula match (it starts '{MAGIC} {FORMAT_VERSION}')"
            ));
        }
        if rest != FORMAT_VERSION.to_string() {
            return Err(format!(
                "results format '{rest}', this build reads format {FORMAT_VERSION}"
            ));
        }
        self.version_seen = true;
        Ok(())
    }
}

/// Reads a results file's text; errors name `path:line`.
pub fn parse(text: &str, path: &str) -> Result<ResultsFile, String> {
    let mut reading = Reading {
        path: path.to_string(),
        version_seen: false,
        shard: None,
        settings: Vec::new(),
        units: Vec::new(),
        end: None,
    };
    // A last line without its newline is still being written.
    let complete = match text.rfind('\n') {
        Some(k) => text.get(..k).unwrap_or(""),
        None => "",
    };
    for (n, line) in complete.lines().enumerate() {
        let line = line.trim_end_matches('\r');
        if line.trim().is_empty() || line.starts_with('#') {
            continue;
        }
        reading
            .line(line)
            .map_err(|e| format!("{path}:{}: {e}", n + 1))?;
    }
    let Reading {
        path,
        shard,
        settings,
        units,
        end,
        ..
    } = reading;
    let shard = shard.ok_or_else(|| format!("{path}: not a results file (no shard line)"))?;
    Ok(ResultsFile {
        path,
        shard,
        settings,
        units,
        end,
    })
}

/// Reads a results file.
pub fn read(path: &str) -> Result<ResultsFile, String> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| format!("cannot read results file '{path}': {e}"))?;
    parse(&text, path)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn outcome() -> UnitOutcome {
        UnitOutcome {
            number: 7,
            places: vec![Some(1), Some(0), None],
            first_points: vec![-2, 1],
            terminations: vec!["normal".into(), "time forfeit".into()],
        }
    }

    const HEADER: &str = "tabula-match-results 1\nshard 2/3\nsetting game makruk\n";

    #[test]
    fn unit_lines_read_back() {
        let line = unit_line(&outcome());
        assert_eq!(
            line,
            "unit 7 places=2,1,- points=-2,1 ends=normal,time_forfeit"
        );
        let text = format!("# c\n\n{HEADER}{line}\nend 1\n");
        let file = parse(&text, "r.txt").unwrap();
        assert_eq!(file.units, vec![outcome()]);
        assert_eq!(file.end, Some(1));
        assert_eq!(file.shard.to_string(), "2/3");
        assert_eq!(file.setting("game"), Ok("makruk"));
        assert!(file.setting("tc").unwrap_err().contains("no setting 'tc'"));
        let bare = UnitOutcome {
            first_points: Vec::new(),
            terminations: Vec::new(),
            ..outcome()
        };
        let text = format!("{HEADER}{}\n", unit_line(&bare));
        assert_eq!(parse(&text, "r").map(|f| f.units), Ok(vec![bare]));
    }

    #[test]
    fn a_line_being_written_is_left_out() {
        let text = format!("{HEADER}unit 7 places=1,2 points=1 ends=normal\nunit 8 pla");
        let file = parse(&text, "r").unwrap();
        assert_eq!((file.units.len(), file.end), (1, None));
    }

    #[test]
    fn malformed_files_name_the_line() {
        let e = |text: &str| parse(text, "r.txt").unwrap_err();
        assert!(e("hello\n").contains("r.txt:1: not a results file"));
        assert!(e("tabula-match-results 2\n").contains("r.txt:1: results format '2'"));
        assert!(e("tabula-match-results 1\n").contains("no shard line"));
        assert!(e("tabula-match-results 1\nsetting a b\n").contains("r.txt:2: expected 'shard"));
        assert!(e("tabula-match-results 1\nshard 0/2\n").contains("I counts from 1"));
        for bad in [
            "unit x places=1,2 points=1 ends=normal",
            "unit 0 places=1,2 points=1 ends=normal",
            "unit 3 places=0,2 points=1 ends=normal",
            "unit 3 places=1,,2 points=1 ends=normal",
            "unit 3 places=1,999 points=1 ends=normal",
            "unit 3 places=1,2 points=1.5 ends=normal",
            "unit 3 places=1,2 points=--1 ends=normal",
            "unit 3 places=1,2 points=99999999999 ends=normal",
            "unit 3 places=1,2 ends=normal points=1",
            "unit 3 places=1,2 points=1 ends=Normal",
            "unit 3 places=1,2 points=1 ends=normal extra",
            "unit 3 places=1,2 points=1",
            "unit",
        ] {
            let err = e(&format!("{HEADER}{bad}\n"));
            assert!(err.starts_with("r.txt:4: expected 'unit N"), "{bad}: {err}");
        }
        let unit = "unit 3 places=1,2 points=1 ends=normal\n";
        assert!(e(&format!("{HEADER}{unit}end 2\n")).contains("'end 2' after 1 unit lines"));
        assert!(e(&format!("{HEADER}end x\n")).contains("expected 'end N'"));
        assert!(e(&format!("{HEADER}end 0\n{unit}")).contains("r.txt:5: a line after 'end'"));
        assert!(e(&format!("{HEADER}{unit}setting x y\n")).contains("after the first unit"));
        assert!(e(&format!("{HEADER}shard 1/3\n")).contains("a second 'shard' line"));
        assert!(e(&format!("{HEADER}bogus\n")).contains("unknown line 'bogus'"));
        assert!(e(&format!("{HEADER}setting \n")).contains("without a name"));
    }

    #[test]
    fn settings_are_one_line_each_and_fingerprint_the_openings() {
        let argv: Vec<String> = [
            "--engine",
            "tabula",
            "--name",
            "two\nlines",
            "--engine",
            "tabula",
            "--option",
            "Hash=16",
            "--sprt",
            "elo0=0,elo1=5",
            "--shard",
            "1/2",
            "--games",
            "4",
            "--concurrency",
            "2",
        ]
        .iter()
        .map(|s| s.to_string())
        .collect();
        let cfg = crate::matchrunner::args::parse(&argv).unwrap();
        let mut moved = Opening::start();
        moved.moves.push("e3e4".into());
        let s = settings(&cfg, &[Opening::start(), moved.clone()]);
        let value = |key: &str| s.iter().find(|(k, _)| k == key).map(|(_, v)| v.as_str());
        assert_eq!(value("engine1.name"), Some("two\\nlines"));
        assert_eq!(from_one_line("two\\nlines"), "two\nlines");
        assert_eq!(from_one_line(&one_line("a\\b\r\\n")), "a\\b\r\\n");
        assert_eq!(from_one_line("end\\"), "end\\");
        assert_eq!(value("engine2.option"), Some("Hash=16"));
        assert_eq!(value("engine2.command"), Some("[\"tabula\"]"));
        assert_eq!(value("sprt"), Some("elo0=0,elo1=5,alpha=0.05,beta=0.05"));
        assert_eq!(value("repeat"), Some("yes"));
        assert_eq!(value("size"), Some("-"));
        assert!(s.iter().all(|(k, _)| k != "concurrency" && k != "shard"));
        // The same openings from another file (another source) match; other
        // openings do not.
        let mut elsewhere = moved.clone();
        elsewhere.source = "/elsewhere/o.txt:9".into();
        let same = settings(&cfg, &[Opening::start(), elsewhere]);
        let other = settings(&cfg, &[moved, Opening::start()]);
        assert_eq!(s, same);
        assert_ne!(s, other);
        assert!(value("openings").is_some_and(|v| v.starts_with("2 ")));
    }
}
