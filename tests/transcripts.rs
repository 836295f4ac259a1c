//! Golden transcripts: every `fixtures/transcripts/*.txt` is replayed against
//! the real binary over pipes.
//!
//! Script lines:
//! * `> text`    send `text` (a line) to the daemon's stdin
//! * `< pattern` the next output line must match `pattern`
//! * `<... pattern` skip output lines until one matches `pattern`
//! * `<~ pattern` skip `info` lines until one matches `pattern`; any other
//!   line before it fails (so a stray `bestmove` is caught)
//! * `~ ms`      wait this many milliseconds before going on
//! * `eof`       close stdin; the daemon must exit with status 0
//! * `# ...` and blank lines are comments
//!
//! In patterns `*` matches any run of characters; everything else is literal.
//! When the script ends, stdin is closed and the daemon must exit without
//! printing anything that the script did not expect (search progress
//! lines `info depth ...` of a search cut short by EOF excepted).

use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, RecvTimeoutError, channel};
use std::thread;
use std::time::{Duration, Instant};

const WAIT: Duration = Duration::from_secs(20);

/// Glob match where `*` is the only wildcard.
fn matches(pattern: &str, text: &str) -> bool {
    let parts: Vec<&str> = pattern.split('*').collect();
    if parts.len() == 1 {
        return pattern == text;
    }
    let (first, last) = (parts[0], parts[parts.len() - 1]);
    if !text.starts_with(first) || text.len() < first.len() + last.len() || !text.ends_with(last) {
        return false;
    }
    let mut rest = &text[first.len()..text.len() - last.len()];
    for part in &parts[1..parts.len() - 1] {
        match rest.find(part) {
            Some(i) => rest = &rest[i + part.len()..],
            None => return false,
        }
    }
    true
}

struct Daemon {
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<String>,
    seen: Vec<String>,
}

impl Daemon {
    fn start() -> Daemon {
        let mut child = Command::new(env!("CARGO_BIN_EXE_tabula"))
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("start tabula");
        let stdout = child.stdout.take().expect("stdout");
        let stdin = child.stdin.take();
        let (tx, rx) = channel();
        thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        Daemon {
            child,
            stdin,
            lines: rx,
            seen: Vec::new(),
        }
    }

    fn send(&mut self, line: &str) -> Result<(), String> {
        let stdin = self.stdin.as_mut().ok_or("stdin already closed")?;
        writeln!(stdin, "{line}")
            .and_then(|_| stdin.flush())
            .map_err(|e| format!("cannot send {line:?}: {e}"))
    }

    fn next_line(&mut self) -> Result<String, String> {
        match self.lines.recv_timeout(WAIT) {
            Ok(l) => {
                self.seen.push(l.clone());
                Ok(l)
            }
            Err(RecvTimeoutError::Timeout) => Err("timed out waiting for output".into()),
            Err(RecvTimeoutError::Disconnected) => Err("the daemon closed its output".into()),
        }
    }

    /// Reads lines until one matches `pattern`; every line before it must
    /// pass `may_skip`.
    fn skip_until(&mut self, pattern: &str, may_skip: fn(&str) -> bool) -> Result<(), String> {
        loop {
            let got = self
                .next_line()
                .map_err(|e| format!("{e} (expected {pattern:?})"))?;
            if matches(pattern, &got) {
                return Ok(());
            }
            if !may_skip(&got) {
                return Err(format!("expected {pattern:?}, got {got:?}"));
            }
        }
    }

    /// Closes stdin and waits for exit; returns any output not yet read.
    fn finish(&mut self) -> Result<Vec<String>, String> {
        self.stdin = None;
        let deadline = Instant::now() + WAIT;
        loop {
            if let Some(status) = self.child.try_wait().map_err(|e| e.to_string())? {
                if !status.success() {
                    return Err(format!("daemon exited with {status}"));
                }
                break;
            }
            if Instant::now() > deadline {
                let _ = self.child.kill();
                return Err("daemon did not exit after EOF".into());
            }
            thread::sleep(Duration::from_millis(5));
        }
        // Search progress of a search cut short by EOF may still be in the
        // pipe; anything else is unexpected.
        let mut rest = Vec::new();
        while let Ok(l) = self.lines.recv_timeout(Duration::from_millis(200)) {
            if !l.starts_with("info depth ") {
                rest.push(l);
            }
        }
        Ok(rest)
    }
}

