//! The session loop's Hub side (protocol-spec/draughts.md §6): once `hub`
//! selected the dialect, every line and search event comes here. A search
//! is set up in three steps (`pos`, `level`, `go`) and answered by exactly
//! one `done`; `ping` is answered at once, also mid-search.

use crate::engine::registry;
use crate::games::{OptionKind, OptionSpec};
use crate::protocol::daemon::{Core, DialectSide, ENGINE_AUTHOR, Flow};
use crate::protocol::dialects::hub::{self, GoMode, HubCommand, Level, NORMAL};
use crate::protocol::options::EngineOptions;
use crate::search::{Score, SearchEvent, SearchInfo, SearchLimits};

/// What the Hub side remembers between lines.
#[derive(Debug, Default)]
pub struct HubState {
    /// The limits of the next `go`; a `pos` or a `go` clears them (as in
    /// Scan).
    level: Level,
    /// A `go` is running: one `done` is owed.
    running: bool,
    /// The running `go` is a `go ponder` not yet hit.
    pondering: bool,
}

impl DialectSide for HubState {
    /// `hub`: a fresh engine (the first game that speaks Hub, options at
    /// their defaults), its identity and parameters, then `wait`.
    fn start(&mut self, core: &mut Core) {
        self.finish_search(core);
        *self = HubState::default();
        core.options = EngineOptions::default();
        if let Some(native) = core.dialect.native_variant()
            && let Some(session) =
                registry::create(native, core.events.clone(), core.options.hash_mb)
        {
            core.session = session;
        }
        let version = env!("CARGO_PKG_VERSION");
        core.send(hub::format(
            "id",
            &[
                ("name", "tabula"),
                ("version", version),
                ("author", ENGINE_AUTHOR),
            ],
        ));
        for spec in core.all_options() {
            if let Some(line) = param_line(&spec) {
                core.send(line);
            }
        }
        core.send("wait");
    }

    fn line(&mut self, core: &mut Core, line: &str) -> Flow {
        let Some(command) = core.command(hub::parse(line), Core::error) else {
            return Flow::Continue;
        };
        match command {
            HubCommand::Quit => return Flow::Quit,
            HubCommand::Hub => self.start(core),
            HubCommand::Init => core.send("ready"),
            HubCommand::Ping => core.send("pong"),
            HubCommand::SetParam { name, value } => {
                // Scan calls the standard game `normal`.
                let is_variant = name.eq_ignore_ascii_case("variant");
                let value = match core.dialect.native_variant() {
                    Some(native) if is_variant && value == NORMAL => native.to_string(),
                    _ => value,
                };
                core.set_option(self, &name, Some(&value));
            }
            HubCommand::NewGame => {
                self.finish_search(core);
                core.session.new_game();
            }
            HubCommand::Pos { position, moves } => {
                let notation = core.speech().move_notation();
                match core
                    .session
                    .set_position(position.as_deref(), &moves, notation)
                {
                    Ok(()) => self.level = Level::default(),
                    Err(e) => core.error(e.within("pos")),
                }
            }
            HubCommand::Level(level) => self.level.merge(&level),
            HubCommand::Go(mode) => self.go(core, mode),
            HubCommand::PonderHit => {
                if std::mem::take(&mut self.pondering) {
                    core.session.ponderhit();
                }
            }
            HubCommand::Stop => core.session.stop(),
            HubCommand::Unknown(word) => {
                log::warn!("hub: unknown command '{word}' ignored");
            }
        }
        Flow::Continue
    }

    /// A search event in Hub's words.
    fn event(&mut self, core: &mut Core, event: SearchEvent) {
        match event {
            SearchEvent::Info(info) if info.multipv <= 1 => core.send(hub_info(&info)),
            SearchEvent::Info(_) | SearchEvent::Checkmate(_) => {}
            SearchEvent::BestMove { best, ponder } => {
                self.pondering = false;
                if !std::mem::take(&mut self.running) {
                    return;
                }
                let mut args = Vec::new();
                if let Some(m) = best.as_deref() {
                    args.push(("move", m));
                    if let Some(p) = ponder.as_deref() {
                        args.push(("ponder", p));
                    }
                }
                core.send(hub::format("done", &args));
            }
        }
    }
}

impl HubState {
    /// Starts the search the level asks for; a running one answers first.
    fn go(&mut self, core: &mut Core, mode: GoMode) {
        self.finish_search(core);
        let level = std::mem::take(&mut self.level);
        let notation = core.speech().move_notation();
        if core.session.legal_moves(notation).is_empty() {
            // Hub GUIs never ask this; the `go` is still answered.
            core.send("done");
            return;
        }
        let limits = hub_limits(&level, mode, core.session.side_to_move());
        let settings = core.options.search_settings();
        match core.session.go(limits, settings, &[], notation) {
            Ok(_) => {
                self.running = true;
                self.pondering = mode == GoMode::Ponder;
            }
            Err(e) => core.error(e.within("go")),
        }
    }

    /// Stops a running `go` and prints its `done`.
    fn finish_search(&mut self, core: &mut Core) {
        core.stop_and_wait(self);
        self.running = false;
    }
}

