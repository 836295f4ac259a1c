//! The session loop's side for UCI and its family (USI, TEI): one grammar
//! (`command::parse_line` into a `Command`), with what differs between the
//! three read from the dialect's [`Speech`] (option names, `go`
//! parameters, scores).

use crate::engine::EngineError;
use crate::protocol::command::{Command, GoParams, PositionBase, parse_line};
use crate::protocol::daemon::{Core, DialectSide, ENGINE_AUTHOR, ENGINE_NAME, Flow};
use crate::protocol::dialects::Speech;
use crate::protocol::options::format_option;
use crate::search::{SearchEvent, SearchInfo};

/// What the UCI family remembers between lines.
#[derive(Debug, Default)]
pub struct UciFamily {
    /// True between `go ponder` and the search's bestmove or `ponderhit`.
    pondering: bool,
    debug: bool,
}

impl DialectSide for UciFamily {
    /// `uci`, `usi`, `tei`: identity, options, the dialect's ok word.
    fn start(&mut self, core: &mut Core) {
        core.send(format!("id name {ENGINE_NAME}"));
        core.send(format!("id author {ENGINE_AUTHOR}"));
        for spec in core.all_options() {
            core.send(format_option(&spec));
        }
        core.send(core.speech().handshake_ok());
    }

    fn line(&mut self, core: &mut Core, line: &str) -> Flow {
        let Some(command) = core.command(parse_line(line), |core, e| core.error(e.into())) else {
            return Flow::Continue;
        };
        match command {
            Command::Quit => return Flow::Quit,
            Command::Handshake(h) => return Flow::Handshake(h),
            Command::Debug(on) => self.debug = on,
            Command::IsReady => core.send("readyok"),
            Command::Register => {}
            Command::SetOption { name, value } => core.set_option(self, &name, value.as_deref()),
            Command::NewGame { word, arg } => self.new_game(core, &word, arg.as_deref()),
            Command::GameOver(_) => core.stop_and_wait(self),
            Command::Position { base, moves } => position(core, base, &moves),
            Command::Go(params) => self.go(core, &params),
            Command::Perft { depth } => perft(core, depth),
            Command::Stop => core.session.stop(),
            Command::PonderHit => {
                if self.pondering {
                    self.pondering = false;
                    core.session.ponderhit();
                }
            }
            Command::Display => display(core),
            Command::Bench { depth } => self.bench(core, depth),
        }
        Flow::Continue
    }

    fn event(&mut self, core: &mut Core, event: SearchEvent) {
        match event {
            SearchEvent::Info(info) => core.send(format_info(core.speech(), &info)),
            SearchEvent::BestMove { best, ponder } => {
                self.pondering = false;
                core.send(
                    core.speech()
                        .format_bestmove(best.as_deref(), ponder.as_deref()),
                );
            }
            SearchEvent::Checkmate(answer) => core.send(core.speech().format_checkmate(&answer)),
        }
    }
}

impl UciFamily {
    fn go(&mut self, core: &mut Core, params: &GoParams) {
        // The whole line is checked before it touches a running
        // search: a rejected `go` leaves that search untouched.
        let notation = core.speech().move_notation();
        let checked = core.speech().check_go(params).and_then(|()| {
            core.session
                .check_searchmoves(&params.searchmoves, notation)
        });
        if let Err(e) = checked {
            core.error(e.within("go"));
            return;
        }
        // A running search answers before the new one says anything.
        core.stop_and_wait(self);
        let limits = core.speech().limits(params);
        let settings = core.options.search_settings();
        // MultiPV set before a switch to a game (or players) whose
        // search gives one line: said, not silently ignored.
        let single = core
            .session
            .single_line_search()
            .filter(|_| core.options.multipv > 1)
            .map(|why| format!("MultiPV {} not honoured: {why}", core.options.multipv));
        match core
            .session
            .go(limits, settings, &params.searchmoves, notation)
        {
            Ok(mut notes) => {
                notes.extend(single);
                self.pondering = params.ponder;
                if core.speech().info_strings_in_search() {
                    for note in notes {
                        core.send(format!("info string {note}"));
                    }
                }
            }
            Err(e) => core.error(e.within("go")),
        }
    }

