//! CECP (XBoard): every game of the registry that speaks it (Makruk).
//! There is no `d` and no perft: a model of the game on the crate's own
//! rules (`model.rs`) follows every move, and the engine must keep
//! agreeing with it on which moves are legal and when the game ends.
//!
//! A game's `[xboard]` section (`fixtures/soak/<id>.txt`): `lines` (the
//! default budget), `setboard` (positions to set up and damage, one a
//! line), `illegal` (words: moves that are never legal), `promotion` (the
//! piece letter the engine adds to a promotion written without one; no
//! line for a game without promotions).

use crate::common::daemon::{Daemon, escape};
use crate::common::driver::HANG;
use crate::common::rng::Rng;
use crate::lines::{
    MIB, PROMPT, Stats, base_seed, budget, garbage, line_end, mutate, seed_for, tokens,
};
use std::thread;
use std::time::{Duration, Instant};
use crate::Driver;
use crate::data::Section;
use crate::model::{self, Position, Rules};
use tabula::games::{EndKind, MoveNotation, Outcome};
use tabula::protocol::options::threads_note;

pub const DRIVER: Driver = Driver {
    handshake: "xboard",
    check: |_, s| {
        Data::read(s);
    },
    soak,
};

/// A game's section, read.
struct Data {
    lines: usize,
    setboards: Vec<String>,
    illegal: Vec<String>,
    promotion: Option<String>,
}

impl Data {
    fn read(s: &Section) -> Data {
        s.only(&["lines", "setboard", "illegal", "promotion"]);
        Data {
            lines: s.number("lines"),
            setboards: s.some("setboard"),
            illegal: s.some_words("illegal"),
            promotion: s.maybe("promotion"),
        }
    }
}

/// Lines every CECP session refuses with exactly one `Error (...)` line.
const BAD_CECP: &[&str] = &[
    "analyze",
    "sd x",
    "sd 0",
    "sd -3",
    "st 0",
    "st x",
    "level 1 2",
    "level x 5 0",
    "level 40 5:xx 0",
    "new game",
    "force now",
    "go go",
    "undo 2",
    "usermove",
    "usermove e3e4 e6e5",
    "ping x",
    "ping 99999999999999999999",
    "cores 0",
    "cores 1025",
    "cores x",
    "protover x",
    "time",
    "otim soon",
    "variant chess",
    "variant tak",
    "variant makruk extra",
    "result maybe",
    "result",
    "setboard",
    "uci",
    "isready",
    "position startpos",
    "ucinewgame",
    "xyzzy",
    "\u{fffd}",
];

/// Lines whose acceptance changes nothing the model tracks; mutated.
const SEEDS_CECP: &[&str] = &[
    "level 40 5 0",
    "level 0 2:30 1.5",
    "time 30000",
    "otim 29000",
    "st 30",
    "accepted usermove",
    "rejected san",
    "name Some Body",
    "rating 2100 1900",
    "computer",
    "hard",
    "easy",
    "random",
    "hint",
    "bk",
    "memory 64",
];

/// The threads `cores` sets now and then (`Cecp::cores`): helpers search
/// beside the main thread once the search honours them.
const CORES: &[usize] = &[2, 4];

/// First words of commands that change what the model tracks (or print
/// replies the soak asks for on purpose); random lines starting with one
/// are not sent.
const CECP_STATEFUL: &[&str] = &[
    "new",
    "quit",
    "force",
    "go",
    "playother",
    "white",
    "black",
    "?",
    "undo",
    "remove",
    "result",
    "setboard",
    "usermove",
    "xboard",
    "sd",
    "draw",
    "post",
    "nopost",
    "ping",
    "protover",
    "st",
];

/// A word a CECP engine reads as a bare coordinate move.
fn looks_like_move(w: &str) -> bool {
    let b = w.as_bytes();
    let mut i = 0;
    for _ in 0..2 {
        let s = i;
        while i < b.len() && b[i].is_ascii_lowercase() {
            i += 1;
        }
        if i == s {
            return false;
        }
        let s = i;
        while i < b.len() && b[i].is_ascii_digit() {
            i += 1;
        }
        if i == s {
            return false;
        }
    }
    b[i..].iter().all(u8::is_ascii_alphabetic)
}

