//! The soak of the UCI family (UCI, TEI, USI): one [`Profile`] (a game
//! over a [`Dialect`]) driven through the real binary, every answer checked
//! against the engine's own `d` and `go perft 1`. What differs between the
//! dialects is data in their modules (`uci.rs`, `tei.rs`, `usi.rs`); what
//! differs between the games is data in their files, `fixtures/soak/<id>.txt`
//! (read by [`Profile::read`]).

use crate::common::daemon::{Daemon, escape};
use crate::common::driver::HANG;
use crate::common::rng::Rng;
use crate::data::Section;
use crate::lines::{
    MIB, PROMPT, Stats, base_seed, budget, garbage, line_end, mutate, noisy, seed_for, tokens,
};
use std::collections::VecDeque;
use std::thread;
use std::time::{Duration, Instant};
use tabula::engine::registry;
use tabula::protocol::options::threads_note;

const ERR: &str = "info string error: ";
/// How the note on more threads than cores starts, in every dialect of
/// the family.
const THREADS_NOTE: &str = "info string Threads ";

/// What a valid option line prints: the note when it sets more threads
/// than the machine has cores (accepted, and said), else nothing.
fn option_reply(line: &str) -> Vec<String> {
    line.strip_prefix("setoption name Threads value ")
        .and_then(|n| n.parse::<usize>().ok())
        .and_then(|n| threads_note("Threads", n))
        .map(|text| format!("info string {text}"))
        .into_iter()
        .collect()
}
const TOO_LONG: &str = "info string error: line too long (limit 1 MiB), ignored";

/// A dialect of the UCI family: its words and what it allows. Each
/// dialect's module defines one.
pub struct Dialect {
    /// The handshake word and the line that ends its reply.
    pub handshake: &'static str,
    pub handshake_ok: &'static str,
    /// The option that selects the game after the handshake
    /// (`UCI_Variant`); `None`: the handshake selects the game (the
    /// registry's first game speaking it).
    pub variant_option: Option<&'static str>,
    /// `bestmove` when the side to move has no legal move.
    pub no_move: &'static str,
    /// `go ponder` and `bestmove ... ponder ...`.
    pub ponder: bool,
    /// `go searchmoves`.
    pub searchmoves: bool,
    /// Search `info` may give `score mate`.
    pub mate_scores: bool,
    /// A search may print the game's notes (`info string tomove ...`).
    pub info_notes: bool,
    /// `go mate` is answered by a `checkmate` line (and `go mate
    /// infinite` ends by itself).
    pub checkmate: bool,
    /// `gameover` ends a running search.
    pub gameover: bool,
    /// A `go mate ...` line of a finite search, when the dialect has one.
    pub mate_go: Option<fn(&mut Rng) -> String>,
    /// Clock fields for the side to move (`wtime ... btime ...`).
    pub clock: fn(&mut Rng) -> String,
    /// A line that starts a new game, from the game's board sizes; unless
    /// `must_stop` it may be one that does not stop a running search.
    pub new_game: fn(&mut Rng, &[u32], bool) -> String,
    /// Lines of other dialects and bad arguments: each refused with one
    /// error, idle or mid-search.
    pub bad: &'static [&'static str],
    /// Valid option lines, idle or mid-search.
    pub options: &'static [&'static str],
}

/// Clock fields of UCI and TEI: White's first, with increments or moves
/// to go.
pub fn clock_white_first(rng: &mut Rng) -> String {
    let t = rng.range(0, 200);
    let u = rng.range(0, 200);
    let inc = rng.range(0, 20);
    if rng.chance(30) {
        format!("wtime {t} btime {u} movestogo {}", rng.range(1, 5))
    } else {
        format!("wtime {t} btime {u} winc {inc} binc {inc}")
    }
}

/// One game of the registry soaked over one dialect: its section of the
/// game's data file, read once and kept for the whole test binary.
pub struct Profile {
    /// The game's registry id.
    pub id: &'static str,
    pub dialect: &'static Dialect,
    /// Options set once the game is selected; they print nothing.
    pub setup: &'static [&'static str],
    /// How `d`'s last line starts.
    pub label: &'static str,
    /// Position keywords the game reads (`position <kw> <text>`).
    pub keywords: &'static [&'static str],
    /// Tak board sizes to play (empty for the other games).
    pub sizes: &'static [u32],
    /// Valid lines to mutate.
    pub seeds: &'static [&'static str],
    /// Lines of this game each refused with one error.
    pub bad: &'static [&'static str],
    /// Moves from the start, then a cycle of moves back to the same
    /// position, for arbitrarily long `position` lines.
    pub opening: &'static [&'static str],
    pub cycle: &'static [&'static str],
    /// Lines per run when `TABULA_SOAK_LINES` is not set.
    pub lines: usize,
}

/// `v` kept for the whole test binary (a profile is read once per run).
fn leak(v: Vec<String>) -> &'static [&'static str] {
    let v: Vec<&'static str> = v
        .into_iter()
        .map(|s| &*Box::leak(s.into_boxed_str()))
        .collect();
    Box::leak(v.into_boxed_slice())
}

impl Profile {
    /// The keys of a section the session reads: `lines` (the default
    /// budget), `setup` (option lines, one each), `label` (how `d`'s last
    /// line starts, before its `: `), `keywords` and `sizes` (words),
    /// `seed` and `bad` (lines, one each), `opening` and `cycle` (moves).
    const KEYS: &'static [&'static str] = &[
        "lines", "setup", "label", "keywords", "sizes", "seed", "bad", "opening", "cycle",
    ];

    /// The profile of game `id` over `dialect` from its section; missing
    /// or unknown keys fail naming the file.
    pub fn read(dialect: &'static Dialect, id: &'static str, s: &Section) -> &'static Profile {
        s.only(Self::KEYS);
        let sizes = s
            .words("sizes")
            .iter()
            .map(|w| {
                w.parse()
                    .unwrap_or_else(|_| panic!("{}: size {w} is not a number", s.place))
            })
            .collect::<Vec<u32>>();
        let profile = Profile {
            id,
            dialect,
            setup: leak(s.all("setup")),
            label: Box::leak(format!("{}: ", s.one("label")).into_boxed_str()),
            keywords: leak(s.some_words("keywords")),
            sizes: Box::leak(sizes.into_boxed_slice()),
            seeds: leak(s.some("seed")),
            bad: leak(s.some("bad")),
            opening: leak(s.words("opening")),
            cycle: leak(s.some_words("cycle")),
            lines: s.number("lines"),
        };
        // The game must speak the dialect (checked there).
        profile.setup_lines();
        Box::leak(Box::new(profile))
    }

    /// The run's name, which also picks its seed: `uci makruk`.
    pub fn name(&self) -> String {
        format!("{} {}", self.dialect.handshake, self.id)
    }

    /// The lines after the handshake that select the game and set it up.
    /// The game must be in the registry and speak the dialect; a dialect
    /// with no variant option must select it by its handshake.
    pub fn setup_lines(&self) -> Vec<String> {
        let handshake = self.dialect.handshake;
        let dialect = tabula::engine::Dialect::from_name(handshake);
        let speaks = dialect.is_some_and(|d| registry::entry(self.id).is_some_and(|e| e.speaks(d)));
        assert!(
            speaks,
            "the registry has no game {} over {handshake}",
            self.id
        );
        let mut lines = Vec::new();
        match self.dialect.variant_option {
            Some(option) => lines.push(format!("setoption name {option} value {}", self.id)),
            None => assert_eq!(
                dialect.and_then(registry::native_game),
                Some(self.id),
                "{handshake} selects another game"
            ),
        }
        lines.extend(self.setup.iter().map(|l| l.to_string()));
        lines
    }
}

