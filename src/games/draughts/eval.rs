//! Static evaluation, in hundredths of a man, for the side to move.
//!
//! Terms, each a middle-game / end-game pair blended by the men left on
//! the board: material (men, kings worth about three men), tempo (rows
//! the men have advanced; the two rows before crowning count extra), the
//! back row kept while the opponent still has men to crown, the centre,
//! balance (men spread evenly over the two wings), outposts (advanced men
//! backed on both rear diagonals, which cannot be taken from the front),
//! runaway men (no enemy piece in the cone ahead and no enemy king) and
//! king mobility; then a bonus for the side to move.
//!
//! The weights are the named tables of `eval_weights/<rule set>.rs`,
//! written by the tuner (`tabula tune international|russian`), never typed
//! here. The evaluation is written once against [`EvalSink`]:
//! [`evaluate`] runs it on the embedded table, the tuner records it as a
//! form of the weights ([`crate::tune`]).

use super::position::Position;
use super::types::*;
use super::variant::*;
use crate::evalkit::layout::weight_layout;
use crate::evalkit::{Direct, EvalSink};

/// A man and a king for the search (move ordering, the gain of a
/// capture), not for the evaluation, which has its own tuned values.
pub const MAN: i32 = 100;
pub const KING: i32 = 300;

/// The evaluation's weights: names and places in the tables of
/// `eval_weights/`. Each pair is a middle-game and an end-game weight.
pub mod layout {
    super::weight_layout! {
        VALUE_MG "value_mg" ["man", "king"],
        VALUE_EG "value_eg" ["man", "king"],
        TEMPO "tempo" ["mg", "eg"],
        NEAR_CROWN "near_crown" ["mg", "eg"],
        BACK_ROW "back_row" ["mg", "eg"],
        CENTRE "centre" ["mg", "eg"],
        BALANCE "balance" ["mg", "eg"],
        OUTPOST "outpost" ["mg", "eg"],
        RUNAWAY "runaway" ["mg", "eg"],
        KING_MOBILITY "king_mobility" ["mg", "eg"],
        TO_MOVE "to_move" [""],
    }
}
use layout::*;

/// The weight names, one per weight, in table order.
pub fn weight_names() -> Vec<String> {
    crate::evalkit::layout::names(GROUPS)
}

/// The central squares: the middle half of the columns on the middle rows.
const fn centre_mask<V: Variant>() -> u64 {
    let mut m = 0u64;
    let mut s = 0;
    while s < V::SQUARES {
        let (r, c) = row_col::<V>(s);
        let q = V::ROWS / 4;
        if r >= q && r < V::ROWS - q && c >= q && c < V::ROWS - q {
            m |= 1 << bit_of::<V>(s);
        }
        s += 1;
    }
    m
}

/// The squares of the left half of the columns (files a..e on 10x10).
const fn left_wing<V: Variant>() -> u64 {
    let mut m = 0u64;
    let mut s = 0;
    while s < V::SQUARES {
        if row_col::<V>(s).1 < V::ROWS / 2 {
            m |= 1 << bit_of::<V>(s);
        }
        s += 1;
    }
    m
}

#[inline(always)]
const fn shift(x: u64, d: i32) -> u64 {
    if d > 0 { x << d } else { x >> -d }
}

/// A pair of weights (`mg`, `eg` elements), each into its own sum.
#[inline(always)]
fn pair<S: EvalSink>(s: &mut S, index: usize, n: i32) {
    if n != 0 {
        s.tapered(index, n, 0);
        s.tapered(index + 1, 0, n);
    }
}

/// Bits of the rows a man has advanced from its own back row: enough for
/// the 9 of the 10x10 board.
const ADVANCE_BITS: usize = 4;

/// Rows a man (White's when `white`) on row `row` (0 = top) has advanced.
const fn advance<V: Variant>(white: bool, row: usize) -> usize {
    if white { V::ROWS - 1 - row } else { row }
}

/// The squares where a man of either side (White first) has advanced at
/// least `rows`.
const fn advanced_at_least<V: Variant>(rows: usize) -> [u64; 2] {
    let mut m = [0u64; 2];
    let mut s = 0;
    while s < V::SQUARES {
        let row = row_col::<V>(s).0;
        if advance::<V>(true, row) >= rows {
            m[0] |= 1 << bit_of::<V>(s);
        }
        if advance::<V>(false, row) >= rows {
            m[1] |= 1 << bit_of::<V>(s);
        }
        s += 1;
    }
    m
}

