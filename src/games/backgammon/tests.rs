//! The rules against the oracles in ../shared/oracles/backgammon.md (GNU
//! Backgammon 1.07, cross-checked with wildbg and bkgm).

use super::board::{Board, perft, rolls};
use super::position_id;

#[test]
fn distinct_plays_per_roll_from_the_start() {
    // The oracle's table, in its order: 11 21 31 41 51 61 22 32 ... 66.
    let expected: [(u8, u8, usize); 21] = [
        (1, 1, 42),
        (2, 1, 15),
        (3, 1, 16),
        (4, 1, 14),
        (5, 1, 8),
        (6, 1, 10),
        (2, 2, 75),
        (3, 2, 17),
        (4, 2, 18),
        (5, 2, 8),
        (6, 2, 14),
        (3, 3, 73),
        (4, 3, 17),
        (5, 3, 9),
        (6, 3, 14),
        (4, 4, 52),
        (5, 4, 9),
        (6, 4, 14),
        (5, 5, 4),
        (6, 5, 7),
        (6, 6, 11),
    ];
    let start = Board::start();
    let mut wrong = Vec::new();
    for (a, b, n) in expected {
        let got = start.plays(a, b).len();
        if got != n {
            wrong.push(format!("{a}{b}: {got}, oracle {n}"));
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("; "));
    assert_eq!(rolls().count(), 21);
    assert_eq!(rolls().map(|r| r.2).sum::<u64>(), 36);
}

#[test]
fn perft_from_the_start_matches_the_oracle() {
    let start = Board::start();
    assert_eq!(perft(&start, 1, false), 447);
    assert_eq!(perft(&start, 1, true), 637);
    assert_eq!(perft(&start, 2, false), 202_782);
    assert_eq!(perft(&start, 2, true), 419_783);
    assert_eq!(perft(&start, 3, false), 116_154_993);
    assert_eq!(perft(&start, 3, true), 346_692_108);
}

/// The value after `"key":` in one JSON object of the oracle file (a
/// string, a number or a small array), without a JSON library.
pub(super) fn field<'a>(object: &'a str, key: &str) -> Option<&'a str> {
    let at = object.find(&format!("\"{key}\""))?;
    let rest = object[at + key.len() + 2..]
        .trim_start()
        .strip_prefix(':')?
        .trim_start();
    let end = match rest.chars().next()? {
        '"' => rest[1..].find('"')? + 2,
        '[' => rest.find(']')? + 1,
        _ => rest.find([',', '\n', '}'])?,
    };
    Some(rest[..end].trim())
}

/// One case of fixtures/backgammon/moves.json.
pub(super) struct OracleCase {
    pub name: String,
    pub position_id: String,
    pub dice: (u8, u8),
    pub n_legal: usize,
    /// Every legal play as GNU Backgammon writes it.
    pub moves: Vec<String>,
}

pub(super) fn oracle_cases() -> Vec<OracleCase> {
    let text = std::fs::read_to_string("fixtures/backgammon/moves.json").expect("oracle file");
    text.split("\"name\"")
        .skip(1)
        .map(|object| {
            let dice: Vec<u8> = field(object, "dice")
                .expect("dice")
                .trim_matches(['[', ']'])
                .split(',')
                .map(|d| d.trim().parse().expect("die"))
                .collect();
            OracleCase {
                name: object.split('"').nth(1).unwrap_or("?").to_string(),
                position_id: field(object, "position_id")
                    .expect("id")
                    .trim_matches('"')
                    .into(),
                dice: (dice[0], dice[1]),
                n_legal: field(object, "n_legal").expect("n").parse().expect("n"),
                moves: field(object, "moves")
                    .expect("moves")
                    .split('"')
                    .skip(1)
                    .step_by(2)
                    .map(str::to_string)
                    .collect(),
            }
        })
        .collect()
}

#[test]
fn rule_edge_cases_have_the_oracle_number_of_plays() {
    let cases = oracle_cases();
    assert_eq!(cases.len(), 17, "every case of the oracle file");
    let mut wrong = Vec::new();
    for c in &cases {
        let (name, id) = (&c.name, &c.position_id);
        let board = position_id::parse(id).unwrap_or_else(|e| panic!("{name}: {id}: {e}"));
        assert_eq!(
            position_id::write(&board),
            *id,
            "{name}: the ID writes back"
        );
        let got = board.plays(c.dice.0, c.dice.1).len();
        if got != c.n_legal {
            wrong.push(format!(
                "{name} ({id}, {:?}): {got} plays, oracle {}",
                c.dice, c.n_legal
            ));
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}
