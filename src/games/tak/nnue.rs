//! Tak's network input (protocol-spec/tak.md §7), from each player's
//! view, on an 8x8 frame whatever the board's size (square `rank * 8 +
//! file`), so one feature set serves every size; a net is trained for
//! one size and komi.
//!
//! * The top of each stack: (own or other, flat, wall or capstone,
//!   square): 2 x 3 x 64 = 384.
//! * The stones under it, down to [`UNDER_DEPTH`] (those a full carry
//!   lifts): (own or other, depth, square): 2 x 7 x 64 = 896.
//! * Each reserve as one value: (own or other, stones left 0..=60, then
//!   capstones left 0..=4): 2 x 66 = 132.
//!
//! 1,412 features. The views differ only in whose pieces are "own": Tak
//! has no direction of play. The output bucket is the share of both
//! reserves already on the board, in eighths.
//!
//! A Tak net is a correction: the engine evaluates as the hand
//! evaluation plus the net, and the trainer fits the net to the search's
//! score minus the hand evaluation ([`Features::base_score`]).

use super::position::Position;
use super::types::*;
use crate::evalkit::nnue::{Expect, Features, Network, NnueState};
use crate::games::net_choice::{self, EmbeddedNet};
use std::sync::Arc;

const FRAME: usize = MAX_SIZE * MAX_SIZE;
/// Stones under the top that have features: a carry lifts at most eight.
pub const UNDER_DEPTH: usize = 7;
const TOP_FEATURES: usize = 2 * 3 * FRAME;
const UNDER_FEATURES: usize = 2 * UNDER_DEPTH * FRAME;
const BOARD_FEATURES: usize = TOP_FEATURES + UNDER_FEATURES;
/// One side's reserve: stones left 0..=MAX_STONES, then capstones left.
const RESERVE_FEATURES: usize = MAX_STONES as usize + 1 + MAX_CAPS as usize + 1;
const BUCKETS: u32 = 8;
/// The symmetries of a square board: four turns, each also reflected.
const BOARD_SYMMETRIES: usize = 8;
/// The most features one square has on: its top and the stones under it.
const SQUARE_MAX: usize = 1 + UNDER_DEPTH;

/// The shape every Tak net has. Every stone on the board is at most one
/// feature, and each side has two reserve features.
pub const NNUE_SHAPE: Expect<'static> = Expect {
    game: "tak",
    features: (BOARD_FEATURES + 2 * RESERVE_FEATURES) as u32,
    buckets: BUCKETS,
    max_active: 2 * (MAX_STONES + MAX_CAPS) + 4,
};

/// The setting the shipped net was trained and measured in: 6x6, the
/// standard reserves, komi 2. Elsewhere the search uses the hand
/// evaluation unless `EvalFile` names another net.
pub const EMBEDDED_NET_SETTING: Config = Config {
    size: 6,
    stones: 30,
    caps: 1,
    half_komi: 4,
};

/// The net the binary ships (docs/training.md says how it was made).
pub fn embedded_net() -> Option<Arc<Network>> {
    static NET: EmbeddedNet = EmbeddedNet::new();
    net_choice::embedded_net(&NET, include_bytes!("nets/tak6-komi2.nnue"), &NNUE_SHAPE)
}

/// A feature as player 1 sees it; player 2's view swaps "own" and
/// "other" within the feature's group. Small, since a move reads a few
/// squares' worth of them before and after.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
struct Neutral(u16);

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Group {
    Top,
    Under,
    Reserve,
}

impl Neutral {
    /// The feature `index` of `owner`'s features of `group`.
    #[inline(always)]
    fn new(owner: Side, group: Group, index: usize) -> Neutral {
        let other = owner.index();
        let at = match group {
            Group::Top => other * (TOP_FEATURES / 2) + index,
            Group::Under => TOP_FEATURES + other * (UNDER_FEATURES / 2) + index,
            Group::Reserve => BOARD_FEATURES + other * RESERVE_FEATURES + index,
        };
        Neutral(at as u16)
    }

