//! The match: pairings, worker threads, live output, summary, records.

use super::args::MatchConfig;
use super::engine_setup::{engine_for, for_game, threads_asked};
use super::match_play::play_unit;
use super::openings::{self, Opening};
use super::referee::Pairing;
use super::results::{self, ResultsWriter};
use super::shard::{block_games, describe_games, unit_names};
use super::standings::{MatchShape, SprtRole, Standings, UnitOutcome};
use crate::engine::registry::{self, GameVisitor};
use crate::engineclient::{Client, ClientError, Dialect, EngineSpec, native_dialect};
use crate::games::record::{GameRecord, GameResult, MatchRules};
use crate::out::outln;
use crate::protocol::options::machine_cores;
use crate::rules::RulesPosition;
use crossbeam_channel::{Sender, bounded, unbounded};
use std::io::Write;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::time::Duration;

/// Why a match did not run to its end.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum MatchError {
    /// The invocation cannot work (bad flag value, engine that does not
    /// start, option it does not have): exit status 2, before any game.
    Usage(String),
    /// The match started but failed (records not written): exit status 1.
    Failed(String),
}

impl From<String> for MatchError {
    fn from(message: String) -> Self {
        MatchError::Usage(message)
    }
}

/// Runs a whole match; returns the process exit code (0 done, 1 failed
/// while running, 2 bad invocation or an engine that does not start).
pub fn run(cfg: &MatchConfig) -> i32 {
    struct RunMatch<'a>(&'a MatchConfig);
    impl GameVisitor for RunMatch<'_> {
        type Output = Result<(), MatchError>;
        fn visit<G: MatchRules>(self) -> Self::Output {
            run_match::<G>(self.0)
        }
    }
    let r = registry::visit(&cfg.game, RunMatch(cfg)).unwrap_or_else(|| {
        Err(MatchError::Usage(format!(
            "unknown game '{}' (known: {})",
            cfg.game,
            registry::VARIANTS.join(", ")
        )))
    });
    match r {
        Ok(()) => 0,
        Err(MatchError::Usage(e)) => {
            eprintln!("tabula match: {e}");
            2
        }
        Err(MatchError::Failed(e)) => {
            eprintln!("tabula match: {e}");
            1
        }
    }
}

/// Opens the record file for appending before the match, so that a path
/// that cannot be written is known before any game is played; true when
/// this made the file (a match that fails before its first game removes
/// it again, rather than leave an empty file).
fn open_records(path: &str) -> Result<(std::fs::File, bool), MatchError> {
    let cannot =
        |e: std::io::Error| MatchError::Usage(format!("cannot open record file '{path}': {e}"));
    let mut options = std::fs::OpenOptions::new();
    options.append(true);
    match options.clone().create_new(true).open(path) {
        Ok(file) => Ok((file, true)),
        Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => {
            options.open(path).map(|f| (f, false)).map_err(cannot)
        }
        Err(e) => Err(cannot(e)),
    }
}

/// Game `i` (0-based) of the match: each opening twice (colours swapped)
/// with `repeat`, and then with the same dice (duplicate dice: the pair's
/// luck cancels); the seats rotate from game to game, so each of `engines`
/// engines sits in every seat in turn (two engines: engine 0 first in
/// odd-numbered games). Made when the game starts, so a huge `--games`
/// costs no memory. `None` without openings or engines.
pub fn pairing(openings: &[Opening], i: usize, repeat: bool, engines: usize) -> Option<Pairing> {
    let k = if repeat { i / 2 } else { i };
    let opening = openings.get(k.checked_rem(openings.len())?)?;
    let shift = i.checked_rem(engines)?;
    Some(Pairing {
        number: i.saturating_add(1),
        opening: opening.clone(),
        seats: (0..engines).map(|seat| (seat + shift) % engines).collect(),
        chance_game: if repeat { k * 2 + 1 } else { i + 1 },
    })
}

/// One line per finished game.
pub fn finished_line(rec: &GameRecord) -> String {
    format!(
        "Finished game {} ({}): {} {{{}}}",
        rec.number,
        rec.players.join(" vs "),
        rec.result_text(),
        rec.reason
    )
}

