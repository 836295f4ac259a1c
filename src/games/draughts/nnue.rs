//! Draughts' network input: one feature per (own or other, man or king,
//! square) from each side's view, 4 x 50 = 200 on 10x10 and 4 x 32 = 128
//! on 8x8. Black sees the board turned half round (square `s` becomes
//! `SQUARES - 1 - s`), so that both sides' men advance the same way. The
//! output bucket is the number of pieces on the board, in eight equal
//! steps of the start's count (fives on 10x10, threes on 8x8).
//!
//! A position's [`NnueState`] follows its moves (one accumulator per ply:
//! the mover's piece leaves its start and arrives, crowned or not, at its
//! end; each captured piece leaves); the search evaluates with it when
//! the game's `Use NNUE` option is on.

use super::position::Position;
use super::types::*;
use super::variant::{Variant, square_of};
use crate::evalkit::nnue::{Expect, Features, Network, NnueState, count_bucket, read_net};
use std::sync::Arc;

/// Output buckets: the piece count in eight steps.
const BUCKETS: u32 = 8;
/// Kinds of feature per square: own man, own king, other man, other king.
const KINDS: usize = 4;

/// The shape every net of rule set `V` has.
pub const fn nnue_shape<V: Variant>() -> Expect<'static> {
    Expect {
        game: V::ID,
        features: (KINDS * V::SQUARES) as u32,
        buckets: BUCKETS,
        max_active: start_pieces::<V>(),
    }
}

/// Pieces on the board at the start (the most there can be).
const fn start_pieces<V: Variant>() -> u32 {
    (2 * V::START_ROWS * V::PER_ROW) as u32
}

/// The feature of a `color` piece (a king or not) on bit `b`, in the view
/// of side `view`.
#[inline(always)]
fn feature<V: Variant>(view: usize, color: Side, king: bool, b: u32) -> usize {
    let own = color.index() == view;
    let kind = usize::from(!own) * 2 + usize::from(king);
    let sq = square_of::<V>(b);
    let sq = if view == 0 { sq } else { V::SQUARES - 1 - sq };
    kind * V::SQUARES + sq
}

/// A feature in both views.
#[inline(always)]
fn both<V: Variant>(color: Side, king: bool, b: u32) -> [usize; 2] {
    [
        feature::<V>(0, color, king, b),
        feature::<V>(1, color, king, b),
    ]
}

impl<V: Variant> Features for Position<V> {
    const EXPECT: Expect<'static> = nnue_shape::<V>();

    fn active_features(&self, view: usize, out: &mut Vec<usize>) {
        for color in [WHITE, BLACK] {
            let mut bb = self.pieces[color];
            while bb != 0 {
                let b = bb.trailing_zeros();
                bb &= bb - 1;
                out.push(feature::<V>(view, color, self.kings >> b & 1 != 0, b));
            }
        }
    }

    fn bucket(&self) -> usize {
        let per_bucket = start_pieces::<V>() / BUCKETS;
        count_bucket(self.occupied().count_ones(), per_bucket, BUCKETS)
    }

    fn mover(&self) -> usize {
        self.side.index()
    }
}

/// The net file `bytes` the binary embeds for rule set `V`, read with the
/// checks of any `EvalFile` (a test proves each shipped one passes them).
pub(crate) fn read_embedded<V: Variant>(bytes: &[u8]) -> Option<Arc<Network>> {
    read_net(bytes, &nnue_shape::<V>()).ok().map(Arc::new)
}

/// Updates `state` for move `mv` of `us`, made on a board where `kings`
/// were the kings before it: the piece leaves `from` and arrives on `to`
/// (a king if it was one or is crowned), every captured piece leaves.
#[inline]
pub(crate) fn make<V: Variant>(state: &mut NnueState, us: Side, kings: u64, mv: Move) {
    state.push();
    let was_king = kings >> mv.from & 1 != 0;
    let mut captured = mv.captured;
    while captured != 0 {
        let b = captured.trailing_zeros();
        captured &= captured - 1;
        state.remove(both::<V>(us.other(), kings >> b & 1 != 0, b));
    }
    state.remove(both::<V>(us, was_king, u32::from(mv.from)));
    state.add(both::<V>(us, was_king || mv.crown, u32::from(mv.to)));
}

