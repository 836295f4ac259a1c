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
use super::options::{Announced, CommonOption, parse_option_line};
use super::score::{EngineScore, parse_info_score};
pub use crate::engine::Dialect;
use crate::engine::{EngineError, EngineSession, registry};
use crate::games::{MoveNotation, OptionKind};
use crate::rules::Decision;
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
        &[
            Variant,
            Threads,
            Hash,
            ClearHash,
            MultiPv,
            Ponder,
            MoveOverhead,
        ]
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

    /// An informational line in this dialect's form (UCI, USI and TEI:
    /// `info string <text>`); `None` where the dialect has none, and the
    /// text goes to stderr only.
    fn format_note(&self, text: &str) -> Option<String> {
        Some(format!("info string {text}"))
    }

    /// The label of `d`'s last line, before the position in the dialect's
    /// notation (`Sfen`, `Tps`, ...).
    fn position_label(&self, session: &dyn EngineSession) -> &'static str {
        session.notation_label()
    }

    // ------------------------------------------------ the client's side

    /// True when the engine client speaks this dialect (all but CECP,
    /// which tabula answers but does not drive).
    fn client_speaks(&self) -> bool {
        true
    }

    /// The speech of an older version of this dialect when `line`, read
    /// in the handshake, is that version's (Hub: Scan 2.0's first
    /// dialect); `None` when it is this one's.
    fn older_version(&self, _line: &str) -> Option<&'static dyn Speech> {
        None
    }

    /// False where engines declare no options (the first Hub dialect): a
    /// user's option is then sent unchecked.
    fn announces_options(&self) -> bool {
        true
    }

    /// The option that selects the game over this dialect, as
    /// Fairy-Stockfish names it (`UCI_Variant`, `USI_Variant`); `None` where
    /// an engine plays one game.
    fn variant_option(&self) -> Option<&'static str> {
        None
    }

    /// The value that selects `variant` through the variant option, whose
    /// declaration the engine announced as `announced`; `None` when nothing
    /// need be sent.
    fn variant_value(&self, variant: &str, _announced: Option<&OptionKind>) -> Option<String> {
        Some(variant.to_string())
    }

    /// True when an engine that switched games is asked for its handshake
    /// again, so that the new game's options count.
    fn rereads_options_after_switch(&self) -> bool {
        true
    }

    /// The request that makes an engine take the options it was sent, and
    /// its reply; `None` where options take effect as they come.
    fn options_taken_by(&self) -> Option<(&'static str, &'static str)> {
        None
    }

    /// The request that asks an engine whether it is ready, and its reply.
    fn ready_words(&self) -> (&'static str, &'static str) {
        ("isready", "readyok")
    }

    /// One line of an engine's handshake: `id name`, `option` lines, the
    /// ok word.
    fn read_handshake_line(&self, line: &str) -> HandshakeLine {
        uci_handshake_line(self.handshake_ok(), line)
    }

    /// `ucinewgame`, `usinewgame`, `teinewgame <size>`.
    fn new_game(&self, arg: Option<&str>) -> String {
        let w = self.new_game_word();
        match arg {
            Some(a) => format!("{w} {a}"),
            None => w.to_string(),
        }
    }

    /// The keyword before a position in `position ...`.
    fn position_keyword(&self) -> &'static str {
        "fen"
    }

    /// True when the dialect is told the whole current position before
    /// each decision instead of a start and the moves since.
    fn sends_whole_position(&self) -> bool {
        false
    }

    /// `position startpos|<kw> <pos> [moves ...]`.
    fn position(&self, start: Option<&str>, moves: &[String]) -> String {
        let mut s = match start {
            None => "position startpos".to_string(),
            Some(p) => format!("position {} {p}", self.position_keyword()),
        };
        if !moves.is_empty() {
            s.push_str(" moves");
            for m in moves {
                s.push(' ');
                s.push_str(m);
            }
        }
        s
    }

    /// The `go` of a dialect that names the decision it asks for; `None`
    /// where `go` carries the clocks instead.
    fn go_for(&self, _decision: Decision) -> Option<&'static str> {
        None
    }

    /// How an engine option is set.
    fn set_option(&self, name: &str, value: &str) -> String {
        format!("setoption name {name} value {value}")
    }

    /// `go` with both clocks, `first` being the first player's, named by
    /// [`Speech::clock_words`].
    fn go_clock(&self, first: i64, second: i64, inc: u64, movestogo: Option<u32>) -> String {
        let (first, second) = (first.max(0), second.max(0));
        let [(t1, i1), (t2, i2)] = self.clock_words();
        let mut s = format!("go {t1} {first} {t2} {second} {i1} {inc} {i2} {inc}");
        if let Some(m) = movestogo {
            s.push_str(&format!(" movestogo {m}"));
        }
        s
    }

    /// The request for a search under every seat's clock, `mover` to
    /// play: both clocks in a game of two, each player's in a game of more
    /// ([`go_player_clocks`]).
    fn go_clocks(&self, clocks: &[i64], mover: usize, inc: u64, movestogo: Option<u32>) -> String {
        if clocks.len() > 2 {
            return go_player_clocks(clocks, mover, inc, movestogo);
        }
        let first = clocks.first().copied().unwrap_or(0);
        let second = clocks.get(1).copied().unwrap_or(0);
        self.go_clock(first, second, inc, movestogo)
    }

    /// The request for a search to a fixed depth, node count or time per
    /// move.
    fn go_limit(&self, limit: Limit) -> String {
        match limit {
            Limit::Depth(d) => format!("go depth {d}"),
            Limit::Nodes(n) => format!("go nodes {n}"),
            Limit::MoveTime(ms) => format!("go movetime {ms}"),
        }
    }

    /// The line that ends a search, as the client waits for it.
    fn answer_word(&self) -> &'static str {
        "bestmove"
    }

    /// The line that answers a search for `decision`, as a fault names it
    /// missing.
    fn answer_word_for(&self, _decision: Decision) -> &'static str {
        self.answer_word()
    }

    /// One line of an engine's answer to a search: `info` lines with a
    /// score, then `bestmove`.
    fn read_answer_line(&self, line: &str) -> AnswerLine {
        uci_answer_line(line)
    }

    /// The notation a client's moves are sent and read in: the game's own
    /// in its home dialect, UCI's in any other.
    fn client_notation(&self, home: bool) -> MoveNotation {
        if home {
            MoveNotation::Native
        } else {
            MoveNotation::Uci
        }
    }

    /// The line that tells an engine how the game ended for it, in a
    /// dialect that has one.
    fn game_over_line(&self, _end: GameEnd) -> Option<String> {
        None
    }
}

