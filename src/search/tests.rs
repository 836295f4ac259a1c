//! Tests of the search on toy games: Nim (known wins and mate distances), a
//! random "skirmish" game with captures, checks and null moves (exercises
//! every pruning path), and an explicit tree for quiescence.

use super::params::SearchParams;
use super::*;
use crate::rules::{EndKind, Outcome, PerSide, Side};
use crossbeam_channel::{Receiver, unbounded};
use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

mod smp;

fn splitmix(mut x: u64) -> u64 {
    x = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
    x = (x ^ (x >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    x ^ (x >> 31)
}

// ---- Nim ------------------------------------------------------------------

/// Normal-play Nim: take stones from one pile; who cannot move loses.
/// `max_take` turns it into a subtraction game.
#[derive(Clone, Debug)]
pub struct Nim {
    piles: Vec<u8>,
    max_take: Option<u8>,
    side: Side,
    undo: Vec<(usize, u8)>,
}

/// A Nim move: take `take` stones from pile `pile`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NimMove {
    pile: u8,
    take: u8,
}

impl Nim {
    pub fn new(piles: &[u8], max_take: Option<u8>) -> Self {
        Nim {
            piles: piles.to_vec(),
            max_take,
            side: Side::FIRST,
            undo: Vec::new(),
        }
    }
    fn xor(&self) -> u8 {
        self.piles.iter().fold(0, |a, &b| a ^ b)
    }
}

impl RulesPosition for Nim {
    type Move = NimMove;

    /// Normal play: whoever cannot take (every pile empty) has lost.
    fn outcome(&self) -> Option<Outcome> {
        self.piles.iter().all(|&p| p == 0).then(|| {
            Outcome::win(
                self.side.other().index(),
                EndKind::NoLegalMove,
                "no stones left",
            )
        })
    }

    fn side_to_move(&self) -> usize {
        self.side.index()
    }

    fn generate_legal(&self, out: &mut Vec<NimMove>) {
        for (i, &p) in self.piles.iter().enumerate() {
            let max = self.max_take.map_or(p, |m| m.min(p));
            for take in 1..=max {
                out.push(NimMove {
                    pile: i as u8,
                    take,
                });
            }
        }
    }

    fn make(&mut self, mv: NimMove) {
        self.piles[mv.pile as usize] -= mv.take;
        self.undo.push((mv.pile as usize, mv.take));
        self.side = self.side.other();
    }

    fn unmake(&mut self) {
        if let Some((p, t)) = self.undo.pop() {
            self.piles[p] += t;
            self.side = self.side.other();
        }
    }

    fn key(&self) -> u64 {
        let mut k = splitmix(self.side.index() as u64 + 77);
        for (i, &p) in self.piles.iter().enumerate() {
            k = splitmix(k ^ ((i as u64) << 32) ^ (p as u64 + 1));
        }
        k
    }
}

impl AlphaBetaPosition for Nim {
    const SEARCH_PARAMS: &'static SearchParams = &SearchParams::STARTING;
    fn generate_noisy(&self, _out: &mut Vec<NimMove>) {}
    fn make_null(&mut self) {
        unreachable!("null move not allowed in Nim")
    }
    fn unmake_null(&mut self) {}
    fn null_move_allowed(&self) -> bool {
        false
    }
    fn in_check(&self) -> bool {
        false
    }
    fn evaluate(&self) -> i32 {
        0
    }
    fn is_draw(&self, _plies: usize) -> bool {
        false
    }
    fn no_moves_score(&self, ply: usize) -> i32 {
        -MATE + ply as i32
    }
    fn move_order_hint(&self, _mv: NimMove) -> i32 {
        0
    }
    fn is_quiet(&self, _mv: NimMove) -> bool {
        true
    }
    fn history_index(&self, mv: NimMove) -> usize {
        (mv.pile as usize % 8) * 256 + mv.take as usize
    }
    fn history_size() -> usize {
        8 * 256
    }

    fn move_key(mv: NimMove) -> u32 {
        u32::from(mv.pile) | u32::from(mv.take) << 8
    }
}

// ---- Skirmish: a random game with captures --------------------------------

/// Positions are hashes; each has a few quiet moves (0..) and up to two
/// captures (100, 101) that take one enemy piece. Losing all pieces loses
/// the game. Some positions are "in check" (no null move, all evasions in
/// quiescence). Evaluation: material plus noise.
#[derive(Clone, Debug)]
pub struct Skirmish {
    key: u64,
    material: PerSide<u8>,
    side: Side,
    undo: Vec<(u64, PerSide<u8>, Side)>,
}

impl Skirmish {
    pub fn new(seed: u64, pieces: u8) -> Self {
        Skirmish {
            key: splitmix(seed),
            material: PerSide::new(pieces, pieces),
            side: Side::FIRST,
            undo: Vec::new(),
        }
    }
    fn quiet_count(&self) -> u8 {
        3 + (self.key % 5) as u8
    }
    fn capture_count(&self) -> u8 {
        if self.material[self.side.other()] == 0 {
            0
        } else {
            ((self.key >> 8) % 3) as u8
        }
    }
}

impl RulesPosition for Skirmish {
    type Move = u8;

    /// A side without material has lost.
    fn outcome(&self) -> Option<Outcome> {
        (self.material[self.side] == 0).then(|| {
            Outcome::win(
                self.side.other().index(),
                EndKind::NoLegalMove,
                "no material",
            )
        })
    }

    fn side_to_move(&self) -> usize {
        self.side.index()
    }

    fn generate_legal(&self, out: &mut Vec<u8>) {
        if self.material[self.side] == 0 {
            return;
        }
        out.extend(0..self.quiet_count());
        out.extend((0..self.capture_count()).map(|c| 100 + c));
    }

    fn make(&mut self, mv: u8) {
        self.undo.push((self.key, self.material, self.side));
        if mv >= 100 {
            self.material[self.side.other()] -= 1;
        }
        self.key = splitmix(
            self.key
                ^ ((mv as u64 + 1) << 48)
                ^ ((self.material[Side::FIRST] as u64) << 8)
                ^ self.material[Side::SECOND] as u64,
        );
        self.side = self.side.other();
    }

    fn unmake(&mut self) {
        if let Some((k, m, s)) = self.undo.pop() {
            self.key = k;
            self.material = m;
            self.side = s;
        }
    }

    fn key(&self) -> u64 {
        self.key
    }
}

impl AlphaBetaPosition for Skirmish {
    const SEARCH_PARAMS: &'static SearchParams = &SearchParams::STARTING;
    fn generate_noisy(&self, out: &mut Vec<u8>) {
        if self.material[self.side] == 0 {
            return;
        }
        out.extend((0..self.capture_count()).map(|c| 100 + c));
    }
    fn make_null(&mut self) {
        self.undo.push((self.key, self.material, self.side));
        self.key = splitmix(self.key ^ 0xDEAD_BEEF);
        self.side = self.side.other();
    }
    fn unmake_null(&mut self) {
        self.unmake();
    }
    fn null_move_allowed(&self) -> bool {
        !self.in_check() && self.material[self.side] > 1
    }
    fn in_check(&self) -> bool {
        (self.key >> 20).is_multiple_of(7)
    }
    fn evaluate(&self) -> i32 {
        let me = self.material[self.side] as i32;
        let them = self.material[self.side.other()] as i32;
        100 * (me - them) + ((self.key >> 32) % 61) as i32 - 30
    }
    fn is_draw(&self, _plies: usize) -> bool {
        false
    }
    fn terminal_score(&self, ply: usize) -> Option<i32> {
        (self.material[self.side] == 0).then_some(-MATE + ply as i32)
    }
    fn no_moves_score(&self, ply: usize) -> i32 {
        -MATE + ply as i32
    }
    fn move_order_hint(&self, mv: u8) -> i32 {
        if mv >= 100 { 10 + (mv - 100) as i32 } else { 0 }
    }
    fn is_quiet(&self, mv: u8) -> bool {
        mv < 100
    }
    fn history_index(&self, mv: u8) -> usize {
        mv as usize
    }
    fn history_size() -> usize {
        256
    }

    fn move_key(mv: u8) -> u32 {
        u32::from(mv)
    }
    /// The material balance: exercises the correction history.
    fn correction_key(&self) -> Option<u64> {
        Some(((self.material[Side::FIRST] as u64) << 8) | self.material[Side::SECOND] as u64)
    }
}

// ---- Tree: an explicit game tree ------------------------------------------

#[derive(Clone, Debug)]
struct TreeNode {
    /// Evaluation for the first player.
    eval: i32,
    /// (child index, noisy)
    children: Vec<(usize, bool)>,
}

#[derive(Clone, Debug)]
pub struct Tree {
    nodes: Arc<Vec<TreeNode>>,
    path: Vec<usize>,
}

impl Tree {
    fn cur(&self) -> &TreeNode {
        &self.nodes[*self.path.last().unwrap_or(&0)]
    }
}

impl RulesPosition for Tree {
    type Move = usize;

    /// The tree's leaves are scored by its evaluation, never ended by a rule.
    fn outcome(&self) -> Option<Outcome> {
        None
    }

    fn side_to_move(&self) -> usize {
        (self.path.len() - 1) % 2
    }

    fn generate_legal(&self, out: &mut Vec<usize>) {
        out.extend(self.cur().children.iter().map(|c| c.0));
    }

    fn make(&mut self, mv: usize) {
        self.path.push(mv);
    }

    fn unmake(&mut self) {
        if self.path.len() > 1 {
            self.path.pop();
        }
    }

    fn key(&self) -> u64 {
        splitmix(*self.path.last().unwrap_or(&0) as u64)
    }
}

impl AlphaBetaPosition for Tree {
    const SEARCH_PARAMS: &'static SearchParams = &SearchParams::STARTING;
    fn generate_noisy(&self, out: &mut Vec<usize>) {
        out.extend(self.cur().children.iter().filter(|c| c.1).map(|c| c.0));
    }
    fn make_null(&mut self) {}
    fn unmake_null(&mut self) {}
    fn null_move_allowed(&self) -> bool {
        false
    }
    fn in_check(&self) -> bool {
        false
    }
    fn evaluate(&self) -> i32 {
        if self.side_to_move() == 0 {
            self.cur().eval
        } else {
            -self.cur().eval
        }
    }
    fn is_draw(&self, _plies: usize) -> bool {
        false
    }
    fn no_moves_score(&self, _ply: usize) -> i32 {
        self.evaluate()
    }
    fn move_order_hint(&self, mv: usize) -> i32 {
        if self.is_quiet(mv) { 0 } else { 10 }
    }
    fn is_quiet(&self, mv: usize) -> bool {
        !self.cur().children.iter().any(|c| c.0 == mv && c.1)
    }
    fn history_index(&self, mv: usize) -> usize {
        mv % 64
    }
    fn history_size() -> usize {
        64
    }

    fn move_key(mv: usize) -> u32 {
        mv as u32
    }
}

// ---- helpers --------------------------------------------------------------

fn debug_formatter<P: RulesPosition>() -> PvFormatter<P, P::Move> {
    Arc::new(|_p: &P, moves: &[P::Move]| moves.iter().map(|m| format!("{m:?}")).collect())
}

fn job<P: RulesPosition>(position: P, limits: SearchLimits) -> Job<P> {
    Job {
        position,
        limits,
        settings: SearchSettings::default(),
        searchmoves: Vec::new(),
        formatter: debug_formatter::<P>(),
    }
}

fn depth(d: u32) -> SearchLimits {
    SearchLimits {
        depth: Some(d),
        ..Default::default()
    }
}

/// Runs a job synchronously and returns the result and all events.
fn run_sync<P: AlphaBetaPosition>(
    searcher: &mut Searcher<P>,
    job: Job<P>,
) -> (SearchResult<P::Move>, Vec<SearchEvent>) {
    let stop = AtomicBool::new(false);
    let mut events = Vec::new();
    let r = searcher.run(job, &stop, &mut |e| events.push(e));
    (r, events)
}

fn bestmoves(events: &[SearchEvent]) -> usize {
    events
        .iter()
        .filter(|e| matches!(e, SearchEvent::BestMove { .. }))
        .count()
}

fn infos(events: &[SearchEvent]) -> Vec<&SearchInfo> {
    events
        .iter()
        .filter_map(|e| match e {
            SearchEvent::Info(i) => Some(i),
            _ => None,
        })
        .collect()
}

/// Receives events until the first BestMove (or the timeout).
fn recv_until_bestmove(
    rx: &Receiver<SearchEvent>,
    timeout: Duration,
) -> Option<(Vec<SearchEvent>, SearchEvent)> {
    let deadline = Instant::now() + timeout;
    let mut seen = Vec::new();
    loop {
        let left = deadline.checked_duration_since(Instant::now())?;
        match rx.recv_timeout(left) {
            Ok(e @ SearchEvent::BestMove { .. }) => return Some((seen, e)),
            Ok(e) => seen.push(e),
            Err(_) => return None,
        }
    }
}

fn no_bestmove_within(rx: &Receiver<SearchEvent>, d: Duration) -> bool {
    let deadline = Instant::now() + d;
    while let Some(left) = deadline.checked_duration_since(Instant::now()) {
        match rx.recv_timeout(left) {
            Ok(SearchEvent::BestMove { .. }) => return false,
            Ok(_) => {}
            Err(_) => break,
        }
    }
    true
}

fn assert_pv_legal<P: AlphaBetaPosition>(mut pos: P, pv: &[P::Move]) {
    for &m in pv {
        let mut legal = Vec::new();
        pos.generate_legal(&mut legal);
        assert!(legal.contains(&m), "illegal PV move {m:?} in {pv:?}");
        pos.make(m);
    }
}

// ---- synchronous searcher --------------------------------------------------

#[test]
fn score_conversion() {
    assert_eq!(alphabeta::to_score(MATE - 3), Score::MatePlies(3));
    assert_eq!(alphabeta::to_score(-MATE + 4), Score::MatePlies(-4));
    assert_eq!(alphabeta::to_score(57), Score::Cp(57));
}

#[test]
fn subtraction_game_wins_with_mate_score() {
    let mut s = Searcher::new(4);
    // 5 stones, take 1..3: take 1, then answer 4-k: mate in 3 plies.
    let (r, ev) = run_sync(&mut s, job(Nim::new(&[5], Some(3)), depth(8)));
    assert_eq!(r.best, Some(NimMove { pile: 0, take: 1 }));
    assert_eq!(r.score, Score::MatePlies(3));
    assert_eq!(bestmoves(&ev), 1);
    assert!(r.ponder.is_some());
    assert_pv_legal(Nim::new(&[5], Some(3)), &r.pv);
    // 10 stones: take 2, mate in 5 plies.
    let (r, _) = run_sync(&mut s, job(Nim::new(&[10], Some(3)), depth(10)));
    assert_eq!(r.best, Some(NimMove { pile: 0, take: 2 }));
    assert_eq!(r.score, Score::MatePlies(5));
    // 8 stones: lost, mated after 4 plies.
    let (r, _) = run_sync(&mut s, job(Nim::new(&[8], Some(3)), depth(10)));
    assert!(r.best.is_some());
    assert_eq!(r.score, Score::MatePlies(-4));
    let last = infos(&ev).last().map(|i| i.score);
    assert_eq!(last, Some(Score::MatePlies(3)));
}

#[test]
fn nim_winning_move_zeroes_xor() {
    for piles in [[3u8, 4, 5], [1, 5, 6], [2, 3, 6]] {
        let mut s = Searcher::new(8);
        let pos = Nim::new(&piles, None);
        assert_ne!(pos.xor(), 0);
        let (r, _) = run_sync(&mut s, job(pos.clone(), depth(20)));
        let best = r.best.expect("a move");
        let mut after = pos.clone();
        after.make(best);
        assert_eq!(after.xor(), 0, "piles {piles:?}: {best:?} does not win");
        assert!(
            matches!(r.score, Score::MatePlies(n) if n > 0),
            "{:?}",
            r.score
        );
        assert_pv_legal(pos, &r.pv);
    }
}

#[test]
fn go_mate_stops_when_found_and_when_not() {
    let mut s = Searcher::new(1);
    let limits = SearchLimits {
        mate: Some(2),
        ..Default::default()
    };
    let (r, ev) = run_sync(&mut s, job(Nim::new(&[5], Some(3)), limits));
    assert_eq!(r.best, Some(NimMove { pile: 0, take: 1 }));
    assert_eq!(r.score, Score::MatePlies(3));
    assert!(r.depth <= 4, "depth {}", r.depth);
    assert_eq!(bestmoves(&ev), 1);
    // No mate in 1 exists: the search still ends (at depth 3 * 1 + 8) and answers.
    let limits = SearchLimits {
        mate: Some(1),
        ..Default::default()
    };
    let (r, ev) = run_sync(&mut Searcher::new(1), job(Skirmish::new(3, 6), limits));
    assert!(r.best.is_some());
    assert!(r.depth <= 11, "depth {}", r.depth);
    assert_eq!(bestmoves(&ev), 1);
}

#[test]
fn quiescence_sees_the_recapture() {
    // Root (player 0): quiet move to node 1 (+50), or capture to node 2
    // (+300) where the opponent recaptures to node 3 (-500).
    let nodes = vec![
        TreeNode {
            eval: 0,
            children: vec![(1, false), (2, true)],
        },
        TreeNode {
            eval: 50,
            children: vec![(4, false)],
        },
        TreeNode {
            eval: 300,
            children: vec![(3, true), (5, false)],
        },
        TreeNode {
            eval: -500,
            children: vec![],
        },
        TreeNode {
            eval: 50,
            children: vec![],
        },
        TreeNode {
            eval: 300,
            children: vec![],
        },
    ];
    let pos = Tree {
        nodes: Arc::new(nodes),
        path: vec![0],
    };
    let mut s = Searcher::new(1);
    let (r, _) = run_sync(&mut s, job(pos, depth(1)));
    assert_eq!(r.best, Some(1));
    assert_eq!(r.score, Score::Cp(50));
}

#[test]
fn no_legal_move_answers_none() {
    let mut s = Searcher::new(1);
    let (r, ev) = run_sync(&mut s, job(Nim::new(&[0, 0], None), depth(5)));
    assert_eq!(r.best, None);
    assert_eq!(bestmoves(&ev), 1);
    assert!(matches!(
        ev.last(),
        Some(SearchEvent::BestMove {
            best: None,
            ponder: None
        })
    ));
}

#[test]
fn stopped_before_depth_one_answers_a_legal_move() {
    let mut s = Searcher::new(1);
    let stop = AtomicBool::new(true);
    let mut ev = Vec::new();
    let pos = Skirmish::new(7, 5);
    let r = s.run(job(pos.clone(), SearchLimits::default()), &stop, &mut |e| {
        ev.push(e)
    });
    let mut legal = Vec::new();
    pos.generate_legal(&mut legal);
    assert!(legal.contains(&r.best.expect("a move")));
    assert_eq!(bestmoves(&ev), 1);
    // Also with a node limit of one.
    let limits = SearchLimits {
        nodes: Some(1),
        ..Default::default()
    };
    let (r, ev) = run_sync(&mut s, job(pos, limits));
    assert!(legal.contains(&r.best.expect("a move")));
    assert_eq!(bestmoves(&ev), 1);
}

#[test]
fn info_per_iteration_and_legal_pvs() {
    for seed in 0..8 {
        let pos = Skirmish::new(seed, 6);
        let mut s = Searcher::new(4);
        let (r, ev) = run_sync(&mut s, job(pos.clone(), depth(7)));
        assert_eq!(r.depth, 7);
        let inf = infos(&ev);
        assert_eq!(inf.len(), 7);
        for (i, info) in inf.iter().enumerate() {
            assert_eq!(info.depth, i as u32 + 1);
            assert_eq!(info.multipv, 1);
            assert_eq!(info.bound, Bound::Exact);
            assert!(!info.pv.is_empty());
            assert!(info.seldepth >= 1);
        }
        assert_eq!(Some(r.pv.first().copied()), Some(r.best));
        assert_pv_legal(pos, &r.pv);
        assert_eq!(bestmoves(&ev), 1);
        match ev.last() {
            Some(SearchEvent::BestMove { best, .. }) => {
                assert_eq!(best, &r.best.map(|m| format!("{m:?}")))
            }
            other => panic!("last event {other:?}"),
        }
    }
}

#[test]
fn multipv_reports_distinct_lines() {
    let pos = Skirmish::new(11, 6);
    let mut legal = Vec::new();
    pos.generate_legal(&mut legal);
    assert!(legal.len() >= 3);
    let mut s = Searcher::new(4);
    let mut j = job(pos.clone(), depth(5));
    j.settings.multipv = 3;
    let (_, ev) = run_sync(&mut s, j);
    let last: Vec<&SearchInfo> = infos(&ev).into_iter().filter(|i| i.depth == 5).collect();
    assert_eq!(last.len(), 3);
    assert_eq!(
        last.iter().map(|i| i.multipv).collect::<Vec<_>>(),
        vec![1, 2, 3]
    );
    let firsts: std::collections::HashSet<&String> = last.iter().map(|i| &i.pv[0]).collect();
    assert_eq!(firsts.len(), 3);
    let cp = |s: Score| match s {
        Score::Cp(c) | Score::Equity(c) => c,
        Score::MatePlies(n) if n > 0 => MATE - n,
        Score::MatePlies(n) => -MATE - n,
    };
    assert!(cp(last[0].score) >= cp(last[1].score) && cp(last[1].score) >= cp(last[2].score));
    // More lines than moves: one per move.
    let mut j = job(Nim::new(&[2], None), depth(3));
    j.settings.multipv = 5;
    let (_, ev) = run_sync(&mut s_nim(), j);
    assert_eq!(infos(&ev).iter().filter(|i| i.depth == 3).count(), 2);
}

fn s_nim() -> Searcher<Nim> {
    Searcher::new(1)
}

#[test]
fn searchmoves_restricts_the_root() {
    // Only the losing move 3 is allowed from 5 stones.
    let mut s = Searcher::new(1);
    let mut j = job(Nim::new(&[5], Some(3)), depth(8));
    j.searchmoves = vec![NimMove { pile: 0, take: 3 }];
    let (r, _) = run_sync(&mut s, j);
    assert_eq!(r.best, Some(NimMove { pile: 0, take: 3 }));
    assert!(matches!(r.score, Score::MatePlies(n) if n < 0));
    // Illegal entries are ignored; with none legal, all moves are searched.
    let mut j = job(Nim::new(&[5], Some(3)), depth(8));
    j.searchmoves = vec![NimMove { pile: 0, take: 2 }, NimMove { pile: 3, take: 1 }];
    let (r, _) = run_sync(&mut s, j);
    assert_eq!(r.best, Some(NimMove { pile: 0, take: 2 }));
    let mut j = job(Nim::new(&[5], Some(3)), depth(8));
    j.searchmoves = vec![NimMove { pile: 3, take: 1 }];
    let (r, _) = run_sync(&mut s, j);
    assert_eq!(r.best, Some(NimMove { pile: 0, take: 1 }));
}

#[test]
fn worker_is_send_and_sync() {
    fn assert_send_sync<T: Send + Sync>() {}
    assert_send_sync::<SearchWorker<Nim, Searcher<Nim>>>();
    assert_send_sync::<SearchWorker<Nim, FirstLegal>>();
    assert_send_sync::<SearchWorker<Skirmish, Searcher<Skirmish>>>();
}

#[test]
fn fixed_depth_and_nodes_are_deterministic() {
    for seed in [1u64, 2, 3] {
        let pos = Skirmish::new(seed, 8);
        let a = run_sync(&mut Searcher::new(4), job(pos.clone(), depth(8))).0;
        let b = run_sync(&mut Searcher::new(4), job(pos.clone(), depth(8))).0;
        assert_eq!((a.nodes, &a.pv, a.score), (b.nodes, &b.pv, b.score));
        let limits = SearchLimits {
            nodes: Some(30_000),
            ..Default::default()
        };
        let a = run_sync(&mut Searcher::new(4), job(pos.clone(), limits.clone())).0;
        let b = run_sync(&mut Searcher::new(4), job(pos.clone(), limits)).0;
        assert_eq!((a.nodes, &a.pv, a.best), (b.nodes, &b.pv, b.best));
        assert!(a.nodes <= 30_000, "{}", a.nodes);
    }
}

#[test]
fn hash_resize_and_clear_between_searches() {
    let pos = Skirmish::new(5, 6);
    let mut s = Searcher::new(1);
    let (r1, _) = run_sync(&mut s, job(pos.clone(), depth(6)));
    assert!(s.hashfull() > 0);
    s.clear_hash();
    assert_eq!(s.hashfull(), 0);
    let (r2, _) = run_sync(&mut s, job(pos.clone(), depth(6)));
    assert_eq!(r1.nodes, r2.nodes, "clear restores a fresh state");
    s.set_hash_mb(2);
    assert_eq!(s.hash_mb(), 2);
    let (r3, _) = run_sync(&mut s, job(pos, depth(6)));
    assert!(r3.best.is_some());
}

#[test]
fn movetime_is_respected_synchronously() {
    let pos = Skirmish::new(9, 12);
    let mut s = Searcher::new(4);
    let limits = SearchLimits {
        movetime: Some(50),
        ..Default::default()
    };
    let t = Instant::now();
    let (r, ev) = run_sync(&mut s, job(pos, limits));
    assert!(t.elapsed() < Duration::from_secs(1), "{:?}", t.elapsed());
    assert!(r.best.is_some());
    assert_eq!(bestmoves(&ev), 1);
}

// ---- worker thread --------------------------------------------------------

fn worker<P: AlphaBetaPosition>() -> (SearchWorker<P, Searcher<P>>, Receiver<SearchEvent>) {
    let (tx, rx) = unbounded();
    (SearchWorker::spawn(tx, 4), rx)
}

#[test]
fn worker_depth_search_answers_once() {
    let (w, rx) = worker::<Skirmish>();
    w.start(job(Skirmish::new(1, 6), depth(5)));
    assert!(w.is_searching());
    let (_, bm) = recv_until_bestmove(&rx, Duration::from_secs(10)).expect("bestmove");
    assert!(matches!(bm, SearchEvent::BestMove { best: Some(_), .. }));
    assert!(!w.is_searching(), "busy after the BestMove was received");
    w.wait_idle();
    assert!(no_bestmove_within(&rx, Duration::from_millis(50)));
}

#[test]
fn worker_infinite_waits_for_stop() {
    // A search that completes at once (small Nim) must still wait.
    let (w, rx) = worker::<Nim>();
    let limits = SearchLimits {
        infinite: true,
        ..Default::default()
    };
    w.start(job(Nim::new(&[3], Some(3)), limits.clone()));
    assert!(no_bestmove_within(&rx, Duration::from_millis(150)));
    assert!(w.is_searching());
    let t = Instant::now();
    w.stop();
    let (_, bm) = recv_until_bestmove(&rx, Duration::from_secs(1)).expect("bestmove after stop");
    assert!(t.elapsed() < Duration::from_millis(500));
    assert!(matches!(bm, SearchEvent::BestMove { best: Some(ref b), .. } if b.contains("take: 3")));
    assert!(!w.is_searching());

    // A long search too.
    let (w, rx) = worker::<Skirmish>();
    w.start(job(Skirmish::new(2, 12), limits));
    std::thread::sleep(Duration::from_millis(150));
    assert!(w.is_searching());
    w.stop();
    let (seen, _) = recv_until_bestmove(&rx, Duration::from_secs(1)).expect("bestmove after stop");
    assert!(!infos(&seen).is_empty());
    assert!(no_bestmove_within(&rx, Duration::from_millis(50)));
}

#[test]
fn worker_ponder_then_ponderhit() {
    let (w, rx) = worker::<Skirmish>();
    let limits = SearchLimits {
        ponder: true,
        movetime: Some(50),
        ..Default::default()
    };
    w.start(job(Skirmish::new(3, 12), limits));
    assert!(no_bestmove_within(&rx, Duration::from_millis(150)));
    let t = Instant::now();
    w.ponderhit();
    recv_until_bestmove(&rx, Duration::from_secs(2)).expect("bestmove after ponderhit");
    assert!(t.elapsed() < Duration::from_secs(1));

    // A ponder search that finishes early waits for ponderhit as well.
    let (w, rx) = worker::<Nim>();
    let limits = SearchLimits {
        ponder: true,
        time: vec![Some(10_000), Some(10_000)],
        ..Default::default()
    };
    w.start(job(Nim::new(&[2], Some(3)), limits.clone()));
    assert!(no_bestmove_within(&rx, Duration::from_millis(100)));
    w.ponderhit();
    recv_until_bestmove(&rx, Duration::from_secs(1)).expect("bestmove after ponderhit");

    // stop ends pondering too.
    w.start(job(Nim::new(&[2], Some(3)), limits));
    assert!(no_bestmove_within(&rx, Duration::from_millis(50)));
    w.stop();
    recv_until_bestmove(&rx, Duration::from_secs(1)).expect("bestmove after stop");
    w.wait_idle();
    assert!(!w.is_searching());
}

#[test]
fn worker_stop_right_after_start_and_restart() {
    let (w, rx) = worker::<Skirmish>();
    let infinite = SearchLimits {
        infinite: true,
        ..Default::default()
    };
    for _ in 0..20 {
        w.start(job(Skirmish::new(4, 12), infinite.clone()));
        w.stop();
        recv_until_bestmove(&rx, Duration::from_secs(1)).expect("bestmove");
    }
    // start while running: the old job answers first, then the new one.
    let tagged = |tag: &'static str, limits: SearchLimits| {
        let mut j = job(Skirmish::new(5, 12), limits);
        j.formatter = Arc::new(move |_p: &Skirmish, m: &[u8]| {
            m.iter().map(|m| format!("{tag}{m}")).collect()
        });
        j
    };
    w.start(tagged("A", infinite.clone()));
    std::thread::sleep(Duration::from_millis(30));
    w.start(tagged("B", depth(3)));
    let (_, first) = recv_until_bestmove(&rx, Duration::from_secs(2)).expect("first");
    let (_, second) = recv_until_bestmove(&rx, Duration::from_secs(5)).expect("second");
    let tag = |e: &SearchEvent| match e {
        SearchEvent::BestMove { best: Some(b), .. } => b.chars().next(),
        _ => None,
    };
    assert_eq!((tag(&first), tag(&second)), (Some('A'), Some('B')));
    w.wait_idle();
    assert!(!w.is_searching());
    assert!(no_bestmove_within(&rx, Duration::from_millis(50)));
}

