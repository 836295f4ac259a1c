//! `tabula match --shard I/N --results FILE` and `tabula match-pool`, end
//! to end with the real binary: a match played whole and as shards plays
//! the same games (openings, seats, seeds, results: the engines are
//! deterministic at fixed depth), and the pool of the shards prints the
//! whole match's summary. Bad `--shard` values and results files that
//! cannot be pooled are refused with exit status 2.

mod common;

use common::cli::{assert_usage_error, scratch_path, tabula, text};
use std::path::{Path, PathBuf};

fn strings(args: &[&str]) -> Vec<String> {
    args.iter().map(|a| a.to_string()).collect()
}

/// A file in the temp directory, named for this process and `name`.
fn temp(name: &str) -> PathBuf {
    let p = scratch_path(&format!("shard-{name}"));
    let _ = std::fs::remove_file(&p);
    p
}

fn path_text(p: &Path) -> String {
    p.to_string_lossy().into_owned()
}

/// Runs a command that must succeed; its stdout.
fn succeeds(args: &[String]) -> String {
    let out = tabula(args);
    let stdout = text(&out.stdout);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{args:?}\n{stdout}\n{}",
        text(&out.stderr)
    );
    stdout
}

/// Runs a command that must fail with status 2, `needle` on stderr,
/// nothing on stdout and no panic.
fn refused(args: &[String], needle: &str) {
    assert_usage_error(&args, &tabula(args), needle);
}

/// A Chinese checkers match of seeded greedy players, fast and
/// deterministic, with decisive games both ways: the first engine's seed is
/// the game number, so a shard must number its games as the whole match.
fn greedy_match(games: usize) -> Vec<String> {
    let openings = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/fixtures/openings/chinesecheckers2.txt"
    );
    let mut args = strings(&[
        "match",
        "--game",
        "chinesecheckers",
        "--option",
        "Greedy=true",
        "--engine",
        "tabula",
        "--option",
        "Greedy Seed={game}",
        "--engine",
        "tabula",
        "--option",
        "Greedy Seed=7",
        "--depth",
        "1",
        "--openings",
        openings,
    ]);
    args.extend(strings(&["--games", &games.to_string()]));
    args
}

fn with(mut args: Vec<String>, extra: &[&str]) -> Vec<String> {
    args.extend(strings(extra));
    args
}

/// The summary: from the `Result` line to the `Terminations` line.
fn summary(stdout: &str) -> String {
    let lines: Vec<&str> = stdout
        .lines()
        .skip_while(|l| !l.starts_with("Result "))
        .collect();
    let end = lines
        .iter()
        .position(|l| l.starts_with("Terminations: "))
        .map_or(0, |k| k + 1);
    lines[..end].join("\n")
}

/// The `Finished game N ...` lines: the game, its seats and its result.
fn finished_games(stdout: &str) -> Vec<String> {
    stdout
        .lines()
        .filter(|l| l.starts_with("Finished game "))
        .map(str::to_string)
        .collect()
}

/// A results file's unit lines.
fn unit_lines(path: &Path) -> Vec<String> {
    std::fs::read_to_string(path)
        .expect("results file")
        .lines()
        .filter(|l| l.starts_with("unit "))
        .map(str::to_string)
        .collect()
}

/// The number of a record: its first line, `Game: N`.
fn record_number(record: &str) -> Option<usize> {
    record
        .lines()
        .next()
        .and_then(|l| l.strip_prefix("Game: "))
        .and_then(|n| n.trim().parse().ok())
}

/// The game records of a file, each without its date (a shard may run on
/// another day), in the order of their game numbers (games played at once
/// are written as they finish).
fn records_by_game(path: &Path) -> Vec<String> {
    let text = std::fs::read_to_string(path).expect("records");
    let mut games: Vec<String> = Vec::new();
    for line in text.lines().filter(|l| !l.starts_with("Date: ")) {
        match games.last_mut() {
            Some(game) if !line.starts_with("Game: ") => {
                game.push_str(line);
                game.push('\n');
            }
            _ => games.push(format!("{line}\n")),
        }
    }
    games.sort_by_key(|g| record_number(g));
    games
}

