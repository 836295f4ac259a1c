//! Move ordering: TT move, then noisy moves by the game's hint (MVV-LVA),
//! then the two killers of the ply, the counter-move of the previous move,
//! then quiet moves by history; losing exchanges last. Noisy moves of
//! about the same hint are ordered by their capture history.

use super::AlphaBetaPosition;

const TT_SCORE: i32 = 1 << 30;
const NOISY_BASE: i32 = 1 << 28;
const KILLER1: i32 = 1 << 27;
const KILLER2: i32 = KILLER1 - 1;
const COUNTER: i32 = KILLER2 - 1;
/// Below every quiet move: noisy moves that lose their exchange.
const LOSING_NOISY: i32 = -(1 << 24);
// Quiet moves score their history: always between the losing exchanges and
// the counter-move.
const _: () = assert!(COUNTER < KILLER2 && COUNTER > HISTORY_MAX);
const _: () = assert!(LOSING_NOISY + (1 << 22) < -HISTORY_MAX);

/// History values stay within +-HISTORY_MAX (well below the killer scores).
/// The bonus of a cutoff at depth d (`history_bonus`) is a sizeable part of
/// it, so a move's history says how often it cut lately, not only ever.
pub const HISTORY_MAX: i32 = 1 << 14;

/// The history bonus (and the malus of the quiet moves tried before) of a
/// cutoff at `depth`.
pub fn history_bonus(depth: i32) -> i32 {
    let d = depth.max(1);
    (24 * d * d + 160 * d - 100).min(4000)
}

/// Two killers per ply, a history per player and a counter-move per
/// previous move (by its history index), kept across iterations of a search
/// (history also across searches, halved at each new one).
pub struct OrderingTables<M: Copy> {
    killers: Vec<[Option<M>; 2]>,
    history: Vec<Vec<i32>>,
    /// Like `history`, for noisy moves: how often the capture (by its
    /// history index) refuted lately.
    capture: Vec<Vec<i32>>,
    counters: Vec<Option<M>>,
}

/// Capture history counts this much less than the game's hint: it orders
/// captures of about equal worth (the hints step by a tenth of a pawn per
/// centipawn of victim), not a pawn before a rook.
const CAPTURE_HISTORY_DIVISOR: i32 = 16;

/// The move before the one being ordered, for the ordering of quiet
/// moves: its history index (`None`: a null move or the root) and the
/// counter-move that last refuted it.
#[derive(Clone, Copy, Debug)]
pub struct QuietContext<M> {
    pub counter: Option<M>,
    pub prev: Option<usize>,
}

impl<M> QuietContext<M> {
    pub const NONE: Self = QuietContext {
        counter: None,
        prev: None,
    };
}

impl<M: Copy + Eq> OrderingTables<M> {
    pub fn new(max_ply: usize, history_size: usize, players: usize) -> Self {
        OrderingTables {
            killers: vec![[None; 2]; max_ply + 1],
            history: vec![vec![0; history_size]; players],
            capture: vec![vec![0; history_size]; players],
            counters: vec![None; history_size],
        }
    }

    /// Prepares for a new search: killers cleared, history halved.
    pub fn new_search(&mut self) {
        for k in self.killers.iter_mut() {
            *k = [None; 2];
        }
        for side in self.history.iter_mut().chain(self.capture.iter_mut()) {
            for h in side.iter_mut() {
                *h /= 2;
            }
        }
    }

    /// Forgets everything (a new game).
    pub fn clear(&mut self) {
        for k in self.killers.iter_mut() {
            *k = [None; 2];
        }
        for side in self.history.iter_mut().chain(self.capture.iter_mut()) {
            side.iter_mut().for_each(|h| *h = 0);
        }
        self.counters.iter_mut().for_each(|c| *c = None);
    }

    /// The quiet move that last refuted the move with history index
    /// `prev` (`None` for a pass or the root).
    pub fn counter(&self, prev: Option<usize>) -> Option<M> {
        prev.and_then(|i| self.counters.get(i).copied().flatten())
    }

    pub fn set_counter(&mut self, prev: Option<usize>, mv: M) {
        if let Some(slot) = prev.and_then(|i| self.counters.get_mut(i)) {
            *slot = Some(mv);
        }
    }

    pub fn killers(&self, ply: usize) -> [Option<M>; 2] {
        self.killers.get(ply).copied().unwrap_or([None; 2])
    }