/// A fixed limit of one search.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Limit {
    Depth(u32),
    Nodes(u64),
    MoveTime(u64),
}

/// One line of an engine's handshake, as the client reads it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum HandshakeLine {
    /// The handshake's last line.
    Done,
    /// The engine's name.
    Name(String),
    /// An option the engine announces.
    Option(Announced),
    /// Anything else: read past.
    Other,
}

/// One line of an engine's answer to a search, as the client reads it.
#[derive(Debug, Clone, PartialEq)]
pub enum AnswerLine {
    /// The answer: a move, a play, a cube action.
    Best(String),
    /// The search's score so far.
    Score(EngineScore),
    /// A line that breaks the dialect, worded.
    Fault(String),
    /// Anything else: read past.
    Other,
}

/// How a game ended for one seat.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum GameEnd {
    Won,
    Lost,
    Drawn,
}

/// The UCI family's handshake lines.
fn uci_handshake_line(ok: &str, line: &str) -> HandshakeLine {
    let mut t = line.split_whitespace();
    match t.next() {
        Some(w) if w == ok => HandshakeLine::Done,
        Some("id") if t.next() == Some("name") => {
            HandshakeLine::Name(t.collect::<Vec<_>>().join(" "))
        }
        Some("option") => {
            parse_option_line(line).map_or(HandshakeLine::Other, HandshakeLine::Option)
        }
        _ => HandshakeLine::Other,
    }
}

