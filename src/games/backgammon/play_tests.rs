//! Plays against GNU Backgammon's own strings (fixtures/backgammon/
//! moves.json), every input form of §2.2, and rejections with reasons.

use super::super::board::{Board, Step};
use super::super::position_id;
use super::super::tests::oracle_cases;
use super::*;
use std::collections::BTreeSet;

fn board(id: &str) -> Board {
    position_id::parse(id).unwrap_or_else(|e| panic!("{id}: {e}"))
}

#[test]
fn every_oracle_play_is_written_as_gnubg_writes_it_and_reads_back() {
    let cases = oracle_cases();
    assert_eq!(cases.len(), 17);
    let mut wrong = Vec::new();
    for c in &cases {
        let b = board(&c.position_id);
        let (d1, d2) = c.dice;
        let legal = legal_plays(&b, d1, d2);
        assert_eq!(legal.len(), c.n_legal, "{}", c.name);
        let ours: BTreeSet<String> = legal.iter().map(|(_, p)| format_play(&b, p)).collect();
        let theirs: BTreeSet<String> = c.moves.iter().cloned().collect();
        if ours != theirs {
            wrong.push(format!(
                "{}: only ours {:?}, only gnubg's {:?}",
                c.name,
                ours.difference(&theirs).collect::<Vec<_>>(),
                theirs.difference(&ours).collect::<Vec<_>>()
            ));
        }
        for text in &c.moves {
            match parse_play(&b, d1, d2, text) {
                Ok(p) => {
                    let expected = legal.iter().find(|(_, q)| format_play(&b, q) == *text);
                    assert_eq!(
                        Some(p.apply(&b)),
                        expected.map(|e| e.0),
                        "{}: {text}",
                        c.name
                    );
                }
                Err(e) => wrong.push(format!("{}: '{text}' not read: {e}", c.name)),
            }
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

/// A small xorshift generator: the same games every run.
struct Rng(u64);
impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }
}

/// The same play written die by die (`13/10 10/9`, bar as 25, off as 0).
fn single_steps(p: &Play) -> String {
    let mut out: Vec<String> = p
        .steps()
        .iter()
        .map(|s| format!("{}/{}", s.from, s.from.saturating_sub(s.die)))
        .collect();
    out.reverse();
    out.join(",")
}

/// Plays 30 random games of at most 200 turns each and calls `check` with
/// every legal play of every roll on the way (the board, the dice, the
/// board after it, the play); returns how many plays were checked.
fn every_play_of_random_games(
    rng: &mut Rng,
    mut check: impl FnMut(&Board, u8, u8, &Board, &Play),
) -> usize {
    let mut checked = 0;
    for _game in 0..30 {
        let mut b = Board::start();
        for _turn in 0..200 {
            let d1 = rng.below(6) as u8 + 1;
            let d2 = rng.below(6) as u8 + 1;
            let legal = legal_plays(&b, d1, d2);
            for (after, p) in &legal {
                check(&b, d1, d2, after, p);
                checked += 1;
            }
            let Some((next, _)) = legal.get(rng.below(legal.len().max(1))) else {
                b = b.flipped();
                continue;
            };
            if next.mover_won() {
                break;
            }
            b = next.flipped();
        }
    }
    checked
}

#[test]
fn random_games_read_back_every_play_in_several_forms() {
    let mut rng = Rng(0x5eed_1234_abcd_0001);
    let mut checked = 0;
    every_play_of_random_games(&mut rng, |b, d1, d2, after, p| {
        let canonical = format_play(b, p);
        // Canonical; comma-separated; die by die, last step first,
        // in numbers; submoves reversed with 25/0 and no hit marks;
        // the formatted result is the same whichever form was read.
        let reversed: Vec<&str> = canonical.split(' ').rev().collect();
        let plain = reversed
            .join(" ")
            .replace("bar", "25")
            .replace("off", "0")
            .replace('*', "");
        let forms = [
            canonical.clone(),
            canonical.replace(' ', ","),
            single_steps(p),
            plain,
        ];
        for f in forms {
            let read = parse_play(b, d2, d1, &f)
                .unwrap_or_else(|e| panic!("{b:?} {d1}{d2} '{f}' ({canonical}): {e}"));
            assert_eq!(read.apply(b), *after, "'{f}' ({canonical})");
            assert_eq!(format_play(b, &read), canonical);
            checked += 1;
        }
    });
    assert!(checked > 10_000, "{checked}");
}

#[test]
fn every_input_form_reads_the_same_play() {
    let start = Board::start();
    let same = |d1, d2, forms: &[&str]| {
        let boards: Vec<Board> = forms
            .iter()
            .map(|f| {
                parse_play(&start, d1, d2, f)
                    .unwrap_or_else(|e| panic!("{f}: {e}"))
                    .apply(&start)
            })
            .collect();
        assert!(boards.windows(2).all(|w| w[0] == w[1]), "{forms:?}");
    };
    same(
        3,
        1,
        &["8/5 6/5", "6/5 8/5", "8/5,6/5", "8/5* 6/5", "6/5  8/5"],
    );
    same(3, 1, &["13/9", "13/10/9", "13/10 10/9", "10/9 13/10"]);
    same(6, 6, &["24/18(2) 13/7(2)", "13/7 24/18 13/7 24/18"]);
    same(
        6,
        6,
        &["13/7(2) 8/2(2)", "8/2(2) 13/7(2)", "13/7 13/7 8/2 8/2"],
    );
    same(
        4,
        4,
        &[
            "24/16(2)",
            "24/20/16(2)",
            "24/20(2) 20/16(2)",
            "24/16 24/16",
        ],
    );
    // bar and off as words or numbers.
    let bar = Board {
        mover: {
            let mut s = super::super::board::START_POINTS;
            s[24] = 1;
            s[25] = 1;
            s
        },
        other: super::super::board::START_POINTS,
    };
    for f in ["bar/22 13/7", "25/22 13/7", "BAR/22,13/7"] {
        parse_play(&bar, 6, 3, f).unwrap_or_else(|e| panic!("{f}: {e}"));
    }
    let mut home = Board::start();
    home.mover = [0; 26];
    home.mover[6] = 2;
    home.mover[0] = 13;
    for f in ["6/off 6/off", "6/off(2)", "6/0 6/0"] {
        let p = parse_play(&home, 6, 6, f).unwrap_or_else(|e| panic!("{f}: {e}"));
        assert_eq!(p.apply(&home).mover[0], 15, "{f}");
    }
}

/// Plays refused from the starting position: dice, text, the reason's words.
const BAD_PLAYS_FROM_START: [(u8, u8, &str, &str); 20] = [
    (3, 1, "8/5", "both dice must be played"),
    (3, 1, "24-21 6/5", "cannot parse '24-21'"),
    (3, 1, "", "cannot parse an empty play"),
    (3, 1, " , ", "empty play"),
    (3, 1, "8/5 6/5 6/5", "3 submoves but 3-1 plays at most two"),
    (6, 6, "13/7 13/7 8/2 8/2 6/0", "plays at most four"),
    (3, 1, "9/6 6/5", "no checker on 9"),
    (3, 1, "8/8 6/5", "8/8 does not move forward"),
    (3, 1, "5/8", "does not move forward"),
    (3, 1, "26/23 6/5", "no point 26"),
    (3, 1, "6/off 6/5", "6/off: not all checkers are home"),
    (5, 1, "13/8 6/1", "6/1: point 1 is blocked"),
    (6, 1, "13/7 13/7", "pips cannot be played with the dice 6-1"),
    (3, 1, "24/18 6/5", "24/18 uses a 6 but the dice are 3-1"),
    (3, 1, "24/14", "24/14 moves 10 pips but the dice are 3-1"),
    (3, 1, "8/5(7)", "bad repetition"),
    (3, 1, "8/x", "cannot parse '8/x'"),
    (3, 1, "8", "a submove is from/to"),
    (6, 6, "24/18 13/7", "4 dice must be played"),
    (3, 1, "off/5", "nothing moves from off"),
];

/// Reads `text` as a play with the dice `d1`-`d2` on `board` and checks it is
/// refused with a reason that contains `why`, written without a full stop.
fn assert_refused(board: &Board, d1: u8, d2: u8, text: &str, why: &str) {
    let e = parse_play(board, d1, d2, text).expect_err(text);
    assert!(e.contains(why), "'{text}': {e}");
    assert!(!e.ends_with('.'), "'{text}': {e}");
}

#[test]
fn bad_plays_are_rejected_with_a_reason() {
    let start = Board::start();
    for (d1, d2, text, why) in BAD_PLAYS_FROM_START {
        assert_refused(&start, d1, d2, text, why);
    }
    let mut bar = start;
    bar.mover[24] = 1;
    bar.mover[25] = 1;
    // Bottom's checkers on 6 and 5 only (all home), the opponent's as at the start.
    let mut home = start;
    home.mover = [0; 26];
    home.mover[6] = 1;
    home.mover[5] = 2;
    home.mover[0] = 12;
    // Bottom's 20 blocked: 24/16 with 4-4 has no way.
    let mut walled = start;
    walled.other[5] = 2;
    walled.other[6] = 3;
    for (board, d1, d2, text, why) in [
        (
            home,
            2,
            1,
            "6/off",
            "6/off needs 6 pips but the dice are 2-1",
        ),
        (home, 6, 6, "6/off 5/off", "3 dice must be played"),
        (
            bar,
            6,
            3,
            "13/7 24/21",
            "bar first: a checker is on the bar",
        ),
        (
            walled,
            4,
            4,
            "24/16 13/9 13/9",
            "24/16: the points on the way are blocked",
        ),
    ] {
        assert_refused(&board, d1, d2, text, why);
    }
}

/// The larger-die rule and the pass: refused where another play exists,
/// the only play where none does.
#[test]
fn the_larger_die_and_the_pass_are_enforced() {
    let start = Board::start();
    let mut bar = start;
    bar.mover[24] = 1;
    bar.mover[25] = 1;
    // The larger-die rule (oracle case): 13/11 alone is not enough.
    let larger = board("/x8AAAMAEAAAAA");
    let e = parse_play(&larger, 6, 2, "13/11").expect_err("13/11");
    assert!(e.contains("the larger die must be played"), "{e}");
    assert_eq!(
        format_play(&larger, &parse_play(&larger, 6, 2, "13/7").expect("13/7")),
        "13/7"
    );
    // A closed board against a checker on the bar: only `pass` (read by
    // the turn token) is the play.
    let mut closed = bar;
    closed.other = [0; 26];
    closed.other[1..=6].copy_from_slice(&[2, 2, 2, 2, 2, 3]);
    closed.other[0] = 2;
    let e = parse_play(&closed, 4, 2, "bar/21 13/11").expect_err("closed");
    assert!(e.contains("the turn is a pass"), "{e}");
    assert_eq!(parse_play(&closed, 4, 2, "pass"), Ok(Play::default()));
    assert_eq!(format_play(&closed, &Play::default()), "pass");
    let e = parse_play(&start, 3, 1, "pass").expect_err("pass");
    assert!(e.contains("pass is illegal"), "{e}");
}
/// Positions (Position IDs) with a double, and every play GNU Backgammon
/// 1.07's `hint` lists for it, as it writes them.
const GNUBG_DOUBLES: [(&str, u8, u8, &[&str]); 5] = [
    (
        "4DN4kFDEZ/ABCQ",
        1,
        1,
        &[
            "22/20 3/1*",
            "22/20 6/5* 3/2",
            "22/20 6/5*(2)",
            "22/20 6/5*/4",
            "22/20 8/7* 3/2",
            "22/20 8/7* 6/5*",
            "22/20 8/7*(2)",
            "22/20 8/7*/6",
            "22/21 6/5* 3/1*",
            "22/21 6/5*(2) 3/2",
            "22/21 6/5*(3)",
            "22/21 6/5*/3",
            "22/21 6/5*/4 3/2",
            "22/21 6/5*/4 6/5",
            "22/21 8/7* 3/1*",
            "22/21 8/7* 6/5* 3/2",
            "22/21 8/7* 6/5*(2)",
            "22/21 8/7* 6/5*/4",
            "22/21 8/7*(2) 3/2",
            "22/21 8/7*(2) 6/5*",
            "22/21 8/7*/5*",
            "22/21 8/7*/6 3/2",
            "22/21 8/7*/6 8/7",
            "6/5*(2) 3/1*",
            "6/5*(3) 3/2",
            "6/5*(4)",
            "6/5*/2",
            "6/5*/3 6/5",
            "6/5*/4 3/1*",
            "6/5*/4 6/5 3/2",
            "6/5*/4 6/5(2)",
            "6/5*/4(2)",
            "8/7* 6/5* 3/1*",
            "8/7* 6/5*(2) 3/2",
            "8/7* 6/5*(3)",
            "8/7* 6/5*/3",
            "8/7* 6/5*/4 3/2",
            "8/7* 6/5*/4 6/5",
            "8/7*(2) 3/1*",
            "8/7*(2) 6/5* 3/2",
            "8/7*(2) 6/5*(2)",
            "8/7*(2) 6/5*/4",
            "8/7*/5* 3/2",
            "8/7*/5* 6/5",
            "8/7*/5* 8/7",
            "8/7*/5*/4",
            "8/7*/6 3/1*",
            "8/7*/6 8/7 3/2",
            "8/7*/6(2)",
        ],
    ),
    (
        "bkHEUBr/D8BAAA",
        5,
        5,
        &[
            "11/6*/1(2)",
            "17/12 11/6*/1 11/6",
            "17/7 11/6*(2)",
            "17/7 11/6*/1",
        ],
    ),
    (
        "u43AEAmXfKwAAQ",
        3,
        3,
        &[
            "10/1 4/1",
            "10/1 6/3*",
            "10/1 9/6",
            "10/4 6/3*(2)",
            "10/4 9/3*",
            "10/4 9/6(2)",
            "10/7 6/3*(2) 4/1",
            "10/7 6/3*(3)",
            "10/7 9/3* 4/1",
            "10/7 9/3* 6/3",
            "10/7 9/3* 9/6",
            "10/7 9/6(2) 4/1",
            "11/8* 10/1",
            "11/8* 10/4 6/3*",
            "11/8* 10/4 9/6",
            "11/8* 10/7 6/3* 4/1",
            "11/8* 10/7 6/3*(2)",
            "11/8* 10/7 9/3*",
            "11/8* 10/7 9/6 4/1",
            "11/8* 10/7 9/6(2)",
            "11/8* 6/3*(2) 4/1",
            "11/8* 6/3*(3)",
            "11/8* 9/3* 4/1",
            "11/8* 9/3* 6/3",
            "11/8* 9/3* 9/6",
            "11/8* 9/6(2) 4/1",
            "11/8*/5* 10/4",
            "11/8*/5* 10/7 4/1",
            "11/8*/5* 10/7 6/3*",
            "11/8*/5* 10/7 9/6",
            "11/8*/5* 6/3* 4/1",
            "11/8*/5* 6/3*(2)",
            "11/8*/5* 9/3*",
            "11/8*/5* 9/6 4/1",
            "11/8*/5* 9/6(2)",
            "11/8*/5*/2 10/7",
            "11/8*/5*/2 4/1",
            "11/8*/5*/2 6/3*",
            "11/8*/5*/2 9/6",
            "19/10 11/8*",
            "19/10 4/1",
            "19/10 6/3*",
            "19/10 9/6",
            "19/13 10/4",
            "19/13 10/7 4/1",
            "19/13 10/7 6/3*",
            "19/13 10/7 9/6",
            "19/13 11/8* 10/7",
            "19/13 11/8* 4/1",
            "19/13 11/8* 6/3*",
            "19/13 11/8* 9/6",
            "19/13 11/8*/5*",
            "19/13 6/3* 4/1",
            "19/13 6/3*(2)",
            "19/13 9/3*",
            "19/13 9/6 4/1",
            "19/13 9/6(2)",
            "19/16 10/1",
            "19/16 10/4 6/3*",
            "19/16 10/4 9/6",
            "19/16 10/7 6/3* 4/1",
            "19/16 10/7 6/3*(2)",
            "19/16 10/7 9/3*",
            "19/16 10/7 9/6 4/1",
            "19/16 10/7 9/6(2)",
            "19/16 11/8* 10/4",
            "19/16 11/8* 10/7 4/1",
            "19/16 11/8* 10/7 6/3*",
            "19/16 11/8* 10/7 9/6",
            "19/16 11/8* 6/3* 4/1",
            "19/16 11/8* 6/3*(2)",
            "19/16 11/8* 9/3*",
            "19/16 11/8* 9/6 4/1",
            "19/16 11/8* 9/6(2)",
            "19/16 11/8*/5* 10/7",
            "19/16 11/8*/5* 4/1",
            "19/16 11/8*/5* 6/3*",
            "19/16 11/8*/5* 9/6",
            "19/16 11/8*/5*/2",
            "19/16 6/3*(2) 4/1",
            "19/16 6/3*(3)",
            "19/16 9/3* 4/1",
            "19/16 9/3* 6/3",
            "19/16 9/3* 9/6",
            "19/16 9/6(2) 4/1",
            "19/7",
            "6/3*(3) 4/1",
            "6/3*(4)",
            "9/3* 6/3 4/1",
            "9/3* 6/3(2)",
            "9/3* 9/6 4/1",
            "9/3*(2)",
        ],
    ),
    (
        "/10IIADfEwBCQw",
        3,
        3,
        &[
            "bar/22* 16/10 4/1",
            "bar/22* 16/7",
            "bar/22* 20/11",
            "bar/22* 20/14 16/13",
            "bar/22* 20/14 4/1",
            "bar/22* 20/17 16/10",
            "bar/22* 20/17 16/13 4/1",
            "bar/22* 21/18* 16/10",
            "bar/22* 21/18* 16/13 4/1",
            "bar/22* 21/18* 20/14",
            "bar/22* 21/18* 20/17 16/13",
            "bar/22* 21/18* 20/17 4/1",
            "bar/22* 21/18*(2) 16/13",
            "bar/22* 21/18*(2) 20/17",
            "bar/22* 21/18*(2) 4/1",
            "bar/22* 21/18*/12",
            "bar/22* 21/18*/15 16/13",
            "bar/22* 21/18*/15 20/17",
            "bar/22* 21/18*/15 21/18",
            "bar/22* 21/18*/15 4/1",
            "bar/22*/13",
            "bar/22*/16 20/17",
            "bar/22*/16 21/18*",
            "bar/22*/16 4/1",
            "bar/22*/19 16/10",
            "bar/22*/19 16/13 4/1",
            "bar/22*/19 20/14",
            "bar/22*/19 20/17 16/13",
            "bar/22*/19 20/17 4/1",
            "bar/22*/19 21/18* 16/13",
            "bar/22*/19 21/18* 20/17",
            "bar/22*/19 21/18* 4/1",
            "bar/22*/19 21/18*(2)",
            "bar/22*/19 21/18*/15",
        ],
    ),
    (
        "4J8QqAUdICEfHA",
        6,
        6,
        &[
            "16/4* 12/6* 10/4",
            "18/12 16/4* 10/4",
            "18/12(2) 16/4*",
            "18/12(3) 10/4*",
            "18/12(3) 16/10",
            "18/12(4)",
            "18/6* 12/6 10/4*",
            "18/6* 16/10 12/6",
            "18/6* 16/4*",
            "18/6* 18/12 10/4*",
            "18/6* 18/12 16/10",
            "18/6* 18/12(2)",
            "18/6*(2)",
            "23/17* 16/4* 10/4",
            "23/17* 16/4* 12/6*",
            "23/17* 18/12 16/4*",
            "23/17* 18/12(2) 10/4*",
            "23/17* 18/12(2) 16/10",
            "23/17* 18/12(3)",
            "23/17* 18/6* 10/4*",
            "23/17* 18/6* 12/6",
            "23/17* 18/6* 16/10",
            "23/17* 18/6* 18/12",
            "23/17*(2) 12/6* 10/4*",
            "23/17*(2) 16/10 12/6*",
            "23/17*(2) 16/4*",
            "23/17*(2) 18/12 10/4*",
            "23/17*(2) 18/12 16/10",
            "23/17*(2) 18/12(2)",
            "23/17*(2) 18/6*",
            "23/17*(3) 10/4*",
            "23/17*(3) 12/6*",
            "23/17*(3) 16/10",
            "23/17*(3) 18/12",
            "23/17*/11 12/6* 10/4*",
            "23/17*/11 16/10 12/6*",
            "23/17*/11 16/4*",
            "23/17*/11 18/12 10/4*",
            "23/17*/11 18/12 16/10",
            "23/17*/11 18/12(2)",
            "23/17*/11 18/6*",
            "23/17*/11 23/17 10/4*",
            "23/17*/11 23/17 12/6*",
            "23/17*/11 23/17 16/10",
            "23/17*/11 23/17 18/12",
            "23/17*/11 23/17(2)",
            "23/17*/11(2)",
        ],
    ),
];

/// Doubles as GNU Backgammon 1.07 writes them (its `hint` lists of every
/// play): of several submoves from one point the first takes the chain,
/// and `*` marks only the first written landing on a blot's point.
#[test]
fn doubles_are_written_as_gnubg_writes_them() {
    for (id, d1, d2, theirs) in GNUBG_DOUBLES {
        let b = board(id);
        let ours: BTreeSet<String> = legal_plays(&b, d1, d2)
            .iter()
            .map(|(_, p)| format_play(&b, p))
            .collect();
        let theirs: BTreeSet<String> = theirs.iter().map(|t| t.to_string()).collect();
        assert_eq!(ours, theirs, "{id} {d1}{d2}");
        for t in &theirs {
            let p = parse_play(&b, d1, d2, t).unwrap_or_else(|e| panic!("{id} {t}: {e}"));
            assert_eq!(&format_play(&b, &p), t);
        }
    }
}

/// Every step sequence (every order, each die order) of a roll, each
/// ending where no further die can be played.
fn all_sequences(b: &Board, dice: &[u8], path: Play, out: &mut Vec<(Board, Play)>) {
    let mut moved = false;
    for (k, &d) in dice.iter().enumerate() {
        for from in 1..=25usize {
            if b.mover[from] > 0 && b.can_step(from, usize::from(d)) {
                moved = true;
                let mut n = *b;
                n.step(from, usize::from(d));
                let mut rest = dice.to_vec();
                rest.remove(k);
                let step = Step {
                    from: from as u8,
                    die: d,
                };
                all_sequences(&n, &rest, path.with(step), out);
            }
        }
    }
    if !moved {
        out.push((*b, path));
    }
}

#[test]
fn the_text_depends_only_on_the_resulting_position() {
    let mut rng = Rng(0x1234_5678_9abc_def1);
    let mut compared = 0;
    for _game in 0..30 {
        let mut b = Board::start();
        for _turn in 0..200 {
            let d1 = rng.below(6) as u8 + 1;
            let d2 = rng.below(6) as u8 + 1;
            let legal = legal_plays(&b, d1, d2);
            let dice: Vec<u8> = if d1 == d2 { vec![d1; 4] } else { vec![d1, d2] };
            let mut all = Vec::new();
            all_sequences(&b, &dice, Play::default(), &mut all);
            all.sort_by_key(|x| x.0);
            for (after, p) in &legal {
                let want = format_play(&b, p);
                let from = all.partition_point(|x| x.0 < *after);
                for (_, q) in all[from..].iter().take_while(|x| x.0 == *after) {
                    assert_eq!(format_play(&b, q), want, "{}", position_id::write(&b));
                    compared += 1;
                }
            }
            let Some((next, _)) = legal.get(rng.below(legal.len().max(1))) else {
                b = b.flipped();
                continue;
            };
            if next.mover_won() {
                break;
            }
            b = next.flipped();
        }
    }
    assert!(compared > 50_000, "{compared}");
}

/// Replays a per-die text token by token, as a one-die-per-token reader
/// (bgci's bkgm) does: each token one legal step, `*` exactly on a hit.
fn replay_per_die(b: &Board, text: &str) -> Result<Board, String> {
    let mut now = *b;
    if text == "pass" {
        return Ok(now);
    }
    for token in text.split(' ') {
        let (body, starred) = match token.strip_suffix('*') {
            Some(body) => (body, true),
            None => (token, false),
        };
        let point = |s: &str| match s {
            "bar" => Ok(25usize),
            "off" => Ok(0),
            n => match n.parse::<usize>() {
                Ok(p @ 1..=24) => Ok(p),
                _ => Err(format!("'{token}': bad point {n}")),
            },
        };
        let Some((from, to)) = body.split_once('/') else {
            return Err(format!("'{token}' is not from/to"));
        };
        let (from, to) = (point(from)?, point(to)?);
        // Off: the smallest die that bears the checker off is the step.
        let die = (1..=6)
            .find(|&d| {
                if to == 0 {
                    d >= from
                } else {
                    from >= d && from - d == to
                }
            })
            .ok_or_else(|| format!("'{token}' is not one die"))?;
        if !now.can_step(from, die) {
            return Err(format!("'{token}' is not legal here"));
        }
        if now.step(from, die) != starred {
            return Err(format!("'{token}': hit mark wrong"));
        }
    }
    Ok(now)
}

#[test]
fn plays_are_written_die_by_die_for_the_ubgi_wire() {
    let start = Board::start();
    let per_die = |b: &Board, d1, d2, text: &str| {
        let p = parse_play(b, d1, d2, text).unwrap_or_else(|e| panic!("{text}: {e}"));
        format_play_per_die(b, &p)
    };
    assert_eq!(per_die(&start, 3, 1, "8/5 6/5"), "8/5 6/5");
    assert_eq!(per_die(&start, 6, 5, "24/13"), "24/18 18/13");
    let doubles = per_die(&start, 6, 6, "24/18(2) 13/7(2)");
    let mut tokens: Vec<&str> = doubles.split(' ').collect();
    tokens.sort_unstable();
    assert_eq!(tokens, ["13/7", "13/7", "24/18", "24/18"], "{doubles}");
    // A hit on the way is marked on the step that lands on the blot.
    let mut blot = start;
    blot.other[15] = 1;
    blot.other[13] -= 1;
    assert_eq!(per_die(&blot, 3, 1, "13/10*/9"), "13/10* 10/9");
    assert_eq!(format_play_per_die(&start, &Play::default()), "pass");

    let mut rng = Rng(0x0b9d_ce11_0000_0080);
    let checked = every_play_of_random_games(&mut rng, |b, d1, d2, after, p| {
        let text = format_play_per_die(b, p);
        assert!(!text.contains('('), "{text}");
        assert_eq!(text.split(' ').count(), p.steps().len(), "{text}");
        let replayed = replay_per_die(b, &text)
            .unwrap_or_else(|e| panic!("{} {d1}{d2} {text}: {e}", position_id::write(b)));
        assert_eq!(replayed, *after, "{text}");
        let read = parse_play(b, d1, d2, &text).unwrap_or_else(|e| panic!("{text}: {e}"));
        assert_eq!(read.apply(b), *after, "{text}");
    });
    assert!(checked > 10_000, "{checked}");
}