fn cecp_quiet(bytes: &[u8]) -> bool {
    let t = tokens(bytes);
    match t.first() {
        None => true,
        Some(w) => !(CECP_STATEFUL.contains(&w.as_str()) || (t.len() == 1 && looks_like_move(w))),
    }
}

/// The result code XBoard expects for `outcome`.
fn result_code(outcome: &Outcome) -> &'static str {
    match outcome.winner() {
        Some(0) => "1-0",
        Some(_) => "0-1",
        None => "1/2-1/2",
    }
}

fn is_counting(outcome: &Option<Outcome>) -> bool {
    outcome
        .as_ref()
        .is_some_and(|o| o.is_draw() && o.kind == EndKind::Counting)
}

/// A thinking-output line: `ply score time nodes [pv]`.
fn thinking_pv(line: &str) -> Option<Option<String>> {
    let t: Vec<&str> = line.split(' ').collect();
    if t.len() < 4
        || t[0].parse::<u32>().is_err()
        || t[1].parse::<i64>().is_err()
        || t[2].parse::<u64>().is_err()
        || t[3].parse::<u64>().is_err()
    {
        return None;
    }
    Some(t.get(4).map(|m| m.to_string()))
}

struct Cecp {
    /// `cecp makruk`: the run's name, which also picks its seed.
    name: String,
    data: Data,
    /// The seed lines with `variant <id>`.
    seeds: Vec<String>,
    seed: u64,
    rng: Rng,
    d: Daemon,
    rules: Box<dyn Rules>,
    /// The last `setboard` FEN (None: the start position), the moves
    /// played since as the engine spells them, and the position reached.
    base: Option<String>,
    moves: Vec<String>,
    pos: Box<dyn Position>,
    force: bool,
    engine_side: usize,
    over: bool,
    /// The engine owes a `move`; the legal moves where it thinks.
    thinking: Option<Vec<String>>,
    post: bool,
    depth: u32,
    /// The result line the engine must print next.
    result_due: Option<&'static str>,
    /// `offer draw` came while the engine thought: its move must reach
    /// the counting limit.
    offer_before_move: bool,
    /// The legal moves of a search just given up, until the next `pong`.
    stale: Option<Vec<String>>,
    /// A line whose reply depends on the game was sent while the engine
    /// thought: if its move comes before the next `pong`, which came first
    /// is unknown. The legal moves of that search.
    uncertain: Option<Vec<String>>,
    /// That search's move came anyway: the replies cannot be checked until
    /// the game is set up again.
    raced: bool,
    pool: Vec<String>,
    ping: i64,
    line: Vec<u8>,
    stats: Stats,
    engine_moves: usize,
    started: Instant,
}

impl Cecp {
    fn start(id: &str, data: Data) -> Cecp {
        let name = format!("cecp {id}");
        let seed = seed_for(&name);
        let rules = model::rules(id);
        let pos = rules.start();
        let mut seeds: Vec<String> = SEEDS_CECP.iter().map(|l| l.to_string()).collect();
        seeds.push(format!("variant {id}"));
        let mut c = Cecp {
            name,
            data,
            seeds,
            seed,
            rng: Rng::new(seed),
            d: Daemon::start(),
            rules,
            base: None,
            moves: Vec::new(),
            pos,
            force: false,
            engine_side: 1,
            over: false,
            thinking: None,
            post: false,
            depth: 2,
            result_due: None,
            offer_before_move: false,
            stale: None,
            uncertain: None,
            raced: false,
            pool: Vec::new(),
            ping: 0,
            line: Vec::new(),
            stats: Stats::default(),
            engine_moves: 0,
            started: Instant::now(),
        };
        c.test_line(b"xboard");
        c.test_line(b"protover 2");
        let feature = c.next(HANG);
        if !feature.starts_with("feature ") || !feature.ends_with(" done=1") {
            c.fail(&format!("protover 2 answered {feature:?}"));
        }
        for l in [
            "accepted usermove",
            "accepted ping",
            "accepted done",
            "new",
            &format!("variant {id}"),
        ] {
            c.test_line(l.as_bytes());
        }
        c.set_depth();
        c.expect_nothing();
        c
    }

