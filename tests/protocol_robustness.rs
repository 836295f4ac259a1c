//! Bad input never hurts: thousands of junk lines and mutations of valid
//! commands are fed to the real binary. After each one, `isready` must be
//! answered, and the line may have produced at most one line, which must be
//! an error line. After every `position` line the board is read back with
//! `d`: a rejected line must leave it exactly as it was (parse, then swap).
//! At the end the daemon must still search.

use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Stdio};
use std::sync::mpsc::channel;
use std::thread;
use std::time::Duration;

/// A small deterministic generator (xorshift), so failures reproduce.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

const SEEDS: &[&str] = &[
    "position startpos moves e3e4 e6e5",
    "position fen rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w - - 0 1 moves a3a4",
    "position fen 8/8/4k3/8/8/2N5/R4S2/3K4 b - 32 10 1",
    "setoption name Hash value 32",
    "setoption name MultiPV value 2",
    "setoption name Move Overhead value 100",
    "setoption name Board Honour Counting value gui",
    "setoption name UCI_Variant value makruk",
    "debug on",
    "ucinewgame",
    "register name x code y",
    "ponderhit",
];

/// Words whose commands legitimately print more than one line or change
/// what this test relies on; mutated lines containing them are skipped.
const NOISY: &[&str] = &[
    "uci",
    "d",
    "go",
    "bench",
    "quit",
    "stop",
    "ucinewgame",
    "isready",
];

fn mutate(rng: &mut Rng, line: &str) -> String {
    let mut bytes: Vec<u8> = line.as_bytes().to_vec();
    for _ in 0..=rng.below(4) {
        match rng.below(5) {
            0 if !bytes.is_empty() => {
                let i = rng.below(bytes.len());
                bytes[i] = rng.next() as u8;
            }
            1 if !bytes.is_empty() => {
                let i = rng.below(bytes.len());
                bytes.remove(i);
            }
            2 => {
                let i = rng.below(bytes.len() + 1);
                bytes.insert(i, b" \t/-+*0123456789abcdefghkmnprsw"[rng.below(31)]);
            }
            3 if !bytes.is_empty() => {
                let i = rng.below(bytes.len());
                bytes.truncate(i);
            }
            _ => {
                let i = rng.below(bytes.len() + 1);
                let junk: Vec<u8> = (0..rng.below(8)).map(|_| rng.next() as u8).collect();
                bytes.splice(i..i, junk);
            }
        }
    }
    // Newlines would split the line in two; the reader maps CR the same way.
    bytes.retain(|&b| b != b'\n' && b != b'\r');
    String::from_utf8_lossy(&bytes).into_owned()
}

#[test]
fn junk_never_hurts() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_tabula"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("start tabula");
    let mut stdin = child.stdin.take().expect("stdin");
    let stdout = child.stdout.take().expect("stdout");
    let (tx, rx) = channel();
    thread::spawn(move || {
        for line in BufReader::new(stdout).lines() {
            let Ok(line) = line else { break };
            if tx.send(line).is_err() {
                break;
            }
        }
    });
    let mut send = |line: &str| {
        stdin.write_all(line.as_bytes()).expect("write");
        stdin.write_all(b"\n").expect("write");
        stdin.flush().expect("flush");
    };
    let replies_until_ready = |what: &str| -> Vec<String> {
        let mut got = Vec::new();
        loop {
            let line = rx
                .recv_timeout(Duration::from_secs(20))
                .unwrap_or_else(|_| panic!("no readyok after {what:?}; got {got:?}"));
            if line == "readyok" {
                return got;
            }
            got.push(line);
        }
    };

    const START_AFTER: &str = "rnsmksnr/8/ppp1pppp/3p4/4P3/PPPP1PPP/8/RNSKMSNR w - - 0 2";
    send("position startpos moves e3e4 d6d5");
    let mut current_fen = START_AFTER.to_string();
    let mut rejected_positions = 0;
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    let mut tried = 0;
    while tried < 3000 {
        let line = if rng.below(4) == 0 {
            // Pure junk bytes.
            let bytes: Vec<u8> = (0..rng.below(60)).map(|_| rng.next() as u8).collect();
            let mut s = String::from_utf8_lossy(&bytes).into_owned();
            s.retain(|c| c != '\n' && c != '\r');
            s
        } else {
            let seed = SEEDS[rng.below(SEEDS.len())];
            mutate(&mut rng, seed)
        };
        let noisy = line
            .split(|c: char| c.is_whitespace() || c.is_control())
            .any(|w| NOISY.contains(&w));
        if noisy {
            continue;
        }
        tried += 1;
        send(&line);
        let is_position = line.contains("position");
        if is_position {
            send("d");
        }
        send("isready");
        let mut replies = replies_until_ready(&line);
        if is_position {
            // The board read back: the Fen line is last.
            let last = replies.pop().unwrap_or_default();
            let fen = last
                .strip_prefix("Fen: ")
                .unwrap_or_else(|| panic!("{line:?}: no Fen line, got {last:?}"));
            let rejected = replies
                .first()
                .is_some_and(|r| r.starts_with("info string error: "));
            if rejected {
                assert_eq!(fen, current_fen, "rejected {line:?} changed the position");
                rejected_positions += 1;
            }
            current_fen = fen.to_string();
            replies.retain(|r| r.starts_with("info string error: "));
        }
        assert!(
            replies.len() <= 1,
            "{line:?} gave several lines: {replies:?}"
        );
        if let Some(reply) = replies.first() {
            assert!(
                reply.starts_with("info string error: "),
                "{line:?} gave {reply:?}"
            );
        }
        if current_fen != START_AFTER {
            // Back to the known position so later checks stay meaningful.
            send("position startpos moves e3e4 d6d5");
            current_fen = START_AFTER.to_string();
        }
    }

    assert!(
        rejected_positions >= 200,
        "only {rejected_positions} bad position lines were tried"
    );

    // The position set before the junk is intact and the engine still works.
    send("setoption name MultiPV value 1");
    send("setoption name Board Honour Counting value auto");
    send("d");
    send("isready");
    let board = replies_until_ready("d");
    assert_eq!(
        board.last().map(String::as_str),
        Some(format!("Fen: {START_AFTER}").as_str())
    );
    send("go depth 3");
    loop {
        let line = rx
            .recv_timeout(Duration::from_secs(20))
            .expect("search output");
        if line.starts_with("bestmove ") {
            assert_ne!(line, "bestmove (none)");
            break;
        }
    }
    send("quit");
    let status = child.wait().expect("exit");
    assert!(status.success());
}
