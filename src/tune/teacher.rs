//! `tabula tune --teacher CMD`: every quiet training position is scored by
//! another engine's fixed-depth search (a stronger program, or tabula
//! itself searching deeper), and that score replaces the record's comment
//! score. With `--score-weight` the fit then learns the teacher's opinion
//! of each position, not only what the game's result said.
//!
//! The teacher is driven like a match engine ([`crate::engineclient`]):
//! the game's native dialect, the user's `--teacher-option`s before the
//! variant, a new game (TEI: `teinewgame <size>`), then `position <kw>
//! <position>` and `go depth N` or `go nodes N` (Hub: `level ...`) per
//! position, the last `info ... score` taken as the mover's score (the
//! client's typed [`crate::engineclient::EngineScore`]). Labels can be
//! kept in a cache file (`--teacher-cache`), one `score<TAB>position` line
//! each, so that later fits on the same data need no engine.

use std::collections::HashMap;
use std::io::Write;
use std::time::{Duration, Instant};

use super::Tunable;
use super::data::Sample;
use crate::engineclient::{Client, EngineScore, EngineSpec, Limit, ScoreValue, native_dialect};
use crate::games::record::MATE_SCORE;
use crate::out::outln;
use crate::rules::RulesPosition;

/// Who scores the positions, and how deep.
#[derive(Debug, Clone, PartialEq)]
pub struct TeacherConfig {
    /// Program and arguments.
    pub command: Vec<String>,
    /// Each position's search: `go depth N` or `go nodes N`.
    pub limit: Limit,
    /// Options sent after the handshake, in the order given.
    pub options: Vec<(String, String)>,
    /// Labels read from and appended to this file.
    pub cache: Option<String>,
}

/// Time allowed for the handshake and for one position's search.
const SETUP_TIMEOUT: Duration = Duration::from_secs(30);
const SEARCH_TIMEOUT: Duration = Duration::from_secs(120);

/// Reads a cache file's `score<TAB>position` lines; a missing file is an
/// empty cache, a malformed line an error naming it.
pub fn read_cache(text: &str) -> Result<HashMap<String, f32>, String> {
    let mut cache = HashMap::new();
    for (n, line) in text.lines().enumerate() {
        if line.trim().is_empty() {
            continue;
        }
        let parsed = line
            .split_once('\t')
            .and_then(|(s, p)| Some((s.parse::<f32>().ok()?, p)))
            .filter(|(s, p)| s.is_finite() && !p.is_empty());
        let Some((score, position)) = parsed else {
            return Err(format!("line {}: expected 'score<TAB>position'", n + 1));
        };
        cache.insert(position.to_string(), score);
    }
    Ok(cache)
}

/// Gives every sample the teacher's score of its position (from the first
/// player's view, as [`Sample::score`] keeps it), replacing the record's;
/// a position the teacher gave no score keeps none. Returns how many
/// samples were scored.
pub fn label<T: Tunable>(
    cfg: &TeacherConfig,
    samples: &mut [&mut Sample],
) -> Result<usize, String> {
    let mut cache = match &cfg.cache {
        Some(path) => match std::fs::read_to_string(path) {
            Ok(text) => read_cache(&text).map_err(|e| format!("{path}: {e}"))?,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => HashMap::new(),
            Err(e) => return Err(format!("{path}: {e}")),
        },
        None => HashMap::new(),
    };
    let missing = samples
        .iter()
        .filter(|s| !cache.contains_key(&s.position))
        .count();
    outln!(
        "teacher: {} positions, {} from the cache, {missing} to search ({:?} each)",
        samples.len(),
        samples.len() - missing,
        cfg.limit
    );
    if missing > 0 {
        search_missing::<T>(cfg, samples, &mut cache)?;
    }
    let mut scored = 0;
    for s in samples.iter_mut() {
        s.score = None;
        let Some(&mover_view) = cache.get(&s.position) else {
            continue;
        };
        let pos = T::parse_position(&s.position)?;
        s.score = Some(if pos.side_to_move() == 0 {
            mover_view
        } else {
            -mover_view
        });
        scored += 1;
    }
    Ok(scored)
}

/// A teacher's score as a label, from the mover's view in whole hundredths
/// of a pawn (what a record's comment score reads as); a mate counts as
/// [`MATE_SCORE`].
fn label_of(score: EngineScore) -> f32 {
    match score.value {
        ScoreValue::Centipawns(cp) => cp as f32,
        ScoreValue::Mate(moves) if moves < 0 => -MATE_SCORE,
        ScoreValue::Mate(_) => MATE_SCORE,
        ScoreValue::Equity(points) => (points * 100.0).round() as f32,
    }
}