    /// `ucinewgame`, `usinewgame`, `teinewgame <size>`: each dialect takes
    /// only its own word, and in TEI the size is required. The line is
    /// checked completely before it stops a running search, so a rejected
    /// one changes nothing.
    fn new_game(&mut self, core: &mut Core, word: &str, arg: Option<&str>) {
        let native = core.speech().new_game_word();
        if word != native {
            core.error(EngineError::bad_command(format!(
                "unknown command '{word}' in {} (its new-game command is '{native}')",
                core.dialect.name()
            )));
            return;
        }
        if !core.speech().new_game_takes_argument() {
            core.stop_and_wait(self);
            core.session.new_game();
            return;
        }
        let checked = match arg {
            Some(arg) => core.session.check_new_game_with(arg).map(|()| arg),
            None => Err(EngineError::bad_command("size needs a number")),
        };
        let result = checked.and_then(|arg| {
            core.stop_and_wait(self);
            core.session.new_game_with(arg)
        });
        if let Err(e) = result {
            core.error(e.within(word));
        }
    }

    fn bench(&mut self, core: &mut Core, depth: Option<u32>) {
        core.stop_and_wait(self);
        let report = core
            .session
            .bench(depth, core.options.hash_mb, core.options.threads);
        let count = report.positions.len();
        for (i, p) in report.positions.iter().enumerate() {
            core.send(format!(
                "info string bench {}/{count} nodes {} time {} bestmove {}",
                i + 1,
                p.nodes,
                p.time_ms,
                p.best
            ));
        }
        core.send(format!("Total time (ms): {}", report.elapsed_ms));
        core.send(format!("Nodes searched: {}", report.nodes));
        core.send(format!("Nodes/second: {}", report.nps()));
    }
}

fn format_info(speech: &dyn Speech, i: &SearchInfo) -> String {
    let mut line = format!(
        "info depth {} seldepth {} multipv {} score {} nodes {} nps {} hashfull {} time {}",
        i.depth,
        i.seldepth,
        i.multipv,
        speech.format_score(i.score, i.bound),
        i.nodes,
        i.nps,
        i.hashfull,
        i.time_ms
    );
    if !i.pv.is_empty() {
        line.push_str(" pv ");
        line.push_str(&i.pv.join(" "));
    }
    line
}

fn position(core: &mut Core, base: PositionBase, moves: &[String]) {
    let notation = core.speech().move_notation();
    let text = match &base {
        PositionBase::StartPos => None,
        PositionBase::Notation { keyword, text } => {
            if !core.session.position_keywords().contains(&keyword.as_str()) {
                core.error(EngineError::unsupported(format!(
                    "position: '{keyword}' is not a position format of {}",
                    core.session.variant()
                )));
                return;
            }
            Some(text.as_str())
        }
    };
    if let Err(e) = core.session.set_position(text, moves, notation) {
        core.error(e.within("position"));
    }
}

fn perft(core: &mut Core, depth: u32) {
    let notation = core.speech().move_notation();
    let divide = core.session.perft_divide(depth, notation);
    let mut total = 0;
    for (mv, n) in &divide {
        core.send(format!("{mv}: {n}"));
        total += n;
    }
    if depth == 0 {
        total = 1;
    }
    core.send("");
    core.send(format!("Nodes searched: {total}"));
}

/// `d`: the diagram, then the position in the dialect's notation.
fn display(core: &mut Core) {
    let diagram = core.session.diagram();
    for l in diagram.lines() {
        core.send(l);
    }
    let label = core.speech().position_label(core.session.as_ref());
    let notation = core.session.notation(core.speech().move_notation());
    core.send(format!("{label}: {notation}"));
}
