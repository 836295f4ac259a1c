//! One engine subprocess seen from the GUI side of its dialect.
//!
//! A reader thread forwards the engine's stdout lines over a crossbeam
//! channel, so every wait has a deadline: a hang is detected, never waited
//! out. The child is told `quit` and then killed when the client is dropped.

use super::dialect::Dialect;
use super::options::{self as engine_options, Announced};
use crate::games::OptionKind;
use crate::protocol::dialects::{AnswerLine, HandshakeLine, Speech, short_line};
use crate::protocol::score::EngineScore;
use crossbeam_channel::{Receiver, RecvTimeoutError, bounded};
use std::io::{self, BufRead, BufReader, Read, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::thread;
use std::time::{Duration, Instant};

/// The longest line an engine may send (newline not counted). A longer
/// one breaks the protocol; without a bound it would grow the caller's
/// memory for as long as the engine writes.
pub const MAX_LINE_BYTES: usize = 1 << 20;

/// The most lines read ahead of the caller. A full queue stops the reader
/// thread, and so, through the pipe, an engine that writes faster than the
/// caller reads: the caller's memory stays under this many lines of at
/// most [`MAX_LINE_BYTES`] each, however long the engine floods.
pub const LINE_QUEUE: usize = 256;

/// One read from an engine's stdout.
#[derive(Debug, PartialEq, Eq)]
pub enum LineRead {
    Line(Vec<u8>),
    /// More than the limit without a newline; the rest is not read.
    TooLong,
    Eof,
}

/// Reads one line of at most `limit` bytes before its newline, holding no
/// more than `limit + 1` bytes however long the line is.
pub fn read_bounded_line(r: &mut impl BufRead, limit: usize) -> io::Result<LineRead> {
    let mut buf = Vec::new();
    let n = r
        .by_ref()
        .take(limit as u64 + 1)
        .read_until(b'\n', &mut buf)?;
    Ok(if n == 0 {
        LineRead::Eof
    } else if buf.last() == Some(&b'\n') || n <= limit {
        LineRead::Line(buf)
    } else {
        LineRead::TooLong
    })
}

/// What the reader thread passes on.
enum Incoming {
    Line(String),
    /// The engine sent an over-long line; nothing more is read.
    TooLong,
}

/// What a player runs, and how to talk to it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EngineSpec {
    pub name: String,
    /// Program and arguments.
    pub command: Vec<String>,
    /// `None`: the game's native dialect.
    pub dialect: Option<Dialect>,
    pub options: Vec<(String, String)>,
}

/// Why a client failed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ClientError {
    /// No answer before the deadline.
    Timeout(String),
    /// The process exited or its pipes broke.
    Crashed(String),
    /// The engine answered something the dialect does not allow.
    Protocol(String),
}

impl std::fmt::Display for ClientError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ClientError::Timeout(s) | ClientError::Crashed(s) | ClientError::Protocol(s) => {
                write!(f, "{s}")
            }
        }
    }
}

/// A `bestmove` answer.
#[derive(Debug, Clone, PartialEq)]
pub struct BestMove {
    pub text: String,
    /// The last `info ... score` of the search (the engine's point of
    /// view).
    pub score: Option<EngineScore>,
}

pub struct Client {
    pub dialect: Dialect,
    /// What is said to the engine: the dialect's speech, or an older
    /// version's when the handshake showed one (Scan 2.0's first Hub).
    speech: &'static dyn Speech,
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<Incoming>,
    /// Set once the engine sent an over-long line: every later wait fails.
    overlong: bool,
    /// Options the engine announced in its handshake.
    announced: Vec<Announced>,
    /// `id name` from the handshake.
    pub id_name: Option<String>,
    /// The last lines read, for error messages.
    last_line: Option<String>,
}

/// Resolves the program: `tabula` is this very binary; a bare name not on
/// PATH is also looked for in /usr/games (Debian's engines live there).
fn resolve(program: &str) -> String {
    if program == "tabula"
        && let Ok(exe) = std::env::current_exe()
    {
        return exe.to_string_lossy().into_owned();
    }
    if !program.contains('/') {
        let on_path = std::env::var_os("PATH")
            .map(|p| std::env::split_paths(&p).any(|d| d.join(program).is_file()))
            .unwrap_or(false);
        let games = std::path::Path::new("/usr/games").join(program);
        if !on_path && games.is_file() {
            return games.to_string_lossy().into_owned();
        }
    }
    program.to_string()
}