#[cfg(test)]
mod tests {
    use super::super::{International, Intl, Rus, Russian};
    use super::*;
    use crate::evalkit::nnue::CarriesNet;
    use crate::evalkit::nnue::state::testing::{random_net, refreshed};
    use crate::games::net_choice::testing::walk_checking_updates;
    use crate::games::{Game, GamePosition};
    use crate::rules::RulesPosition;

    /// Random games with takebacks: the updated net equals the
    /// refreshed one after captures (many pieces leave) and crownings.
    fn updates_follow<V: Variant>(pos: Position<V>, seed: u64) {
        let net = random_net::<Position<V>>(32, seed);
        let (mut captures, mut crownings) = (0, 0);
        let count = |mv: Move| {
            captures += usize::from(mv.is_capture());
            crownings += usize::from(mv.crown);
        };
        walk_checking_updates(pos, &net, seed, 3000, |_, _| false, count);
        assert!(captures > 100 && crownings > 0, "{captures} {crownings}");
    }

    #[test]
    fn updates_follow_moves_captures_crownings_and_takebacks() {
        updates_follow(International::new().start_position(), 3);
        updates_follow(Russian::new().start_position(), 4);
        let kings = International::new().parse_position("W:WK46,K50,31-35:BK5,K1,16-20");
        match kings {
            Ok(p) => updates_follow(p, 5),
            Err(e) => panic!("{e}"),
        }
    }

    #[test]
    fn the_shipped_nets_load() {
        assert!(Intl::embedded_net().is_some(), "the international net");
        let game = International::new();
        let mut pos = game.start_position();
        game.prepare_search(&mut pos);
        assert!(pos.nnue_evaluate().is_some(), "used by default");
    }

    #[test]
    fn takebacks_before_the_net_was_set_refresh() {
        let net = random_net::<Position<Intl>>(32, 9);
        let start = International::new().start_position();
        let mut pos = start.clone();
        let moves = pos.legal_move_list();
        if let Some(&mv) = moves.first() {
            pos.make(mv);
        }
        pos.set_network(Some(net.clone()));
        pos.unmake();
        assert_eq!(pos.nnue_evaluate(), refreshed(&pos, &net));
        assert_eq!(pos.nnue_evaluate(), refreshed(&start, &net));
    }

    /// The start is symmetric under the half turn: both sides see it
    /// alike, and it is in the last bucket.
    fn both_sides_see_the_start_alike<V: Variant>(start: Position<V>) {
        let mut features = [Vec::new(), Vec::new()];
        for (view, f) in features.iter_mut().enumerate() {
            start.active_features(view, f);
            f.sort_unstable();
        }
        assert_eq!(features[0], features[1]);
        assert_eq!(features[0].len() as u32, start_pieces::<V>());
        // Men only: own (kind 0) and other (kind 2), half each.
        let own = features[0].iter().filter(|&&f| f < V::SQUARES).count();
        assert!(features[0].iter().all(|&f| (f / V::SQUARES) % 2 == 0));
        assert_eq!(2 * own, features[0].len());
        assert_eq!(start.bucket(), BUCKETS as usize - 1);
    }

    #[test]
    fn the_start_is_the_same_for_both_sides() {
        both_sides_see_the_start_alike::<Intl>(International::new().start_position());
        both_sides_see_the_start_alike::<Rus>(Russian::new().start_position());
    }

    #[test]
    fn a_lone_king_is_in_the_first_bucket_and_its_own_feature() {
        let p = International::new().parse_position("B:W:BK1");
        let Ok(p) = p else { panic!("FEN") };
        let mut f = Vec::new();
        p.active_features(1, &mut f);
        // Black's own king on square 1, seen turned round: square 50.
        assert_eq!(f, vec![Intl::SQUARES + 49]);
        f.clear();
        p.active_features(0, &mut f);
        assert_eq!(f, vec![3 * Intl::SQUARES]);
        assert_eq!(p.bucket(), 0);
    }
}
