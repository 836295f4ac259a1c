//! The real `tabula` binary as a child process driven over pipes, for the
//! transcript and soak tests. Its stdout is read on a thread into a
//! crossbeam channel, so every wait has a timeout and a hang fails the test
//! instead of hanging it. The child is killed when the handle is dropped,
//! so a failing test leaves no process behind. The last lines sent and
//! received are kept for failure messages.

use crossbeam_channel::{Receiver, RecvTimeoutError, unbounded};
use std::collections::VecDeque;
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, ExitStatus, Stdio};
use std::thread;
use std::time::{Duration, Instant};

/// How many lines (sent and received) the transcript keeps.
const KEEP: usize = 80;
/// Longest rendering of one transcript line.
const SHOW: usize = 240;

pub struct Daemon {
    child: Child,
    stdin: Option<ChildStdin>,
    /// Raw stdout lines without their LF.
    lines: Receiver<Vec<u8>>,
    recent: VecDeque<String>,
    received: VecDeque<String>,
    /// Lines and bytes written so far (line ends counted as sent).
    pub lines_sent: usize,
    pub bytes_sent: usize,
}

/// `bytes` as one readable line: valid UTF-8 as is except control
/// characters, which are escaped like invalid bytes (`\x00`, `\u{85}`);
/// cut to `SHOW` characters with the full length noted.
pub fn escape(bytes: &[u8]) -> String {
    let mut s = String::new();
    let mut shown = 0;
    let mut cut = false;
    'out: for chunk in bytes.utf8_chunks() {
        for c in chunk.valid().chars() {
            if shown == SHOW {
                cut = true;
                break 'out;
            }
            shown += 1;
            match c {
                '\\' => s.push_str("\\\\"),
                '\n' => s.push_str("\\n"),
                '\r' => s.push_str("\\r"),
                '\t' => s.push_str("\\t"),
                c if (c as u32) < 0x80 && c.is_control() => {
                    s.push_str(&format!("\\x{:02x}", c as u32))
                }
                c if c.is_control() => s.push_str(&format!("\\u{{{:x}}}", c as u32)),
                c => s.push(c),
            }
        }
        for b in chunk.invalid() {
            if shown == SHOW {
                cut = true;
                break 'out;
            }
            shown += 1;
            s.push_str(&format!("\\x{b:02x}"));
        }
    }
    if cut {
        s.push_str(&format!("... ({} bytes)", bytes.len()));
    }
    s
}

impl Daemon {
    /// Starts the daemon (no arguments), stderr discarded.
    pub fn start() -> Daemon {
        let mut child = Command::new(env!("CARGO_BIN_EXE_tabula"))
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("start tabula");
        let stdout = child.stdout.take().expect("stdout");
        let stdin = child.stdin.take();
        let (tx, rx) = unbounded();
        thread::spawn(move || {
            let mut reader = BufReader::new(stdout);
            loop {
                let mut line = Vec::new();
                match reader.read_until(b'\n', &mut line) {
                    Ok(0) | Err(_) => break,
                    Ok(_) => {
                        if line.last() == Some(&b'\n') {
                            line.pop();
                        }
                        if tx.send(line).is_err() {
                            break;
                        }
                    }
                }
            }
        });
        Daemon {
            child,
            stdin,
            lines: rx,
            recent: VecDeque::new(),
            received: VecDeque::new(),
            lines_sent: 0,
            bytes_sent: 0,
        }
    }

    fn remember(&mut self, entry: String) {
        if self.recent.len() == KEEP {
            self.recent.pop_front();
        }
        self.recent.push_back(entry);
    }

    /// Sends `line` and a LF.
    pub fn send(&mut self, line: &str) -> Result<(), String> {
        let mut bytes = line.as_bytes().to_vec();
        bytes.push(b'\n');
        self.send_raw(&bytes)
    }

    /// Writes `bytes` exactly as given (the caller supplies the line ends)
    /// and flushes.
    pub fn send_raw(&mut self, bytes: &[u8]) -> Result<(), String> {
        self.remember(format!("> {}", escape(bytes)));
        self.lines_sent += bytes
            .iter()
            .enumerate()
            .filter(|&(i, &b)| b == b'\n' || (b == b'\r' && bytes.get(i + 1) != Some(&b'\n')))
            .count();
        self.bytes_sent += bytes.len();
        let stdin = self.stdin.as_mut().ok_or("stdin already closed")?;
        stdin
            .write_all(bytes)
            .and_then(|_| stdin.flush())
            .map_err(|e| format!("cannot send {}: {e}", escape(bytes)))
    }

    /// The next stdout line, waiting at most `timeout`. Output that is not
    /// UTF-8 is an error too.
    pub fn next_line(&mut self, timeout: Duration) -> Result<String, String> {
        match self.lines.recv_timeout(timeout) {
            Ok(raw) => {
                let shown = escape(&raw);
                self.remember(format!("< {shown}"));
                if self.received.len() == KEEP {
                    self.received.pop_front();
                }
                self.received.push_back(shown);
                String::from_utf8(raw)
                    .map_err(|_| "the daemon wrote a line that is not UTF-8".into())
            }
            Err(RecvTimeoutError::Timeout) => Err(format!(
                "timed out after {:.1} s waiting for output",
                timeout.as_secs_f64()
            )),
            Err(RecvTimeoutError::Disconnected) => Err("the daemon closed its output".into()),
        }
    }

    /// Closes stdin: the daemon sees end of input.
    pub fn close_stdin(&mut self) {
        if self.stdin.take().is_some() {
            self.remember("> (end of input)".into());
        }
    }

    /// Waits at most `timeout` for the process to exit (killing it if it
    /// does not) and returns its status.
    pub fn wait_exit(&mut self, timeout: Duration) -> Result<ExitStatus, String> {
        let deadline = Instant::now() + timeout;
        loop {
            if let Some(status) = self.child.try_wait().map_err(|e| e.to_string())? {
                return Ok(status);
            }
            if Instant::now() > deadline {
                let _ = self.child.kill();
                let _ = self.child.wait();
                return Err(format!(
                    "the daemon did not exit within {:.1} s",
                    timeout.as_secs_f64()
                ));
            }
            thread::sleep(Duration::from_millis(2));
        }
    }

    /// After exit: every line still in the pipe (waits until the reader
    /// sees the pipe close, at most `timeout`).
    pub fn rest(&mut self, timeout: Duration) -> Result<Vec<String>, String> {
        let deadline = Instant::now() + timeout;
        let mut rest = Vec::new();
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.next_line(left) {
                Ok(l) => rest.push(l),
                Err(e) if e.contains("closed its output") => return Ok(rest),
                Err(e) => return Err(e),
            }
        }
    }

    /// The last `n` lines received, escaped.
    pub fn last_received(&self, n: usize) -> Vec<String> {
        let skip = self.received.len().saturating_sub(n);
        self.received.iter().skip(skip).cloned().collect()
    }

    /// The recent exchange, one line each: `> sent`, `< received`.
    pub fn transcript(&self) -> String {
        let mut s = String::new();
        for l in &self.recent {
            s.push_str("    ");
            s.push_str(l);
            s.push('\n');
        }
        s
    }
}

impl Drop for Daemon {
    fn drop(&mut self) {
        if let Ok(None) = self.child.try_wait() {
            let _ = self.child.kill();
        }
        let _ = self.child.wait();
    }
}