impl Client {
    /// Starts the process (no handshake yet). Fails when it cannot run.
    pub fn spawn(spec: &EngineSpec, dialect: Dialect) -> Result<Client, String> {
        let (prog, args) = spec
            .command
            .split_first()
            .ok_or_else(|| format!("engine '{}': empty command", spec.name))?;
        let prog = resolve(prog);
        let mut child = Command::new(&prog)
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|e| format!("engine '{}': cannot start '{prog}': {e}", spec.name))?;
        let stdout = child.stdout.take().expect("piped stdout");
        let stdin = child.stdin.take();
        let (tx, rx) = bounded(LINE_QUEUE);
        thread::Builder::new()
            .name(format!("engine-{}", spec.name))
            .spawn(move || {
                let mut r = BufReader::new(stdout);
                loop {
                    let incoming = match read_bounded_line(&mut r, MAX_LINE_BYTES) {
                        Ok(LineRead::Eof) | Err(_) => break,
                        Ok(LineRead::TooLong) => Incoming::TooLong,
                        Ok(LineRead::Line(buf)) => Incoming::Line(
                            String::from_utf8_lossy(&buf)
                                .trim_end_matches(['\n', '\r'])
                                .to_string(),
                        ),
                    };
                    let stop = matches!(incoming, Incoming::TooLong);
                    if tx.send(incoming).is_err() || stop {
                        break;
                    }
                }
            })
            .map_err(|e| format!("cannot start reader thread: {e}"))?;
        Ok(Client {
            dialect,
            speech: dialect.speech(),
            child,
            stdin,
            lines: rx,
            overlong: false,
            announced: Vec::new(),
            id_name: None,
            last_line: None,
        })
    }

    /// Spawns the engine, does the handshake, sets the options and selects
    /// the variant ([`Client::set_up`]) and waits until it is ready.
    pub fn start(
        spec: &EngineSpec,
        dialect: Dialect,
        variant: &str,
        timeout: Duration,
    ) -> Result<Client, ClientError> {
        let mut c = Client::open(spec, dialect, timeout)?;
        // Nothing is checked here: the caller checked the options once.
        c.set_up(&spec.options, &[], variant, timeout)?
            .map_err(ClientError::Protocol)?;
        Ok(c)
    }

    /// Spawns the engine and does the handshake; nothing is set yet.
    pub fn open(
        spec: &EngineSpec,
        dialect: Dialect,
        timeout: Duration,
    ) -> Result<Client, ClientError> {
        let mut c = Client::spawn(spec, dialect).map_err(ClientError::Crashed)?;
        c.handshake(timeout)?;
        Ok(c)
    }

    /// Sets `options` and selects `variant`, in the order engines need:
    ///
    /// 1. the options the engine announced at the handshake, in the order
    ///    given (an engine may need one of them to know the variant at
    ///    all: Fairy-Stockfish's `VariantPath`);
    /// 2. the dialect's variant option (`UCI_Variant`, `USI_Variant`) when
    ///    the engine announces it;
    /// 3. the other options, in the order given: an engine may announce a
    ///    game's own options only once it plays that game (tabula does).
    ///
    /// Then `isready`. The options in `checked` (the user's) must be
    /// announced with a value their declaration allows; an engine whose
    /// `UCI_Variant` default is another game is asked `uci` again after the
    /// switch so that its new options count. A refused option is the inner
    /// error, and nothing after it is sent.
    pub fn set_up(
        &mut self,
        options: &[(String, String)],
        checked: &[(String, String)],
        variant: &str,
        timeout: Duration,
    ) -> Result<Result<(), String>, ClientError> {
        let (before, after): (Vec<_>, Vec<_>) =
            options.iter().partition(|(n, _)| self.announces(n));
        let is_checked = |o: &(String, String)| checked.contains(o);
        let dialect = self.dialect;
        let speech = self.speech;
        let check = |announced: &[Announced], list: &[&(String, String)]| {
            list.iter()
                .filter(|o| is_checked(o) && speech.announces_options())
                .try_for_each(|(n, v)| check_user_option(dialect, announced, n, v))
        };
        if let Err(e) = check(&self.announced, &before) {
            return Ok(Err(e));
        }
        for (name, value) in &before {
            self.send(&speech.set_option(&self.spelling(name), value))?;
        }
        let switched = self.switched_variant(variant);
        if let Some(option) = speech.variant_option()
            && self.announces(option)
            && let Some(value) = self.variant_value(option, variant)
        {
            self.send(&speech.set_option(option, &value))?;
        }
        if switched && speech.rereads_options_after_switch() && after.iter().any(|o| is_checked(o))
        {
            self.announced.clear();
            self.handshake(timeout)?;
        }
        if let Err(e) = check(&self.announced, &after) {
            return Ok(Err(e));
        }
        for (name, value) in &after {
            self.send(&speech.set_option(&self.spelling(name), value))?;
        }
        if let Some((request, reply)) = speech.options_taken_by() {
            self.send(request)?;
            self.wait_for(reply, timeout)?;
        }
        self.is_ready(timeout).map(Ok)
    }

    /// The value that selects `variant` through `option`, as the dialect
    /// reads the option's announced declaration; `None` when nothing need
    /// be sent.
    fn variant_value(&self, option: &str, variant: &str) -> Option<String> {
        let announced = engine_options::find(&self.announced, option).and_then(|o| o.kind.as_ref());
        self.speech.variant_value(variant, announced)
    }

    /// True when the engine announces the variant option with another
    /// game as its default: selecting `variant` switches its game.
    fn switched_variant(&self, variant: &str) -> bool {
        self.speech.variant_option().is_some_and(|option| {
            engine_options::find(&self.announced, option).is_some_and(|o| {
                !matches!(&o.kind, Some(OptionKind::Combo { default, .. })
                    if default.eq_ignore_ascii_case(variant))
            })
        })
    }

    /// What is said to the engine: its dialect's words, or those of the
    /// older version its handshake showed.
    pub fn speech(&self) -> &'static dyn Speech {
        self.speech
    }

    /// True when the engine announced `option`, under that name or, for
    /// an engine-wide option, under its dialect's name for it.
    pub fn announces(&self, option: &str) -> bool {
        engine_options::find_for(self.dialect, &self.announced, option).is_some()
    }

    /// The name `option` is sent under: as the engine announced it (Hub's
    /// `threads` for `Threads`, UBGI's `engine.threads`), else as given.
    /// An engine that declares nothing (the first Hub dialect) gets an
    /// engine-wide option under its dialect's spelling (`threads`).
    fn spelling(&self, option: &str) -> String {
        if let Some(a) = engine_options::find_for(self.dialect, &self.announced, option) {
            return a.name.clone();
        }
        match engine_options::common_option(self.dialect, option) {
            Some(common) if !self.speech.announces_options() => {
                self.speech.option_name(common).to_string()
            }
            _ => option.to_string(),
        }
    }

    pub fn send(&mut self, line: &str) -> Result<(), ClientError> {
        log::debug!(">> {line}");
        let Some(stdin) = self.stdin.as_mut() else {
            return Err(ClientError::Crashed("engine input closed".into()));
        };
        writeln!(stdin, "{line}")
            .and_then(|_| stdin.flush())
            .map_err(|e| ClientError::Crashed(format!("engine exited (write failed: {e})")))
    }

    /// The next line before `deadline`. The deadline is checked before
    /// each line, not only when none is waiting: an engine that never stops
    /// writing still runs out of time.
    fn recv(&mut self, deadline: Instant, waiting_for: &str) -> Result<String, ClientError> {
        if self.overlong {
            return Err(overlong_error(waiting_for));
        }
        let now = Instant::now();
        if now >= deadline {
            return Err(ClientError::Timeout(format!("no '{waiting_for}' in time")));
        }
        let left = deadline.saturating_duration_since(now);
        match self.lines.recv_timeout(left) {
            Ok(Incoming::Line(l)) => {
                log::debug!("<< {l}");
                self.last_line = Some(l.clone());
                Ok(l)
            }
            Ok(Incoming::TooLong) => {
                self.overlong = true;
                Err(overlong_error(waiting_for))
            }
            Err(RecvTimeoutError::Timeout) => {
                Err(ClientError::Timeout(format!("no '{waiting_for}' in time")))
            }
            Err(RecvTimeoutError::Disconnected) => {
                let status = self
                    .child
                    .wait()
                    .map(|s| s.to_string())
                    .unwrap_or_else(|e| e.to_string());
                let last = match &self.last_line {
                    Some(l) => format!("; last line '{}'", short_line(l)),
                    None => String::new(),
                };
                Err(ClientError::Crashed(format!(
                    "engine exited ({status}) while waiting for '{waiting_for}'{last}"
                )))
            }
        }
    }

    fn handshake(&mut self, timeout: Duration) -> Result<(), ClientError> {
        self.send(self.dialect.name())?;
        let deadline = Instant::now() + timeout;
        loop {
            let line = self.recv(deadline, self.speech.handshake_ok())?;
            if let Some(older) = self.speech.older_version(&line) {
                self.speech = older;
            }
            match self.speech.read_handshake_line(&line) {
                HandshakeLine::Done => return Ok(()),
                HandshakeLine::Name(name) => self.id_name = Some(name),
                HandshakeLine::Option(option) => self.announced.push(option),
                HandshakeLine::Other => {}
            }
        }
    }

    /// `isready` → `readyok` (Hub: `ping` → `pong`).
    pub fn is_ready(&mut self, timeout: Duration) -> Result<(), ClientError> {
        let (request, reply) = self.speech.ready_words();
        self.send(request)?;
        self.wait_for(reply, timeout)
    }

    /// Reads lines until one is `word`.
    fn wait_for(&mut self, word: &str, timeout: Duration) -> Result<(), ClientError> {
        let deadline = Instant::now() + timeout;
        loop {
            if self.recv(deadline, word)?.trim() == word {
                return Ok(());
            }
        }
    }

    /// Sends the new-game command and waits until the engine is ready.
    pub fn new_game(&mut self, arg: Option<&str>, timeout: Duration) -> Result<(), ClientError> {
        self.send(&self.speech.new_game(arg))?;
        self.is_ready(timeout)
    }

    /// Drops lines left over from an earlier search: at most a queue's
    /// worth, since an engine that floods refills it as fast as it empties.
    pub fn drain(&mut self) {
        for _ in 0..LINE_QUEUE {
            let Ok(incoming) = self.lines.try_recv() else {
                break;
            };
            match incoming {
                Incoming::Line(l) => log::debug!("<< {l} (drained)"),
                Incoming::TooLong => self.overlong = true,
            }
        }
    }

    /// Sends `position` and `go`, waits for the answer (`bestmove`, Hub's
    /// `done`) until `deadline`, keeping the last score on the way.
    pub fn think(
        &mut self,
        position: &str,
        go: &str,
        deadline: Instant,
    ) -> Result<BestMove, ClientError> {
        let speech = self.speech;
        if go.is_empty() {
            return Err(ClientError::Protocol(
                "its dialect has no word for this search limit".into(),
            ));
        }
        self.drain();
        // Hub asks in two lines (`level`, then `go`); its first dialect
        // sends the moves since the start one per line.
        for line in position.lines().chain(go.lines()) {
            self.send(line)?;
        }
        let waiting_for = speech.answer_word();
        let mut score = None;
        loop {
            let line = self.recv(deadline, waiting_for)?;
            match speech.read_answer_line(&line) {
                AnswerLine::Best(text) => return Ok(BestMove { text, score }),
                AnswerLine::Score(s) => score = Some(s),
                AnswerLine::Fault(why) => return Err(ClientError::Protocol(why)),
                AnswerLine::Other => {}
            }
        }
    }
}