    /// Its index in the view of player `view`.
    #[inline(always)]
    fn in_view(self, view: usize) -> usize {
        let i = usize::from(self.0);
        if view == 0 {
            return i;
        }
        let swap = |start: usize, len: usize| start + (i - start + len / 2) % len;
        if i < TOP_FEATURES {
            swap(0, TOP_FEATURES)
        } else if i < BOARD_FEATURES {
            swap(TOP_FEATURES, UNDER_FEATURES)
        } else {
            swap(BOARD_FEATURES, 2 * RESERVE_FEATURES)
        }
    }

    #[inline(always)]
    fn per_view(self) -> [usize; 2] {
        [self.in_view(0), self.in_view(1)]
    }
}

/// The features of one square: its top, then the stones under it.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) struct SquareFeatures {
    list: [Neutral; SQUARE_MAX],
    len: u8,
}

impl SquareFeatures {
    const EMPTY: SquareFeatures = SquareFeatures {
        list: [Neutral(0); SQUARE_MAX],
        len: 0,
    };

    fn iter(&self) -> impl Iterator<Item = Neutral> + Clone + '_ {
        self.list.iter().take(usize::from(self.len)).copied()
    }
}

/// The features square `sq` of `pos` has on.
pub(crate) fn square_features(pos: &Position, sq: usize) -> SquareFeatures {
    let mut out = SquareFeatures::EMPTY;
    let height = usize::from(pos.heights.get(sq).copied().unwrap_or(0));
    let stack = pos.stacks.get(sq).copied().unwrap_or(0);
    let n = pos.size().max(1);
    let frame = (sq / n) * MAX_SIZE + sq % n;
    let colour_at = |i: usize| Side::from_bit((stack >> i) & 1 != 0);
    for (depth, slot) in out.list.iter_mut().enumerate().take(height) {
        let i = height - 1 - depth;
        *slot = if depth == 0 {
            let kind = usize::from(pos.top_kind(sq));
            Neutral::new(colour_at(i), Group::Top, kind * FRAME + frame)
        } else {
            Neutral::new(colour_at(i), Group::Under, (depth - 1) * FRAME + frame)
        };
        out.len += 1;
    }
    out
}

/// The reserve features of `owner`: stones left, capstones left.
fn reserve_features(pos: &Position, owner: Side) -> [Neutral; 2] {
    let stones = (pos.stones_left[owner] as usize).min(MAX_STONES as usize);
    let caps = (pos.caps_left[owner] as usize).min(MAX_CAPS as usize);
    [
        Neutral::new(owner, Group::Reserve, stones),
        Neutral::new(owner, Group::Reserve, MAX_STONES as usize + 1 + caps),
    ]
}

impl Features for Position {
    const EXPECT: Expect<'static> = NNUE_SHAPE;

    fn active_features(&self, view: usize, out: &mut Vec<usize>) {
        for sq in 0..self.size() * self.size() {
            out.extend(square_features(self, sq).iter().map(|f| f.in_view(view)));
        }
        for owner in Side::BOTH {
            out.extend(reserve_features(self, owner).map(|f| f.in_view(view)));
        }
    }

    fn bucket(&self) -> usize {
        let total = 2 * (self.cfg.stones + self.cfg.caps);
        let left: u32 = Side::BOTH
            .into_iter()
            .map(|c| self.stones_left[c] + self.caps_left[c])
            .sum();
        let used = total.saturating_sub(left);
        ((used * BUCKETS) / total.max(1)).min(BUCKETS - 1) as usize
    }

    fn mover(&self) -> usize {
        self.side.index()
    }

    /// The engine evaluates as the hand evaluation plus the net.
    fn base_score(&self) -> i32 {
        super::eval::evaluate(self)
    }

    /// Tak's rules see no direction: the board's eight turns and
    /// reflections play alike.
    fn images(&self) -> usize {
        BOARD_SYMMETRIES
    }

