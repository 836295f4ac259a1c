//! The lone-player race planner (`MultiSearch race`): it fills a target
//! alone in the fewest moves on a tiny case, much faster than greedy from
//! the start, plays only legal moves, repeats itself at fixed depth and
//! nodes, plans alike on any number of threads, best-reply hands over to
//! it once a player races alone, and the default method (`auto`) plays it
//! with three players or more.

use std::collections::HashSet;
use std::sync::atomic::AtomicBool;
use tabula::games::chinesecheckers::{Move, Position, Rules, Standing, ccn};
use tabula::games::{MoveNotation, pv_formatter};
use tabula::rules::RulesPosition;
use tabula::search::multiplayer::MultiPlayerSearch;
use tabula::search::{
    Job, MultiMethod, RaceReplies, SearchEvent, SearchLimits, SearchSettings, SearchStrategy,
};

/// The 3-player start: player 1 (N) races to the empty south corner; the
/// others stand at home in the side corners.
const START_3P: &str =
    "0,1,2,3,4,5,6,7,8,9/74,84,85,95,96,97,107,108,109,110/65,75,76,86,87,88,98,99,100,101 1 1";

fn no_home_exit() -> Rules {
    Rules {
        home_exit_limit: 0,
        ..Rules::default()
    }
}

/// One search of `method` with `limits`: the events and the move.
fn search(
    pos: &Position,
    method: MultiMethod,
    limits: SearchLimits,
    replies: RaceReplies,
) -> (Vec<SearchEvent>, Option<Move>, u64) {
    search_with(
        pos,
        limits,
        SearchSettings {
            multi: method,
            race_width: 32,
            race_replies: replies,
            race_samples: 1,
            race_rival: 0,
            ..SearchSettings::default()
        },
    )
}

/// One search with `settings`: the events, the move and the nodes.
fn search_with(
    pos: &Position,
    limits: SearchLimits,
    settings: SearchSettings,
) -> (Vec<SearchEvent>, Option<Move>, u64) {
    let stop = AtomicBool::new(false);
    let mut strategy = MultiPlayerSearch::<Position>::new(4);
    let job = Job {
        position: pos.clone(),
        limits,
        settings,
        searchmoves: Vec::new(),
        formatter: pv_formatter::<Position>(MoveNotation::Native),
    };
    let mut events = Vec::new();
    let result = strategy.run(job, &stop, None, &mut |e| events.push(e));
    (events, result.best, result.nodes)
}

fn depth(d: u32) -> SearchLimits {
    SearchLimits {
        depth: Some(d),
        ..SearchLimits::default()
    }
}

/// Plays player 1 alone (the others pass) with `method` until it fills
/// its target, checking every move is legal; the number of its moves,
/// `None` when it has not filled it after 150.
fn solo_moves(start: &str, method: MultiMethod, limits: SearchLimits) -> Option<u32> {
    let mut pos = ccn::parse(start, no_home_exit()).expect("ccn");
    let mut made = 0;
    while pos.standing(0) == Standing::Playing {
        if made == 150 {
            return None;
        }
        let (_, best, _) = search(&pos, method, limits.clone(), RaceReplies::Pass);
        let mv = best.expect("a move while playing");
        let mut legal = Vec::new();
        pos.generate_legal(&mut legal);
        assert!(legal.contains(&mv), "{method:?} played an illegal {mv:?}");
        pos.make_move(mv);
        pos.give_turn(0);
        made += 1;
    }
    Some(made)
}

/// The fewest own moves that fill player 1's target with the others
/// passing, by breadth-first search over player 1's piece sets (at most
/// `limit` moves deep).
fn fewest_moves(start: &str, limit: u32) -> Option<u32> {
    let root = ccn::parse(start, no_home_exit()).expect("ccn");
    let mut seen = HashSet::from([root.marbles(0)]);
    let mut frontier = vec![root];
    for moves in 1..=limit {
        let mut next = Vec::new();
        for pos in &frontier {
            let mut legal = Vec::new();
            pos.generate_legal(&mut legal);
            for mv in legal {
                let mut child = pos.clone();
                child.make_move(mv);
                if child.standing(0) != Standing::Playing {
                    return Some(moves);
                }
                child.give_turn(0);
                if seen.insert(child.marbles(0)) {
                    next.push(child);
                }
            }
        }
        frontier = next;
    }
    None
}

#[test]
fn a_tiny_race_is_filled_in_the_fewest_moves() {
    // Player 1 has eight marbles home in the south; the last two stand
    // out in the middle, the two holes at the tip (119, 120) to fill.
    // Player 2 stays at the far north.
    let tiny = "92,104,111,112,113,114,115,116,117,118/0,1,2,3,4,5,6,7,8,10 1 20";
    let best = fewest_moves(tiny, 4).expect("solvable in 4 moves");
    assert!(best >= 3, "a hop chain alone should not do it: {best}");
    eprintln!("tiny race: {best} moves");
    assert_eq!(solo_moves(tiny, MultiMethod::Race, depth(8)), Some(best));
}

