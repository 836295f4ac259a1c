//! The session loop's CECP side: once `xboard` selected the dialect, every
//! input line and search event comes here. The engine keeps the game (moves
//! since the start or the last `setboard`), thinks when it is on move and
//! not in force mode, answers with `move <m>` and announces a game that a
//! rule ended with a result line. See protocol-spec/cecp.md.

use crate::engine::EngineError;
use crate::protocol::daemon::{Core, DialectSide, ENGINE_NAME, Flow};
use crate::protocol::dialects::cecp::{self, CecpCommand, CecpState};
use crate::rules::Side;
use crate::search::SearchEvent;

impl DialectSide for CecpState {
    /// `xboard`: a fresh CECP game (the game is Makruk, chosen by the
    /// dialect). Prints nothing; `protover` gets the features.
    fn start(&mut self, core: &mut Core) {
        self.abort(core);
        *self = CecpState::default();
        core.session.new_game();
    }

    fn line(&mut self, core: &mut Core, line: &str) -> Flow {
        let Some(command) = core.command(cecp::parse(line), |core, e| core.send(e.to_string()))
        else {
            return Flow::Continue;
        };
        self.command(core, command)
    }

    /// A search event: thinking output, or the engine's move.
    fn event(&mut self, core: &mut Core, event: SearchEvent) {
        match event {
            SearchEvent::Info(info) => {
                if self.thinking && self.post && info.multipv <= 1 {
                    core.send(cecp::thinking_line(&info));
                }
            }
            SearchEvent::BestMove { best, .. } => {
                if !self.thinking {
                    // A search given up by force/new/usermove/...: no move.
                    return;
                }
                self.thinking = false;
                match best {
                    Some(m) => self.play_own_move(core, &m),
                    None => {
                        if !self.announce_end(core) {
                            core.send("resign");
                        }
                    }
                }
            }
            SearchEvent::Checkmate(_) => {}
        }
    }
}

impl CecpState {
    fn command(&mut self, core: &mut Core, command: CecpCommand) -> Flow {
        match command {
            CecpCommand::Quit => return Flow::Quit,
            CecpCommand::Xboard | CecpCommand::Ignored => {}
            CecpCommand::Protover(_) => {
                let variants = core.dialect.variants();
                core.send(cecp::features(ENGINE_NAME, &variants));
            }
            CecpCommand::New => {
                self.abort(core);
                self.new_game();
                core.session.new_game();
            }
            CecpCommand::Variant(v) => {
                if !core.dialect.variants().contains(&v.as_str()) || !core.switch_variant(self, &v)
                {
                    core.send(format!("Error (unsupported variant): variant {v}"));
                }
            }
            CecpCommand::Force => {
                self.abort(core);
                self.force = true;
            }
            CecpCommand::Go => {
                self.abort(core);
                self.force = false;
                // CECP plays two-player games only: the player is 0 or 1.
                if let Some(side) = Side::from_index(core.session.side_to_move()) {
                    self.engine_side = side;
                }
                self.think(core);
            }
            CecpCommand::PlayOther => {
                self.abort(core);
                self.force = false;
                if let Some(side) = Side::from_index(core.session.side_to_move()) {
                    self.engine_side = side.other();
                }
            }
            CecpCommand::SetSide(side) => {
                // Protocol v1: only the engine's colour changes here (the
                // side to move comes from the moves and the FEN).
                self.abort(core);
                self.engine_side = side.other();
            }
            CecpCommand::Level {
                mps,
                base_ms,
                inc_ms,
            } => {
                self.mps = mps;
                self.base_ms = base_ms;
                self.inc_ms = inc_ms;
                self.st_ms = None;
            }
            CecpCommand::St(ms) => self.st_ms = Some(ms),
            CecpCommand::Sd(d) => self.depth = Some(d),
            CecpCommand::Time(cs) => self.time_cs = Some(cs),
            CecpCommand::Otim(cs) => self.otim_cs = Some(cs),
            CecpCommand::Post(on) => self.post = on,
            CecpCommand::Ping(n) => core.send(format!("pong {n}")),
            // From the next search on: a running one keeps its threads,
            // as the protocol allows.
            CecpCommand::Cores(n) => match core.set_threads(n) {
                Some(text) if self.comments => core.note(&text),
                Some(text) => log::warn!("{text}"),
                None => {}
            },
            CecpCommand::NoComments => self.comments = false,
            CecpCommand::MoveNow => {
                // The move is played and sent before the next line is read:
                // a `force` or `new` right behind `?` must not lose it.
                if self.thinking {
                    core.stop_and_wait(self);
                }
            }
            CecpCommand::Result(_) => {
                self.abort(core);
                self.over = true;
            }
            CecpCommand::SetBoard(fen) => self.setboard(core, &fen),
            CecpCommand::Draw => {
                // Accepted exactly when a rule already drew the game.
                if core.session.outcome().is_some_and(|o| o.is_draw()) {
                    core.send("offer draw");
                }
            }
            CecpCommand::Undo => self.take_back(core, 1),
            CecpCommand::Remove => self.take_back(core, 2),
            CecpCommand::UserMove(m) => self.usermove(core, &m),
        }
        Flow::Continue
    }