    pub fn is_killer(&self, ply: usize, mv: M) -> bool {
        let k = self.killers(ply);
        k[0] == Some(mv) || k[1] == Some(mv)
    }

    pub fn add_killer(&mut self, ply: usize, mv: M) {
        if let Some(k) = self.killers.get_mut(ply)
            && k[0] != Some(mv)
        {
            k[1] = k[0];
            k[0] = Some(mv);
        }
    }

    pub fn history(&self, side: usize, index: usize) -> i32 {
        side_entry(&self.history, side, index)
    }

    /// Adds `bonus` (may be negative) with gravity, so values saturate.
    pub fn update_history(&mut self, side: usize, index: usize, bonus: i32) {
        add_to_side_entry(&mut self.history, side, index, bonus);
    }

    pub fn capture_history(&self, side: usize, index: usize) -> i32 {
        side_entry(&self.capture, side, index)
    }

    /// Adds `bonus` to a noisy move's capture history (with gravity).
    pub fn update_capture(&mut self, side: usize, index: usize, bonus: i32) {
        add_to_side_entry(&mut self.capture, side, index, bonus);
    }

    /// Ordering score of one move.
    pub fn score<P: AlphaBetaPosition<Move = M>>(
        &self,
        pos: &P,
        mv: M,
        tt_move: Option<u32>,
        ctx: &QuietContext<M>,
        ply: usize,
    ) -> i32 {
        if tt_move.is_some_and(|k| k == P::move_key(mv)) {
            return TT_SCORE;
        }
        if !pos.is_quiet(mv) {
            let hint = pos.move_order_hint(mv).clamp(-(1 << 22), 1 << 22)
                + self.capture_history(pos.side_to_move(), pos.history_index(mv))
                    / CAPTURE_HISTORY_DIVISOR;
            // Losing exchanges go after the quiet moves.
            if !pos.see_ge(mv, 0) {
                return LOSING_NOISY + hint;
            }
            return NOISY_BASE + hint;
        }
        let k = self.killers(ply);
        if k[0] == Some(mv) {
            return KILLER1;
        }
        if k[1] == Some(mv) {
            return KILLER2;
        }
        if ctx.counter == Some(mv) {
            return COUNTER;
        }
        self.history(pos.side_to_move(), pos.history_index(mv))
    }

    /// Scores every move into `out` (cleared first).
    pub fn score_moves<P: AlphaBetaPosition<Move = M>>(
        &self,
        pos: &P,
        moves: &[M],
        tt_move: Option<u32>,
        ctx: &QuietContext<M>,
        ply: usize,
        out: &mut Vec<(M, i32)>,
    ) {
        out.clear();
        out.extend(
            moves
                .iter()
                .map(|&m| (m, self.score(pos, m, tt_move, ctx, ply))),
        );
    }
}

/// One entry of a per-side table (history, capture history); 0 for an
/// index the table does not have.
fn side_entry(table: &[Vec<i32>], side: usize, index: usize) -> i32 {
    table
        .get(side)
        .and_then(|h| h.get(index))
        .copied()
        .unwrap_or(0)
}

/// Adds `bonus` (may be negative) to one entry of a per-side table with
/// gravity; an index the table does not have is ignored.
fn add_to_side_entry(table: &mut [Vec<i32>], side: usize, index: usize, bonus: i32) {
    if let Some(h) = table.get_mut(side).and_then(|h| h.get_mut(index)) {
        *h = gravity(*h, bonus);
    }
}

/// `h` plus `bonus` (clamped to the cap), pulled back in proportion to `h`
/// so that values saturate within +-HISTORY_MAX.
fn gravity(h: i32, bonus: i32) -> i32 {
    let bonus = bonus.clamp(-HISTORY_MAX, HISTORY_MAX);
    let next = h as i64 + bonus as i64 - (h as i64) * (bonus.abs() as i64) / HISTORY_MAX as i64;
    next.clamp(-(HISTORY_MAX as i64), HISTORY_MAX as i64) as i32
}

/// Moves taken one at a time by a selection step before the rest are
/// sorted at once: most cut nodes cut within the first few moves, and a
/// node that gets this far usually searches them all, where one sort costs
/// far less than a scan of the rest for every move (Tak has over a hundred).
const PICKS_BEFORE_SORT: usize = 3;

