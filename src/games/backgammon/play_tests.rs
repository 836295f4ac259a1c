//! Plays against GNU Backgammon's own strings (fixtures/backgammon/
//! moves.json), every input form of §2.2, and rejections with reasons.

use super::super::board::Board;
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
                    assert_eq!(Some(p.apply(&b)), expected.map(|e| e.0), "{}: {text}", c.name);
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
fn single_steps(b: &Board, p: &Play) -> String {
    let mut out = Vec::new();
    let mut now = *b;
    for s in p.steps() {
        let to = s.from.saturating_sub(s.die);
        now.step(usize::from(s.from), usize::from(s.die));
        out.push(format!("{}/{}", s.from, to));
    }
    out.reverse();
    out.join(",")
}

#[test]
fn random_games_read_back_every_play_in_several_forms() {
    let mut rng = Rng(0x5eed_1234_abcd_0001);
    let mut checked = 0;
    for _game in 0..30 {
        let mut b = Board::start();
        for _turn in 0..200 {
            let d1 = rng.below(6) as u8 + 1;
            let d2 = rng.below(6) as u8 + 1;
            let legal = legal_plays(&b, d1, d2);
            for (after, p) in &legal {
                let canonical = format_play(&b, p);
                let forms = [canonical.clone(), canonical.replace(' ', ","), single_steps(&b, p)];
                for f in forms {
                    let read = parse_play(&b, d2, d1, &f)
                        .unwrap_or_else(|e| panic!("{b:?} {d1}{d2} '{f}' ({canonical}): {e}"));
                    assert_eq!(read.apply(&b), *after, "'{f}' ({canonical})");
                    checked += 1;
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
    assert!(checked > 10_000, "{checked}");
}

#[test]
fn every_input_form_reads_the_same_play() {
    let start = Board::start();
    let same = |d1, d2, forms: &[&str]| {
        let boards: Vec<Board> = forms
            .iter()
            .map(|f| parse_play(&start, d1, d2, f).unwrap_or_else(|e| panic!("{f}: {e}")).apply(&start))
            .collect();
        assert!(boards.windows(2).all(|w| w[0] == w[1]), "{forms:?}");
    };
    same(3, 1, &["8/5 6/5", "6/5 8/5", "8/5,6/5", "8/5* 6/5", "6/5  8/5"]);
    same(3, 1, &["13/9", "13/10/9", "13/10 10/9", "10/9 13/10"]);
    same(6, 6, &["24/18(2) 13/7(2)", "13/7 24/18 13/7 24/18"]);
    same(6, 6, &["13/7(2) 8/2(2)", "8/2(2) 13/7(2)", "13/7 13/7 8/2 8/2"]);
    same(4, 4, &["24/16(2)", "24/20/16(2)", "24/20(2) 20/16(2)", "24/16 24/16"]);
    // bar and off as words or numbers.
    let bar = Board {
        mover: {
            let mut s = super::super::board::START_SIDE;
            s[24] = 1;
            s[25] = 1;
            s
        },
        other: super::super::board::START_SIDE,
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

#[test]
fn bad_plays_are_rejected_with_a_reason() {
    let start = Board::start();
    let mut bar = start;
    bar.mover[24] = 1;
    bar.mover[25] = 1;
    for (board, d1, d2, text, why) in [
        (start, 3, 1, "8/5", "both dice must be played"),
        (start, 3, 1, "24-21 6/5", "cannot parse"),
        (start, 3, 1, "", "empty play"),
        (start, 3, 1, "8/5 6/5 6/5 6/5 6/5", "at most four"),
        (start, 3, 1, "9/6 6/5", "no checker on 9"),
        (start, 3, 1, "8/8 6/5", "does not move forward"),
        (start, 3, 1, "5/8", "does not move forward"),
        (start, 3, 1, "26/23 6/5", "no point 26"),
        (start, 3, 1, "6/off 6/5", "not all checkers are home"),
        (start, 6, 1, "13/7 8/7 6/5", "pips cannot be played"),
        (start, 5, 1, "13/8 6/1", "point 1 is blocked"),
        (start, 3, 1, "24/18 6/5", "pips cannot be played"),
        (start, 3, 1, "8/5(7)", "bad repetition"),
        (start, 3, 1, "8/x", "cannot parse"),
        (bar, 6, 3, "13/7 24/21", "must enter first"),
        (start, 6, 6, "24/18 13/7", "4 dice must be played"),
        (start, 3, 1, "off/5", "does not move forward"),
    ] {
        let e = parse_play(&board, d1, d2, text).expect_err(text);
        assert!(e.contains(why), "'{text}': {e}");
    }
    // The larger-die rule (oracle case): 13/11 alone is not enough.
    let larger = board("/x8AAAMAEAAAAA");
    let e = parse_play(&larger, 6, 2, "13/11").expect_err("13/11");
    assert!(e.contains("larger die"), "{e}");
    assert_eq!(format_play(&larger, &parse_play(&larger, 6, 2, "13/7").expect("13/7")), "13/7");
}

/// Every step sequence (every order, every die order) that uses the most
/// dice, for the invariance check.
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
                all_sequences(&n, &rest, path.with(Step { from: from as u8, die: d }), out);
            }
        }
    }
    if !moved {
        out.push((*b, path));
    }
}

#[test]
fn explore_invariance() {
    let mut rng = Rng(0x1234_5678_9abc_def1);
    let mut bad = std::collections::BTreeMap::new();
    for _game in 0..60 {
        let mut b = Board::start();
        for _turn in 0..200 {
            let d1 = rng.below(6) as u8 + 1;
            let d2 = rng.below(6) as u8 + 1;
            let legal = legal_plays(&b, d1, d2);
            let dice: Vec<u8> = if d1 == d2 { vec![d1; 4] } else { vec![d1, d2] };
            let mut all = Vec::new();
            all_sequences(&b, &dice, Play::default(), &mut all);
            for (after, p) in &legal {
                let want = format_play(&b, p);
                for (a2, q) in &all {
                    if a2 == after {
                        let got = format_play(&b, q);
                        if got != want {
                            bad.entry(want.clone()).or_insert_with(|| (got, format!("{:?} {d1}{d2}", super::super::position_id::write(&b))));
                        }
                    }
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
    let v: Vec<_> = bad.iter().take(40).collect();
    assert!(bad.is_empty(), "{} differ: {v:#?}", bad.len());
}

#[test]
#[ignore]
fn dump_for_gnubg() {
    use std::fmt::Write as _;
    let mut rng = Rng(0x0123_4567_89ab_cdef);
    let mut text = String::new();
    for _game in 0..40 {
        let mut b = Board::start();
        for _turn in 0..200 {
            let d1 = rng.below(6) as u8 + 1;
            let d2 = rng.below(6) as u8 + 1;
            let legal = legal_plays(&b, d1, d2);
            for (r1, r2, _) in super::super::board::rolls().filter(|_| rng.below(4) == 0) {
                let legal = legal_plays(&b, r1, r2);
                let (d1, d2) = (r1, r2);
                let mut plays: Vec<String> = legal.iter().map(|(_, p)| format_play(&b, p)).collect();
                plays.sort();
                let _ = writeln!(text, "{} {} {}\t{}", super::super::position_id::write(&b), d1.max(d2), d1.min(d2), plays.join("|"));
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
    std::fs::write("/tmp/ours.txt", text).unwrap();
}
