//! The Tak position: stacks, top-piece bitboards, reserves, make/unmake with
//! an undo stack, an incremental key, road and flat-win detection.
//!
//! A stack is a `u128` of colour bits (bit `i` = owner of the `i`-th piece
//! from the bottom, 1 = player 2) plus a height. Only the top piece can be a
//! wall or capstone; the bitboards `owner`, `walls` and `caps` describe the
//! tops. Squares are `rank * size + file`.

use super::types::*;
use crate::evalkit::nnue::{CarriesNet, NnueState};

/// Result of the game in a position (history aside).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TakResult {
    Ongoing,
    RoadWhite,
    RoadBlack,
    FlatWhite,
    FlatBlack,
    FlatDraw,
}

impl TakResult {
    /// A road for `colour`.
    pub fn road(colour: Side) -> Self {
        if colour == WHITE {
            TakResult::RoadWhite
        } else {
            TakResult::RoadBlack
        }
    }

    /// The winner's colour, if any.
    pub fn winner(self) -> Option<Side> {
        match self {
            TakResult::RoadWhite | TakResult::FlatWhite => Some(WHITE),
            TakResult::RoadBlack | TakResult::FlatBlack => Some(BLACK),
            TakResult::Ongoing | TakResult::FlatDraw => None,
        }
    }

    pub fn is_road(self) -> bool {
        matches!(self, TakResult::RoadWhite | TakResult::RoadBlack)
    }
}

/// Masks of one board size.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Geometry {
    pub size: usize,
    pub full: u64,
    pub file_first: u64,
    pub file_last: u64,
    pub rank_first: u64,
    pub rank_last: u64,
}

impl Geometry {
    pub fn new(size: usize) -> Geometry {
        let n = size;
        let full = if n * n == 64 {
            u64::MAX
        } else {
            (1u64 << (n * n)) - 1
        };
        let mut file_first = 0u64;
        for r in 0..n {
            file_first |= 1 << (r * n);
        }
        let rank_first = (1u64 << n) - 1;
        Geometry {
            size: n,
            full,
            file_first,
            file_last: file_first << (n - 1),
            rank_first,
            rank_last: rank_first << (n * (n - 1)),
        }
    }

    /// The squares orthogonally next to `b` (on the board).
    #[inline]
    pub fn neighbours(&self, b: u64) -> u64 {
        let n = self.size;
        ((b << n) & self.full)
            | (b >> n)
            | ((b & !self.file_last) << 1)
            | ((b & !self.file_first) >> 1)
    }

    /// The squares of rank `i` (0 = the first rank).
    #[inline]
    pub fn rank(&self, i: usize) -> u64 {
        self.rank_first << (i * self.size)
    }

    /// The squares of file `i` (0 = file a).
    #[inline]
    pub fn file(&self, i: usize) -> u64 {
        self.file_first << i
    }

    /// How many ranks and how many files hold a square of `set`.
    #[inline]
    pub fn lines_touched(&self, set: u64) -> (u32, u32) {
        (0..self.size).fold((0, 0), |(ranks, files), i| {
            (
                ranks + (set & self.rank(i) != 0) as u32,
                files + (set & self.file(i) != 0) as u32,
            )
        })
    }

    /// How many (square of `a`, square of `b`) pairs are orthogonal
    /// neighbours.
    #[inline]
    pub fn adjacent_pairs(&self, a: u64, b: u64) -> u32 {
        let n = self.size;
        ((a << n) & b).count_ones()
            + ((a >> n) & b).count_ones()
            + (((a & !self.file_last) << 1) & b).count_ones()
            + (((a & !self.file_first) >> 1) & b).count_ones()
    }

    /// Squares of `set` connected to `seed` (inside `set`).
    #[inline]
    pub fn flood(&self, seed: u64, set: u64) -> u64 {
        let mut x = seed & set;
        loop {
            let y = (x | self.neighbours(x)) & set;
            if y == x {
                return x;
            }
            x = y;
        }
    }