/// The komi (half points) the referee applies: `--komi`, else the value of
/// the game's komi option (`HalfKomi`) when the engines are given one. Both
/// engines and the referee must agree, so a mismatch is an error.
pub fn settle_komi<G: MatchRules>(cfg: &MatchConfig) -> Result<Option<i32>, String> {
    let Some(option) = G::KOMI_OPTION else {
        return match cfg.komi {
            Some(_) => Err(format!("{} has no komi", G::ID)),
            None => Ok(None),
        };
    };
    let komi = cfg.komi.as_deref().map(G::parse_komi).transpose()?;
    let given: Vec<Option<i32>> = cfg
        .engines
        .iter()
        .map(|e| {
            e.options
                .iter()
                .rev()
                .find(|(n, _)| n.eq_ignore_ascii_case(option))
                .map(|(_, v)| {
                    v.trim()
                        .parse::<i32>()
                        .map_err(|_| format!("--option {option}={v}: not a number"))
                })
                .transpose()
        })
        .collect::<Result<_, _>>()?;
    match komi {
        Some(k) => {
            for (e, g) in cfg.engines.iter().zip(&given) {
                if let Some(h) = g
                    && *h != k
                {
                    return Err(format!(
                        "engine {} has --option {option}={h} but --komi gives {option} {k}",
                        e.name
                    ));
                }
            }
            Ok(Some(k))
        }
        None if given.windows(2).all(|w| w[0] == w[1]) => Ok(given.first().copied().flatten()),
        None => Err(format!(
            "the engines are given different komi ({option}); set it once with --komi"
        )),
    }
}

/// The options every engine is given with the same value that are also
/// options of the game's rules (backgammon's `Rules=tavla`) set the
/// referee's rules too; the others (`Hash`, ...) are the engines' alone.
pub fn apply_shared_options<G: MatchRules>(game: &mut G, cfg: &MatchConfig) {
    let Some((first, others)) = cfg.engines.split_first() else {
        return;
    };
    for (name, value) in &first.options {
        let shared = others.iter().all(|e| {
            e.options
                .iter()
                .rev()
                .find(|(n, _)| n.eq_ignore_ascii_case(name))
                .is_some_and(|(_, v)| v == value)
        });
        if shared {
            let _ = game.set_option(name, value);
        }
    }
}

/// `--players N`: sets the game's `Players` option (the engines get it
/// from [`MatchRules::rule_options`]); a game without one refuses it.
pub fn apply_players<G: MatchRules>(game: &mut G, cfg: &MatchConfig) -> Result<(), MatchError> {
    let Some(n) = cfg.players else {
        return Ok(());
    };
    let has = game
        .options()
        .iter()
        .any(|o| o.name.eq_ignore_ascii_case(PLAYERS_OPTION));
    if !has {
        return Err(MatchError::Usage(format!(
            "{} has no number of players to set (--players)",
            G::ID
        )));
    }
    game.set_option(PLAYERS_OPTION, &n.to_string())
        .map_err(|e| MatchError::Usage(format!("--players {n}: {e}")))
}

/// The game option `--players` sets.
pub const PLAYERS_OPTION: &str = "Players";

/// One engine per player: the game's rules say how many.
pub fn check_seats<G: MatchRules>(game: &G, cfg: &MatchConfig) -> Result<(), MatchError> {
    let players = game.start_position().players();
    if cfg.engines.len() == players {
        return Ok(());
    }
    Err(MatchError::Usage(format!(
        "{} is played by {players} players, got {} --engine flags",
        G::ID,
        cfg.engines.len()
    )))
}

/// Refuses a `--proto` that cannot play the game (USI for Makruk would end
/// every game in an illegal move).
pub fn check_dialects<G: MatchRules>(cfg: &MatchConfig) -> Result<(), MatchError> {
    for (k, spec) in cfg.engines.iter().enumerate() {
        let dialect = spec.dialect.unwrap_or(native_dialect(G::ID));
        if !dialect.plays(G::ID) {
            let can: Vec<&str> = Dialect::playing(G::ID).iter().map(|d| d.name()).collect();
            return Err(MatchError::Usage(format!(
                "engine {} ({}): --proto {} cannot play {} (it is played over {})",
                k + 1,
                spec.name,
                dialect.name(),
                G::ID,
                can.join(", ")
            )));
        }
    }
    Ok(())
}

