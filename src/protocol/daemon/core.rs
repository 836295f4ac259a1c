//! What every dialect's side of the session loop shares: the dialect in
//! use, the engine options, the game session and the output, with the
//! operations more than one dialect needs (options, switching games,
//! stopping a search).

use super::DialectSide;
use crate::engine::registry;
use crate::engine::{EngineError, EngineSession};
use crate::games::OptionSpec;
use crate::protocol::command::shorten;
use crate::protocol::dialects::{Dialect, Speech};
use crate::protocol::options::{
    CommonOption, EngineOptions, OptionValue, check_value, common_spec, threads_note,
};
use crate::search::SearchEvent;
use crossbeam_channel::{Receiver, Sender};

/// The state every dialect shares.
pub struct Core {
    pub(in crate::protocol) dialect: Dialect,
    pub(in crate::protocol) options: EngineOptions,
    pub(in crate::protocol) session: Box<dyn EngineSession>,
    /// Handed to each new session's worker.
    pub(in crate::protocol) events: Sender<SearchEvent>,
    /// The workers' events; also drained directly after a forced stop so a
    /// stopped search's answer comes before anything the next command prints.
    pub(in crate::protocol) events_rx: Receiver<SearchEvent>,
    out: Sender<String>,
}

impl Core {
    /// UCI and the first registered game, until a handshake says otherwise.
    pub(in crate::protocol) fn new(
        out: Sender<String>,
        events: Sender<SearchEvent>,
        events_rx: Receiver<SearchEvent>,
    ) -> Option<Self> {
        let options = EngineOptions::default();
        let variant = registry::VARIANTS.first()?;
        let session = registry::create(variant, events.clone(), options.hash_mb)?;
        Some(Core {
            dialect: Dialect::default(),
            options,
            session,
            events,
            events_rx,
            out,
        })
    }

