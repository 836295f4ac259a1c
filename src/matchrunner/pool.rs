//! `tabula match-pool FILE...`: the shards of one match pooled.
//!
//! Each file is a shard's `--results` file ([`super::results`]). The pool
//! refuses files of different matches (their settings differ), of
//! different splits (another N) and a shard given twice; it checks that
//! every unit belongs to its shard's slice. It then counts the units in
//! the match's order, exactly as the whole match counts them when it plays
//! them one at a time ([`super::standings`]), and prints the same summary.
//! The SPRT's decision is the first crossing of a bound in that order;
//! the units after it are counted (as a whole match counts the games in
//! progress when it decides) but do not overturn it. Missing shards and
//! shards still running are pooled as far as they go, and said so.

use super::results::{self, ResultsFile, keys};
use super::shard::{Shard, block_games, describe_games, unit_names};
use super::sprt::SprtParams;
use super::standings::{MatchShape, SprtRole, Standings, UnitOutcome};
use crate::engine::registry::{self, GameVisitor};
use crate::games::record::MatchRules;
use crate::out::outln;
use std::collections::HashSet;

pub const POOL_USAGE: &str = "usage: tabula match-pool FILE...
  pools the --results files of the shards of one match (tabula match ... --shard I/N
  --results FILE) and prints the match's summary over all of them: W-D-L, Elo,
  Ptnml(0-2), normalized Elo and, with --sprt, the LLR and the decision (the first
  crossing of a bound in the match's order of game pairs); shards missing or still
  running are pooled as far as they go, and named";

/// Entry point of `tabula match-pool FILE...`; returns the exit code (0
/// pooled, 2 a bad invocation or a file that cannot be pooled).
pub fn main(args: &[String]) -> i32 {
    if args.iter().any(|a| a == "-h" || a == "--help") {
        outln!("{POOL_USAGE}");
        return 0;
    }
    if let Some(flag) = args.iter().find(|a| a.starts_with("--")) {
        eprintln!("tabula match-pool: unknown flag '{flag}'\n{POOL_USAGE}");
        return 2;
    }
    if args.is_empty() {
        eprintln!("tabula match-pool: expected the results files of the shards\n{POOL_USAGE}");
        return 2;
    }
    match pool(args) {
        Ok(lines) => {
            for line in lines {
                outln!("{line}");
            }
            0
        }
        Err(e) => {
            eprintln!("tabula match-pool: {e}");
            2
        }
    }
}

/// Reads, checks and pools the files; the lines to print.
pub fn pool(paths: &[String]) -> Result<Vec<String>, String> {
    let mut files = paths
        .iter()
        .map(|p| results::read(p))
        .collect::<Result<Vec<_>, _>>()?;
    check_one_match(&files)?;
    files.sort_by_key(|f| f.shard.index());
    let first = files.first().ok_or("no results files given")?;
    let plan = MatchPlan::of(first)?;
    let mut units = Vec::new();
    for file in &files {
        units.extend(plan.units_of(file)?);
    }
    units.sort_by_key(|u| u.number);
    let (standings, decided_at) = replay(plan.shape.clone(), &units);
    let mut lines = plan.header(&files);
    lines.push(String::new());
    lines.extend(standings.summary_lines());
    lines.push(plan.coverage(&files, units.len()));
    if let Some(pair) = decided_at {
        lines.push(format!(
            "SPRT: decided with game pair {pair} (games {}-{}) in the match's order",
            2 * pair - 1,
            2 * pair
        ));
    }
    Ok(lines)
}

/// One match, one split, each shard once.
fn check_one_match(files: &[ResultsFile]) -> Result<(), String> {
    let Some(first) = files.first() else {
        return Err("no results files given".into());
    };
    let mut seen: Vec<(usize, &str)> = Vec::new();
    for file in files {
        if file.shard.count() != first.shard.count() {
            return Err(format!(
                "{} is shard {} but {} is shard {}: shards of different splits of a match \
                 (every shard of a match has the same N)",
                first.path, first.shard, file.path, file.shard
            ));
        }
        if let Some(difference) = first_difference(first, file) {
            return Err(format!(
                "{} and {} are shards of different matches: {difference}",
                first.path, file.path
            ));
        }
        let index = file.shard.index();
        if let Some((_, other)) = seen.iter().find(|(i, _)| *i == index) {
            return Err(format!(
                "shard {} given twice: {other} and {}",
                file.shard, file.path
            ));
        }
        seen.push((index, &file.path));
    }
    Ok(())
}

/// The first setting in which two files differ, in words.
fn first_difference(a: &ResultsFile, b: &ResultsFile) -> Option<String> {
    let describe = |s: Option<&(String, String)>| match s {
        Some((k, v)) => format!("'{k} {v}'"),
        None => "no more settings".to_string(),
    };
    let n = a.settings.len().max(b.settings.len());
    (0..n).find_map(|i| match (a.settings.get(i), b.settings.get(i)) {
        (Some(x), Some(y)) if x == y => None,
        (Some((k, v)), Some((k2, w))) if k == k2 => Some(format!(
            "{k} is '{v}' in {} but '{w}' in {}",
            a.path, b.path
        )),
        (x, y) => Some(format!(
            "{} has {} where {} has {}",
            a.path,
            describe(x),
            b.path,
            describe(y)
        )),
    })
}

/// What the pool reads of the match's settings.
struct MatchPlan {
    shape: MatchShape,
    game: String,
    games: usize,
    block_games: usize,
    shards: usize,
    unit_names: (&'static str, &'static str),
    tc: String,
    openings: String,
}

/// The game's scoring: points (backgammon) or places.
struct ScoredByPoints;

impl GameVisitor for ScoredByPoints {
    type Output = bool;
    fn visit<G: MatchRules>(self) -> bool {
        G::SCORED_BY_POINTS
    }
}

impl MatchPlan {
    fn of(file: &ResultsFile) -> Result<MatchPlan, String> {
        let bad = |key: &str, value: &str| format!("{}: bad setting {key} '{value}'", file.path);
        let number = |key: &str| -> Result<usize, String> {
            let value = file.setting(key)?;
            value.parse().map_err(|_| bad(key, value))
        };
        let game = file.setting(keys::GAME)?.to_string();
        let scored_by_points = registry::visit(&game, ScoredByPoints)
            .ok_or_else(|| format!("{}: unknown game '{game}'", file.path))?;
        let engines = number(keys::ENGINES)?;
        let names = (1..=engines)
            .map(|k| {
                file.setting(&keys::engine_name(k))
                    .map(results::from_one_line)
            })
            .collect::<Result<Vec<_>, _>>()?;
        let repeat = match file.setting(keys::REPEAT)? {
            "yes" => true,
            "no" => false,
            other => return Err(bad(keys::REPEAT, other)),
        };
        let sprt = match file.setting(keys::SPRT)? {
            "-" => None,
            text => Some(SprtParams::parse(text).map_err(|e| format!("{}: {e}", file.path))?),
        };
        let match_length = file.setting(keys::MATCH_LENGTH)?;
        let openings = file.setting(keys::OPENINGS)?;
        Ok(MatchPlan {
            shape: MatchShape {
                paired: repeat && names.len() == 2,
                names,
                sprt,
                sprt_role: SprtRole::Decides,
                scored_by_points,
            },
            game,
            games: number(keys::GAMES)?,
            block_games: block_games(repeat),
            shards: file.shard.count(),
            unit_names: unit_names(match_length.parse().ok()),
            tc: file.setting(keys::TC)?.to_string(),
            openings: openings.split(' ').next().unwrap_or(openings).to_string(),
        })
    }

    /// The games shard `shard` plays (0-based).
    fn slice(&self, shard: Shard) -> std::ops::Range<usize> {
        shard.games(self.games, self.block_games)
    }

    /// The file's units, each checked against the shard's slice and the
    /// number of engines, none twice.
    fn units_of(&self, file: &ResultsFile) -> Result<Vec<UnitOutcome>, String> {
        let slice = self.slice(file.shard);
        let mut numbers = HashSet::new();
        for unit in &file.units {
            if !slice.contains(&unit.number.saturating_sub(1)) {
                return Err(format!(
                    "{}: unit {} is not one of shard {}'s ({})",
                    file.path,
                    unit.number,
                    file.shard,
                    describe_games(&slice, self.unit_names)
                ));
            }
            if unit.places.len() != self.shape.names.len() {
                return Err(format!(
                    "{}: unit {} has {} places for {} engines",
                    file.path,
                    unit.number,
                    unit.places.len(),
                    self.shape.names.len()
                ));
            }
            if !numbers.insert(unit.number) {
                return Err(format!("{}: unit {} given twice", file.path, unit.number));
            }
        }
        Ok(file.units.clone())
    }

    /// What is pooled: the match, its SPRT, and each shard's state.
    fn header(&self, files: &[ResultsFile]) -> Vec<String> {
        let names = &self.shape.names;
        let units = format!("{} {}", self.games, self.unit_names.1);
        let mut lines = vec![format!(
            "Pool of {} vs {}: {units} of {}, {}, {} opening(s), {} shard(s)",
            names.first().map_or("", String::as_str),
            names.get(1..).unwrap_or_default().join(", "),
            self.game,
            self.tc,
            self.openings,
            self.shards
        )];
        if let Some(params) = &self.shape.sprt {
            lines.push(params.header_line(&units));
        }
        for file in files {
            let slice = self.slice(file.shard);
            lines.push(format!(
                "Shard {} ({}): {}, {} of {} played, {}",
                file.shard,
                file.path,
                describe_games(&slice, self.unit_names),
                file.units.len(),
                slice.len(),
                if file.end.is_some() {
                    "finished"
                } else {
                    "not finished"
                }
            ));
        }
        let missing = self.missing(files);
        if !missing.is_empty() {
            lines.push(format!(
                "Missing shards: {} (their games are not in the pool)",
                missing.join(", ")
            ));
        }
        lines
    }

    /// The shards no file is.
    fn missing(&self, files: &[ResultsFile]) -> Vec<String> {
        (1..=self.shards)
            .filter(|&i| files.iter().all(|f| f.shard.index() != i))
            .map(|i| format!("{i}/{}", self.shards))
            .collect()
    }

    /// `Pooled 2 of 4 shards: 40 of 80 games played`.
    fn coverage(&self, files: &[ResultsFile], played: usize) -> String {
        format!(
            "Pooled {} of {} shard(s): {played} of {} {} played",
            files.len(),
            self.shards,
            self.games,
            self.unit_names.1
        )
    }
}

/// Counts the units in the match's order; the game pair with which the
/// SPRT decided, if it did.
fn replay(shape: MatchShape, units: &[UnitOutcome]) -> (Standings, Option<usize>) {
    let mut standings = Standings::new(shape);
    let mut decided_at = None;
    for unit in units {
        if standings.add(unit) && standings.pair_finished().1 {
            decided_at = Some(unit.number.div_ceil(2));
        }
    }
    (standings, decided_at)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A results file of shard `shard` of a match between a and b of 8
    /// games or as many as `units` (number, first engine's half points).
    fn file(path: &str, shard: &str, tc: &str, units: &[(usize, u8)]) -> String {
        let games = units.iter().map(|u| u.0).max().unwrap_or(0).max(8);
        let mut text = format!(
            "tabula-match-results 1\nshard {shard}\nsetting game makruk\nsetting engines 2\n\
             setting engine1.name a\nsetting engine2.name b\nsetting games {games}\n\
             setting tc {tc}\nsetting openings 1 0\nsetting repeat yes\n\
             setting match-length -\nsetting sprt elo0=0,elo1=200\n"
        );
        for &(number, half_points) in units {
            let places = match half_points {
                2 => "1,2",
                1 => "1,1",
                _ => "2,1",
            };
            text.push_str(&format!(
                "unit {number} places={places} points=0 ends=normal\n"
            ));
        }
        let path = std::env::temp_dir().join(format!("tabula-pool-{}-{path}", std::process::id()));
        let _ = std::fs::write(&path, text);
        path.to_string_lossy().into_owned()
    }

    #[test]
    fn shards_pool_into_the_whole_matchs_counts() {
        let one = file("one", "1/2", "depth=1", &[(1, 2), (2, 1), (3, 0), (4, 2)]);
        let two = file("two", "2/2", "depth=1", &[(6, 2), (5, 2), (7, 1)]);
        let lines = pool(&[two.clone(), one.clone()]).unwrap();
        let text = lines.join("\n");
        assert!(
            text.contains("Result a vs b: W-D-L 4-2-1, score 5/7"),
            "{text}"
        );
        // Pairs 1-2: 1½; 3-4: 1; 5-6: 2; game 7 waits for game 8.
        assert!(text.contains("\nPtnml(0-2): 0, 0, 1, 1, 1\n"), "{text}");
        assert!(text.contains("Shard 1/2 ("), "{text}");
        assert!(
            text.contains("games 5-8, 3 of 4 played, not finished"),
            "{text}"
        );
        assert!(
            text.ends_with("Pooled 2 of 2 shard(s): 7 of 8 games played"),
            "{text}"
        );
        let alone = pool(std::slice::from_ref(&one)).unwrap().join("\n");
        assert!(alone.contains("Missing shards: 2/2"), "{alone}");
        for p in [one, two] {
            let _ = std::fs::remove_file(p);
        }
    }

    #[test]
    fn the_sprt_decides_at_the_first_crossing_in_match_order() {
        let wins: Vec<(usize, u8)> = (1..=20).map(|n| (n, 2)).collect();
        let path = file("wins", "1/1", "depth=1", &wins);
        let text = pool(std::slice::from_ref(&path)).unwrap().join("\n");
        let _ = std::fs::remove_file(path);
        assert!(text.contains("SPRT: H1 accepted"), "{text}");
        assert!(
            text.ends_with("SPRT: decided with game pair 8 (games 15-16) in the match's order"),
            "{text}"
        );
    }

    #[test]
    fn other_matches_splits_and_twice_given_shards_are_refused() {
        let one = file("a", "1/2", "depth=1", &[]);
        let other_tc = file("b", "2/2", "depth=2", &[]);
        let other_split = file("c", "2/3", "depth=1", &[]);
        let outside = file("d", "2/2", "depth=1", &[(1, 2)]);
        let twice = file("e", "1/2", "depth=1", &[]);
        let e = |paths: &[&String]| {
            let owned: Vec<String> = paths.iter().map(|p| p.to_string()).collect();
            pool(&owned).unwrap_err()
        };
        let msg = e(&[&one, &other_tc]);
        assert!(
            msg.contains("are shards of different matches: tc is 'depth=1'"),
            "{msg}"
        );
        let msg = e(&[&one, &other_split]);
        assert!(msg.contains("shards of different splits"), "{msg}");
        let msg = e(&[&one, &twice]);
        assert!(msg.starts_with("shard 1/2 given twice: "), "{msg}");
        assert!(e(&[&one, &one]).contains("given twice"));
        let msg = e(&[&outside]);
        assert!(
            msg.contains("unit 1 is not one of shard 2/2's (games 5-8)"),
            "{msg}"
        );
        for p in [one, other_tc, other_split, outside, twice] {
            let _ = std::fs::remove_file(p);
        }
    }
}