#[test]
fn worker_clock_limits() {
    let (w, rx) = worker::<Skirmish>();
    let cases = [
        SearchLimits {
            movetime: Some(50),
            ..Default::default()
        },
        SearchLimits {
            time: vec![Some(1000), Some(1000)],
            inc: vec![Some(10), Some(10)],
            ..Default::default()
        },
        SearchLimits {
            time: vec![Some(-50), Some(-50)],
            ..Default::default()
        },
        SearchLimits {
            time: vec![Some(0), Some(0)],
            byoyomi: Some(100),
            ..Default::default()
        },
        SearchLimits {
            time: vec![Some(5000), Some(5000)],
            movestogo: Some(40),
            ..Default::default()
        },
    ];
    for limits in cases {
        let t = Instant::now();
        w.start(job(Skirmish::new(6, 12), limits.clone()));
        let (_, bm) = recv_until_bestmove(&rx, Duration::from_secs(3)).expect("bestmove");
        assert!(
            t.elapsed() < Duration::from_secs(1),
            "{limits:?}: {:?}",
            t.elapsed()
        );
        assert!(matches!(bm, SearchEvent::BestMove { best: Some(_), .. }));
    }
}

#[test]
fn worker_no_legal_move_and_hash_commands() {
    let (w, rx) = worker::<Nim>();
    w.start(job(Nim::new(&[0], None), depth(3)));
    let (_, bm) = recv_until_bestmove(&rx, Duration::from_secs(1)).expect("bestmove");
    assert_eq!(
        bm,
        SearchEvent::BestMove {
            best: None,
            ponder: None
        }
    );

    // Hash commands while busy are applied after the search.
    w.start(job(
        Nim::new(&[9, 9, 9], None),
        SearchLimits {
            infinite: true,
            ..Default::default()
        },
    ));
    w.set_hash_mb(2);
    w.clear_hash();
    assert!(w.is_searching());
    w.stop();
    recv_until_bestmove(&rx, Duration::from_secs(1)).expect("bestmove");
    w.start(job(Nim::new(&[5], Some(3)), depth(6)));
    let (_, bm) = recv_until_bestmove(&rx, Duration::from_secs(2)).expect("bestmove");
    assert!(matches!(bm, SearchEvent::BestMove { best: Some(ref b), .. } if b.contains("take: 1")));
}

