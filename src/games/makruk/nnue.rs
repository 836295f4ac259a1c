//! Makruk's network input: one feature per (own or other piece, kind,
//! square) from each side's view, 2 x 6 x 64 = 768; Black sees the
//! board turned half round (square `sq ^ 63`), so that both sides' armies
//! stand alike, king on the d-file seen from behind. The output bucket is
//! the number of pieces on the board, by fours: 8 buckets.
//!
//! A position's [`NnueState`] follows its moves (one accumulator per ply,
//! updated by the moved, placed and captured piece); the search evaluates
//! with it when the game's `Use NNUE` option is on (the default, with the
//! net the binary ships). A Makruk net corrects the hand evaluation: the
//! engine evaluates as the hand evaluation plus the net, and training fits
//! each score minus the hand evaluation ([`Features::base_score`]).

use super::position::Position;
use super::types::*;
use crate::evalkit::nnue::{Expect, Features, Network, NnueState, count_bucket};
use crate::games::net_choice::{self, EmbeddedNet};
use std::sync::Arc;

/// The shape every Makruk net has.
pub const NNUE_SHAPE: Expect<'static> = Expect {
    game: "makruk",
    features: 2 * 6 * 64,
    buckets: 8,
    max_active: 32,
};

/// The net the binary ships (docs/training.md says how it was made).
pub fn embedded_net() -> Option<Arc<Network>> {
    static NET: EmbeddedNet = EmbeddedNet::new();
    net_choice::embedded_net(&NET, include_bytes!("nets/makruk.nnue"), &NNUE_SHAPE)
}

/// Pieces per output bucket.
const PIECES_PER_BUCKET: u32 = 4;
/// What turns file a into h in a square, or in a feature (kind x 64 +
/// square).
const MIRROR_FILE: usize = 7;

/// The feature of `piece` on `sq` in the view of side `view`.
#[inline(always)]
fn feature(view: usize, piece: Piece, sq: usize) -> usize {
    let own = piece_color(piece).index() == view;
    let kind = piece_kind(piece) + if own { 0 } else { 6 };
    let sq = if view == 0 { sq } else { sq ^ 63 };
    kind * 64 + sq
}

impl Features for Position {
    const EXPECT: Expect<'static> = NNUE_SHAPE;

    fn active_features(&self, view: usize, out: &mut Vec<usize>) {
        for (sq, &p) in self.board.iter().enumerate() {
            if p != NO_PIECE {
                out.push(feature(view, p, sq));
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

    /// Makruk's rules are the same in the mirror (no castling, and the
    /// count does not look at files).
    fn images(&self) -> usize {
        2
    }

    fn image_feature(&self, image: usize, feature: usize) -> usize {
        if image == 1 {
            feature ^ MIRROR_FILE
        } else {
            feature
        }
    }
}

/// Updates `state` for a move: `moved` leaves `from`, `placed` (the
/// same piece, or the met a pawn became) arrives on `to`, `captured` (or
/// [`NO_PIECE`]) leaves it.
#[inline]
pub(crate) fn make(
    state: &mut NnueState,
    moved: Piece,
    placed: Piece,
    from: usize,
    to: usize,
    captured: Piece,
) {
    let both = |p: Piece, sq: usize| [feature(0, p, sq), feature(1, p, sq)];
    state.push();
    if captured != NO_PIECE {
        state.remove(both(captured, to));
    }
    state.remove(both(moved, from));
    state.add(both(placed, to));
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::evalkit::nnue::state::testing::{self, refreshed};
    use crate::evalkit::nnue::{CarriesNet, Network};
    use crate::games::makruk::fen;
    use crate::games::net_choice::testing::{
        mirrored_ranks, walk_checking_images, walk_checking_updates,
    };
    use crate::rules::RulesPosition;
    use crate::search::AlphaBetaPosition;
    use std::sync::Arc;

    fn random_net(seed: u64) -> Arc<Network> {
        testing::random_net::<Position>(32, seed)
    }

    fn start() -> Position {
        match fen::parse(super::super::START_FEN, true) {
            Ok(p) => p,
            Err(e) => panic!("start FEN: {e}"),
        }
    }

    #[test]
    fn updates_follow_moves_null_moves_and_takebacks() {
        let null_move = |pos: &mut Position, step: usize| {
            let null = step.is_multiple_of(17) && !pos.in_check();
            if null {
                pos.make_null_move();
            }
            null
        };
        walk_checking_updates(start(), &random_net(7), 11, 2000, null_move, |_| {});
    }

    #[test]
    fn takebacks_before_the_net_was_set_refresh() {
        let net = random_net(3);
        let mut pos = start();
        let mut moves = Vec::new();
        pos.generate_legal(&mut moves);
        if let Some(&mv) = moves.first() {
            pos.make(mv);
        }
        pos.set_network(Some(net.clone()));
        pos.unmake();
        assert_eq!(pos.nnue_evaluate(), refreshed(&pos, &net));
        assert_eq!(pos.nnue_evaluate(), refreshed(&start(), &net));
    }

    #[test]
    fn the_mirror_image_has_the_mirrored_position_s_features() {
        let mirrored = |text: &str, _image: usize| {
            fen::parse(&mirrored_ranks(text), true).unwrap_or_else(|e| panic!("{text}: {e}"))
        };
        for seed in [1, 2, 3] {
            walk_checking_images(start(), seed, 300, mirrored);
        }
    }

    #[test]
    fn augmented_training_data_adds_mirrors_of_training_positions_only() {
        use crate::evalkit::nnue::data::Sample;
        use crate::evalkit::nnue::train::{TrainConfig, encode};
        let samples: Vec<Sample> = (0..10)
            .map(|game| Sample {
                game,
                score: 0,
                result: 0,
                text: super::super::START_FEN.to_string(),
            })
            .collect();
        let parse = |t: &str| fen::parse(t, true).map_err(|e| e.to_string());
        let mut cfg = TrainConfig {
            holdout: 5,
            ..TrainConfig::default()
        };
        let (fit, valid) = encode::<Position>(&samples, &parse, &cfg).unwrap_or_default();
        assert_eq!((fit.len(), valid.len()), (8, 2));
        cfg.augment = true;
        let (fit, valid) = encode::<Position>(&samples, &parse, &cfg).unwrap_or_default();
        assert_eq!((fit.len(), valid.len()), (16, 2));
    }

    #[test]
    fn both_sides_see_the_start_alike() {
        // The start is symmetric under the half turn: the first player's
        // view of it is the second's after a null move.
        let net = random_net(5);
        let mut pos = start();
        pos.set_network(Some(net));
        let white = pos.nnue_evaluate();
        pos.make_null_move();
        assert_eq!(pos.nnue_evaluate(), white);
        let mut features = [Vec::new(), Vec::new()];
        for (view, f) in features.iter_mut().enumerate() {
            pos.active_features(view, f);
            f.sort_unstable();
        }
        assert_eq!(features[0], features[1]);
        assert_eq!(features[0].len(), 32);
        assert_eq!(pos.bucket(), 7);
    }
}
