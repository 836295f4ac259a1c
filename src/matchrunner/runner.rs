//! The match: pairings, worker threads, live output, summary, records.

use super::args::MatchConfig;
use super::engine_setup::{engine_for, for_game};
use super::match_play::play_unit;
use super::openings::{self, Opening};
use super::referee::Pairing;
use super::sprt::{SprtParams, Verdict};
use super::stats::{Pairs, PointsTally, Ranks, Tally};
use crate::engine::registry::{self, GameVisitor};
use crate::engineclient::{Client, ClientError, Dialect, EngineSpec, native_dialect};
use crate::games::record::{GameRecord, GameResult, MatchRules};
use crate::out::outln;
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

/// The running SPRT: the last LLR and the first decision, which stands
/// (the games still in progress when it came are finished and counted,
/// but do not overturn it).
#[derive(Debug, Default)]
struct SprtState {
    llr: f64,
    verdict: Verdict,
    /// The decision was printed.
    announced: bool,
}

impl SprtState {
    /// Recomputes the LLR after a finished pair; the status line.
    fn update(&mut self, params: &SprtParams, pairs: &Pairs) -> String {
        self.llr = params.llr(&pairs.ptnml);
        if self.verdict == Verdict::Continue {
            self.verdict = params.verdict(self.llr);
        }
        params.status_line(self.llr)
    }

