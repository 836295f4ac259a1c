//! Hub, the draughts dialect: every game of the registry that speaks it
//! (International draughts, the handshake's own; Russian, selected with
//! `set-param name=variant`), under a seeded stream of valid, damaged and
//! garbage lines, checked against the game's own rules as a model. After
//! every line `ping` must be answered with `pong`; a line gets at most one
//! `error` line and nothing else (`ready` for `init`); every `go` gets
//! exactly one `done`, whose move is legal where the model says the
//! daemon stands (a bare `done` only where no move is); the daemon accepts
//! exactly the `pos` lines the model accepts, and a refused one changes
//! nothing; `ping` is answered while a search runs; `quit` or end of input
//! ends the process, also mid-search.
//!
//! A game's `[hub]` section (`fixtures/soak/<id>.txt`): `lines` (the
//! default budget), `position` (one position text a line: Hub's form or
//! a PDN FEN), `move` (words: moves legal in some of those positions and
//! illegal in others), `param` and `value` (words: `set-param` names and
//! values, none of which may select another game).

use crate::Driver;
use crate::common::rng::Rng;
use crate::data::Section;
use crate::lines::{budget, garbage, mutate};
use crate::model::{self, Rules};
use crate::wire::{BLANK_JUNK, Wire, damage};
use tabula::engine::{Dialect, registry};
use tabula::games::MoveNotation;
use tabula::protocol::hub::{self, HubCommand};

pub const DRIVER: Driver = Driver {
    handshake: "hub",
    check: |id, s| {
        Data::read(id, s);
    },
    soak,
};

#[test]
fn soak_every_game() {
    crate::soak_games(&DRIVER);
}

/// The lines that select game `id` after `hub`.
fn select(id: &str) -> Option<String> {
    (registry::native_game(Dialect::Hub) != Some(id))
        .then(|| format!("set-param name=variant value={id}"))
}

/// `quit` and end of input mid-search, in every game that speaks Hub.
#[test]
fn quit_and_eof_end_a_running_search() {
    let cases: Vec<(Vec<String>, String)> = registry::games_speaking(Dialect::Hub)
        .into_iter()
        .map(|id| {
            let mut setup = vec!["hub".to_string()];
            setup.extend(select(id));
            setup.push("level infinite".into());
            (setup, "go think".to_string())
        })
        .collect();
    crate::quit_and_eof_end_a_running_search(&cases);
}

/// Lines of the dialect that are wrong or out of place.
const JUNK: &[&str] = &[
    "=",
    "=1",
    "pos moves=\"32-28",
    "pos pos=",
    "set-param",
    "set-param name=",
    "set-param value=3",
    "level",
    "level depth=",
    "level time=1e3",
    "level move-time=-1",
    "done move=32-28",
    "info depth=3",
    "wait",
    "ready",
    "pong",
    "uci",
    "isready",
    "position startpos",
    "go\"",
    "stop",
    "ponder-hit",
    "new-game",
    "init",
];

/// A game's section, read.
struct Data {
    lines: usize,
    positions: Vec<String>,
    moves: Vec<String>,
    params: Vec<String>,
    values: Vec<String>,
}

impl Data {
    fn read(id: &'static str, s: &Section) -> Data {
        s.only(&["lines", "position", "move", "param", "value"]);
        let mut moves = s.some_words("move");
        // A doubled blank in the list.
        moves.push(String::new());
        let rules = model::rules(id);
        let positions = s.some("position");
        assert!(
            positions.iter().any(|p| rules.parse(p).is_ok()),
            "{}: no position reads as one of {id}",
            s.place
        );
        Data {
            lines: s.number("lines"),
            positions,
            moves,
            params: s.some_words("param"),
            values: s.some_words("value"),
        }
    }
}

/// What the daemon should hold: a position text (`None`: the start) and
/// the moves after it.
#[derive(Clone, Default)]
struct Model {
    base: Option<String>,
    moves: Vec<String>,
}

/// What damages a Hub position or move.
const MARKS: &[char] = &['w', 'B', 'e', '9', ':', '"', 'x'];

/// A `pos` line, perhaps damaged.
fn pos_line(rng: &mut Rng, data: &Data) -> String {
    let base = match rng.below(4) {
        0 => None,
        _ => {
            let p = rng.pick(&data.positions).clone();
            Some(damage(rng, &p, MARKS))
        }
    };
    let n = rng.below(4);
    let moves: Vec<String> = (0..n).map(|_| rng.pick(&data.moves).clone()).collect();
    let mut line = "pos".to_string();
    match &base {
        None if rng.chance(50) => line.push_str(" start"),
        None => {}
        Some(b) => line.push_str(&format!(" pos={b}")),
    }
    if !moves.is_empty() || rng.chance(20) {
        line.push_str(&format!(" moves=\"{}\"", moves.join(" ")));
    }
    line
}