/// Takes the best-scored remaining move at position `i` and returns it.
/// Ties keep the generation order, so the result is deterministic.
///
/// Callers take the moves in turn, `i` = 0, 1, 2, …, from a slice they do
/// not change in between: from `PICKS_BEFORE_SORT` on, the rest is sorted
/// once (a stable sort, so the order is the one the selection steps would
/// give) and later calls just read it.
pub fn pick_next<M: Copy>(moves: &mut [(M, i32)], i: usize) -> M {
    if i < PICKS_BEFORE_SORT {
        let mut best = i;
        for j in i + 1..moves.len() {
            if moves[j].1 > moves[best].1 {
                best = j;
            }
        }
        if best != i {
            // Rotate to keep the relative order of the others stable.
            moves[i..=best].rotate_right(1);
        }
    } else if i == PICKS_BEFORE_SORT {
        moves[i..].sort_by_key(|m| std::cmp::Reverse(m.1));
    }
    moves[i].0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pick_next_orders_stably() {
        let mut v = vec![(1u8, 0), (2, 5), (3, 5), (4, 9), (5, 0)];
        let order: Vec<u8> = (0..v.len()).map(|i| pick_next(&mut v, i)).collect();
        assert_eq!(order, vec![4, 2, 3, 1, 5]);
    }

    #[test]
    fn pick_next_takes_the_order_of_repeated_selection() {
        // The reference: a full selection step for every move.
        fn select_all(mut v: Vec<(u16, i32)>) -> Vec<u16> {
            (0..v.len())
                .map(|i| {
                    let mut best = i;
                    for j in i + 1..v.len() {
                        if v[j].1 > v[best].1 {
                            best = j;
                        }
                    }
                    v[i..=best].rotate_right(1);
                    v[i].0
                })
                .collect()
        }
        // Lists of many lengths with many ties (scores from a small range).
        let mut state = 12;
        for len in 0..40u16 {
            let v: Vec<(u16, i32)> = (0..len)
                .map(|m| {
                    let (next, drawn) = crate::rules::splitmix(state);
                    state = next;
                    (m, (drawn % 7) as i32 - 3)
                })
                .collect();
            let mut picked = v.clone();
            let order: Vec<u16> = (0..v.len()).map(|i| pick_next(&mut picked, i)).collect();
            assert_eq!(order, select_all(v), "length {len}");
        }
    }

    #[test]
    fn history_saturates_and_killers_shift() {
        let mut t: OrderingTables<u8> = OrderingTables::new(8, 4, 2);
        for _ in 0..1000 {
            t.update_history(0, 1, 400_000);
        }
        assert!(t.history(0, 1) <= HISTORY_MAX);
        assert!(t.history(0, 1) > HISTORY_MAX / 2);
        t.update_history(1, 99, 5); // out of range: ignored
        t.add_killer(2, 7);
        t.add_killer(2, 8);
        t.add_killer(2, 8);
        assert_eq!(t.killers(2), [Some(8), Some(7)]);
        assert!(t.is_killer(2, 7));
        assert!(!t.is_killer(3, 7));
        assert_eq!(t.killers(100), [None, None]);
    }

    #[test]
    fn counter_moves_order_after_killers_and_before_history() {
        let mut t: OrderingTables<u8> = OrderingTables::new(8, 16, 2);
        assert_eq!(t.counter(Some(3)), None);
        t.set_counter(Some(3), 9);
        t.set_counter(None, 7); // a null move has no counter
        t.set_counter(Some(99), 7); // out of range: ignored
        assert_eq!(t.counter(Some(3)), Some(9));
        assert_eq!(t.counter(None), None);
        t.clear();
        assert_eq!(t.counter(Some(3)), None);
    }

    #[test]
    fn capture_history_orders_noisy_moves_of_equal_hint_and_halves_each_search() {
        let mut t: OrderingTables<u8> = OrderingTables::new(8, 16, 2);
        t.update_capture(0, 5, 3000);
        t.update_capture(0, 6, -3000);
        assert!(t.capture_history(0, 5) > 0 && t.capture_history(0, 6) < 0);
        assert_eq!(t.capture_history(1, 5), 0);
        t.update_capture(2, 5, 100); // no such side: ignored
        let before = t.capture_history(0, 5);
        t.new_search();
        assert_eq!(t.capture_history(0, 5), before / 2);
        t.clear();
        assert_eq!(t.capture_history(0, 5), 0);
    }

    #[test]
    fn history_bonus_grows_with_depth_and_stays_below_the_cap() {
        assert!(history_bonus(1) > 0);
        assert!((1..40).all(|d| history_bonus(d + 1) >= history_bonus(d)));
        assert!(history_bonus(100) < HISTORY_MAX / 2);
    }
}
