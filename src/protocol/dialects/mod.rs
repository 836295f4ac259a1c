//! One module per dialect, each holding both sides of its pipe: what the
//! daemon reads and writes, and what a GUI-side client sends and expects.
//!
//! [`Speech`] is everything that differs between dialects, as methods
//! whose defaults are the UCI family's; each dialect is a unit struct in
//! its module that implements it, overriding only what differs:
//!
//! * [`uci`]: UCI, the defaults; its session loop (`uci/side.rs`) and the
//!   family's grammar (`protocol::command`) are shared by USI and TEI.
//! * [`usi`], [`tei`]: what they change of UCI's words (option names,
//!   clocks, scores, `go` parameters).
//! * [`cecp`], [`hub`], [`ubgi`]: a grammar of their own and a session
//!   loop of their own (`<dialect>/side.rs`) with the state only that
//!   dialect keeps.
//!
//! The enum that names the dialects is [`Dialect`] (`engine/dialect.rs`,
//! the handshake words); [`Dialect::speech`] below is the one `match` from
//! it to these modules. Adding a dialect is its module here, one line in
//! the enum and one arm in that match.

pub mod cecp;
pub mod hub;
pub mod tei;
pub mod ubgi;
pub mod uci;
pub mod usi;

use super::command::{GoParams, MAX_CLOCKS};
use super::daemon::DialectSide;
use super::options::CommonOption;
pub use crate::engine::Dialect;
use crate::engine::{EngineError, EngineSession, registry};
use crate::games::MoveNotation;
use crate::search::{Bound, MateAnswer, Score, SearchLimits};

impl Dialect {
    /// What this dialect says and reads, on both sides: the one place the
    /// enum is matched to the dialects' modules.
    pub fn speech(self) -> &'static dyn Speech {
        match self {
            Dialect::Uci => &uci::Uci,
            Dialect::Usi => &usi::Usi,
            Dialect::Tei => &tei::Tei,
            Dialect::Ubgi => &ubgi::Ubgi,
            Dialect::Cecp => &cecp::Cecp,
            Dialect::Hub => &hub::Hub,
        }
    }

    /// True when this handshake word is spoken by tabula today: a dialect
    /// whose handshake keeps the game (UCI) always, any other when a
    /// registered game speaks it.
    pub fn is_supported(self) -> bool {
        self.speech().handshake_keeps_game() || registry::native_game(self).is_some()
    }

    /// The game a handshake selects: the first registered game that speaks
    /// it (TEI is Tak's protocol, USI Ōgi's, CECP is offered for Makruk).
    /// UCI keeps the current game (`UCI_Variant` picks one).
    pub fn native_variant(self) -> Option<&'static str> {
        if self.speech().handshake_keeps_game() {
            return None;
        }
        registry::native_game(self)
    }

    /// The games this dialect can play, in registry order (the values of
    /// `UCI_Variant`, the variants CECP announces).
    pub fn variants(self) -> Vec<&'static str> {
        registry::games_speaking(self)
    }
}

/// What one dialect says and reads. The defaults are the UCI family's; a
/// dialect's module overrides what it says differently.
pub trait Speech: Sync {
    // ------------------------------------------------ the words both sides use

    /// The last line of the handshake reply (CECP answers `protover` with
    /// features instead: empty).
    fn handshake_ok(&self) -> &'static str;

    /// The dialect's own new-game command; the others' words are refused
    /// (protocol-spec/overview.md §2), so a GUI learns at once it sent the
    /// wrong dialect's word.
    fn new_game_word(&self) -> &'static str;

    /// True when the new-game command takes an argument (`teinewgame <size>`).
    fn new_game_takes_argument(&self) -> bool {
        false
    }