fn level_line(rng: &mut Rng) -> String {
    let arg = match rng.below(6) {
        0 => format!("depth={}", rng.below(4)),
        1 => format!("nodes={}", rng.range(1, 3000)),
        2 => format!("move-time=0.0{}", rng.below(5)),
        3 => format!("time={}.{} inc=0.01", rng.below(2), rng.below(10)),
        4 => format!("depth={} moves=5 extra=1", rng.below(3)),
        _ => rng
            .pick(&["depth=x", "nodes=-5", "time=abc", "inc=", "moves=1.5"])
            .to_string(),
    };
    format!("level {arg}")
}

/// The threads of the searches from then on, now and then: helpers
/// beside the main thread once the search uses them.
const THREADS: &[&str] = &[
    "set-param name=threads value=2",
    "set-param name=threads value=4",
];

fn param_line(rng: &mut Rng, data: &Data) -> String {
    if rng.chance(25) {
        return rng.pick(THREADS).to_string();
    }
    let name = rng.pick(&data.params).clone();
    let value = rng.pick(&data.values).clone();
    format!("set-param name={name} value={value}")
}

/// A random line that `hub::parse` refuses or reads as no command or an
/// unknown one (the commands that print, search or change the game are
/// sent on purpose elsewhere).
fn junk_line(rng: &mut Rng, last_pos: &str) -> Vec<u8> {
    loop {
        let line = match rng.below(3) {
            0 => garbage(rng),
            1 => mutate(rng, last_pos.as_bytes()),
            _ => {
                let j = *rng.pick(BLANK_JUNK);
                j.as_bytes().to_vec()
            }
        };
        let text = String::from_utf8_lossy(&line);
        if matches!(
            hub::parse(&text),
            Err(_) | Ok(None) | Ok(Some(HubCommand::Unknown(_)))
        ) {
            return line;
        }
    }
}

fn is_error(l: &str) -> bool {
    l.starts_with("error message=")
}

fn is_done(l: &str) -> bool {
    l == "done" || l.starts_with("done ")
}

/// The Hub soak of one game.
struct HubSoak {
    w: Wire,
    data: Data,
    rules: Box<dyn Rules>,
    model: Model,
    searches: usize,
    refused: usize,
    last_pos: String,
}

fn soak(id: &'static str, s: &Section) {
    let data = Data::read(id, s);
    let mut h = HubSoak {
        w: Wire::start(format!("hub {id}"), "ping", "pong"),
        rules: model::rules(id),
        data,
        model: Model::default(),
        searches: 0,
        refused: 0,
        last_pos: "pos start".into(),
    };
    h.w.send("hub");
    h.w.until("wait", |l| l == "wait");
    if let Some(l) = select(id) {
        h.w.send(&l);
    }
    let got = h.w.probe();
    if !got.is_empty() {
        h.w.fail(&format!("the set-up printed {got:?}"));
    }
    let lines = budget(h.data.lines);
    for _ in 0..lines {
        h.step();
    }
    // At the default 500 lines: more than 20 searches, 10 refused.
    if h.searches <= lines / 25 || h.refused <= lines / 50 {
        h.w.fail(&format!(
            "the mix is broken: only {} searches, {} refused positions",
            h.searches, h.refused
        ));
    }
    // A `pos` clears the level: the search runs until `stop`.
    h.w.finish(&["pos start", "level infinite", "go think"], is_done);
}