#[test]
fn worker_drop_is_prompt_and_closed_channel_is_harmless() {
    let (w, rx) = worker::<Skirmish>();
    w.start(job(
        Skirmish::new(8, 12),
        SearchLimits {
            infinite: true,
            ..Default::default()
        },
    ));
    std::thread::sleep(Duration::from_millis(20));
    let t = Instant::now();
    drop(w);
    assert!(t.elapsed() < Duration::from_millis(500));
    recv_until_bestmove(&rx, Duration::from_millis(100)).expect("bestmove before drop returned");

    let (w, rx) = worker::<Skirmish>();
    drop(rx);
    w.start(job(Skirmish::new(8, 6), depth(4)));
    w.wait_idle();
    assert!(!w.is_searching());
}

/// A game whose evaluation panics: the worker still answers once.
#[derive(Clone, Debug)]
struct Broken(Nim);

impl RulesPosition for Broken {
    type Move = NimMove;

    fn outcome(&self) -> Option<Outcome> {
        self.0.outcome()
    }

    fn side_to_move(&self) -> usize {
        self.0.side_to_move()
    }

    fn generate_legal(&self, out: &mut Vec<NimMove>) {
        self.0.generate_legal(out)
    }

    fn make(&mut self, mv: NimMove) {
        self.0.make(mv)
    }

