//! `tabula match` end to end: the real binary referees real processes.
//! Fixed depth keeps the games short and the test free of timing
//! assertions; the broken engines are tiny shell scripts.

mod common;

use common::cli::assert_usage_error;
use std::path::PathBuf;
use std::process::{Command, Output};

fn tabula(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_tabula"))
        .arg("match")
        .args(args)
        .output()
        .expect("run tabula match")
}

/// A `tabula match` command line, flag by flag in the order given (the
/// order matters: `--name`, `--proto` and `--option` belong to the
/// `--engine` before them).
#[derive(Clone, Default)]
struct Match(Vec<String>);

impl Match {
    fn new() -> Match {
        Match::default()
    }

    /// `flag value`.
    fn flag(mut self, flag: &str, value: impl ToString) -> Match {
        self.0.push(flag.to_string());
        self.0.push(value.to_string());
        self
    }

    /// `--engine tabula`, the binary under test.
    fn tabula(self) -> Match {
        self.engine("tabula")
    }

    /// Two engines `tabula`.
    fn tabula_twice(self) -> Match {
        self.tabula().tabula()
    }

    fn engine(self, command: &str) -> Match {
        self.flag("--engine", command)
    }

    fn name(self, name: &str) -> Match {
        self.flag("--name", name)
    }

    fn proto(self, proto: &str) -> Match {
        self.flag("--proto", proto)
    }

    fn option(self, option: &str) -> Match {
        self.flag("--option", option)
    }

    fn game(self, id: &str) -> Match {
        self.flag("--game", id)
    }

    fn depth(self, plies: u64) -> Match {
        self.flag("--depth", plies)
    }

    fn games(self, n: u64) -> Match {
        self.flag("--games", n)
    }

    fn pgnout(self, path: &std::path::Path) -> Match {
        self.flag("--pgnout", path.to_str().unwrap())
    }

    fn openings(self, path: &std::path::Path) -> Match {
        self.flag("--openings", path.to_str().unwrap())
    }

    fn no_repeat(mut self) -> Match {
        self.0.push("--no-repeat".into());
        self
    }

    /// The arguments after `match`.
    fn args(&self) -> Vec<&str> {
        self.0.iter().map(String::as_str).collect()
    }

    fn run(&self) -> Output {
        tabula(&self.args())
    }
}

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

/// Checks that a match ran to its end (exit status 0; the failure shows
/// stdout and stderr) and returns its stdout.
fn finished(out: &Output) -> String {
    let stdout = text(&out.stdout);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{stdout}\n{}",
        text(&out.stderr)
    );
    stdout
}

/// Runs `tabula match args` and checks a usage error: exit status 2,
/// `needle` on stderr, no panic, nothing on stdout.
fn usage_error(m: &Match, needle: &str) {
    assert_usage_error(&m.args(), &m.run(), needle);
}

fn temp(name: &str) -> PathBuf {
    let p = common::cli::scratch_path(&format!("match-{name}"));
    let _ = std::fs::remove_file(&p);
    p
}

/// A shell "engine" that handshakes correctly and answers `go` with `reply`
/// (a shell command).
fn fake_engine(reply: &str) -> String {
    format!(
        "sh -c 'while read l; do case \"$l\" in uci) echo id name fake; echo uciok;; \
         isready) echo readyok;; go*) {reply};; quit) exit 0;; esac; done'"
    )
}

#[test]
fn tabula_vs_tabula_two_games_with_records() {
    let pgn = temp("selfplay.pgn");
    let ops = temp("ops.txt");
    std::fs::write(&ops, "# test suite\nmoves e3e4 e6e5\n").unwrap();
    let out = Match::new()
        .tabula()
        .tabula()
        .depth(2)
        .games(2)
        .openings(&ops)
        .pgnout(&pgn)
        .flag("--concurrency", "2")
        .run();
    let stdout = finished(&out);
    assert!(
        stdout.contains("Finished game 1 (tabula vs tabula (2)): "),
        "{stdout}"
    );
    assert!(
        stdout.contains("Finished game 2 (tabula (2) vs tabula): "),
        "{stdout}"
    );
    assert!(
        stdout.contains("Result tabula vs tabula (2): W-D-L "),
        "{stdout}"
    );
    assert!(stdout.contains("Elo difference: "), "{stdout}");
    assert!(stdout.contains("LOS: "), "{stdout}");
    // The two games of the opening form one pair.
    assert!(stdout.contains("\nPtnml(0-2): "), "{stdout}");
    assert!(stdout.contains("(from 1 game pairs)"), "{stdout}");
    let record = std::fs::read_to_string(&pgn).unwrap();
    assert_eq!(
        record.matches("[Variant \"makruk\"]").count(),
        2,
        "{record}"
    );
    assert_eq!(record.matches("[Result \"").count(), 2, "{record}");
    assert_eq!(record.matches("[Result \"*\"]").count(), 0, "{record}");
    assert_eq!(
        record.matches("1. e4 {book} e5 {book}").count(),
        2,
        "{record}"
    );
    for game in record.split("[Event ").skip(1) {
        let result = game
            .lines()
            .find_map(|l| l.strip_prefix("[Result \"")?.strip_suffix("\"]"))
            .unwrap();
        assert!(["1-0", "0-1", "1/2-1/2"].contains(&result), "{game}");
        assert!(
            game.trim_end().ends_with(result),
            "movetext must end with the result: {game}"
        );
    }
    let _ = std::fs::remove_file(pgn);
    let _ = std::fs::remove_file(ops);
}