/// Lines every UCI-family dialect refuses with exactly one error, idle or
/// mid-search.
const BAD_COMMON: &[&str] = &[
    "xyzzy",
    "joho 42",
    "\u{fffd}",
    "go depth x",
    "go depth +3",
    "go depth",
    "go nodes -1",
    "go nodes 1e5",
    "go movetime abc",
    "go depth 99999999999",
    "go movestogo -2",
    "go perft -1",
    "go perft",
    "setoption",
    "setoption name",
    "setoption value 3",
    "setoption name NoSuchOption value 1",
    "setoption name MultiPV value 0",
    "setoption name Threads value 0",
    "setoption name Threads value 1025",
    "setoption name Threads value abc",
    "debug",
    "debug maybe",
    "position",
    "position foo",
    "position startpos foo",
    "position startpos moves zz9",
    "position startpos moves a0a0",
    "position gnubgid 4HPwATDgc/ABMA",
    "position xgid -b----E-C----",
    "position cells 1 2 3",
    "bench x",
    "bench 99999999999",
];

/// The position the daemon should have: a line that sets it up, and the
/// board `d` showed for it.
#[derive(Clone)]
struct Position {
    /// `position startpos` or `position <kw> <text>`.
    base: String,
    moves: Vec<String>,
    /// `d`'s output, its label line last.
    board: Vec<String>,
    /// The legal moves (`go perft 1`), once asked.
    legal: Option<Vec<String>>,
}

impl Position {
    fn line(&self) -> String {
        if self.moves.is_empty() {
            self.base.clone()
        } else {
            format!("{} moves {}", self.base, self.moves.join(" "))
        }
    }
}

/// A `go` the daemon owes one answer for.
struct Search {
    go: String,
    /// The line that set up the position searched.
    position: String,
    legal: Vec<String>,
    /// `searchmoves`, when given.
    restrict: Option<Vec<String>>,
    /// `go infinite` / `go ponder`: no answer before `stop` / `ponderhit`.
    hold: bool,
    ponder: bool,
    /// USI `go mate`: answered by a `checkmate` line.
    mate: bool,
    /// When the search was told to answer (`stop`, a new `go`, a new game);
    /// the answer must follow within `PROMPT`.
    stopped_at: Option<Instant>,
    /// `ponderhit` was sent (the search now runs under its clock).
    hit: bool,
}

struct Soak {
    game: &'static Profile,
    dialect: &'static Dialect,
    /// The run's name (`uci makruk`), which also picks its seed.
    name: String,
    /// The lines after the handshake that select the game.
    setup: Vec<String>,
    seed: u64,
    rng: Rng,
    d: Daemon,
    pos: Position,
    pending: VecDeque<Search>,
    /// Moves seen legal somewhere: candidates for illegal moves.
    pool: Vec<String>,
    /// Engine answers to replay with `position ... moves` when idle.
    replays: Vec<(String, Vec<String>)>,
    /// The position and move of the last `bestmove`, to play it on.
    last_best: Option<(String, String)>,
    handshake: Vec<String>,
    /// The current test line, for failure messages.
    line: Vec<u8>,
    stats: Stats,
    started: Instant,
}

impl Soak {
    fn start(game: &'static Profile) -> Soak {
        let name = game.name();
        let setup = game.setup_lines();
        let seed = seed_for(&name);
        let mut s = Soak {
            game,
            dialect: game.dialect,
            name,
            setup,
            seed,
            rng: Rng::new(seed),
            d: Daemon::start(),
            pos: Position {
                base: "position startpos".into(),
                moves: Vec::new(),
                board: Vec::new(),
                legal: None,
            },
            pending: VecDeque::new(),
            pool: Vec::new(),
            replays: Vec::new(),
            last_best: None,
            handshake: Vec::new(),
            line: Vec::new(),
            stats: Stats::default(),
            started: Instant::now(),
        };
        let word = game.dialect.handshake;
        s.line = word.as_bytes().to_vec();
        s.send(word);
        s.handshake = s.handshake_lines();
        for l in s.setup.clone() {
            s.line = l.as_bytes().to_vec();
            s.send(&l);
        }
        if !s.setup.is_empty() {
            // The handshake names the current game's options: read it again.
            s.send(word);
            s.handshake = s.handshake_lines();
        }
        s.line = b"position startpos".to_vec();
        s.send("position startpos");
        let (out, board) = s.sync_d();
        if !out.is_empty() {
            s.fail(&format!("the setup printed {out:?}"));
        }
        s.pos.board = board;
        s
    }

    /// The handshake's reply, up to its `...ok` line.
    fn handshake_lines(&mut self) -> Vec<String> {
        let mut got = Vec::new();
        loop {
            let l = self.next(HANG);
            let done = l == self.dialect.handshake_ok;
            got.push(l);
            if done {
                return got;
            }
        }
    }

    fn fail(&self, what: &str) -> ! {
        panic!(
            "{} (seed {:#x}, TABULA_SOAK_SEED={:#x}): {what}\n  line: {}\n  {:?}\n  recent transcript:\n{}",
            self.name,
            self.seed,
            base_seed(),
            escape(&self.line),
            self.stats,
            self.d.transcript()
        );
    }

