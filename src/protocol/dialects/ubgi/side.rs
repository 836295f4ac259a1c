//! The session loop's UBGI side (protocol-spec/backgammon.md §3): once
//! `ubgi` selected the dialect, every line and search event comes here.
//! `go turn` is two searches in a row (the cube decision before the roll,
//! then the play of the dice), answered with one `bestturn` line.

use crate::engine::EngineError;
use crate::games::{DialectKey, MoveNotation, OptionKind};
use crate::protocol::daemon::{Core, DialectSide, ENGINE_AUTHOR, ENGINE_NAME, Flow};
use crate::protocol::dialects::Speech;
use crate::protocol::dialects::ubgi::{GameWords, GoLimits, GoRole, Ubgi, UbgiCommand, parse};
use crate::protocol::options::{CommonOption, OptionValue, common_spec};
use crate::rules::Decision;
use crate::search::{Score, SearchEvent, SearchInfo, SearchLimits};

/// The key that adds `bestmoveid` to `bestmove` (v0.1 §6.2). Off by
/// default: bgci's v0.1 dueller takes any other `best...` line for a
/// protocol error.
const BESTMOVEID_KEY: &str = "engine.bestmoveid";

/// What a key sets.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Target {
    /// One of the game's options (the game's [`DialectKey`] table).
    Game(DialectKey),
    /// An engine-wide option (threads, hash), set as in every dialect.
    Common(CommonOption),
    /// Whether `bestmoveid` follows `bestmove`: only this side reads it.
    BestMoveId,
}

/// One key of the handshake: the type and default as printed (a trailing
/// ` !` marks the engine's own keys), what it sets.
#[derive(Debug, Clone)]
struct Key {
    name: &'static str,
    kind: String,
    default: String,
    text: &'static str,
    target: Target,
}

/// The marker after a minor key's default: the engine's own keys, which
/// change how a decision is reached or reported, not the game.
const MINOR: &str = " !";

/// The description of an engine-wide option's key.
fn common_text(option: CommonOption) -> &'static str {
    match option {
        CommonOption::Threads => "search threads, sharing one transposition table",
        CommonOption::Hash => "transposition table size in MiB",
        _ => "",
    }
}

/// A game option's UBGI type and default (`int 1..3`, `2`); `None` for a
/// kind UBGI has no type for.
fn key_type(kind: &OptionKind) -> Option<(String, String)> {
    match kind {
        OptionKind::Check { default } => Some(("bool".to_string(), default.to_string())),
        OptionKind::Spin { default, min, max } => {
            Some((format!("int {min}..{max}"), default.to_string()))
        }
        OptionKind::Combo { default, vars } => {
            Some((format!("enum {}", vars.join("|")), default.clone()))
        }
        OptionKind::Button | OptionKind::String { .. } => None,
    }
}

/// What the UBGI side remembers between lines.
#[derive(Debug, Default)]
pub struct UbgiState {
    /// A `position` was given since the start or `newgame`.
    has_position: bool,
    /// The role of the running `go`, if any.
    running: Option<GoRole>,
    /// The limits of the last `go` (both searches of a `go turn`).
    limits: GoLimits,
    /// The position (with its dice) the running play search started from:
    /// `dice` or `position` may change the session's before it answers.
    root: Option<String>,
    /// `go turn`: the cube answer once its first search is done.
    turn_cube: Option<String>,
    /// A stop came: the rest of a `go turn` is searched at depth 1.
    stopping: bool,
    /// The current key values, as `get` prints them.
    values: Vec<(String, String)>,
}

impl UbgiState {
    fn value(&self, key: &str) -> Option<&str> {
        self.values
            .iter()
            .find(|(k, _)| k == key)
            .map(|(_, v)| v.as_str())
    }
}

