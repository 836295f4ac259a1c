//! The Hub dialect under random input: a seeded stream of valid, damaged
//! and garbage lines through the real binary, checked against the game
//! library as a model. After every line `ping` must be answered with
//! `pong`; a line gets at most one `error` line; every `go` gets exactly
//! one `done`, whose move is legal in the position the model says the
//! daemon holds (a refused `pos` changes nothing); `ping` is answered
//! while a search runs; `quit` ends the process.
//!
//! `TABULA_HUB_FUZZ_LINES=N` sets the number of lines (default 500),
//! `TABULA_HUB_FUZZ_SEED=S` the seed, `TABULA_HUB_FUZZ_VERBOSE=1` prints
//! every line with what it got.

mod common;

use common::daemon::Daemon;
use common::driver::{self, env_flag, env_number, send, until};
use common::rng::Rng;
use tabula::games::draughts::International;
use tabula::games::{Game, GamePosition, MoveNotation};
use tabula::protocol::hub::{self, HubCommand};

const START: &str = "Wbbbbbbbbbbbbbbbbbbbbeeeeeeeeeewwwwwwwwwwwwwwwwwwww";

const POSITIONS: &[&str] = &[
    START,
    "W:W31-50:B1-20",
    "B:W28,31-50:B1-19",
    "W:WK46,K50:BK5",
    "BeeeWWeeeeeeeeeeeeeeeeeeeweeeeeeeeewweBeeeeeeeeeBee",
    "W:W27,28,33:B17,18,22",
];

/// Moves that are legal in some of the positions above (and illegal in
/// the others), in PDN and Hub form.
const MOVES: &[&str] = &[
    "32-28", "31-27", "19-23", "18-22", "28x19", "28x19x23", "14x23", "14x23x19", "33-29", "46-41",
    "27x18", "22x31", "17-21", "5-10", "38-15", "99-1", "32--28", "x", "",
];

const JUNK: &[&str] = &[
    "",
    " ",
    "\t",
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
    "\u{0}\u{1}",
    "ÿÿÿ",
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

/// Sends `line`, then `ping`; the lines printed before `pong` (search
/// progress left out).
fn ask(d: &mut Daemon, line: &str) -> Vec<String> {
    let mut got = driver::ask(d, line, "ping", "pong");
    got.retain(|l| !l.starts_with("info "));
    got
}

fn is_error(l: &str) -> bool {
    l.starts_with("error message=")
}

fn is_done(l: &str) -> bool {
    l == "done" || l.starts_with("done ")
}

/// What the daemon should hold: a position text (`None`: the start) and
/// the moves after it.
#[derive(Clone, Default)]
struct Model {
    base: Option<String>,
    moves: Vec<String>,
}

impl Model {
    /// The position, or `None` when the text or a move is refused.
    fn position(&self) -> Option<<International as Game>::Pos> {
        let game = International::new();
        let mut pos = match &self.base {
            None => game.start_position(),
            Some(t) => game.parse_position(t).ok()?,
        };
        for m in &self.moves {
            let mv = pos.parse_move(m, MoveNotation::Hub).ok()?;
            pos.play(mv);
        }
        Some(pos)
    }
}

fn damaged(rng: &mut Rng, text: &str) -> String {
    let mut chars: Vec<char> = text.chars().collect();
    match rng.below(8) {
        0 if !chars.is_empty() => {
            let k = rng.below(chars.len());
            chars.truncate(k);
        }
        1 if !chars.is_empty() => {
            let k = rng.below(chars.len());
            chars[k] = *rng.pick(&['w', 'B', 'e', '9', ':', '"', 'x']);
        }
        _ => {}
    }
    chars.into_iter().collect()
}

/// A `pos` line, perhaps damaged.
fn pos_line(rng: &mut Rng) -> String {
    let base = match rng.below(4) {
        0 => None,
        _ => {
            let p = rng_pick(rng, POSITIONS);
            Some(damaged(rng, p))
        }
    };
    let n = rng.below(4);
    let moves: Vec<String> = (0..n).map(|_| rng_pick(rng, MOVES).to_string()).collect();
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

fn rng_pick<'a>(rng: &mut Rng, items: &[&'a str]) -> &'a str {
    items[rng.below(items.len())]
}

fn level_line(rng: &mut Rng) -> String {
    let arg = match rng.below(6) {
        0 => format!("depth={}", rng.below(4)),
        1 => format!("nodes={}", rng.range(1, 3000)),
        2 => format!("move-time=0.0{}", rng.below(5)),
        3 => format!("time={}.{} inc=0.01", rng.below(2), rng.below(10)),
        4 => format!("depth={} moves=5 extra=1", rng.below(3)),
        _ => rng_pick(
            rng,
            &["depth=x", "nodes=-5", "time=abc", "inc=", "moves=1.5"],
        )
        .to_string(),
    };
    format!("level {arg}")
}

