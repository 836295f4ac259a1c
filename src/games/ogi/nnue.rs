//! Ōgi's network input, from each side's view: one feature per (own or
//! other piece, kind, square), 2 x 15 x 64 = 1,920, and the hands as
//! counts, one feature per (own or other, hand kind, "at least n") up to
//! a full set (16 pawns, 4 lances, knights and silvers, 2 bishops, rooks
//! and princesses: 2 x 34 = 68); 1,988 in all. Gote sees the board turned
//! half round (square `sq ^ 63`). The output bucket is the number of
//! pieces on the board, by fives: 8 buckets.
//!
//! An Ōgi net corrects the hand evaluation: the engine evaluates as the
//! hand evaluation plus the net, and training fits each score minus the
//! hand evaluation ([`Features::base_score`]). The binary ships one, used
//! by default.

use super::position::Position;
use super::types::*;
use crate::evalkit::nnue::{Expect, Features, Network, NnueState, count_bucket};
use crate::games::net_choice::{self, EmbeddedNet};
use std::sync::Arc;

const BOARD_FEATURES: usize = 2 * KINDS * 64;
/// Where each hand kind's counts start among one side's hand features.
const HAND_OFFSET: [usize; HAND_KINDS] = [0, 16, 20, 24, 28, 30, 32];
const HAND_FEATURES: usize = 34;
/// The net the binary ships (docs/training.md says how it was made).
pub fn embedded_net() -> Option<Arc<Network>> {
    static NET: EmbeddedNet = EmbeddedNet::new();
    net_choice::embedded_net(&NET, include_bytes!("nets/ogi.nnue"), &NNUE_SHAPE)
}

/// Pieces per output bucket.
const PIECES_PER_BUCKET: u32 = 5;
/// What turns file a into h in a square, or in a board feature (kind x
/// 64 + square).
const MIRROR_FILE: usize = 7;

/// The shape every Ōgi net has. Every piece of the set is on the board
/// or one hand feature, so at most 36 features are on in a view.
pub const NNUE_SHAPE: Expect<'static> = Expect {
    game: "ogi",
    features: (BOARD_FEATURES + 2 * HAND_FEATURES) as u32,
    buckets: 8,
    max_active: 36,
};

/// The feature of `piece` on `sq` in the view of side `view`.
#[inline(always)]
fn board_feature(view: usize, piece: Piece, sq: usize) -> usize {
    let own = piece_color(piece).index() == view;
    let kind = piece_kind(piece) + if own { 0 } else { KINDS };
    let sq = if view == 0 { sq } else { sq ^ 63 };
    kind * 64 + sq
}

/// The feature "`color` holds at least `n + 1` of `kind`" in the view of
/// `view`; `None` beyond a full set (an SFEN may give more).
#[inline(always)]
fn hand_feature(view: usize, color: Side, kind: usize, n: u32) -> Option<usize> {
    let limit = *SET_COUNTS.get(kind)?;
    if n >= limit {
        return None;
    }
    let side = if color.index() == view {
        0
    } else {
        HAND_FEATURES
    };
    Some(BOARD_FEATURES + side + HAND_OFFSET.get(kind)? + n as usize)
}

impl Features for Position {
    const EXPECT: Expect<'static> = NNUE_SHAPE;

    fn active_features(&self, view: usize, out: &mut Vec<usize>) {
        for (sq, &p) in self.board.iter().enumerate() {
            if p != NO_PIECE {
                out.push(board_feature(view, p, sq));
            }
        }
        for color in Side::BOTH {
            for kind in 0..HAND_KINDS {
                let held = self.hand_count(color, kind);
                out.extend((0..held).filter_map(|n| hand_feature(view, color, kind, n)));
            }
        }
    }

    fn bucket(&self) -> usize {
        count_bucket(
            self.occupied().count_ones(),
            PIECES_PER_BUCKET,
            NNUE_SHAPE.buckets,
        )
    }

    fn mover(&self) -> usize {
        self.side.index()
    }

    /// The engine evaluates as the hand evaluation plus the net.
    fn base_score(&self) -> i32 {
        super::eval::evaluate(self)
    }

    /// Ōgi's rules are the same in the mirror (the start is not: the
    /// bishop and rook change places), and the hands have no files.
    fn images(&self) -> usize {
        2
    }

    fn image_feature(&self, image: usize, feature: usize) -> usize {
        if image == 1 && feature < BOARD_FEATURES {
            feature ^ MIRROR_FILE
        } else {
            feature
        }
    }
}

/// `piece` arrives on (`on` true) or leaves `sq`.
#[inline]
pub(crate) fn board_change(state: &mut NnueState, piece: Piece, sq: usize, on: bool) {
    let per_view = [board_feature(0, piece, sq), board_feature(1, piece, sq)];
    if on {
        state.add(per_view);
    } else {
        state.remove(per_view);
    }
}