    fn image_feature(&self, image: usize, feature: usize) -> usize {
        if feature >= BOARD_FEATURES {
            return feature;
        }
        let square = feature % FRAME;
        let (rank, file) = (square / MAX_SIZE, square % MAX_SIZE);
        let (rank, file) = board_image(image, self.size(), rank, file);
        feature - square + rank * MAX_SIZE + file
    }
}

/// The image of (`rank`, `file`) on an `n` x `n` board under symmetry
/// `image`: its bits say transpose, turn the ranks over, turn the files
/// over, whose eight combinations are the square's symmetries.
fn board_image(image: usize, n: usize, rank: usize, file: usize) -> (usize, usize) {
    let (mut r, mut f) = if image & 1 != 0 {
        (file, rank)
    } else {
        (rank, file)
    };
    let last = n.saturating_sub(1);
    if image & 2 != 0 {
        r = last.saturating_sub(r);
    }
    if image & 4 != 0 {
        f = last.saturating_sub(f);
    }
    (r, f)
}

/// What a move is about to change, read before it is made: the squares
/// it touches and both reserves.
pub(crate) struct Before {
    squares: [(usize, SquareFeatures); 1 + MAX_SIZE],
    touched: usize,
    reserves: [[Neutral; 2]; 2],
}

/// Reads the features of the squares a move touches (`from` and the next
/// `squares` along `step`) and the reserves.
pub(crate) fn before_move(pos: &Position, from: usize, step: isize, squares: usize) -> Before {
    let mut list = [(0, SquareFeatures::EMPTY); 1 + MAX_SIZE];
    let mut sq = from as isize;
    let mut touched = 0;
    for slot in list.iter_mut().take(squares + 1) {
        if let Ok(s) = usize::try_from(sq) {
            *slot = (s, square_features(pos, s));
            touched += 1;
        }
        sq += step;
    }
    Before {
        squares: list,
        touched,
        reserves: [
            reserve_features(pos, Side::FIRST),
            reserve_features(pos, Side::SECOND),
        ],
    }
}

/// Turns off what the move turned off and on what it turned on: per
/// square and reserve, only the features that differ.
pub(crate) fn after_move(state: &mut NnueState, pos: &Position, before: &Before) {
    for (sq, old) in before.squares.iter().take(before.touched) {
        let new = square_features(pos, *sq);
        if new != *old {
            apply_difference(state, old.iter(), new.iter());
        }
    }
    for (owner, old) in Side::BOTH.into_iter().zip(before.reserves) {
        let new = reserve_features(pos, owner);
        if new != old {
            apply_difference(state, old.into_iter(), new.into_iter());
        }
    }
}

