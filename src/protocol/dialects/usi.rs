//! USI, Shogi's dialect (Ōgi's native one): UCI's family with its own
//! option names, sente's clock first, mate scores in plies, `resign` for
//! no move and `go mate` as a checks-only mate search. It shares UCI's
//! grammar and session loop; protocol-spec/ogi.md §3 is the contract.

use super::{GameEnd, Speech, bestmove_line, clock_limits};
use crate::games::MoveNotation;
use crate::protocol::command::GoParams;
use crate::protocol::options::CommonOption;
use crate::search::SearchLimits;

/// USI.
pub struct Usi;

impl Speech for Usi {
    fn handshake_ok(&self) -> &'static str {
        "usiok"
    }

    fn new_game_word(&self) -> &'static str {
        "usinewgame"
    }

    fn move_notation(&self) -> MoveNotation {
        MoveNotation::Native
    }

    /// USI's first player (sente) is Black, so its clock is `btime`.
    fn clock_words(&self) -> [(&'static str, &'static str); 2] {
        [("btime", "binc"), ("wtime", "winc")]
    }

    fn common_options(&self) -> &'static [CommonOption] {
        use CommonOption::*;
        &[Threads, Hash, Ponder, MultiPv, ClearHash, MoveOverhead]
    }

    fn option_name(&self, option: CommonOption) -> &'static str {
        match option {
            CommonOption::Variant => "UCI_Variant",
            // USI has no reserved name for it; shogi engines say `Threads`.
            CommonOption::Threads => "Threads",
            CommonOption::Hash => "USI_Hash",
            CommonOption::ClearHash => "ClearHash",
            CommonOption::MultiPv => "USI_MultiPV",
            CommonOption::Ponder => "USI_Ponder",
            CommonOption::MoveOverhead => "MoveOverhead",
        }
    }

    /// Every parameter the family's grammar reads is USI's.
    fn check_go(&self, _go: &GoParams) -> Result<(), crate::engine::EngineError> {
        Ok(())
    }

    /// `go mate <ms>|infinite` is a checks-only mate search.
    fn limits(&self, go: &GoParams) -> SearchLimits {
        if go.mate.is_some() || go.mate_infinite {
            return SearchLimits {
                movetime: go.mate.map(i64::from),
                infinite: go.mate_infinite,
                tsume: true,
                ..Default::default()
            };
        }
        clock_limits(self.clock_words(), go)
    }

    /// Mate in plies, as USI counts.
    fn format_mate(&self, plies: i32) -> String {
        format!("mate {plies}")
    }

    fn format_bestmove(&self, best: Option<&str>, ponder: Option<&str>) -> String {
        bestmove_line(best, ponder, "resign")
    }

    /// Fairy-Stockfish's name.
    fn variant_option(&self) -> Option<&'static str> {
        Some("USI_Variant")
    }

    fn position_keyword(&self) -> &'static str {
        "sfen"
    }

    /// USI GUIs tell each engine how the game ended.
    fn game_over_line(&self, end: GameEnd) -> Option<String> {
        let word = match end {
            GameEnd::Won => "win",
            GameEnd::Lost => "lose",
            GameEnd::Drawn => "draw",
        };
        Some(format!("gameover {word}"))
    }
}
