//! The example sessions in README.md, replayed against the real binary.
//!
//! A session is a fenced block whose first line starts with `> `. Each one
//! runs in a fresh daemon over pipes:
//! * `> text` is sent as a line;
//! * `...` stands for any number of output lines (none included);
//! * every other line is the next output line expected.
//!
//! Before two lines are compared, the values that change from build to build
//! or from run to run are masked in both: in `info` lines the numbers after
//! `score` (`cp`/`mate` kept), `seldepth`, `nodes`, `nps`, `hashfull`,
//! `time` and `time_ms`, and everything after `pv`; in Hub's `info` the
//! values of `score=`, `nodes=`, `time=`, `nps=` and `pv=`; in CECP thinking
//! lines everything after the depth. Depths, `bestmove`s and every other
//! line must be exact, so the sessions use `go depth N` (a fixed-depth
//! search gives the same move every run). When the block ends, stdin is
//! closed: the daemon must exit with status 0 and print nothing more than
//! the block expects.

mod common;

use common::daemon::Daemon;
use std::time::Duration;

const WAIT: Duration = Duration::from_secs(20);

#[derive(Debug, Clone, PartialEq)]
enum Step {
    Send(String),
    Expect(String),
    AnyLines,
}

/// The README's session blocks, each with the line number of its first line.
fn sessions(readme: &str) -> Vec<(usize, Vec<Step>)> {
    let mut out = Vec::new();
    let mut block: Option<(usize, Vec<String>)> = None;
    for (i, line) in readme.lines().enumerate() {
        if line.trim_start().starts_with("```") {
            match block.take() {
                Some((start, lines)) => {
                    if lines.first().is_some_and(|l| l.starts_with("> ")) {
                        out.push((start, lines.iter().map(|l| step(l)).collect()));
                    }
                }
                None => block = Some((i + 2, Vec::new())),
            }
        } else if let Some((_, lines)) = block.as_mut() {
            lines.push(line.to_string());
        }
    }
    out
}

fn step(line: &str) -> Step {
    if let Some(sent) = line.strip_prefix("> ") {
        Step::Send(sent.to_string())
    } else if line.trim() == "..." {
        Step::AnyLines
    } else {
        Step::Expect(line.to_string())
    }
}

/// `line` with its run-dependent values replaced by `*`.
fn mask(line: &str) -> String {
    let words: Vec<&str> = line.split(' ').collect();
    // CECP thinking output: depth, score, time, nodes, pv.
    if words.len() >= 4 && words[0].bytes().all(|b| b.is_ascii_digit()) {
        return format!("{} *", words[0]);
    }
    if words.first() != Some(&"info") {
        return line.to_string();
    }
    if words.iter().any(|w| w.starts_with("depth=")) {
        // Hub: key=value pairs; pv= may be a quoted list and comes last.
        let mut out = Vec::new();
        for w in &words {
            if w.starts_with("pv=") {
                out.push("pv=*".to_string());
                break;
            }
            match w.split_once('=') {
                Some((k, _)) if ["score", "nodes", "time", "nps"].contains(&k) => {
                    out.push(format!("{k}=*"))
                }
                _ => out.push(w.to_string()),
            }
        }
        return out.join(" ");
    }
    let mut out: Vec<String> = Vec::new();
    let mut i = 0;
    while i < words.len() {
        let w = words[i];
        out.push(w.to_string());
        match w {
            "pv" => {
                out.push("*".into());
                break;
            }
            "score" if matches!(words.get(i + 1), Some(&"cp") | Some(&"mate")) => {
                out.push(words[i + 1].to_string());
                out.push("*".into());
                i += 2;
            }
            "score" | "seldepth" | "nodes" | "nps" | "hashfull" | "time" | "time_ms" => {
                out.push("*".into());
                i += 1;
            }
            _ => {}
        }
        i += 1;
    }
    out.join(" ")
}

/// Plays one session; `Err` says where it went wrong.
fn run(steps: &[Step]) -> Result<(), String> {
    let mut d = Daemon::start();
    let result = play(&mut d, steps);
    result.map_err(|e| format!("{e}\n  recent exchange:\n{}", d.transcript()))
}

