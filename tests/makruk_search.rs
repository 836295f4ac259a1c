//! The search must solve Makruk mates. Each position's mate distance is
//! proved here by an independent brute-force solver (plain minimax over the
//! legal moves), then the engine must report exactly that distance and play
//! a move that keeps the forced mate.

mod common;

use common::mate::{self, search};
use std::sync::atomic::AtomicBool;
use tabula::games::makruk::{Makruk, Position};
use tabula::games::{Game, GamePosition};
use tabula::rules::RulesPosition;
use tabula::search::{AlphaBetaPosition, Score, SearchLimits};

fn position(fen: &str) -> Position {
    Makruk::new()
        .parse_position(fen)
        .unwrap_or_else(|e| panic!("{fen}: {e}"))
}

fn checkmated(p: &Position) -> bool {
    p.in_check() && p.legal_move_list().is_empty()
}

fn check_mate_in(fen: &str, n: u32) {
    // Reductions and pruning may hide a mate for a few iterations; the
    // engine must still prove it well inside a second of search.
    let limits = SearchLimits {
        depth: Some(2 * n + 10),
        ..Default::default()
    };
    mate::check_mate_in(fen, position(fen), n, limits, checkmated);
}

#[test]
fn mate_in_one() {
    check_mate_in("6k1/8/6K1/8/8/8/8/R7 w - - 0 1", 1);
    check_mate_in("4k3/8/3SK3/8/8/8/8/7R w - - 0 1", 1);
}

#[test]
fn mate_in_two() {
    check_mate_in("7k/8/5K2/8/8/8/8/1R6 w - - 0 1", 2);
    check_mate_in("6k1/6p1/5M1K/8/8/8/8/R7 w - - 0 1", 2);
    check_mate_in("2k5/8/1K6/8/8/8/8/7R w - - 0 1", 2);
}

#[test]
fn mate_in_three() {
    check_mate_in("6k1/8/8/4K3/8/8/1R6/8 w - - 0 1", 3);
    check_mate_in("8/8/8/8/2M3R1/8/4K2k/8 w - - 0 1", 3);
}

#[test]
fn mate_in_four() {
    check_mate_in("3R4/8/8/8/8/8/1k1K4/8 w - - 0 1", 4);
}

#[test]
fn the_mated_side_sees_it_coming() {
    // Black to move; whatever it does, White mates next move.
    let fen = "7k/8/6K1/8/8/8/8/R7 b - - 0 1";
    mate::check_mated_next_move(fen, position(fen), checkmated);
}

#[test]
fn go_mate_stops_when_the_mate_is_proved() {
    let p = position("7k/8/5K2/8/8/8/8/1R6 w - - 0 1");
    let (best, score) = search(
        &p,
        SearchLimits {
            mate: Some(2),
            ..Default::default()
        },
    );
    assert!(best.is_some());
    assert_eq!(score, Score::MatePlies(3));
}

#[test]
fn counting_limit_makes_a_win_a_draw() {
    // Pieces' honour: rook against bare king, 16 moves = 32 plies, count 31.
    // No mate in one exists, so the count runs out: the search must see a draw.
    let p = position("8/8/4k3/8/8/8/8/R2K4 w - 32 31 40");
    let (best, score) = search(
        &p,
        SearchLimits {
            depth: Some(6),
            ..Default::default()
        },
    );
    assert!(best.is_some());
    assert_eq!(score, Score::Cp(0));
    // With the count fresh the same material is winning.
    let p = position("8/8/4k3/8/8/8/8/R2K4 w - 32 6 40");
    let (_, score) = search(
        &p,
        SearchLimits {
            depth: Some(6),
            ..Default::default()
        },
    );
    assert!(
        matches!(score, Score::Cp(cp) if cp > 200) || matches!(score, Score::MatePlies(n) if n > 0),
        "{score:?}"
    );
}

#[test]
fn bench_signature_is_deterministic() {
    use tabula::engine::registry;
    let run = || {
        let (tx, _rx) = crossbeam_channel::unbounded();
        let session = registry::create("makruk", tx, 16).expect("makruk session");
        session.bench(Some(6), 16, 1)
    };
    let (a, b) = (run(), run());
    assert!(
        a.positions.len() >= 10,
        "bench has {} positions",
        a.positions.len()
    );
    assert!(a.nodes > 0);
    assert_eq!(a.nodes, b.nodes, "the node total is the search signature");
    let per_position = |r: &tabula::engine::BenchReport| -> Vec<(u64, String)> {
        r.positions
            .iter()
            .map(|p| (p.nodes, p.best.clone()))
            .collect()
    };
    assert_eq!(per_position(&a), per_position(&b));
}

/// Brute force: the side to move mates within `n` moves, every one a check.
fn mate_by_checks_in(p: &mut Position, n: u32) -> bool {
    for m in p.legal_move_list() {
        p.make(m);
        let forced = p.in_check()
            && (checkmated(p)
                || (n > 1 && {
                    let replies = p.legal_move_list();
                    replies.into_iter().all(|r| {
                        p.make(r);
                        let v = mate_by_checks_in(p, n - 1);
                        p.unmake();
                        v
                    })
                }));
        p.unmake();
        if forced {
            return true;
        }
    }
    false
}

/// The checks-only mate solver behind USI `go mate` agrees with brute force
/// on the shortest mate by checks; its line checks at every attacker move
/// and ends in mate; a side without any check is proved to have no mate.
#[test]
fn tsume_solver_agrees_with_brute_force() {
    use tabula::search::tsume::{TsumeResult, solve};
    let stop = AtomicBool::new(false);
    let fens = [
        "6k1/8/6K1/8/8/8/8/R7 w - - 0 1",
        "4k3/8/3SK3/8/8/8/8/7R w - - 0 1",
        "8/8/8/8/2M3R1/8/4K2k/8 w - - 0 1",
        "6k1/6p1/5M1K/8/8/8/8/R7 w - - 0 1",
        "7k/8/5K2/8/8/8/8/1R6 w - - 0 1",
        "2k5/8/1K6/8/8/8/8/7R w - - 0 1",
        "6k1/8/8/4K3/8/8/1R6/8 w - - 0 1",
    ];
    let mut found = 0;
    for fen in fens {
        let mut p = position(fen);
        let shortest = (1..=3).find(|&n| mate_by_checks_in(&mut p, n));
        let (result, _) = solve(&p, 5, &stop, None);
        match (shortest, result) {
            (Some(n), TsumeResult::Mate(line)) => {
                found += 1;
                assert_eq!(line.len() as u32, 2 * n - 1, "{fen}: mate length");
                for (i, &m) in line.iter().enumerate() {
                    assert!(p.legal_move_list().contains(&m), "{fen}: ply {i} illegal");
                    p.make(m);
                    if i % 2 == 0 {
                        assert!(p.in_check(), "{fen}: attacker ply {i} gives no check");
                    }
                }
                assert!(checkmated(&p), "{fen}: the line does not end in mate");
            }
            (None, TsumeResult::NoMate | TsumeResult::Timeout) => {}
            (n, r) => panic!("{fen}: brute force {n:?}, solver {r:?}"),
        }
    }
    assert!(found >= 2, "too few positions with a mate by checks");
    // A bare king has no check at all: no mate, proved at once.
    let lone = position("7k/8/6K1/8/8/8/8/R7 b - - 0 1");
    let (result, nodes) = solve(&lone, 31, &stop, None);
    assert_eq!(result, TsumeResult::NoMate);
    assert!(nodes < 100, "{nodes} nodes for a position without checks");
}