/// The keys of the handshake, in order: the game's options under the
/// keys its table gives them, then the engine's own.
fn key_list(core: &Core) -> Vec<Key> {
    let options = core.session.game_options();
    let game = core.session.ubgi_keys().iter().filter_map(|k| {
        let spec = options.iter().find(|o| o.name == k.option)?;
        let (kind, default) = key_type(&spec.kind)?;
        Some(Key {
            name: k.key,
            kind,
            default,
            text: k.text,
            target: Target::Game(*k),
        })
    });
    // Their types, ranges and names are those every dialect gives them.
    let common = Ubgi.common_options().iter().filter_map(|&option| {
        let spec = common_spec(&Ubgi, option, &[], "");
        let (kind, default) = key_type(&spec.kind)?;
        Some(Key {
            name: Ubgi.option_name(option),
            kind,
            default: format!("{default}{MINOR}"),
            text: common_text(option),
            target: Target::Common(option),
        })
    });
    let bestmoveid = Key {
        name: BESTMOVEID_KEY,
        kind: "bool".to_string(),
        default: format!("false{MINOR}"),
        text: "also answer bestmoveid <Position ID> after bestmove",
        target: Target::BestMoveId,
    };
    game.chain(common)
        .chain(std::iter::once(bestmoveid))
        .collect()
}

fn handshake_lines(core: &Core) {
    core.send(format!("id name {ENGINE_NAME}"));
    core.send(format!("id author {ENGINE_AUTHOR}"));
    core.send("proto 0.2");
    print_keys(core);
    core.send("ubgiok");
}

fn print_keys(core: &Core) {
    for k in key_list(core) {
        core.send(format!(
            "key {} {} {} {}",
            k.name, k.kind, k.default, k.text
        ));
    }
}

/// True when the player on turn must take or drop a double.
fn double_pending(core: &Core) -> bool {
    core.session.decision() == Decision::Cube
        && core
            .session
            .legal_moves(MoveNotation::Native)
            .iter()
            .any(|m| m == "take")
}

impl DialectSide for UbgiState {
    /// `ubgi`: the handshake, the game's keys at their defaults; the
    /// engine-wide ones keep what another dialect may have set.
    fn start(&mut self, core: &mut Core) {
        self.finish_search(core);
        let value = |k: &Key| match k.target {
            Target::Common(CommonOption::Threads) => core.options.threads.to_string(),
            Target::Common(CommonOption::Hash) => core.options.hash_mb.to_string(),
            _ => k.default.trim_end_matches(MINOR).to_string(),
        };
        *self = UbgiState {
            values: key_list(core)
                .iter()
                .map(|k| (k.name.to_string(), value(k)))
                .collect(),
            ..Default::default()
        };
        core.session.new_game();
        handshake_lines(core);
    }

    /// Handles one UBGI line.
    fn line(&mut self, core: &mut Core, line: &str) -> Flow {
        let words = GameWords::new(core.session.ubgi_keys(), &core.session.game_options());
        let Some(command) = core.command(parse(line, &words), Core::error) else {
            return Flow::Continue;
        };
        match command {
            UbgiCommand::Quit => return Flow::Quit,
            // Again in UBGI: the handshake lines only, nothing changes.
            UbgiCommand::Handshake => handshake_lines(core),
            UbgiCommand::IsReady => core.send("readyok"),
            UbgiCommand::Keys => print_keys(core),
            UbgiCommand::NewGame => {
                self.finish_search(core);
                core.session.new_game();
                self.has_position = false;
            }
            UbgiCommand::Position { format, text } => self.position(core, &format, &text),
            UbgiCommand::Dice(a, b) => self.dice(core, a, b),
            UbgiCommand::Set { key, value } => self.set(core, &key, &value),
            UbgiCommand::Get(key) => match self.value(&key) {
                Some(v) => core.send(format!("value {key} {v}")),
                None => core.error(EngineError::unsupported(format!("key {key}"))),
            },
            UbgiCommand::Go(role, limits) => self.go(core, role, limits),
            UbgiCommand::Stop => {
                self.stopping = true;
                core.session.stop();
            }
        }
        Flow::Continue
    }

    /// A search event in UBGI's words.
    fn event(&mut self, core: &mut Core, event: SearchEvent) {
        match event {
            SearchEvent::Info(info) => core.send(ubgi_info(&info)),
            SearchEvent::BestMove { best, .. } => {
                let Some(role) = self.running.take() else {
                    return;
                };
                let answer = best.unwrap_or_else(|| "pass".to_string());
                match (role, self.turn_cube.take()) {
                    (GoRole::Chequer, _) => {
                        core.send(format!("bestmove {answer}"));
                        self.bestmoveid(core, &answer);
                    }
                    (GoRole::Cube, _) => core.send(format!("bestcube {answer}")),
                    (GoRole::Turn, None) => self.cube_answer(core, GoRole::Turn, answer),
                    (GoRole::Turn, Some(cube)) => {
                        core.send(format!("bestturn cube={cube} move={answer}"))
                    }
                }
            }
            SearchEvent::Checkmate(_) => {}
        }
    }
}