/// The search limits of a `level` and a `go` mode. Hub's clock is the
/// mover's only; without any limit (or with `infinite`) the search runs
/// until `stop`.
fn hub_limits(level: &Level, mode: GoMode, mover: usize) -> SearchLimits {
    let mut time = vec![None; 2];
    let mut inc = vec![None; 2];
    if let Some(slot) = time.get_mut(mover) {
        *slot = level.time_ms;
    }
    if let Some(slot) = inc.get_mut(mover) {
        *slot = level.inc_ms;
    }
    let no_limit = level.depth.is_none()
        && level.nodes.is_none()
        && level.move_time_ms.is_none()
        && level.time_ms.is_none();
    let ponder = mode == GoMode::Ponder;
    SearchLimits {
        time,
        inc,
        movestogo: level.moves.filter(|&m| m > 0),
        depth: level.depth,
        nodes: level.nodes,
        movetime: level.move_time_ms,
        infinite: level.infinite || (no_limit && !ponder),
        ponder,
        ..Default::default()
    }
}

/// `param name=... value=... type=...` for an option; a button has no
/// Hub form.
fn param_line(spec: &OptionSpec) -> Option<String> {
    let name = spec.name.as_str();
    let line = match &spec.kind {
        OptionKind::Check { default } => {
            let v = default.to_string();
            hub::format("param", &[("name", name), ("value", &v), ("type", "bool")])
        }
        OptionKind::Spin { default, min, max } => hub::format(
            "param",
            &[
                ("name", name),
                ("value", &default.to_string()),
                ("type", "int"),
                ("min", &min.to_string()),
                ("max", &max.to_string()),
            ],
        ),
        OptionKind::Combo { default, vars } => hub::format(
            "param",
            &[
                ("name", name),
                ("value", default),
                ("type", "enum"),
                ("values", &vars.join(" ")),
            ],
        ),
        OptionKind::String { default } => hub::format(
            "param",
            &[("name", name), ("value", default), ("type", "string")],
        ),
        OptionKind::Button => return None,
    };
    Some(line)
}

/// `info depth=12 score=0.35 nodes=81234 time=0.412 nps=0.20 pv="..."`:
/// the score in men, times in seconds, speed in millions of nodes per
/// second, as Scan writes them. A won (lost) end in p plies is
/// ±(100 - p/100), Scan's "99.xx".
fn hub_info(i: &SearchInfo) -> String {
    let centi = match i.score {
        Score::Cp(cp) | Score::Equity(cp) => cp,
        Score::MatePlies(p) if p >= 0 => 10_000 - p.min(99),
        Score::MatePlies(p) => -10_000 - p.max(-99),
    };
    let sign = if centi < 0 { "-" } else { "" };
    let c = centi.unsigned_abs();
    let score = format!("{sign}{}.{:02}", c / 100, c % 100);
    let depth = i.depth.to_string();
    let nodes = i.nodes.to_string();
    let time = format!("{}.{:03}", i.time_ms / 1000, i.time_ms % 1000);
    let nps = format!("{:.2}", i.nps as f64 / 1e6);
    let pv = i.pv.join(" ");
    let mut args = vec![
        ("depth", depth.as_str()),
        ("score", &score),
        ("nodes", &nodes),
        ("time", &time),
        ("nps", &nps),
    ];
    if !pv.is_empty() {
        args.push(("pv", &pv));
    }
    hub::format("info", &args)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::Bound;

    fn info(score: Score, pv: &[&str]) -> SearchInfo {
        SearchInfo {
            depth: 7,
            seldepth: 9,
            multipv: 1,
            score,
            bound: Bound::Exact,
            nodes: 81234,
            nps: 197_000,
            time_ms: 412,
            hashfull: 0,
            pv: pv.iter().map(|s| s.to_string()).collect(),
        }
    }

    #[test]
    fn info_lines_in_men_and_seconds() {
        assert_eq!(
            hub_info(&info(Score::Cp(-35), &["32-28", "19x28x23"])),
            r#"info depth=7 score=-0.35 nodes=81234 time=0.412 nps=0.20 pv="32-28 19x28x23""#
        );
        assert_eq!(
            hub_info(&info(Score::MatePlies(3), &[])),
            "info depth=7 score=99.97 nodes=81234 time=0.412 nps=0.20"
        );
        assert_eq!(
            hub_info(&info(Score::MatePlies(-4), &["46-41"])),
            "info depth=7 score=-99.96 nodes=81234 time=0.412 nps=0.20 pv=46-41"
        );
    }

    #[test]
    fn levels_become_limits() {
        let level = Level {
            time_ms: Some(5000),
            inc_ms: Some(100),
            moves: Some(0),
            ..Default::default()
        };
        let l = hub_limits(&level, GoMode::Think, 1);
        assert_eq!(l.time, vec![None, Some(5000)]);
        assert_eq!(l.inc, vec![None, Some(100)]);
        assert_eq!(l.movestogo, None);
        assert!(!l.infinite && !l.ponder);
        assert!(hub_limits(&Level::default(), GoMode::Analyze, 0).infinite);
        let p = hub_limits(&Level::default(), GoMode::Ponder, 0);
        assert!(p.ponder && !p.infinite);
        let d = hub_limits(
            &Level {
                depth: Some(4),
                ..Default::default()
            },
            GoMode::Think,
            0,
        );
        assert_eq!(d.depth, Some(4));
        assert!(!d.infinite);
    }

    #[test]
    fn params_in_hub_form() {
        let spec = |kind| OptionSpec {
            name: "x".into(),
            kind,
        };
        assert_eq!(
            param_line(&spec(OptionKind::Spin {
                default: 25,
                min: 0,
                max: 200
            })),
            Some("param name=x value=25 type=int min=0 max=200".into())
        );
        assert_eq!(
            param_line(&spec(OptionKind::Combo {
                default: "international".into(),
                vars: vec!["international".into(), "russian".into()]
            })),
            Some(
                r#"param name=x value=international type=enum values="international russian""#
                    .into()
            )
        );
        assert_eq!(param_line(&spec(OptionKind::Button)), None);
    }
}