    fn unmake(&mut self) {
        self.0.unmake()
    }

    fn key(&self) -> u64 {
        self.0.key()
    }
}

impl AlphaBetaPosition for Broken {
    const SEARCH_PARAMS: &'static SearchParams = &SearchParams::STARTING;
    fn generate_noisy(&self, _out: &mut Vec<NimMove>) {}
    fn make_null(&mut self) {}
    fn unmake_null(&mut self) {}
    fn null_move_allowed(&self) -> bool {
        false
    }
    fn in_check(&self) -> bool {
        false
    }
    fn evaluate(&self) -> i32 {
        panic!("broken evaluation (expected in this test)")
    }
    fn is_draw(&self, _plies: usize) -> bool {
        false
    }
    fn no_moves_score(&self, ply: usize) -> i32 {
        self.0.no_moves_score(ply)
    }
    fn move_order_hint(&self, _mv: NimMove) -> i32 {
        0
    }
    fn is_quiet(&self, _mv: NimMove) -> bool {
        true
    }
    fn history_index(&self, mv: NimMove) -> usize {
        self.0.history_index(mv)
    }
    fn history_size() -> usize {
        Nim::history_size()
    }

    fn move_key(mv: NimMove) -> u32 {
        Nim::move_key(mv)
    }
}

#[test]
fn worker_survives_a_panicking_game() {
    // A deadline, not a speed check: with RUST_BACKTRACE set, capturing
    // the panic's backtrace can take seconds on a loaded machine.
    let deadline = Duration::from_secs(20);
    let (w, rx) = worker::<Broken>();
    w.start(job(Broken(Nim::new(&[7, 7], None)), depth(4)));
    let (_, bm) = recv_until_bestmove(&rx, deadline).expect("bestmove");
    assert!(matches!(bm, SearchEvent::BestMove { best: Some(_), .. }));
    w.wait_idle();
    assert!(!w.is_searching());
    // Still usable.
    w.start(job(Broken(Nim::new(&[0], None)), depth(4)));
    let (_, bm) = recv_until_bestmove(&rx, deadline).expect("bestmove");
    assert_eq!(
        bm,
        SearchEvent::BestMove {
            best: None,
            ponder: None
        }
    );
}

