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

const MAKRUK_SEEDS: &[&str] = &[
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

const TAK_SEEDS: &[&str] = &[
    "position startpos moves a1 f6 Cc3",
    "position tps x6/x6/x2,1,x3/x6/x6/2,x5 2 2 moves 2c4- Sd4",
    "position tps x6/x6/x6/x2,21C,x2/x6/x6 1 5 moves 2d3<11 e5",
    "setoption name HalfKomi value 4",
    "setoption name Hash value 8",
    "setoption name MultiPV value 2",
    "go perft 1",
    "ponderhit",
];

const OGI_SEEDS: &[&str] = &[
    "position startpos moves 5f5e 4c4d 5e5d",
    "position sfen ln1k1s2/3r4/pppp+L2p/3N4/P7/1P1+i2PP/LB1+pS1R1/1N3KNL b 2PIS4psb 33 moves P*7d",
    "position sfen lnsik1nl/1r2s1b1/ppp+P1ppp/8/4P3/PPP1+pPPP/1B4R1/LNSIKSNL b p 9 moves 5c4b+",
    "setoption name USI_Hash value 8",
    "setoption name USI_MultiPV value 2",
    "setoption name MoveOverhead value 50",
    "go perft 1",
    "ponderhit",
];

/// Words whose commands legitimately print more than one line or change
/// what this test relies on; mutated lines containing them are skipped.
const NOISY: &[&str] = &[
    "uci",
    "usi",
    "tei",
    "ubgi",
    "xboard",
    "teinewgame",
    "usinewgame",
    "gameover",
    "perft",
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

/// One dialect's fuzzing: the handshake, a known start, mutations of `seeds`,
/// and `label` (`Fen: `, `Tps: `, `Sfen: `) ending the `d` output.
struct Fuzz {
    handshake: &'static str,
    start_line: &'static str,
    start_after: &'static str,
    label: &'static str,
    seeds: &'static [&'static str],
    lines: usize,
    min_rejected_positions: usize,
}

#[test]
fn junk_never_hurts_uci_makruk() {
    fuzz(Fuzz {
        handshake: "uci",
        start_line: "position startpos moves e3e4 d6d5",
        start_after: "rnsmksnr/8/ppp1pppp/3p4/4P3/PPPP1PPP/8/RNSKMSNR w - - 0 2",
        label: "Fen: ",
        seeds: MAKRUK_SEEDS,
        lines: 3000,
        min_rejected_positions: 200,
    });
}

#[test]
fn junk_never_hurts_tei_tak() {
    fuzz(Fuzz {
        handshake: "tei",
        start_line: "position startpos moves a1 f6",
        start_after: "x5,1/x6/x6/x6/x6/2,x5 1 2",
        label: "Tps: ",
        seeds: TAK_SEEDS,
        lines: 1500,
        min_rejected_positions: 100,
    });
}

#[test]
fn junk_never_hurts_usi_ogi() {
    fuzz(Fuzz {
        handshake: "usi",
        start_line: "position startpos moves 5f5e 4c4d",
        start_after: "lnsiksnl/1r4b1/pppp1ppp/4p3/3P4/PPP1PPPP/1B4R1/LNSIKSNL b - 3",
        label: "Sfen: ",
        seeds: OGI_SEEDS,
        lines: 1500,
        min_rejected_positions: 100,
    });
}

fn fuzz(f: Fuzz) {
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

    let start_after: &str = f.start_after;
    send(f.handshake);
    send("isready");
    replies_until_ready(f.handshake);
    send(f.start_line);
    let mut current_fen = start_after.to_string();
    let mut rejected_positions = 0;
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    let mut tried = 0;
    while tried < f.lines {
        let line = if rng.below(4) == 0 {
            // Pure junk bytes.
            let bytes: Vec<u8> = (0..rng.below(60)).map(|_| rng.next() as u8).collect();
            let mut s = String::from_utf8_lossy(&bytes).into_owned();
            s.retain(|c| c != '\n' && c != '\r');
            s
        } else {
            let seed = f.seeds[rng.below(f.seeds.len())];
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
                .strip_prefix(f.label)
                .unwrap_or_else(|| panic!("{line:?}: no {} line, got {last:?}", f.label));
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
        if current_fen != start_after {
            // Back to the known position so later checks stay meaningful.
            send(f.start_line);
            current_fen = start_after.to_string();
        }
    }

    assert!(
        rejected_positions >= f.min_rejected_positions,
        "only {rejected_positions} bad position lines were tried"
    );

    // The position set before the junk is intact and the engine still works.
    send("d");
    send("isready");
    let board = replies_until_ready("d");
    assert_eq!(
        board.last().map(String::as_str),
        Some(format!("{}{start_after}", f.label).as_str())
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