fn apply_difference(
    state: &mut NnueState,
    old: impl Iterator<Item = Neutral> + Clone,
    new: impl Iterator<Item = Neutral> + Clone,
) {
    for f in old.clone() {
        if !new.clone().any(|g| g == f) {
            state.remove(f.per_view());
        }
    }
    for f in new {
        if !old.clone().any(|g| g == f) {
            state.add(f.per_view());
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::evalkit::nnue::state::testing;
    use crate::games::Game;
    use crate::games::net_choice::testing::{walk_checking_images, walk_checking_updates};
    use crate::games::tak::Tak;

    #[test]
    fn updates_follow_placements_spreads_null_moves_and_takebacks() {
        for (size, seed) in [(6, 5), (5, 6), (8, 7), (3, 8)] {
            let mut tak = Tak::new();
            tak.size = size;
            let net = testing::random_net::<Position>(32, seed);
            let null_move = |pos: &mut Position, step: usize| {
                let null = step.is_multiple_of(23) && !pos.is_opening();
                if null {
                    pos.make_null_move();
                }
                null
            };
            let mut spreads = 0;
            let count = |mv: Move| spreads += usize::from(!mv.is_place());
            walk_checking_updates(tak.start_position(), &net, seed, 2500, null_move, count);
            assert!(
                spreads > 100,
                "size {size}: the walk spread stacks ({spreads})"
            );
        }
    }

    /// A TPS with its board turned by `image` ([`board_image`]).
    fn turned_tps(text: &str, image: usize) -> String {
        let (board, rest) = text.split_once(' ').unwrap_or((text, ""));
        let mut grid: Vec<Vec<String>> = board
            .split('/')
            .map(|row| {
                let mut cells = Vec::new();
                for cell in row.split(',') {
                    match cell.strip_prefix('x') {
                        Some(n) => {
                            let n = n.parse().unwrap_or(1);
                            cells.extend(std::iter::repeat_n("x".to_string(), n));
                        }
                        None => cells.push(cell.to_string()),
                    }
                }
                cells
            })
            .collect();
        grid.reverse(); // grid[rank][file], rank 0 first
        let n = grid.len();
        let mut out = vec![vec![String::new(); n]; n];
        for (rank, row) in grid.iter().enumerate() {
            for (file, cell) in row.iter().enumerate() {
                let (r, f) = board_image(image, n, rank, file);
                out[r][f] = cell.clone();
            }
        }
        out.reverse();
        let rows: Vec<String> = out.iter().map(|row| row.join(",")).collect();
        format!("{} {rest}", rows.join("/"))
    }

    #[test]
    fn each_turn_and_reflection_has_the_turned_position_s_features() {
        for (size, seed) in [(6, 1), (5, 2), (3, 3), (8, 4)] {
            let mut tak = Tak::new();
            tak.size = size;
            let turned = |text: &str, image: usize| {
                let tps = turned_tps(text, image);
                tak.parse_position(&tps)
                    .unwrap_or_else(|e| panic!("{tps}: {e}"))
            };
            walk_checking_images(tak.start_position(), seed, 120, turned);
        }
    }

    #[test]
    fn stacks_give_their_top_and_the_stones_under_it_in_both_views() {
        let tak = Tak::new();
        // a1 holds (bottom first) 1 2 1 and a player 1 capstone on top;
        // f6 a player 2 wall; player 1 to move.
        let tps = "x5,2S/x6/x6/x6/x6/1211C,x5 1 5";
        let pos = tak.parse_position(tps).unwrap_or_else(|e| panic!("{e}"));
        let mut views = [Vec::new(), Vec::new()];
        for (view, f) in views.iter_mut().enumerate() {
            pos.active_features(view, f);
        }
        // Two tops, three stones under a1's, four reserve features.
        assert_eq!(views[0].len(), 2 + 3 + 4);
        let cap_a1_own = 2 * FRAME;
        let wall_f6_other = TOP_FEATURES / 2 + FRAME + 5 * MAX_SIZE + 5;
        assert!(views[0].contains(&cap_a1_own) && views[0].contains(&wall_f6_other));
        // The same pieces with owners swapped.
        assert!(views[1].contains(&(TOP_FEATURES / 2 + cap_a1_own)));
        assert!(views[1].contains(&(FRAME + 5 * MAX_SIZE + 5)));
        // Under a1's top: player 1 at depth 1, player 2 at 2, player 1 at 3.
        assert!(views[0].contains(&TOP_FEATURES));
        assert!(views[0].contains(&(TOP_FEATURES + UNDER_FEATURES / 2 + FRAME)));
        assert!(views[0].contains(&(TOP_FEATURES + 2 * FRAME)));
        assert!(
            views
                .iter()
                .flatten()
                .all(|&f| f < NNUE_SHAPE.features as usize)
        );
    }

    #[test]
    fn deep_stacks_stop_at_the_carry_limit_and_buckets_follow_the_reserves() {
        let tak = Tak::new();
        let deep = "x5,1212121212121/x6/x6/x6/x6/x6 1 20";
        let pos = tak.parse_position(deep).unwrap_or_else(|e| panic!("{e}"));
        let f6 = 5 * 6 + 5;
        assert_eq!(square_features(&pos, f6).iter().count(), 1 + UNDER_DEPTH);
        let start = tak.start_position();
        assert_eq!(start.bucket(), 0);
        assert!(pos.bucket() > 0 && pos.bucket() < BUCKETS as usize);
    }
}