    /// True when `road` (road-eligible tops of one player) links two
    /// opposite edges.
    #[inline]
    pub fn has_road(&self, road: u64) -> bool {
        if road & self.rank_first != 0 && road & self.rank_last != 0 {
            let mut x = road & self.rank_first;
            loop {
                let y = (x | self.neighbours(x)) & road;
                if y & self.rank_last != 0 {
                    return true;
                }
                if y == x {
                    break;
                }
                x = y;
            }
        }
        if road & self.file_first != 0 && road & self.file_last != 0 {
            let mut x = road & self.file_first;
            loop {
                let y = (x | self.neighbours(x)) & road;
                if y & self.file_last != 0 {
                    return true;
                }
                if y == x {
                    break;
                }
                x = y;
            }
        }
        false
    }

    /// Step of a direction in square numbers.
    #[inline]
    pub fn step(&self, dir: u8) -> isize {
        match dir {
            UP => self.size as isize,
            DOWN => -(self.size as isize),
            RIGHT => 1,
            _ => -1,
        }
    }

    /// Squares from `sq` to the edge in direction `dir`.
    #[inline]
    pub fn edge_distance(&self, sq: usize, dir: u8) -> usize {
        let n = self.size;
        let (r, f) = (sq / n, sq % n);
        match dir {
            UP => n - 1 - r,
            DOWN => r,
            RIGHT => n - 1 - f,
            _ => f,
        }
    }
}

#[derive(Debug, Clone, Copy)]
struct Undo {
    mv: Move,
    flattened: bool,
    result: TakResult,
    key: u64,
}

#[derive(Clone)]
pub struct Position {
    pub cfg: Config,
    pub geo: Geometry,
    pub stacks: [u128; 64],
    pub heights: [u8; 64],
    /// Squares whose top piece belongs to each player.
    pub owner: PerSide<u64>,
    pub walls: u64,
    pub caps: u64,
    pub stones_left: PerSide<u32>,
    pub caps_left: PerSide<u32>,
    pub side: Side,
    /// Full-move number as in TPS (goes up after player 2 moves).
    pub move_number: u32,
    pub result: TakResult,
    pub key: u64,
    undo: Vec<Undo>,
    /// Keys of the positions before each move played (and searched).
    pub history: Vec<u64>,
    /// Number of entries of `history` since the last placement (a placement
    /// can never be undone, so no repetition crosses it).
    pub reversible: Vec<u32>,
    /// Road threats of the position with this key, filled by the evaluation
    /// (`super::eval::threats`).
    pub threat_cache: std::cell::Cell<Threats>,
    /// The network and its accumulators, when the search evaluates with
    /// one (`super::nnue`).
    pub(crate) nnue: Option<Box<NnueState>>,
}

const ZOBRIST_SIDE: u64 = 0x9E37_79B9_7F4A_7C15;

