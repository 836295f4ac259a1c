//! CECP (the XBoard/WinBoard engine protocol, version 2): the command
//! grammar (nom), the game state an engine keeps in this protocol (force
//! mode, which side the engine plays, clocks, depth and time limits) and the
//! pure helpers that turn that state into search limits and reply lines;
//! what CECP says differently ([`Cecp`]). The session loop that drives it
//! is [`side`]; see protocol-spec/cecp.md. tabula answers CECP but does
//! not drive it: the client side speaks it not.

pub mod side;

use super::Speech;
use crate::engine::EngineError;
use crate::games::{EndKind, Outcome};
use crate::protocol::daemon::DialectSide;
use crate::protocol::options::THREADS_MAX;
use crate::rules::Side;
use crate::search::{Score, SearchInfo, SearchLimits};
use nom::{
    IResult, Parser,
    branch::alt,
    bytes::complete::{tag, take_till1, take_while1},
    character::complete::{char, digit1, space0, space1},
    combinator::{all_consuming, map_res, opt, recognize},
    sequence::{pair, preceded, terminated, tuple},
};

/// CECP.
pub struct Cecp;

impl Speech for Cecp {
    /// None: `protover` is answered with the features.
    fn handshake_ok(&self) -> &'static str {
        ""
    }

    fn new_game_word(&self) -> &'static str {
        "new"
    }

    fn daemon_side(&self) -> Box<dyn DialectSide> {
        Box::<CecpState>::default()
    }

    fn format_error(&self, error: &EngineError) -> String {
        format!("Error (input rejected): {}", error.detail)
    }

    /// XBoard reads a line starting with `#` as a comment (it shows it in
    /// its debug log and acts on nothing).
    fn format_note(&self, text: &str) -> Option<String> {
        Some(format!("# {text}"))
    }

    /// tabula answers CECP but does not drive it.
    fn client_speaks(&self) -> bool {
        false
    }
}

/// One CECP input line, parsed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum CecpCommand {
    Xboard,
    Protover(u32),
    /// `accepted`, `rejected`, `hard`, `easy`, `random`, `computer`, `name`,
    /// `rating`, `ics`, `hint`, `bk`, `memory`, `nps`,
    /// `otim`-style no-ops: read and ignored.
    Ignored,
    /// `rejected debug`: XBoard takes no `#` comment lines.
    NoComments,
    /// `cores N`: the search threads from the next search on
    /// (1..[`THREADS_MAX`]).
    Cores(usize),
    New,
    Variant(String),
    Quit,
    Force,
    Go,
    PlayOther,
    /// Obsolete `white` / `black`: set that side on move, the engine plays
    /// the other one, force mode is left alone.
    SetSide(Side),
    Level {
        mps: u32,
        base_ms: i64,
        inc_ms: i64,
    },
    /// `st N`: exactly N seconds per move (kept in ms).
    St(i64),
    Sd(u32),
    /// `time N`, centiseconds.
    Time(i64),
    /// `otim N`, centiseconds.
    Otim(i64),
    /// `usermove MOVE`, or a bare coordinate move.
    UserMove(String),
    /// `?`: move now.
    MoveNow,
    Ping(i64),
    Result(String),
    SetBoard(String),
    Undo,
    Remove,
    /// The opponent offers a draw.
    Draw,
    Post(bool),
}

/// A line that is not a CECP command this engine accepts; printed as
/// `Error (<reason>): <command>`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CecpError {
    pub reason: String,
    pub command: String,
}

impl std::fmt::Display for CecpError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Error ({}): {}", self.reason, self.command)
    }
}

/// The `feature` line answering `protover 2`.
pub fn features(engine_name: &str, variants: &[&str]) -> String {
    format!(
        "feature ping=1 setboard=1 usermove=1 playother=1 time=1 draw=1 sigint=0 sigterm=0 \
         reuse=1 analyze=0 colors=0 san=0 name=1 nps=0 debug=1 memory=0 smp=1 pause=0 \
         myname=\"{engine_name}\" variants=\"{}\" done=1",
        variants.join(",")
    )
}

/// Words read and ignored (the engine has no use for them).
const IGNORED: &[&str] = &[
    "accepted", "rejected", "hard", "easy", "random", "computer", "name", "rating", "ics", "hint",
    "bk", "memory", "nps", ".", "exit", "option", "egtpath",
];