#[test]
fn broken_engines_lose_and_the_match_goes_on() {
    let pgn = temp("broken.pgn");
    let illegal = fake_engine("echo bestmove z9z9");
    let out = Match::new()
        .tabula()
        .engine(&illegal)
        .name("illegal")
        .depth(1)
        .games(2)
        .pgnout(&pgn)
        .run();
    let stdout = text(&out.stdout);
    let stderr = text(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{stdout}\n{stderr}");
    assert!(!stderr.contains("panicked"), "{stderr}");
    assert!(
        stdout.contains(
            "Finished game 1 (tabula vs illegal): 1-0 {Black (illegal) makes an illegal move"
        ),
        "{stdout}"
    );
    assert!(
        stdout.contains(
            "Finished game 2 (illegal vs tabula): 0-1 {White (illegal) makes an illegal move"
        ),
        "{stdout}"
    );
    assert!(stdout.contains("W-D-L 2-0-0"), "{stdout}");
    let record = std::fs::read_to_string(&pgn).unwrap();
    assert_eq!(
        record.matches("[Termination \"rules infraction\"]").count(),
        2,
        "{record}"
    );

    // Exits when asked to move: a crash.
    let crash = fake_engine("exit 3");
    let out = Match::new()
        .engine(&crash)
        .name("crash")
        .tabula()
        .depth(1)
        .games(1)
        .run();
    let stdout = finished(&out);
    assert!(
        stdout.contains("0-1 {White (crash) disconnects: engine exited"),
        "{stdout}"
    );

    // Never answers `go`: loses on time, with a tolerance.
    let hang = fake_engine("true");
    let out = Match::new()
        .tabula()
        .engine(&hang)
        .name("hang")
        // A wide margin: tabula (White) must never flag itself on a loaded
        // machine; the silent engine flags whatever the margin.
        .flag("--movetime", 50)
        .flag("--timemargin", 950)
        .games(1)
        .run();
    let stdout = finished(&out);
    assert!(stdout.contains("1-0 {Black loses on time}"), "{stdout}");
    // At fixed depth there is no clock: a hang is recorded as such.
    let out = Match::new()
        .engine(&hang)
        .name("hang")
        .tabula()
        .depth(1)
        .flag("--hang-timeout", "1")
        .games(1)
        .run();
    let stdout = text(&out.stdout);
    assert!(
        stdout.contains("0-1 {White (hang) hangs: no bestmove within 1000 ms}"),
        "{stdout}"
    );
    let _ = std::fs::remove_file(pgn);
}

#[test]
fn bad_invocations_exit_2_with_a_message() {
    usage_error(
        &Match::new().game("chess").tabula_twice(),
        "unknown game 'chess'",
    );
    usage_error(
        &Match::new().engine("/nonexistent/engine").tabula(),
        "engine 1 (/nonexistent/engine) failed to start",
    );
    usage_error(
        &Match::new().engine("sh -c 'echo garbage'").tabula(),
        "engine 1 (sh -c echo garbage) failed to start: engine exited",
    );
    usage_error(
        &Match::new()
            .tabula_twice()
            .flag("--openings", "/nonexistent/o.txt"),
        "cannot read opening file '/nonexistent/o.txt'",
    );
    usage_error(
        &Match::new().tabula(),
        "expected at least two --engine flags",
    );
    usage_error(
        &Match::new().tabula_twice().flag("--proto", "foo"),
        "unknown protocol 'foo' (known: uci, usi, tei, ubgi, hub)",
    );
    // One engine per player, as many as the game's rules have.
    usage_error(
        &Match::new().tabula_twice().tabula(),
        "makruk is played by 2 players, got 3 --engine flags",
    );
    usage_error(
        &Match::new().tabula_twice().flag("--tc", "fast"),
        "bad time control 'fast'",
    );
    // The SPRT: two engines, game pairs, a well-formed test.
    usage_error(
        &Match::new()
            .tabula_twice()
            .tabula()
            .flag("--sprt", "elo0=0,elo1=5"),
        "--sprt compares two engines, got 3 --engine flags",
    );
    usage_error(
        &Match::new()
            .tabula_twice()
            .flag("--sprt", "elo0=0,elo1=5")
            .no_repeat(),
        "--sprt needs game pairs",
    );
    usage_error(
        &Match::new().tabula_twice().flag("--sprt", "elo0=5,elo1=0"),
        "bad --sprt 'elo0=5,elo1=0': elo0 must be below elo1",
    );
    usage_error(
        &Match::new().tabula_twice().flag("--sprt", "elo0=0;elo1=5"),
        "bad --sprt 'elo0=0;elo1=5': expected elo0=E0,elo1=E1",
    );
    let ops = temp("bad-ops.txt");
    std::fs::write(&ops, "moves e3e4\nmoves e3e4 e6e5 e4e6\n").unwrap();
    let name = ops.to_str().unwrap().to_string();
    usage_error(
        &Match::new().tabula_twice().flag("--openings", &name),
        &format!("{name}:2: move 3 'e4e6'"),
    );
    let _ = std::fs::remove_file(ops);
}

#[test]
fn shipped_opening_suites_are_valid() {
    for (game, file) in [
        ("makruk", "makruk.txt"),
        ("international", "international.txt"),
        ("russian", "russian.txt"),
        ("chinesecheckers", "chinesecheckers2.txt"),
        ("halma", "halma2.txt"),
    ] {
        let suite = format!("{}/fixtures/openings/{file}", env!("CARGO_MANIFEST_DIR"));
        let out = Match::new()
            .game(game)
            .tabula()
            .tabula()
            .flag("--nodes", "300")
            .games(2)
            .flag("--maxmoves", "10")
            .flag("--openings", &suite)
            .run();
        let stdout = finished(&out);
        assert!(stdout.contains("Finished game 2"), "{game}: {stdout}");
    }
}

/// The games of a multi-game record file, each starting at its `[Event`.
fn games_of(record: &str) -> Vec<String> {
    record
        .split("[Event ")
        .skip(1)
        .map(|g| format!("[Event {g}"))
        .collect()
}

#[test]
fn tak_selfplay_writes_ptn_that_replays() {
    use tabula::games::tak::ptn_file;
    let ptn = temp("selfplay.ptn");
    let out = Match::new()
        .game("tak")
        .flag("--size", "5")
        .flag("--komi", "1.5")
        .tabula()
        .tabula()
        .depth(2)
        .games(2)
        .pgnout(&ptn)
        .run();
    let stdout = finished(&out);
    assert!(stdout.contains("2 games of tak"), "{stdout}");
    assert!(stdout.contains("Finished game 2"), "{stdout}");
    assert!(stdout.contains("Terminations: "), "{stdout}");
    assert!(!stdout.contains("rules infraction"), "{stdout}");
    let record = std::fs::read_to_string(&ptn).unwrap();
    let games = games_of(&record);
    assert_eq!(games.len(), 2, "{record}");
    for g in &games {
        let parsed = ptn_file::parse(g).unwrap_or_else(|e| panic!("{e}: {g}"));
        assert_eq!(parsed.tag("Size"), Some("5"), "{g}");
        assert_eq!(parsed.tag("Komi"), Some("1.5"), "{g}");
        assert!(parsed.tag("Player1").is_some() && parsed.tag("Player2").is_some());
        let result = parsed.result.clone().expect("a result");
        assert!(
            ["R-0", "0-R", "F-0", "0-F", "1-0", "0-1", "1/2-1/2"].contains(&result.as_str()),
            "{g}"
        );
        assert_eq!(parsed.tag("Result"), Some(result.as_str()));
        let end = parsed.replay().unwrap_or_else(|e| panic!("{e}: {g}"));
        // A road or flat result is what the replayed board says.
        if result.contains('R') || result.contains('F') {
            assert_eq!(ptn_file::result_of(&end), result, "{g}");
        }
        assert!(!parsed.moves.is_empty());
    }
    let _ = std::fs::remove_file(ptn);
}

#[test]
fn ogi_selfplay_writes_pgn() {
    use tabula::games::ogi::Ogi;
    use tabula::games::{Game, GamePosition, MoveNotation};
    let pgn = temp("ogi.pgn");
    let out = Match::new()
        .game("ogi")
        .tabula()
        .tabula()
        .depth(2)
        .games(2)
        .flag("--maxmoves", "6")
        .pgnout(&pgn)
        .run();
    let stdout = finished(&out);
    assert!(
        stdout.contains(
            "Finished game 1 (tabula vs tabula (2)): 1/2-1/2 {Draw by move cap (6 moves)}"
        ),
        "{stdout}"
    );
    let record = std::fs::read_to_string(&pgn).unwrap();
    let games = games_of(&record);
    assert_eq!(games.len(), 2, "{record}");
    for g in &games {
        assert!(g.contains("[Variant \"ogi\"]\n"), "{g}");
        assert!(g.contains("[PlyCount \"12\"]\n"), "{g}");
        assert!(g.trim_end().ends_with("1/2-1/2"), "{g}");
        // The movetext is USI: replay it with tabula's Ōgi rules.
        let movetext: String = g
            .lines()
            .skip_while(|l| l.starts_with('[') || l.is_empty())
            .collect::<Vec<_>>()
            .join(" ");
        let mut pos = Ogi::new().start_position();
        let mut n = 0;
        let mut in_comment = false;
        for t in movetext.split_whitespace() {
            if t.starts_with('{') {
                in_comment = true;
            }
            if in_comment {
                in_comment = !t.ends_with('}');
                continue;
            }
            if t.ends_with('.') || t == "1/2-1/2" {
                continue;
            }
            let mv = pos
                .parse_move(t, MoveNotation::Native)
                .unwrap_or_else(|e| panic!("{t}: {e}\n{g}"));
            pos.play(mv);
            n += 1;
        }
        assert_eq!(n, 12, "{g}");
    }
    let _ = std::fs::remove_file(pgn);
}

#[test]
fn tak_and_ogi_settings_are_checked() {
    let with = |extra: Match| extra.tabula_twice();
    usage_error(
        &with(Match::new().game("tak").flag("--size", "9")),
        "--size: size 9 out of range",
    );
    usage_error(
        &with(Match::new().game("makruk").flag("--size", "6")),
        "makruk has no board size",
    );
    usage_error(
        &with(Match::new().game("ogi").flag("--komi", "2")),
        "ogi has no komi",
    );
    usage_error(
        &with(Match::new().game("tak").flag("--komi", "x")),
        "--komi needs a number",
    );
    usage_error(
        &with(Match::new())
            .game("tak")
            .flag("--komi", "2")
            .option("HalfKomi=2"),
        "--komi gives HalfKomi 4",
    );
    // One engine alone given a komi: the referee would not know which.
    let out = Match::new()
        .game("tak")
        .tabula()
        .option("HalfKomi=4")
        .tabula()
        .run();
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("different komi"));
}