#[test]
fn shards_play_the_whole_matchs_games_and_pool_into_its_summary() {
    const GAMES: usize = 12;
    let whole_results = temp("whole.txt");
    let whole_records = temp("whole.rec");
    let whole = succeeds(&with(
        greedy_match(GAMES),
        &[
            "--results",
            &path_text(&whole_results),
            "--pgnout",
            &path_text(&whole_records),
        ],
    ));
    let whole_summary = summary(&whole);
    assert!(
        whole_summary.contains("\nPtnml(0-2): ") && whole_summary.contains("W-D-L "),
        "{whole}"
    );
    // Not every game goes the same way, so the comparison means something.
    assert!(!whole_summary.contains("W-D-L 0-0-"), "{whole}");
    assert!(
        !whole_summary.contains(&format!("W-D-L {GAMES}-")),
        "{whole}"
    );
    for shards in [2, 3] {
        let mut results = Vec::new();
        let mut games = Vec::new();
        let mut units = Vec::new();
        let mut records = Vec::new();
        for i in 1..=shards {
            let file = temp(&format!("shard{i}of{shards}.txt"));
            let record = temp(&format!("shard{i}of{shards}.rec"));
            let shard = format!("{i}/{shards}");
            let stdout = succeeds(&with(
                greedy_match(GAMES),
                &[
                    "--shard",
                    &shard,
                    "--results",
                    &path_text(&file),
                    "--pgnout",
                    &path_text(&record),
                    "--concurrency",
                    "2",
                ],
            ));
            assert!(
                stdout.contains(&format!("\nShard {shard}: games ")),
                "{stdout}"
            );
            games.extend(finished_games(&stdout));
            units.extend(unit_lines(&file));
            records.extend(records_by_game(&record));
            let _ = std::fs::remove_file(record);
            results.push(path_text(&file));
        }
        // The same games: numbers, seats (the colours) and results.
        games.sort_by_key(|l| {
            l.split_whitespace()
                .nth(2)
                .and_then(|n| n.parse::<usize>().ok())
        });
        assert_eq!(games, finished_games(&whole), "{shards} shards");
        units.sort_by_key(|l| {
            l.split_whitespace()
                .nth(1)
                .and_then(|n| n.parse::<usize>().ok())
        });
        assert_eq!(units, unit_lines(&whole_results), "{shards} shards");
        // The same records: numbers, openings, seats, moves.
        records.sort_by_key(|g| record_number(g));
        let whole_games = records_by_game(&whole_records);
        assert_eq!(whole_games.len(), GAMES);
        assert_eq!(records, whole_games, "{shards} shards");
        // Pooled in any order, the shards give the whole match's summary.
        results.reverse();
        let pooled = succeeds(&with(strings(&["match-pool"]), &strings_of(&results)));
        assert_eq!(summary(&pooled), whole_summary, "{pooled}");
        assert!(
            pooled.ends_with(&format!(
                "Pooled {shards} of {shards} shard(s): {GAMES} of {GAMES} games played\n"
            )),
            "{pooled}"
        );
        for file in results {
            let _ = std::fs::remove_file(file);
        }
    }
    let _ = std::fs::remove_file(whole_results);
    let _ = std::fs::remove_file(whole_records);
}

fn strings_of(v: &[String]) -> Vec<&str> {
    v.iter().map(String::as_str).collect()
}

/// A UCI "engine" that answers every `go` with an illegal move: it loses
/// every game, so the SPRT decides on a known game pair.
fn illegal_engine() -> String {
    "sh -c 'while read l; do case \"$l\" in uci) echo id name fake; echo uciok;; \
     isready) echo readyok;; go*) echo bestmove z9z9;; quit) exit 0;; esac; done'"
        .to_string()
}

fn sprt_match(games: usize) -> Vec<String> {
    let illegal = illegal_engine();
    strings(&[
        "match",
        "--engine",
        "tabula",
        "--name",
        "first",
        "--engine",
        &illegal,
        "--name",
        "second",
        "--depth",
        "1",
        "--games",
        &games.to_string(),
        "--sprt",
        "elo0=0,elo1=200,alpha=0.05,beta=0.05",
    ])
}

#[test]
fn a_shard_never_stops_for_the_sprt_and_the_pool_decides() {
    let whole = succeeds(&sprt_match(40));
    assert!(whole.contains("SPRT: H1 accepted\n"), "{whole}");
    assert!(whole.contains("Finished game 16 "), "{whole}");
    assert!(!whole.contains("Finished game 17 "), "{whole}");
    let mut files = Vec::new();
    for i in 1..=2 {
        let file = temp(&format!("sprt{i}.txt"));
        let shard = format!("{i}/2");
        let stdout = succeeds(&with(
            sprt_match(40),
            &["--shard", &shard, "--results", &path_text(&file)],
        ));
        // Its own 10 pairs cross the bound, yet it plays all 20 games.
        assert!(
            stdout.contains(&format!(
                "Shard {shard}: games {}-{}, all of them played (the SPRT is decided by tabula match-pool)",
                20 * i - 19,
                20 * i
            )),
            "{stdout}"
        );
        assert!(
            stdout.contains(&format!("Finished game {} ", 20 * i)),
            "{stdout}"
        );
        assert!(!stdout.contains("accepted"), "{stdout}");
        assert!(
            stdout.contains(&format!(
                "\nSPRT of shard {shard} alone (no decision): llr 4.18 (142.1%), \
                 lbound -2.94, ubound 2.94\nSPRT: decided over all shards by tabula match-pool\n"
            )),
            "{stdout}"
        );
        files.push(path_text(&file));
    }
    let pooled = succeeds(&with(strings(&["match-pool"]), &strings_of(&files)));
    assert!(
        pooled.contains("SPRT: elo0 0, elo1 200, alpha 0.05, beta 0.05 (logistic Elo, game pairs); at most 40 games\n"),
        "{pooled}"
    );
    assert!(pooled.contains("W-D-L 40-0-0"), "{pooled}");
    assert!(
        pooled.contains("\nPtnml(0-2): 0, 0, 0, 0, 20\n"),
        "{pooled}"
    );
    assert!(pooled.contains("\nSPRT: H1 accepted\n"), "{pooled}");
    // The whole match decided with its 8th pair (games 15 and 16): so does
    // the pool, counting the pairs in the match's order.
    assert!(
        pooled.ends_with("SPRT: decided with game pair 8 (games 15-16) in the match's order\n"),
        "{pooled}"
    );
    // One shard alone is pooled as far as it goes, and says what is missing.
    let half = succeeds(&with(strings(&["match-pool"]), &strings_of(&files[1..])));
    assert!(
        half.contains("Missing shards: 1/2 (their games are not in the pool)"),
        "{half}"
    );
    assert!(
        half.contains("Pooled 1 of 2 shard(s): 20 of 40 games played"),
        "{half}"
    );
    for file in files {
        let _ = std::fs::remove_file(file);
    }
}

