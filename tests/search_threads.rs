//! Searches on several threads, through the engine's bench: backgammon's
//! parallel expectimax plays as one thread does, and every alpha-beta
//! game's Lazy SMP answers each position with a legal move.

use tabula::engine::registry;
use tabula::engine::session::BenchReport;

fn bench(game: &str, depth: u32, threads: usize) -> BenchReport {
    let (tx, _rx) = crossbeam_channel::unbounded();
    let session = registry::create(game, tx, 16).unwrap_or_else(|| panic!("no game {game}"));
    session.bench(Some(depth), 16, threads)
}

/// Each position's move and node count.
fn plays(report: &BenchReport) -> Vec<(String, u64)> {
    report
        .positions
        .iter()
        .map(|p| (p.best.clone(), p.nodes))
        .collect()
}

#[test]
fn backgammon_plays_alike_on_any_number_of_threads() {
    let alone = bench("backgammon", 2, 1);
    assert!(alone.positions.len() >= 20, "bench positions");
    for threads in [2, 3, 8] {
        assert_eq!(
            plays(&bench("backgammon", 2, threads)),
            plays(&alone),
            "{threads} threads"
        );
    }
}

#[test]
fn alpha_beta_games_answer_every_position_on_helpers() {
    for game in ["makruk", "ogi", "tak", "international", "russian", "halma"] {
        let report = bench(game, 5, 3);
        assert!(!report.positions.is_empty(), "{game}");
        for p in &report.positions {
            assert_ne!(p.best, "(none)", "{game}: {}", p.notation);
            assert!(p.nodes > 0, "{game}: {}", p.notation);
        }
    }
}