#[test]
fn shipped_tak_suites_are_valid() {
    for (size, file) in [("6", "tak6.txt"), ("5", "tak5.txt")] {
        plays_two_games_from(Match::new().game("tak").flag("--size", size), file);
    }
}

#[test]
fn shipped_makruk_rook_endings_are_valid() {
    // Every line is a legal K+R v K or K+R v K+M start (the match checks
    // each when it loads the file).
    let stdout = plays_two_games_from(Match::new().game("makruk"), "makruk-rook-endings.txt");
    assert!(stdout.contains("200 opening(s)"), "{stdout}");
}

#[test]
fn shipped_makruk_pawnless_positions_are_valid() {
    // Every line is a legal position of a real game, its count running.
    let stdout = plays_two_games_from(Match::new().game("makruk"), "makruk-pawnless.txt");
    assert!(stdout.contains("42 opening(s)"), "{stdout}");
}

#[test]
fn shipped_makruk_minor_endings_are_valid() {
    // Every line is a legal start of one of the six pawnless minor-piece
    // endings (the match checks each when it loads the file).
    let stdout = plays_two_games_from(Match::new().game("makruk"), "makruk-minor-endings.txt");
    assert!(stdout.contains("300 opening(s)"), "{stdout}");
}

#[test]
fn shipped_ogi_suite_is_valid() {
    let stdout = plays_two_games_from(Match::new().game("ogi"), "ogi.txt");
    assert!(
        stdout.contains("2 games of ogi") && stdout.contains("50 opening(s)"),
        "{stdout}"
    );
}

/// Two short games of tabula against itself from a shipped opening suite
/// (every line is checked when the match loads the file); the output.
fn plays_two_games_from(game: Match, file: &str) -> String {
    let suite = format!("{}/fixtures/openings/{file}", env!("CARGO_MANIFEST_DIR"));
    let out = game
        .tabula_twice()
        .flag("--nodes", 300)
        .games(2)
        .flag("--maxmoves", 6)
        .flag("--openings", suite)
        .run();
    let stdout = finished(&out);
    assert!(stdout.contains("Finished game 2"), "{stdout}");
    stdout
}

