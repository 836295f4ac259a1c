//! The session loop's CECP side: once `xboard` selected the dialect, every
//! input line and search event comes here. The engine keeps the game (moves
//! since the start or the last `setboard`), thinks when it is on move and
//! not in force mode, answers with `move <m>` and announces a game that a
//! rule ended with a result line. See protocol-spec/cecp.md.

use super::super::cecp::{self, CecpCommand, CecpState};
use super::{Daemon, ENGINE_NAME};
use crate::engine::EngineError;
use crate::rules::Side;
use crate::search::SearchEvent;

impl Daemon {
    /// `xboard`: a fresh CECP game (the game is Makruk, chosen by the
    /// dialect). Prints nothing; `protover` gets the features.
    pub(super) fn cecp_start(&mut self) {
        self.cecp_abort();
        self.cecp = CecpState::default();
        self.session.new_game();
    }

    /// Handles one CECP line; false means quit.
    pub(super) fn cecp_line(&mut self, line: &str) -> bool {
        let command = match cecp::parse(line) {
            Ok(Some(c)) => c,
            Ok(None) => return true,
            Err(e) => {
                self.send(e.to_string());
                return true;
            }
        };
        match command {
            CecpCommand::Quit => return false,
            CecpCommand::Xboard | CecpCommand::Ignored => {}
            CecpCommand::Protover(_) => {
                let variants = self.dialect.variants();
                self.send(cecp::features(ENGINE_NAME, &variants));
            }
            CecpCommand::New => {
                self.cecp_abort();
                self.cecp.new_game();
                self.session.new_game();
            }
            CecpCommand::Variant(v) => {
                if !self.dialect.variants().contains(&v.as_str()) || !self.switch_variant(&v) {
                    self.send(format!("Error (unsupported variant): variant {v}"));
                }
            }
            CecpCommand::Force => {
                self.cecp_abort();
                self.cecp.force = true;
            }
            CecpCommand::Go => {
                self.cecp_abort();
                self.cecp.force = false;
                // CECP plays two-player games only: the player is 0 or 1.
                if let Some(side) = Side::from_index(self.session.side_to_move()) {
                    self.cecp.engine_side = side;
                }
                self.cecp_think();
            }
            CecpCommand::PlayOther => {
                self.cecp_abort();
                self.cecp.force = false;
                if let Some(side) = Side::from_index(self.session.side_to_move()) {
                    self.cecp.engine_side = side.other();
                }
            }
            CecpCommand::SetSide(side) => {
                // Protocol v1: only the engine's colour changes here (the
                // side to move comes from the moves and the FEN).
                self.cecp_abort();
                self.cecp.engine_side = side.other();
            }
            CecpCommand::Level {
                mps,
                base_ms,
                inc_ms,
            } => {
                self.cecp.mps = mps;
                self.cecp.base_ms = base_ms;
                self.cecp.inc_ms = inc_ms;
                self.cecp.st_ms = None;
            }
            CecpCommand::St(ms) => self.cecp.st_ms = Some(ms),
            CecpCommand::Sd(d) => self.cecp.depth = Some(d),
            CecpCommand::Time(cs) => self.cecp.time_cs = Some(cs),
            CecpCommand::Otim(cs) => self.cecp.otim_cs = Some(cs),
            CecpCommand::Post(on) => self.cecp.post = on,
            CecpCommand::Ping(n) => self.send(format!("pong {n}")),
            CecpCommand::MoveNow => {
                // The move is played and sent before the next line is read:
                // a `force` or `new` right behind `?` must not lose it.
                if self.cecp.thinking {
                    self.stop_and_wait();
                }
            }
            CecpCommand::Result(_) => {
                self.cecp_abort();
                self.cecp.over = true;
            }
            CecpCommand::SetBoard(fen) => self.cecp_setboard(&fen),
            CecpCommand::Draw => {
                // Accepted exactly when a rule already drew the game.
                if self.session.outcome().is_some_and(|o| o.is_draw()) {
                    self.send("offer draw");
                }
            }
            CecpCommand::Undo => self.cecp_take_back(1),
            CecpCommand::Remove => self.cecp_take_back(2),
            CecpCommand::UserMove(m) => self.cecp_usermove(&m),
        }
        true
    }

    /// A search event: thinking output, or the engine's move.
    pub(super) fn cecp_event(&mut self, event: SearchEvent) {
        match event {
            SearchEvent::Info(info) => {
                if self.cecp.thinking && self.cecp.post && info.multipv <= 1 {
                    self.send(cecp::thinking_line(&info));
                }
            }
            SearchEvent::BestMove { best, .. } => {
                if !self.cecp.thinking {
                    // A search given up by force/new/usermove/...: no move.
                    return;
                }
                self.cecp.thinking = false;
                match best {
                    Some(m) => match self.cecp_play(&m) {
                        Ok(played) => {
                            // A counting draw is offered before the move
                            // that reaches it, as the protocol asks.
                            self.cecp_offer_counting_draw();
                            self.send(format!("move {played}"));
                            self.cecp_announce_end();
                        }
                        Err(e) => {
                            log::error!("engine move {m} refused: {e}");
                            self.send(format!("tellusererror engine move {m} refused: {e}"));
                        }
                    },
                    None => {
                        if !self.cecp_announce_end() {
                            self.send("resign");
                        }
                    }
                }
            }
            SearchEvent::Checkmate(_) => {}
        }
    }

