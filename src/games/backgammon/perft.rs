//! Counting the plays of a roll without listing them (perft's last ply):
//! the steps are made and taken back on one board, each resulting
//! position is known by a Zobrist key kept up to date step by step, and
//! the keys go into a small open-addressing set that a new stamp empties.
//! [`super::board::Board::plays_into`] stays the reference: tests compare
//! the two on random positions.

use super::board::{BAR, Board, PlayScratch, rolls};
use super::closed_count::ClosedCount;

/// perft with its buffers: one per remaining depth, and the counter of the
/// last ply, whose memory of positions serves every call.
#[derive(Default)]
pub struct Perft {
    scratch: Vec<PlayScratch>,
    counter: PlayCounter,
}

impl Perft {
    /// [`super::board::perft`].
    pub fn leaves(&mut self, board: &Board, depth: u32, weighted: bool) -> u64 {
        if self.scratch.len() < depth as usize {
            self.scratch
                .resize_with(depth as usize, PlayScratch::default);
        }
        walk(board, depth, weighted, &mut self.scratch, &mut self.counter)
    }
}

fn walk(
    board: &Board,
    depth: u32,
    weighted: bool,
    scratch: &mut [PlayScratch],
    counter: &mut PlayCounter,
) -> u64 {
    if depth == 0 {
        return 1;
    }
    if depth == 1 {
        // The last ply only counts: no play is listed.
        return counter.leaves(board, weighted);
    }
    let Some((mine, deeper)) = scratch.split_first_mut() else {
        return 0;
    };
    let mut total = 0;
    for (a, b, w) in rolls() {
        let w = if weighted { w } else { 1 };
        board.plays_into(a, b, mine);
        let leaves = if mine.plays.is_empty() {
            walk(&board.flipped(), depth - 1, weighted, deeper, counter)
        } else {
            // The children are taken out, so deeper plies reuse their own
            // buffers while these are walked.
            let children = std::mem::take(&mut mine.plays);
            let n = children
                .iter()
                .map(|(p, _)| walk(&p.flipped(), depth - 1, weighted, deeper, counter))
                .sum();
            mine.plays = children;
            n
        };
        total += w * leaves;
    }
    total
}

/// Slots of the key set (a power of two, far above the plays of any roll).
const SLOTS: usize = 1 << 14;

pub struct PlayCounter {
    /// `zobrist[side][point][count]`: side 0 the mover, 1 the other.
    zobrist: Box<[u64; ZOBRIST]>,
    keys: Vec<u64>,
    stamps: Vec<u32>,
    stamp: u32,
    /// The most dice any play of the roll uses so far, and the distinct
    /// positions reached with that many.
    most: usize,
    count: u64,
    /// Leaves one ply below positions already counted, by key.
    memo: std::collections::HashMap<u64, u64>,
}

/// Positions remembered by [`PlayCounter::leaves`] (bounded memory).
const MEMO_LIMIT: usize = 1 << 22;

/// Keys: 2 sides × 26 points × 16 counts.
const ZOBRIST: usize = 2 * 26 * 16;

fn z_index(side: usize, point: usize, count: u8) -> usize {
    (side * 26 + point) * 16 + usize::from(count.min(15))
}

impl Default for PlayCounter {
    fn default() -> Self {
        let mut state = 0x9E37_79B9_7F4A_7C15u64;
        let mut zobrist = Box::new([0u64; ZOBRIST]);
        for slot in zobrist.iter_mut() {
            *slot = {
                // splitmix64
                state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
                let mut z = state;
                z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
                z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
                z ^ (z >> 31)
            };
        }
        PlayCounter {
            zobrist,
            keys: vec![0; SLOTS],
            stamps: vec![0; SLOTS],
            stamp: 0,
            most: 0,
            count: 0,
            memo: std::collections::HashMap::new(),
        }
    }
}

impl PlayCounter {
    fn z(&self, side: usize, point: usize, count: u8) -> u64 {
        self.zobrist
            .get(z_index(side, point, count))
            .copied()
            .unwrap_or(0)
    }

    /// The key of a board (the points and the bar of both sides; the
    /// borne-off counts follow from them).
    fn key_of(&self, b: &Board) -> u64 {
        let mut k = 0;
        for p in 1..=BAR {
            k ^= self.z(0, p, b.mover[p]) ^ self.z(1, p, b.other[p]);
        }
        k
    }

    /// The key after `side`'s point `p` goes from `before` to `after`.
    fn moved(&self, key: u64, side: usize, p: usize, before: u8, after: u8) -> u64 {
        if p == 0 {
            return key;
        }
        key ^ self.z(side, p, before) ^ self.z(side, p, after)
    }

    fn empty_set(&mut self) {
        self.stamp = self.stamp.wrapping_add(1);
        if self.stamp == 0 {
            self.stamps.iter_mut().for_each(|s| *s = 0);
            self.stamp = 1;
        }
        self.count = 0;
    }

    fn insert(&mut self, key: u64) {
        let mut slot = (key as usize) & (SLOTS - 1);
        loop {
            if self.stamps[slot] != self.stamp {
                self.stamps[slot] = self.stamp;
                self.keys[slot] = key;
                self.count += 1;
                return;
            }
            if self.keys[slot] == key {
                return;
            }
            slot = (slot + 1) & (SLOTS - 1);
        }
    }

