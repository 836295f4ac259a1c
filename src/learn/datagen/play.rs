//! One self-play game: random plies from the start, then the search plays
//! both sides at a fixed node count or depth; each quiet position is kept
//! with the search's score, and all get the game's result once it ends.

use super::args::DatagenConfig;
use crate::evalkit::nnue::data::Sample;
use crate::evalkit::rng::SplitMix64;
use crate::games::Game;
use crate::games::tunable::Tunable;
use crate::rules::RulesPosition;
use crate::search::{
    AlphaBetaPosition, Job, MATE_BOUND, Score, SearchLimits, SearchSettings, Searcher,
    is_quiet_position,
};
use std::sync::Arc;
use std::sync::atomic::AtomicBool;

/// A game is adjudicated once the search scores it beyond this for
/// [`ADJUDICATE_PLIES`] plies in a row, and such scores are not kept
/// (the position is decided; its exact score says little).
const DECIDED_SCORE: i32 = 2_500;
const ADJUDICATE_PLIES: usize = 4;
/// Mixed with the run's seed and the game number into the game's seed.
const GAME_SEED_MIX: u64 = 0xDA7A_6E4E_0000_0001;

/// A position kept before the game's result is known.
struct Kept {
    text: String,
    score: i16,
    mover: usize,
}

/// The game's start: `random_plies` random legal moves (fewer if the game
/// ends first: the caller finds it ended).
fn random_start<G: Game>(game: &G, rng: &mut SplitMix64, plies: usize) -> G::Pos
where
    G::Pos: AlphaBetaPosition,
{
    let mut pos = game.start_position();
    let mut moves = Vec::new();
    for _ in 0..plies {
        moves.clear();
        pos.generate_legal(&mut moves);
        let Some(&mv) = moves.get(rng.below(moves.len())) else {
            break;
        };
        pos.make(mv);
    }
    pos
}

/// The search's score as centipawns for the mover; `None` for a mate.
fn centipawns(score: Score) -> Option<i32> {
    match score {
        Score::Cp(v) if v.abs() < MATE_BOUND => Some(v),
        Score::Equity(v) => Some(v),
        _ => None,
    }
}

/// Plays game `number`; returns its samples.
pub fn play_game<G>(
    game: &G,
    searcher: &mut Searcher<<G as Game>::Pos>,
    cfg: &DatagenConfig,
    number: u32,
) -> Vec<Sample>
where
    G: Game + Tunable<Pos = <G as Game>::Pos>,
    <G as Game>::Pos: AlphaBetaPosition + Clone,
{
    let mut rng = SplitMix64::new(cfg.seed ^ u64::from(number).wrapping_mul(GAME_SEED_MIX));
    let mut pos = random_start(game, &mut rng, cfg.random_plies);
    game.prepare_search(&mut pos);
    searcher.clear_hash();
    let (mut kept, mut noisy) = (Vec::new(), Vec::new());
    let mut decided_for: Option<(usize, usize)> = None;
    let stop = AtomicBool::new(false);
    // No winner: a draw, or a game cut at --max-plies.
    let mut winner = None;
    for _ in 0..cfg.max_plies {
        if let Some(outcome) = pos.outcome() {
            let firsts = outcome.places.iter().filter(|&&p| p == 0).count();
            winner = outcome
                .places
                .iter()
                .position(|&p| p == 0)
                .filter(|_| firsts == 1);
            break;
        }
        let limits = SearchLimits {
            nodes: cfg.depth.is_none().then_some(cfg.nodes),
            depth: cfg.depth,
            ..SearchLimits::default()
        };
        let job = Job {
            position: pos.clone(),
            limits,
            settings: SearchSettings::default(),
            searchmoves: Vec::new(),
            formatter: Arc::new(|_: &<G as Game>::Pos, _: &[_]| Vec::new()),
        };
        let result = searcher.run(job, &stop, &mut |_| {});
        let Some(best) = result.best else { break };
        let mover = pos.side_to_move();
        let score = centipawns(result.score);
        match score {
            Some(v) if v.abs() < DECIDED_SCORE => {
                decided_for = None;
                if is_quiet_position(&pos, &mut noisy) && !G::ruled_by_count(&pos) {
                    kept.push(Kept {
                        text: G::position_text(&pos),
                        score: v as i16,
                        mover,
                    });
                }
            }
            _ => {
                let ahead = match result.score {
                    Score::Cp(v) | Score::Equity(v) => v > 0,
                    Score::MatePlies(n) => n > 0,
                };
                let leader = if ahead { mover } else { 1 - mover };
                let run = match decided_for {
                    Some((who, n)) if who == leader => n + 1,
                    _ => 1,
                };
                decided_for = Some((leader, run));
                if run >= ADJUDICATE_PLIES {
                    winner = Some(leader);
                    break;
                }
            }
        }
        pos.make(best);
    }
    kept.into_iter()
        .map(|k| Sample {
            game: number,
            score: k.score,
            result: match winner {
                Some(w) if w == k.mover => 1,
                Some(_) => -1,
                None => 0,
            },
            text: k.text,
        })
        .collect()
}