    /// Starts thinking when the engine is on move and may move.
    fn cecp_think(&mut self) {
        if self.cecp.force
            || self.cecp.over
            || self.cecp.thinking
            || self.session.side_to_move() != self.cecp.engine_side.index()
        {
            return;
        }
        if self.cecp_announce_end() {
            return;
        }
        let limits = self.cecp.limits();
        let settings = self.options.search_settings();
        let notation = self.dialect.move_notation();
        match self.session.go(limits, settings, &[], notation) {
            Ok(_) => self.cecp.thinking = true,
            Err(e) => self.send(format!("Error (cannot think: {e}): go")),
        }
    }

    /// Gives up a running search: its move will not be played.
    fn cecp_abort(&mut self) {
        self.cecp.thinking = false;
        self.stop_and_wait();
    }

    /// Plays `text` after the game's moves (trying XBoard's promotion
    /// spellings); returns the spelling the game accepted.
    fn cecp_play(&mut self, text: &str) -> Result<String, EngineError> {
        let notation = self.dialect.move_notation();
        let mut first_error = None;
        for spelling in cecp::move_spellings(text) {
            let mut moves = self.cecp.moves.clone();
            moves.push(spelling.clone());
            match self
                .session
                .set_position(self.cecp.base.as_deref(), &moves, notation)
            {
                Ok(()) => {
                    self.cecp.moves = moves;
                    return Ok(spelling);
                }
                Err(e) => {
                    first_error.get_or_insert(e);
                }
            }
        }
        Err(first_error.unwrap_or_else(|| EngineError::bad_value("not a move")))
    }

    fn cecp_usermove(&mut self, text: &str) {
        let shown = crate::protocol::command::shorten(text);
        if self.cecp.over {
            self.send(format!("Illegal move (the game is over): {shown}"));
            return;
        }
        // A move while the engine thinks: its search is given up.
        self.cecp_abort();
        if self.cecp_play(text).is_err() {
            self.send(format!("Illegal move: {shown}"));
            // The game is unchanged: think again if it is the engine's move.
            self.cecp_think();
            return;
        }
        if !self.cecp_announce_end() {
            self.cecp_think();
        }
    }

    fn cecp_setboard(&mut self, fen: &str) {
        // Parse, then swap: a refused FEN changes nothing, a running search
        // included (it searches its own copy of the old position).
        let notation = self.dialect.move_notation();
        match self.session.set_position(Some(fen), &[], notation) {
            Ok(()) => {
                self.cecp_abort();
                self.cecp.base = Some(fen.to_string());
                self.cecp.moves.clear();
                self.cecp.over = false;
            }
            Err(e) => {
                // The protocol's answer to a position the engine refuses.
                self.send(format!("tellusererror Illegal position: {e}"));
            }
        }
    }

    fn cecp_take_back(&mut self, plies: usize) {
        let word = if plies == 1 { "undo" } else { "remove" };
        if self.cecp.moves.len() < plies {
            // Refused: a running search goes on.
            self.send(format!("Error (no move to take back): {word}"));
            return;
        }
        self.cecp_abort();
        let keep = self.cecp.moves.len() - plies;
        self.cecp.moves.truncate(keep);
        self.cecp.over = false;
        let notation = self.dialect.move_notation();
        if let Err(e) =
            self.session
                .set_position(self.cecp.base.as_deref(), &self.cecp.moves, notation)
        {
            log::error!("take back: {e}");
        }
    }

    /// Offers a draw (once a game) when the counting rule drew the game.
    fn cecp_offer_counting_draw(&mut self) {
        if !self.cecp.offered
            && self
                .session
                .outcome()
                .is_some_and(|o| cecp::is_counting_draw(&o))
        {
            self.cecp.offered = true;
            self.send("offer draw");
        }
    }

    /// Prints the result line when the current position ends the game by a
    /// rule; true when it did. A counting draw is offered instead (XBoard
    /// cannot verify it) and play goes on until the GUI ends the game.
    fn cecp_announce_end(&mut self) -> bool {
        match self.session.outcome() {
            Some(outcome) if cecp::is_counting_draw(&outcome) => {
                self.cecp_offer_counting_draw();
                false
            }
            Some(outcome) => {
                self.cecp.over = true;
                self.send(cecp::result_line_for(&outcome));
                true
            }
            None => false,
        }
    }
}