#[test]
fn bad_shard_values_are_refused() {
    let two = strings(&[
        "match", "--engine", "tabula", "--engine", "tabula", "--depth", "1",
    ]);
    for (value, needle) in [
        ("0/3", "--shard 0/3: I counts from 1"),
        ("3/2", "--shard 3/2: I must be at most N"),
        ("a/b", "--shard needs I/N"),
        ("1/0", "--shard 1/0: N must be at least 1"),
        ("2", "--shard needs I/N"),
        ("-1/2", "--shard needs I/N"),
        ("1/99999999999999999999999", "too large"),
    ] {
        refused(&with(two.clone(), &["--shard", value]), needle);
    }
    refused(
        &with(two.clone(), &["--games", "8", "--shard", "1/5"]),
        "the match has 4 game pairs (--games 8), fewer than 5 shards",
    );
    refused(&with(two.clone(), &["--shard"]), "--shard needs a value");
    let nowhere = "/nonexistent-dir/results.txt";
    refused(
        &with(two, &["--results", nowhere]),
        "cannot create results file '/nonexistent-dir/results.txt'",
    );
}

/// The results file of shard `shard` of a match of `games` games at
/// `depth`.
fn shard_file(name: &str, shard: &str, games: &str, depth: &str) -> String {
    let file = temp(name);
    let args = strings(&[
        "match",
        "--engine",
        "tabula",
        "--engine",
        "tabula",
        "--games",
        games,
        "--depth",
        depth,
        "--shard",
        shard,
        "--results",
        &path_text(&file),
    ]);
    succeeds(&args);
    path_text(&file)
}

#[test]
fn results_that_cannot_be_pooled_are_refused() {
    let one = shard_file("p1.txt", "1/2", "4", "1");
    let two = shard_file("p2.txt", "2/2", "4", "1");
    let deeper = shard_file("p2deep.txt", "2/2", "4", "2");
    let third = shard_file("p1of3.txt", "1/3", "6", "1");
    let pool = |files: &[&str]| with(strings(&["match-pool"]), files);
    assert!(succeeds(&pool(&[&one, &two])).contains("Pooled 2 of 2 shard(s): 4 of 4 games"));
    refused(
        &pool(&[&one, &deeper]),
        "are shards of different matches: tc is 'depth=1' in ",
    );
    refused(&pool(&[&one, &third]), "shards of different splits");
    refused(&pool(&[&one, &two, &one]), "shard 1/2 given twice");
    let copy = path_text(&temp("copy.txt"));
    let _ = std::fs::copy(&one, &copy);
    refused(&pool(&[&copy, &two, &one]), "shard 1/2 given twice");
    // A unit line spoiled by hand names its file and line.
    let spoiled = path_text(&temp("spoiled.txt"));
    let text = std::fs::read_to_string(&two).unwrap_or_default();
    let _ = std::fs::write(&spoiled, text.replacen("places=", "places=x", 1));
    refused(&pool(&[&one, &spoiled]), &format!("{spoiled}:"));
    refused(&pool(&[&one, &spoiled]), "expected 'unit N places=");
    // A unit moved into another shard's games.
    let moved = path_text(&temp("moved.txt"));
    let _ = std::fs::write(&moved, text.replace("unit 3 ", "unit 1 "));
    refused(
        &pool(&[&moved]),
        "unit 1 is not one of shard 2/2's (games 3-4)",
    );
    refused(
        &pool(&["/nonexistent-dir/r.txt"]),
        "cannot read results file",
    );
    refused(&pool(&[]), "expected the results files");
    refused(&pool(&["--bogus"]), "unknown flag '--bogus'");
    let help = succeeds(&pool(&["--help"]));
    assert!(
        help.starts_with("usage: tabula match-pool FILE..."),
        "{help}"
    );
    for f in [one, two, deeper, third, copy, spoiled, moved] {
        let _ = std::fs::remove_file(f);
    }
}
