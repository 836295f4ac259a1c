//! Tak tactics (fixtures/tak/tactics.txt): roads in one, blocking a road
//! threat, and two-move road wins, searched at a fixed depth. Winning move
//! sets are proved by an independent brute-force search here.

mod common;

use common::mate;
use tabula::games::tak::{Position, Tak};
use tabula::games::{Game, GamePosition, MoveNotation};
use tabula::rules::RulesPosition;
use tabula::search::{AlphaBetaPosition, Score, SearchLimits};

struct Case {
    kind: String,
    size: usize,
    tps: String,
    moves: Vec<String>,
    depth: u32,
}

fn cases() -> Vec<Case> {
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/fixtures/tak/tactics.txt"
    ))
    .expect("fixture present");
    text.lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(|l| {
            let f: Vec<&str> = l.split(';').map(str::trim).collect();
            assert_eq!(f.len(), 5, "bad fixture line {l}");
            Case {
                kind: f[0].to_string(),
                size: f[1].parse().expect("size"),
                tps: f[2].to_string(),
                moves: f[3].split_whitespace().map(str::to_string).collect(),
                depth: f[4].parse().expect("depth"),
            }
        })
        .collect()
}

fn position(size: usize, tps: &str) -> Position {
    let mut g = Tak::new();
    g.new_game_argument(&size.to_string()).unwrap();
    g.parse_position(tps)
        .unwrap_or_else(|e| panic!("{tps}: {e}"))
}

/// The player `mover` has won in `p`.
fn won_by(p: &Position, mover: usize) -> bool {
    p.outcome().is_some_and(|o| o.winner() == Some(mover))
}

/// The side to move forces a win within `n` of its own moves.
fn wins_within(p: &mut Position, n: u32) -> bool {
    let me = p.side_to_move();
    for m in p.legal_move_list() {
        p.make(m);
        let ok =
            won_by(p, me) || (n > 1 && p.outcome().is_none() && all_replies_lose(p, n - 1, me));
        p.unmake();
        if ok {
            return true;
        }
    }
    false
}

fn all_replies_lose(p: &mut Position, n: u32, me: usize) -> bool {
    let replies = p.legal_move_list();
    replies.into_iter().all(|r| {
        p.make(r);
        let ok = won_by(p, me) || (p.outcome().is_none() && wins_within(p, n));
        p.unmake();
        ok
    })
}

/// Every move of the side to move that forces a win within `n` own moves.
fn winning_moves(p: &mut Position, n: u32) -> Vec<String> {
    let me = p.side_to_move();
    let mut out = Vec::new();
    for m in p.legal_move_list() {
        let text = p.format_move(m, MoveNotation::Native);
        p.make(m);
        let ok =
            won_by(p, me) || (n > 1 && p.outcome().is_none() && all_replies_lose(p, n - 1, me));
        p.unmake();
        if ok {
            out.push(text);
        }
    }
    out.sort();
    out
}

fn search(p: &Position, depth: u32) -> (Option<<Position as RulesPosition>::Move>, Score) {
    let limits = SearchLimits {
        depth: Some(depth),
        ..Default::default()
    };
    mate::search(p, limits)
}

