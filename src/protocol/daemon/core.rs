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
    CommonOption, EngineOptions, OptionValue, check_value, common_spec,
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

    fn apply_common(
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