/// Starts an engine once before the match: it must finish its handshake,
/// have every `--option` it is given (with a value its declaration allows)
/// and answer `isready`.
fn check_engine<G: MatchRules>(game: &G, k: usize, spec: &EngineSpec) -> Result<(), MatchError> {
    let timeout = Duration::from_secs(15);
    // Values with `{game}` are checked as game 1 has them.
    let spec = &for_game(spec, 1);
    let dialect = spec.dialect.unwrap_or(native_dialect(G::ID));
    let full = engine_for(game, spec, dialect);
    let failed = |e: ClientError| {
        MatchError::Usage(format!(
            "engine {} ({}) failed to start: {e}",
            k + 1,
            spec.command.join(" ")
        ))
    };
    let mut client = Client::open(&full, dialect, timeout).map_err(failed)?;
    // Only the user's options are checked: the runner's own (`TakSize`,
    // `HalfKomi`) follow the game, whatever the engine announces.
    client
        .set_up(&full.options, &spec.options, G::ID, timeout)
        .map_err(failed)?
        .map_err(|e| MatchError::Usage(format!("engine {} ({}): {e}", k + 1, spec.name)))
}

/// `--results FILE`: created (emptied) with the match's settings once the
/// engines passed their checks.
fn create_results(
    cfg: &MatchConfig,
    openings: &[Opening],
) -> Result<Option<ResultsWriter>, MatchError> {
    let Some(path) = cfg.results.as_deref() else {
        return Ok(None);
    };
    let settings = results::settings(cfg, openings);
    Ok(Some(ResultsWriter::create(path, cfg.shard, &settings)?))
}

/// What a match needs before its first game: the configured game, the
/// argument of its new-game command, the openings, the records file.
struct Prepared<G> {
    game: G,
    new_game_arg: Option<String>,
    openings: Vec<Opening>,
    records: Option<std::fs::File>,
    results: Option<ResultsWriter>,
}

/// Checks the invocation, the openings and every engine; an empty records
/// file this created is removed again when an engine fails its check.
fn prepare<G: MatchRules>(cfg: &MatchConfig) -> Result<Prepared<G>, MatchError> {
    check_dialects::<G>(cfg)?;
    let mut game = G::new();
    let half_komi = settle_komi::<G>(cfg)?;
    let new_game_arg = game.configure(cfg.size, half_komi)?;
    apply_shared_options(&mut game, cfg);
    apply_players(&mut game, cfg)?;
    check_seats(&game, cfg)?;
    if let Some(length) = cfg.match_length
        && game.match_start(length, [0, 0], false).is_none()
    {
        return Err(MatchError::Usage(format!(
            "{} is not played in matches to points (--match-length)",
            G::ID
        )));
    }
    let openings = match &cfg.openings {
        Some(path) => openings::validate(&game, openings::parse_file(path)?)?,
        None => vec![Opening::start()],
    };
    let records = cfg.pgn_out.as_deref().map(open_records).transpose()?;
    let checked = cfg
        .engines
        .iter()
        .enumerate()
        .try_for_each(|(k, spec)| check_engine(&game, k, spec));
    let results = checked.and_then(|()| create_results(cfg, &openings));
    let results = match results {
        Ok(results) => results,
        Err(e) => {
            if let (Some((_, true)), Some(path)) = (&records, &cfg.pgn_out) {
                let _ = std::fs::remove_file(path);
            }
            return Err(e);
        }
    };
    Ok(Prepared {
        game,
        new_game_arg,
        openings,
        records: records.map(|(file, _)| file),
        results,
    })
}

/// A finished unit handed in by a worker (one game, or the games of one
/// match to points), with the way to tell the worker to go on.
type HandedIn = (Pairing, Vec<GameRecord>, GameResult, Sender<()>);

/// The match as it runs: the standings, a money session's running score
/// per engine for records that show it (.mat), and what stopped the match
/// if something did.
struct Live {
    standings: Standings,
    session: Vec<u32>,
    /// No thread to play on, or the first record write error (then no new
    /// games start: results not recorded are lost).
    failure: Option<String>,
    /// Units counted and recorded (the `end` line of the results file).
    units_written: usize,
}

/// What the standings need to know of `cfg`'s match, played as G.
fn match_shape<G: MatchRules>(cfg: &MatchConfig) -> MatchShape {
    MatchShape {
        names: cfg.engines.iter().map(|e| e.name.clone()).collect(),
        paired: cfg.repeat && cfg.engines.len() == 2,
        sprt: cfg.sprt,
        sprt_role: if cfg.shard.is_whole() {
            SprtRole::Decides
        } else {
            SprtRole::ShardOnly(cfg.shard)
        },
        scored_by_points: G::SCORED_BY_POINTS,
    }
}