#[test]
fn tak_tactics_suite() {
    let all = cases();
    assert!(all.len() >= 6);
    let mut failures = Vec::new();
    for c in &all {
        let mut p = position(c.size, &c.tps);
        let mut accepted = c.moves.clone();
        match c.kind.as_str() {
            "win1" | "win2" => {
                let n = if c.kind == "win1" { 1 } else { 2 };
                let proved = winning_moves(&mut p, n);
                assert!(!proved.is_empty(), "{}: no forced win in {n}", c.tps);
                if n == 2 {
                    assert!(
                        winning_moves(&mut p, 1).is_empty(),
                        "{}: wins at once",
                        c.tps
                    );
                }
                if accepted != ["?"] {
                    let mut a = accepted.clone();
                    a.sort();
                    assert_eq!(a, proved, "{}: fixture list vs brute force", c.tps);
                }
                accepted = proved;
            }
            "block" => {
                // The opponent threatens; the listed moves stop the road in one.
                p.make_null();
                assert!(wins_within(&mut p, 1), "{}: no threat", c.tps);
                p.unmake_null();
                for m in &accepted {
                    let mv = p.parse_move(m, MoveNotation::Native).unwrap();
                    p.make(mv);
                    assert!(!wins_within(&mut p, 1), "{}: {m} does not block", c.tps);
                    p.unmake();
                }
            }
            k => panic!("unknown kind {k}"),
        }
        let (best, score) = search(&p, c.depth);
        let best = best.map(|m| p.format_move(m, MoveNotation::Native));
        let ok = best.as_ref().is_some_and(|b| accepted.contains(b));
        let score_ok = match c.kind.as_str() {
            "win1" => score == Score::MatePlies(1),
            "win2" => score == Score::MatePlies(3),
            _ => true,
        };
        println!(
            "{:6} {:60} -> {:?} {:?} (accepted {:?})",
            c.kind, c.tps, best, score, accepted
        );
        if !ok || !score_ok {
            failures.push(format!("{} {}: got {best:?} {score:?}", c.kind, c.tps));
        }
    }
    assert!(failures.is_empty(), "failures: {failures:#?}");
}

/// The side to move completes a road by placing a piece.
fn places_a_road(p: &mut Position) -> bool {
    let me = p.side_to_move();
    p.legal_move_list()
        .into_iter()
        .filter(|m| m.is_place())
        .any(|m| {
            p.make(m);
            let won = won_by(p, me);
            p.unmake();
            won
        })
}

/// Tak's "check" (the opponent threatens a road by placement) and the
/// search's win-in-one shortcut (the mover has one) agree with trying every
/// move, in the fixture positions and one move after each.
#[test]
fn road_threats_by_placement_agree_with_brute_force() {
    let mut positions = Vec::new();
    for c in cases() {
        let mut root = position(c.size, &c.tps);
        for m in root.legal_move_list() {
            root.make(m);
            if root.outcome().is_none() {
                positions.push(root.clone());
            }
            root.unmake();
        }
        positions.push(root);
    }
    let (mut checks, mut wins) = (0, 0);
    for mut p in positions.iter().cloned() {
        let wins_now = places_a_road(&mut p);
        assert_eq!(p.wins_at_once(), wins_now, "{}", p.to_notation());
        p.make_null();
        let threatened = places_a_road(&mut p);
        p.unmake_null();
        assert_eq!(p.in_check(), threatened, "{}", p.to_notation());
        checks += threatened as usize;
        wins += wins_now as usize;
    }
    assert!(
        positions.len() > 500 && checks > 20 && wins > 20,
        "{} positions, {checks} threatened, {wins} winning",
        positions.len()
    );
}

/// A lost position searched one ply deep: the opponent has two roads by
/// placement (rows 4 and 2) and one move stops at most one. Quiescence
/// scores each reply as a win in one for the opponent without searching
/// it, so the search visits the root and one node per legal move only
/// (searching the winning placements would at least double that).
#[test]
fn quiescence_scores_a_road_by_placement_without_searching_it() {
    let p = position(4, "2,2,2,x/1,1,x2/2,2,2,x/1,x3 1 10");
    assert!(p.in_check() && !p.wins_at_once());
    let legal = p.legal_move_list().len() as u64;
    let limits = SearchLimits {
        depth: Some(1),
        ..Default::default()
    };
    let r = mate::search_result(&p, limits);
    assert_eq!(r.score, Score::MatePlies(-2), "lost to a road in one");
    assert!(
        r.nodes <= 1 + legal,
        "{} nodes for {legal} legal moves",
        r.nodes
    );
}
