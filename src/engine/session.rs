//! One game's engine session: the current game value (options), the current
//! position, and the search worker thread that belongs to this game.
//!
//! The protocol layer reaches every game through the object-safe
//! [`EngineSession`] trait; [`GameSession`] implements it once for every
//! [`Game`], so adding a game needs no code here.

use super::error::EngineError;
use crate::games::{
    DialectKey, Game, GamePosition, MoveNotation, OptionSpec, Outcome, pv_formatter, shorten,
};
use crate::rules::{Decision, RulesPosition};
use crate::search::{Job, SearchEvent, SearchLimits, SearchSettings, SearchStrategy, SearchWorker};
use crossbeam_channel::Sender;
use std::sync::atomic::AtomicBool;
use std::time::Instant;

/// One searched position of `bench`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BenchPosition {
    pub notation: String,
    pub nodes: u64,
    pub time_ms: u64,
    /// The move the search chose, `(none)` without a legal move.
    pub best: String,
}

/// What `bench` measured.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BenchReport {
    pub positions: Vec<BenchPosition>,
    pub nodes: u64,
    pub elapsed_ms: u64,
}

impl BenchReport {
    pub fn nps(&self) -> u64 {
        self.nodes * 1000 / self.elapsed_ms.max(1)
    }
}

/// The protocol's view of a game session: text in, text out.
pub trait EngineSession: Send {
    /// The variant id (`makruk`).
    fn variant(&self) -> &'static str;
    fn game_options(&self) -> Vec<OptionSpec>;
    fn set_game_option(&mut self, name: &str, value: &str) -> Result<(), EngineError>;
    /// The keys UBGI announces for the game's options (`Game::ubgi_keys`).
    fn ubgi_keys(&self) -> &'static [DialectKey];
    /// Why MultiPV cannot be honoured under the current options, if so.
    fn single_line_search(&self) -> Option<String>;
    /// Back to the start position, with the hash cleared.
    fn new_game(&mut self);
    /// A new game with an argument (`teinewgame <size>`); on error nothing
    /// changes.
    fn new_game_with(&mut self, arg: &str) -> Result<(), EngineError>;
    /// Whether [`EngineSession::new_game_with`] would accept `arg`; changes
    /// nothing.
    fn check_new_game_with(&self, arg: &str) -> Result<(), EngineError>;
    /// Whether every `go searchmoves` move is legal in the current position;
    /// changes nothing.
    fn check_searchmoves(
        &self,
        searchmoves: &[String],
        notation: MoveNotation,
    ) -> Result<(), EngineError>;
    /// Keywords `position` accepts for this game (`fen`, `tps`, `sfen`).
    fn position_keywords(&self) -> &'static [&'static str];
    /// The label of `d`'s notation line in the game's own dialect.
    fn notation_label(&self) -> &'static str;
    /// The label of `d`'s notation line over UCI (`Fen`).
    fn uci_notation_label(&self) -> &'static str;
    /// Parses `base` (None = start position) and plays `moves`; replaces the
    /// current position only when everything is valid.
    fn set_position(
        &mut self,
        base: Option<&str>,
        moves: &[String],
        notation: MoveNotation,
    ) -> Result<(), EngineError>;
    /// Starts a search of the current position on the worker thread.
    /// `Ok(notes)`: lines for the dialect to print first (`game over:
    /// <reason>` when the game is already over by a rule; the search
    /// still runs, so the GUI gets its move and adjudicates).
    fn go(
        &mut self,
        limits: SearchLimits,
        settings: SearchSettings,
        searchmoves: &[String],
        notation: MoveNotation,
    ) -> Result<Vec<String>, EngineError>;
    fn stop(&self);
    fn ponderhit(&self);
    fn is_searching(&self) -> bool;
    fn wait_idle(&self);
    /// Per root move: its text and the leaf count below it.
    fn perft_divide(&self, depth: u32, notation: MoveNotation) -> Vec<(String, u64)>;
    /// The legal moves of the current position (a cube position: its
    /// cube actions), as text.
    fn legal_moves(&self, notation: MoveNotation) -> Vec<String>;
    fn diagram(&self) -> String;
    /// Sets or clears the chance outcome due next (the dice); on error
    /// nothing changes.
    fn set_chance(&mut self, outcome: Option<&str>) -> Result<(), EngineError>;
    /// The chance outcome set for the current position (`31`), if any.
    fn chance_outcome(&self) -> Option<String>;
    /// What the current position asks for: a move, a roll, a cube action.
    fn decision(&self) -> Decision;
    /// The player to move in the current position (0 first, 1 second).
    fn side_to_move(&self) -> usize;
    /// The result if the current position ends the game by a rule.
    fn outcome(&self) -> Option<Outcome>;
    fn notation(&self, notation: MoveNotation) -> String;
    /// The notation of the position `base` (in `notation`) after its move
    /// `mv`; the current position stays as it is.
    fn notation_after(
        &self,
        base: &str,
        mv: &str,
        notation: MoveNotation,
    ) -> Result<String, EngineError>;
    fn set_hash_mb(&self, mb: usize);
    fn clear_hash(&self);
    /// Searches the game's bench positions synchronously (not on the
    /// worker) with `threads` search threads.
    fn bench(&self, depth: Option<u32>, hash_mb: usize, threads: usize) -> BenchReport;
    /// [`EngineSession::bench`] over `positions` (in the game's notation)
    /// instead of the game's own; a position that does not parse is
    /// logged and skipped.
    fn bench_on(
        &self,
        positions: &[String],
        depth: Option<u32>,
        hash_mb: usize,
        threads: usize,
    ) -> BenchReport;
}