/// Per side, the squares whose advance has bit k set: the tempo of a set
/// of men is the sum of 2^k times their count on mask k.
const fn advance_bit_masks<V: Variant>() -> [[u64; ADVANCE_BITS]; 2] {
    let mut m = [[0u64; ADVANCE_BITS]; 2];
    let mut s = 0;
    while s < V::SQUARES {
        let row = row_col::<V>(s).0;
        let mut k = 0;
        while k < ADVANCE_BITS {
            if advance::<V>(true, row) >> k & 1 != 0 {
                m[0][k] |= 1 << bit_of::<V>(s);
            }
            if advance::<V>(false, row) >> k & 1 != 0 {
                m[1][k] |= 1 << bit_of::<V>(s);
            }
            k += 1;
        }
        s += 1;
    }
    m
}

/// Per side and square bit, the squares a man there passes on every way
/// to its crowning row: none may hold an enemy piece for a runaway.
const fn crowning_cones<V: Variant>() -> [[u64; 64]; 2] {
    let mut cones = [[0u64; 64]; 2];
    let [up_l, up_r, down_l, down_r] = steps::<V>();
    let board = board_mask::<V>();
    let mut side = 0;
    while side < 2 {
        let white = side == 0;
        let fwd = if white {
            [up_l, up_r]
        } else {
            [down_l, down_r]
        };
        let mut s = 0;
        while s < V::SQUARES {
            let b = bit_of::<V>(s);
            let mut front = 1u64 << b;
            let mut cone = 0u64;
            let mut r = advance::<V>(white, row_col::<V>(s).0) + 1;
            while r < V::ROWS {
                front = (shift(front, fwd[0]) | shift(front, fwd[1])) & board;
                cone |= front;
                r += 1;
            }
            cones[side][b as usize] = cone;
            s += 1;
        }
        side += 1;
    }
    cones
}

/// The square sets the features are counted on, per rule set (White's
/// first where a side has its own), made at compile time.
struct Masks<V>(std::marker::PhantomData<V>);

impl<V: Variant> Masks<V> {
    const ADVANCE: [[u64; ADVANCE_BITS]; 2] = advance_bit_masks::<V>();
    /// Within three rows of crowning: the two rows before it count extra.
    const NEAR_CROWN: [u64; 2] = advanced_at_least::<V>(V::ROWS - 3);
    /// The opponent's half, where outposts and runaways count.
    const FAR_HALF: [u64; 2] = advanced_at_least::<V>(V::ROWS.div_ceil(2));
    const CONES: [[u64; 64]; 2] = crowning_cones::<V>();
    const CENTRE: u64 = centre_mask::<V>();
    const LEFT_WING: u64 = left_wing::<V>();
}

/// The counts of one side's features, each later weighted.
#[derive(Default)]
struct Features {
    men: i32,
    kings: i32,
    tempo: i32,
    near_crown: i32,
    back_row: i32,
    centre: i32,
    imbalance: i32,
    outposts: i32,
    runaways: i32,
    king_moves: i32,
}

impl Features {
    fn of<V: Variant>(pos: &Position<V>, color: Side) -> Features {
        let men = pos.men(color);
        let kings = pos.kings_of(color);
        let own = pos.pieces[color];
        let enemy = pos.pieces[color.other()];
        let side = usize::from(color != WHITE);
        let board = board_mask::<V>();
        let [up_l, up_r, down_l, down_r] = steps::<V>();
        let back = if color == WHITE {
            [down_l, down_r]
        } else {
            [up_l, up_r]
        };
        let count = |m: u64| (men & m).count_ones() as i32;
        let mut f = Features {
            men: men.count_ones() as i32,
            kings: kings.count_ones() as i32,
            near_crown: count(Masks::<V>::NEAR_CROWN[side]),
            centre: count(Masks::<V>::CENTRE),
            ..Features::default()
        };
        for (k, &mask) in Masks::<V>::ADVANCE[side].iter().enumerate() {
            f.tempo += count(mask) << k;
        }
        let far = men & Masks::<V>::FAR_HALF[side];
        // Squares backed on a rear diagonal by an own piece or the edge.
        let backed = |d: i32| shift(own | !board, -d);
        f.outposts = (far & backed(back[0]) & backed(back[1])).count_ones() as i32;
        if pos.kings_of(color.other()) == 0 {
            let mut bb = far;
            while bb != 0 {
                let b = bb.trailing_zeros() as usize;
                bb &= bb - 1;
                let clear = Masks::<V>::CONES[side]
                    .get(b)
                    .is_some_and(|c| c & enemy == 0);
                f.runaways += i32::from(clear);
            }
        }
        if pos.men(color.other()) != 0 {
            f.back_row = count(Position::<V>::crown_row(color.other()));
        }
        f.imbalance = (2 * count(Masks::<V>::LEFT_WING) - f.men).abs();
        f.king_moves = king_moves::<V>(kings, pos.empty_squares());
        f
    }
}

