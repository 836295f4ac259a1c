//! The draughts endgame databases: built for 2 and 3 pieces, every
//! position checked against its moves, the international counts compared
//! with Scan 2.0's bitbases (fixtures/egtb/international-scan2.counts),
//! resumed builds, bad files and arguments refused, and the `EgtbPath`
//! option's effect on a search.

mod common;

use common::cli::{assert_usage_error, scratch_path, tabula, text};
use common::daemon::Daemon;
use common::driver::{ask, quit, send, until};
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use tabula::games::draughts::egtb::Tables;
use tabula::games::draughts::egtb::build::{self, ClassReport, Counts};
use tabula::games::draughts::{Intl, Rus, Variant};

/// Bytes before a table file's values.
const HEADER: usize = 21;

/// A fresh folder for one test's tables.
fn folder(name: &str) -> PathBuf {
    let dir = scratch_path(&format!("egtb-{name}"));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

/// Scan 2.0's counts per class name.
fn scan_counts() -> HashMap<String, Counts> {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/fixtures/egtb/international-scan2.counts"
    );
    let text = std::fs::read_to_string(path).unwrap();
    text.lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| {
            let f: Vec<&str> = l.split_whitespace().collect();
            let n = |i: usize| f[i].parse::<u64>().unwrap();
            (
                f[0].to_string(),
                Counts {
                    won: n(1),
                    lost: n(2),
                    drawn: n(3),
                },
            )
        })
        .collect()
}

fn build_to<V: Variant>(pieces: u32, dir: &Path) -> Vec<ClassReport> {
    let mut reports = Vec::new();
    build::build::<V>(pieces, dir, 2, &mut |r| reports.push(r.clone())).unwrap();
    reports
}

/// Builds up to `pieces` into `dir`, checks every position against its
/// moves, and returns each class's counts by name.
fn built_and_checked<V: Variant>(pieces: u32, dir: &Path) -> HashMap<String, Counts> {
    let reports = build_to::<V>(pieces, dir);
    let tables = Tables::<V>::load(dir).unwrap();
    assert_eq!(tables.complete_pieces(), pieces);
    let checked = build::verify(&tables, 2).unwrap_or_else(|c| panic!("{c:?}"));
    assert_eq!(checked.len(), reports.len());
    reports
        .iter()
        .map(|r| (r.material.name(), r.counts))
        .collect()
}

#[test]
fn international_tables_agree_with_scan_and_with_their_moves() {
    let dir = folder("intl");
    let ours = built_and_checked::<Intl>(3, &dir);
    assert_eq!(ours.len(), 16);
    let scan = scan_counts();
    for (class, counts) in &ours {
        assert_eq!(Some(counts), scan.get(class), "class {class}");
    }
    // Two kings on the long diagonal's ends: the side to move loses.
    assert_eq!(ours["0101"].lost, 2);

    // A second build loads every file instead of solving again.
    let again = build_to::<Intl>(3, &dir);
    assert!(again.iter().all(|r| r.passes == 0));
    let _ = std::fs::remove_dir_all(dir);
}