impl Live {
    fn new<G: MatchRules>(cfg: &MatchConfig) -> Self {
        Live {
            standings: Standings::new(match_shape::<G>(cfg)),
            session: vec![0; cfg.engines.len()],
            failure: None,
            units_written: 0,
        }
    }

    /// Counts one finished unit and prints its lines; returns whether the
    /// match should stop (the SPRT decided). Pairs are printed after each
    /// completed one: a match stopped early (killed) still leaves its
    /// latest pentanomial and Elo.
    fn count(
        &mut self,
        cfg: &MatchConfig,
        p: &Pairing,
        outcome: &UnitOutcome,
        recs: &[GameRecord],
        result: &GameResult,
    ) -> bool {
        let pair_done = self.standings.add(outcome);
        for rec in recs {
            outln!("{}", finished_line(rec));
        }
        let first_seat = p.seats.iter().position(|&e| e == 0);
        if let (Some(length), Some(mine)) = (cfg.match_length, first_seat) {
            let won = result.place_of(mine) == Some(0);
            outln!(
                "Finished match {} ({}): {} wins the {length}-point match in {} games",
                p.number,
                recs.first()
                    .map_or(String::new(), |r| r.players.join(" vs ")),
                if won {
                    self.standings.first_name()
                } else {
                    self.standings.opponents()
                },
                recs.len()
            );
        }
        outln!("{}", self.standings.score_line());
        let mut decided = false;
        if pair_done {
            let (lines, now_decided) = self.standings.pair_finished();
            for line in lines {
                outln!("{line}");
            }
            decided = now_decided;
        }
        let _ = std::io::stdout().flush();
        decided
    }

    /// The unit's records, each with the money session's score before it;
    /// the session then counts the unit's points.
    fn records_text<G: MatchRules>(&mut self, game: &G, recs: Vec<GameRecord>) -> String {
        let mut text = String::new();
        for mut r in recs {
            r.session_points = self.session.clone();
            for (seat, &engine) in r.seat_engines.iter().enumerate() {
                let won = r.result.points_of(seat).max(0).unsigned_abs();
                if let Some(s) = self.session.get_mut(engine) {
                    *s += won;
                }
            }
            text.push_str(&game.write_record(&r));
        }
        text
    }

    /// Counts a finished unit and appends its records; true when the
    /// match is to stop (the SPRT decided, or a record cannot be written).
    fn hand_in<G: MatchRules>(
        &mut self,
        cfg: &MatchConfig,
        game: &G,
        (records, results): (Option<&mut std::fs::File>, Option<&mut ResultsWriter>),
        p: &Pairing,
        recs: Vec<GameRecord>,
        result: &GameResult,
    ) -> bool {
        let outcome = UnitOutcome::of(p, &recs, result, cfg.engines.len());
        let mut stop = self.count(cfg, p, &outcome, &recs, result);
        let text = self.records_text(game, recs);
        if let (Some(f), None) = (records, &self.failure)
            && let Err(e) = f.write_all(text.as_bytes())
        {
            let path = cfg.pgn_out.as_deref().unwrap_or_default();
            self.fail(format!(
                "cannot write the record of game {} to '{path}': {e}",
                p.number
            ));
            stop = true;
        }
        if let (Some(w), None) = (results, &self.failure)
            && let Err(e) = w.write_unit(&outcome)
        {
            self.fail(format!("game {}: {e}", p.number));
            stop = true;
        }
        if self.failure.is_none() {
            self.units_written += 1;
        }
        stop
    }

    /// The first failure stops the match after the games in progress.
    fn fail(&mut self, message: String) {
        eprintln!("tabula match: {message}; stopping after the games in progress");
        self.failure = Some(message);
    }

    /// The summary after the last game.
    fn print_summary(&self) {
        outln!();
        for line in self.standings.summary_lines() {
            outln!("{line}");
        }
    }
}