/// Checks one user option against `announced`. The variant is the
/// runner's to choose (`--game`), not an option's.
fn check_user_option(
    dialect: Dialect,
    announced: &[Announced],
    name: &str,
    value: &str,
) -> Result<(), String> {
    if dialect
        .speech()
        .variant_option()
        .is_some_and(|option| name.eq_ignore_ascii_case(option))
    {
        return Err(format!(
            "--option {name}={value}: the runner selects the variant from --game"
        ));
    }
    engine_options::check(dialect, announced, name, value)
}

fn overlong_error(waiting_for: &str) -> ClientError {
    ClientError::Protocol(format!(
        "sent a line longer than {MAX_LINE_BYTES} bytes while the runner waited for '{waiting_for}'"
    ))
}

impl Drop for Client {
    fn drop(&mut self) {
        let _ = self.send("quit");
        self.stdin = None; // EOF
        let until = Instant::now() + Duration::from_millis(300);
        while Instant::now() < until {
            if let Ok(Some(_)) = self.child.try_wait() {
                return;
            }
            thread::sleep(Duration::from_millis(5));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_are_read_up_to_a_bound() {
        let mut r = io::Cursor::new(b"abc\nabcd\nabcde\nab".to_vec());
        let line = |b: &[u8]| LineRead::Line(b.to_vec());
        assert_eq!(read_bounded_line(&mut r, 4).unwrap(), line(b"abc\n"));
        assert_eq!(read_bounded_line(&mut r, 4).unwrap(), line(b"abcd\n"));
        assert_eq!(read_bounded_line(&mut r, 4).unwrap(), LineRead::TooLong);
        // A last line without a newline is still a line.
        let mut r = io::Cursor::new(b"abcd".to_vec());
        assert_eq!(read_bounded_line(&mut r, 4).unwrap(), line(b"abcd"));
        assert_eq!(read_bounded_line(&mut r, 4).unwrap(), LineRead::Eof);
    }
}