    /// The decision, the first time it is asked for after it came.
    fn newly_decided(&mut self) -> Option<Verdict> {
        if self.verdict == Verdict::Continue || self.announced {
            return None;
        }
        self.announced = true;
        Some(self.verdict)
    }
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

/// What a match needs before its first game: the configured game, the
/// argument of its new-game command, the openings, the records file.
struct Prepared<G> {
    game: G,
    new_game_arg: Option<String>,
    openings: Vec<Opening>,
    records: Option<std::fs::File>,
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
    if let Err(e) = checked {
        if let (Some((_, true)), Some(path)) = (&records, &cfg.pgn_out) {
            let _ = std::fs::remove_file(path);
        }
        return Err(e);
    }
    Ok(Prepared {
        game,
        new_game_arg,
        openings,
        records: records.map(|(file, _)| file),
    })
}

/// A finished unit handed in by a worker (one game, or the games of one
/// match to points), with the way to tell the worker to go on.
type HandedIn = (Pairing, Vec<GameRecord>, GameResult, Sender<()>);

/// Everything counted while the match runs, from engine 0's side, and what
/// stopped it if something did.
struct Standings {
    first_name: String,
    opponents: String,
    tally: Tally,
    ranks: Ranks,
    points: PointsTally,
    /// Pentanomial counts when the games come in pairs between two engines.
    paired: bool,
    pairs: Pairs,
    sprt: SprtState,
    /// A money session's running score per engine, for records that show
    /// it (.mat).
    session: Vec<u32>,
    terminations: Vec<(String, u32)>,
    /// No thread to play on, or the first record write error (then no new
    /// games start: results not recorded are lost).
    failure: Option<String>,
}

impl Standings {
    fn new(cfg: &MatchConfig) -> Self {
        Standings {
            first_name: cfg
                .engines
                .first()
                .map_or("", |e| e.name.as_str())
                .to_string(),
            opponents: cfg
                .engines
                .iter()
                .skip(1)
                .map(|e| e.name.as_str())
                .collect::<Vec<_>>()
                .join(", "),
            tally: Tally::default(),
            ranks: Ranks::new(cfg.engines.len()),
            points: PointsTally::default(),
            paired: cfg.repeat && cfg.engines.len() == 2,
            pairs: Pairs::default(),
            sprt: SprtState::default(),
            session: vec![0; cfg.engines.len()],
            terminations: Vec::new(),
            failure: None,
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
        recs: &[GameRecord],
        result: &GameResult,
    ) -> bool {
        // Score from engine 0's point of view: its place against the best
        // of the others.
        let seat_of = |engine| p.seats.iter().position(|&e| e == engine);
        let place = |engine| seat_of(engine).and_then(|s| result.place_of(s));
        let others = (1..p.seats.len()).filter_map(place).min();
        let half_points = match (place(0), others) {
            (Some(mine), Some(theirs)) if mine < theirs => 2,
            (Some(mine), Some(theirs)) if mine == theirs => 1,
            _ => 0,
        };
        self.tally.add(half_points);
        for engine in 0..self.ranks.len() {
            if let Some(q) = place(engine) {
                self.ranks.add(engine, q);
            }
        }
        let pair_done = self.paired && self.pairs.add(p.number.saturating_sub(1), half_points);
        for rec in recs {
            if let Some(seat) = seat_of(0) {
                self.points.add(rec.result.points_of(seat));
            }
            let kind = rec.termination.tag().to_string();
            match self.terminations.iter_mut().find(|(k, _)| *k == kind) {
                Some((_, n)) => *n += 1,
                None => self.terminations.push((kind, 1)),
            }
            outln!("{}", finished_line(rec));
        }
        if let (Some(length), Some(mine)) = (cfg.match_length, seat_of(0)) {
            let won = result.place_of(mine) == Some(0);
            outln!(
                "Finished match {} ({}): {} wins the {length}-point match in {} games",
                p.number,
                recs.first()
                    .map_or(String::new(), |r| r.players.join(" vs ")),
                if won {
                    &self.first_name
                } else {
                    &self.opponents
                },
                recs.len()
            );
        }
        let t = &self.tally;
        outln!(
            "Score of {} vs {}: {} - {} - {}  [{:.3}] {}",
            self.first_name,
            self.opponents,
            t.wins,
            t.losses,
            t.draws,
            t.score(),
            t.games()
        );
        let mut decided = false;
        if pair_done {
            outln!("{}", self.pairs.ptnml_line());
            outln!("{}", self.pairs.nelo_line());
            if let Some(params) = &cfg.sprt {
                outln!("{}", self.sprt.update(params, &self.pairs));
                if let Some(verdict) = self.sprt.newly_decided() {
                    outln!("SPRT: {}", verdict.describe());
                    decided = true;
                }
            }
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

    /// The summary after the last game.
    fn print_summary<G: MatchRules>(&self, cfg: &MatchConfig) {
        let t = &self.tally;
        outln!();
        outln!(
            "Result {} vs {}: W-D-L {}-{}-{}, score {}/{} = {:.1} %",
            self.first_name,
            self.opponents,
            t.wins,
            t.draws,
            t.losses,
            t.points(),
            t.games(),
            100.0 * t.score()
        );
        outln!("{}", t.summary());
        if self.paired && self.pairs.pairs() > 0 {
            outln!("{}", self.pairs.ptnml_line());
            outln!("{}", self.pairs.nelo_line());
        }
        if let Some(params) = &cfg.sprt {
            outln!("{}", params.status_line(self.sprt.llr));
            outln!("SPRT: {}", self.sprt.verdict.describe());
        }
        if cfg.engines.len() > 2 {
            let names: Vec<&str> = cfg.engines.iter().map(|e| e.name.as_str()).collect();
            for line in self.ranks.lines(&names) {
                outln!("{line}");
            }
        }
        if G::SCORED_BY_POINTS {
            outln!("Points of {}: {}", self.first_name, self.points.summary());
        }
        let t: Vec<String> = self
            .terminations
            .iter()
            .map(|(k, n)| format!("{k} {n}"))
            .collect();
        outln!("Terminations: {}", t.join(", "));
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
        standings.first_name,
        standings.opponents,
        units,
        G::ID,
        cfg.tc.describe(),
        openings,
        cfg.concurrency
    );
    if let Some(t) = &cfg.sprt {
        outln!(
            "SPRT: elo0 {}, elo1 {}, alpha {}, beta {} (logistic Elo, game pairs); at most {}",
            t.elo0,
            t.elo1,
            t.alpha,
            t.beta,
            units
        );
    }
}

pub fn run_match<G: MatchRules>(cfg: &MatchConfig) -> Result<(), MatchError> {
    let Prepared {
        game,
        new_game_arg,
        openings,
        mut records,
    } = prepare::<G>(cfg)?;
    let mut standings = Standings::new(cfg);
    print_header::<G>(cfg, &standings, openings.len());
    // Workers take the next game number; `stop` ends the match early.
    let next_game = AtomicUsize::new(0);
    let stop = AtomicBool::new(false);
    let take_game = || {
        if stop.load(Ordering::Relaxed) {
            return None;
        }
        let i = next_game.fetch_add(1, Ordering::Relaxed);
        (i < cfg.games)
            .then(|| pairing(&openings, i, cfg.repeat, cfg.engines.len()))
            .flatten()
    };
    // A worker hands in each finished unit with a way to tell it to go on,
    // and waits for that before it takes the next game: the unit is then
    // counted, and a stop it caused (the SPRT decided, a record could not
    // be written) holds before any new game starts.
    let (done_tx, done_rx) = unbounded::<HandedIn>();
    std::thread::scope(|s| {
        for k in 0..cfg.concurrency.min(cfg.games) {
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
                    standings.failure = Some(message);
                }
                break;
            }
        }
        drop(done_tx);
        for (p, recs, result, go_on) in done_rx.iter() {
            if standings.count(cfg, &p, &recs, &result) {
                stop.store(true, Ordering::Relaxed);
            }
            let text = standings.records_text(&game, recs);
            if let (Some(f), None) = (records.as_mut(), &standings.failure)
                && let Err(e) = f.write_all(text.as_bytes())
            {
                let path = cfg.pgn_out.as_deref().unwrap_or_default();
                let message = format!(
                    "cannot write the record of game {} to '{path}': {e}",
                    p.number
                );
                eprintln!("tabula match: {message}; stopping after the games in progress");
                stop.store(true, Ordering::Relaxed);
                standings.failure = Some(message);
            }
            let _ = go_on.send(());
        }
    });
    standings.print_summary::<G>(cfg);
    if let Some(message) = standings.failure {
        return Err(MatchError::Failed(format!("match stopped: {message}")));
    }
    if let Some(path) = &cfg.pgn_out {
        outln!("Records appended to {path}");
    }
    Ok(())
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