impl UbgiState {
    fn position(&mut self, core: &mut Core, format: &str, text: &str) {
        if !["gnubgid", "xgid"].contains(&format) {
            core.error(EngineError::unsupported(format!(
                "position {}",
                crate::games::shorten(format)
            )));
            return;
        }
        // Checked against the format word: an XGID is not a gnubgid.
        let is_xgid = text.starts_with("XGID=") || text.matches(':').count() >= 9;
        if is_xgid != (format == "xgid") {
            core.error(EngineError::bad_value(format!(
                "'{}' is not a {format} position",
                crate::games::shorten(text)
            )));
            return;
        }
        let notation = core.speech().move_notation();
        match core.session.set_position(Some(text), &[], notation) {
            Ok(()) => self.has_position = true,
            Err(e) => core.error(e),
        }
    }

    fn dice(&mut self, core: &mut Core, a: u8, b: u8) {
        if !(1..=6).contains(&a) || !(1..=6).contains(&b) {
            core.error(EngineError::bad_value("dice must_be 1..6"));
            return;
        }
        if !self.has_position {
            core.error(EngineError::bad_state("missing position"));
            return;
        }
        match core.session.set_chance(Some(&format!("{a}{b}"))) {
            Ok(()) => {}
            Err(e) => core.error(EngineError::bad_state(e.detail)),
        }
    }

    fn set(&mut self, core: &mut Core, key: &str, value: &str) {
        let keys = key_list(core);
        let Some(Key {
            name, kind, target, ..
        }) = keys.into_iter().find(|k| k.name == key)
        else {
            core.error(EngineError::unsupported(format!(
                "key {}",
                crate::games::shorten(key)
            )));
            return;
        };
        let checked: Result<String, EngineError> = match kind.as_str() {
            "bool" if ["true", "false"].contains(&value) => Ok(value.to_string()),
            "bool" => Err(EngineError::bad_value(format!("{name} must_be true|false"))),
            k if k.starts_with("enum ") => {
                let values = k.trim_start_matches("enum ");
                if values.split('|').any(|v| v == value) {
                    Ok(value.to_string())
                } else {
                    Err(EngineError::bad_value(format!("{name} must_be {values}")))
                }
            }
            k => {
                let range = k.trim_start_matches("int ");
                let (lo, hi) = range.split_once("..").unwrap_or(("0", "0"));
                let (lo, hi) = (lo.parse().unwrap_or(0), hi.parse().unwrap_or(0));
                match value.parse::<i64>() {
                    Ok(n) if (lo..=hi).contains(&n) => Ok(n.to_string()),
                    _ => Err(EngineError::bad_value(format!("{name} must_be {range}"))),
                }
            }
        };
        let value = match checked {
            Ok(v) => v,
            Err(e) => {
                core.error(e);
                return;
            }
        };
        let result = match target {
            // An int in the key's range, checked above.
            Target::Common(option) => match value.parse::<i64>() {
                Ok(n) => {
                    core.apply_common(self, option, OptionValue::Spin(n));
                    Ok(())
                }
                Err(_) => Err(EngineError::bad_value(format!("{name} must_be an integer"))),
            },
            // Another rule set is another game; the same one keeps it.
            Target::Game(k) if k.new_game && self.value(name) != Some(value.as_str()) => {
                self.finish_search(core);
                self.has_position = false;
                core.session.set_game_option(k.option, &value)
            }
            Target::Game(k) if k.new_game => Ok(()),
            Target::Game(k) => core.session.set_game_option(k.option, &value),
            // Only this side reads it, when a `bestmove` is printed.
            Target::BestMoveId => Ok(()),
        };
        match result {
            Ok(()) => {
                if let Some(slot) = self.values.iter_mut().find(|(k, _)| k == name) {
                    slot.1 = value;
                }
            }
            Err(e) => core.error(e),
        }
    }

