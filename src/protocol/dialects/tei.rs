//! TEI, Tak's dialect as Racetrack speaks it: UCI's family with a size
//! after `teinewgame`, no pondering, no mate scores and no `info string`
//! during a search. It shares UCI's grammar and session loop;
//! protocol-spec/tak.md §4 is the contract.

use super::{Speech, bestmove_line};
use crate::engine::EngineError;
use crate::games::MoveNotation;
use crate::protocol::command::GoParams;
use crate::protocol::options::CommonOption;

/// The centipawn score TEI reports for a win found at the root.
const TEI_WIN: i32 = 20_000;

/// TEI.
pub struct Tei;

impl Speech for Tei {
    fn handshake_ok(&self) -> &'static str {
        "teiok"
    }

    fn new_game_word(&self) -> &'static str {
        "teinewgame"
    }

    /// `teinewgame <size>`.
    fn new_game_takes_argument(&self) -> bool {
        true
    }

    fn move_notation(&self) -> MoveNotation {
        MoveNotation::Native
    }

    fn common_options(&self) -> &'static [CommonOption] {
        use CommonOption::*;
        &[Threads, Hash, ClearHash, MultiPv, MoveOverhead]
    }

    fn check_go(&self, go: &GoParams) -> Result<(), EngineError> {
        let unsupported = if go.ponder {
            Some("ponder")
        } else if go.mate.is_some() || go.mate_infinite {
            Some("mate")
        } else if !go.searchmoves.is_empty() {
            Some("searchmoves")
        } else {
            None
        };
        match unsupported {
            Some(word) => Err(EngineError::unsupported(format!(
                "'{word}' is not a TEI go parameter"
            ))),
            None => Ok(()),
        }
    }

    /// Racetrack rejects `info string` lines during a search.
    fn info_strings_in_search(&self) -> bool {
        false
    }

    /// Racetrack reads only centipawns: a won road is 20000 - plies.
    fn format_mate(&self, plies: i32) -> String {
        let cp = if plies > 0 {
            TEI_WIN - plies
        } else {
            -TEI_WIN - plies
        };
        format!("cp {cp}")
    }

    /// TEI has no pondering: Racetrack expects the move alone.
    fn format_bestmove(&self, best: Option<&str>, _ponder: Option<&str>) -> String {
        bestmove_line(best, None, "(none)")
    }

    fn position_keyword(&self) -> &'static str {
        "tps"
    }
}