/// Parses one line. `Ok(None)` for a blank line.
pub fn parse(line: &str) -> Result<Option<CecpCommand>, CecpError> {
    let line = crate::protocol::command::normalise(line);
    if line.is_empty() {
        return Ok(None);
    }
    let (word, args) = match line.split_once(' ') {
        Some((w, a)) => (w, a),
        None => (line.as_str(), ""),
    };
    let bad = |reason: &str| CecpError {
        reason: reason.to_string(),
        command: crate::protocol::command::shorten(&line),
    };
    let no_args = |c: CecpCommand| {
        if args.is_empty() {
            Ok(c)
        } else {
            Err(bad("too many parameters"))
        }
    };
    let cmd = match word {
        "xboard" => Ok(CecpCommand::Xboard),
        "protover" => number::<u32>(args)
            .map(CecpCommand::Protover)
            .ok_or_else(|| bad("protover needs a version number")),
        "rejected" if args == "debug" => Ok(CecpCommand::NoComments),
        w if IGNORED.contains(&w) => Ok(CecpCommand::Ignored),
        "new" => no_args(CecpCommand::New),
        "quit" => Ok(CecpCommand::Quit),
        "draw" => no_args(CecpCommand::Draw),
        "force" => no_args(CecpCommand::Force),
        "go" => no_args(CecpCommand::Go),
        "playother" => no_args(CecpCommand::PlayOther),
        "white" => no_args(CecpCommand::SetSide(Side::FIRST)),
        "black" => no_args(CecpCommand::SetSide(Side::SECOND)),
        "?" => no_args(CecpCommand::MoveNow),
        "undo" => no_args(CecpCommand::Undo),
        "remove" => no_args(CecpCommand::Remove),
        "post" => no_args(CecpCommand::Post(true)),
        "nopost" => no_args(CecpCommand::Post(false)),
        "variant" => match args {
            "" => Err(bad("variant needs a name")),
            v if v.contains(' ') => Err(bad("too many parameters")),
            v => Ok(CecpCommand::Variant(v.to_string())),
        },
        "level" => parse_level(args).ok_or_else(|| bad("level needs MPS BASE INC")),
        "st" => number::<i64>(args)
            .filter(|&s| s > 0)
            .map(|s| CecpCommand::St(s.saturating_mul(1000)))
            .ok_or_else(|| bad("st needs a positive number of seconds")),
        "sd" => number::<u32>(args)
            .filter(|&d| d > 0)
            .map(CecpCommand::Sd)
            .ok_or_else(|| bad("sd needs a positive depth")),
        "time" => number::<i64>(args)
            .map(CecpCommand::Time)
            .ok_or_else(|| bad("time needs centiseconds")),
        "otim" => number::<i64>(args)
            .map(CecpCommand::Otim)
            .ok_or_else(|| bad("otim needs centiseconds")),
        "ping" => number::<i64>(args)
            .map(CecpCommand::Ping)
            .ok_or_else(|| bad("ping needs a number")),
        "cores" => number::<i64>(args)
            .filter(|n| (1..=THREADS_MAX).contains(n))
            .and_then(|n| usize::try_from(n).ok())
            .map(CecpCommand::Cores)
            .ok_or_else(|| bad(&format!("cores needs a number of threads 1..{THREADS_MAX}"))),
        "usermove" => match args {
            "" => Err(bad("usermove needs a move")),
            m if m.contains(' ') => Err(bad("too many parameters")),
            m => Ok(CecpCommand::UserMove(m.to_string())),
        },
        "result" => match all_consuming(result_line).parse(args) {
            Ok((_, r)) => Ok(CecpCommand::Result(r.to_string())),
            Err(_) => Err(bad("result needs 1-0, 0-1, 1/2-1/2 or *")),
        },
        "setboard" if args.is_empty() => Err(bad("setboard needs a FEN")),
        "setboard" => Ok(CecpCommand::SetBoard(args.to_string())),
        w if args.is_empty() && coordinate_move(w) => Ok(CecpCommand::UserMove(w.to_string())),
        _ => Err(bad("unknown command")),
    };
    cmd.map(Some)
}