/// `color`'s hand of `kind` goes from `from` to `from + 1` (`on`) or to
/// `from - 1`.
#[inline]
pub(crate) fn hand_change(state: &mut NnueState, color: Side, kind: usize, from: u8, on: bool) {
    let n = if on {
        u32::from(from)
    } else {
        u32::from(from).saturating_sub(1)
    };
    if let (Some(a), Some(b)) = (
        hand_feature(0, color, kind, n),
        hand_feature(1, color, kind, n),
    ) {
        if on {
            state.add([a, b]);
        } else {
            state.remove([a, b]);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::evalkit::nnue::Network;
    use crate::evalkit::nnue::state::testing;
    use crate::games::net_choice::testing::{
        mirrored_ranks, walk_checking_images, walk_checking_updates,
    };
    use crate::games::ogi::{START_SFEN, sfen};
    use std::sync::Arc;

    fn random_net(seed: u64) -> Arc<Network> {
        testing::random_net::<Position>(32, seed)
    }

    #[test]
    fn the_mirror_image_has_the_mirrored_position_s_features() {
        let start = sfen::parse(START_SFEN).unwrap_or_else(|e| panic!("{e}"));
        let mirrored = |text: &str, _image: usize| {
            sfen::parse(&mirrored_ranks(text)).unwrap_or_else(|e| panic!("{text}: {e}"))
        };
        for seed in [1, 2, 3] {
            walk_checking_images(start.clone(), seed, 300, mirrored);
        }
    }

    #[test]
    fn updates_follow_captures_drops_null_moves_and_takebacks() {
        let start = sfen::parse(START_SFEN).unwrap_or_else(|e| panic!("{e}"));
        let null_move = |pos: &mut Position, step: usize| {
            let null = step.is_multiple_of(19) && !pos.in_check();
            if null {
                pos.make_null_move();
            }
            null
        };
        let mut drops = 0;
        let count = |mv: Move| drops += usize::from(mv.is_drop());
        walk_checking_updates(start, &random_net(9), 21, 3000, null_move, count);
        assert!(drops > 20, "the walk dropped pieces ({drops})");
    }

    #[test]
    fn hands_are_counts_and_the_views_swap_them() {
        let pos = sfen::parse("4k3/8/8/8/8/8/8/4K3 b 2P2Rp 1").unwrap_or_else(|e| panic!("{e}"));
        let mut views = [Vec::new(), Vec::new()];
        for (view, f) in views.iter_mut().enumerate() {
            pos.active_features(view, f);
        }
        // Two kings, then "at least 1, 2 pawns", "at least 1, 2 rooks",
        // and the other hand's pawn.
        assert_eq!(views[0].len(), 2 + 2 + 2 + 1);
        let own_hand = BOARD_FEATURES;
        let other_hand = BOARD_FEATURES + HAND_FEATURES;
        assert!(views[0].contains(&(own_hand + 1)) && views[0].contains(&(own_hand + 31)));
        assert!(views[1].contains(&(other_hand + 1)) && views[1].contains(&own_hand));
        assert!(
            views
                .iter()
                .flatten()
                .all(|&f| f < NNUE_SHAPE.features as usize)
        );
    }

    #[test]
    fn a_net_corrects_the_hand_evaluation() {
        use crate::evalkit::nnue::CarriesNet;
        use crate::search::AlphaBetaPosition;
        let mut pos = sfen::parse("lnsiksnl/1r6/pppppp1p/6p1/8/2P5/PP1PPPPP/LNSIKSNL w Bb 1")
            .unwrap_or_else(|e| panic!("{e}"));
        let hand = super::super::eval::evaluate(&pos);
        assert_eq!(pos.base_score(), hand);
        assert_eq!(pos.evaluate(), hand, "no net: the hand evaluation");
        pos.set_network(Some(random_net(5)));
        let net = pos.nnue_evaluate().unwrap_or_else(|| panic!("a net"));
        assert_ne!(net, 0, "a random net says something");
        assert_eq!(pos.evaluate(), hand + net);
    }

    #[test]
    fn the_shipped_net_is_used_by_default_and_options_turn_it_off() {
        use crate::evalkit::nnue::CarriesNet;
        use crate::games::Game;
        use crate::games::ogi::Ogi;
        use crate::search::AlphaBetaPosition;
        let searched = |options: &[(&str, &str)]| {
            let mut game = Ogi::new();
            for (name, value) in options {
                game.set_option(name, value)
                    .unwrap_or_else(|e| panic!("{name}: {e}"));
            }
            let mut pos = sfen::parse(START_SFEN).unwrap_or_else(|e| panic!("{e}"));
            game.prepare_search(&mut pos);
            pos
        };
        let pos = searched(&[]);
        let hand = super::super::eval::evaluate(&pos);
        let net = pos
            .nnue_evaluate()
            .unwrap_or_else(|| panic!("no net by default"));
        assert_eq!(pos.evaluate(), hand + net);
        for off in [&[("Use NNUE", "false")][..], &[("EvalFile", "<none>")]] {
            let pos = searched(off);
            assert!(pos.nnue_evaluate().is_none(), "{off:?}");
            assert_eq!(pos.evaluate(), hand, "{off:?}");
        }
        let back = searched(&[
            ("EvalFile", "<none>"),
            ("EvalFile", "<embedded>"),
            ("Use NNUE", "true"),
        ]);
        assert_eq!(back.nnue_evaluate(), Some(net));
    }
}
