//! The driver of the random-line soaks (Hub, UBGI, and UCI games whose
//! turns the session of `session.rs` cannot model): test lines written one
//! at a time with a random line end, each followed by the dialect's probe
//! (`ping`, `isready`) and checked on what came back before its reply;
//! the exit after `quit` or end of input. The seed, the budget and the
//! random lines come from `lines.rs`; a failure names the run, its seed,
//! the line and the recent transcript.
//!
//! `TABULA_SOAK_VERBOSE=1` prints every test line with what it got.

use crate::common::daemon::{Daemon, escape};
use crate::common::driver::{HANG, env_flag};
use crate::common::rng::Rng;
use crate::lines::{PROMPT, Stats, base_seed, line_end, seed_for};
use std::thread;
use std::time::{Duration, Instant};

/// Lines no dialect reads as a command: blanks, control bytes, Latin-1
/// letters.
pub const BLANK_JUNK: &[&str] = &["", " ", "\t", "\u{0}\u{1}", "ÿÿÿ"];

/// One run: a daemon, the rng, the line under test.
pub struct Wire {
    /// `hub russian`: the dialect and the game, which pick the seed.
    pub name: String,
    pub seed: u64,
    pub rng: Rng,
    pub d: Daemon,
    /// The probe and its reply: `ping`/`pong`, `isready`/`readyok`.
    probe: &'static str,
    reply: &'static str,
    line: Vec<u8>,
    pub stats: Stats,
    verbose: bool,
    started: Instant,
}

impl Wire {
    /// Starts the daemon for run `name` (`hub international`).
    pub fn start(name: String, probe: &'static str, reply: &'static str) -> Wire {
        let seed = seed_for(&name);
        Wire {
            name,
            seed,
            rng: Rng::new(seed),
            d: Daemon::start(),
            probe,
            reply,
            line: Vec::new(),
            stats: Stats::default(),
            verbose: env_flag("TABULA_SOAK_VERBOSE"),
            started: Instant::now(),
        }
    }

    pub fn fail(&self, what: &str) -> ! {
        panic!(
            "{} (seed {:#x}, TABULA_SOAK_SEED={:#x}): {what}\n  line: {}\n  {:?}\n  recent transcript:\n{}",
            self.name,
            self.seed,
            base_seed(),
            escape(&self.line),
            self.stats,
            self.d.transcript()
        );
    }

    /// Writes a line that is not under test (a set-up or a probe) with LF.
    pub fn send(&mut self, line: &str) {
        if let Err(e) = self.d.send(line) {
            self.fail(&e);
        }
    }

    /// Writes a test line with a random line end and remembers it for
    /// failure messages.
    pub fn test_bytes(&mut self, bytes: &[u8]) {
        self.stats.lines += 1;
        self.stats.longest_line = self.stats.longest_line.max(bytes.len());
        self.line = bytes.to_vec();
        let mut b = bytes.to_vec();
        b.extend_from_slice(line_end(&mut self.rng));
        if let Err(e) = self.d.send_raw(&b) {
            self.fail(&e);
        }
    }

    pub fn test_line(&mut self, line: &str) {
        self.test_bytes(line.as_bytes());
    }

    /// Lines up to and including the first that `done` accepts, each
    /// waited for at most `HANG`.
    pub fn until(&mut self, what: &str, done: impl Fn(&str) -> bool) -> Vec<String> {
        let mut got = Vec::new();
        loop {
            match self.d.next_line(HANG) {
                Ok(l) => {
                    let end = done(&l);
                    got.push(l);
                    if end {
                        return got;
                    }
                }
                Err(e) => self.fail(&format!("no {what}: {e}; got {got:?}")),
            }
        }
    }

    /// The probe: the lines before its reply.
    pub fn probe(&mut self) -> Vec<String> {
        let probe = self.probe;
        let reply = self.reply;
        self.send(probe);
        let mut got = self.until(reply, |l| l == reply);
        got.pop();
        got
    }

    /// A test line, then the probe: the lines before its reply.
    pub fn ask(&mut self, bytes: &[u8]) -> Vec<String> {
        self.test_bytes(bytes);
        self.probe()
    }

    /// With `TABULA_SOAK_VERBOSE`: the line under test and what it got.
    pub fn note(&self, got: &[String]) {
        if self.verbose {
            eprintln!("{}: {} -> {got:?}", self.name, escape(&self.line));
        }
    }

    /// The next test line, whether it starts a search, and whether it is
    /// random: one time in ten junk made from `last` (the last accepted
    /// line), which starts none; otherwise what `valid` builds.
    pub fn next_line(
        &mut self,
        last: &str,
        valid: impl FnOnce(&mut Rng) -> (String, bool),
    ) -> (String, bool, bool) {
        if self.rng.chance(10) {
            let junk = quiet_junk(&mut self.rng, last);
            (String::from_utf8_lossy(&junk).into_owned(), false, true)
        } else {
            let (line, go) = valid(&mut self.rng);
            (line, go, false)
        }
    }