    /// The word that sets an option, for error messages.
    fn set_option_word(&self) -> &'static str {
        "setoption"
    }

    /// Which move notation games write in this dialect.
    fn move_notation(&self) -> MoveNotation {
        MoveNotation::Uci
    }

    /// The clock words of the first and the second player; the first
    /// player is White.
    fn clock_words(&self) -> [(&'static str, &'static str); 2] {
        [("wtime", "winc"), ("btime", "binc")]
    }

    // ------------------------------------------------ the daemon's side

    /// True when the handshake keeps the current game instead of selecting
    /// the first game that speaks the dialect (UCI: `UCI_Variant` picks).
    fn handshake_keeps_game(&self) -> bool {
        false
    }

    /// The session loop's side of this dialect, fresh, as its handshake
    /// creates it: the UCI family's by default.
    fn daemon_side(&self) -> Box<dyn DialectSide> {
        Box::<uci::side::UciFamily>::default()
    }

    /// The engine-wide options of this dialect, in the order the handshake
    /// lists them. Only UCI can switch games.
    fn common_options(&self) -> &'static [CommonOption] {
        use CommonOption::*;
        &[Variant, Hash, ClearHash, MultiPv, Ponder, MoveOverhead]
    }

    /// How an engine-wide option is spelled in this dialect.
    fn option_name(&self, option: CommonOption) -> &'static str {
        uci_option_name(option)
    }

    /// Refuses `go` parameters this dialect does not have.
    fn check_go(&self, go: &GoParams) -> Result<(), EngineError> {
        if go.mate_infinite {
            return Err(EngineError::bad_command("'mate' needs a number of moves"));
        }
        if go.mate == Some(0) {
            return Err(EngineError::bad_value(
                "'mate' needs a number of moves of at least 1",
            ));
        }
        Ok(())
    }

    /// The search limits of a `go`, its clocks named by [`Speech::clock_words`].
    fn limits(&self, go: &GoParams) -> SearchLimits {
        clock_limits(self.clock_words(), go)
    }

    /// False when the GUI must not see `info string` lines during a search.
    fn info_strings_in_search(&self) -> bool {
        true
    }

    /// A mate score: UCI counts moves, `mate 2` for a mate in 3 plies,
    /// `mate -1` for being mated in 2.
    fn format_mate(&self, plies: i32) -> String {
        // A mate delivered in p plies is (p + 1) / 2 of our moves; being
        // mated in p plies is p / 2 of the opponent's moves.
        let moves = if plies > 0 {
            (plies + 1) / 2
        } else {
            -((-plies) / 2)
        };
        format!("mate {moves}")
    }

    /// `cp 34`, `mate 3`, `mate -2` (UCI: moves) or `mate 5` (USI: plies),
    /// with the bound suffix.
    fn format_score(&self, score: Score, bound: Bound) -> String {
        let body = match score {
            Score::Cp(cp) | Score::Equity(cp) => format!("cp {cp}"),
            Score::MatePlies(plies) => self.format_mate(plies),
        };
        match bound {
            Bound::Exact => body,
            Bound::Lower => format!("{body} lowerbound"),
            Bound::Upper => format!("{body} upperbound"),
        }
    }

    /// The final answer of a search.
    fn format_bestmove(&self, best: Option<&str>, ponder: Option<&str>) -> String {
        bestmove_line(best, ponder, "(none)")
    }

    /// The `checkmate` reply to a mate search (USI `go mate`, the only
    /// dialect that asks for one).
    fn format_checkmate(&self, answer: &MateAnswer) -> String {
        match answer {
            MateAnswer::Found(line) if line.is_empty() => "checkmate nomate".to_string(),
            MateAnswer::Found(line) => format!("checkmate {}", line.join(" ")),
            MateAnswer::NoMate => "checkmate nomate".to_string(),
            MateAnswer::Timeout => "checkmate timeout".to_string(),
        }
    }

    /// An error line in this dialect's form. UCI, USI and TEI have no
    /// error reply, so it is an `info string`.
    fn format_error(&self, error: &EngineError) -> String {
        format!("info string error: {}", error.detail)
    }

    /// The label of `d`'s last line, before the position in the dialect's
    /// notation (`Sfen`, `Tps`, ...).
    fn position_label(&self, session: &dyn EngineSession) -> &'static str {
        session.notation_label()
    }
}

/// UCI's spelling of the engine-wide options.
fn uci_option_name(option: CommonOption) -> &'static str {
    match option {
        CommonOption::Variant => "UCI_Variant",
        CommonOption::Hash => "Hash",
        CommonOption::ClearHash => "Clear Hash",
        CommonOption::MultiPv => "MultiPV",
        CommonOption::Ponder => "Ponder",
        CommonOption::MoveOverhead => "Move Overhead",
    }
}

/// `bestmove <m> [ponder <p>]`, or `bestmove <none>` without a move.
fn bestmove_line(best: Option<&str>, ponder: Option<&str>, none: &str) -> String {
    match (best, ponder) {
        (Some(b), Some(p)) => format!("bestmove {b} ponder {p}"),
        (Some(b), None) => format!("bestmove {b}"),
        (None, _) => format!("bestmove {none}"),
    }
}

/// The limits of a `go` with the first player's clock named `words[0]`.
fn clock_limits(words: [(&'static str, &'static str); 2], go: &GoParams) -> SearchLimits {
    let (first_time, second_time, first_inc, second_inc) = match words[0].0 {
        "btime" => (go.btime, go.wtime, go.binc, go.winc),
        _ => (go.wtime, go.btime, go.winc, go.binc),
    };
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
            let line = |dialect: Dialect| dialect.speech().format_error(&e);
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
        let uci = Dialect::default().speech();
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
        let usi = Dialect::Usi.speech();
        assert_eq!(
            usi.format_score(Score::MatePlies(3), Bound::Exact),
            "mate 3"
        );
        let tei = Dialect::Tei.speech();
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
        let uci = Dialect::default().speech();
        assert_eq!(uci.limits(&go).time, vec![Some(1), Some(2)]);
        assert_eq!(
            Dialect::Usi.speech().limits(&go).time,
            vec![Some(2), Some(1)]
        );
        assert!(uci.limits(&GoParams::default()).infinite);
        let mut many = go.clone();
        many.player_time = vec![None, None, Some(3)];
        let l = uci.limits(&many);
        assert!(l.player_clocks && !l.infinite);
        assert_eq!(l.time_of(0), Some(1));
        assert_eq!(l.time_of(2), Some(3));
        assert!(
            !uci.limits(&GoParams {
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
            Dialect::default().speech().format_bestmove(None, None),
            "bestmove (none)"
        );
        assert_eq!(
            Dialect::Usi.speech().format_bestmove(None, None),
            "bestmove resign"
        );
    }
}