    /// The engine's move: played, announced, and the game's end after it.
    fn play_own_move(&mut self, core: &mut Core, m: &str) {
        match self.play(core, m) {
            Ok(played) => {
                // A counting draw is offered before the move
                // that reaches it, as the protocol asks.
                self.offer_counting_draw(core);
                core.send(format!("move {played}"));
                self.announce_end(core);
            }
            Err(e) => {
                log::error!("engine move {m} refused: {e}");
                core.send(format!("tellusererror engine move {m} refused: {e}"));
            }
        }
    }

    /// Starts thinking when the engine is on move and may move.
    fn think(&mut self, core: &mut Core) {
        if self.force
            || self.over
            || self.thinking
            || core.session.side_to_move() != self.engine_side.index()
        {
            return;
        }
        if self.announce_end(core) {
            return;
        }
        let limits = self.limits();
        let settings = core.options.search_settings();
        let notation = core.speech().move_notation();
        match core.session.go(limits, settings, &[], notation) {
            Ok(_) => self.thinking = true,
            Err(e) => core.send(format!("Error (cannot think: {e}): go")),
        }
    }

    /// Gives up a running search: its move will not be played.
    fn abort(&mut self, core: &mut Core) {
        self.thinking = false;
        core.stop_and_wait(self);
    }

    /// Plays `text` after the game's moves (trying XBoard's promotion
    /// spellings); returns the spelling the game accepted.
    fn play(&mut self, core: &mut Core, text: &str) -> Result<String, EngineError> {
        let notation = core.speech().move_notation();
        let mut first_error = None;
        for spelling in cecp::move_spellings(text) {
            let mut moves = self.moves.clone();
            moves.push(spelling.clone());
            match core
                .session
                .set_position(self.base.as_deref(), &moves, notation)
            {
                Ok(()) => {
                    self.moves = moves;
                    return Ok(spelling);
                }
                Err(e) => {
                    first_error.get_or_insert(e);
                }
            }
        }
        Err(first_error.unwrap_or_else(|| EngineError::bad_value("not a move")))
    }

    fn usermove(&mut self, core: &mut Core, text: &str) {
        let shown = crate::protocol::command::shorten(text);
        if self.over {
            core.send(format!("Illegal move (the game is over): {shown}"));
            return;
        }
        // A move while the engine thinks: its search is given up.
        self.abort(core);
        if self.play(core, text).is_err() {
            core.send(format!("Illegal move: {shown}"));
            // The game is unchanged: think again if it is the engine's move.
            self.think(core);
            return;
        }
        if !self.announce_end(core) {
            self.think(core);
        }
    }

    fn setboard(&mut self, core: &mut Core, fen: &str) {
        // Parse, then swap: a refused FEN changes nothing, a running search
        // included (it searches its own copy of the old position).
        let notation = core.speech().move_notation();
        match core.session.set_position(Some(fen), &[], notation) {
            Ok(()) => {
                self.abort(core);
                self.base = Some(fen.to_string());
                self.moves.clear();
                self.over = false;
            }
            Err(e) => {
                // The protocol's answer to a position the engine refuses.
                core.send(format!("tellusererror Illegal position: {e}"));
            }
        }
    }

    fn take_back(&mut self, core: &mut Core, plies: usize) {
        let word = if plies == 1 { "undo" } else { "remove" };
        if self.moves.len() < plies {
            // Refused: a running search goes on.
            core.send(format!("Error (no move to take back): {word}"));
            return;
        }
        self.abort(core);
        let keep = self.moves.len() - plies;
        self.moves.truncate(keep);
        self.over = false;
        let notation = core.speech().move_notation();
        if let Err(e) = core
            .session
            .set_position(self.base.as_deref(), &self.moves, notation)
        {
            log::error!("take back: {e}");
        }
    }

    /// Offers a draw (once a game) when the counting rule drew the game.
    fn offer_counting_draw(&mut self, core: &mut Core) {
        if !self.offered
            && core
                .session
                .outcome()
                .is_some_and(|o| cecp::is_counting_draw(&o))
        {
            self.offered = true;
            core.send("offer draw");
        }
    }

    /// Prints the result line when the current position ends the game by a
    /// rule; true when it did. A counting draw is offered instead (XBoard
    /// cannot verify it) and play goes on until the GUI ends the game.
    fn announce_end(&mut self, core: &mut Core) -> bool {
        match core.session.outcome() {
            Some(outcome) if cecp::is_counting_draw(&outcome) => {
                self.offer_counting_draw(core);
                false
            }
            Some(outcome) => {
                self.over = true;
                core.send(cecp::result_line_for(&outcome));
                true
            }
            None => false,
        }
    }
}
