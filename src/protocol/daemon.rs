//! The session loop: reads input lines and search events and never waits
//! for a search. See protocol-spec/overview.md.
//!
//! The state is split in two: [`Core`] holds what every dialect shares
//! (the dialect in use, the engine options, the game session, the output),
//! and a [`DialectSide`] holds the loop of the dialect in use with the
//! state only that dialect keeps (CECP's game and clocks, UBGI's keys,
//! Hub's level). The handshake that selects a dialect creates its side
//! ([`crate::protocol::dialects::Speech::daemon_side`]); the next
//! handshake that selects another one drops it. The sides live in their
//! dialects' modules (`dialects/<dialect>/side.rs`).

use super::dialects::{Dialect, uci::side::UciFamily};
use super::io::{Input, spawn_reader, spawn_writer};
use crate::engine::EngineError;
use crate::search::SearchEvent;
use crossbeam_channel::{Receiver, select, unbounded};
use std::io::{BufRead, Write};

mod core;

pub use self::core::Core;

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
    match Core::new(out, events_tx, events_rx) {
        Some(core) => {
            let mut daemon = Daemon {
                core,
                side: Box::new(UciFamily::default()),
            };
            daemon.serve(&lines);
            daemon.shutdown();
        }
        None => log::error!("no game is registered"),
    }
    // All senders are gone now: the writer prints what is queued and ends.
    let _ = writer.join();
    0
}

/// What the loop does after a line.
pub enum Flow {
    /// Read the next line.
    Continue,
    /// `quit`: end the process.
    Quit,
    /// A handshake word: select its dialect (and its game).
    Handshake(Dialect),
}

/// The daemon's side of the dialect in use: the loop that reads its lines
/// and words its search events, and the state only this dialect keeps.
pub trait DialectSide {
    /// The handshake selected this dialect: its first lines.
    fn start(&mut self, core: &mut Core);
    /// Handles one input line.
    fn line(&mut self, core: &mut Core, line: &str) -> Flow;
    /// Words one search event.
    fn event(&mut self, core: &mut Core, event: SearchEvent);
}

struct Daemon {
    core: Core,
    /// The dialect in use's loop and state.
    side: Box<dyn DialectSide>,
}

impl Daemon {
    fn serve(&mut self, lines: &Receiver<Input>) {
        let events = self.core.events_rx.clone();
        loop {
            select! {
                recv(lines) -> msg => match msg {
                    Ok(Input::Line(line)) => {
                        log::debug!("<< {line}");
                        match self.side.line(&mut self.core, &line) {
                            Flow::Continue => {}
                            Flow::Quit => return,
                            Flow::Handshake(dialect) => self.handshake(dialect),
                        }
                    }
                    Ok(Input::TooLong) => {
                        self.core.error(EngineError::bad_command("line too long (limit 1 MiB), ignored"))
                    }
                    Ok(Input::Eof) | Err(_) => return,
                },
                recv(&events) -> ev => if let Ok(ev) = ev { self.side.event(&mut self.core, ev) },
            }
        }
    }

    /// Stops a running search and joins its thread; no bestmove is needed at
    /// quit, so queued events are dropped.
    fn shutdown(self) {
        self.core.session.stop();
    }

    /// A handshake word: the dialect, and through the registry its game.
    /// Another dialect gets a fresh side; the same one prints its
    /// handshake again.
    fn handshake(&mut self, dialect: Dialect) {
        let core = &mut self.core;
        if !dialect.is_supported() {
            let word = dialect.name();
            core.error(EngineError::unsupported(format!(
                "{word}: this dialect is not spoken yet; use uci"
            )));
            return;
        }
        if let Some(variant) = dialect.native_variant()
            && !core.switch_variant(self.side.as_mut(), variant)
        {
            core.error(EngineError::unsupported(format!(
                "{}: the game {variant} is not available",
                dialect.name()
            )));
            return;
        }
        if dialect != core.dialect {
            // A running search answers in the dialect that started it.
            core.stop_and_wait(self.side.as_mut());
            core.dialect = dialect;
            self.side = dialect.speech().daemon_side();
        }
        self.side.start(core);
    }
}
