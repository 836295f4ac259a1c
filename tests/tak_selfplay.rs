//! The engine plays whole Tak games against itself (legal moves, a result
//! at the end, PTN record replays), and `bench` runs on the Tak positions.

use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use tabula::engine::session::{EngineSession, GameSession};
use tabula::games::tak::ptn_file::{self, PtnGame};
use tabula::games::tak::{Position, Tak};
use tabula::games::{Game, GamePosition, MoveNotation};
use tabula::rules::RulesPosition;
use tabula::search::{Job, SearchLimits, SearchSettings, Searcher};

fn best(p: &Position, depth: u32) -> Option<<Position as RulesPosition>::Move> {
    let mut searcher = Searcher::new(16);
    let job = Job {
        position: p.clone(),
        limits: SearchLimits {
            depth: Some(depth),
            ..Default::default()
        },
        settings: SearchSettings::default(),
        searchmoves: Vec::new(),
        formatter: Arc::new(|_: &Position, moves: &[_]| vec![String::new(); moves.len()]),
    };
    searcher.run(job, &AtomicBool::new(false), &mut |_| {}).best
}

fn self_play(
    size: usize,
    depth: u32,
    print: bool,
) -> (Position, Vec<<Position as RulesPosition>::Move>) {
    let mut g = Tak::new();
    g.new_game_argument(&size.to_string()).unwrap();
    let start = g.start_position();
    let mut p = start.clone();
    let mut moves = Vec::new();
    while p.outcome().is_none() && moves.len() < 300 {
        let Some(m) = best(&p, depth) else { break };
        assert!(p.legal_move_list().contains(&m));
        if print {
            println!(
                "{:3} {:8} {}",
                moves.len() + 1,
                p.format_move(m, MoveNotation::Native),
                p.to_notation()
            );
        }
        moves.push(m);
        p.play(m);
    }
    (start, moves)
}

#[test]
fn self_play_games_finish() {
    for size in [3, 4, 5] {
        let (start, moves) = self_play(size, 3, false);
        let mut p = start.clone();
        for &m in &moves {
            p.play(m);
        }
        assert!(
            p.outcome().is_some(),
            "size {size}: unfinished after {} moves",
            moves.len()
        );
        let rec = PtnGame::from_game(Vec::new(), &start, &moves, None);
        let back = ptn_file::parse(&rec.write()).unwrap();
        assert_eq!(back.replay().unwrap().to_notation(), p.to_notation());
    }
}

/// Prints self-play games (to pick bench positions):
/// `cargo test --release --test tak_selfplay -- --ignored --nocapture`
#[test]
#[ignore]
fn print_self_play() {
    for size in [5, 6] {
        self_play(size, 5, true);
    }
}

/// `bench` over the Tak positions of sizes 5 and 6 at the default depth.
#[test]
fn bench_runs() {
    let mut total = 0;
    for size in ["5", "6"] {
        let (tx, _rx) = crossbeam_channel::unbounded();
        let mut s = GameSession::<Tak>::new(tx, 16);
        s.set_game_option("TakSize", size).unwrap();
        s.new_game();
        let r = s.bench(None, 16, 1);
        println!(
            "bench size {size}: {} positions, {} nodes in {} ms = {} nps",
            r.positions.len(),
            r.nodes,
            r.elapsed_ms,
            r.nps()
        );
        assert!(r.positions.len() >= 3);
        total += r.nodes;
    }
    assert!(total > 0);
}
