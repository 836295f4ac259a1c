//! The daemon's side of each dialect: what differs between UCI, USI, TEI,
//! CECP, UBGI and Hub once a line is parsed — which game a handshake
//! selects, option spelling, which `go` parameters exist, how scores, "no
//! move" and errors are written. The enum itself and its pure data (wire
//! name, handshake reply, new-game word, clock words, move notation) are
//! [`crate::engine::Dialect`].

use super::command::{GoParams, MAX_CLOCKS};
pub use crate::engine::Dialect;
use crate::engine::{EngineError, registry};
use crate::search::{Bound, MateAnswer, Score, SearchLimits};

/// The centipawn score TEI reports for a win found at the root.
const TEI_WIN: i32 = 20_000;

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
    /// True when this handshake word is spoken by tabula today: UCI always,
    /// any other when a registered game speaks it.
    pub fn is_supported(self) -> bool {
        self == Dialect::Uci || registry::native_game(self).is_some()
    }

    /// The game a handshake selects: the first registered game that speaks
    /// it (TEI is Tak's protocol, USI Ōgi's, CECP is offered for Makruk).
    /// UCI keeps the current game (`UCI_Variant` picks one).
    pub fn native_variant(self) -> Option<&'static str> {
        match self {
            Dialect::Uci => None,
            _ => registry::native_game(self),
        }
    }

    /// The games this dialect can play, in registry order (the values of
    /// `UCI_Variant`, the variants CECP announces).
    pub fn variants(self) -> Vec<&'static str> {
        registry::games_speaking(self)
    }

    /// The engine-wide options of this dialect, in the order the handshake
    /// lists them. Only UCI can switch games.
    pub fn common_options(self) -> &'static [CommonOption] {
        use CommonOption::*;
        match self {
            Dialect::Usi => &[Hash, Ponder, MultiPv, ClearHash, MoveOverhead],
            Dialect::Tei => &[Hash, ClearHash, MultiPv, MoveOverhead],
            Dialect::Hub => &[Variant, Hash],
            _ => &[Variant, Hash, ClearHash, MultiPv, Ponder, MoveOverhead],
        }
    }

    /// Refuses `go` parameters this dialect does not have.
    pub fn check_go(self, go: &GoParams) -> Result<(), EngineError> {
        match self {
            Dialect::Tei => {
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
            Dialect::Usi => Ok(()),
            _ if go.mate_infinite => {
                Err(EngineError::bad_command("'mate' needs a number of moves"))
            }
            _ if go.mate == Some(0) => Err(EngineError::bad_value(
                "'mate' needs a number of moves of at least 1",
            )),
            _ => Ok(()),
        }
    }

    /// How an engine-wide option is spelled in this dialect.
    pub fn option_name(self, option: CommonOption) -> &'static str {
        let usi = self == Dialect::Usi;
        let hub = self == Dialect::Hub;
        match option {
            CommonOption::Variant if hub => "variant",
            CommonOption::Hash if hub => "hash",
            CommonOption::Variant => "UCI_Variant",
            CommonOption::Hash if usi => "USI_Hash",
            CommonOption::Hash => "Hash",
            CommonOption::ClearHash if usi => "ClearHash",
            CommonOption::ClearHash => "Clear Hash",
            CommonOption::MultiPv if usi => "USI_MultiPV",
            CommonOption::MultiPv => "MultiPV",
            CommonOption::Ponder if usi => "USI_Ponder",
            CommonOption::Ponder => "Ponder",
            CommonOption::MoveOverhead if usi => "MoveOverhead",
            CommonOption::MoveOverhead => "Move Overhead",
        }
    }

    pub fn limits(self, go: &GoParams) -> SearchLimits {
        let (first_time, second_time, first_inc, second_inc) = match self.clock_words()[0].0 {
            "btime" => (go.btime, go.wtime, go.binc, go.winc),
            _ => (go.wtime, go.btime, go.winc, go.binc),
        };
        // USI `go mate <ms>|infinite` is a checks-only mate search.
        let tsume = self == Dialect::Usi && (go.mate.is_some() || go.mate_infinite);
        if tsume {
            return SearchLimits {
                movetime: go.mate.map(i64::from),
                infinite: go.mate_infinite,
                tsume: true,
                ..Default::default()
            };
        }
        // Stockfish searches without end when `go` has no limit at all.
        let no_limit = first_time.is_none()
            && second_time.is_none()
            && go.player_time.iter().all(Option::is_none)
            && go.depth.is_none()
            && go.nodes.is_none()
            && go.mate.is_none()
            && go.movetime.is_none()
            && go.byoyomi.is_none();
        // `p<k>time` / `p<k>inc` name each player's clock and win over
        // the two-player words.
        let player_clocks = go
            .player_time
            .iter()
            .chain(&go.player_inc)
            .any(Option::is_some);
        let (time, inc) = if player_clocks {
            let pick = |k: usize, own: &[Option<i64>], two: [Option<i64>; 2]| {
                own.get(k)
                    .copied()
                    .flatten()
                    .or_else(|| two.get(k).copied().flatten())
            };
            (
                (0..MAX_CLOCKS)
                    .map(|k| pick(k, &go.player_time, [first_time, second_time]))
                    .collect(),
                (0..MAX_CLOCKS)
                    .map(|k| pick(k, &go.player_inc, [first_inc, second_inc]))
                    .collect(),
            )
        } else {
            (vec![first_time, second_time], vec![first_inc, second_inc])
        };
        SearchLimits {
            time,
            inc,
            player_clocks,
            // `movestogo 0` would mean "the control is now": treat as absent.
            movestogo: go.movestogo.filter(|&n| n > 0),
            byoyomi: go.byoyomi,
            depth: go.depth,
            nodes: go.nodes,
            mate: go.mate,
            movetime: go.movetime,
            infinite: go.infinite || (no_limit && !go.ponder),
            ponder: go.ponder,
            tsume: false,
        }
    }

    /// `cp 34`, `mate 3`, `mate -2` (UCI: moves) or `mate 5` (USI: plies),
    /// with the bound suffix.
    pub fn format_score(self, score: Score, bound: Bound) -> String {
        let body = match score {
            Score::Cp(cp) | Score::Equity(cp) => format!("cp {cp}"),
            // Racetrack reads only centipawns: a won road is 20000 - plies.
            Score::MatePlies(plies) if self == Dialect::Tei => {
                let cp = if plies > 0 {
                    TEI_WIN - plies
                } else {
                    -TEI_WIN - plies
                };
                format!("cp {cp}")
            }
            Score::MatePlies(plies) if self == Dialect::Usi => format!("mate {plies}"),
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
    pub fn format_bestmove(self, best: Option<&str>, ponder: Option<&str>) -> String {
        // TEI has no pondering: Racetrack expects the move alone.
        let ponder = ponder.filter(|_| self != Dialect::Tei);
        match (best, ponder) {
            (Some(b), Some(p)) => format!("bestmove {b} ponder {p}"),
            (Some(b), None) => format!("bestmove {b}"),
            (None, _) if self == Dialect::Usi => "bestmove resign".to_string(),
            (None, _) => "bestmove (none)".to_string(),
        }
    }

    /// The `checkmate` reply to USI `go mate`.
    pub fn format_checkmate(self, answer: &MateAnswer) -> String {
        match answer {
            MateAnswer::Found(line) if line.is_empty() => "checkmate nomate".to_string(),
            MateAnswer::Found(line) => format!("checkmate {}", line.join(" ")),
            MateAnswer::NoMate => "checkmate nomate".to_string(),
            MateAnswer::Timeout => "checkmate timeout".to_string(),
        }
    }

    /// An error line; CECP and UBGI have their own forms, the rest use
    /// `info string`.
    /// An error line in this dialect's form. UCI, USI and TEI have no
    /// error reply, so it is an `info string`; CECP has `Error (...)`; UBGI
    /// prints the kind's code word.
    pub fn format_error(self, error: &EngineError) -> String {
        let detail = &error.detail;
        match self {
            Dialect::Cecp => format!("Error (input rejected): {detail}"),
            Dialect::Ubgi => format!("error {} {detail}", error.kind.code()),
            Dialect::Hub => super::hub::format("error", &[("message", detail)]),
            Dialect::Uci | Dialect::Usi | Dialect::Tei => {
                format!("info string error: {detail}")
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::engine::ErrorKind;

    #[test]
    fn every_dialect_prints_every_error_kind_in_its_own_form() {
        let kinds = [
            ErrorKind::BadCommand,
            ErrorKind::BadValue,
            ErrorKind::BadState,
            ErrorKind::Unsupported,
        ];
        for kind in kinds {
            let e = EngineError::new(kind, "position: move 2 'e3e5': illegal");
            let line = |dialect: Dialect| dialect.format_error(&e);
            for h in [Dialect::Uci, Dialect::Usi, Dialect::Tei] {
                assert_eq!(
                    line(h),
                    "info string error: position: move 2 'e3e5': illegal"
                );
            }
            assert_eq!(
                line(Dialect::Cecp),
                "Error (input rejected): position: move 2 'e3e5': illegal"
            );
            assert_eq!(
                line(Dialect::Ubgi),
                format!("error {} position: move 2 'e3e5': illegal", kind.code())
            );
            assert_eq!(
                line(Dialect::Hub),
                "error message=\"position: move 2 'e3e5': illegal\""
            );
        }
        let codes: Vec<&str> = kinds.iter().map(|k| k.code()).collect();
        assert_eq!(
            codes,
            ["bad_command", "bad_value", "bad_state", "unsupported"]
        );
    }

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
        // An equity in thousandths of a point is written as `cp`.
        assert_eq!(
            uci.format_score(Score::Equity(-1000), Bound::Exact),
            "cp -1000"
        );
        let usi = Dialect::Usi;
        assert_eq!(
            usi.format_score(Score::MatePlies(3), Bound::Exact),
            "mate 3"
        );
        let tei = Dialect::Tei;
        assert_eq!(
            tei.format_score(Score::MatePlies(3), Bound::Exact),
            "cp 19997"
        );
        assert_eq!(
            tei.format_score(Score::MatePlies(-4), Bound::Upper),
            "cp -19996 upperbound"
        );
    }

    #[test]
    fn clocks_map_to_players() {
        let go = GoParams {
            wtime: Some(1),
            btime: Some(2),
            ..Default::default()
        };
        assert_eq!(Dialect::default().limits(&go).time, vec![Some(1), Some(2)]);
        assert_eq!(Dialect::Usi.limits(&go).time, vec![Some(2), Some(1)]);
        assert!(Dialect::default().limits(&GoParams::default()).infinite);
        let mut many = go.clone();
        many.player_time = vec![None, None, Some(3)];
        let l = Dialect::default().limits(&many);
        assert!(l.player_clocks && !l.infinite);
        assert_eq!(l.time_of(0), Some(1));
        assert_eq!(l.time_of(2), Some(3));
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
        assert_eq!(Dialect::Usi.format_bestmove(None, None), "bestmove resign");
    }
}