fn play(d: &mut Daemon, steps: &[Step]) -> Result<(), String> {
    let mut skipping = false;
    for s in steps {
        match s {
            Step::Send(line) => d.send(line)?,
            Step::AnyLines => skipping = true,
            Step::Expect(want) => loop {
                let got = d
                    .next_line(WAIT)
                    .map_err(|e| format!("{e} (expected {want:?})"))?;
                if mask(&got) == mask(want) {
                    skipping = false;
                    break;
                }
                if !skipping {
                    return Err(format!("expected {want:?}, got {got:?}"));
                }
            },
        }
    }
    d.close_stdin();
    let status = d.wait_exit(WAIT)?;
    if !status.success() {
        return Err(format!("the daemon exited with {status}"));
    }
    let rest = d.rest(Duration::from_secs(2))?;
    if !skipping && !rest.is_empty() {
        return Err(format!("output the session does not show: {rest:?}"));
    }
    Ok(())
}

fn readme() -> String {
    std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/README.md"))
        .expect("read README.md")
}

#[test]
fn every_readme_session_runs_as_shown() {
    let text = readme();
    let all = sessions(&text);
    assert!(!all.is_empty(), "README.md has no example session");
    let mut failures = Vec::new();
    for (line, steps) in &all {
        if let Err(e) = run(steps) {
            failures.push(format!("README.md:{line}: {e}"));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn the_readme_shows_a_session_in_every_dialect() {
    let text = readme();
    let first_words: Vec<String> = sessions(&text)
        .iter()
        .filter_map(|(_, steps)| match steps.first() {
            Some(Step::Send(l)) => Some(l.clone()),
            _ => None,
        })
        .collect();
    for dialect in ["uci", "tei", "usi", "ubgi", "hub", "xboard"] {
        assert!(
            first_words.iter().any(|w| w == dialect),
            "no README session starts with `{dialect}` (sessions start with {first_words:?})"
        );
    }
}

/// The check can fail: each session with one expected line changed (the
/// last one not after `...`, so the failure is seen at once instead of by a
/// timeout), or with a line the daemon does not print added at its end, is
/// refused.
#[test]
fn a_wrong_expected_line_fails_the_session() {
    let text = readme();
    for (line, steps) in sessions(&text) {
        let last = (1..steps.len())
            .rev()
            .find(|&i| matches!(steps[i], Step::Expect(_)) && steps[i - 1] != Step::AnyLines)
            .unwrap_or_else(|| panic!("README.md:{line}: no exact line to change"));
        let mut changed = steps.clone();
        if let Step::Expect(l) = &changed[last] {
            changed[last] = Step::Expect(format!("x{l}"));
        }
        assert!(
            run(&changed).is_err(),
            "README.md:{line}: the session passed with its last expected line changed"
        );
    }
    let (line, steps) = &sessions(&text)[0];
    let mut extra = steps.clone();
    extra.push(Step::Expect("readyok".into()));
    assert!(
        run(&extra).is_err(),
        "README.md:{line}: the session passed expecting a line never printed"
    );
}

#[test]
fn masking_keeps_what_must_match() {
    let a = "info depth 5 seldepth 6 multipv 1 score cp 17 nodes 1457 nps 364250 hashfull 0 time 4 pv b1d2 b8d7";
    let b =
        "info depth 5 seldepth 9 multipv 1 score cp -3 nodes 99 nps 1 hashfull 7 time 0 pv a3a4";
    assert_eq!(mask(a), mask(b));
    assert_ne!(mask(a), mask(&a.replace("depth 5", "depth 4")));
    assert_ne!(mask(a), mask(&a.replace("score cp", "score mate")));
    assert_eq!(
        mask("info depth=2 score=-0.02 nodes=57 time=0.001 nps=0.06 pv=\"31-27 18-22\""),
        "info depth=2 score=* nodes=* time=* nps=* pv=*"
    );
    assert_eq!(mask("4 13 0 469 b8d7 d1c2"), "4 *");
    assert_eq!(
        mask("bestmove b1d2 ponder b8d7"),
        "bestmove b1d2 ponder b8d7"
    );
    assert_eq!(
        mask("info depth 2 nodes 412 time_ms 1 score 0.166 pv 8/5 6/5"),
        "info depth 2 nodes * time_ms * score * pv *"
    );
}

/// README.md stays a page for users.
#[test]
fn the_readme_is_at_most_400_lines() {
    let n = readme().lines().count();
    assert!(n <= 400, "README.md has {n} lines; depth goes to docs/");
}