#[test]
fn the_planner_fills_alone_far_faster_than_greedy() {
    // From the start a lone player needs at least 27 moves; greedy, which
    // never sets up a ladder, takes far more.
    // (Alone, greedy even stalls for good at the end: every move left
    // gains nothing and it shuffles.)
    let planner = solo_moves(START_3P, MultiMethod::Race, depth(8)).expect("fills");
    let greedy = solo_moves(START_3P, MultiMethod::Greedy(0), depth(1));
    assert!((27..=34).contains(&planner), "planner: {planner} moves");
    eprintln!("alone from the start: planner {planner}, greedy {greedy:?}");
    assert!(
        greedy.is_none_or(|g| g >= planner + 8),
        "greedy {greedy:?}, planner {planner}"
    );
}

/// What a search reports, without the times: depth, score, nodes, line.
fn lines(events: &[SearchEvent]) -> Vec<String> {
    events
        .iter()
        .map(|e| match e {
            SearchEvent::Info(i) => format!("{} {:?} {} {:?}", i.depth, i.score, i.nodes, i.pv),
            other => format!("{other:?}"),
        })
        .collect()
}

#[test]
fn fixed_depth_and_nodes_repeat_exactly() {
    let pos = ccn::parse(START_3P, Rules::default()).expect("ccn");
    let nodes = SearchLimits {
        nodes: Some(4000),
        ..SearchLimits::default()
    };
    for replies in [RaceReplies::Pass, RaceReplies::Greedy] {
        for limits in [depth(6), nodes.clone()] {
            let a = search(&pos, MultiMethod::Race, limits.clone(), replies);
            let b = search(&pos, MultiMethod::Race, limits.clone(), replies);
            assert_eq!(a.1, b.1, "{replies:?} {limits:?}");
            assert_eq!(a.2, b.2, "{replies:?} {limits:?}");
            assert_eq!(lines(&a.0), lines(&b.0), "{replies:?} {limits:?}");
            assert!(a.1.is_some());
        }
    }
    // The node budget holds (the first level always completes).
    let (events, _, n) = search(&pos, MultiMethod::Race, nodes, RaceReplies::Pass);
    assert!(n <= 4000, "{n} nodes");
    assert!(events.iter().filter(|e| e.is_final()).count() == 1);
}

#[test]
fn fixed_depth_plans_alike_on_any_number_of_threads() {
    // A level's lines spread over threads are merged in their order: the
    // same move, nodes and lines as on one thread, samples and rival too.
    let pos = ccn::parse(START_6P, Rules::default()).expect("ccn");
    for (samples, rival) in [(1, 0), (3, 30)] {
        let alone = search_with(&pos, depth(4), race_settings(samples, rival));
        for threads in [2, 5] {
            let settings = SearchSettings {
                threads,
                ..race_settings(samples, rival)
            };
            let spread = search_with(&pos, depth(4), settings);
            assert_eq!(spread.1, alone.1, "{threads} threads");
            assert_eq!(spread.2, alone.2, "{threads} threads");
            assert_eq!(lines(&spread.0), lines(&alone.0), "{threads} threads");
        }
    }
}

#[test]
fn every_move_is_legal_among_moving_opponents() {
    // Six players, every seat the planner (greedy replies in its lines),
    // twelve rounds: each answer is a legal move of the player to move.
    let mut pos = ccn::parse(
        "0,1,2,3,4,5,6,7,8,9/19,20,21,22,32,33,34,44,45,55/74,84,85,95,96,97,107,108,109,110/111,112,113,114,115,116,117,118,119,120/65,75,76,86,87,88,98,99,100,101/10,11,12,13,23,24,25,35,36,46 1 1",
        Rules::default(),
    )
    .expect("ccn");
    for ply in 0..72 {
        let replies = if ply % 2 == 0 {
            RaceReplies::Pass
        } else {
            RaceReplies::Greedy
        };
        let (_, best, _) = search(&pos, MultiMethod::Race, depth(3), replies);
        let mv = best.expect("a move");
        let mut legal = Vec::new();
        pos.generate_legal(&mut legal);
        assert!(legal.contains(&mv), "ply {ply}: {mv:?} not legal");
        pos.make_move(mv);
    }
}