/// Exact game value of a Nim position: plies to the end, signed (positive:
/// the side to move wins), by exhaustive minimax.
fn nim_exact(
    pos: &mut Nim,
    memo: &mut std::collections::HashMap<(Vec<u8>, Option<u8>), i32>,
) -> i32 {
    let key = (pos.piles.clone(), pos.max_take);
    if let Some(&v) = memo.get(&key) {
        return v;
    }
    let mut moves = Vec::new();
    pos.generate_legal(&mut moves);
    // Winner: shortest win; loser: longest loss. Encoded as MATE-like.
    let mut best = -MATE;
    for m in moves {
        pos.make(m);
        let v = -nim_exact(pos, memo);
        pos.unmake();
        let v = if v > 0 { v - 1 } else { v + 1 };
        best = best.max(v);
    }
    memo.insert(key, best);
    best
}

#[test]
fn nim_values_match_exhaustive_minimax() {
    let mut memo = std::collections::HashMap::new();
    let mut rng = 12345u64;
    for _ in 0..40 {
        rng = splitmix(rng);
        let n = 2 + ((rng >> 1) % 2) as usize;
        let piles: Vec<u8> = (0..n).map(|i| ((rng >> (8 * i + 8)) % 7) as u8).collect();
        let max_take = if rng & 1 == 0 { None } else { Some(2) };
        let mut pos = Nim::new(&piles, max_take);
        let exact = nim_exact(&mut pos, &mut memo);
        let total: u32 = piles.iter().map(|&p| p as u32).sum();
        let (r, _) = run_sync(&mut Searcher::new(1), job(pos.clone(), depth(total + 4)));
        let expected = if exact > 0 {
            Score::MatePlies(MATE - exact)
        } else {
            Score::MatePlies(-(MATE + exact))
        };
        assert_eq!(r.score, expected, "piles {piles:?} max {max_take:?}");
        if exact > 0 {
            let mut after = pos.clone();
            if let Some(b) = r.best {
                after.make(b);
            }
            assert!(
                nim_exact(&mut after, &mut memo) < 0,
                "piles {piles:?}: {:?} does not win",
                r.best
            );
        }
    }
}