    fn line_end(&mut self) -> &'static [u8] {
        line_end(&mut self.rng)
    }

    fn send_bytes(&mut self, bytes: &[u8]) {
        let mut b = bytes.to_vec();
        b.extend_from_slice(self.line_end());
        if let Err(e) = self.d.send_raw(&b) {
            self.fail(&e);
        }
    }

    fn send(&mut self, line: &str) {
        self.send_bytes(line.as_bytes());
    }

    /// Sends a test line (remembered for failure messages).
    fn test_line(&mut self, bytes: &[u8]) {
        self.stats.lines += 1;
        self.stats.longest_line = self.stats.longest_line.max(bytes.len());
        self.line = bytes.to_vec();
        self.send_bytes(bytes);
    }

    fn next(&mut self, timeout: Duration) -> String {
        match self.d.next_line(timeout) {
            Ok(l) => l,
            Err(e) => self.fail(&e),
        }
    }

    /// Search output is checked and swallowed here; any other line is
    /// returned.
    fn observe(&mut self, line: String) -> Option<String> {
        if line.starts_with("bestmove") {
            self.bestmove(&line);
            return None;
        }
        if line.starts_with("checkmate") {
            self.checkmate(&line);
            return None;
        }
        // Errors and the threads note answer a line, not a search.
        if line.starts_with("info") && !line.starts_with(ERR) && !line.starts_with(THREADS_NOTE) {
            self.info(&line);
            return None;
        }
        Some(line)
    }

    fn info(&mut self, line: &str) {
        let Some(search) = self.pending.front() else {
            self.fail(&format!("search output with no search running: {line:?}"));
        };
        let dialect = self.dialect;
        if let Some(text) = line.strip_prefix("info string ") {
            // The notes a game prints before a search (Chinese checkers:
            // the player it moves for, or the result).
            let note = ["game over: ", "tomove ", "result "]
                .iter()
                .any(|p| text.starts_with(p));
            if !dialect.info_notes || !note {
                self.fail(&format!("unexpected info string during a search: {line:?}"));
            }
            return;
        }
        match check_info(line, dialect.mate_scores) {
            Ok(Some(first)) => {
                let allowed = search.restrict.as_ref().unwrap_or(&search.legal);
                if !allowed.contains(&first) {
                    self.fail(&format!(
                        "the pv of {line:?} starts with {first}, not a move of the search ({})",
                        search.go
                    ));
                }
            }
            Ok(None) => {}
            Err(e) => self.fail(&format!("{e}: {line:?}")),
        }
    }

    fn bestmove(&mut self, line: &str) {
        let Some(s) = self.pending.pop_front() else {
            self.fail(&format!("{line:?} with no search running"));
        };
        if s.mate {
            self.fail(&format!("{line:?} answers '{}'", s.go));
        }
        if s.hold && s.stopped_at.is_none() && !s.hit {
            self.fail(&format!("{line:?} before stop/ponderhit ('{}')", s.go));
        }
        if let Some(t) = s.stopped_at {
            let ms = t.elapsed().as_millis();
            self.stats.slowest_stop_ms = self.stats.slowest_stop_ms.max(ms);
            if t.elapsed() > PROMPT {
                self.fail(&format!("{line:?} came {ms} ms after it was asked for"));
            }
        }
        let t: Vec<&str> = line.split(' ').collect();
        let ok_shape = match t.len() {
            2 => true,
            4 => t[2] == "ponder" && self.dialect.ponder,
            _ => false,
        };
        if !ok_shape || t[0] != "bestmove" {
            self.fail(&format!("malformed {line:?}"));
        }
        let best = t[1];
        if best == self.dialect.no_move {
            if !s.legal.is_empty() {
                self.fail(&format!("{line:?} with legal moves {:?}", s.legal));
            }
        } else {
            let allowed = s.restrict.as_ref().unwrap_or(&s.legal);
            if !allowed.contains(&best.to_string()) {
                self.fail(&format!(
                    "{line:?} is not among the moves of '{}' ({}): {allowed:?}",
                    s.go, s.position
                ));
            }
            let mut replay = vec![best.to_string()];
            if t.len() == 4 {
                replay.push(t[3].to_string());
            }
            self.replays.push((s.position.clone(), replay));
            self.last_best = Some((s.position.clone(), best.to_string()));
        }
        self.stats.bestmoves += 1;
    }

    fn checkmate(&mut self, line: &str) {
        let Some(s) = self.pending.pop_front() else {
            self.fail(&format!("{line:?} with no search running"));
        };
        if !s.mate {
            self.fail(&format!("{line:?} answers '{}'", s.go));
        }
        let moves: Vec<String> = line.split(' ').skip(1).map(str::to_string).collect();
        match moves.as_slice() {
            [] => self.fail("empty checkmate line"),
            [w] if w == "nomate" || w == "timeout" => {}
            [first, ..] => {
                if !s.legal.contains(first) {
                    self.fail(&format!("{line:?} starts with an illegal move"));
                }
                self.replays.push((s.position.clone(), moves));
            }
        }
        self.stats.bestmoves += 1;
    }

    /// `isready`, then everything up to `readyok` that is not search
    /// output. Mid-search the `readyok` must come within `PROMPT` (unless
    /// the line before it was a long one, whose parsing comes first).
    fn sync(&mut self) -> Vec<String> {
        let busy = !self.pending.is_empty() && self.line.len() < 64 * 1024;
        let t = Instant::now();
        self.send("isready");
        let mut got = Vec::new();
        loop {
            let l = self.next(HANG);
            if l == "readyok" {
                break;
            }
            if let Some(l) = self.observe(l) {
                got.push(l);
            }
        }
        if busy {
            let ms = t.elapsed().as_millis();
            self.stats.slowest_readyok_ms = self.stats.slowest_readyok_ms.max(ms);
            if t.elapsed() > PROMPT {
                self.fail(&format!("readyok took {ms} ms during a search"));
            }
        }
        got
    }

    /// `d` and `isready`: the lines before the board, and the board.
    fn sync_d(&mut self) -> (Vec<String>, Vec<String>) {
        self.send("d");
        let mut got = self.sync();
        let Some(start) = got.iter().position(String::is_empty) else {
            self.fail(&format!("no board from d: {got:?}"));
        };
        let board = got.split_off(start);
        if !board.last().is_some_and(|l| l.starts_with(self.game.label)) {
            self.fail(&format!(
                "d does not end with {:?}: {board:?}",
                self.game.label
            ));
        }
        (got, board)
    }

    /// Waits until every search sent has answered.
    fn await_idle(&mut self) {
        while !self.pending.is_empty() {
            let l = self.next(HANG);
            if let Some(l) = self.observe(l) {
                self.fail(&format!("unexpected {l:?} while waiting for a bestmove"));
            }
        }
    }

    /// The legal moves of the current position, from `go perft 1`.
    fn legal(&mut self) -> Vec<String> {
        if let Some(l) = &self.pos.legal {
            return l.clone();
        }
        let moves = self.perft1();
        self.pos.legal = Some(moves.clone());
        moves
    }

    fn perft1(&mut self) -> Vec<String> {
        self.send("go perft 1");
        let got = self.sync();
        let n = got.len();
        let total = (n >= 2 && got[n - 2].is_empty())
            .then(|| got[n - 1].strip_prefix("Nodes searched: "))
            .flatten()
            .and_then(|t| t.parse::<usize>().ok());
        let Some(total) = total else {
            self.fail(&format!("go perft 1 printed {got:?}"));
        };
        let mut moves = Vec::new();
        for l in &got[..n - 2] {
            match l.split_once(": ") {
                Some((m, "1")) if !m.is_empty() && !m.contains(' ') => moves.push(m.to_string()),
                _ => self.fail(&format!("go perft 1 printed {l:?}")),
            }
        }
        if moves.len() != total {
            self.fail(&format!(
                "go perft 1 lists {} moves, total {total}",
                moves.len()
            ));
        }
        for m in &moves {
            if !self.pool.contains(m) && self.pool.len() < 2000 {
                self.pool.push(m.clone());
            }
        }
        moves
    }

    /// A line that may or may not be valid: at most one line back, an
    /// error; after an error the board is unchanged; otherwise the board
    /// shown becomes the model's.
    fn random_line(&mut self, bytes: &[u8]) {
        self.test_line(bytes);
        let (out, board) = self.sync_d();
        if out.len() > 1 {
            self.fail(&format!("several lines back: {out:?}"));
        }
        if let Some(reply) = out.first() {
            if !reply.starts_with(ERR) {
                self.fail(&format!("answered {reply:?}"));
            }
            self.stats.rejected += 1;
            if tokens(bytes).iter().any(|t| t == "position") {
                self.stats.rejected_positions += 1;
            }
            if board != self.pos.board {
                self.fail(&format!(
                    "a rejected line changed the board:\n{:#?}\nto\n{board:#?}",
                    self.pos.board
                ));
            }
        } else {
            self.stats.accepted_random += 1;
            self.adopt(board);
        }
    }

    /// The board shown after an accepted line becomes the model.
    fn adopt(&mut self, board: Vec<String>) {
        if board != self.pos.board {
            // The game may be another now (a Tak size): answers given
            // before cannot be replayed.
            self.replays.clear();
            let text = board
                .last()
                .and_then(|l| l.strip_prefix(self.game.label))
                .unwrap_or_default()
                .to_string();
            let kw = *self.rng.pick(self.game.keywords);
            self.pos = Position {
                base: format!("position {kw} {text}"),
                moves: Vec::new(),
                board,
                legal: None,
            };
        }
    }

    /// A line that must be refused with exactly one error and change
    /// nothing.
    fn bad_line(&mut self, line: &str) {
        self.test_line(line.as_bytes());
        let (out, board) = self.sync_d();
        if out.len() != 1 || !out[0].starts_with(ERR) {
            self.fail(&format!("expected one error line, got {out:?}"));
        }
        self.stats.rejected += 1;
        if line.contains("position") {
            self.stats.rejected_positions += 1;
        }
        if board != self.pos.board {
            self.fail(&format!(
                "a rejected line changed the board:\n{:#?}\nto\n{board:#?}",
                self.pos.board
            ));
        }
    }

    /// A line that must be accepted silently; the board is read back.
    fn valid_line(&mut self, line: &str) -> Vec<String> {
        self.test_line(line.as_bytes());
        let (out, board) = self.sync_d();
        if !out.is_empty() {
            self.fail(&format!("a valid line was answered {out:?}"));
        }
        self.stats.valid += 1;
        board
    }

    /// A valid option line: accepted, with nothing printed but its note
    /// ([`option_reply`]); the board is read back.
    fn option_line(&mut self, line: &str) -> Vec<String> {
        self.test_line(line.as_bytes());
        let (out, board) = self.sync_d();
        if out != option_reply(line) {
            self.fail(&format!("a valid option was answered {out:?}"));
        }
        self.stats.valid += 1;
        board
    }

    /// A valid position line: the model follows it.
    fn set_position(&mut self, base: String, moves: Vec<String>) {
        let mut p = Position {
            base,
            moves,
            board: Vec::new(),
            legal: None,
        };
        p.board = self.valid_line(&p.line());
        if p.board == self.pos.board && p.line() == self.pos.line() {
            p.legal = self.pos.legal.take();
        }
        self.pos = p;
    }

    /// A line that starts a new game (in TEI sometimes only `position
    /// startpos`, unless `must_stop`: the line must stop a running search).
    fn new_game_line(&mut self, must_stop: bool) -> String {
        let g = self.game;
        // Tak: `TakSize` acts like `teinewgame` in TEI too.
        let size_option = !g.sizes.is_empty() && self.rng.chance(40);
        if size_option {
            format!("setoption name TakSize value {}", self.rng.pick(g.sizes))
        } else {
            (self.dialect.new_game)(&mut self.rng, g.sizes, must_stop)
        }
    }

    fn new_game(&mut self) {
        self.replays.clear();
        let line = self.new_game_line(false);
        let board = self.valid_line(&line);
        self.pos = Position {
            base: "position startpos".into(),
            moves: Vec::new(),
            board,
            legal: None,
        };
    }

    /// A well-formed move that is not legal here (from moves seen legal
    /// elsewhere), if one is known.
    fn illegal_move(&mut self) -> Option<String> {
        let legal = self.legal();
        // Hop chains and captures may be written by their ends alone
        // (`115-104` for `115-102-104`): a move with a legal move's ends
        // is no illegal move.
        let ends = |m: &str| {
            let mut squares = m.split(['-', 'x', ':']);
            (
                squares.next().map(str::to_string),
                squares.next_back().map(str::to_string),
            )
        };
        let legal_ends: Vec<_> = legal.iter().map(|m| ends(m)).collect();
        let candidates: Vec<&String> = self
            .pool
            .iter()
            .filter(|m| !legal.contains(m) && !legal_ends.contains(&ends(m)))
            .collect();
        if candidates.is_empty() {
            None
        } else {
            Some(candidates[self.rng.below(candidates.len())].clone())
        }
    }

    fn pick_bad_line(&mut self) -> String {
        let g = self.game;
        let dialect = self.dialect;
        match self.rng.below(10) {
            0..=2 => self.rng.pick(BAD_COMMON).to_string(),
            3 | 4 => self.rng.pick(dialect.bad).to_string(),
            5 | 6 => self.rng.pick(g.bad).to_string(),
            7 | 8 => match self.illegal_move() {
                Some(m) => {
                    let mut moves = self.pos.moves.clone();
                    moves.push(m);
                    format!("{} moves {}", self.pos.base, moves.join(" "))
                }
                None => "position startpos moves zz9".into(),
            },
            _ => match self.illegal_move() {
                Some(m) if dialect.searchmoves => {
                    let mut list = self.legal();
                    list.truncate(self.rng.below(3));
                    list.insert(self.rng.below(list.len() + 1), m);
                    format!("go depth 1 searchmoves {}", list.join(" "))
                }
                _ => "go nodes x".into(),
            },
        }
    }

    // -----------------------------------------------------------------
    // The steps

    fn step(&mut self) {
        match self.rng.below(100) {
            0..=24 => {
                let seed = *self.rng.pick(self.game.seeds);
                let line = self.quiet(|rng| mutate(rng, seed.as_bytes()));
                self.random_line(&line);
            }
            25..=33 => {
                let line = self.quiet(garbage);
                self.random_line(&line);
            }
            34..=41 => self.mutated_notation(),
            42..=45 => {
                let base = self.pos.line();
                let line = self.quiet(|rng| mutate(rng, base.as_bytes()));
                self.random_line(&line);
            }
            46..=59 => self.valid_step(),
            60..=70 => {
                let line = self.pick_bad_line();
                self.bad_line(&line);
            }
            71..=88 => self.search(),
            89..=91 => self.race(),
            92..=96 => self.idle_noop(),
            _ => self.long_line(),
        }
        if !self.pending.is_empty() {
            self.fail("a search is still running after a step");
        }
    }

    /// A random line that is not noisy.
    fn quiet(&mut self, mut make: impl FnMut(&mut Rng) -> Vec<u8>) -> Vec<u8> {
        loop {
            let line = make(&mut self.rng);
            if !noisy(&line) {
                return line;
            }
        }
    }

    fn mutated_notation(&mut self) {
        let label = self.game.label;
        let text = self
            .pos
            .board
            .last()
            .and_then(|l| l.strip_prefix(label))
            .unwrap_or_default()
            .to_string();
        let kw = *self.rng.pick(self.game.keywords);
        let mut line = format!("position {kw} ").into_bytes();
        line.extend(mutate(&mut self.rng, text.as_bytes()));
        if self.rng.chance(30) {
            let legal = self.legal();
            if !legal.is_empty() {
                line.extend_from_slice(format!(" moves {}", self.rng.pick(&legal)).as_bytes());
            }
        }
        if noisy(&line) {
            return;
        }
        self.random_line(&line);
    }

    fn valid_step(&mut self) {
        let legal = self.legal();
        match self.rng.below(10) {
            0..=4 if !legal.is_empty() && self.pos.moves.len() < 160 => {
                let mut moves = self.pos.moves.clone();
                moves.push(self.rng.pick(&legal).clone());
                self.set_position(self.pos.base.clone(), moves);
            }
            0..=4 => self.new_game(),
            5 => {
                // The notation `d` shows reads back to the same board.
                let text = self
                    .pos
                    .board
                    .last()
                    .and_then(|l| l.strip_prefix(self.game.label))
                    .unwrap_or_default()
                    .to_string();
                let kw = *self.rng.pick(self.game.keywords);
                let before = self.pos.board.last().cloned();
                self.set_position(format!("position {kw} {text}"), Vec::new());
                if self.pos.board.last() != before.as_ref() {
                    self.fail(&format!(
                        "the position read back as {:?}, not {before:?}",
                        self.pos.board.last()
                    ));
                }
            }
            6 => self.new_game(),
            7 => match self.last_best.clone() {
                Some((position, best)) if position == self.pos.line() => {
                    let mut moves = self.pos.moves.clone();
                    moves.push(best);
                    self.set_position(self.pos.base.clone(), moves);
                }
                _ => self.set_position("position startpos".into(), Vec::new()),
            },
            _ => {
                let line = *self.rng.pick(self.dialect.options);
                let board = self.option_line(line);
                self.adopt(board);
            }
        }
    }

    /// Commands that make no sense now and print nothing.
    fn idle_noop(&mut self) {
        let word = self.dialect.handshake;
        let line = match self.rng.below(6) {
            0 => "stop".to_string(),
            1 => "ponderhit".into(),
            2 => "stop now".into(),
            // Selecting the game again changes nothing.
            3 if self.dialect.variant_option.is_some() => self.setup[0].clone(),
            4 => {
                // The handshake again: the same lines, nothing else changes.
                self.test_line(word.as_bytes());
                let got = self.handshake_lines();
                if got != self.handshake {
                    self.fail(&format!(
                        "the handshake changed from {:?} to {got:?}",
                        self.handshake
                    ));
                }
                let (out, board) = self.sync_d();
                if !out.is_empty() || board != self.pos.board {
                    self.fail("the handshake again changed something");
                }
                return;
            }
            _ => {
                // Extra words after an argument-less command are ignored.
                self.test_line(b"isready extra words");
                let l = self.next(HANG);
                if l != "readyok" {
                    self.fail(&format!("isready with extra words answered {l:?}"));
                }
                "register later please".into()
            }
        };
        self.test_line(line.as_bytes());
        let (out, board) = self.sync_d();
        if !out.is_empty() || board != self.pos.board {
            self.fail(&format!("a no-op printed {out:?} or changed the board"));
        }
    }

    /// Plays the engine's answers (bestmove + ponder, a checkmate line) on
    /// the position searched: they must be legal there.
    fn replay(&mut self) {
        let replays = std::mem::take(&mut self.replays);
        if replays.is_empty() || self.rng.chance(40) {
            return;
        }
        for (position, moves) in replays.into_iter().rev().take(3) {
            let line = if position.contains(" moves ") {
                format!("{position} {}", moves.join(" "))
            } else {
                format!("{position} moves {}", moves.join(" "))
            };
            self.valid_line(&line);
        }
        // Back to the model's position, which must show the same notation
        // (an option changed meanwhile, like HalfKomi, may show elsewhere).
        let before = self.pos.board.last().cloned();
        let line = self.pos.line();
        let back = self.valid_line(&line);
        if back.last() != before.as_ref() {
            self.fail(&format!(
                "setting the position again shows {:?}, not {before:?}",
                back.last()
            ));
        }
        self.pos.board = back;
    }

    /// Moves from the start and `k` times the cycle; the tokens.
    fn cycle_moves(&self, k: usize) -> Vec<String> {
        let g = self.game;
        let mut moves: Vec<String> = g.opening.iter().map(|m| m.to_string()).collect();
        for _ in 0..k {
            moves.extend(g.cycle.iter().map(|m| m.to_string()));
        }
        moves
    }

    /// A `position startpos moves ...` line of thousands of moves; now and
    /// then with one bad token in it.
    fn long_line(&mut self) {
        self.stats.long_lines += 1;
        let k = self.rng.range(50, 6000);
        let mut moves = self.cycle_moves(k);
        if self.rng.chance(30) {
            let i = self.rng.below(moves.len());
            moves[i] = self.rng.pick(&["zz9", "a0a0", "*", "5"]).to_string();
            let line = format!("position startpos moves {}", moves.join(" "));
            self.bad_line(&line);
        } else if self.rng.chance(50) {
            self.set_position("position startpos".into(), moves);
        } else {
            let line = format!("position startpos moves {}", moves.join(" "));
            let board = self.valid_line(&line);
            self.pos.board = Vec::new();
            self.pos.legal = None;
            self.adopt(board);
        }
    }

    /// The 1 MiB lines, idle or (as often) while `go infinite` runs.
    fn big_lines(&mut self) {
        if self.rng.chance(50) {
            return self.mebibyte_lines();
        }
        self.go("go infinite".into(), None, true, false);
        self.mebibyte_lines();
        self.stop();
        self.await_idle();
        let extra = self.sync();
        if !extra.is_empty() {
            self.fail(&format!("unexpected lines after the search: {extra:?}"));
        }
    }

    /// One line of exactly 1 MiB (valid: a long move list padded with
    /// blanks), then one a byte longer, which is refused.
    fn mebibyte_lines(&mut self) {
        let moves = self.cycle_moves(MIB / 20);
        let mut line = String::from("position startpos moves");
        for m in moves {
            if line.len() + 1 + m.len() > MIB - 10 {
                break;
            }
            line.push(' ');
            line.push_str(&m);
        }
        while line.len() < MIB {
            line.push(' ');
        }
        let board = self.valid_line(&line);
        self.pos.board = Vec::new();
        self.pos.legal = None;
        self.adopt(board);
        // Longer: one error however long (the rest is dropped up to the
        // line end), whatever follows in the same write.
        let extra = if self.rng.chance(50) {
            1
        } else {
            self.rng.range(2, 2 * MIB)
        };
        line.extend(std::iter::repeat_n(' ', extra));
        self.test_line(line.as_bytes());
        let (out, board) = self.sync_d();
        if out != [TOO_LONG] {
            self.fail(&format!(
                "a line of 1 MiB + {extra} bytes was answered {out:?}"
            ));
        }
        if board != self.pos.board {
            self.fail("a line too long changed the board");
        }
        // 1 MiB of junk in one token: no ASCII blank or control byte (the rest,
        // invalid UTF-8 included, is kept).
        let junk: Vec<u8> = (0..MIB)
            .map(|_| match self.rng.next() as u8 {
                b if b <= b' ' || b == 0x7f => b'x',
                b => b,
            })
            .collect();
        if !noisy(&junk) {
            self.random_line(&junk);
        }
    }

    // -----------------------------------------------------------------
    // Searches

    /// Writes a valid `go` and records what it owes.
    fn go(&mut self, go: String, restrict: Option<Vec<String>>, hold: bool, ponder: bool) {
        let mate = self.dialect.checkmate && go.starts_with("go mate");
        self.owe_search(&go, restrict, hold, ponder, mate, Instant::now());
        self.test_line(go.as_bytes());
    }

    /// Records the answer a `go` about to be written owes; a new `go` stops
    /// the running search (at `now`).
    fn owe_search(
        &mut self,
        go: &str,
        restrict: Option<Vec<String>>,
        hold: bool,
        ponder: bool,
        mate: bool,
        now: Instant,
    ) {
        let legal = self.legal();
        for s in self.pending.iter_mut() {
            s.stopped_at.get_or_insert(now);
        }
        self.pending.push_back(Search {
            go: go.to_string(),
            position: self.pos.line(),
            legal,
            restrict,
            hold,
            ponder,
            mate,
            stopped_at: None,
            hit: false,
        });
        self.stats.searches += 1;
    }

    fn stop(&mut self) {
        let now = Instant::now();
        for s in self.pending.iter_mut() {
            s.stopped_at.get_or_insert(now);
        }
        self.test_line(b"stop");
    }

    fn searchmoves(&mut self, legal: &[String]) -> Option<Vec<String>> {
        if legal.is_empty() || !self.dialect.searchmoves {
            return None;
        }
        let mut list: Vec<String> = Vec::new();
        for _ in 0..self.rng.range(1, 3) {
            let m = self.rng.pick(legal).clone();
            if !list.contains(&m) {
                list.push(m);
            }
        }
        Some(list)
    }

    /// A search limited by depth, nodes, time or clock.
    fn finite_go(&mut self) -> (String, Option<Vec<String>>) {
        let legal = self.legal();
        let dialect = self.dialect;
        let go = match self.rng.below(9) {
            0 => format!("go depth {}", self.rng.range(0, 3)),
            1 => format!("go nodes {}", self.rng.range(0, 3000)),
            2 => format!("go movetime {}", self.rng.range(0, 10)),
            3 | 4 => format!("go {}", (dialect.clock)(&mut self.rng)),
            5 => format!("go fast depth {} slow", self.rng.range(1, 2)),
            6 if dialect.mate_go.is_some() => dialect
                .mate_go
                .map(|mate_go| mate_go(&mut self.rng))
                .unwrap_or_default(),
            7 => {
                if let Some(list) = self.searchmoves(&legal) {
                    let go = format!(
                        "go depth {} searchmoves {}",
                        self.rng.range(1, 2),
                        list.join(" ")
                    );
                    return (go, Some(list));
                }
                "go depth 1".into()
            }
            _ => format!("go depth 2 nodes {}", self.rng.range(1, 2000)),
        };
        (go, None)
    }

    fn search(&mut self) {
        if self.rng.chance(45) {
            let (go, restrict) = self.finite_go();
            self.go(go, restrict, false, false);
            for _ in 0..self.rng.below(3) {
                self.interject(false);
            }
            self.await_idle();
        } else {
            self.held_search();
        }
        let extra = self.sync();
        if !extra.is_empty() {
            self.fail(&format!("unexpected lines after the search: {extra:?}"));
        }
        self.replay();
    }

    /// `go infinite` / `go ponder`: lines sent meanwhile, then the end.
    fn held_search(&mut self) {
        let legal = self.legal();
        let dialect = self.dialect;
        let mut restrict = None;
        let mut ponder = false;
        let mut hold = true;
        let go = match self.rng.below(8) {
            0 => "go".to_string(),
            1 => format!("go infinite depth {}", self.rng.range(1, 2)),
            2 => format!("go infinite nodes {}", self.rng.range(1, 500)),
            3 | 4 if dialect.ponder => {
                ponder = true;
                match self.rng.below(3) {
                    0 => format!("go ponder {}", (dialect.clock)(&mut self.rng)),
                    1 => format!("go ponder depth {}", self.rng.range(1, 3)),
                    _ => format!("go ponder movetime {}", self.rng.range(1, 15)),
                }
            }
            5 if dialect.searchmoves && !legal.is_empty() => {
                let list = self.searchmoves(&legal).unwrap_or_default();
                let go = format!("go infinite searchmoves {}", list.join(" "));
                restrict = Some(list);
                go
            }
            6 if dialect.checkmate => {
                hold = false;
                "go mate infinite".into()
            }
            _ => "go infinite".into(),
        };
        self.go(go, restrict, hold, ponder);
        if self.rng.chance(70) {
            thread::sleep(Duration::from_millis(self.rng.range(0, 10) as u64));
        }
        for _ in 0..self.rng.below(5) {
            self.interject(true);
        }
        // The end.
        match self.rng.below(10) {
            0 | 1 if ponder => {
                if let Some(s) = self.pending.front_mut() {
                    s.hit = true;
                }
                self.test_line(b"ponderhit");
            }
            2 => {
                // Another search stops this one; it answers first.
                let (go, restrict) = self.finite_go();
                self.go(go, restrict, false, false);
            }
            3 => {
                let now = Instant::now();
                if let Some(s) = self.pending.front_mut() {
                    s.stopped_at = Some(now);
                }
                let line = self.new_game_line(true);
                let board = self.valid_line(&line);
                self.await_idle();
                // The size may have changed: the answers cannot be replayed.
                self.replays.clear();
                self.pos = Position {
                    base: "position startpos".into(),
                    moves: Vec::new(),
                    board,
                    legal: None,
                };
            }
            4 if dialect.gameover => {
                let now = Instant::now();
                if let Some(s) = self.pending.front_mut() {
                    s.stopped_at = Some(now);
                }
                let line = format!("gameover {}", self.rng.pick(&["win", "lose", "draw"]));
                self.valid_line(&line);
            }
            _ => self.stop(),
        }
        self.await_idle();
    }

    /// One line while a search runs, checked with `isready`: it must not
    /// stop a held search.
    fn interject(&mut self, held: bool) {
        match self.rng.below(9) {
            0 | 1 => {
                let line = self.pick_bad_line();
                self.test_line(line.as_bytes());
                let out = self.sync();
                if out.len() != 1 || !out[0].starts_with(ERR) {
                    self.fail(&format!("expected one error line mid-search, got {out:?}"));
                }
                self.stats.mid_search_rejections += 1;
            }
            2 => {
                let line = self.quiet(garbage);
                self.test_line(&line);
                let out = self.sync();
                if out.len() > 1 || out.iter().any(|l| !l.starts_with(ERR)) {
                    self.fail(&format!("junk mid-search answered {out:?}"));
                }
            }
            3 => {
                let (out, board) = self.sync_d();
                if !out.is_empty() || board != self.pos.board {
                    self.fail(&format!(
                        "d mid-search: {out:?}\n{board:#?}\nexpected\n{:#?}",
                        self.pos.board
                    ));
                }
            }
            4 => {
                // A new position for the next search; this one goes on.
                let legal = self.legal();
                if legal.is_empty() {
                    self.set_position("position startpos".into(), Vec::new());
                } else {
                    let mut moves = self.pos.moves.clone();
                    moves.push(self.rng.pick(&legal).clone());
                    self.set_position(self.pos.base.clone(), moves);
                }
            }
            5 => {
                let fresh = self.perft1();
                if let Some(known) = &self.pos.legal
                    && *known != fresh
                {
                    self.fail(&format!(
                        "go perft 1 mid-search lists {fresh:?}, not {known:?}"
                    ));
                }
                self.pos.legal = Some(fresh);
            }
            6 if held => {
                // Not pondering: ignored. Pondering: skipped here.
                if !self.pending.front().is_some_and(|s| s.ponder) {
                    self.test_line(b"ponderhit");
                    let out = self.sync();
                    if !out.is_empty() {
                        self.fail(&format!("ponderhit answered {out:?}"));
                    }
                }
            }
            7 => {
                let line = *self.rng.pick(self.dialect.options);
                self.test_line(line.as_bytes());
                let out = self.sync();
                if out != option_reply(line) {
                    self.fail(&format!("a valid option mid-search answered {out:?}"));
                }
            }
            _ => {
                let out = self.sync();
                if !out.is_empty() {
                    self.fail(&format!("isready answered {out:?}"));
                }
            }
        }
    }

    /// Searches started and stopped back to back, written in one go.
    fn race(&mut self) {
        self.stats.races += 1;
        let dialect = self.dialect;
        let mut burst: Vec<u8> = Vec::new();
        let mut errors = 0;
        let n = self.rng.range(2, 12);
        // Each `go` is recorded as if sent alone; the writes are in order.
        for _ in 0..n {
            let (go, hold, ponder, end) = self.burst_search(dialect.ponder);
            let now = Instant::now();
            self.owe_search(&go, None, hold, ponder, false, now);
            self.stats.lines += 1;
            burst.extend_from_slice(go.as_bytes());
            burst.extend_from_slice(self.line_end());
            if self.rng.chance(20) {
                let bad = self.pick_bad_line();
                burst.extend_from_slice(bad.as_bytes());
                burst.extend_from_slice(self.line_end());
                self.stats.lines += 1;
                errors += 1;
            }
            if let Some(end) = end {
                if let Some(s) = self.pending.back_mut() {
                    if end == "stop" {
                        s.stopped_at = Some(now);
                    } else {
                        s.hit = true;
                    }
                }
                burst.extend_from_slice(end.as_bytes());
                burst.extend_from_slice(self.line_end());
                self.stats.lines += 1;
            }
        }
        // A held search goes on through the current variant set again;
        // a new game stops it.
        let mut new_game = false;
        if self.dialect.variant_option.is_some() && self.rng.chance(20) {
            burst.extend_from_slice(format!("go infinite\n{}\n", self.setup[0]).as_bytes());
            self.push_burst_go("go infinite", true);
        }
        if self.rng.chance(20) {
            let line = self.new_game_line(true);
            burst.extend_from_slice(format!("go infinite\n{line}\n").as_bytes());
            self.push_burst_go("go infinite", true);
            let now = Instant::now();
            for s in self.pending.iter_mut() {
                s.stopped_at.get_or_insert(now);
            }
            new_game = true;
        }
        // The last search must end: stop it (a second stop is ignored).
        let now = Instant::now();
        for s in self.pending.iter_mut() {
            s.stopped_at.get_or_insert(now);
        }
        burst.extend_from_slice(b"stop\n");
        if self.rng.chance(30) {
            burst.extend_from_slice(b"stop\n");
        }
        self.stats.lines += 1;
        self.line = burst.clone();
        if let Err(e) = self.d.send_raw(&burst) {
            self.fail(&e);
        }
        self.await_burst(errors, new_game);
    }

    /// One search of a burst: the `go` line, whether it holds its answer
    /// until released, whether it ponders, and the line that releases it
    /// (`None`: the burst's last `stop` or its own limit ends it).
    fn burst_search(&mut self, ponder_ok: bool) -> (String, bool, bool, Option<&'static str>) {
        match self.rng.below(7) {
            0 | 1 => ("go infinite".into(), true, false, Some("stop")),
            2 => ("go depth 1".into(), false, false, Some("stop")),
            3 => (
                format!("go nodes {}", self.rng.range(0, 50)),
                false,
                false,
                None,
            ),
            4 if ponder_ok => ("go ponder depth 1".into(), true, true, Some("ponderhit")),
            5 => ("go infinite".into(), true, false, None),
            _ => ("go movetime 1".into(), false, false, None),
        }
    }

    /// Reads a burst's answers: every search's one final answer and
    /// exactly `errors` error lines; after a new game the board is the
    /// start again.
    fn await_burst(&mut self, errors: usize, new_game: bool) {
        let mut got = Vec::new();
        while !self.pending.is_empty() {
            let l = self.next(HANG);
            if let Some(l) = self.observe(l) {
                got.push(l);
            }
        }
        got.extend(self.sync());
        if got.len() != errors || got.iter().any(|l| !l.starts_with(ERR)) {
            self.fail(&format!(
                "expected {errors} error lines in the burst, got {got:?}"
            ));
        }
        if new_game {
            let (out, board) = self.sync_d();
            if !out.is_empty() {
                self.fail(&format!("unexpected {out:?} after the burst"));
            }
            self.pos = Position {
                base: "position startpos".into(),
                moves: Vec::new(),
                board,
                legal: None,
            };
            self.replays.clear();
        }
        self.replay();
    }

    /// Records a `go` written as part of a burst (the caller writes it).
    fn push_burst_go(&mut self, go: &str, hold: bool) {
        let legal = self.legal();
        let now = Instant::now();
        for s in self.pending.iter_mut() {
            s.stopped_at.get_or_insert(now);
        }
        self.pending.push_back(Search {
            go: go.to_string(),
            position: self.pos.line(),
            legal,
            restrict: None,
            hold,
            ponder: false,
            mate: false,
            stopped_at: None,
            hit: false,
        });
        self.stats.searches += 1;
        self.stats.lines += 2;
    }

    /// Ends the run: `quit` or end of input, idle or mid-search; the
    /// process must be gone within `PROMPT`, owing no bestmove.
    fn finish(mut self) {
        self.replay();
        let mid_search = self.rng.chance(60);
        if mid_search {
            let go = if self.dialect.ponder && self.rng.chance(30) {
                "go ponder depth 30"
            } else {
                "go infinite"
            };
            self.go(go.into(), None, true, go.contains("ponder"));
            thread::sleep(Duration::from_millis(self.rng.range(0, 20) as u64));
        }
        let eof = self.rng.chance(50);
        let mut owed_readyok = false;
        if eof {
            if self.rng.chance(50) {
                // A last line without a line end is still read.
                self.line = b"isready".to_vec();
                if let Err(e) = self.d.send_raw(b"isready") {
                    self.fail(&e);
                }
                owed_readyok = true;
            }
            self.d.close_stdin();
        } else {
            self.test_line(b"quit");
        }
        let t = Instant::now();
        let status = match self.d.wait_exit(PROMPT) {
            Ok(s) => s,
            Err(e) => self.fail(&e),
        };
        if !status.success() {
            self.fail(&format!("the daemon exited with {status}"));
        }
        let exit_ms = t.elapsed().as_millis();
        let rest = match self.d.rest(PROMPT) {
            Ok(r) => r,
            Err(e) => self.fail(&e),
        };
        let mut readyoks = 0;
        for l in &rest {
            if l == "readyok" {
                readyoks += 1;
            } else if !l.starts_with("info ") || l.starts_with(ERR) {
                self.fail(&format!(
                    "after {}: {l:?}",
                    if eof { "EOF" } else { "quit" }
                ));
            }
        }
        if readyoks != usize::from(owed_readyok) {
            self.fail(&format!(
                "{readyoks} readyok for {} unterminated isready",
                usize::from(owed_readyok)
            ));
        }
        eprintln!(
            "soak {}: seed {:#x}: {} test lines ({} written, {} bytes, longest {}) in {:.2} s; \
             {} rejected ({} positions), {} random lines accepted, {} valid, {} searches, \
             {} bestmoves, {} rejections mid-search, {} races, {} long lines; slowest readyok \
             mid-search {} ms, slowest answer to stop {} ms; {} {} exit in {} ms",
            self.name,
            self.seed,
            self.stats.lines,
            self.d.lines_sent,
            self.d.bytes_sent,
            self.stats.longest_line,
            self.started.elapsed().as_secs_f64(),
            self.stats.rejected,
            self.stats.rejected_positions,
            self.stats.accepted_random,
            self.stats.valid,
            self.stats.searches,
            self.stats.bestmoves,
            self.stats.mid_search_rejections,
            self.stats.races,
            self.stats.long_lines,
            self.stats.slowest_readyok_ms,
            self.stats.slowest_stop_ms,
            if mid_search { "mid-search" } else { "idle" },
            if eof { "EOF" } else { "quit" },
            exit_ms,
        );
    }
}