/// The session of one game kind `G`.
pub struct GameSession<G: Game> {
    game: G,
    position: G::Pos,
    worker: SearchWorker<G::Pos, G::Search>,
}

impl<G: Game> GameSession<G> {
    pub fn new(events: Sender<SearchEvent>, hash_mb: usize) -> Self {
        let game = G::new();
        game.prepare_session();
        let position = game.start_position();
        GameSession {
            game,
            position,
            worker: SearchWorker::spawn(events, hash_mb),
        }
    }
}

impl<G: Game> GameSession<G> {
    fn parse_searchmoves(
        &self,
        searchmoves: &[String],
        notation: MoveNotation,
    ) -> Result<Vec<<G::Pos as RulesPosition>::Move>, EngineError> {
        searchmoves
            .iter()
            .map(|text| {
                self.position.parse_move(text, notation).map_err(|e| {
                    EngineError::from(e).within(&format!("searchmoves '{}'", shorten(text)))
                })
            })
            .collect()
    }
}

impl<G: Game> EngineSession for GameSession<G> {
    fn variant(&self) -> &'static str {
        G::ID
    }

    fn game_options(&self) -> Vec<OptionSpec> {
        self.game.options()
    }

    fn single_line_search(&self) -> Option<String> {
        self.game.single_line_search()
    }

    fn ubgi_keys(&self) -> &'static [DialectKey] {
        self.game.ubgi_keys()
    }

    fn set_game_option(&mut self, name: &str, value: &str) -> Result<(), EngineError> {
        let restarts = self.game.option_restarts_game(name, value);
        self.game.set_option(name, value)?;
        if restarts {
            self.worker.stop();
            self.worker.wait_idle();
            self.new_game();
        } else {
            // Rule options apply to the current position at once.
            self.game.prepare_search(&mut self.position);
        }
        Ok(())
    }

    fn new_game(&mut self) {
        self.position = self.game.start_position();
        self.worker.clear_hash();
    }

    fn new_game_with(&mut self, arg: &str) -> Result<(), EngineError> {
        self.game.new_game_argument(arg)?;
        self.new_game();
        Ok(())
    }

    fn check_new_game_with(&self, arg: &str) -> Result<(), EngineError> {
        Ok(self.game.clone().new_game_argument(arg)?)
    }

    fn check_searchmoves(
        &self,
        searchmoves: &[String],
        notation: MoveNotation,
    ) -> Result<(), EngineError> {
        self.parse_searchmoves(searchmoves, notation).map(|_| ())
    }

    fn position_keywords(&self) -> &'static [&'static str] {
        self.game.position_keywords()
    }

    fn notation_label(&self) -> &'static str {
        self.game.notation_label()
    }

    fn uci_notation_label(&self) -> &'static str {
        self.game.uci_notation_label()
    }

    fn set_position(
        &mut self,
        base: Option<&str>,
        moves: &[String],
        notation: MoveNotation,
    ) -> Result<(), EngineError> {
        let mut pos = match base {
            None => self.game.start_position(),
            Some(text) => self.game.parse_position(text)?,
        };
        for (i, text) in moves.iter().enumerate() {
            let mv = pos.parse_move(text, notation).map_err(|e| {
                EngineError::from(e).within(&format!("move {} '{}'", i + 1, shorten(text)))
            })?;
            pos.play(mv);
        }
        self.game.adopt_position(&pos);
        self.position = pos;
        Ok(())
    }

    fn go(
        &mut self,
        limits: SearchLimits,
        settings: SearchSettings,
        searchmoves: &[String],
        notation: MoveNotation,
    ) -> Result<Vec<String>, EngineError> {
        let restrict = self.parse_searchmoves(searchmoves, notation)?;
        let mut position = self.position.clone();
        self.game.prepare_search(&mut position);
        let mut settings = settings;
        self.game.search_settings(&mut settings);
        self.worker.start(Job {
            position,
            limits,
            settings,
            searchmoves: restrict,
            formatter: pv_formatter::<G::Pos>(notation),
        });
        Ok(self.position.search_notes())
    }

    fn stop(&self) {
        self.worker.stop();
    }

    fn ponderhit(&self) {
        self.worker.ponderhit();
    }

    fn is_searching(&self) -> bool {
        self.worker.is_searching()
    }

    fn wait_idle(&self) {
        self.worker.wait_idle();
    }

    fn perft_divide(&self, depth: u32, notation: MoveNotation) -> Vec<(String, u64)> {
        self.position.perft_divide(depth, notation)
    }

    fn legal_moves(&self, notation: MoveNotation) -> Vec<String> {
        let mut moves = Vec::new();
        self.position.generate_legal(&mut moves);
        moves
            .into_iter()
            .map(|m| self.position.format_move(m, notation))
            .collect()
    }

    fn diagram(&self) -> String {
        self.position.diagram()
    }

    fn set_chance(&mut self, outcome: Option<&str>) -> Result<(), EngineError> {
        let mut pos = self.position.clone();
        pos.set_chance_outcome(outcome)?;
        self.position = pos;
        Ok(())
    }

    fn chance_outcome(&self) -> Option<String> {
        self.position.chance_outcome()
    }

    fn decision(&self) -> Decision {
        self.position.decision()
    }

    fn side_to_move(&self) -> usize {
        self.position.side_to_move()
    }

    fn outcome(&self) -> Option<Outcome> {
        self.position.outcome()
    }

    fn notation(&self, notation: MoveNotation) -> String {
        self.position.to_notation_for(notation)
    }

    fn notation_after(
        &self,
        base: &str,
        mv: &str,
        notation: MoveNotation,
    ) -> Result<String, EngineError> {
        let mut pos = self.game.parse_position(base)?;
        let parsed = pos.parse_move(mv, notation)?;
        pos.play(parsed);
        Ok(pos.to_notation_for(notation))
    }

    fn set_hash_mb(&self, mb: usize) {
        self.worker.set_hash_mb(mb);
    }

    fn clear_hash(&self) {
        self.worker.clear_hash();
    }

    fn bench(&self, depth: Option<u32>, hash_mb: usize, threads: usize) -> BenchReport {
        self.bench_on(&self.game.bench_positions(), depth, hash_mb, threads)
    }

    fn bench_on(
        &self,
        positions: &[String],
        depth: Option<u32>,
        hash_mb: usize,
        threads: usize,
    ) -> BenchReport {
        let depth = depth.unwrap_or_else(|| self.game.bench_depth());
        let stop = AtomicBool::new(false);
        self.game.prepare_bench();
        let start = Instant::now();
        let mut report = BenchReport {
            positions: Vec::new(),
            nodes: 0,
            elapsed_ms: 0,
        };
        for text in positions {
            let Ok(position) = self.game.parse_bench_position(text) else {
                log::error!("bench position does not parse: {text}");
                continue;
            };
            // A fresh table per position, like `ucinewgame` in Stockfish's
            // bench, so the node total is a stable signature.
            let mut searcher = G::Search::new(hash_mb);
            let job = Job {
                position,
                limits: SearchLimits {
                    depth: Some(depth),
                    ..Default::default()
                },
                settings: SearchSettings {
                    threads,
                    ..SearchSettings::default()
                },
                searchmoves: Vec::new(),
                formatter: pv_formatter::<G::Pos>(MoveNotation::Native),
            };
            let root = job.position.clone();
            let started = Instant::now();
            let result = searcher.run(job, &stop, None, &mut |_| {});
            report.nodes += result.nodes;
            report.positions.push(BenchPosition {
                notation: text.clone(),
                nodes: result.nodes,
                time_ms: started.elapsed().as_millis() as u64,
                best: result.best.map_or_else(
                    || "(none)".to_string(),
                    |m| root.format_move(m, MoveNotation::Native),
                ),
            });
        }
        report.elapsed_ms = start.elapsed().as_millis() as u64;
        report
    }
}