#[test]
#[ignore]
fn bench_skirmish() {
    let mut s = Searcher::new(16);
    let t = Instant::now();
    let (r, ev) = run_sync(&mut s, job(Skirmish::new(42, 12), depth(13)));
    for i in infos(&ev) {
        eprintln!(
            "depth {} sel {} score {:?} nodes {} pv {}",
            i.depth,
            i.seldepth,
            i.score,
            i.nodes,
            i.pv.join(" ")
        );
    }
    eprintln!("{} nodes in {:?}: {:?}", r.nodes, t.elapsed(), r.best);
}

/// A strategy that is not alpha-beta: it answers the first legal move (or
/// panics when a job asks for 13 nodes, to test the worker's fallback), and like every strategy waits for
/// `stop` in an infinite job. It proves the worker's contract holds for any
/// [`SearchStrategy`].
struct FirstLegal;

impl SearchStrategy<Nim> for FirstLegal {
    fn new(_hash_mb: usize) -> Self {
        FirstLegal
    }

    fn run(
        &mut self,
        job: Job<Nim>,
        stop: &AtomicBool,
        _ponderhit: Option<&AtomicBool>,
        on_event: &mut dyn FnMut(SearchEvent),
    ) -> SearchResult<NimMove> {
        if job.limits.nodes == Some(13) {
            panic!("FirstLegal was asked to fail");
        }
        let mut moves = Vec::new();
        job.position.generate_legal(&mut moves);
        let best = moves.first().copied();
        let pv: Vec<NimMove> = best.into_iter().collect();
        on_event(SearchEvent::Info(SearchInfo {
            depth: 1,
            seldepth: 1,
            multipv: 1,
            score: Score::Equity(0),
            bound: Bound::Exact,
            nodes: moves.len() as u64,
            nps: 0,
            time_ms: 0,
            hashfull: 0,
            pv: (job.formatter)(&job.position, &pv),
        }));
        while (job.limits.infinite || job.limits.ponder)
            && !stop.load(std::sync::atomic::Ordering::SeqCst)
        {
            std::thread::sleep(Duration::from_millis(1));
        }
        on_event(SearchEvent::BestMove {
            best: (job.formatter)(&job.position, &pv).into_iter().next(),
            ponder: None,
        });
        SearchResult {
            best,
            ponder: None,
            score: Score::Equity(0),
            depth: 1,
            seldepth: 1,
            nodes: moves.len() as u64,
            time_ms: 0,
            pv,
        }
    }

