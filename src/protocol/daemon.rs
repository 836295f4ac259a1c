//! The session loop: owns all state, reads parsed commands and search events,
//! and never waits for a search. See protocol-spec/overview.md.

use super::command::{Command, PositionBase, parse_line};
use super::dialect::{CommonOption, Dialect};
use super::io::{Input, spawn_reader, spawn_writer};
use super::options::{EngineOptions, OptionValue, check_value, common_spec, format_option};
use crate::engine::registry;
use crate::engine::{EngineError, EngineSession};
use crate::games::OptionSpec;
use crate::search::{SearchEvent, SearchInfo};
use crossbeam_channel::{Receiver, Sender, select, unbounded};
use std::io::{BufRead, Write};

mod cecp_loop;
mod hub_loop;
mod ubgi_loop;

pub const ENGINE_NAME: &str = concat!("tabula ", env!("CARGO_PKG_VERSION"));
pub const ENGINE_AUTHOR: &str = "the tabula developers";

/// Runs the daemon until `quit` or end of input. Returns the exit code.
pub fn run<R, W>(input: R, output: W) -> i32
where
    R: BufRead + Send + 'static,
    W: Write + Send + 'static,
{
    let lines = spawn_reader(input);
    let (out, writer) = spawn_writer(output);
    let (events_tx, events_rx) = unbounded();
    match Daemon::new(out, events_tx, events_rx) {
        Some(mut daemon) => {
            daemon.serve(&lines);
            daemon.shutdown();
        }
        None => log::error!("no game is registered"),
    }
    // All senders are gone now: the writer prints what is queued and ends.
    let _ = writer.join();
    0
}

struct Daemon {
    dialect: Dialect,
    options: EngineOptions,
    session: Box<dyn EngineSession>,
    events: Sender<SearchEvent>,
    /// The workers' events; also drained directly after a forced stop so a
    /// stopped search's bestmove comes before anything the next command prints.
    events_rx: Receiver<SearchEvent>,
    out: Sender<String>,
    /// True between `go ponder` and the search's bestmove or `ponderhit`.
    pondering: bool,
    debug: bool,
    /// The game state of the CECP dialect (unused in the others).
    cecp: super::cecp::CecpState,
    /// The state of the UBGI dialect (unused in the others).
    ubgi: ubgi_loop::UbgiState,
    /// The state of the Hub dialect (unused in the others).
    hub: hub_loop::HubState,
}

impl Daemon {
    fn new(
        out: Sender<String>,
        events: Sender<SearchEvent>,
        events_rx: Receiver<SearchEvent>,
    ) -> Option<Self> {
        let options = EngineOptions::default();
        let variant = registry::VARIANTS.first()?;
        let session = registry::create(variant, events.clone(), options.hash_mb)?;
        Some(Daemon {
            dialect: Dialect::default(),
            options,
            session,
            events,
            events_rx,
            out,
            pondering: false,
            debug: false,
            cecp: Default::default(),
            ubgi: Default::default(),
            hub: Default::default(),
        })
    }

    fn serve(&mut self, lines: &Receiver<Input>) {
        let events = self.events_rx.clone();
        loop {
            select! {
                recv(lines) -> msg => match msg {
                    Ok(Input::Line(line)) => {
                        log::debug!("<< {line}");
                        if !self.handle_line(&line) {
                            return;
                        }
                    }
                    Ok(Input::TooLong) => {
                        self.error(EngineError::bad_command("line too long (limit 1 MiB), ignored"))
                    }
                    Ok(Input::Eof) | Err(_) => return,
                },
                recv(&events) -> ev => if let Ok(ev) = ev { self.handle_event(ev) },
            }
        }
    }

    /// Stops a running search and joins its thread; no bestmove is needed at
    /// quit, so queued events are dropped.
    fn shutdown(self) {
        self.session.stop();
    }

    fn send(&self, line: impl Into<String>) {
        let _ = self.out.send(line.into());
    }

    fn error(&self, error: EngineError) {
        log::warn!("error ({:?}): {}", error.kind, error.detail);
        self.send(self.dialect.format_error(&error));
    }