fn param_line(rng: &mut Rng) -> String {
    let name = rng_pick(
        rng,
        &["hash", "DrawKingMoves", "DrawEndgameLimits", "variant", "x"],
    );
    let value = rng_pick(
        rng,
        &[
            "1",
            "16",
            "25",
            "0",
            "16384",
            "true",
            "maybe",
            "international",
            "normal",
            "x",
        ],
    );
    format!("set-param name={name} value={value}")
}

fn lines() -> usize {
    env_number("TABULA_HUB_FUZZ_LINES").map_or(500, |n| n as usize)
}

fn seed() -> u64 {
    env_number("TABULA_HUB_FUZZ_SEED").unwrap_or(0x4855_4221_0051_0a11)
}

#[test]
fn hub_survives_random_lines() {
    let verbose = env_flag("TABULA_HUB_FUZZ_VERBOSE");
    let mut rng = Rng::new(seed());
    let mut d = Daemon::start();
    send(&mut d, "hub");
    until(&mut d, "wait", |l| l == "wait");
    let mut model = Model::default();
    let mut searches = 0;
    let mut refused = 0;
    for _ in 0..lines() {
        let kind = rng.below(10);
        let line = match kind {
            0..=2 => pos_line(&mut rng),
            3 | 4 => level_line(&mut rng),
            5 => param_line(&mut rng),
            6 | 7 => format!(
                "go {}",
                rng_pick(&mut rng, &["think", "analyze", "ponder", "", "fast"])
            ),
            _ => {
                let j = rng_pick(&mut rng, JUNK);
                damaged(&mut rng, j)
            }
        };
        // What the line asks of the position, read by the library's own
        // grammar (the model of the rules is the game library).
        let parsed = hub::parse(&line).ok().flatten();
        let wanted = match &parsed {
            Some(HubCommand::Pos { position, moves }) => Some(Model {
                base: position.clone(),
                moves: moves.clone(),
            }),
            Some(HubCommand::NewGame) => Some(Model::default()),
            _ => None,
        };
        // A `go` without a finite level may run until `stop`: give every
        // search a small depth first, and sometimes test ping mid-search.
        let is_go = matches!(parsed, Some(HubCommand::Go(_)));
        let mut got = Vec::new();
        if is_go {
            if rng.chance(25) {
                send(&mut d, "level infinite");
                send(&mut d, &line);
                send(&mut d, "ping");
                got = until(&mut d, "pong mid-search", |l| l == "pong");
                got.pop();
                // Only a position without a move is answered at once.
                assert!(
                    got.iter().all(|l| l.starts_with("info ") || l == "done"),
                    "ping mid-search: {got:?}"
                );
                send(&mut d, "stop");
            } else {
                send(&mut d, "level depth=2");
                send(&mut d, &line);
                if line.contains("ponder") {
                    send(&mut d, "ponder-hit");
                }
            }
            if !got.iter().any(|l| is_done(l)) {
                let what = format!("done for {line:?}");
                got.extend(until(&mut d, &what, is_done));
            }
            send(&mut d, "ping");
            got.extend(until(&mut d, "pong", |l| l == "pong"));
            got.pop();
            got.retain(|l| !l.starts_with("info "));
        } else {
            got = ask(&mut d, &line);
        }
        if is_go {
            let dones: Vec<&String> = got.iter().filter(|l| is_done(l)).collect();
            assert_eq!(dones.len(), 1, "'{line}' -> {got:?}");
            searches += 1;
            let pos = model.position().expect("the model holds a legal position");
            let mv = dones[0]
                .strip_prefix("done move=")
                .and_then(|r| r.split(' ').next());
            if let Some(mv) = mv {
                assert!(
                    pos.parse_move(mv, MoveNotation::Hub).is_ok(),
                    "'{mv}' is not legal in the model's position ({got:?})"
                );
            } else {
                let mut legal = Vec::new();
                tabula::rules::RulesPosition::generate_legal(&pos, &mut legal);
                assert!(legal.is_empty(), "bare done with legal moves");
            }
        }
        if verbose {
            eprintln!("{line:?} -> {got:?}");
        }
        let errors = got.iter().filter(|l| is_error(l)).count();
        assert!(errors <= 1, "'{line}' -> {got:?}");
        assert!(
            got.iter()
                .all(|l| is_error(l) || is_done(l) || (l == "ready" && line == "init")),
            "'{line}' -> {got:?}"
        );
        if let Some(m) = wanted {
            // The daemon must accept exactly what the model accepts.
            let accepted = m.position().is_some();
            assert_eq!(accepted, errors == 0, "'{line}' -> {got:?}");
            if accepted {
                model = m;
            } else {
                refused += 1;
            }
        }
    }
    assert!(searches > 20, "only {searches} searches");
    assert!(refused > 10, "only {refused} refused positions");
    send(&mut d, "level infinite");
    send(&mut d, "go think");
    driver::quit(&mut d, "hub");
}
