//! Lazy SMP: more threads give the same exact values, one answer per job,
//! node limits over all threads, and prompt stops with helpers running.

use super::*;

/// A job on `threads` threads.
fn job_on<P: RulesPosition>(position: P, limits: SearchLimits, threads: usize) -> Job<P> {
    Job {
        settings: SearchSettings {
            threads,
            ..SearchSettings::default()
        },
        ..job(position, limits)
    }
}

#[test]
fn helpers_spread_over_depths() {
    // Groups of 2 * size helpers, each phase of the group once.
    let expected = [(1, 0), (1, 1), (2, 0), (2, 1), (2, 2), (2, 3), (3, 0)];
    for (i, &pattern) in expected.iter().enumerate() {
        assert_eq!(
            crate::search::smp::depth_skip(i + 1),
            pattern,
            "helper {}",
            i + 1
        );
    }
}

#[test]
fn helpers_keep_the_exact_values() {
    let mut memo = std::collections::HashMap::new();
    let mut rng = 777u64;
    for threads in [2, 4] {
        for _ in 0..12 {
            rng = splitmix(rng);
            let piles: Vec<u8> = (0..3).map(|i| ((rng >> (8 * i + 8)) % 6) as u8).collect();
            let mut pos = Nim::new(&piles, Some(2));
            let exact = nim_exact(&mut pos, &mut memo);
            let total: u32 = piles.iter().map(|&p| u32::from(p)).sum();
            let job = job_on(pos.clone(), depth(total + 4), threads);
            let (r, events) = run_sync(&mut Searcher::new(1), job);
            let expected = if exact > 0 {
                Score::MatePlies(MATE - exact)
            } else {
                Score::MatePlies(-(MATE + exact))
            };
            assert_eq!(r.score, expected, "piles {piles:?}, {threads} threads");
            assert_eq!(bestmoves(&events), 1);
            assert_pv_legal(pos, &r.pv);
        }
    }
}

#[test]
fn threads_answer_once_with_legal_lines() {
    for seed in [4u64, 5] {
        let pos = Skirmish::new(seed, 10);
        let mut s = Searcher::new(4);
        for threads in [1, 3, 1, 2] {
            let (r, events) = run_sync(&mut s, job_on(pos.clone(), depth(9), threads));
            assert_eq!(bestmoves(&events), 1, "{threads} threads");
            assert_eq!(r.depth, 9);
            assert_pv_legal(pos.clone(), &r.pv);
            for info in infos(&events) {
                assert!(info.nodes > 0 && info.depth <= 9);
            }
        }
    }
}

#[test]
fn the_team_keeps_the_deepest_helper_line() {
    use crate::search::smp::{Line, Team};
    let line = |score: i32| Line {
        score,
        pv: vec![score as u8],
        seldepth: 0,
    };
    let team = Team::<u8>::new();
    assert_eq!(team.deepest(), 0);
    assert!(team.helper_line_from(1).is_none());
    team.helper_completed(5, line(50));
    // A slower helper's shallower line does not replace it.
    team.helper_completed(4, line(40));
    assert_eq!(team.deepest(), 5);
    let (depth, kept) = team.helper_line_from(5).expect("depth 5");
    assert_eq!((depth, kept.score, kept.pv), (5, 50, vec![50]));
    assert!(team.helper_line_from(6).is_none());
}

#[test]
fn completed_depths_rise_to_the_job_depth_with_helpers() {
    for (seed, threads) in [(8u64, 2), (9, 4), (10, 2)] {
        let pos = Skirmish::new(seed, 12);
        let (r, events) = run_sync(
            &mut Searcher::new(4),
            job_on(pos.clone(), depth(10), threads),
        );
        let exact: Vec<u32> = infos(&events)
            .iter()
            .filter(|i| i.bound == Bound::Exact)
            .map(|i| i.depth)
            .collect();
        // A helper that completes the job's depth first answers for the
        // main thread; the depths said never fall and end at the job's.
        assert!(exact.windows(2).all(|w| w[0] <= w[1]), "{exact:?}");
        assert_eq!(exact.last(), Some(&10), "{threads} threads");
        assert_eq!((r.depth, bestmoves(&events)), (10, 1));
        assert_pv_legal(pos, &r.pv);
    }
}

#[test]
fn one_thread_is_the_search_it_always_was() {
    let pos = Skirmish::new(6, 9);
    let alone = run_sync(&mut Searcher::new(4), job(pos.clone(), depth(8))).0;
    // A searcher that ran helpers before searches alike on one thread
    // after a clear.
    let mut s = Searcher::new(4);
    run_sync(&mut s, job_on(pos.clone(), depth(6), 3));
    s.clear_hash();
    let again = run_sync(&mut s, job_on(pos, depth(8), 1)).0;
    assert_eq!(
        (alone.nodes, alone.pv, alone.score),
        (again.nodes, again.pv, again.score)
    );
}

#[test]
fn node_limits_count_every_thread() {
    const LIMIT: u64 = 400_000;
    const THREADS: usize = 4;
    let limits = SearchLimits {
        nodes: Some(LIMIT),
        ..Default::default()
    };
    let job = job_on(Skirmish::new(7, 14), limits, THREADS);
    let (r, events) = run_sync(&mut Searcher::new(4), job);
    assert_eq!(bestmoves(&events), 1);
    // A main thread that counted only its own nodes would stop near
    // THREADS x LIMIT in all. Counting the team's, it stops at LIMIT; the
    // helpers add their nodes as they poll, and a loaded machine may let
    // them run on while the main thread waits for a core, hence the room
    // up to the middle.
    let bound = LIMIT * (THREADS as u64 + 1) / 2;
    assert!(
        (LIMIT..bound).contains(&r.nodes),
        "{THREADS} threads: {} nodes",
        r.nodes
    );
}

#[test]
fn stop_and_drop_are_prompt_with_helpers_searching() {
    let infinite = SearchLimits {
        infinite: true,
        ..Default::default()
    };
    let (w, rx) = worker::<Skirmish>();
    w.start(job_on(Skirmish::new(2, 14), infinite.clone(), 4));
    std::thread::sleep(Duration::from_millis(100));
    assert!(w.is_searching());
    let t = Instant::now();
    w.stop();
    recv_until_bestmove(&rx, Duration::from_secs(2)).expect("bestmove after stop");
    assert!(
        t.elapsed() < Duration::from_millis(500),
        "{:?}",
        t.elapsed()
    );
    assert!(no_bestmove_within(&rx, Duration::from_millis(50)));

    w.start(job_on(Skirmish::new(3, 14), infinite, 4));
    std::thread::sleep(Duration::from_millis(50));
    let t = Instant::now();
    drop(w);
    assert!(
        t.elapsed() < Duration::from_millis(500),
        "{:?}",
        t.elapsed()
    );
    recv_until_bestmove(&rx, Duration::from_millis(100)).expect("bestmove before drop returned");
}

#[test]
fn a_panic_among_helpers_still_answers_once() {
    let deadline = Duration::from_secs(20);
    let (w, rx) = worker::<Broken>();
    w.start(job_on(Broken(Nim::new(&[7, 7], None)), depth(4), 3));
    let (_, bm) = recv_until_bestmove(&rx, deadline).expect("bestmove");
    assert!(matches!(bm, SearchEvent::BestMove { best: Some(_), .. }));
    w.wait_idle();
    assert!(no_bestmove_within(&rx, Duration::from_millis(50)));
}
