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
//! lines `info depth ...` (Hub: `info depth=...`) of a search cut short by
//! EOF excepted).

mod common;

use common::daemon::Daemon;
use std::path::{Path, PathBuf};
use std::thread;
use std::time::Duration;

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

/// Reads lines until one matches `pattern`; every line before it must
/// pass `may_skip`.
fn skip_until(d: &mut Daemon, pattern: &str, may_skip: fn(&str) -> bool) -> Result<(), String> {
    loop {
        let got = d
            .next_line(WAIT)
            .map_err(|e| format!("{e} (expected {pattern:?})"))?;
        if matches(pattern, &got) {
            return Ok(());
        }
        if !may_skip(&got) {
            return Err(format!("expected {pattern:?}, got {got:?}"));
        }
    }
}

/// Closes stdin and waits for a clean exit; returns any output not yet
/// read, except search progress (`info depth ...`) of a search cut short
/// by EOF.
fn finish(d: &mut Daemon) -> Result<Vec<String>, String> {
    d.close_stdin();
    let status = d.wait_exit(WAIT)?;
    if !status.success() {
        return Err(format!("daemon exited with {status}"));
    }
    let rest = d.rest(Duration::from_secs(2))?;
    Ok(rest
        .into_iter()
        .filter(|l| !l.starts_with("info depth ") && !l.starts_with("info depth="))
        .collect())
}

fn run_script(path: &Path) -> Result<(), String> {
    let script = std::fs::read_to_string(path).map_err(|e| e.to_string())?;
    let mut d = Daemon::start();
    let mut closed = false;
    for (n, raw) in script.lines().enumerate() {
        let at = format!("line {}", n + 1);
        let line = raw.trim_end();
        let fail = |d: &Daemon, what: String| {
            let tail = d.last_received(8);
            format!("{at}: {what}\n  last output lines: {tail:#?}")
        };
        if line.is_empty() || line.starts_with('#') {
            continue;
        } else if let Some(text) = line.strip_prefix("> ") {
            d.send(text).map_err(|e| fail(&d, e))?;
        } else if line == ">" {
            d.send("").map_err(|e| fail(&d, e))?;
        } else if let Some(pattern) = line.strip_prefix("<... ") {
            skip_until(&mut d, pattern, |_| true).map_err(|e| fail(&d, e))?;
        } else if let Some(pattern) = line.strip_prefix("<~ ") {
            skip_until(&mut d, pattern, |l| l.starts_with("info ")).map_err(|e| fail(&d, e))?;
        } else if let Some(pattern) =
            line.strip_prefix("< ")
                .or(if line == "<" { Some("") } else { None })
        {
            let got = d
                .next_line(WAIT)
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
            let rest = finish(&mut d).map_err(|e| fail(&d, e))?;
            if !rest.is_empty() {
                return Err(fail(&d, format!("unexpected output after EOF: {rest:#?}")));
            }
            closed = true;
        } else {
            return Err(format!("{at}: cannot read script line {line:?}"));
        }
    }
    if !closed {
        let rest = finish(&mut d).map_err(|e| format!("at end: {e}"))?;
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