impl HubSoak {
    /// One test line and its checks.
    fn step(&mut self) {
        let rng = &mut self.w.rng;
        let line: Vec<u8> = match rng.below(12) {
            0..=2 => pos_line(rng, &self.data).into_bytes(),
            3 | 4 => level_line(rng).into_bytes(),
            5 => param_line(rng, &self.data).into_bytes(),
            6 | 7 => format!(
                "go {}",
                rng.pick(&["think", "analyze", "ponder", "", "fast"])
            )
            .into_bytes(),
            8 | 9 => {
                let j = *rng.pick(JUNK);
                damage(rng, j, MARKS).into_bytes()
            }
            _ => junk_line(rng, &self.last_pos),
        };
        let text = String::from_utf8_lossy(&line).into_owned();
        // What the line asks of the position, read by the library's own
        // grammar (the model of the rules is the game library).
        let parsed = hub::parse(&text).ok().flatten();
        let wanted = match &parsed {
            Some(HubCommand::Pos { position, moves }) => Some(Model {
                base: position.clone(),
                moves: moves.clone(),
            }),
            Some(HubCommand::NewGame) => Some(Model::default()),
            _ => None,
        };
        let got = if matches!(parsed, Some(HubCommand::Go(_))) {
            self.go(&line)
        } else {
            self.w.ask(&line)
        };
        self.w.note(&got);
        self.check(&text, &parsed, &got);
        if let Some(m) = wanted {
            self.adopt(m, &text, &got);
        }
    }

    /// A `go` line: a small depth first, or (now and then) no limit with
    /// `ping` mid-search and `stop`. The lines that came (search progress
    /// left out).
    fn go(&mut self, line: &[u8]) -> Vec<String> {
        let mut got = Vec::new();
        if self.w.rng.chance(25) {
            self.w.send("level infinite");
            self.w.test_bytes(line);
            self.w.send("ping");
            got = self.w.until("pong mid-search", |l| l == "pong");
            got.pop();
            // Only a position without a move is answered at once.
            if !got.iter().all(|l| l.starts_with("info ") || l == "done") {
                self.w.fail(&format!("ping mid-search: {got:?}"));
            }
            self.w.send("stop");
        } else {
            self.w.send("level depth=2");
            self.w.test_bytes(line);
            if line.windows(6).any(|w| w == b"ponder") {
                self.w.send("ponder-hit");
            }
        }
        if !got.iter().any(|l| is_done(l)) {
            got.extend(self.w.until("done", is_done));
        }
        got.extend(self.w.probe());
        got.retain(|l| !l.starts_with("info "));
        self.searches += 1;
        self.w.stats.searches += 1;
        let dones: Vec<&String> = got.iter().filter(|l| is_done(l)).collect();
        if dones.len() != 1 {
            self.w.fail(&format!("{} done lines: {got:?}", dones.len()));
        }
        self.w.stats.bestmoves += 1;
        let Some(pos) = self
            .rules
            .reach(self.model.base.as_deref(), &self.model.moves, MoveNotation::Hub)
        else {
            self.w.fail("the model holds no legal position");
        };
        match dones[0]
            .strip_prefix("done move=")
            .and_then(|r| r.split(' ').next())
        {
            Some(mv) if !pos.accepts(mv, MoveNotation::Hub) => self.w.fail(&format!(
                "'{mv}' is not legal in the model's position {} ({got:?})",
                pos.notation()
            )),
            Some(_) => {}
            None if !pos.legal(MoveNotation::Hub).is_empty() => {
                self.w.fail(&format!("bare done with legal moves ({got:?})"))
            }
            None => {}
        }
        got
    }

    /// At most one error line, nothing else but a `go`'s `done` and
    /// `init`'s `ready`.
    fn check(&mut self, text: &str, parsed: &Option<HubCommand>, got: &[String]) {
        let errors = got.iter().filter(|l| is_error(l)).count();
        if errors > 1 {
            self.w.fail(&format!("{errors} error lines: {got:?}"));
        }
        let init = matches!(parsed, Some(HubCommand::Init));
        if let Some(l) = got
            .iter()
            .find(|l| !(is_error(l) || is_done(l) || (init && *l == "ready")))
        {
            self.w.fail(&format!("{text:?} answered {l:?} ({got:?})"));
        }
        if errors == 1 {
            self.w.stats.rejected += 1;
        }
    }

    /// A `pos` or `new-game`: the daemon must accept exactly what the
    /// model accepts; a refused one changes nothing.
    fn adopt(&mut self, m: Model, text: &str, got: &[String]) {
        let errors = got.iter().filter(|l| is_error(l)).count();
        let accepted = self
            .rules
            .reach(m.base.as_deref(), &m.moves, MoveNotation::Hub)
            .is_some();
        if accepted != (errors == 0) {
            self.w.fail(&format!(
                "the model {} {text:?}, the daemon answered {got:?}",
                if accepted { "accepts" } else { "refuses" }
            ));
        }
        if accepted {
            self.model = m;
            self.w.stats.valid += 1;
            self.last_pos = text.to_string();
        } else {
            self.refused += 1;
            self.w.stats.rejected_positions += 1;
        }
    }
}