#[test]
fn unwritable_records_fail_the_match() {
    // /dev/full opens but every write fails: the match stops, exits 1, and
    // does not claim the records were appended.
    let out = Match::new()
        .tabula()
        .tabula()
        .depth(1)
        .flag("--maxmoves", "3")
        .games(3)
        .flag("--pgnout", "/dev/full")
        .run();
    let stdout = text(&out.stdout);
    let stderr = text(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{stdout}\n{stderr}");
    assert!(
        stderr.contains("cannot write the record of game 1 to '/dev/full'"),
        "{stderr}"
    );
    assert!(!stdout.contains("Records appended"), "{stdout}");
    assert!(!stdout.contains("Finished game 3"), "{stdout}");
    assert!(!stderr.contains("panicked"), "{stderr}");

    // A record file that cannot be opened is known before any engine runs.
    let out = Match::new()
        .engine("/nonexistent/engine")
        .tabula()
        .flag("--pgnout", "/nonexistent/dir/x.pgn")
        .run();
    let stderr = text(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(
        stderr.contains("cannot open record file '/nonexistent/dir/x.pgn'"),
        "{stderr}"
    );
    assert!(out.stdout.is_empty());
}

/// A match that ends with exit status 2 before its first game leaves no
/// record file it made; one that was there is kept as it was.
#[test]
fn a_match_refused_before_any_game_leaves_no_empty_record_file() {
    let pgn = temp("refused.pgn");
    let args = Match::new()
        .tabula()
        .engine("/nonexistent/engine")
        .pgnout(&pgn);
    let out = args.run();
    let stderr = text(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(!pgn.exists(), "{} left behind", pgn.display());
    std::fs::write(&pgn, "earlier games\n").unwrap();
    let out = args.run();
    assert_eq!(out.status.code(), Some(2), "{}", text(&out.stderr));
    assert_eq!(std::fs::read_to_string(&pgn).unwrap(), "earlier games\n");
    let _ = std::fs::remove_file(&pgn);
}

#[test]
fn an_over_long_engine_line_loses_the_game() {
    // 3 MB without a newline after `go`: the runner reads at most 1 MiB of
    // it and scores a protocol violation, instead of buffering it whole.
    let long = fake_engine("head -c 3000000 /dev/zero | tr -c x x");
    let out = Match::new()
        .tabula()
        .engine(&long)
        .name("long")
        .depth(1)
        .flag("--hang-timeout", "5")
        .games(1)
        .run();
    let stdout = text(&out.stdout);
    let stderr = text(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{stdout}\n{stderr}");
    assert!(
        stdout.contains(
            "1-0 {Black (long) violates the protocol: sent a line longer than 1048576 bytes"
        ),
        "{stdout}"
    );
    assert!(!stderr.contains("panicked"), "{stderr}");
}

#[test]
fn dialects_that_cannot_play_the_game_are_refused() {
    usage_error(
        &Match::new().tabula_twice().proto("usi"),
        "engine 2 (tabula (2)): --proto usi cannot play makruk (it is played over uci)",
    );
    usage_error(
        &Match::new().game("ogi").proto("tei").tabula_twice(),
        "engine 1 (tabula): --proto tei cannot play ogi (it is played over uci, usi)",
    );
    usage_error(
        &Match::new().game("tak").tabula().proto("usi").tabula(),
        "--proto usi cannot play tak (it is played over uci, tei)",
    );
    // UCI selects the game with UCI_Variant: Tak over UCI plays.
    let out = Match::new()
        .game("tak")
        .flag("--size", "4")
        .tabula()
        .proto("uci")
        .tabula()
        .depth(1)
        .flag("--maxmoves", "3")
        .games(1)
        .run();
    let stdout = text(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert!(
        stdout.contains("1/2-1/2 {Draw by move cap (3 moves)}"),
        "{stdout}"
    );
}

#[test]
fn options_are_checked_against_the_engines_announcement() {
    let with = |extra: Match| extra.tabula_twice().games(1);
    // Before the first --engine an option is every engine's: engine 1 is
    // checked first.
    usage_error(
        &with(Match::new().option("Hash=99999999")),
        "engine 1 (tabula): --option Hash=99999999: Hash value 99999999 out of range 1..16384",
    );
    usage_error(
        &with(Match::new().option("Foo=1")),
        "engine 1 (tabula): --option Foo=1: the engine has no option 'Foo' (it announced: \
         UCI_Variant, Threads, Hash,",
    );
    usage_error(
        &with(Match::new().option("Ponder=maybe")),
        "Ponder value 'maybe' is not true or false",
    );
    usage_error(
        &with(Match::new().option("Board Honour Counting=sometimes")),
        "Board Honour Counting value 'sometimes' is not one of auto, gui",
    );
    // After an --engine, only that engine's.
    usage_error(
        &Match::new().tabula_twice().name("b").option("MultiPV=0"),
        "engine 2 (b): --option MultiPV=0: MultiPV value 0 out of range 1..256",
    );
    // A USI engine names its options its own way; an engine-wide option
    // is found under its USI name and checked there.
    usage_error(
        &Match::new().game("ogi").tabula().option("Hash=0").tabula(),
        "--option Hash=0: USI_Hash value 0 out of range 1..16384",
    );
    usage_error(
        &Match::new()
            .game("ogi")
            .tabula()
            .option("Counting=true")
            .tabula(),
        "no option 'Counting' (it announced: Threads, USI_Hash,",
    );
    // Options of the game an engine plays over UCI_Variant count, though
    // the first handshake (on Makruk) did not list them.
    usage_error(
        &Match::new()
            .game("tak")
            .tabula()
            .proto("uci")
            .option("TakCapstones=9")
            .tabula(),
        "TakCapstones value 9 out of range 0..4",
    );
    let out = Match::new()
        .game("tak")
        .flag("--size", "4")
        .tabula()
        .proto("uci")
        .option("TakCapstones=0")
        .option("Hash=2")
        .tabula()
        .option("hash=2")
        .depth(1)
        .flag("--maxmoves", "2")
        .games(1)
        .run();
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert!(text(&out.stdout).contains("Finished game 1"));
}

#[test]
fn huge_numbers_never_panic() {
    let with = |extra: Match| {
        Match(
            Match::new()
                .tabula_twice()
                .0
                .into_iter()
                .chain(extra.0)
                .collect(),
        )
    };
    usage_error(
        &with(Match::new().flag("--tc", "99999999999999999:0")),
        "bad time control '99999999999999999:0'",
    );
    usage_error(
        &with(Match::new().flag("--games", "+2")),
        "--games needs a non-negative number",
    );
    // The dice seed is a plain count like the others.
    for bad in ["x", "-1", "+1", ""] {
        usage_error(
            &with(Match::new().flag("--seed", bad)),
            "--seed needs a non-negative number",
        );
    }
    usage_error(
        &with(Match::new().flag("--seed", "99999999999999999999999")),
        "--seed",
    );
    usage_error(
        &with(Match::new().flag("--maxmoves", "99999999999")),
        "--maxmoves value '99999999999' is too large",
    );
    // Limits at the top of u64 reach the clock arithmetic and deadlines.
    let illegal = fake_engine("echo bestmove z9z9");
    for limit in [
        ["--movetime", "18446744073709551615", "--timemargin", "5"],
        ["--tc", "1+1", "--timemargin", "18446744073709551615"],
        ["--depth", "1", "--hang-timeout", "18446744073709551615"],
        ["--tc", "307445734561825:0", "--timemargin", "1"],
    ] {
        let out = Match::new()
            .engine(&illegal)
            .name("illegal")
            .tabula()
            .flag(limit[0], limit[1])
            .flag(limit[2], limit[3])
            .games(1)
            .run();
        let stdout = text(&out.stdout);
        let stderr = text(&out.stderr);
        assert_eq!(out.status.code(), Some(0), "{limit:?}: {stdout}\n{stderr}");
        assert!(!stderr.contains("panicked"), "{limit:?}: {stderr}");
        assert!(
            stdout.contains("0-1 {White (illegal) makes an illegal move"),
            "{limit:?}: {stdout}"
        );
    }
    // The games are made one at a time: a huge --games costs no memory. The
    // unwritable record ends the match after the first.
    let out = with(
        Match::new()
            .games(99999999999)
            .depth(1)
            .flag("--maxmoves", "2")
            .flag("--pgnout", "/dev/full"),
    )
    .run();
    let stderr = text(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    assert!(
        stderr.contains("cannot write the record of game 1"),
        "{stderr}"
    );
}

/// Backgammon: tabula over UBGI against tabula over UCI, money games with
/// duplicate dice, points per game, and a `.mat` record per game.
#[test]
fn backgammon_money_games_over_ubgi_and_uci() {
    let mat = temp("bg.mat");
    let out = Match::new()
        .game("backgammon")
        .tabula()
        .name("U")
        .tabula()
        .proto("uci")
        .name("C")
        .depth(1)
        .games(2)
        .flag("--seed", "3")
        .pgnout(&mat)
        .run();
    let stdout = text(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{stdout}{}", text(&out.stderr));
    assert!(stdout.contains("Terminations: normal 2"), "{stdout}");
    assert!(stdout.contains("Points of U: "), "{stdout}");
    let record = std::fs::read_to_string(&mat).unwrap();
    assert_eq!(record.matches(" Game ").count(), 2, "{record}");
    assert_eq!(record.matches(" point match").count(), 1, "{record}");
    assert_eq!(record.matches("Wins ").count(), 2, "{record}");
    // Duplicate dice: both games start with the same roll.
    let first_rolls: Vec<&str> = record
        .lines()
        .filter(|l| l.trim_start().starts_with("1)"))
        .map(|l| l.split(':').next().unwrap_or("").trim_end())
        .map(|l| &l[l.len().saturating_sub(2)..])
        .collect();
    assert_eq!(first_rolls.len(), 2, "{record}");
    assert_eq!(first_rolls[0], first_rolls[1], "{record}");
}

/// `--match-length`: each unit is a match to N points; every game of it
/// starts from a Match ID with the score, and the winner reached N.
#[test]
fn backgammon_matches_to_points() {
    let mat = temp("bgmatch.mat");
    let out = Match::new()
        .game("backgammon")
        .tabula()
        .tabula()
        .proto("uci")
        .depth(1)
        .games(1)
        .flag("--match-length", "3")
        .pgnout(&mat)
        .run();
    let stdout = text(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{stdout}{}", text(&out.stderr));
    assert!(stdout.contains("1 3-point matches"), "{stdout}");
    assert!(stdout.contains("wins the 3-point match in"), "{stdout}");
    let record = std::fs::read_to_string(&mat).unwrap();
    assert!(record.contains(" 3 point match"), "{record}");
    // The points won add up to at least 3 for the winner.
    let wins: u32 = record
        .lines()
        .filter_map(|l| l.trim().strip_prefix("Wins "))
        .filter_map(|w| w.split_whitespace().next()?.parse::<u32>().ok())
        .sum();
    assert!(wins >= 3, "{record}");
    usage_error(
        &Match::new().tabula_twice().flag("--match-length", "3"),
        "not played in matches",
    );
    usage_error(
        &Match::new()
            .game("backgammon")
            .tabula_twice()
            .flag("--match-length", "0"),
        "--match-length must be 1..64",
    );
}

/// A game option given to every engine is the referee's rule too: a Tavla
/// match has no cube and no triple win.
#[test]
fn backgammon_tavla_matches_are_refereed_as_tavla() {
    let mat = temp("tavla.mat");
    let out = Match::new()
        .game("backgammon")
        .option("game.variant=tavla")
        .tabula()
        .tabula()
        .depth(1)
        .games(4)
        .pgnout(&mat)
        .run();
    let stdout = text(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{stdout}{}", text(&out.stderr));
    assert!(!stdout.contains("backgammon}"), "{stdout}");
    assert!(stdout.contains("Terminations: normal 4"), "{stdout}");
    let record = std::fs::read_to_string(&mat).unwrap();
    assert!(!record.contains("Doubles"), "{record}");
    assert!(!record.contains("Wins 3 points"), "{record}");
}

/// The fake engine that logs every line it receives (fixtures/engines/
/// uci-logger.sh): the log file and the engine's command line.
fn logger_engine(log_name: &str) -> (PathBuf, String) {
    let log = temp(log_name);
    let script = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/fixtures/engines/uci-logger.sh"
    );
    let engine = format!("sh '{script}' '{}'", log.display());
    (log, engine)
}

/// Over USI the variant is selected with `USI_Variant` (Fairy-Stockfish's
/// name), after the options: `VariantPath` must come first so that the
/// engine knows Ōgi at all.
#[test]
fn usi_engines_get_usi_variant_after_the_options() {
    let (log, engine) = logger_engine("usi-logger.log");
    let out = Match::new()
        .game("ogi")
        .tabula()
        .engine(&engine)
        .name("logger")
        .proto("usi")
        .option("VariantPath=/tmp/ogi.ini")
        .depth(1)
        .games(1)
        .run();
    finished(&out);
    let received = std::fs::read_to_string(&log).unwrap();
    let lines: Vec<&str> = received.lines().collect();
    let set_up = [
        "usi",
        "setoption name VariantPath value /tmp/ogi.ini",
        "setoption name USI_Variant value ogi",
        "isready",
    ];
    let mut expected: Vec<&str> = set_up.to_vec();
    expected.push("quit");
    expected.extend(set_up);
    expected.push("usinewgame");
    assert!(
        lines.starts_with(&expected),
        "expected {expected:#?}\ngot {lines:#?}"
    );
    // The variant is the runner's to choose.
    usage_error(
        &Match::new()
            .game("ogi")
            .tabula()
            .engine(&engine)
            .proto("usi")
            .option("USI_Variant=minishogi"),
        "the runner selects the variant from --game",
    );
    let _ = std::fs::remove_file(log);
}

/// The options an engine announced at its handshake are sent first, in the
/// order given (Fairy-Stockfish needs `VariantPath` before `UCI_Variant`),
/// then `UCI_Variant`, then the options it lists only once it plays the
/// game; lines an engine prints before its `uciok` (a banner, noise) are
/// skipped.
#[test]
fn options_before_the_variant_and_noise_before_the_handshake() {
    let (log, engine) = logger_engine("logger.log");
    let out = Match::new()
        .tabula()
        .engine(&engine)
        .name("logger")
        .option("Counting=true")
        .option("VariantPath=/tmp/variants.ini")
        .option("Hash=2")
        .depth(1)
        .games(1)
        .run();
    let stdout = finished(&out);
    assert!(
        stdout.contains(
            "Finished game 1 (tabula vs logger): 1-0 {Black (logger) makes an illegal move"
        ),
        "{stdout}"
    );
    let received = std::fs::read_to_string(&log).unwrap();
    let lines: Vec<&str> = received.lines().collect();
    let set_up = [
        "uci",
        "setoption name VariantPath value /tmp/variants.ini",
        "setoption name Hash value 2",
        "setoption name UCI_Variant value makruk",
    ];
    // The check before the match asks `uci` again after the switch, to
    // see the game's own options; then the game starts the engine afresh.
    let mut expected: Vec<&str> = set_up.to_vec();
    expected.extend([
        "uci",
        "setoption name Counting value true",
        "isready",
        "quit",
    ]);
    expected.extend(set_up);
    expected.extend([
        "setoption name Counting value true",
        "isready",
        "ucinewgame",
    ]);
    assert!(
        lines.starts_with(&expected),
        "expected {expected:#?}\ngot {lines:#?}"
    );
    let _ = std::fs::remove_file(log);

    // An option only the switched engine has is checked after the switch.
    usage_error(
        &Match::new()
            .tabula()
            .engine(&engine)
            .option("Counting=maybe"),
        "engine 2 (sh): --option Counting=maybe: Counting value 'maybe' is not true or false",
    );
    // The variant is the runner's to choose.
    usage_error(
        &Match::new()
            .tabula()
            .engine(&engine)
            .option("UCI_Variant=chess"),
        "--option UCI_Variant=chess: the runner selects the variant from --game",
    );
}

/// `--sprt` on an engine that always wins (its opponent plays an illegal
/// move every game) accepts H1 and one that always loses accepts H0, both
/// long before `--games`; the numbers agree with scripts/sprt-check.py
/// (all wins, elo0=0 elo1=200: LLR 3.3475 after 8 pairs; all losses:
/// -3.6664 after 5 pairs; bounds ±2.944).
#[test]
fn sprt_stops_the_match_when_it_decides() {
    let illegal = fake_engine("echo bestmove z9z9");
    let run = |first: &str, second: &str| {
        let out = Match::new()
            .engine(first)
            .name("first")
            .engine(second)
            .name("second")
            .depth(1)
            .games(100)
            .flag("--sprt", "elo0=0,elo1=200,alpha=0.05,beta=0.05")
            .run();
        finished(&out)
    };
    let stdout = run("tabula", &illegal);
    assert!(
        stdout.contains("SPRT: elo0 0, elo1 200, alpha 0.05, beta 0.05 (logistic Elo, game pairs); at most 100 games"),
        "{stdout}"
    );
    // Each finished pair reports the pairs so far, then the LLR.
    assert!(
        stdout.contains(
            "Score of first vs second: 2 - 0 - 0  [1.000] 2\nPtnml(0-2): 0, 0, 0, 0, 1\n\
             Normalized Elo: +inf +/- 0.0 (from 1 game pairs)\n\
             SPRT: llr 0.42 (14.2%), lbound -2.94, ubound 2.94\n"
        ),
        "{stdout}"
    );
    assert!(
        stdout.contains("SPRT: llr 3.35 (113.7%), lbound -2.94, ubound 2.94\nSPRT: H1 accepted\n"),
        "{stdout}"
    );
    assert!(stdout.contains("Finished game 16 "), "{stdout}");
    assert!(!stdout.contains("Finished game 17 "), "{stdout}");
    assert!(stdout.contains("W-D-L 16-0-0"), "{stdout}");
    assert!(stdout.contains("\nPtnml(0-2): 0, 0, 0, 0, 8\n"), "{stdout}");
    assert!(
        stdout.contains("\nNormalized Elo: +inf +/- 0.0 (from 8 game pairs)\n"),
        "{stdout}"
    );
    assert!(
        stdout.ends_with(
            "SPRT: llr 3.35 (113.7%), lbound -2.94, ubound 2.94\nSPRT: H1 accepted\nTerminations: rules infraction 16\n"
        ),
        "{stdout}"
    );

    let stdout = run(&illegal, "tabula");
    assert!(
        stdout
            .contains("SPRT: llr -3.67 (-124.5%), lbound -2.94, ubound 2.94\nSPRT: H0 accepted\n"),
        "{stdout}"
    );
    assert!(stdout.contains("Finished game 10 "), "{stdout}");
    assert!(!stdout.contains("Finished game 11 "), "{stdout}");
    assert!(stdout.contains("\nPtnml(0-2): 5, 0, 0, 0, 0\n"), "{stdout}");
}

/// Draughts self-play, both rule sets: PDN records with their GameType
/// that read back and replay to the recorded result's end.
#[test]
fn draughts_selfplay_writes_pdn_that_reads_back() {
    use tabula::games::draughts::record::read_pdn;
    use tabula::games::draughts::{International, Russian};
    use tabula::games::{Game, GamePosition};
    use tabula::rules::RulesPosition;
    for (game, game_type) in [("international", "20"), ("russian", "25")] {
        let pdn = temp(&format!("{game}.pdn"));
        let out = Match::new()
            .game(game)
            .tabula()
            .tabula()
            .depth(2)
            .games(2)
            .flag("--maxmoves", "30")
            .pgnout(&pdn)
            .run();
        let stdout = finished(&out);
        assert!(stdout.contains("Finished game 2"), "{stdout}");
        let record = std::fs::read_to_string(&pdn).unwrap();
        assert_eq!(games_of(&record).len(), 2, "{record}");
        assert!(
            record.contains(&format!("[GameType \"{game_type}\"]\n")),
            "{record}"
        );
        let check = |n_moves: Vec<(usize, String, bool)>| {
            for (n, result, over) in n_moves {
                assert!(n > 0, "{record}");
                assert!(["1-0", "0-1", "1/2-1/2"].contains(&result.as_str()));
                // A game the rules ended is over where its record ends.
                if result != "1/2-1/2" {
                    assert!(over, "{record}");
                }
            }
        };
        if game == "international" {
            let games = read_pdn(&International::new(), &record).unwrap();
            check(
                games
                    .iter()
                    .map(|g| {
                        let mut p = g.start.clone();
                        g.moves.iter().for_each(|&m| p.play(m));
                        (g.moves.len(), g.result.clone(), p.outcome().is_some())
                    })
                    .collect(),
            );
        } else {
            let games = read_pdn(&Russian::new(), &record).unwrap();
            check(
                games
                    .iter()
                    .map(|g| {
                        let mut p = g.start.clone();
                        g.moves.iter().for_each(|&m| p.play(m));
                        (g.moves.len(), g.result.clone(), p.outcome().is_some())
                    })
                    .collect(),
            );
        }
        let _ = std::fs::remove_file(pdn);
    }
}

/// The fake engine fixtures/engines/`script` in mode `mode`, logging what
/// it is sent to the temporary file `log_name`: the log and the command.
fn logging_fake(script: &str, log_name: &str, mode: &str) -> (PathBuf, String) {
    let log = temp(log_name);
    let path = format!("{}/fixtures/engines/{script}", env!("CARGO_MANIFEST_DIR"));
    let engine = format!("sh '{path}' '{}' {mode}", log.display());
    (log, engine)
}

/// The fake Hub engine (hub-fake.sh, Scan 3's Hub v2) in mode `mode`.
fn hub_engine(log_name: &str, mode: &str) -> (PathBuf, String) {
    logging_fake("hub-fake.sh", log_name, mode)
}

/// Draughts engines speak Hub unless told otherwise: tabula over Hub
/// against tabula over UCI, both rule sets, with records.
#[test]
fn draughts_over_hub_and_uci_in_one_match() {
    for game in ["international", "russian"] {
        let out = Match::new()
            .game(game)
            .tabula()
            .name("hub")
            .tabula()
            .name("uci")
            .proto("uci")
            .depth(2)
            .games(2)
            .flag("--maxmoves", "40")
            .run();
        let stdout = finished(&out);
        assert!(stdout.contains("Finished game 2 (uci vs hub)"), "{stdout}");
        assert!(!stdout.contains("illegal"), "{stdout}");
        assert!(!stdout.contains("protocol"), "{stdout}");
    }
}

/// One game at depth 1 of `game`: the engine `fake` (named `fake`, moving
/// first) against tabula, a hang charged after one second.
fn faulty_engine_first(game: &str, fake: &str) -> Output {
    Match::new()
        .game(game)
        .engine(fake)
        .name("fake")
        .tabula()
        .depth(1)
        .flag("--hang-timeout", "1")
        .games(1)
        .run()
}

/// What a Hub engine is told, in Scan's words: the handshake, `init`,
/// Hub positions with the moves since, a `level` and `go think`; Scan's
/// `variant=normal` is the standard game (nothing to set), Russian is
/// asked for by name. Its move, score and failures are refereed.
#[test]
fn hub_engines_are_driven_as_scan_expects() {
    let (log, fake) = hub_engine("hub-first.log", "first");
    let pdn = temp("hub-first.pdn");
    let out = Match::new()
        .game("international")
        .engine(&fake)
        .name("fake")
        .tabula()
        .depth(1)
        .games(1)
        .pgnout(&pdn)
        .run();
    let stdout = finished(&out);
    // 32-28 is legal once only.
    assert!(
        stdout.contains("0-1 {White (fake) makes an illegal move"),
        "{stdout}"
    );
    let sent = std::fs::read_to_string(&log).unwrap();
    // The runner first asks the engine what it offers (and quits it), then
    // starts it for the game.
    let game_start = sent.find("quit\nhub\n").map_or(0, |k| k + 5);
    let lines: Vec<&str> = sent[game_start..].lines().collect();
    assert_eq!(
        lines[..6],
        [
            "hub",
            "init",
            "ping",
            "new-game",
            "ping",
            "pos pos=Wbbbbbbbbbbbbbbbbbbbbeeeeeeeeeewwwwwwwwwwwwwwwwwwww"
        ],
        "{sent}"
    );
    assert_eq!(lines[6..8], ["level depth=1", "go think"], "{sent}");
    assert!(
        lines[8].starts_with(
            "pos pos=Wbbbbbbbbbbbbbbbbbbbbeeeeeeeeeewwwwwwwwwwwwwwwwwwww moves=\"32-28 "
        ),
        "{sent}"
    );
    assert!(!sent.contains("set-param"), "{sent}");
    let record = std::fs::read_to_string(&pdn).unwrap();
    assert!(record.contains("1. 32-28 {-0.25/1"), "{record}");

    // Captures reach a Hub engine in Hub's form (from, to, the captured
    // squares), also the book's, whatever the record writes.
    let book = temp("hub-book.txt");
    std::fs::write(&book, "moves 32-28 19-23 28x19\n").unwrap();
    let (log2, fake) = hub_engine("hub-book.log", "first");
    let out = Match::new()
        .game("international")
        .engine(&fake)
        .tabula()
        .depth(1)
        .games(1)
        .openings(&book)
        .run();
    assert_eq!(out.status.code(), Some(0));
    let sent = std::fs::read_to_string(&log2).unwrap();
    assert!(sent.contains("moves=\"32-28 19-23 28x19x23 "), "{sent}");
    // Black's forced recapture, played in the game: 14x23x19 or 13x24x19.
    let played = sent
        .split("28x19x23 ")
        .nth(1)
        .and_then(|r| r.split(['"', ' ']).next())
        .unwrap_or("");
    assert_eq!(played.matches('x').count(), 2, "{sent}");
    let _ = std::fs::remove_file(log2);
    let _ = std::fs::remove_file(book);

    // Russian is asked for; the engine's failures lose.
    for (mode, why) in [
        ("illegal", "White (fake) makes an illegal move"),
        (
            "error",
            "White (fake) violates the protocol: answered 'error",
        ),
        (
            "bare",
            "White (fake) violates the protocol: 'done' without a move",
        ),
        ("hang", "White (fake) hangs: no done within 1000 ms"),
    ] {
        let (log, fake) = hub_engine(&format!("hub-{mode}.log"), mode);
        let out = faulty_engine_first("russian", &fake);
        let stdout = text(&out.stdout);
        assert!(stdout.contains(&format!("0-1 {{{why}")), "{mode}: {stdout}");
        let sent = std::fs::read_to_string(&log).unwrap();
        assert!(
            sent.contains("set-param name=variant value=russian\ninit\n"),
            "{sent}"
        );
        assert!(
            sent.contains("pos pos=Wbbbbbbbbbbbbeeeeeeeewwwwwwwwwwww\n"),
            "{sent}"
        );
        let _ = std::fs::remove_file(log);
    }
    let _ = std::fs::remove_file(log);
    let _ = std::fs::remove_file(pdn);
}

/// The fake Hub engine of the first dialect (hub1-fake.sh, Scan 2.0's
/// words) in mode `mode`.
fn hub1_engine(log_name: &str, mode: &str) -> (PathBuf, String) {
    logging_fake("hub1-fake.sh", log_name, mode)
}

/// A Hub engine that answers `hub` in the first dialect (Scan 2.0) is
/// recognised and spoken to in its words: `set` for options, `new`, `pos`
/// with a lower-case side and one `move` per move since, the limit after
/// the position, `go`; its `info` scores reach the record, its failures
/// lose, and a node limit it has no word for is refused.
#[test]
fn first_dialect_hub_engines_are_driven_as_scan_2_expects() {
    let (log, fake) = hub1_engine("hub1-first.log", "first");
    let pdn = temp("hub1-first.pdn");
    let out = Match::new()
        .game("international")
        .engine(&fake)
        .name("fake")
        .option("Threads=1")
        .tabula()
        .depth(1)
        .games(1)
        .pgnout(&pdn)
        .run();
    let stdout = finished(&out);
    assert!(
        stdout.contains("0-1 {White (fake) makes an illegal move"),
        "{stdout}"
    );
    let sent = std::fs::read_to_string(&log).unwrap();
    let game_start = sent.find("quit\nhub\n").map_or(0, |k| k + 5);
    let lines: Vec<&str> = sent[game_start..].lines().collect();
    let start = "wbbbbbbbbbbbbbbbbbbbbeeeeeeeeeewwwwwwwwwwwwwwwwwwww";
    let pos = format!("pos {start}");
    assert_eq!(
        lines[..9],
        [
            "hub",
            "set threads 1",
            "init",
            "ping",
            "new",
            "ping",
            &pos,
            "depth 1",
            "go"
        ],
        "{sent}"
    );
    assert_eq!(lines[9..11], [pos.as_str(), "move 32-28"], "{sent}");
    assert!(lines[11].starts_with("move "), "{sent}");
    assert_eq!(lines[12..14], ["depth 1", "go"], "{sent}");
    let record = std::fs::read_to_string(&pdn).unwrap();
    assert!(record.contains("1. 32-28 {-0.25/1"), "{record}");

    for (mode, why) in [
        (
            "error",
            "White (fake) violates the protocol: answered 'error bad position'",
        ),
        (
            "bare",
            "White (fake) violates the protocol: 'move' without a move",
        ),
        ("hang", "White (fake) hangs: no move within 1000 ms"),
    ] {
        let (log, fake) = hub1_engine(&format!("hub1-{mode}.log"), mode);
        let out = faulty_engine_first("international", &fake);
        let stdout = text(&out.stdout);
        assert!(stdout.contains(&format!("0-1 {{{why}")), "{mode}: {stdout}");
        let _ = std::fs::remove_file(log);
    }
    let (log, fake) = hub1_engine("hub1-nodes.log", "first");
    let out = Match::new()
        .game("international")
        .engine(&fake)
        .name("fake")
        .tabula()
        .flag("--tc", "nodes=100")
        .games(1)
        .run();
    let stdout = text(&out.stdout);
    assert!(
        stdout.contains("its dialect has no word for this search limit"),
        "{stdout}"
    );
    let sent = std::fs::read_to_string(&log).unwrap();
    assert!(!sent.lines().any(|l| l == "go"), "{sent}");
    for file in [log, pdn] {
        let _ = std::fs::remove_file(file);
    }
}

/// Runs `tabula match args` to its end (at most `limit`), sampling the
/// runner's resident memory; returns the output and the largest sample in
/// KiB. A run past `limit` is killed and fails the test.
fn run_sampling_memory(args: &Match, limit: std::time::Duration) -> (Output, u64) {
    use std::time::Instant;
    let args = args.args();
    let mut child = Command::new(env!("CARGO_BIN_EXE_tabula"))
        .arg("match")
        .args(&args)
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("run tabula match");
    let status_file = format!("/proc/{}/status", child.id());
    let started = Instant::now();
    let mut peak_kb = 0;
    while child.try_wait().expect("wait").is_none() {
        let status = std::fs::read_to_string(&status_file).unwrap_or_default();
        let rss = status
            .lines()
            .find_map(|l| l.strip_prefix("VmRSS:"))
            .and_then(|v| v.split_whitespace().next()?.parse::<u64>().ok());
        peak_kb = peak_kb.max(rss.unwrap_or(0));
        if started.elapsed() > limit {
            let _ = child.kill();
            panic!("{args:?} still running after {limit:?}, {peak_kb} KiB resident");
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    (child.wait_with_output().expect("output"), peak_kb)
}

/// The most the runner may hold while an engine floods it: its own size
/// plus a full line queue of short lines, far below what an unbounded
/// queue reaches in a second (about 200 MB).
const FLOOD_RSS_LIMIT_KB: u64 = 100_000;

#[test]
fn a_flooding_engine_loses_and_the_runner_stays_bounded() {
    let flood = fake_engine("exec yes \"info depth 1 nodes 1\"");
    let limit = std::time::Duration::from_secs(60);
    // Under a clock: the engine's time runs out while it writes.
    let (out, peak) = run_sampling_memory(
        &Match::new()
            .tabula()
            .engine(&flood)
            .name("flood")
            .flag("--tc", "1+0.01")
            .games(1),
        limit,
    );
    let stdout = finished(&out);
    assert!(stdout.contains("1-0 {Black loses on time}"), "{stdout}");
    assert!(peak < FLOOD_RSS_LIMIT_KB, "{peak} KiB");
    // At fixed depth: the hang timeout fires though lines keep coming.
    let (out, peak) = run_sampling_memory(
        &Match::new()
            .engine(&flood)
            .name("flood")
            .tabula()
            .depth(1)
            .flag("--hang-timeout", 1)
            .games(1),
        limit,
    );
    let stdout = text(&out.stdout);
    assert!(
        stdout.contains("0-1 {White (flood) hangs: no bestmove within 1000 ms}"),
        "{stdout}"
    );
    assert!(peak < FLOOD_RSS_LIMIT_KB, "{peak} KiB");
    // Before the handshake: the engine fails to start, in every dialect
    // (side by side: each waits out the runner's setup timeout).
    std::thread::scope(|scope| {
        for (game, proto) in [
            ("makruk", "uci"),
            ("international", "hub"),
            ("backgammon", "ubgi"),
        ] {
            scope.spawn(move || {
                let (out, peak) = run_sampling_memory(
                    &Match::new()
                        .game(game)
                        .tabula()
                        .engine("yes banner")
                        .proto(proto)
                        .depth(1)
                        .games(1),
                    limit,
                );
                let stderr = text(&out.stderr);
                assert_eq!(out.status.code(), Some(2), "{game}: {stderr}");
                assert!(
                    stderr.contains("engine 2 (yes banner) failed to start: no "),
                    "{game}: {stderr}"
                );
                assert!(peak < FLOOD_RSS_LIMIT_KB, "{game}: {peak} KiB");
            });
        }
    });
}

/// The runner's UBGI client reads plays both ways: tabula's own, one
/// from/to per die, and GNU Backgammon's (`24/13`, `8/5(2)`, `13/10*/9`)
/// from a UBGI engine that rewrites tabula's answers that way
/// (fixtures/engines/ubgi-gnubg-forms.py).
#[test]
fn backgammon_plays_are_read_per_die_and_in_gnubg_forms() {
    let log = temp("gnubg-forms.log");
    let script = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/fixtures/engines/ubgi-gnubg-forms.py"
    );
    let engine = format!(
        "python3 '{script}' '{}' '{}'",
        log.display(),
        env!("CARGO_BIN_EXE_tabula")
    );
    let out = Match::new()
        .game("backgammon")
        .tabula()
        .name("perdie")
        .engine(&engine)
        .name("gnubgforms")
        .proto("ubgi")
        .depth(1)
        .games(2)
        .flag("--seed", "5")
        .run();
    let stdout = finished(&out);
    assert!(stdout.contains("Terminations: normal 2"), "{stdout}");
    // The rewriting did happen: combined hops or counted submoves.
    let rewritten = std::fs::read_to_string(&log).unwrap_or_default();
    assert!(rewritten.lines().count() >= 5, "{rewritten}");
}

/// A UBGI engine's faults are named in UBGI's terms: its answer to
/// `go cube`, the `bestcube` it did not send.
#[test]
fn ubgi_cube_faults_are_worded_in_ubgi_terms() {
    let script = concat!(env!("CARGO_MANIFEST_DIR"), "/fixtures/engines/ubgi-fake.sh");
    for (mode, why) in [
        (
            "maybe",
            "Bottom (fake) answers 'bestcube maybe' to 'go cube' (expected double or nodouble)",
        ),
        ("hang", "Bottom (fake) hangs: no bestcube within 1000 ms"),
    ] {
        let fake = format!("sh '{script}' {mode}");
        let out = faulty_engine_first("backgammon", &fake);
        let stdout = text(&out.stdout);
        assert!(stdout.contains(&format!("0-1 {{{why}")), "{mode}: {stdout}");
    }
}

/// `--option Threads=N` reaches each dialect's engines under the name
/// they announce (a Scan-like Hub engine's `threads`, tabula's Hub
/// `threads` and UBGI `engine.threads`) and is checked against their
/// declaration before any game.
#[test]
fn threads_reach_every_dialect_under_its_own_name() {
    let (log, fake) = hub_engine("hub-threads.log", "first");
    let out = Match::new()
        .game("international")
        .engine(&fake)
        .name("fake")
        .option("Threads=2")
        .tabula()
        .option("Threads=2")
        .depth(1)
        .games(1)
        .run();
    finished(&out);
    let sent = std::fs::read_to_string(&log).unwrap();
    assert!(
        sent.lines().any(|l| l == "set-param name=threads value=2"),
        "{sent}"
    );
    let _ = std::fs::remove_file(log);
    let (_, fake) = hub_engine("hub-threads-max.log", "first");
    usage_error(
        &Match::new()
            .game("international")
            .engine(&fake)
            .option("Threads=32")
            .tabula(),
        "--option Threads=32: threads value 32 out of range 1..16",
    );
    usage_error(
        &Match::new()
            .game("international")
            .tabula()
            .option("Threads=0")
            .tabula(),
        "engine 1 (tabula): --option Threads=0: threads value 0 out of range 1..1024",
    );
    usage_error(
        &Match::new()
            .game("backgammon")
            .tabula()
            .option("Threads=1025")
            .tabula(),
        "--option Threads=1025: engine.threads value 1025 out of range 1..1024",
    );
    let out = Match::new()
        .game("backgammon")
        .tabula()
        .option("Threads=2")
        .tabula()
        .proto("uci")
        .option("Threads=2")
        .depth(1)
        .games(1)
        .run();
    finished(&out);
}

/// More search threads than the machine has cores, over the games played
/// at once, are warned of once on stderr. The match is refused before any
/// game (engine 2 has no option `Foo`), so nothing searches on 1024
/// threads.
#[test]
fn more_search_threads_than_cores_are_warned_of() {
    let m = Match::new()
        .tabula()
        .option("Threads=1024")
        .tabula()
        .option("Foo=1")
        .games(1);
    let out = m.run();
    common::cli::assert_usage_error(&m.args(), &out, "no option 'Foo'");
    let stderr = text(&out.stderr);
    let warning = "tabula match: warning: --concurrency 1 x Threads 1024 = 1024 search threads on ";
    assert_eq!(stderr.matches(warning).count(), 1, "{stderr}");
}