    /// What the dialect in use says and reads.
    pub(in crate::protocol) fn speech(&self) -> &'static dyn Speech {
        self.dialect.speech()
    }

    pub(in crate::protocol) fn send(&self, line: impl Into<String>) {
        let _ = self.out.send(line.into());
    }

    /// One error line in the dialect's form, and a log line.
    pub(in crate::protocol) fn error(&self, error: EngineError) {
        log::warn!("error ({:?}): {}", error.kind, error.detail);
        self.send(self.speech().format_error(&error));
    }

    /// An informational line in the dialect's form; on stderr alone where
    /// the dialect has no such line.
    pub(in crate::protocol) fn note(&self, text: &str) {
        match self.speech().format_note(text) {
            Some(line) => self.send(line),
            None => log::warn!("{text}"),
        }
    }

    /// The search threads from the next search on. More than the machine
    /// has cores is accepted; the note that says so is returned, for the
    /// caller to print ([`Core::note`]).
    pub(in crate::protocol) fn set_threads(&mut self, threads: usize) -> Option<String> {
        self.options.threads = threads;
        threads_note(self.speech().option_name(CommonOption::Threads), threads)
    }

    /// The command a dialect's parser read from a line: `None` for a line
    /// that holds none, and for a bad one after `report` printed its error.
    pub(in crate::protocol) fn command<T, E>(
        &self,
        parsed: Result<Option<T>, E>,
        report: fn(&Core, E),
    ) -> Option<T> {
        parsed.unwrap_or_else(|e| {
            report(self, e);
            None
        })
    }

    /// Stops a running search and waits until its answer has been worded
    /// by `side` (it is printed in order by the writer).
    pub(in crate::protocol) fn stop_and_wait(&mut self, side: &mut dyn DialectSide) {
        if self.session.is_searching() {
            self.session.stop();
            self.session.wait_idle();
        }
        while let Ok(ev) = self.events_rx.try_recv() {
            side.event(self, ev);
        }
    }

    /// Engine-wide options first, then the current game's.
    pub(in crate::protocol) fn all_options(&self) -> Vec<OptionSpec> {
        let variant = self.session.variant();
        let variants = self.dialect.variants();
        let mut specs: Vec<OptionSpec> = self
            .speech()
            .common_options()
            .iter()
            // MultiPV only where the search reports several lines.
            .filter(|&&o| o != CommonOption::MultiPv || self.session.single_line_search().is_none())
            .map(|&o| common_spec(self.speech(), o, &variants, variant))
            .collect();
        specs.extend(self.session.game_options());
        specs
    }

    /// `setoption` (Hub's `set-param`): an engine-wide option under the
    /// dialect's name, else one of the game's.
    pub(in crate::protocol) fn set_option(
        &mut self,
        side: &mut dyn DialectSide,
        name: &str,
        value: Option<&str>,
    ) {
        let common = self
            .speech()
            .common_options()
            .iter()
            .copied()
            .find(|&o| self.speech().option_name(o).eq_ignore_ascii_case(name));
        if let Some(option) = common {
            let variants = self.dialect.variants();
            let spec = common_spec(self.speech(), option, &variants, self.session.variant());
            match check_value(&spec, value) {
                Ok(v) => self.apply_common(side, option, v),
                Err(e) => self.error(EngineError::bad_value(format!(
                    "{}: {e}",
                    self.speech().set_option_word()
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
                self.speech().set_option_word(),
                shorten(name)
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
            self.error(e.within(self.speech().set_option_word()));
        }
    }

    /// Sets an engine-wide option to a value its declaration accepted.
    pub(in crate::protocol) fn apply_common(
        &mut self,
        side: &mut dyn DialectSide,
        option: CommonOption,
        value: OptionValue,
    ) {
        match (option, value) {
            (CommonOption::Variant, OptionValue::Combo(v)) => {
                if !self.switch_variant(side, &v) {
                    self.error(EngineError::unsupported(format!(
                        "{}: unknown variant '{v}'",
                        self.speech().set_option_word()
                    )));
                }
            }
            (CommonOption::Threads, OptionValue::Spin(n)) => {
                // Checked against 1..THREADS_MAX, so it fits.
                if let Some(text) = self.set_threads(usize::try_from(n).unwrap_or(1)) {
                    self.note(&text);
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
                        self.speech().set_option_word(),
                        self.speech().option_name(CommonOption::MultiPv)
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
    /// it already is; a running search answers first, through `side`. False
    /// for an unknown variant; nothing changes then.
    pub(in crate::protocol) fn switch_variant(
        &mut self,
        side: &mut dyn DialectSide,
        variant: &str,
    ) -> bool {
        if variant == self.session.variant() {
            return true;
        }
        if registry::entry(variant).is_none() {
            return false;
        }
        self.stop_and_wait(side);
        match registry::create(variant, self.events.clone(), self.options.hash_mb) {
            Some(s) => {
                self.session = s;
                true
            }
            None => false,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::protocol::dialects::uci::side::UciFamily;
    use crossbeam_channel::unbounded;

    /// A core speaking `dialect`, and what it prints.
    fn speaking(dialect: Dialect) -> (Core, Receiver<String>) {
        let (out, printed) = unbounded();
        let (events, events_rx) = unbounded();
        let Some(mut core) = Core::new(out, events, events_rx) else {
            panic!("no game is registered");
        };
        core.dialect = dialect;
        (core, printed)
    }

    #[test]
    fn threads_are_set_by_each_dialects_name_and_kept_on_a_bad_value() {
        let mut side = UciFamily::default();
        for (dialect, name, error) in [
            (
                Dialect::Uci,
                "Threads",
                "info string error: setoption: Threads value",
            ),
            (
                Dialect::Usi,
                "threads",
                "info string error: setoption: Threads value",
            ),
            (
                Dialect::Hub,
                "threads",
                "error message=\"set-param: threads value",
            ),
        ] {
            let (mut core, printed) = speaking(dialect);
            assert_eq!(core.options.threads, 1);
            core.set_option(&mut side, name, Some("2"));
            assert_eq!(core.options.threads, 2, "{dialect:?}");
            assert_eq!(core.options.search_settings().threads, 2);
            for bad in ["0", "1025", "abc", "-3", ""] {
                core.set_option(&mut side, name, Some(bad));
                let lines: Vec<String> = printed.try_iter().collect();
                assert_eq!(lines.len(), 1, "{dialect:?} {bad}: {lines:?}");
                assert!(lines[0].starts_with(error), "{dialect:?} {bad}: {lines:?}");
                assert_eq!(core.options.threads, 2, "{dialect:?} {bad}");
            }
        }
    }

    #[test]
    fn more_threads_than_cores_are_accepted_and_noted_once() {
        let mut side = UciFamily::default();
        let (mut core, printed) = speaking(Dialect::Uci);
        core.set_option(&mut side, "Threads", Some("1024"));
        assert_eq!(core.options.threads, 1024);
        let lines: Vec<String> = printed.try_iter().collect();
        assert_eq!(lines.len(), 1, "{lines:?}");
        assert!(lines[0].starts_with("info string Threads 1024 is more than the "));
        // Hub has no note line: stderr only.
        let (mut core, printed) = speaking(Dialect::Hub);
        core.set_option(&mut side, "threads", Some("1024"));
        assert_eq!(core.options.threads, 1024);
        assert_eq!(printed.try_iter().count(), 0);
    }
}