/// King mobility: the empty squares along each diagonal, all kings at
/// once.
fn king_moves<V: Variant>(kings: u64, empty: u64) -> i32 {
    let mut moves = 0;
    for d in steps::<V>() {
        let mut x = shift(kings, d) & empty;
        while x != 0 {
            moves += x.count_ones() as i32;
            x = shift(x, d) & empty;
        }
    }
    moves
}

/// The evaluation from White's point of view, before the flip.
fn evaluate_white<S: EvalSink, V: Variant>(s: &mut S, pos: &Position<V>) {
    let w = Features::of(pos, WHITE);
    let b = Features::of(pos, BLACK);
    s.tapered(VALUE_MG, w.men - b.men, 0);
    s.tapered(VALUE_MG + 1, w.kings - b.kings, 0);
    s.tapered(VALUE_EG, 0, w.men - b.men);
    s.tapered(VALUE_EG + 1, 0, w.kings - b.kings);
    pair(s, TEMPO, w.tempo - b.tempo);
    pair(s, NEAR_CROWN, w.near_crown - b.near_crown);
    pair(s, BACK_ROW, w.back_row - b.back_row);
    pair(s, CENTRE, w.centre - b.centre);
    pair(s, BALANCE, w.imbalance - b.imbalance);
    pair(s, OUTPOST, w.outposts - b.outposts);
    pair(s, RUNAWAY, w.runaways - b.runaways);
    pair(s, KING_MOBILITY, w.king_moves - b.king_moves);
    // The phase: men left of those the game starts with.
    let max = (2 * V::PER_ROW * V::START_ROWS) as i32;
    s.blend((w.men + b.men).min(max), max);
}

/// The evaluation written once, for any sink.
pub fn evaluate_into<S: EvalSink, V: Variant>(s: &mut S, pos: &Position<V>) {
    evaluate_white(s, pos);
    if pos.side != WHITE {
        s.negate();
    }
    s.add(TO_MOVE, 1);
}

/// The evaluation for the side to move, with the rule set's embedded
/// weights.
pub fn evaluate<V: Variant>(pos: &Position<V>) -> i32 {
    let mut d = Direct::new(V::WEIGHTS);
    evaluate_into(&mut d, pos);
    d.score()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::Game;
    use crate::games::draughts::Draughts;

    fn parse<V: Variant>(text: &str) -> Position<V> {
        Draughts::<V>::new().parse_position(text).unwrap()
    }

    fn features<V: Variant>(text: &str, color: Side) -> Features {
        Features::of(&parse::<V>(text), color)
    }

    #[test]
    fn features_count_what_they_say() {
        // White men on 23 (advanced 5 rows, backed by 28 and 29) and on 28,
        // 29; no black piece ahead of 23 but Black has a king: no runaway.
        let f = features::<Intl>("W:W23,28,29:BK1", WHITE);
        assert_eq!((f.men, f.outposts, f.runaways), (3, 1, 0));
        // Without the black king, 23 runs: its cone (18, 19, 12-14, ...)
        // is empty.
        let f = features::<Intl>("W:W23,28,29:B36", WHITE);
        assert_eq!(f.runaways, 1);
        // A black man in the cone stops it.
        let f = features::<Intl>("W:W23,28,29:B13", WHITE);
        assert_eq!(f.runaways, 0);
        // A king on 46 (a1) sees the long diagonal 41, 37, ..., 5: 9 squares.
        let f = features::<Intl>("W:WK46:B3", WHITE);
        assert_eq!(f.king_moves, 9);
        // Balance: all men on the left wing.
        let f = features::<Intl>("W:W31,36,41,46:B1", WHITE);
        assert_eq!(f.imbalance, 4);
        // The starting men of both sides are balanced and alike.
        let w = features::<Rus>(Rus::START_FEN, WHITE);
        let b = features::<Rus>(Rus::START_FEN, BLACK);
        assert_eq!((w.tempo, w.imbalance), (b.tempo, b.imbalance));
    }

    #[test]
    fn start_positions_are_even() {
        let p = parse::<Intl>(Intl::START_FEN);
        assert_eq!(evaluate(&p), Intl::WEIGHTS[TO_MOVE]);
        let p = parse::<Rus>(Rus::START_FEN);
        assert_eq!(evaluate(&p), Rus::WEIGHTS[TO_MOVE]);
    }
}