    /// Checks the state for `role`, then starts its (first) search.
    fn go(&mut self, core: &mut Core, role: GoRole, limits: GoLimits) {
        let rolled = core.session.chance_outcome().is_some();
        let checked = if !self.has_position {
            Err("missing position")
        } else if core.session.outcome().is_some() {
            Err("the game is over")
        } else if role != GoRole::Cube && !rolled && double_pending(core) {
            Err("a double is pending: go cube answers take or drop")
        } else if role != GoRole::Cube && !rolled {
            Err("missing dice")
        } else {
            Ok(())
        };
        if let Err(why) = checked {
            core.error(EngineError::bad_state(why));
            return;
        }
        // A running search answers first.
        self.finish_search(core);
        self.stopping = false;
        self.turn_cube = None;
        self.limits = limits;
        match role {
            GoRole::Chequer => self.search(core, GoRole::Chequer),
            GoRole::Cube | GoRole::Turn => self.cube_search(core, role),
        }
    }

    /// The cube decision is taken before the roll: the dice are set aside
    /// for its search and put back at once (the search has its copy).
    fn cube_search(&mut self, core: &mut Core, role: GoRole) {
        let dice = core.session.chance_outcome();
        if dice.is_some() {
            let _ = core.session.set_chance(None);
        }
        let cube_open = core.session.decision() == Decision::Cube;
        if cube_open {
            self.search(core, role);
        }
        if let Some(d) = dice {
            let _ = core.session.set_chance(Some(&d));
        }
        if !cube_open {
            // No cube action is possible: the answer needs no search.
            self.cube_answer(core, role, "nodouble".to_string());
        }
    }

    fn search(&mut self, core: &mut Core, role: GoRole) {
        let given = self.limits;
        let limits = if self.stopping {
            SearchLimits {
                depth: Some(1),
                ..Default::default()
            }
        } else {
            SearchLimits {
                depth: given.depth,
                nodes: given.nodes,
                movetime: given
                    .movetime
                    .map(|ms| i64::try_from(ms).unwrap_or(i64::MAX)),
                ..Default::default()
            }
        };
        let settings = core.options.search_settings();
        let notation = core.speech().move_notation();
        self.root = Some(core.session.notation(notation));
        match core.session.go(limits, settings, &[], notation) {
            Ok(_) => self.running = Some(role),
            Err(e) => core.error(e),
        }
    }

    /// The cube part of `go cube` / `go turn` is known.
    fn cube_answer(&mut self, core: &mut Core, role: GoRole, answer: String) {
        match role {
            GoRole::Turn => {
                self.turn_cube = Some(answer);
                self.search(core, GoRole::Chequer);
                self.running = Some(GoRole::Turn);
            }
            _ => core.send(format!("bestcube {answer}")),
        }
    }

    /// Waits for a running `go` (all of a `go turn`) to print its answer.
    fn finish_search(&mut self, core: &mut Core) {
        while self.running.is_some() || core.session.is_searching() {
            self.stopping = true;
            core.stop_and_wait(self);
            if !core.session.is_searching() {
                // Every answer is printed; nothing more will come.
                self.running = None;
            }
        }
    }

    /// `bestmoveid <Position ID>` of the position after `play` (the
    /// opponent on turn), when `engine.bestmoveid` asks for it.
    fn bestmoveid(&mut self, core: &mut Core, play: &str) {
        if self.value(BESTMOVEID_KEY) != Some("true") {
            return;
        }
        let notation = core.speech().move_notation();
        let Some(root) = self.root.take() else {
            return;
        };
        match core.session.notation_after(&root, play, notation) {
            Ok(after) => {
                let id = after.split(':').next().unwrap_or(&after);
                core.send(format!("bestmoveid {id}"));
            }
            // The search's own move always plays; say so if it did not.
            Err(e) => log::error!("bestmoveid: '{play}' does not play: {}", e.detail),
        }
    }
}

/// `info depth 2 nodes 2870 time_ms 4 score 0.160 pv 8/5 6/5`.
fn ubgi_info(info: &SearchInfo) -> String {
    let equity = match info.score {
        Score::Equity(e) | Score::Cp(e) => e,
        Score::MatePlies(_) => 0,
    };
    let sign = if equity < 0 { "-" } else { "" };
    let e = equity.unsigned_abs();
    format!(
        "info depth {} nodes {} time_ms {} score {sign}{}.{:03} pv {}",
        info.depth,
        info.nodes,
        info.time_ms,
        e / 1000,
        e % 1000,
        info.pv.join(" ")
    )
}
