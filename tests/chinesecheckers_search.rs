//! The multi-player searches on Chinese checkers: best-reply and paranoid
//! find a finishing move and keep to `stop`, depth and node limits, and
//! answer alike at a fixed depth on any number of threads; the greedy
//! baseline plays the furthest step, the same one each time.

use std::sync::atomic::AtomicBool;
use tabula::games::chinesecheckers::{Position, Rules, ccn};
use tabula::games::{MoveNotation, pv_formatter};
use tabula::search::multiplayer::MultiPlayerSearch;
use tabula::search::{
    Job, MultiMethod, SearchEvent, SearchLimits, SearchResult, SearchSettings, SearchStrategy,
};

/// Player 1 (N) has nine marbles home in the south and steps 102-111 to
/// finish; players 2 and 3 stand in the middle.
const FINISH_3P: &str = "102,112,113,114,115,116,117,118,119,120/46,47,48,49,50,51,52,53,54,55/35,36,37,38,39,40,41,42,43,44 1 5";
const START_3P: &str =
    "0,1,2,3,4,5,6,7,8,9/74,84,85,95,96,97,107,108,109,110/65,75,76,86,87,88,98,99,100,101 1 1";

fn position(text: &str) -> Position {
    ccn::parse(text, Rules::default()).expect("ccn")
}

type Found = (
    Vec<SearchEvent>,
    SearchResult<tabula::games::chinesecheckers::Move>,
);

/// Runs one job; the events it sent and its result.
fn search(text: &str, method: MultiMethod, limits: SearchLimits, stop: &AtomicBool) -> Found {
    search_on(position(text), method, limits, 1, stop)
}

/// Runs one job on `threads` threads.
fn search_on(
    position: Position,
    method: MultiMethod,
    limits: SearchLimits,
    threads: usize,
    stop: &AtomicBool,
) -> Found {
    let mut strategy = MultiPlayerSearch::<Position>::new(4);
    let job = Job {
        position,
        limits,
        settings: SearchSettings {
            multi: method,
            threads,
            ..SearchSettings::default()
        },
        searchmoves: Vec::new(),
        formatter: pv_formatter::<Position>(MoveNotation::Native),
    };
    let mut events = Vec::new();
    let result = strategy.run(job, stop, None, &mut |e| events.push(e));
    (events, result)
}

fn best_text(events: &[SearchEvent]) -> Option<String> {
    let finals: Vec<&SearchEvent> = events.iter().filter(|e| e.is_final()).collect();
    assert_eq!(finals.len(), 1, "exactly one final answer: {events:?}");
    match finals[0] {
        SearchEvent::BestMove { best, .. } => best.clone(),
        other => panic!("not a bestmove: {other:?}"),
    }
}

fn depths(events: &[SearchEvent]) -> Vec<u32> {
    events
        .iter()
        .filter_map(|e| match e {
            SearchEvent::Info(i) => Some(i.depth),
            _ => None,
        })
        .collect()
}

fn depth(d: u32) -> SearchLimits {
    SearchLimits {
        depth: Some(d),
        ..SearchLimits::default()
    }
}

#[test]
fn both_searches_find_the_finishing_step() {
    let stop = AtomicBool::new(false);
    for method in [MultiMethod::Brs, MultiMethod::Paranoid] {
        for d in 1..=3 {
            let (events, result) = search(FINISH_3P, method, depth(d), &stop);
            assert_eq!(
                best_text(&events).as_deref(),
                Some("102-111"),
                "{method:?} depth {d}"
            );
            assert_eq!(depths(&events), (1..=d).collect::<Vec<_>>(), "{method:?}");
            assert_eq!(result.depth, d);
        }
    }
}

#[test]
fn depth_node_and_stop_limits_hold() {
    let stop = AtomicBool::new(false);
    for method in [MultiMethod::Brs, MultiMethod::Paranoid] {
        let (events, _) = search(START_3P, method, depth(2), &stop);
        assert_eq!(depths(&events), vec![1, 2], "{method:?}");
        // A node budget ends the search; it still answers a move.
        let limits = SearchLimits {
            nodes: Some(3000),
            ..SearchLimits::default()
        };
        let (events, result) = search(START_3P, method, limits, &stop);
        assert!(best_text(&events).is_some());
        assert!(result.nodes < 3000 + 1024, "{method:?}: {}", result.nodes);
    }
    // `stop` before an infinite search: depth 1 is finished, nothing more,
    // and the answer comes.
    let stopped = AtomicBool::new(true);
    let infinite = SearchLimits {
        infinite: true,
        ..SearchLimits::default()
    };
    let (events, result) = search(START_3P, MultiMethod::Brs, infinite, &stopped);
    assert!(best_text(&events).is_some());
    assert_eq!(result.depth, 1);
}

/// What a search reports but its nodes and times: depth, score and move
/// of each iteration, then the answer.
fn reports(events: &[SearchEvent]) -> Vec<String> {
    events
        .iter()
        .map(|e| match e {
            SearchEvent::Info(i) => format!("{} {:?} {:?}", i.depth, i.score, i.pv),
            other => format!("{other:?}"),
        })
        .collect()
}

const START_6P: &str = "0,1,2,3,4,5,6,7,8,9/19,20,21,22,32,33,34,44,45,55/74,84,85,95,96,97,107,108,109,110/111,112,113,114,115,116,117,118,119,120/65,75,76,86,87,88,98,99,100,101/10,11,12,13,23,24,25,35,36,46 1 1";

