//! Dialects: what differs between UCI, USI, TEI and UBGI once a line is
//! parsed — the handshake reply, option spelling, which clock belongs to
//! which player, how scores and "no move" are written, which move notation
//! the games should use, and the default game.
//!
//! Only UCI is spoken today; the others slot in here (and in the games
//! registry) without touching game code.

use super::command::{GoParams, Handshake};
use crate::games::MoveNotation;
use crate::search::{Bound, Score, SearchLimits};

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Dialect {
    pub handshake: Handshake,
}

impl Default for Dialect {
    fn default() -> Self {
        Dialect {
            handshake: Handshake::Uci,
        }
    }
}

/// The engine-wide options every dialect has, under their dialect names.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CommonOption {
    Variant,
    Hash,
    ClearHash,
    MultiPv,
    Ponder,
    MoveOverhead,
}

impl Dialect {
    /// True when this handshake word is spoken by tabula today.
    pub fn is_supported(handshake: Handshake) -> bool {
        matches!(handshake, Handshake::Uci)
    }

    pub fn name(&self) -> &'static str {
        match self.handshake {
            Handshake::Uci => "uci",
            Handshake::Usi => "usi",
            Handshake::Tei => "tei",
            Handshake::Ubgi => "ubgi",
        }
    }

    /// The last line of the handshake reply.
    pub fn handshake_ok(&self) -> &'static str {
        match self.handshake {
            Handshake::Uci => "uciok",
            Handshake::Usi => "usiok",
            Handshake::Tei => "teiok",
            Handshake::Ubgi => "ubgiok",
        }
    }

    /// How an engine-wide option is spelled in this dialect.
    pub fn option_name(&self, option: CommonOption) -> &'static str {
        let usi = self.handshake == Handshake::Usi;
        match option {
            CommonOption::Variant => "UCI_Variant",
            CommonOption::Hash if usi => "USI_Hash",
            CommonOption::Hash => "Hash",
            CommonOption::ClearHash => "Clear Hash",
            CommonOption::MultiPv if usi => "USI_MultiPV",
            CommonOption::MultiPv => "MultiPV",
            CommonOption::Ponder if usi => "USI_Ponder",
            CommonOption::Ponder => "Ponder",
            CommonOption::MoveOverhead => "Move Overhead",
        }
    }

    /// Which move notation games write in this dialect.
    pub fn move_notation(&self) -> MoveNotation {
        match self.handshake {
            Handshake::Uci => MoveNotation::Uci,
            _ => MoveNotation::Native,
        }
    }

    /// Maps `go` clocks to players: USI's `btime` is the first player's.
    pub fn limits(&self, go: &GoParams) -> SearchLimits {
        let (first_time, second_time, first_inc, second_inc) = match self.handshake {
            Handshake::Usi => (go.btime, go.wtime, go.binc, go.winc),
            _ => (go.wtime, go.btime, go.winc, go.binc),
        };
        // Stockfish searches without end when `go` has no limit at all.
        let no_limit = first_time.is_none()
            && second_time.is_none()
            && go.depth.is_none()
            && go.nodes.is_none()
            && go.mate.is_none()
            && go.movetime.is_none()
            && go.byoyomi.is_none();
        SearchLimits {
            time: [first_time, second_time],
            inc: [first_inc, second_inc],
            // `movestogo 0` would mean "the control is now": treat as absent.
            movestogo: go.movestogo.filter(|&n| n > 0),
            byoyomi: go.byoyomi,
            depth: go.depth,
            nodes: go.nodes,
            mate: go.mate,
            movetime: go.movetime,
            infinite: go.infinite || (no_limit && !go.ponder),
            ponder: go.ponder,
        }
    }

    /// `cp 34`, `mate 3`, `mate -2` (UCI: moves) or `mate 5` (USI: plies),
    /// with the bound suffix.
    pub fn format_score(&self, score: Score, bound: Bound) -> String {
        let body = match score {
            Score::Cp(cp) => format!("cp {cp}"),
            Score::MatePlies(plies) if self.handshake == Handshake::Usi => format!("mate {plies}"),
            Score::MatePlies(plies) => {
                // A mate delivered in p plies is (p + 1) / 2 of our moves; being
                // mated in p plies is p / 2 of the opponent's moves.
                let moves = if plies > 0 {
                    (plies + 1) / 2
                } else {
                    -((-plies) / 2)
                };
                format!("mate {moves}")
            }
        };
        match bound {
            Bound::Exact => body,
            Bound::Lower => format!("{body} lowerbound"),
            Bound::Upper => format!("{body} upperbound"),
        }
    }

    /// The final answer of a search.
    pub fn format_bestmove(&self, best: Option<&str>, ponder: Option<&str>) -> String {
        match (best, ponder) {
            (Some(b), Some(p)) => format!("bestmove {b} ponder {p}"),
            (Some(b), None) => format!("bestmove {b}"),
            (None, _) if self.handshake == Handshake::Usi => "bestmove resign".to_string(),
            (None, _) => "bestmove (none)".to_string(),
        }
    }

    /// An error line; UBGI has its own form, the rest use `info string`.
    pub fn format_error(&self, message: &str) -> String {
        format!("info string error: {message}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mate_scores_in_moves_for_uci_and_plies_for_usi() {
        let uci = Dialect::default();
        assert_eq!(
            uci.format_score(Score::MatePlies(1), Bound::Exact),
            "mate 1"
        );
        assert_eq!(
            uci.format_score(Score::MatePlies(3), Bound::Exact),
            "mate 2"
        );
        assert_eq!(
            uci.format_score(Score::MatePlies(-2), Bound::Exact),
            "mate -1"
        );
        assert_eq!(
            uci.format_score(Score::MatePlies(0), Bound::Exact),
            "mate 0"
        );
        assert_eq!(
            uci.format_score(Score::Cp(-12), Bound::Lower),
            "cp -12 lowerbound"
        );
        let usi = Dialect {
            handshake: Handshake::Usi,
        };
        assert_eq!(
            usi.format_score(Score::MatePlies(3), Bound::Exact),
            "mate 3"
        );
    }

    #[test]
    fn clocks_map_to_players() {
        let go = GoParams {
            wtime: Some(1),
            btime: Some(2),
            ..Default::default()
        };
        assert_eq!(Dialect::default().limits(&go).time, [Some(1), Some(2)]);
        assert_eq!(
            Dialect {
                handshake: Handshake::Usi
            }
            .limits(&go)
            .time,
            [Some(2), Some(1)]
        );
        assert!(Dialect::default().limits(&GoParams::default()).infinite);
        assert!(
            !Dialect::default()
                .limits(&GoParams {
                    ponder: true,
                    wtime: Some(5),
                    ..Default::default()
                })
                .infinite
        );
    }

    #[test]
    fn no_move() {
        assert_eq!(
            Dialect::default().format_bestmove(None, None),
            "bestmove (none)"
        );
        assert_eq!(
            Dialect {
                handshake: Handshake::Usi
            }
            .format_bestmove(None, None),
            "bestmove resign"
        );
    }
}