    fn fail(&self, what: &str) -> ! {
        panic!(
            "{} (seed {:#x}, TABULA_SOAK_SEED={:#x}): {what}\n  line: {}\n  model: {} moves {:?} (fen {}), force {}, engine plays {}, over {}, thinking {}\n  {:?}\n  recent transcript:\n{}",
            self.name,
            self.seed,
            base_seed(),
            escape(&self.line),
            self.base.as_deref().unwrap_or("startpos"),
            self.moves,
            self.pos.notation(),
            self.force,
            self.engine_side,
            self.over,
            self.thinking.is_some(),
            self.stats,
            self.d.transcript()
        );
    }

    fn line_end(&mut self) -> &'static [u8] {
        line_end(&mut self.rng)
    }

    fn test_line(&mut self, bytes: &[u8]) {
        self.stats.lines += 1;
        self.stats.longest_line = self.stats.longest_line.max(bytes.len());
        self.line = bytes.to_vec();
        let mut b = bytes.to_vec();
        b.extend_from_slice(self.line_end());
        if let Err(e) = self.d.send_raw(&b) {
            self.fail(&e);
        }
    }

    fn next(&mut self, timeout: Duration) -> String {
        match self.d.next_line(timeout) {
            Ok(l) => l,
            Err(e) => self.fail(&e),
        }
    }

    fn legal(&mut self) -> Vec<String> {
        let moves = self.pos.legal(MoveNotation::Uci);
        for m in &moves {
            if !self.pool.contains(m) && self.pool.len() < 2000 {
                self.pool.push(m.clone());
            }
        }
        moves
    }

    /// How the engine spells `text` if it is legal here (XBoard may leave
    /// the promotion suffix out or give another letter).
    fn accepts(&self, text: &str) -> Option<String> {
        let mut spellings = vec![text.to_string()];
        let promotion = self.data.promotion.as_deref();
        if text.len() == 4 {
            spellings.extend(promotion.map(|p| format!("{text}{p}")));
        } else if text.len() == 5
            && text.is_char_boundary(4)
            && text.as_bytes()[4].is_ascii_alphabetic()
        {
            spellings.extend(promotion.map(|p| format!("{}{p}", &text[..4])));
            spellings.push(text[..4].to_string());
        }
        spellings
            .into_iter()
            .find(|s| self.pos.accepts(s, MoveNotation::Uci))
    }

    /// Plays an accepted move on the model; a game ended by a rule the
    /// engine announces with a result line.
    fn play(&mut self, spelled: String) {
        if let Err(e) = self.pos.play(&spelled, MoveNotation::Uci) {
            self.fail(&format!("the model cannot play {spelled}: {e}"));
        }
        self.moves.push(spelled);
        self.announce_end();
    }

    /// The engine's `cecp_announce_end`: true when the game ended by a
    /// rule other than counting (a result line is then due).
    fn announce_end(&mut self) -> bool {
        let outcome = self.pos.outcome();
        match outcome {
            Some(ref o) if !is_counting(&outcome) => {
                self.over = true;
                self.result_due = Some(result_code(o));
                true
            }
            _ => false,
        }
    }

    /// The engine's `cecp_think`.
    fn think(&mut self) {
        if self.force
            || self.over
            || self.thinking.is_some()
            || self.pos.side_to_move() != self.engine_side
        {
            return;
        }
        if self.announce_end() {
            return;
        }
        let legal = self.legal();
        self.thinking = Some(legal);
    }

    /// A running search is given up (no move will come). Output it
    /// printed before the engine read the line may still be on its way
    /// (until the next `pong`): thinking lines, or even its move when it
    /// ended by itself just before (then the model is set up again).
    fn abort(&mut self) {
        if let Some(legal) = self.thinking.take() {
            self.stale = Some(legal);
        }
        self.offer_before_move = false;
    }

    /// After a search ended by itself just before a line that gave it up
    /// was read, the engine's game differs from the model's: force mode
    /// and the model's position make them agree again.
    fn resync(&mut self) {
        self.stats.races += 1;
        self.test_line(b"force");
        self.thinking = None;
        self.force = true;
        self.result_due = None;
        let fen = self.pos.notation();
        self.test_line(format!("setboard {fen}").as_bytes());
        self.base = Some(fen);
        self.moves.clear();
        self.over = false;
        let got = self.sync();
        let ok = ["Error (", "Illegal move", "tellusererror "];
        if got.iter().any(|l| !ok.iter().any(|p| l.starts_with(p))) {
            self.fail(&format!(
                "unexpected {got:?} while setting the game up again"
            ));
        }
        self.raced = false;
        self.expect_nothing();
    }

    fn observe(&mut self, line: String) -> Option<String> {
        if let Some(m) = line.strip_prefix("move ") {
            if self.raced {
                return None;
            }
            if let Some(legal) = self.uncertain.take() {
                // Before or after the line just sent? Unknown: check the
                // move, then set the game up again.
                if !legal.contains(&m.to_string()) {
                    self.fail(&format!("{line:?} is not legal: {legal:?}"));
                }
                self.thinking = None;
                self.raced = true;
                return None;
            }
            if self.thinking.is_none()
                && let Some(stale) = self.stale.take()
            {
                if !stale.contains(&m.to_string()) {
                    self.fail(&format!("{line:?} is not legal: {stale:?}"));
                }
                self.raced = true;
                return None;
            }
            let Some(legal) = self.thinking.take() else {
                self.fail(&format!("{line:?} while the engine was not thinking"));
            };
            if !legal.contains(&m.to_string()) {
                self.fail(&format!("{line:?} is not legal: {legal:?}"));
            }
            if self.result_due.is_some() {
                self.fail(&format!("{line:?} before the due result line"));
            }
            self.engine_moves += 1;
            self.stats.bestmoves += 1;
            self.play(m.to_string());
            if std::mem::take(&mut self.offer_before_move) && !is_counting(&self.pos.outcome()) {
                self.fail(&format!(
                    "a draw offered before {line:?}, which draws nothing"
                ));
            }
            return None;
        }
        if ["1-0 {", "0-1 {", "1/2-1/2 {"]
            .iter()
            .any(|p| line.starts_with(p))
        {
            if self.raced {
                return None;
            }
            match self.result_due.take() {
                Some(code) if line.starts_with(&format!("{code} {{")) && line.ends_with('}') => {}
                due => self.fail(&format!("result line {line:?}, expected {due:?}")),
            }
            return None;
        }
        if line == "offer draw" {
            if self.raced || self.stale.is_some() {
                return None;
            }
            let drawn = self.pos.outcome().is_some_and(|o| o.is_draw());
            if self.thinking.is_some() && !drawn {
                // Offered before the move that reaches the counting limit.
                self.offer_before_move = true;
            } else if !self.pos.outcome().is_some_and(|o| o.is_draw()) {
                self.fail("a draw offered in a position that is no draw");
            }
            return None;
        }
        if let Some(pv) = thinking_pv(&line) {
            if self.raced {
                return None;
            }
            let Some(legal) = self.thinking.as_ref().or(self.stale.as_ref()) else {
                self.fail(&format!("thinking output {line:?} while not thinking"));
            };
            if !self.post {
                self.fail(&format!("thinking output {line:?} after nopost"));
            }
            if let Some(first) = pv
                && !legal.contains(&first)
            {
                self.fail(&format!("thinking output {line:?}: {first} is not legal"));
            }
            return None;
        }
        if line == "resign" {
            self.fail("the engine resigned");
        }
        Some(line)
    }

    /// `ping N` and everything up to `pong N` that is not the engine's
    /// play; mid-think the `pong` must come within `PROMPT`.
    fn sync(&mut self) -> Vec<String> {
        self.ping += 1;
        let n = self.ping;
        let busy = self.thinking.is_some();
        let t = Instant::now();
        let ping = format!("ping {n}");
        let mut b = ping.into_bytes();
        b.extend_from_slice(self.line_end());
        if let Err(e) = self.d.send_raw(&b) {
            self.fail(&e);
        }
        let pong = format!("pong {n}");
        let mut got = Vec::new();
        loop {
            let l = self.next(HANG);
            if l == pong {
                break;
            }
            if let Some(l) = self.observe(l) {
                got.push(l);
            }
        }
        // Whatever a given-up search printed came before this pong.
        self.stale = None;
        self.uncertain = None;
        if busy {
            let ms = t.elapsed().as_millis();
            self.stats.slowest_readyok_ms = self.stats.slowest_readyok_ms.max(ms);
            if t.elapsed() > PROMPT {
                self.fail(&format!("pong took {ms} ms while thinking"));
            }
        }
        got
    }

    fn expect_nothing(&mut self) {
        let got = self.sync();
        if !got.is_empty() && !self.raced {
            self.fail(&format!("expected no reply, got {got:?}"));
        }
    }

    /// Waits for the engine's move (if one is owed) and a due result line.
    fn await_move(&mut self) {
        while self.thinking.is_some() || self.result_due.is_some() {
            let l = self.next(HANG);
            if let Some(l) = self.observe(l) {
                self.fail(&format!(
                    "unexpected {l:?} while waiting for the engine's move"
                ));
            }
        }
    }

    fn set_depth(&mut self) {
        self.depth = self.rng.range(1, 3) as u32;
        let l = format!("sd {}", self.depth);
        self.test_line(l.as_bytes());
    }

    fn new_game(&mut self) {
        self.test_line(b"new");
        self.abort();
        self.base = None;
        self.moves.clear();
        self.pos = self.rules.start();
        self.force = false;
        self.engine_side = 1;
        self.over = false;
        self.result_due = None;
        self.set_depth();
        self.expect_nothing();
    }

    /// One error line for `line`, starting with `prefix`.
    fn expect_error(&mut self, prefix: &str) {
        let got = self.sync();
        if self.raced {
            return;
        }
        if got.len() != 1 || !got[0].starts_with(prefix) {
            self.fail(&format!("expected one {prefix:?} line, got {got:?}"));
        }
        self.stats.rejected += 1;
    }

    fn step(&mut self) {
        match self.rng.below(100) {
            0..=29 => self.user_move(),
            30..=37 => self.illegal_move(),
            38..=49 => {
                let line = loop {
                    let l = if self.rng.chance(50) {
                        garbage(&mut self.rng)
                    } else {
                        let seed = self.rng.pick(&self.seeds).clone();
                        mutate(&mut self.rng, seed.as_bytes())
                    };
                    if cecp_quiet(&l) {
                        break l;
                    }
                };
                self.test_line(&line);
                let got = self.sync();
                let ok = ["Error (", "Illegal move", "tellusererror "];
                if got.len() > 1 || got.iter().any(|l| !ok.iter().any(|p| l.starts_with(p))) {
                    self.fail(&format!("a random line was answered {got:?}"));
                }
                if got.is_empty() {
                    self.stats.accepted_random += 1;
                } else {
                    self.stats.rejected += 1;
                }
            }
            50..=58 => {
                let line = *self.rng.pick(BAD_CECP);
                self.test_line(line.as_bytes());
                self.expect_error("Error (");
            }
            59..=65 => self.setboard(),
            66..=70 => self.take_back(),
            71..=78 => self.mode(),
            79..=88 => self.move_now(),
            89..=91 => {
                self.post = !self.post;
                let l: &[u8] = if self.post { b"post" } else { b"nopost" };
                self.test_line(l);
                self.expect_nothing();
            }
            92 | 93 => {
                // The opponent offers a draw: accepted only when a rule
                // drew the game already.
                self.test_line(b"draw");
                let got = self.sync();
                if !got.is_empty() {
                    self.fail(&format!("draw answered {got:?}"));
                }
            }
            94 => {
                self.test_line(b"result 1/2-1/2 {adjudicated}");
                self.abort();
                self.over = true;
                self.expect_nothing();
            }
            95 => match self.rng.below(4) {
                0 | 1 => self.cores(),
                n => {
                    // Nothing to do: `xboard` again, `?` with no search.
                    let l: &[u8] = if n == 2 { b"xboard" } else { b"?" };
                    self.test_line(l);
                    self.expect_nothing();
                }
            },
            _ => {
                let n = [-5i64, 0, 7, i64::MAX, i64::MIN][self.rng.below(5)];
                let l = format!("ping {n}");
                self.test_line(l.as_bytes());
                let got = self.sync();
                if got != [format!("pong {n}")] {
                    self.fail(&format!("{l} answered {got:?}"));
                }
            }
        }
        self.await_move();
        if self.moves.len() > 150 || (self.over && self.rng.chance(50)) {
            self.new_game();
        }
    }

    /// `cores N`: the threads of the searches from now on. Nothing is
    /// printed, but the `#` note when the machine has fewer cores.
    fn cores(&mut self) {
        let n = *self.rng.pick(CORES);
        self.test_line(format!("cores {n}").as_bytes());
        let note = threads_note("Threads", n).map(|text| format!("# {text}"));
        let got = self.sync();
        if got != Vec::from_iter(note) && !self.raced {
            self.fail(&format!("cores {n} answered {got:?}"));
        }
    }

    fn user_move(&mut self) {
        let legal = self.legal();
        if self.over || legal.is_empty() {
            return self.new_game();
        }
        let mut m = self.rng.pick(&legal).clone();
        if m.len() == 5 && self.rng.chance(50) {
            // XBoard's promotion spellings: none, or another piece letter.
            m = if self.rng.chance(50) {
                m[..4].to_string()
            } else {
                format!("{}q", &m[..4])
            };
        }
        let Some(spelled) = self.accepts(&m) else {
            self.fail(&format!("the model does not accept its own move {m}"));
        };
        let line = if self.rng.chance(70) {
            format!("usermove {m}")
        } else {
            m.clone()
        };
        self.test_line(line.as_bytes());
        self.stats.valid += 1;
        self.abort();
        self.play(spelled);
        if !self.over {
            self.think();
        }
        self.expect_nothing();
    }

    fn illegal_move(&mut self) {
        let legal = self.legal();
        let candidates: Vec<String> = self
            .pool
            .iter()
            .filter(|m| !legal.contains(m) && self.accepts(m).is_none())
            .cloned()
            .collect();
        let m = if candidates.is_empty() || self.rng.chance(20) {
            self.rng.pick(&self.data.illegal).clone()
        } else {
            self.rng.pick(&candidates).clone()
        };
        if self.accepts(&m).is_some() {
            return;
        }
        let bare = looks_like_move(&m) && self.rng.chance(30);
        let line = if bare {
            m.clone()
        } else {
            format!("usermove {m}")
        };
        self.test_line(line.as_bytes());
        let prefix = if self.over {
            format!("Illegal move (the game is over): {m}")
        } else {
            format!("Illegal move: {m}")
        };
        if !self.over {
            // The engine's search (if any) is given up, then it thinks
            // again if it is on move.
            self.abort();
            self.think();
        }
        let got = self.sync();
        if got != [prefix.clone()] {
            self.fail(&format!("expected {prefix:?}, got {got:?}"));
        }
        self.stats.rejected += 1;
        self.stats.rejected_positions += 1;
    }

    fn setboard(&mut self) {
        let fen = match self.rng.below(4) {
            0 => self.pos.notation(),
            1 => self.rng.pick(&self.data.setboards).clone(),
            _ => {
                let text = if self.rng.chance(50) {
                    self.pos.notation()
                } else {
                    self.rng.pick(&self.data.setboards).clone()
                };
                let m = mutate(&mut self.rng, text.as_bytes());
                String::from_utf8_lossy(&m).into_owned()
            }
        };
        let mut line = b"setboard ".to_vec();
        line.extend_from_slice(fen.as_bytes());
        let args = tokens(&line)[1..].join(" ");
        self.test_line(&line);
        if args.is_empty() {
            return self.expect_error("Error (setboard needs a FEN)");
        }
        match self.rules.parse(&args) {
            Ok(p) => {
                self.abort();
                self.pos = p;
                self.base = Some(args);
                self.moves.clear();
                self.over = false;
                self.stats.valid += 1;
                self.expect_nothing();
            }
            Err(_) => {
                self.stats.rejected_positions += 1;
                self.expect_error("tellusererror Illegal position: ");
            }
        }
    }

    fn take_back(&mut self) {
        let plies = self.rng.range(1, 2);
        let word = if plies == 1 { "undo" } else { "remove" };
        self.test_line(word.as_bytes());
        if self.moves.len() < plies {
            // Refused: a running search goes on.
            return self.expect_error(&format!("Error (no move to take back): {word}"));
        }
        self.abort();
        let keep = self.moves.len() - plies;
        self.moves.truncate(keep);
        self.over = false;
        self.result_due = None;
        let mut pos = match &self.base {
            None => self.rules.start(),
            Some(fen) => match self.rules.parse(fen) {
                Ok(p) => p,
                Err(e) => self.fail(&format!("the model's base does not read: {e}")),
            },
        };
        for m in &self.moves {
            match pos.play(m, MoveNotation::Uci) {
                Ok(()) => {}
                Err(e) => self.fail(&format!("the model's move {m} does not replay: {e}")),
            }
        }
        self.pos = pos;
        self.expect_nothing();
    }

    fn mode(&mut self) {
        match self.rng.below(6) {
            0 => {
                self.test_line(b"force");
                self.abort();
                self.force = true;
            }
            1 | 2 => {
                self.test_line(b"go");
                self.abort();
                self.force = false;
                self.engine_side = self.pos.side_to_move();
                self.think();
            }
            3 => {
                self.test_line(b"playother");
                self.abort();
                self.force = false;
                self.engine_side = self.pos.side_to_move() ^ 1;
            }
            4 => {
                let (word, side) = if self.rng.chance(50) {
                    ("white", 0)
                } else {
                    ("black", 1)
                };
                self.test_line(word.as_bytes());
                self.abort();
                self.engine_side = side ^ 1;
            }
            _ => return self.new_game(),
        }
        self.expect_nothing();
    }

    /// The engine thinks without a depth limit; lines meanwhile, then `?`:
    /// its move comes at once.
    fn move_now(&mut self) {
        if self.over || self.legal().is_empty() {
            return self.new_game();
        }
        self.test_line(b"sd 64");
        self.test_line(b"time 100000");
        self.test_line(b"go");
        self.abort();
        self.force = false;
        self.engine_side = self.pos.side_to_move();
        self.think();
        self.stats.searches += 1;
        if self.rng.chance(70) {
            thread::sleep(Duration::from_millis(self.rng.range(0, 20) as u64));
        }
        for _ in 0..self.rng.below(4) {
            let k = self.rng.below(8);
            if k >= 3 {
                self.uncertain = self.thinking.clone();
            }
            match k {
                // Commands that give the search up: no move may come.
                3 => {
                    self.test_line(b"force");
                    self.abort();
                    self.force = true;
                    self.expect_nothing();
                }
                4 => self.user_move(),
                5 => self.setboard(),
                6 => self.take_back(),
                7 => {
                    self.test_line(b"result * {aborted}");
                    self.abort();
                    self.over = true;
                    self.expect_nothing();
                }
                0 => {
                    let line = *self.rng.pick(BAD_CECP);
                    self.test_line(line.as_bytes());
                    self.expect_error("Error (");
                    self.stats.mid_search_rejections += 1;
                }
                1 => {
                    let line = loop {
                        let l = garbage(&mut self.rng);
                        if cecp_quiet(&l) {
                            break l;
                        }
                    };
                    self.test_line(&line);
                    let got = self.sync();
                    if got.len() > 1 || got.iter().any(|l| !l.starts_with("Error (")) {
                        self.fail(&format!("junk while thinking answered {got:?}"));
                    }
                }
                _ => self.expect_nothing(),
            }
            if self.raced {
                self.resync();
            }
        }
        let t = Instant::now();
        self.test_line(b"?");
        let moved_before = self.thinking.is_none();
        // The move is sent before the next line is read.
        if self.rng.chance(50) {
            self.test_line(b"force");
            self.force = true;
        }
        self.await_move();
        let ms = t.elapsed().as_millis();
        self.stats.slowest_stop_ms = self.stats.slowest_stop_ms.max(ms);
        if !moved_before && t.elapsed() > PROMPT {
            self.fail(&format!("the move came {ms} ms after '?'"));
        }
        self.set_depth();
        self.expect_nothing();
    }

    /// Once: a valid line of exactly 1 MiB, then one a byte longer.
    fn mebibyte_lines(&mut self) {
        let mut line = b"ping 424242".to_vec();
        line.resize(MIB, b' ');
        self.test_line(&line);
        let got = self.sync();
        if got != ["pong 424242"] {
            self.fail(&format!("a 1 MiB ping answered {got:?}"));
        }
        line.push(b' ');
        self.test_line(&line);
        self.expect_error("Error (input rejected): line too long");
    }

    fn finish(mut self) {
        let mid_think = self.rng.chance(60) && !self.over && !self.legal().is_empty();
        if mid_think {
            self.test_line(b"sd 64");
            self.test_line(b"go");
            self.abort();
            self.force = false;
            self.engine_side = self.pos.side_to_move();
            self.think();
            thread::sleep(Duration::from_millis(self.rng.range(0, 20) as u64));
        }
        let eof = self.rng.chance(50);
        if eof {
            self.d.close_stdin();
        } else {
            self.test_line(b"quit");
        }
        let t = Instant::now();
        match self.d.wait_exit(PROMPT) {
            Ok(s) if s.success() => {}
            Ok(s) => self.fail(&format!("the daemon exited with {s}")),
            Err(e) => self.fail(&e),
        }
        let exit_ms = t.elapsed().as_millis();
        let rest = match self.d.rest(PROMPT) {
            Ok(r) => r,
            Err(e) => self.fail(&e),
        };
        // A move that came before `quit` was read is fine (the search may
        // end by itself); it must be legal, and come once.
        for l in rest {
            if let Some(l) = self.observe(l) {
                self.fail(&format!(
                    "after {}: {l:?}",
                    if eof { "EOF" } else { "quit" }
                ));
            }
        }
        eprintln!(
            "soak {}: seed {:#x}: {} test lines ({} written, {} bytes, longest {}) in \
             {:.2} s; {} rejected ({} moves/positions), {} random lines accepted, {} user \
             moves/setboards, {} engine moves, {} '?' searches, {} rejections mid-think, {} searches that ended just \
             before a line gave them up; slowest pong mid-think {} ms, slowest move after '?' {} ms; {} {} exit in {} ms",
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
            self.engine_moves,
            self.stats.searches,
            self.stats.mid_search_rejections,
            self.stats.races,
            self.stats.slowest_readyok_ms,
            self.stats.slowest_stop_ms,
            if mid_think { "mid-think" } else { "idle" },
            if eof { "EOF" } else { "quit" },
            exit_ms
        );
    }
}

/// Every game of the registry that speaks CECP, each with its section
/// `[xboard]` of `fixtures/soak/<id>.txt`.
#[test]
fn soak_every_game() {
    crate::soak_games(&DRIVER);
}

fn soak(id: &'static str, s: &Section) {
    let data = Data::read(s);
    let lines = budget(data.lines);
    let mut c = Cecp::start(id, data);
    let mut big_done = false;
    while c.stats.lines < lines {
        if !big_done && c.stats.lines >= lines / 2 {
            big_done = true;
            c.mebibyte_lines();
        }
        c.step();
    }
    if !big_done {
        c.mebibyte_lines();
    }
    if c.stats.rejected < c.stats.lines / 10 || c.engine_moves == 0 || c.stats.valid == 0 {
        c.fail("the mix is broken: too few rejections, user or engine moves");
    }
    c.finish();
}

/// `quit` and end of input mid-search: the handshake and setup, the `go`.
pub const QUIT_CASES: &[(&[&str], &str)] = &[(
    &["xboard", "protover 2", "new", "sd 64", "time 100000"],
    "go",
)];

#[test]
fn quit_and_eof_end_a_running_search() {
    crate::quit_and_eof_end_a_running_search(&crate::quit_cases(QUIT_CASES));
}