#[test]
fn fixed_depth_answers_alike_on_any_number_of_threads() {
    // Root moves shared out over threads in any order: the same scores at
    // every depth and the same move as one thread, from the starts and
    // from positions some greedy plies in.
    let stop = AtomicBool::new(false);
    for (text, plies) in [(START_3P, 0), (START_3P, 7), (START_6P, 0), (START_6P, 13)] {
        let mut pos = position(text);
        for _ in 0..plies {
            let greedy = search_on(pos.clone(), MultiMethod::Greedy(3), depth(1), 1, &stop);
            pos.make_move(greedy.1.best.expect("a greedy move"));
        }
        for method in [MultiMethod::Brs, MultiMethod::Paranoid] {
            let alone = search_on(pos.clone(), method, depth(4), 1, &stop);
            for threads in [2, 3, 4] {
                let shared = search_on(pos.clone(), method, depth(4), threads, &stop);
                assert_eq!(
                    reports(&shared.0),
                    reports(&alone.0),
                    "{text} +{plies}, {method:?}, {threads} threads"
                );
                assert_eq!(shared.1.best, alone.1.best);
            }
        }
    }
}

#[test]
fn node_limits_and_stop_count_every_thread() {
    let stop = AtomicBool::new(false);
    let limits = SearchLimits {
        nodes: Some(20_000),
        ..SearchLimits::default()
    };
    for method in [MultiMethod::Brs, MultiMethod::Paranoid] {
        let (events, result) = search_on(position(START_6P), method, limits.clone(), 4, &stop);
        assert!(best_text(&events).is_some());
        // Each thread adds its nodes at least every 1024.
        assert!(
            (20_000..20_000 + 4 * 1024).contains(&result.nodes),
            "{method:?}: {}",
            result.nodes
        );
    }
    let stopped = AtomicBool::new(true);
    let infinite = SearchLimits {
        infinite: true,
        ..SearchLimits::default()
    };
    let (events, result) = search_on(position(START_6P), MultiMethod::Brs, infinite, 3, &stopped);
    assert!(best_text(&events).is_some());
    assert_eq!(result.depth, 1);
}

#[test]
fn a_clock_of_the_player_to_move_ends_the_search() {
    // Player 2 to move with 300 ms on its own clock (`p2time`).
    let stop = AtomicBool::new(false);
    let text = "0,1,2,3,4,5,6,7,8,17/74,84,85,95,96,97,107,108,109,110/65,75,76,86,87,88,98,99,100,101 2 1";
    let mut limits = SearchLimits {
        player_clocks: true,
        ..SearchLimits::default()
    };
    limits.time = vec![Some(300_000), Some(300), Some(300_000)];
    let (events, result) = search(text, MultiMethod::Brs, limits, &stop);
    assert!(best_text(&events).is_some());
    assert!(result.time_ms < 5_000, "{} ms", result.time_ms);
    assert!(result.depth >= 1 && result.depth < 64);
}

#[test]
fn greedy_plays_the_furthest_step_and_replays() {
    let stop = AtomicBool::new(false);
    // From the start the longest forward hops gain two rows.
    let (events, result) = search(START_3P, MultiMethod::Greedy(0), depth(5), &stop);
    let best = best_text(&events).expect("a move");
    let pos = position(START_3P);
    let mv = result.best.expect("move");
    let top = tabula::games::GamePosition::legal_move_list(&pos)
        .into_iter()
        .map(|m| pos.move_gain(m))
        .max();
    assert_eq!(Some(pos.move_gain(mv)), top);
    assert_eq!(pos.move_gain(mv), 2);
    // The same position, the same choice.
    let (again, _) = search(START_3P, MultiMethod::Greedy(0), depth(1), &stop);
    assert_eq!(best_text(&again), Some(best));
    // Finishing is the only step forward here.
    let (events, _) = search(FINISH_3P, MultiMethod::Greedy(0), depth(1), &stop);
    assert_eq!(best_text(&events).as_deref(), Some("102-111"));
}

#[test]
fn greedy_ties_differ_between_positions() {
    // Over the two-player openings after one move of player 1, player 2's
    // greedy replies are not all the same move.
    let stop = AtomicBool::new(false);
    let replies: std::collections::HashSet<Option<String>> = [
        "0,1,2,3,4,5,6,7,9,17/111,112,113,114,115,116,117,118,119,120 2 1",
        "0,1,2,3,4,5,6,7,8,18/111,112,113,114,115,116,117,118,119,120 2 1",
        "0,1,2,4,5,6,7,8,9,14/111,112,113,114,115,116,117,118,119,120 2 1",
        "0,1,2,3,4,5,7,8,9,15/111,112,113,114,115,116,117,118,119,120 2 1",
        "0,1,2,3,5,6,7,8,9,16/111,112,113,114,115,116,117,118,119,120 2 1",
    ]
    .iter()
    .map(|t| best_text(&search(t, MultiMethod::Greedy(0), depth(1), &stop).0))
    .collect();
    assert!(replies.len() > 1, "{replies:?}");
}

#[test]
fn greedy_seeds_break_ties_differently_and_replay() {
    // From the 2-player start many moves gain alike: over a few seeds
    // greedy does not always choose the same, and a seed repeats itself.
    let stop = AtomicBool::new(false);
    let start = "0,1,2,3,4,5,6,7,8,9/111,112,113,114,115,116,117,118,119,120 1 1";
    let pick = |seed| best_text(&search(start, MultiMethod::Greedy(seed), depth(1), &stop).0);
    let picks: std::collections::HashSet<Option<String>> = (1..=8).map(pick).collect();
    assert!(picks.len() > 1, "{picks:?}");
    assert_eq!(pick(5), pick(5));
}