    /// The leaves one ply below `board` (over the 21 rolls, or the 36
    /// with `weighted`; a pass is one leaf), remembered by position.
    pub fn leaves(&mut self, board: &Board, weighted: bool) -> u64 {
        let key = self.key_of(board) ^ u64::from(weighted);
        if let Some(&n) = self.memo.get(&key) {
            return n;
        }
        let start = self.key_of(board);
        let closed = ClosedCount::new(board);
        let n = rolls()
            .map(|(a, b, w)| {
                let w = if weighted { w } else { 1 };
                let plays = match closed.count(usize::from(a), usize::from(b)) {
                    Some(n) => n,
                    None => self.walk_count(board, start, a, b),
                };
                w * plays.max(1)
            })
            .sum();
        if self.memo.len() < MEMO_LIMIT {
            self.memo.insert(key, n);
        }
        n
    }

    /// The number of distinct plays of `d1`-`d2` (0 when the roll cannot
    /// be played), the same as `board.plays(d1, d2).len()`.
    pub fn count(&mut self, board: &Board, d1: u8, d2: u8) -> u64 {
        let closed = ClosedCount::new(board).count(usize::from(d1), usize::from(d2));
        match closed {
            Some(n) => n,
            None => self.walk_count(board, self.key_of(board), d1, d2),
        }
    }

    /// [`PlayCounter::count`] by walking the steps (`key`: the board's).
    fn walk_count(&mut self, board: &Board, key: u64, d1: u8, d2: u8) -> u64 {
        let (a, b) = (usize::from(d1), usize::from(d2));
        let mut work = *board;
        self.most = 0;
        self.empty_set();
        if a == b {
            self.walk(&mut work, key, &[a; 4], 0, BAR);
        } else {
            self.walk(&mut work, key, &[a, b], 0, BAR);
            self.walk(&mut work, key, &[b, a], 0, BAR);
            if self.most == 1 {
                // The larger-die rule: rare, so the plain generator.
                return board.plays(d1, d2).len() as u64;
            }
        }
        self.count
    }

    /// Steps with `dice[used..]`; for doubles (`highest` below the bar
    /// after a step) each further step starts no higher than the last.
    fn walk(&mut self, b: &mut Board, key: u64, dice: &[usize], used: usize, highest: usize) {
        let doubles = dice.len() == 4;
        let mut moved = false;
        if let Some(&die) = dice.get(used) {
            let lowest = if b.mover[BAR] > 0 { BAR } else { 1 };
            let top = if doubles { highest } else { BAR };
            for from in (lowest..=top).rev() {
                if b.mover[from] == 0 || !b.can_step(from, die) {
                    continue;
                }
                moved = true;
                let to = from.saturating_sub(die);
                let (f0, t0) = (b.mover[from], b.mover[to]);
                let theirs = BAR - to;
                let hit = to > 0 && b.other[theirs] == 1;
                let bar0 = b.other[BAR];
                let mut k = self.moved(key, 0, from, f0, f0 - 1);
                k = self.moved(k, 0, to, t0, t0 + 1);
                if hit {
                    k = self.moved(k, 1, theirs, 1, 0);
                    k = self.moved(k, 1, BAR, bar0, bar0 + 1);
                }
                b.step(from, die);
                self.walk(b, k, dice, used + 1, from);
                // Take the step back.
                b.mover[from] = f0;
                b.mover[to] = t0;
                if hit {
                    b.other[theirs] = 1;
                    b.other[BAR] = bar0;
                }
            }
        }
        if moved || used == 0 {
            return;
        }
        if used > self.most {
            self.most = used;
            self.empty_set();
        }
        if used == self.most {
            self.insert(key);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `n` boards of seeded random play from the start (a new game when
    /// one ends), hits, bar and bear-offs included.
    fn random_boards(n: usize, mut rng: u64) -> Vec<Board> {
        let mut next = move || {
            rng ^= rng << 13;
            rng ^= rng >> 7;
            rng ^= rng << 17;
            rng
        };
        let mut b = Board::start();
        let mut out = Vec::with_capacity(n);
        for _ in 0..n {
            out.push(b);
            let plays = b.plays((next() % 6) as u8 + 1, (next() % 6) as u8 + 1);
            b = match plays.get(next() as usize % plays.len().max(1)) {
                Some(p) if !p.mover_won() => p.flipped(),
                Some(_) => Board::start(),
                None => b.flipped(),
            };
        }
        out
    }

    #[test]
    fn counts_equal_the_generator_on_random_positions() {
        let mut counter = PlayCounter::default();
        let mut checked = 0;
        for b in random_boards(3000, 0x1234_5678_9abc_def1) {
            for d1 in 1..=6u8 {
                for d2 in 1..=d1 {
                    let plays = b.plays(d1, d2);
                    assert_eq!(
                        counter.count(&b, d1, d2),
                        plays.len() as u64,
                        "{b:?} {d1}{d2}"
                    );
                    checked += 1;
                }
            }
        }
        assert_eq!(checked, 3000 * 21);
    }

    #[test]
    fn closed_counts_equal_the_generator_where_they_answer() {
        let (mut answered, mut declined) = (0, 0);
        for b in random_boards(5000, 0x0bad_cafe_f00d_1234) {
            for d1 in 1..=6u8 {
                for d2 in 1..=d1 {
                    match ClosedCount::new(&b).count(usize::from(d1), usize::from(d2)) {
                        Some(n) => {
                            assert_eq!(n, b.plays(d1, d2).len() as u64, "{b:?} {d1}{d2}");
                            answered += 1;
                        }
                        None => declined += 1,
                    }
                }
            }
        }
        // Both branches are exercised (random play spends long in the
        // bear-off, which is declined).
        assert!(
            answered > 40_000 && declined > 0,
            "{answered} answered, {declined} declined"
        );
    }
}