    fn set_hash_mb(&mut self, _mb: usize) {}

    fn clear_hash(&mut self) {}
}

#[test]
fn worker_runs_a_strategy_that_is_not_alpha_beta() {
    let (tx, rx) = unbounded();
    let w: SearchWorker<Nim, FirstLegal> = SearchWorker::spawn(tx, 1);
    let nim = || Nim::new(&[0, 3, 2], None);
    let first = format!("{:?}", NimMove { pile: 1, take: 1 });

    // A fixed job: one Info, then exactly one BestMove, the strategy's move.
    w.start(job(nim(), depth(3)));
    let (seen, best) = recv_until_bestmove(&rx, Duration::from_secs(5)).expect("answer");
    assert_eq!(infos(&seen).len(), 1);
    assert_eq!(infos(&seen)[0].score, Score::Equity(0));
    assert_eq!(
        best,
        SearchEvent::BestMove {
            best: Some(first.clone()),
            ponder: None
        }
    );
    w.wait_idle();
    assert!(!w.is_searching());
    assert!(no_bestmove_within(&rx, Duration::from_millis(50)));

    // Infinite: nothing final until stop, then exactly one answer.
    let infinite = SearchLimits {
        infinite: true,
        ..Default::default()
    };
    w.start(job(nim(), infinite));
    assert!(no_bestmove_within(&rx, Duration::from_millis(150)));
    assert!(w.is_searching());
    w.stop();
    let (_, best) = recv_until_bestmove(&rx, Duration::from_secs(5)).expect("answer after stop");
    assert!(matches!(best, SearchEvent::BestMove { best: Some(_), .. }));
    assert!(no_bestmove_within(&rx, Duration::from_millis(50)));

    // A strategy that panics: the worker still answers once (a legal move)
    // and the next job runs on a fresh strategy.
    let failing = SearchLimits {
        nodes: Some(13),
        ..Default::default()
    };
    w.start(job(nim(), failing));
    let (_, best) = recv_until_bestmove(&rx, Duration::from_secs(5)).expect("fallback answer");
    assert_eq!(
        best,
        SearchEvent::BestMove {
            best: Some(first.clone()),
            ponder: None
        }
    );
    w.start(job(Nim::new(&[0, 0], None), depth(1)));
    let (_, best) = recv_until_bestmove(&rx, Duration::from_secs(5)).expect("after the panic");
    assert_eq!(
        best,
        SearchEvent::BestMove {
            best: None,
            ponder: None
        }
    );
}