fn run_script(path: &Path) -> Result<(), String> {
    let script = std::fs::read_to_string(path).map_err(|e| e.to_string())?;
    let mut d = Daemon::start();
    let mut closed = false;
    for (n, raw) in script.lines().enumerate() {
        let at = format!("line {}", n + 1);
        let line = raw.trim_end();
        let fail = |d: &Daemon, what: String| {
            let tail: Vec<&String> = d
                .seen
                .iter()
                .rev()
                .take(8)
                .collect::<Vec<_>>()
                .into_iter()
                .rev()
                .collect();
            format!("{at}: {what}\n  last output lines: {tail:#?}")
        };
        if line.is_empty() || line.starts_with('#') {
            continue;
        } else if let Some(text) = line.strip_prefix("> ") {
            d.send(text).map_err(|e| fail(&d, e))?;
        } else if line == ">" {
            d.send("").map_err(|e| fail(&d, e))?;
        } else if let Some(pattern) = line.strip_prefix("<... ") {
            d.skip_until(pattern, |_| true).map_err(|e| fail(&d, e))?;
        } else if let Some(pattern) = line.strip_prefix("<~ ") {
            d.skip_until(pattern, |l| l.starts_with("info "))
                .map_err(|e| fail(&d, e))?;
        } else if let Some(pattern) =
            line.strip_prefix("< ")
                .or(if line == "<" { Some("") } else { None })
        {
            let got = d
                .next_line()
                .map_err(|e| fail(&d, format!("{e} (expected {pattern:?})")))?;
            if !matches(pattern, &got) {
                return Err(fail(&d, format!("expected {pattern:?}, got {got:?}")));
            }
        } else if let Some(ms) = line.strip_prefix("~ ") {
            let ms: u64 = ms
                .trim()
                .parse()
                .map_err(|_| format!("{at}: bad wait {ms:?}"))?;
            thread::sleep(Duration::from_millis(ms));
        } else if line == "eof" {
            let rest = d.finish().map_err(|e| fail(&d, e))?;
            if !rest.is_empty() {
                return Err(fail(&d, format!("unexpected output after EOF: {rest:#?}")));
            }
            closed = true;
        } else {
            return Err(format!("{at}: cannot read script line {line:?}"));
        }
    }
    if !closed {
        let rest = d.finish().map_err(|e| format!("at end: {e}"))?;
        if !rest.is_empty() {
            return Err(format!("unexpected output at end of script: {rest:#?}"));
        }
    }
    Ok(())
}

fn transcripts() -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures/transcripts");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .expect("fixtures/transcripts exists")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "txt"))
        .collect();
    files.sort();
    files
}

#[test]
fn golden_transcripts() {
    let files = transcripts();
    assert!(
        files.len() >= 5,
        "expected the transcript suite, found {} files",
        files.len()
    );
    // Run them two at a time: each is its own daemon process.
    let mut failures = Vec::new();
    for chunk in files.chunks(2) {
        let handles: Vec<_> = chunk
            .iter()
            .cloned()
            .map(|p| thread::spawn(move || (p.clone(), run_script(&p))))
            .collect();
        for h in handles {
            match h.join() {
                Ok((p, Err(e))) => failures.push(format!("{}: {e}", p.display())),
                Ok((_, Ok(()))) => {}
                Err(_) => failures.push("a transcript thread panicked".into()),
            }
        }
    }
    assert!(
        failures.is_empty(),
        "{} transcript(s) failed:\n{}",
        failures.len(),
        failures.join("\n\n")
    );
}

#[test]
fn glob_matching() {
    assert!(matches(
        "info depth 1 * pv a3a4",
        "info depth 1 seldepth 2 time 5 pv a3a4"
    ));
    assert!(matches("bestmove *", "bestmove e3e4 ponder e6e5"));
    assert!(!matches("bestmove *", "info string x"));
    assert!(matches("readyok", "readyok"));
    assert!(!matches("readyok", "readyok "));
    assert!(matches("a*b*c", "abc"));
    assert!(!matches("a*b*c", "acb"));
}