    /// Fails unless a run of `lines` test lines searched enough: at the
    /// default 400 lines, more than 10 searches.
    pub fn check_searches(&self, lines: usize) {
        if self.stats.searches <= lines / 40 {
            self.fail(&format!("only {} searches", self.stats.searches));
        }
    }

    /// Checks what a test line `got` (its `errors` error lines counted):
    /// an accepted `go` owes exactly one line `is_answer` accepts (it may
    /// come after the probe's reply: then it is awaited and added to
    /// `got`), any other line none; a line gets at most one error line.
    pub fn check_reply(
        &mut self,
        got: &mut Vec<String>,
        go: bool,
        errors: usize,
        is_answer: fn(&str) -> bool,
    ) {
        if go && errors == 0 {
            if !got.iter().any(|l| is_answer(l)) {
                got.extend(self.until("an answer", is_answer));
            }
            self.stats.searches += 1;
            self.stats.bestmoves += 1;
            let n = got.iter().filter(|l| is_answer(l)).count();
            if n != 1 {
                self.fail(&format!("{n} answers: {got:?}"));
            }
        } else if let Some(l) = got.iter().find(|l| is_answer(l)) {
            self.fail(&format!("{l:?} answers no go ({got:?})"));
        }
        self.note(got);
        if errors > 1 {
            self.fail(&format!("{errors} error lines: {got:?}"));
        }
        if errors == 1 {
            self.stats.rejected += 1;
            if self.line.starts_with(b"position") {
                self.stats.rejected_positions += 1;
            }
        }
    }

    /// Ends the run: `quit` or end of input, idle or while the search that
    /// `go` (the lines that start one) runs; the process must be gone
    /// within `PROMPT` with a success status, printing no line that `owed`
    /// accepts (a search's answer) and no error. Then prints the counts.
    pub fn finish(mut self, go: &[&str], owed: fn(&str) -> bool) {
        let mid_search = self.rng.chance(60);
        if mid_search {
            for l in go {
                self.test_line(l);
            }
            thread::sleep(Duration::from_millis(self.rng.range(0, 20) as u64));
        }
        let eof = self.rng.chance(50);
        let how = if eof { "EOF" } else { "quit" };
        if eof {
            self.d.close_stdin();
        } else {
            self.test_line("quit");
        }
        let t = Instant::now();
        match self.d.wait_exit(PROMPT) {
            Ok(s) if s.success() => {}
            Ok(s) => self.fail(&format!("the daemon exited with {s} after {how}")),
            Err(e) => self.fail(&format!("{e} after {how}")),
        }
        let exit_ms = t.elapsed().as_millis();
        let rest = match self.d.rest(PROMPT) {
            Ok(r) => r,
            Err(e) => self.fail(&e),
        };
        if let Some(l) = rest.iter().find(|l| owed(l) || l.contains("error")) {
            self.fail(&format!("printed {l:?} at exit ({how})"));
        }
        eprintln!(
            "soak {}: seed {:#x}: {} test lines ({} written, {} bytes, longest {}) in {:.2} s; \
             {} rejected ({} positions), {} random lines accepted, {} valid, {} searches, \
             {} answers, {} rejections mid-search; {} {how} exit in {exit_ms} ms",
            self.name,
            self.seed,
            self.stats.lines,
            self.d.lines_sent,
            self.d.bytes_sent,
            self.stats.longest_line,
            self.started.elapsed().as_secs_f64(),
            self.stats.rejected,
            self.stats.rejected_positions,
            self.stats.accepted_random,
            self.stats.valid,
            self.stats.searches,
            self.stats.bestmoves,
            self.stats.mid_search_rejections,
            if mid_search { "mid-search" } else { "idle" },
        );
    }
}

/// `text`, perhaps damaged: cut short, one character replaced by one of
/// `marks`, or one of them added.
pub fn damage(rng: &mut Rng, text: &str, marks: &[char]) -> String {
    let mut chars: Vec<char> = text.chars().collect();
    match rng.below(6) {
        0 if !chars.is_empty() => {
            let k = rng.below(chars.len());
            chars.truncate(k);
        }
        1 if !chars.is_empty() => {
            let k = rng.below(chars.len());
            chars[k] = *rng.pick(marks);
        }
        2 => chars.push(*rng.pick(marks)),
        _ => {}
    }
    chars.into_iter().collect()
}

/// A random line for a dialect whose commands the words of
/// `lines::NOISY` cover: garbage, or `valid` mutated; never one with a
/// noisy word (`go`, `quit`, a handshake...).
pub fn quiet_junk(rng: &mut Rng, valid: &str) -> Vec<u8> {
    loop {
        let line = if rng.chance(50) {
            crate::lines::garbage(rng)
        } else {
            crate::lines::mutate(rng, valid.as_bytes())
        };
        if !crate::lines::noisy(&line) {
            return line;
        }
    }
}