/// Runs the teacher on the positions the cache lacks, adding them to it
/// (and to the cache file as they come).
fn search_missing<T: Tunable>(
    cfg: &TeacherConfig,
    samples: &[&mut Sample],
    cache: &mut HashMap<String, f32>,
) -> Result<(), String> {
    let dialect = native_dialect(T::GAME);
    // The teacher sends a start and moves, then `go depth`: a dialect told
    // the whole position before each decision (UBGI, with its dice) is not
    // driven that way yet.
    if dialect.speech().sends_whole_position() {
        return Err(format!(
            "--teacher: {} ({}) has no teacher support yet",
            T::GAME,
            dialect.name()
        ));
    }
    let spec = EngineSpec {
        name: "teacher".to_string(),
        command: cfg.command.clone(),
        dialect: Some(dialect),
        options: Vec::new(),
    };
    let mut client =
        Client::open(&spec, dialect, SETUP_TIMEOUT).map_err(|e| format!("teacher: {e}"))?;
    client
        .set_up(&cfg.options, &cfg.options, T::GAME, SETUP_TIMEOUT)
        .map_err(|e| format!("teacher: {e}"))?
        .map_err(|e| format!("teacher: {e}"))?;
    let mut file = match &cfg.cache {
        Some(path) => Some(
            std::fs::OpenOptions::new()
                .create(true)
                .append(true)
                .open(path)
                .map_err(|e| format!("{path}: {e}"))?,
        ),
        None => None,
    };
    let go = dialect.speech().go_limit(cfg.limit);
    // The new game sent last (TEI: a board size), resent when it changes.
    let mut new_game: Option<Option<String>> = None;
    let started = Instant::now();
    let (mut done, mut unscored) = (0usize, 0usize);
    for s in samples {
        if cache.contains_key(&s.position) {
            continue;
        }
        let pos = T::parse_position(&s.position)?;
        let game = T::teacher_new_game(&pos);
        if new_game.as_ref() != Some(&game) {
            client
                .new_game(game.as_deref(), SETUP_TIMEOUT)
                .map_err(|e| format!("teacher: {e}"))?;
            new_game = Some(game);
        }
        let position = dialect
            .speech()
            .position(Some(&T::teacher_position(&pos)), &[]);
        let answer = client
            .think(&position, &go, Instant::now() + SEARCH_TIMEOUT)
            .map_err(|e| format!("teacher, at '{}': {e}", s.position))?;
        done += 1;
        match answer.score.map(label_of) {
            Some(score) => {
                cache.insert(s.position.clone(), score);
                if let Some(f) = file.as_mut() {
                    writeln!(f, "{score}\t{}", s.position).map_err(|e| format!("cache: {e}"))?;
                }
            }
            None => unscored += 1,
        }
        if done % 1000 == 0 {
            outln!(
                "teacher: {done} searched ({:.0} s)",
                started.elapsed().as_secs_f64()
            );
        }
    }
    outln!(
        "teacher: {done} searched in {:.0} s, {unscored} without a score",
        started.elapsed().as_secs_f64()
    );
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cache_lines_read_back() {
        let c = read_cache("35\tfen one\n\n-100000\tfen two w - 0 1\n").unwrap();
        assert_eq!(c.len(), 2);
        assert_eq!(c.get("fen one"), Some(&35.0));
        assert_eq!(c.get("fen two w - 0 1"), Some(&-100000.0));
        for bad in ["35 fen", "x\tfen", "35\t", "inf\tfen", "NaN\tfen"] {
            let e = read_cache(&format!("1\tok\n{bad}\n")).unwrap_err();
            assert!(e.contains("line 2"), "{bad}: {e}");
        }
    }

    #[test]
    fn scores_become_labels() {
        let at = |value| EngineScore {
            value,
            depth: Some(7),
        };
        assert_eq!(label_of(at(ScoreValue::Centipawns(-263))), -263.0);
        assert_eq!(label_of(at(ScoreValue::Mate(3))), MATE_SCORE);
        assert_eq!(label_of(at(ScoreValue::Mate(-1))), -MATE_SCORE);
        assert_eq!(label_of(at(ScoreValue::Equity(0.123))), 12.0);
    }
}