/// A whole-argument number (`+` and `-` allowed).
fn number<T: std::str::FromStr>(args: &str) -> Option<T> {
    let parsed: IResult<&str, T> = all_consuming(map_res(
        recognize(pair(opt(alt((char('-'), char('+')))), digit1)),
        |s: &str| s.trim_start_matches('+').parse::<T>(),
    ))
    .parse(args);
    parsed.ok().map(|(_, v)| v)
}

/// `level MPS BASE INC`: BASE is minutes or `min:sec`, INC seconds (a
/// fraction allowed).
fn parse_level(args: &str) -> Option<CecpCommand> {
    fn uint(i: &str) -> IResult<&str, i64> {
        map_res(digit1, |s: &str| s.parse::<i64>()).parse(i)
    }
    fn base(i: &str) -> IResult<&str, i64> {
        let (i, min) = uint(i)?;
        let (i, sec) = opt(preceded(char(':'), uint)).parse(i)?;
        Ok((
            i,
            min.saturating_mul(60_000)
                .saturating_add(sec.unwrap_or(0).saturating_mul(1000)),
        ))
    }
    fn inc(i: &str) -> IResult<&str, i64> {
        let (i, whole) = uint(i)?;
        let (i, frac) = opt(preceded(char('.'), digit1)).parse(i)?;
        let frac_ms = frac.map_or(0, |f: &str| {
            let digits: String = f.chars().chain("000".chars()).take(3).collect();
            digits.parse::<i64>().unwrap_or(0)
        });
        Ok((i, whole.saturating_mul(1000).saturating_add(frac_ms)))
    }
    let mut grammar = all_consuming(tuple((
        terminated(uint, space1),
        terminated(base, space1),
        terminated(inc, space0),
    )));
    let (_, (mps, base_ms, inc_ms)) = grammar.parse(args).ok()?;
    Some(CecpCommand::Level {
        mps: u32::try_from(mps).ok()?,
        base_ms,
        inc_ms,
    })
}

/// `1-0 {White mates}`, `*`, ...: the result code, then anything.
fn result_line(i: &str) -> IResult<&str, &str> {
    let (i, code) = alt((tag("1-0"), tag("0-1"), tag("1/2-1/2"), tag("*"))).parse(i)?;
    let (i, _) = opt(preceded(space1, take_till1(|_| false))).parse(i)?;
    Ok((i, code))
}

/// True for a word shaped like a coordinate move (`e3e4`, `a6a7m`), so a
/// human can type moves without `usermove`.
fn coordinate_move(w: &str) -> bool {
    fn square(i: &str) -> IResult<&str, &str> {
        recognize(pair(
            take_while1(|c: char| c.is_ascii_lowercase()),
            take_while1(|c: char| c.is_ascii_digit()),
        ))
        .parse(i)
    }
    let mut grammar = all_consuming(tuple((
        square,
        square,
        opt(take_while1(|c: char| c.is_ascii_alphabetic())),
    )));
    grammar.parse(w).is_ok()
}

/// Ways XBoard may spell a Makruk move: as sent, and for promotions also
/// with the met suffix (`m`) in place of a missing or other suffix letter.
pub fn move_spellings(text: &str) -> Vec<String> {
    let mut out = vec![text.to_string()];
    let bytes = text.as_bytes();
    if bytes.len() == 4 {
        out.push(format!("{text}m"));
    } else if bytes.len() == 5
        && bytes.get(4).is_some_and(|b| b.is_ascii_alphabetic())
        && let Some(head) = text.get(..4)
    {
        out.push(format!("{head}m"));
        out.push(head.to_string());
    }
    out
}

/// The state the engine keeps for one CECP game.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CecpState {
    /// The FEN of the last `setboard`, None for the start position.
    pub base: Option<String>,
    /// The moves played since `base`, as the game accepts them.
    pub moves: Vec<String>,
    pub force: bool,
    /// The side the engine plays.
    pub engine_side: Side,
    /// A search is running whose move the engine will play.
    pub thinking: bool,
    /// The game ended (by a rule or `result`); moves are refused until `new`.
    pub over: bool,
    pub post: bool,
    /// XBoard accepted `feature debug=1`: notes may be `#` comment lines.
    pub comments: bool,
    /// A draw was offered under the counting rule in this game.
    pub offered: bool,
    pub depth: Option<u32>,
    pub st_ms: Option<i64>,
    pub mps: u32,
    pub base_ms: i64,
    pub inc_ms: i64,
    /// The engine's and the opponent's clock, centiseconds.
    pub time_cs: Option<i64>,
    pub otim_cs: Option<i64>,
}