/// Every class of up to 4 pieces (41 classes, about 70 s and 10 s on two
/// threads): `cargo test --release --test draughts_egtb -- --ignored`.
#[test]
#[ignore]
fn international_four_piece_tables_agree_with_scan() {
    let dir = folder("intl4");
    let ours = built_and_checked::<Intl>(4, &dir);
    let scan = scan_counts();
    assert_eq!(ours.len(), scan.len());
    for (class, counts) in &ours {
        assert_eq!(Some(counts), scan.get(class), "class {class}");
    }
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn russian_tables_agree_with_their_moves() {
    let dir = folder("rus");
    let ours = built_and_checked::<Rus>(3, &dir);
    assert_eq!(ours.len(), 16);
    // A king against a king: 32 * 31 positions; lost with the move only
    // at the ends of the long diagonal, as on the 10x10 board.
    assert_eq!(ours["0101"].positions(), 32 * 31);
    assert_eq!(ours["0101"].lost, 2);
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn egtb_command_builds_verifies_and_refuses_bad_input() {
    let dir = folder("cli");
    let d = dir.to_str().unwrap();
    let out = tabula(&[
        "egtb",
        "build",
        "russian",
        "3",
        "--dir",
        d,
        "--threads",
        "2",
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert!(text(&out.stdout).contains("16 classes of 2 to 3 pieces"));
    assert!(text(&out.stderr).contains("egtb russian 0101: 992 positions"));
    let out = tabula(&["egtb", "verify", "russian", "--dir", d]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert!(text(&out.stdout).contains("16 classes consistent, complete to 3 pieces"));

    // A value changed in a file is found: the first slot (both kings on
    // square 1: not a position) stored as a draw.
    let file = dir.join("russian-0101.wdl");
    let sound = std::fs::read(&file).unwrap();
    assert_eq!(sound[HEADER] & 3, 3);
    let mut bytes = sound.clone();
    bytes[HEADER] &= !3;
    std::fs::write(&file, &bytes).unwrap();
    let out = tabula(&["egtb", "verify", "russian", "--dir", d]);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        text(&out.stderr).contains("russian 0101 slot 0: stored 0, its moves say 3"),
        "{}",
        text(&out.stderr)
    );
    // Damaged files are named and refused.
    for (damaged, why) in [
        (sound[..sound.len() - 1].to_vec(), "wrong length"),
        (b"TBLWDL1\0".to_vec(), "shorter than a header"),
        (vec![0u8; sound.len()], "not a tabula endgame table"),
    ] {
        std::fs::write(&file, &damaged).unwrap();
        let out = tabula(&["egtb", "verify", "russian", "--dir", d]);
        assert_eq!(out.status.code(), Some(1));
        let stderr = text(&out.stderr);
        assert!(
            stderr.contains(&format!("russian-0101.wdl: {why}")),
            "{stderr}"
        );
    }
    // A build over a damaged file solves its class again.
    let out = tabula(&["egtb", "build", "russian", "3", "--dir", d]);
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(std::fs::read(&file).unwrap(), sound);
    let _ = std::fs::remove_dir_all(&dir);

    for (args, needle) in [
        (vec!["egtb"], "expected build or verify"),
        (vec!["egtb", "build"], "expected international or russian"),
        (
            vec!["egtb", "build", "chess", "3"],
            "expected international or russian",
        ),
        (
            vec!["egtb", "build", "russian"],
            "expected the number of pieces",
        ),
        (
            vec!["egtb", "build", "russian", "1"],
            "<pieces> must be 2 to 7 for russian",
        ),
        (
            vec!["egtb", "build", "international", "7"],
            "<pieces> must be 2 to 6 for international",
        ),
        (
            vec!["egtb", "build", "russian", "x"],
            "needs a non-negative number",
        ),
        (
            vec!["egtb", "build", "russian", "3", "--threads", "0"],
            "--threads must be 1 to 256",
        ),
        (
            vec!["egtb", "build", "russian", "3", "--frob", "1"],
            "unknown flag '--frob'",
        ),
        (
            vec!["egtb", "build", "russian", "3", "--dir"],
            "--dir needs a value",
        ),
        (vec!["egtb", "fold", "russian"], "unknown verb 'fold'"),
    ] {
        let out = tabula(&args);
        assert_usage_error(&args, &out, needle);
        assert!(text(&out.stderr).contains("usage: tabula egtb"), "{args:?}");
    }
}

/// `EgtbPath`: a folder without tables is refused and changes nothing; with
/// the tables, a position they hold is scored as won or lost.
#[test]
fn egtb_path_option_scores_positions_the_tables_hold() {
    let dir = folder("option");
    build_to::<Intl>(2, &dir);
    let empty = folder("option-empty");
    std::fs::create_dir_all(&empty).unwrap();
    let mut d = Daemon::start();
    send(&mut d, "uci");
    until(&mut d, "uciok", |l| l == "uciok");
    ask(
        &mut d,
        "setoption name UCI_Variant value international",
        "isready",
        "readyok",
    );
    let e = ask(
        &mut d,
        &format!("setoption name EgtbPath value {}", empty.display()),
        "isready",
        "readyok",
    );
    assert!(
        e.iter()
            .any(|l| l.contains("EgtbPath") && l.contains("no complete set")),
        "{e:?}"
    );
    let e = ask(
        &mut d,
        "setoption name EgtbPath value /no/such/folder",
        "isready",
        "readyok",
    );
    assert!(e.iter().any(|l| l.contains("/no/such/folder")), "{e:?}");
    // A White man against a Black king: lost, though not at depth 1 (where
    // the hand evaluation sees a man against a king).
    // A new game each time: the hash table keeps the scores of the last
    // search.
    let score = |d: &mut Daemon| {
        send(d, "ucinewgame");
        send(d, "position fen W:W36:BK5");
        send(d, "go depth 1");
        let lines = until(d, "bestmove", |l| l.starts_with("bestmove"));
        lines
            .iter()
            .rev()
            .find_map(|l| l.split(" score cp ").nth(1))
            .and_then(|r| r.split_whitespace().next())
            .and_then(|s| s.parse::<i32>().ok())
            .unwrap_or_else(|| panic!("{lines:?}"))
    };
    let hand = score(&mut d);
    ask(
        &mut d,
        &format!("setoption name EgtbPath value {}", dir.display()),
        "isready",
        "readyok",
    );
    let probed = score(&mut d);
    assert!(probed > -25_000 && probed <= -19_000, "{hand} -> {probed}");
    ask(
        &mut d,
        "setoption name EgtbPath value <none>",
        "isready",
        "readyok",
    );
    assert_eq!(score(&mut d), hand);
    quit(&mut d, "egtb option");
    for f in [dir, empty] {
        let _ = std::fs::remove_dir_all(f);
    }
}