/// The search traits for chance and for more players layer on the rules
/// like alpha-beta's does: Nim (normal play) as a toy for both.
impl EquityPosition for Nim {
    type Value = f32;
    fn evaluate_value(&self) -> f32 {
        // The player on turn wins exactly when the piles' xor is not zero.
        if self.xor() != 0 { 1.0 } else { -1.0 }
    }
    fn equity_of(&self, value: &f32) -> f32 {
        *value
    }
}

impl MultiPlayerPosition for Nim {
    fn evaluate_players(&self, out: &mut [i32]) {
        let mover = self.side_to_move();
        for (k, v) in out.iter_mut().enumerate() {
            *v = if (k == mover) == (self.xor() != 0) {
                1
            } else {
                -1
            };
        }
    }
    fn is_playing(&self, _player: usize) -> bool {
        self.outcome().is_none()
    }
    /// Only ever called for the player not to move: the other one.
    fn make_turn_to(&mut self, _player: usize) {
        self.undo.push((0, 0));
        self.side = self.side.other();
    }
    fn move_gain(&self, mv: NimMove) -> i32 {
        i32::from(mv.take)
    }
}

#[test]
fn equity_and_per_player_evaluations_layer_on_the_rules() {
    let won = Nim::new(&[1, 2], None);
    let lost = Nim::new(&[3, 3], None);
    assert_eq!(won.evaluate_value(), 1.0);
    assert_eq!(lost.evaluate_value(), -1.0);
    let mut values = vec![0; won.players()];
    won.evaluate_players(&mut values);
    assert_eq!(values, vec![1, -1]);
    lost.evaluate_players(&mut values);
    assert_eq!(values, vec![-1, 1]);
}

/// A toy with chance for the expectimax search: player 0 takes a sure 0.3
/// or gambles on a coin that comes up heads (a win) three times in four.
#[derive(Clone, Debug)]
struct Coin {
    /// 0 choosing, 1 coin in the air, 2 over.
    stage: u8,
    /// The result for player 0 when over.
    result: f32,
    history: Vec<(u8, f32)>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum CoinMove {
    Safe,
    Gamble,
    Heads,
    Tails,
}

impl RulesPosition for Coin {
    type Move = CoinMove;
    fn side_to_move(&self) -> usize {
        0
    }
    fn turn(&self) -> crate::rules::Turn {
        if self.stage == 1 {
            crate::rules::Turn::Chance
        } else {
            crate::rules::Turn::Player(0)
        }
    }
    fn chance_outcomes(&self) -> Vec<(CoinMove, u32)> {
        if self.stage == 1 {
            vec![(CoinMove::Heads, 3), (CoinMove::Tails, 1)]
        } else {
            Vec::new()
        }
    }
    fn generate_legal(&self, out: &mut Vec<CoinMove>) {
        match self.stage {
            0 => out.extend([CoinMove::Safe, CoinMove::Gamble]),
            1 => out.extend([CoinMove::Heads, CoinMove::Tails]),
            _ => {}
        }
    }
    fn make(&mut self, mv: CoinMove) {
        self.history.push((self.stage, self.result));
        let (stage, result) = match mv {
            CoinMove::Safe => (2, 0.3),
            // The coin in the air looks worth 0.2 to the static value.
            CoinMove::Gamble => (1, 0.2),
            CoinMove::Heads => (2, 1.0),
            CoinMove::Tails => (2, -1.0),
        };
        self.stage = stage;
        self.result = result;
    }
    fn unmake(&mut self) {
        if let Some((stage, result)) = self.history.pop() {
            self.stage = stage;
            self.result = result;
        }
    }
    fn key(&self) -> u64 {
        u64::from(self.stage)
    }
    fn outcome(&self) -> Option<crate::rules::Outcome> {
        (self.stage == 2)
            .then(|| crate::rules::Outcome::win(0, crate::rules::EndKind::Finished, "coin"))
    }
}

impl EquityPosition for Coin {
    type Value = f32;
    fn evaluate_value(&self) -> f32 {
        self.result
    }
    fn equity_of(&self, value: &f32) -> f32 {
        *value
    }
}

#[test]
fn expectimax_averages_chance_and_deeper_searches_see_it() {
    let coin = Coin {
        stage: 0,
        result: 0.0,
        history: Vec::new(),
    };
    let run = |depth: u32| {
        let stop = AtomicBool::new(false);
        let mut search: Expectimax = SearchStrategy::<Coin>::new(1);
        let job = Job {
            position: coin.clone(),
            limits: SearchLimits {
                depth: Some(depth),
                ..Default::default()
            },
            settings: SearchSettings::default(),
            searchmoves: Vec::new(),
            formatter: Arc::new(|_: &Coin, moves: &[CoinMove]| {
                moves.iter().map(|m| format!("{m:?}")).collect()
            }),
        };
        let mut finals = 0;
        let result = search.run(job, &stop, None, &mut |e| {
            if e.is_final() {
                finals += 1;
            }
        });
        assert_eq!(finals, 1, "exactly one final answer");
        result
    };
    // One decision deep, the coin is worth its static 0.2: the sure 0.3 wins.
    let shallow = run(1);
    assert_eq!(shallow.best, Some(CoinMove::Safe));
    assert_eq!(shallow.score, Score::Equity(300));
    // Two deep, the coin is averaged: 3/4 - 1/4 = 0.5.
    let deep = run(2);
    assert_eq!(deep.best, Some(CoinMove::Gamble));
    assert_eq!(deep.score, Score::Equity(500));
}