impl Default for CecpState {
    fn default() -> Self {
        CecpState {
            base: None,
            moves: Vec::new(),
            force: false,
            engine_side: Side::SECOND,
            thinking: false,
            over: false,
            post: false,
            comments: true,
            offered: false,
            depth: None,
            st_ms: None,
            // XBoard's default: 40 moves in 5 minutes.
            mps: 40,
            base_ms: 300_000,
            inc_ms: 0,
            time_cs: None,
            otim_cs: None,
        }
    }
}

impl CecpState {
    /// `new`: the start position, engine plays Black, no depth limit, clocks
    /// back to the time control; `post`, `level`, `st` and whether XBoard
    /// takes comments stay.
    pub fn new_game(&mut self) {
        *self = CecpState {
            post: self.post,
            comments: self.comments,
            st_ms: self.st_ms,
            mps: self.mps,
            base_ms: self.base_ms,
            inc_ms: self.inc_ms,
            ..CecpState::default()
        };
    }

    /// The search limits for the engine's next move, `plies` into the game.
    pub fn limits(&self) -> SearchLimits {
        let mut limits = SearchLimits {
            depth: self.depth,
            ..Default::default()
        };
        if let Some(st) = self.st_ms {
            limits.movetime = Some(st);
            return limits;
        }
        let me = self.engine_side;
        let mine = self.time_cs.map_or(self.base_ms, |t| t.saturating_mul(10));
        let theirs = self.otim_cs.map_or(self.base_ms, |t| t.saturating_mul(10));
        limits.time = vec![None; 2];
        limits.time[me.index()] = Some(mine);
        limits.time[me.other().index()] = Some(theirs);
        limits.inc = vec![Some(self.inc_ms); 2];
        if self.mps > 0 {
            let done = (self.moves.len() / 2) as u32 % self.mps;
            limits.movestogo = Some(self.mps - done);
        }
        limits
    }
}

/// A thinking-output line: `ply score time(cs) nodes pv`.
pub fn thinking_line(info: &SearchInfo) -> String {
    let score = match info.score {
        Score::Cp(cp) | Score::Equity(cp) => i64::from(cp),
        Score::MatePlies(p) if p > 0 => 100_000 + i64::from((p + 1) / 2),
        Score::MatePlies(p) => -100_000 - i64::from((-p) / 2),
    };
    format!(
        "{} {} {} {} {}",
        info.depth,
        score,
        info.time_ms / 10,
        info.nodes,
        info.pv.join(" ")
    )
    .trim_end()
    .to_string()
}

/// True for a draw XBoard does not know as a rule (Makruk's counting):
/// the engine offers or accepts a draw instead of claiming it, because
/// XBoard forfeits a claim it cannot verify.
pub fn is_counting_draw(outcome: &Outcome) -> bool {
    outcome.is_draw() && outcome.kind == EndKind::Counting
}