#[inline]
fn mix(mut z: u64) -> u64 {
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

#[inline]
fn low_mask(bits: u32) -> u128 {
    if bits >= 128 {
        u128::MAX
    } else {
        (1u128 << bits) - 1
    }
}

impl Position {
    /// An empty board of the configuration, player 1 to move at move 1.
    pub fn empty(cfg: Config) -> Position {
        Position {
            cfg,
            geo: Geometry::new(cfg.size),
            stacks: [0; 64],
            heights: [0; 64],
            owner: PerSide::new(0, 0),
            walls: 0,
            caps: 0,
            stones_left: PerSide::new(cfg.stones, cfg.stones),
            caps_left: PerSide::new(cfg.caps, cfg.caps),
            side: WHITE,
            move_number: 1,
            result: TakResult::Ongoing,
            key: 0,
            undo: Vec::with_capacity(256),
            history: Vec::with_capacity(256),
            reversible: Vec::with_capacity(256),
            threat_cache: std::cell::Cell::new(Threats::NONE),
            nnue: None,
        }
    }

    #[inline]
    pub fn size(&self) -> usize {
        self.cfg.size
    }

    #[inline]
    pub fn occupied(&self) -> u64 {
        self.owner[WHITE] | self.owner[BLACK]
    }

    /// Road-eligible tops (flats and capstones) of a player.
    #[inline]
    pub fn road_squares(&self, c: Side) -> u64 {
        self.owner[c] & !self.walls
    }

    /// Squares topped by a flat of a player.
    #[inline]
    pub fn flats(&self, c: Side) -> u64 {
        self.owner[c] & !self.walls & !self.caps
    }

    #[inline]
    pub fn is_opening(&self) -> bool {
        self.move_number == 1
    }

    /// Kind of the top piece of an occupied square.
    #[inline]
    pub fn top_kind(&self, sq: usize) -> u8 {
        let b = 1u64 << sq;
        if self.walls & b != 0 {
            WALL
        } else if self.caps & b != 0 {
            CAP
        } else {
            FLAT
        }
    }

    /// Owner of the top piece, if any.
    #[inline]
    pub fn top_owner(&self, sq: usize) -> Option<Side> {
        let b = 1u64 << sq;
        if self.owner[WHITE] & b != 0 {
            Some(WHITE)
        } else if self.owner[BLACK] & b != 0 {
            Some(BLACK)
        } else {
            None
        }
    }

    #[inline]
    fn square_hash(&self, sq: usize) -> u64 {
        let h = self.heights[sq];
        if h == 0 {
            return 0;
        }
        let s = self.stacks[sq];
        let a = (s as u64) ^ ((s >> 64) as u64).rotate_left(29);
        let kind = self.top_kind(sq) as u64;
        mix(a
            .wrapping_add((h as u64) << 40)
            .wrapping_add(kind << 56)
            .wrapping_add((sq as u64).wrapping_mul(0x2545_F491_4F6C_DD1D)))
    }

    /// Recomputes the key from scratch.
    pub fn compute_key(&self) -> u64 {
        let mut k = if self.side == BLACK { ZOBRIST_SIDE } else { 0 };
        for sq in 0..self.size() * self.size() {
            k ^= self.square_hash(sq);
        }
        k
    }

    /// Sets a stack (used by the TPS reader). `pieces` bottom first.
    pub fn set_stack(&mut self, sq: usize, colours: u128, height: u32, top: u8) {
        let b = 1u64 << sq;
        self.stacks[sq] = colours;
        self.heights[sq] = height as u8;
        self.owner[WHITE] &= !b;
        self.owner[BLACK] &= !b;
        self.walls &= !b;
        self.caps &= !b;
        if height > 0 {
            let c = Side::from_bit((colours >> (height - 1)) & 1 != 0);
            self.owner[c] |= b;
            match top {
                WALL => self.walls |= b,
                CAP => self.caps |= b,
                _ => {}
            }
        }
    }

    /// Recomputes key and result after the position was built by hand.
    pub fn finish_setup(&mut self) {
        self.key = self.compute_key();
        self.result = self.compute_result(self.side.other());
        self.undo.clear();
        self.history.clear();
        self.reversible.clear();
    }

    /// The result after `mover` moved: road (both roads: the mover wins),
    /// then flat win when the board is full or a reserve is empty.
    pub fn compute_result(&self, mover: Side) -> TakResult {
        let w = self.geo.has_road(self.road_squares(WHITE));
        let b = self.geo.has_road(self.road_squares(BLACK));
        if w || b {
            let winner = if w && b {
                mover
            } else if w {
                WHITE
            } else {
                BLACK
            };
            return TakResult::road(winner);
        }
        self.flat_result()
    }

    #[inline]
    fn flat_result(&self) -> TakResult {
        let full = self.occupied() == self.geo.full;
        let empty_reserve = Side::BOTH
            .into_iter()
            .any(|c| self.stones_left[c] + self.caps_left[c] == 0);
        if !(full || empty_reserve) {
            return TakResult::Ongoing;
        }
        let (w, b) = self.flat_score();
        match w.cmp(&b) {
            std::cmp::Ordering::Greater => TakResult::FlatWhite,
            std::cmp::Ordering::Less => TakResult::FlatBlack,
            std::cmp::Ordering::Equal => TakResult::FlatDraw,
        }
    }

    /// Flat counts in half flats with komi: (player 1, player 2).
    pub fn flat_score(&self) -> (i32, i32) {
        let w = self.flats(WHITE).count_ones() as i32 * 2;
        let b = self.flats(BLACK).count_ones() as i32 * 2 + self.cfg.half_komi;
        (w, b)
    }

    /// Plays a legal move.
    pub fn make_move(&mut self, mv: Move) {
        // The network's view of what the move changes, read before it.
        let nnue_before = self.nnue.as_mut().map(|state| state.push()).map(|()| {
            let (step, squares) = if mv.is_place() {
                (0, 0)
            } else {
                (self.geo.step(mv.dir()), mv.squares() as usize)
            };
            super::nnue::before_move(self, mv.square(), step, squares)
        });
        self.make_move_on_board(mv);
        if let (Some(before), Some(mut state)) = (nnue_before, self.nnue.take()) {
            super::nnue::after_move(&mut state, self, &before);
            self.nnue = Some(state);
        }
    }

    fn make_move_on_board(&mut self, mv: Move) {
        let mover = self.side;
        let mut undo = Undo {
            mv,
            flattened: false,
            result: self.result,
            key: self.key,
        };
        self.history.push(self.key);
        let rev = self.reversible.last().copied().unwrap_or(0);
        if mv.is_place() {
            self.reversible.push(0);
            let sq = mv.square();
            let b = 1u64 << sq;
            let kind = mv.kind();
            let colour = if self.is_opening() {
                mover.other()
            } else {
                mover
            };
            self.stacks[sq] = colour.index() as u128;
            self.heights[sq] = 1;
            self.owner[colour] |= b;
            match kind {
                WALL => {
                    self.walls |= b;
                    self.stones_left[colour] -= 1;
                }
                CAP => {
                    self.caps |= b;
                    self.caps_left[colour] -= 1;
                }
                _ => self.stones_left[colour] -= 1,
            }
            self.key ^= self.square_hash(sq);
            // Only the placed colour's road can appear, and only with a flat
            // or a capstone; the board filled up or a reserve ran out.
            self.result = if kind != WALL && self.geo.has_road(self.road_squares(colour)) {
                TakResult::road(colour)
            } else {
                self.flat_result()
            };
        } else {
            self.reversible.push(rev + 1);
            undo.flattened = self.make_spread(mv);
            self.result = self.compute_result(mover);
        }
        self.undo.push(undo);
        self.key ^= ZOBRIST_SIDE;
        if mover == BLACK {
            self.move_number += 1;
        }
        self.side = self.side.other();
    }

    /// Moves the pieces of a spread; true when a wall was flattened.
    #[inline]
    fn make_spread(&mut self, mv: Move) -> bool {
        let from = mv.square();
        let fb = 1u64 << from;
        let step = self.geo.step(mv.dir());
        let count = mv.count();
        let kind = self.top_kind(from);
        let mut key = self.key ^ self.square_hash(from);
        let h = self.heights[from] as u32;
        let rest = h - count;
        let mut carried = (self.stacks[from] >> rest) as u32 & ((1u32 << count) - 1);
        self.stacks[from] &= low_mask(rest);
        self.heights[from] = rest as u8;
        self.owner[WHITE] &= !fb;
        self.owner[BLACK] &= !fb;
        self.walls &= !fb;
        self.caps &= !fb;
        if rest > 0 {
            let c = Side::from_bit((self.stacks[from] >> (rest - 1)) & 1 != 0);
            self.owner[c] |= fb;
        }
        key ^= self.square_hash(from);
        let mut flattened = false;
        let mut pattern = mv.pattern() as u32;
        let mut prev = 0u32;
        let mut sq = from as isize;
        while pattern != 0 {
            let s = pattern.trailing_zeros() + 1;
            let d = s - prev;
            prev = s;
            pattern &= pattern - 1;
            sq += step;
            let t = sq as usize;
            let tb = 1u64 << t;
            key ^= self.square_hash(t);
            let bits = carried & ((1u32 << d) - 1);
            carried >>= d;
            let ht = self.heights[t] as u32;
            self.stacks[t] |= (bits as u128) << ht;
            self.heights[t] = (ht + d) as u8;
            let c = Side::from_bit((bits >> (d - 1)) & 1 != 0);
            self.owner[c.other()] &= !tb;
            self.owner[c] |= tb;
            if pattern == 0 {
                if self.walls & tb != 0 {
                    flattened = true;
                    self.walls &= !tb;
                }
                match kind {
                    WALL => self.walls |= tb,
                    CAP => self.caps |= tb,
                    _ => {}
                }
            }
            key ^= self.square_hash(t);
        }
        self.key = key;
        flattened
    }

    /// Takes back the last move.
    pub fn unmake_move(&mut self) {
        if self.undo.is_empty() {
            return;
        }
        self.unmake_move_on_board();
        // The state's ply below is the position restored; a state attached
        // after the move was made has none and is refreshed.
        if self.nnue.as_mut().is_some_and(|n| !n.pop()) {
            self.refresh_nnue();
        }
    }

    fn unmake_move_on_board(&mut self) {
        let Some(u) = self.undo.pop() else {
            return;
        };
        self.history.pop();
        self.reversible.pop();
        self.side = self.side.other();
        if self.side == BLACK {
            self.move_number -= 1;
        }
        let mv = u.mv;
        if mv.is_null() {
            self.key = u.key;
            return;
        }
        if mv.is_place() {
            let sq = mv.square();
            let b = 1u64 << sq;
            let colour = if self.is_opening() {
                self.side.other()
            } else {
                self.side
            };
            match mv.kind() {
                CAP => self.caps_left[colour] += 1,
                _ => self.stones_left[colour] += 1,
            }
            self.stacks[sq] = 0;
            self.heights[sq] = 0;
            self.owner[colour] &= !b;
            self.walls &= !b;
            self.caps &= !b;
        } else {
            self.unmake_spread(mv, u.flattened);
        }
        self.result = u.result;
        self.key = u.key;
    }

    #[inline]
    fn unmake_spread(&mut self, mv: Move, flattened: bool) {
        let from = mv.square();
        let step = self.geo.step(mv.dir());
        let squares = mv.squares() as isize;
        let last = (from as isize + step * squares) as usize;
        let kind = self.top_kind(last);
        // Walk back from the last square, collecting the carried pieces.
        let mut carried = 0u32;
        let mut pattern = mv.pattern() as u32;
        let mut sq = last as isize;
        let mut is_last = true;
        while pattern != 0 {
            let hi = 31 - pattern.leading_zeros();
            pattern &= !(1 << hi);
            let lo = if pattern == 0 {
                0
            } else {
                32 - pattern.leading_zeros()
            };
            let d = hi + 1 - lo;
            let t = sq as usize;
            let tb = 1u64 << t;
            let ht = self.heights[t] as u32;
            let rest = ht - d;
            let bits = (self.stacks[t] >> rest) as u32 & ((1u32 << d) - 1);
            carried = (carried << d) | bits;
            self.stacks[t] &= low_mask(rest);
            self.heights[t] = rest as u8;
            self.owner[WHITE] &= !tb;
            self.owner[BLACK] &= !tb;
            self.caps &= !tb;
            self.walls &= !tb;
            if rest > 0 {
                let c = Side::from_bit((self.stacks[t] >> (rest - 1)) & 1 != 0);
                self.owner[c] |= tb;
                if is_last && flattened {
                    self.walls |= tb;
                }
            }
            is_last = false;
            sq -= step;
        }
        let fb = 1u64 << from;
        let count = mv.count();
        let h = self.heights[from] as u32;
        self.stacks[from] |= (carried as u128) << h;
        self.heights[from] = (h + count) as u8;
        let c = Side::from_bit((carried >> (count - 1)) & 1 != 0);
        self.owner[c.other()] &= !fb;
        self.owner[c] |= fb;
        match kind {
            WALL => self.walls |= fb,
            CAP => self.caps |= fb,
            _ => {}
        }
    }

    /// Passes the turn (null move of the search).
    pub fn make_null_move(&mut self) {
        if let Some(nnue) = &mut self.nnue {
            nnue.push();
        }
        self.undo.push(Undo {
            mv: Move::NULL,
            flattened: false,
            result: self.result,
            key: self.key,
        });
        self.history.push(self.key);
        let rev = self.reversible.last().copied().unwrap_or(0);
        self.reversible.push(rev + 1);
        self.key ^= ZOBRIST_SIDE;
        if self.side == BLACK {
            self.move_number += 1;
        }
        self.side = self.side.other();
    }

    /// Earlier occurrences of the current key with the same side to move
    /// since the last placement. An occurrence at most `root_distance` plies
    /// back (inside the search) counts as `usize::MAX`.
    pub fn repetitions(&self, root_distance: usize) -> usize {
        let n = self.history.len();
        let rev = self.reversible.last().copied().unwrap_or(0) as usize;
        let mut count = 0;
        let mut d = 2;
        while d <= rev && d <= n {
            if self.history[n - d] == self.key {
                if d <= root_distance {
                    return usize::MAX;
                }
                count += 1;
            }
            d += 2;
        }
        count
    }

    /// Pieces a player has on the board: (stones, capstones).
    pub fn pieces_on_board(&self, c: Side) -> (u32, u32) {
        let mut stones = 0;
        let mut caps = 0;
        for sq in 0..self.size() * self.size() {
            let h = self.heights[sq] as u32;
            let s = self.stacks[sq];
            let mut mine = (0..h)
                .filter(|&i| ((s >> i) & 1) as usize == c.index())
                .count() as u32;
            if self.caps & (1u64 << sq) != 0 && self.owner[c] & (1u64 << sq) != 0 {
                caps += 1;
                mine -= 1;
            }
            stones += mine;
        }
        (stones, caps)
    }
}

impl CarriesNet for Position {
    fn nnue_slot(&self) -> Option<&NnueState> {
        self.nnue.as_deref()
    }

    fn nnue_slot_mut(&mut self) -> &mut Option<Box<NnueState>> {
        &mut self.nnue
    }
}

impl Move {
    /// The null move (pass): a spread with an empty pattern cannot exist, so
    /// the value 0xFFFF (pattern 0xFF over square 63) is reserved.
    pub const NULL: Move = Move(0xFFFF);
    #[inline]
    pub const fn is_null(self) -> bool {
        self.0 == 0xFFFF
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn adjacent_pairs_count_each_neighbouring_pair() {
        let g = Geometry::new(6);
        let bit = |sq: usize| 1u64 << sq;
        // a1 touches b1 and a2, not b2 (diagonal) and not f1 (the far edge).
        let a = bit(0);
        assert_eq!(g.adjacent_pairs(a, bit(1) | bit(6) | bit(7) | bit(5)), 2);
        // The east edge does not wrap to the next rank's west edge.
        assert_eq!(g.adjacent_pairs(bit(5), bit(6)), 0);
        assert_eq!(g.adjacent_pairs(bit(6), bit(5)), 0);
        // Pairs inside one set count once from each side.
        let line = bit(0) | bit(1) | bit(2);
        assert_eq!(g.adjacent_pairs(line, line), 4);
        assert_eq!(g.adjacent_pairs(line, 0), 0);
    }

    #[test]
    fn lines_touched_counts_ranks_and_files_apart() {
        let g = Geometry::new(5);
        let bit = |sq: usize| 1u64 << sq;
        assert_eq!(g.lines_touched(0), (0, 0));
        // a1, b1, c1: one rank, three files; e5 adds rank 5 and file e.
        assert_eq!(g.lines_touched(bit(0) | bit(1) | bit(2)), (1, 3));
        assert_eq!(g.lines_touched(bit(0) | bit(1) | bit(2) | bit(24)), (2, 4));
        assert_eq!(g.rank(1), 0b11111 << 5, "rank 2 is a2-e2");
        assert_eq!(
            g.file(4),
            (0..5).map(|r| bit(r * 5 + 4)).sum::<u64>(),
            "file e"
        );
    }
}