/// The match's first lines: who plays, what, how; the SPRT's bounds.
fn print_header<G: MatchRules>(cfg: &MatchConfig, standings: &Standings, openings: usize) {
    let units = match cfg.match_length {
        Some(length) => format!("{} {length}-point matches", cfg.games),
        None => format!("{} games", cfg.games),
    };
    outln!(
        "Match {} vs {}: {} of {}, {}, {} opening(s), concurrency {}",
        standings.first_name(),
        standings.opponents(),
        units,
        G::ID,
        cfg.tc.describe(),
        openings,
        cfg.concurrency
    );
    if let Some(t) = &cfg.sprt {
        outln!("{}", t.header_line(&units));
    }
    if !cfg.shard.is_whole() {
        let games = cfg.shard.games(cfg.games, block_games(cfg.repeat));
        outln!(
            "Shard {}: {}{}",
            cfg.shard,
            describe_games(&games, unit_names(cfg.match_length)),
            if cfg.sprt.is_some() {
                ", all of them played (the SPRT is decided by tabula match-pool)"
            } else {
                ""
            }
        );
    }
}

/// The warning when the games played at once ask for more search threads
/// than the machine has `cores`: the engines of one game think in turn,
/// so a game needs the threads of its hungriest engine.
pub fn oversubscription(cfg: &MatchConfig, native: Dialect, cores: usize) -> Option<String> {
    let threads = cfg
        .engines
        .iter()
        .map(|e| threads_asked(e, e.dialect.unwrap_or(native)))
        .max()
        .unwrap_or(1);
    let at_once = cfg.concurrency.min(cfg.games).max(1);
    let total = at_once.saturating_mul(threads);
    (total > cores).then(|| {
        format!(
            "warning: --concurrency {at_once} x Threads {threads} = {total} search threads \
             on {cores} cores; the searches will share them"
        )
    })
}

pub fn run_match<G: MatchRules>(cfg: &MatchConfig) -> Result<(), MatchError> {
    if let Some(warning) = oversubscription(cfg, native_dialect(G::ID), machine_cores()) {
        eprintln!("tabula match: {warning}");
    }
    let mut prepared = prepare::<G>(cfg)?;
    let mut live = Live::new::<G>(cfg);
    print_header::<G>(cfg, &live.standings, prepared.openings.len());
    let games = cfg.shard.games(cfg.games, block_games(cfg.repeat));
    play_games(cfg, &mut prepared, &mut live, games);
    if let (Some(w), None) = (prepared.results.as_mut(), &live.failure)
        && let Err(e) = w.write_end(live.units_written)
    {
        live.failure = Some(e);
    }
    live.print_summary();
    if let Some(message) = live.failure {
        return Err(MatchError::Failed(format!("match stopped: {message}")));
    }
    if let Some(path) = &cfg.pgn_out {
        outln!("Records appended to {path}");
    }
    if let Some(w) = &prepared.results {
        outln!("Results written to {}", w.path());
    }
    Ok(())
}

