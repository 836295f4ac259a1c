//! Driving a [`Daemon`] from a test, shared by the soak and the fuzzers:
//! lines sent with the transcript shown when the write fails, replies read
//! up to a marker line with a timeout, the exit after `quit` checked, and
//! the numbers the seeded tests read from the environment.

use super::daemon::Daemon;
use std::time::Duration;

/// Longer than anything a test asks of the daemon: only a hang trips it.
pub const HANG: Duration = Duration::from_secs(20);

/// The number in environment variable `name`, decimal or `0x` hex;
/// `None` when it is unset or not a number.
pub fn env_number(name: &str) -> Option<u64> {
    let v = std::env::var(name).ok()?;
    let v = v.trim();
    match v.strip_prefix("0x") {
        Some(hex) => u64::from_str_radix(hex, 16).ok(),
        None => v.parse().ok(),
    }
}

/// True when environment variable `name` is set (to anything).
pub fn env_flag(name: &str) -> bool {
    std::env::var(name).is_ok()
}

/// Sends `line`; a failed write panics with the transcript.
pub fn send(d: &mut Daemon, line: &str) {
    d.send(line)
        .unwrap_or_else(|e| panic!("{e}\n{}", d.transcript()));
}

/// Lines up to and including the first that `done` accepts, each waited
/// for at most [`HANG`]; a timeout panics naming `what`.
pub fn until(d: &mut Daemon, what: &str, done: impl Fn(&str) -> bool) -> Vec<String> {
    let mut got = Vec::new();
    loop {
        match d.next_line(HANG) {
            Ok(l) => {
                let end = done(&l);
                got.push(l);
                if end {
                    return got;
                }
            }
            Err(e) => panic!("no {what}: {e}; got {got:?}\n{}", d.transcript()),
        }
    }
}

/// Sends `line`, then `probe` (`isready`, `ping`); the lines printed
/// before the probe's `reply` (`readyok`, `pong`).
pub fn ask(d: &mut Daemon, line: &str, probe: &str, reply: &str) -> Vec<String> {
    send(d, line);
    send(d, probe);
    let mut got = until(d, reply, |l| l == reply);
    got.pop();
    got
}

/// Sends `quit`: the process must exit with success within [`HANG`].
/// `what` starts the failure message.
pub fn quit(d: &mut Daemon, what: &str) {
    send(d, "quit");
    let status = d.wait_exit(HANG).unwrap_or_else(|e| panic!("{what}: {e}"));
    assert!(status.success(), "{what}: {status}");
}
