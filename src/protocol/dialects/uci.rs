//! UCI, the dialect every game speaks and the head of its family: its
//! words are [`Speech`]'s defaults, which USI and TEI change in part. The
//! family's grammar is `protocol::command` and its session loop
//! [`side`]; protocol-spec/uci.md is the contract.

pub mod side;

use super::Speech;
use crate::engine::EngineSession;

/// UCI.
pub struct Uci;

impl Speech for Uci {
    fn handshake_ok(&self) -> &'static str {
        "uciok"
    }

    fn new_game_word(&self) -> &'static str {
        "ucinewgame"
    }

    /// `uci` keeps the game; `UCI_Variant` switches it.
    fn handshake_keeps_game(&self) -> bool {
        true
    }

    /// A FEN over UCI, whatever the game's own notation is called.
    fn position_label(&self, session: &dyn EngineSession) -> &'static str {
        session.uci_notation_label()
    }

    fn variant_option(&self) -> Option<&'static str> {
        Some("UCI_Variant")
    }
}