    fn handle_event(&mut self, event: SearchEvent) {
        match self.dialect {
            Dialect::Cecp => return self.cecp_event(event),
            Dialect::Ubgi => return self.ubgi_event(event),
            Dialect::Hub => return self.hub_event(event),
            Dialect::Uci | Dialect::Usi | Dialect::Tei => {}
        }
        match event {
            SearchEvent::Info(info) => self.send(self.format_info(&info)),
            SearchEvent::BestMove { best, ponder } => {
                self.pondering = false;
                self.send(
                    self.dialect
                        .format_bestmove(best.as_deref(), ponder.as_deref()),
                );
            }
            SearchEvent::Checkmate(answer) => self.send(self.dialect.format_checkmate(&answer)),
        }
    }

    fn format_info(&self, i: &SearchInfo) -> String {
        let mut line = format!(
            "info depth {} seldepth {} multipv {} score {} nodes {} nps {} hashfull {} time {}",
            i.depth,
            i.seldepth,
            i.multipv,
            self.dialect.format_score(i.score, i.bound),
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

    /// Handles one input line; false means quit.
    fn handle_line(&mut self, line: &str) -> bool {
        match self.dialect {
            Dialect::Cecp => return self.cecp_line(line),
            Dialect::Ubgi => return self.ubgi_line(line),
            Dialect::Hub => return self.hub_line(line),
            Dialect::Uci | Dialect::Usi | Dialect::Tei => {}
        }
        let command = match parse_line(line) {
            Ok(Some(c)) => c,
            Ok(None) => return true,
            Err(e) => {
                self.error(e.into());
                return true;
            }
        };
        match command {
            Command::Quit => return false,
            Command::Handshake(h) => self.handshake(h),
            Command::Debug(on) => self.debug = on,
            Command::IsReady => self.send("readyok"),
            Command::Register => {}
            Command::SetOption { name, value } => self.set_option(&name, value.as_deref()),
            Command::NewGame { word, arg } => self.new_game(&word, arg.as_deref()),
            Command::GameOver(_) => self.stop_and_wait(),
            Command::Position { base, moves } => self.position(base, &moves),
            Command::Go(params) => {
                // The whole line is checked before it touches a running
                // search: a rejected `go` leaves that search untouched.
                let notation = self.dialect.move_notation();
                let checked = self.dialect.check_go(&params).and_then(|()| {
                    self.session
                        .check_searchmoves(&params.searchmoves, notation)
                });
                if let Err(e) = checked {
                    self.error(e.within("go"));
                    return true;
                }
                // A running search answers before the new one says anything.
                self.stop_and_wait();
                let limits = self.dialect.limits(&params);
                let settings = self.options.search_settings();
                // MultiPV set before a switch to a game (or players) whose
                // search gives one line: said, not silently ignored.
                let single = self
                    .session
                    .single_line_search()
                    .filter(|_| self.options.multipv > 1)
                    .map(|why| format!("MultiPV {} not honoured: {why}", self.options.multipv));
                match self
                    .session
                    .go(limits, settings, &params.searchmoves, notation)
                {
                    Ok(mut notes) => {
                        notes.extend(single);
                        self.pondering = params.ponder;
                        if self.dialect.info_strings_in_search() {
                            for note in notes {
                                self.send(format!("info string {note}"));
                            }
                        }
                    }
                    Err(e) => self.error(e.within("go")),
                }
            }
            Command::Perft { depth } => self.perft(depth),
            Command::Stop => self.session.stop(),
            Command::PonderHit => {
                if self.pondering {
                    self.pondering = false;
                    self.session.ponderhit();
                }
            }
            Command::Display => {
                let diagram = self.session.diagram();
                for l in diagram.lines() {
                    self.send(l);
                }
                let label = match self.dialect {
                    Dialect::Uci => self.session.uci_notation_label(),
                    _ => self.session.notation_label(),
                };
                let notation = self.session.notation(self.dialect.move_notation());
                self.send(format!("{label}: {notation}"));
            }
            Command::Bench { depth } => self.bench(depth),
        }
        true
    }

    fn handshake(&mut self, dialect: Dialect) {
        if !dialect.is_supported() {
            let word = dialect.name();
            self.error(EngineError::unsupported(format!(
                "{word}: this dialect is not spoken yet; use uci"
            )));
            return;
        }
        if let Some(variant) = dialect.native_variant()
            && !self.switch_variant(variant)
        {
            self.error(EngineError::unsupported(format!(
                "{}: the game {variant} is not available",
                dialect.name()
            )));
            return;
        }
        if dialect != self.dialect {
            // A running search answers in the dialect that started it.
            self.stop_and_wait();
        }
        self.dialect = dialect;
        match dialect {
            Dialect::Cecp => return self.cecp_start(),
            Dialect::Ubgi => return self.ubgi_start(),
            Dialect::Hub => return self.hub_start(),
            Dialect::Uci | Dialect::Usi | Dialect::Tei => {}
        }
        self.send(format!("id name {ENGINE_NAME}"));
        self.send(format!("id author {ENGINE_AUTHOR}"));
        for spec in self.all_options() {
            self.send(format_option(&spec));
        }
        self.send(self.dialect.handshake_ok());
    }

    /// Engine-wide options first, then the current game's.
    fn all_options(&self) -> Vec<OptionSpec> {
        let variant = self.session.variant();
        let variants = self.dialect.variants();
        let mut specs: Vec<OptionSpec> = self
            .dialect
            .common_options()
            .iter()
            // MultiPV only where the search reports several lines.
            .filter(|&&o| o != CommonOption::MultiPv || self.session.single_line_search().is_none())
            .map(|&o| common_spec(&self.dialect, o, &variants, variant))
            .collect();
        specs.extend(self.session.game_options());
        specs
    }

    fn set_option(&mut self, name: &str, value: Option<&str>) {
        let common = self
            .dialect
            .common_options()
            .iter()
            .copied()
            .find(|&o| self.dialect.option_name(o).eq_ignore_ascii_case(name));
        if let Some(option) = common {
            let variants = self.dialect.variants();
            let spec = common_spec(&self.dialect, option, &variants, self.session.variant());
            match check_value(&spec, value) {
                Ok(v) => self.apply_common(option, v),
                Err(e) => self.error(EngineError::bad_value(format!(
                    "{}: {e}",
                    self.dialect.set_option_word()
                ))),
            }
            return;
        }
        let game_spec = self
            .session
            .game_options()
            .into_iter()
            .find(|s| s.name.eq_ignore_ascii_case(name));
        let Some(spec) = game_spec else {
            self.error(EngineError::unsupported(format!(
                "{}: unknown option '{}'",
                self.dialect.set_option_word(),
                super::command::shorten(name)
            )));
            return;
        };
        let result = check_value(&spec, value)
            .map_err(EngineError::bad_value)
            .and_then(|v| {
                let text = match v {
                    OptionValue::Check(b) => b.to_string(),
                    OptionValue::Spin(n) => n.to_string(),
                    OptionValue::Combo(s) | OptionValue::String(s) => s,
                    OptionValue::Button => String::new(),
                };
                self.session.set_game_option(&spec.name, &text)
            });
        if let Err(e) = result {
            self.error(e.within(self.dialect.set_option_word()));
        }
    }

    fn apply_common(&mut self, option: CommonOption, value: OptionValue) {
        match (option, value) {
            (CommonOption::Variant, OptionValue::Combo(v)) => {
                if !self.switch_variant(&v) {
                    self.error(EngineError::unsupported(format!(
                        "{}: unknown variant '{v}'",
                        self.dialect.set_option_word()
                    )));
                }
            }
            (CommonOption::Hash, OptionValue::Spin(mb)) => {
                self.options.hash_mb = mb as usize;
                self.session.set_hash_mb(mb as usize);
            }
            (CommonOption::ClearHash, _) => self.session.clear_hash(),
            (CommonOption::MultiPv, OptionValue::Spin(n)) => {
                match self.session.single_line_search().filter(|_| n > 1) {
                    Some(why) => self.error(EngineError::bad_value(format!(
                        "{}: {} value {n}: {why}; only 1",
                        self.dialect.set_option_word(),
                        self.dialect.option_name(CommonOption::MultiPv)
                    ))),
                    None => self.options.multipv = n as usize,
                }
            }
            (CommonOption::Ponder, OptionValue::Check(b)) => self.options.ponder = b,
            (CommonOption::MoveOverhead, OptionValue::Spin(ms)) => self.options.move_overhead = ms,
            (option, value) => log::error!("option {option:?} got an unexpected value {value:?}"),
        }
    }

    /// Makes `variant` the current game (a new session, so a new game) unless
    /// it already is. False for an unknown variant; nothing changes then.
    fn switch_variant(&mut self, variant: &str) -> bool {
        if variant == self.session.variant() {
            return true;
        }
        if registry::entry(variant).is_none() {
            return false;
        }
        self.stop_and_wait();
        match registry::create(variant, self.events.clone(), self.options.hash_mb) {
            Some(s) => {
                self.session = s;
                true
            }
            None => false,
        }
    }

    /// `ucinewgame`, `usinewgame`, `teinewgame <size>`: each dialect takes
    /// only its own word, and in TEI the size is required. The line is
    /// checked completely before it stops a running search, so a rejected
    /// one changes nothing.
    fn new_game(&mut self, word: &str, arg: Option<&str>) {
        let native = self.dialect.new_game_word();
        if word != native {
            self.error(EngineError::bad_command(format!(
                "unknown command '{word}' in {} (its new-game command is '{native}')",
                self.dialect.name()
            )));
            return;
        }
        if !self.dialect.new_game_takes_argument() {
            self.stop_and_wait();
            self.session.new_game();
            return;
        }
        let checked = match arg {
            Some(arg) => self.session.check_new_game_with(arg).map(|()| arg),
            None => Err(EngineError::bad_command("size needs a number")),
        };
        let result = checked.and_then(|arg| {
            self.stop_and_wait();
            self.session.new_game_with(arg)
        });
        if let Err(e) = result {
            self.error(e.within(word));
        }
    }

    /// Stops a running search and waits until its bestmove has been queued
    /// (it is printed in order by the loop).
    fn stop_and_wait(&mut self) {
        if self.session.is_searching() {
            self.session.stop();
            self.session.wait_idle();
        }
        while let Ok(ev) = self.events_rx.try_recv() {
            self.handle_event(ev);
        }
    }

    fn position(&mut self, base: PositionBase, moves: &[String]) {
        let notation = self.dialect.move_notation();
        let text = match &base {
            PositionBase::StartPos => None,
            PositionBase::Notation { keyword, text } => {
                if !self.session.position_keywords().contains(&keyword.as_str()) {
                    self.error(EngineError::unsupported(format!(
                        "position: '{keyword}' is not a position format of {}",
                        self.session.variant()
                    )));
                    return;
                }
                Some(text.as_str())
            }
        };
        if let Err(e) = self.session.set_position(text, moves, notation) {
            self.error(e.within("position"));
        }
    }

    fn perft(&mut self, depth: u32) {
        let notation = self.dialect.move_notation();
        let divide = self.session.perft_divide(depth, notation);
        let mut total = 0;
        for (mv, n) in &divide {
            self.send(format!("{mv}: {n}"));
            total += n;
        }
        if depth == 0 {
            total = 1;
        }
        self.send("");
        self.send(format!("Nodes searched: {total}"));
    }

    fn bench(&mut self, depth: Option<u32>) {
        self.stop_and_wait();
        let report = self.session.bench(depth, self.options.hash_mb);
        let count = report.positions.len();
        for (i, p) in report.positions.iter().enumerate() {
            self.send(format!(
                "info string bench {}/{count} nodes {} time {} bestmove {}",
                i + 1,
                p.nodes,
                p.time_ms,
                p.best
            ));
        }
        self.send(format!("Total time (ms): {}", report.elapsed_ms));
        self.send(format!("Nodes searched: {}", report.nodes));
        self.send(format!("Nodes/second: {}", report.nps()));
    }
}