/// The result line for a finished game: `1-0 {White mates}`.
pub fn result_line_for(outcome: &Outcome) -> String {
    let reason = &outcome.reason;
    match outcome.winner() {
        Some(winner) => {
            let (code, name) = if winner == 0 {
                ("1-0", "White")
            } else {
                ("0-1", "Black")
            };
            if outcome.kind == EndKind::Checkmate {
                format!("{code} {{{name} mates}}")
            } else {
                format!("{code} {{{name} wins by {reason}}}")
            }
        }
        None => {
            let text = match outcome.kind {
                EndKind::Counting => "Draw by counting".to_string(),
                EndKind::Repetition => "Draw by repetition".to_string(),
                EndKind::NoLegalMove => "Stalemate".to_string(),
                _ => format!("Draw by {reason}"),
            };
            format!("1/2-1/2 {{{text}}}")
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ok(line: &str) -> CecpCommand {
        match parse(line) {
            Ok(Some(c)) => c,
            other => panic!("{line:?} gave {other:?}"),
        }
    }

    fn fails(line: &str) -> String {
        match parse(line) {
            Err(e) => e.to_string(),
            other => panic!("{line:?} gave {other:?}"),
        }
    }

    #[test]
    fn commands() {
        assert_eq!(ok("protover 2"), CecpCommand::Protover(2));
        assert_eq!(
            ok("level 40 5 0"),
            CecpCommand::Level {
                mps: 40,
                base_ms: 300_000,
                inc_ms: 0
            }
        );
        assert_eq!(
            ok("level 0 2:30 1.5"),
            CecpCommand::Level {
                mps: 0,
                base_ms: 150_000,
                inc_ms: 1500
            }
        );
        assert_eq!(ok("st 5"), CecpCommand::St(5000));
        assert_eq!(ok("sd 3"), CecpCommand::Sd(3));
        assert_eq!(ok("time 6000"), CecpCommand::Time(6000));
        assert_eq!(ok("otim -20"), CecpCommand::Otim(-20));
        assert_eq!(ok("usermove e3e4"), CecpCommand::UserMove("e3e4".into()));
        assert_eq!(ok("a6a7m"), CecpCommand::UserMove("a6a7m".into()));
        assert_eq!(ok("ping 7"), CecpCommand::Ping(7));
        assert_eq!(ok("cores 2"), CecpCommand::Cores(2));
        assert_eq!(ok("cores 1024"), CecpCommand::Cores(1024));
        assert_eq!(
            ok("result 1-0 {White mates}"),
            CecpCommand::Result("1-0".into())
        );
        assert_eq!(ok("result *"), CecpCommand::Result("*".into()));
        assert_eq!(ok("?"), CecpCommand::MoveNow);
        assert_eq!(ok("name Some Body"), CecpCommand::Ignored);
        assert_eq!(ok("accepted usermove"), CecpCommand::Ignored);
        assert_eq!(ok("rejected san"), CecpCommand::Ignored);
        assert_eq!(ok("rejected debug"), CecpCommand::NoComments);
        assert_eq!(ok("variant makruk"), CecpCommand::Variant("makruk".into()));
        assert_eq!(
            ok("setboard rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w - - 0 1"),
            CecpCommand::SetBoard("rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w - - 0 1".into())
        );
        assert_eq!(parse("  \t "), Ok(None));
    }

    #[test]
    fn errors() {
        assert_eq!(fails("analyze"), "Error (unknown command): analyze");
        assert_eq!(fails("sd x"), "Error (sd needs a positive depth): sd x");
        assert_eq!(
            fails("level 1 2"),
            "Error (level needs MPS BASE INC): level 1 2"
        );
        assert_eq!(fails("new game"), "Error (too many parameters): new game");
        assert_eq!(fails("usermove"), "Error (usermove needs a move): usermove");
        assert!(fails("ping 99999999999999999999").starts_with("Error (ping"));
        assert!(fails(&"z".repeat(5000)).len() < 100);
        assert!(fails("result maybe").contains("result needs"));
        for bad in [
            "cores",
            "cores x",
            "cores 0",
            "cores 1025",
            "cores -2",
            "cores 2 3",
        ] {
            assert_eq!(
                fails(bad),
                format!("Error (cores needs a number of threads 1..1024): {bad}")
            );
        }
    }

    #[test]
    fn promotion_spellings() {
        assert_eq!(move_spellings("a6a7"), vec!["a6a7", "a6a7m"]);
        assert_eq!(move_spellings("a6a7f"), vec!["a6a7f", "a6a7m", "a6a7"]);
        assert_eq!(move_spellings("é"), vec!["é"]);
    }

    #[test]
    fn limits_follow_the_engine_clock() {
        let mut s = CecpState {
            engine_side: Side::SECOND,
            time_cs: Some(1000),
            otim_cs: Some(2000),
            ..Default::default()
        };
        s.moves = vec!["a".into(); 3];
        let l = s.limits();
        assert_eq!(l.time, vec![Some(20_000), Some(10_000)]);
        assert_eq!(l.movestogo, Some(39));
        s.st_ms = Some(2000);
        s.depth = Some(4);
        let l = s.limits();
        assert_eq!(
            (l.movetime, l.depth, l.time),
            (Some(2000), Some(4), Vec::new())
        );
    }
}