/// Plays the games numbered by `games` (0-based) on up to `--concurrency`
/// threads, counting and recording each unit as it finishes.
fn play_games<G: MatchRules>(
    cfg: &MatchConfig,
    prepared: &mut Prepared<G>,
    live: &mut Live,
    games: std::ops::Range<usize>,
) {
    let Prepared {
        game,
        new_game_arg,
        openings,
        records,
        results,
    } = prepared;
    // Workers take the next game number; `stop` ends the match early.
    let next_game = AtomicUsize::new(games.start);
    let stop = AtomicBool::new(false);
    let take_game = || {
        if stop.load(Ordering::Relaxed) {
            return None;
        }
        let i = next_game.fetch_add(1, Ordering::Relaxed);
        games
            .contains(&i)
            .then(|| pairing(openings, i, cfg.repeat, cfg.engines.len()))
            .flatten()
    };
    // A worker hands in each finished unit with a way to tell it to go on,
    // and waits for that before it takes the next game: the unit is then
    // counted, and a stop it caused (the SPRT decided, a record could not
    // be written) holds before any new game starts.
    let (done_tx, done_rx) = unbounded::<HandedIn>();
    std::thread::scope(|s| {
        for k in 0..cfg.concurrency.min(games.len()) {
            let done_tx = done_tx.clone();
            let new_game_arg = new_game_arg.clone();
            let take_game = &take_game;
            let g = game.clone();
            let worker = std::thread::Builder::new()
                .name(format!("game-{}", k + 1))
                .spawn_scoped(s, move || {
                    let (go_on_tx, go_on_rx) = bounded::<()>(1);
                    while let Some(p) = take_game() {
                        let (recs, result) =
                            play_unit(&g, new_game_arg.as_deref(), cfg, &cfg.engines, &p);
                        let handed_in = done_tx.send((p, recs, result, go_on_tx.clone()));
                        if handed_in.is_err() || go_on_rx.recv().is_err() {
                            break;
                        }
                    }
                });
            // Fewer games at once when the system refuses more threads.
            if let Err(e) = worker {
                let message = format!("cannot start a thread for game {}: {e}", k + 1);
                eprintln!("tabula match: {message}; playing {k} games at once");
                if k == 0 {
                    live.failure = Some(message);
                }
                break;
            }
        }
        drop(done_tx);
        for (p, recs, result, go_on) in done_rx.iter() {
            let files = (records.as_mut(), results.as_mut());
            if live.hand_in(cfg, game, files, &p, recs, &result) {
                stop.store(true, Ordering::Relaxed);
            }
            let _ = go_on.send(());
        }
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn colours_alternate_per_opening() {
        let ops = vec![Opening::start(), {
            let mut o = Opening::start();
            o.moves.push("e3e4".into());
            o
        }];
        assert!(pairing(&[], 0, true, 2).is_none());
        assert!(pairing(&ops, 0, true, 0).is_none());
        let pairings = |games: usize, repeat: bool| -> Vec<Pairing> {
            (0..games)
                .filter_map(|i| pairing(&ops, i, repeat, 2))
                .collect()
        };
        let p = pairings(5, true);
        let v: Vec<(usize, usize, usize, usize)> = p
            .iter()
            .map(|p| (p.number, p.opening.moves.len(), p.seats[0], p.chance_game))
            .collect();
        // Both games of a pair roll the same dice (duplicate dice).
        assert_eq!(
            v,
            vec![
                (1, 0, 0, 1),
                (2, 0, 1, 1),
                (3, 1, 0, 3),
                (4, 1, 1, 3),
                (5, 0, 0, 5)
            ]
        );
        let p = pairings(3, false);
        let v: Vec<usize> = p.iter().map(|p| p.opening.moves.len()).collect();
        assert_eq!(v, vec![0, 1, 0]);
        let dice: Vec<usize> = p.iter().map(|p| p.chance_game).collect();
        assert_eq!(dice, vec![1, 2, 3]);
    }

    #[test]
    fn more_threads_than_cores_are_warned_of() {
        let cfg = |args: &[&str]| {
            let args: Vec<String> = args.iter().map(|a| a.to_string()).collect();
            super::super::args::parse(&args).unwrap_or_else(|e| panic!("{args:?}: {e}"))
        };
        let two = ["--engine", "a", "--engine", "b", "--games", "10"];
        let with = |extra: &[&str]| {
            let mut all = two.to_vec();
            all.extend_from_slice(extra);
            cfg(&all)
        };
        assert_eq!(oversubscription(&with(&[]), Dialect::Uci, 1), None);
        let four = with(&["--concurrency", "2", "--option", "Threads=2"]);
        assert_eq!(oversubscription(&four, Dialect::Uci, 4), None);
        assert_eq!(
            oversubscription(&four, Dialect::Uci, 3).as_deref(),
            Some(
                "warning: --concurrency 2 x Threads 2 = 4 search threads on 3 cores; \
                 the searches will share them"
            )
        );
        // The hungriest engine counts; Hub's name counts as Threads.
        let hub = with(&["--concurrency", "3", "--option", "threads=2"]);
        assert!(oversubscription(&hub, Dialect::Hub, 4).is_some_and(|w| w.contains("= 6 ")));
        // No more games at once than there are games.
        let one = cfg(&[
            "--engine",
            "a",
            "--option",
            "Threads=2",
            "--engine",
            "b",
            "--games",
            "1",
            "--concurrency",
            "8",
        ]);
        assert_eq!(oversubscription(&one, Dialect::Uci, 2), None);
    }

    #[test]
    fn seats_rotate_so_each_engine_plays_each_seat() {
        let ops = vec![Opening::start()];
        let seats: Vec<Vec<usize>> = (0..4)
            .filter_map(|i| pairing(&ops, i, false, 3))
            .map(|p| p.seats)
            .collect();
        assert_eq!(
            seats,
            vec![vec![0, 1, 2], vec![1, 2, 0], vec![2, 0, 1], vec![0, 1, 2]]
        );
        // Over a full rotation every engine sits in every seat once.
        for engine in 0..3 {
            let mut at: Vec<usize> = seats[..3]
                .iter()
                .filter_map(|s| s.iter().position(|&e| e == engine))
                .collect();
            at.sort_unstable();
            assert_eq!(at, vec![0, 1, 2], "engine {engine}");
        }
    }
}