/// The UCI family's answer lines.
fn uci_answer_line(line: &str) -> AnswerLine {
    let mut t = line.split_whitespace();
    match t.next() {
        Some("bestmove") => match t.next() {
            Some(mv) => AnswerLine::Best(mv.to_string()),
            None => AnswerLine::Fault("'bestmove' without a move".into()),
        },
        Some("info") => parse_info_score(line).map_or(AnswerLine::Other, AnswerLine::Score),
        _ => AnswerLine::Other,
    }
}

/// The `go` of a game of more than two players: the mover's clock as
/// `wtime`/`winc` (what an engine without per-player clocks reads) and
/// every player's as `p<k>time`/`p<k>inc` (UCI extension,
/// protocol-spec/uci.md).
pub fn go_player_clocks(clocks: &[i64], mover: usize, inc: u64, movestogo: Option<u32>) -> String {
    let mine = clocks.get(mover).copied().unwrap_or(0).max(0);
    let mut s = format!("go wtime {mine} winc {inc}");
    for (k, t) in clocks.iter().enumerate() {
        s.push_str(&format!(" p{}time {}", k + 1, t.max(&0)));
    }
    for k in 0..clocks.len() {
        s.push_str(&format!(" p{}inc {inc}", k + 1));
    }
    if let Some(m) = movestogo {
        s.push_str(&format!(" movestogo {m}"));
    }
    s
}

/// A line as a fault quotes it: its first 60 characters.
pub fn short_line(s: &str) -> String {
    if s.chars().count() > 60 {
        format!("{}...", s.chars().take(60).collect::<String>())
    } else {
        s.to_string()
    }
}

/// UCI's spelling of the engine-wide options.
fn uci_option_name(option: CommonOption) -> &'static str {
    match option {
        CommonOption::Variant => "UCI_Variant",
        CommonOption::Threads => "Threads",
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
    fn every_dialect_has_its_own_words() {
        let words: Vec<_> = Dialect::ALL
            .into_iter()
            .map(|d| {
                let s = d.speech();
                (
                    d.name(),
                    s.handshake_ok(),
                    s.new_game_word(),
                    s.clock_words()[0].0,
                    s.move_notation(),
                    s.client_speaks(),
                )
            })
            .collect();
        use MoveNotation::{Hub, Native, Uci};
        assert_eq!(
            words,
            [
                ("uci", "uciok", "ucinewgame", "wtime", Uci, true),
                ("usi", "usiok", "usinewgame", "btime", Native, true),
                ("tei", "teiok", "teinewgame", "wtime", Native, true),
                ("ubgi", "ubgiok", "newgame", "wtime", Native, true),
                ("xboard", "", "new", "wtime", Uci, false),
                ("hub", "wait", "new-game", "wtime", Hub, true),
            ]
        );
    }

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
    fn dialect_lines() {
        let m = vec!["e3e4".to_string(), "e6e5".to_string()];
        assert_eq!(
            Dialect::Uci.speech().position(None, &m),
            "position startpos moves e3e4 e6e5"
        );
        assert_eq!(
            Dialect::Tei.speech().position(Some("x3/x3/x3 1 1"), &[]),
            "position tps x3/x3/x3 1 1"
        );
        assert_eq!(
            Dialect::Uci.speech().go_clock(1000, 2000, 100, None),
            "go wtime 1000 btime 2000 winc 100 binc 100"
        );
        assert_eq!(
            Dialect::Usi.speech().go_clock(1000, 2000, 0, Some(5)),
            "go btime 1000 wtime 2000 binc 0 winc 0 movestogo 5"
        );
        assert_eq!(Dialect::Tei.speech().new_game(Some("5")), "teinewgame 5");
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