#[test]
fn best_reply_hands_over_to_the_planner_when_racing_alone() {
    use tabula::search::MultiPlayerPosition;
    // Two players who have passed each other: the planner's lines (several
    // own moves in a row) show in best-reply's info.
    let apart = "66,67,68,69,78,79,80,90,91,101/10,11,12,13,14,24,25,26,27,28 1 15";
    let pos = ccn::parse(apart, Rules::default()).expect("ccn");
    assert!(pos.racing_alone(0));
    let (events, best, _) = search(&pos, MultiMethod::Brs, depth(4), RaceReplies::Pass);
    assert!(best.is_some());
    let pv = events
        .iter()
        .filter_map(|e| match e {
            SearchEvent::Info(i) => Some(i.pv.len()),
            _ => None,
        })
        .max();
    assert_eq!(pv, Some(4), "one line of 4 own moves: {events:?}");
    // From the start they still meet: alpha-beta plays.
    let start = ccn::parse(
        "0,1,2,3,4,5,6,7,8,9/111,112,113,114,115,116,117,118,119,120 1 1",
        Rules::default(),
    )
    .expect("ccn");
    assert!(!start.racing_alone(0));
}

#[test]
fn auto_plans_races_with_three_players_and_searches_two() {
    // The default method: with three players the race planner, move for
    // move and line for line what `race` plays ...
    assert_eq!(SearchSettings::default().multi, MultiMethod::Auto);
    assert_eq!(SearchSettings::default().race_replies, RaceReplies::Greedy);
    let three = ccn::parse(START_3P, Rules::default()).expect("ccn");
    for replies in [RaceReplies::Pass, RaceReplies::Greedy] {
        let auto = search(&three, MultiMethod::Auto, depth(4), replies);
        let race = search(&three, MultiMethod::Race, depth(4), replies);
        assert!(auto.1.is_some());
        assert_eq!(auto.1, race.1, "{replies:?}");
        assert_eq!(lines(&auto.0), lines(&race.0), "{replies:?}");
    }
    // ... and with two players, while they still meet, the alpha-beta
    // search that best-reply also plays.
    let two = ccn::parse(
        "0,1,2,3,4,5,6,7,8,9/111,112,113,114,115,116,117,118,119,120 1 1",
        Rules::default(),
    )
    .expect("ccn");
    let auto = search(&two, MultiMethod::Auto, depth(3), RaceReplies::Greedy);
    let brs = search(&two, MultiMethod::Brs, depth(3), RaceReplies::Greedy);
    assert!(auto.1.is_some());
    assert_eq!(auto.1, brs.1);
    assert_eq!(lines(&auto.0), lines(&brs.0));
}

/// The 6-player start.
const START_6P: &str = "0,1,2,3,4,5,6,7,8,9/19,20,21,22,32,33,34,44,45,55/74,84,85,95,96,97,107,108,109,110/111,112,113,114,115,116,117,118,119,120/65,75,76,86,87,88,98,99,100,101/10,11,12,13,23,24,25,35,36,46 1 1";

fn race_settings(samples: usize, rival: i32) -> SearchSettings {
    SearchSettings {
        multi: MultiMethod::Race,
        race_width: 16,
        race_replies: RaceReplies::Greedy,
        race_samples: samples,
        race_rival: rival,
        ..SearchSettings::default()
    }
}

#[test]
fn every_sample_plays_each_line() {
    // One own move ahead, k samples: every root move is played out once
    // per sample.
    let pos = ccn::parse(START_6P, Rules::default()).expect("ccn");
    let mut root = Vec::new();
    pos.generate_legal(&mut root);
    for k in [1, 3, 5] {
        let (_, best, nodes) = search_with(&pos, depth(1), race_settings(k, 0));
        assert!(best.is_some());
        assert_eq!(nodes, k as u64 * root.len() as u64, "{k} samples");
    }
    // Samples see other replies, so deeper down they keep other lines.
    let one = search_with(&pos, depth(4), race_settings(1, 0));
    let three = search_with(&pos, depth(4), race_settings(3, 0));
    assert_ne!(lines(&one.0), lines(&three.0));
}

#[test]
fn samples_and_rival_repeat_and_play_legal_moves() {
    // Six players, every seat the planner with three samples and the
    // leader's weight, twelve rounds: each answer is legal, and the same
    // search twice answers alike, line for line.
    let mut pos = ccn::parse(START_6P, Rules::default()).expect("ccn");
    for ply in 0..72 {
        let settings = race_settings(3, if ply % 2 == 0 { 0 } else { 30 });
        let a = search_with(&pos, depth(3), settings.clone());
        if ply % 12 == 0 {
            let b = search_with(&pos, depth(3), settings);
            assert_eq!(a.1, b.1, "ply {ply}");
            assert_eq!(a.2, b.2, "ply {ply}");
            assert_eq!(lines(&a.0), lines(&b.0), "ply {ply}");
        }
        let mv = a.1.expect("a move");
        let mut legal = Vec::new();
        pos.generate_legal(&mut legal);
        assert!(legal.contains(&mv), "ply {ply}: {mv:?} not legal");
        pos.make_move(mv);
    }
}