/// Checks a search `info` line's fields and their order; returns the
/// first move of its pv.
fn check_info(line: &str, mate_scores: bool) -> Result<Option<String>, String> {
    let t: Vec<&str> = line.split(' ').collect();
    let num = |i: usize, word: &str| -> Result<(), String> {
        if t.get(i) != Some(&word) {
            return Err(format!("field {i} is not '{word}'"));
        }
        match t.get(i + 1).map(|v| v.parse::<u64>()) {
            Some(Ok(_)) => Ok(()),
            _ => Err(format!("'{word}' without a number")),
        }
    };
    if t.first() != Some(&"info") {
        return Err("not an info line".into());
    }
    num(1, "depth")?;
    num(3, "seldepth")?;
    num(5, "multipv")?;
    if t.get(7) != Some(&"score") {
        return Err("no score".into());
    }
    match t.get(8) {
        Some(&"cp") => {}
        Some(&"mate") if mate_scores => {}
        _ => return Err("score is neither cp nor mate (TEI: cp only)".into()),
    }
    if t.get(9).and_then(|v| v.parse::<i64>().ok()).is_none() {
        return Err("score without a number".into());
    }
    let mut i = 10;
    if matches!(t.get(i), Some(&"lowerbound") | Some(&"upperbound")) {
        i += 1;
    }
    for word in ["nodes", "nps", "hashfull", "time"] {
        num(i, word)?;
        i += 2;
    }
    match t.get(i) {
        None => Ok(None),
        Some(&"pv") if t.len() > i + 1 => Ok(Some(t[i + 1].to_string())),
        _ => Err("junk after time".into()),
    }
}

/// Soaks `game` over its dialect: the line budget of the run, the 1 MiB
/// lines half-way, the checks that the mix of lines was sound, the exit.
pub fn soak(game: &'static Profile) {
    let mut s = Soak::start(game);
    let lines = budget(game.lines);
    let big_at = lines / 2;
    let mut big_done = false;
    while s.stats.lines < lines {
        if !big_done && s.stats.lines >= big_at {
            big_done = true;
            s.big_lines();
        }
        s.step();
    }
    if !big_done {
        s.big_lines();
    }
    let min_rejected = s.stats.lines / 10;
    if s.stats.rejected < min_rejected || s.stats.rejected_positions == 0 {
        s.fail(&format!(
            "only {} lines rejected ({} positions): the mix is broken",
            s.stats.rejected, s.stats.rejected_positions
        ));
    }
    if s.stats.bestmoves == 0 || s.stats.valid == 0 {
        s.fail("no searches or no valid lines: the mix is broken");
    }
    s.finish();
}
