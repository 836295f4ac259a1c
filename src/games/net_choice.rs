//! The options that choose a game's evaluation, as Stockfish names them:
//! `EvalFile` loads a network file (checked; a bad one changes nothing)
//! and `Use NNUE` switches the search to it. A game with a network keeps
//! a [`NetChoice`] and hands its options and settings to it. A game that
//! ships a net (embedded in the binary) starts with it loaded and used;
//! `EvalFile <embedded>` brings it back after another file.

use super::{GameError, OptionKind, OptionSpec};
use crate::evalkit::nnue::{CarriesNet, Expect, Network, read_net};
use std::fmt;
use std::sync::{Arc, OnceLock};

pub const OPTION_EVAL_FILE: &str = "EvalFile";
pub const OPTION_USE_NNUE: &str = "Use NNUE";
/// `EvalFile`'s value when no file is loaded.
pub const EVAL_FILE_NONE: &str = "<none>";
/// `EvalFile`'s value for the net the binary ships, where the game has one.
pub const EVAL_FILE_EMBEDDED: &str = "<embedded>";

/// Where a game keeps the net it ships, read once.
pub type EmbeddedNet = OnceLock<Option<Arc<Network>>>;

/// The net in `bytes` (a game's `include_bytes!`), read into `cell` the
/// first time; `None` if they are not a sound net of `shape` (each
/// shipped net has a test that it loads).
pub fn embedded_net(
    cell: &'static EmbeddedNet,
    bytes: &[u8],
    shape: &Expect<'static>,
) -> Option<Arc<Network>> {
    cell.get_or_init(|| read_net(bytes, shape).ok().map(Arc::new))
        .clone()
}

/// The loaded network, if any, and whether the search uses it.
#[derive(Clone)]
pub struct NetChoice {
    shape: Expect<'static>,
    net: Option<Arc<Network>>,
    use_nnue: bool,
    /// The net the game ships, if any: loaded and used from the start.
    embedded: Option<Arc<Network>>,
}

impl fmt::Debug for NetChoice {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let arch = self.net.as_ref().map(|n| n.arch());
        write!(f, "NetChoice({arch:?}, use {})", self.use_nnue)
    }
}

impl NetChoice {
    /// No net loaded, for nets of `shape`.
    pub fn new(shape: Expect<'static>) -> Self {
        NetChoice {
            shape,
            net: None,
            use_nnue: false,
            embedded: None,
        }
    }

    /// The shipped net `embedded` loaded and used (none: as [`Self::new`]).
    pub fn with_embedded(shape: Expect<'static>, embedded: Option<Arc<Network>>) -> Self {
        NetChoice {
            shape,
            net: embedded.clone(),
            use_nnue: embedded.is_some(),
            embedded,
        }
    }

    /// `EvalFile` and `Use NNUE`, their defaults saying whether a net ships.
    pub fn options(&self) -> Vec<OptionSpec> {
        let ships = self.embedded.is_some();
        let file = if ships {
            EVAL_FILE_EMBEDDED
        } else {
            EVAL_FILE_NONE
        };
        vec![
            OptionSpec {
                name: OPTION_EVAL_FILE.to_string(),
                kind: OptionKind::String {
                    default: file.to_string(),
                },
            },
            OptionSpec {
                name: OPTION_USE_NNUE.to_string(),
                kind: OptionKind::Check { default: ships },
            },
        ]
    }

    /// Sets `name` if it is one of these options (`None` otherwise).
    pub fn set_option(&mut self, name: &str, value: &str) -> Option<Result<(), GameError>> {
        let name = name.trim();
        if name.eq_ignore_ascii_case(OPTION_EVAL_FILE) {
            Some(self.set_eval_file(value))
        } else if name.eq_ignore_ascii_case(OPTION_USE_NNUE) {
            Some(self.set_use_nnue(value))
        } else {
            None
        }
    }

    /// Loads a net file; a file that is not a sound net of the game's
    /// shape changes nothing. An empty name or `<none>` unloads.
    fn set_eval_file(&mut self, value: &str) -> Result<(), GameError> {
        let path = value.trim();
        if path.is_empty() || path == EVAL_FILE_NONE {
            self.net = None;
            self.use_nnue = false;
            return Ok(());
        }
        if path == EVAL_FILE_EMBEDDED {
            let Some(net) = &self.embedded else {
                return Err(GameError::Parse(format!(
                    "{OPTION_EVAL_FILE} '{path}': this game ships no network"
                )));
            };
            self.net = Some(net.clone());
            return Ok(());
        }
        let bad = |why: String| GameError::Parse(format!("{OPTION_EVAL_FILE} '{path}': {why}"));
        let bytes = std::fs::read(path).map_err(|e| bad(e.to_string()))?;
        let net = read_net(&bytes, &self.shape).map_err(|e| bad(e.to_string()))?;
        self.net = Some(Arc::new(net));
        Ok(())
    }

    fn set_use_nnue(&mut self, value: &str) -> Result<(), GameError> {
        let on = match value.trim().to_ascii_lowercase().as_str() {
            "true" => true,
            "false" => false,
            v => {
                return Err(GameError::Parse(format!(
                    "invalid value '{v}' for option {OPTION_USE_NNUE}: expected true or false"
                )));
            }
        };
        if on && self.net.is_none() {
            return Err(GameError::Parse(format!(
                "{OPTION_USE_NNUE}: no network loaded (set {OPTION_EVAL_FILE} first)"
            )));
        }
        self.use_nnue = on;
        Ok(())
    }

    /// The net the search should evaluate with.
    pub fn wanted(&self) -> Option<&Arc<Network>> {
        self.net.as_ref().filter(|_| self.use_nnue)
    }

    /// Gives `pos` the wanted net (or none), unless it has it already.
    pub fn prepare<P: CarriesNet>(&self, pos: &mut P) {
        self.prepare_where(pos, true);
    }

    /// As [`Self::prepare`], but the shipped net only where
    /// `embedded_serves` (a net trained for one setting of its game, as
    /// Tak's for one size and komi); elsewhere the hand evaluation.
    pub fn prepare_where<P: CarriesNet>(&self, pos: &mut P, embedded_serves: bool) {
        let is_embedded =
            |n: &Arc<Network>| self.embedded.as_ref().is_some_and(|e| Arc::ptr_eq(e, n));
        let wanted = self.wanted().filter(|n| embedded_serves || !is_embedded(n));
        let same = match (wanted, pos.network()) {
            (Some(a), Some(b)) => Arc::ptr_eq(a, b),
            (None, None) => true,
            _ => false,
        };
        if !same {
            pos.set_network(wanted.cloned());
        }
    }
}

/// The games' accumulator tests: a random walk that checks, after every
/// move and takeback, that the updated network equals a fresh refresh.
#[cfg(test)]
pub(crate) mod testing {
    use crate::evalkit::nnue::state::testing::refreshed;
    use crate::evalkit::nnue::{CarriesNet, Features, Network};
    use crate::evalkit::rng::SplitMix64;
    use crate::games::GamePosition;
    use crate::rules::RulesPosition;
    use std::sync::Arc;

    /// Plays `steps` seeded random moves and takebacks (one in four) from
    /// `pos` with `net` attached, asserting after each that the network's
    /// value is the refreshed one. `extra` may make a move of its own at a
    /// step (a null move) and says whether it did; `seen` is told every
    /// move before it is made (for the caller's counts).
    pub fn walk_checking_updates<P>(
        mut pos: P,
        net: &Arc<Network>,
        seed: u64,
        steps: usize,
        mut extra: impl FnMut(&mut P, usize) -> bool,
        mut seen: impl FnMut(P::Move),
    ) where
        P: CarriesNet + RulesPosition + GamePosition + Clone,
    {
        let mut rng = SplitMix64::new(seed);
        pos.set_network(Some(net.clone()));
        let (mut moves, mut made) = (Vec::new(), 0usize);
        for step in 0..steps {
            moves.clear();
            pos.generate_legal(&mut moves);
            if made > 0 && (moves.is_empty() || rng.below(4) == 0) {
                pos.unmake();
                made -= 1;
            } else if extra(&mut pos, step) {
                made += 1;
            } else if let Some(&mv) = moves.get(rng.below(moves.len())) {
                seen(mv);
                pos.make(mv);
                made += 1;
            }
            assert_eq!(
                pos.nnue_evaluate(),
                refreshed(&pos, net),
                "step {step}: {}",
                pos.to_notation()
            );
        }
    }

    /// Plays `steps` seeded random moves from `pos` and checks at every
    /// position that each of its images, read through
    /// [`Features::image_feature`], has the features, bucket and mover
    /// of the game's own position made from the turned notation
    /// (`turned(notation, image)`).
    pub fn walk_checking_images<P>(
        mut pos: P,
        seed: u64,
        steps: usize,
        turned: impl Fn(&str, usize) -> P,
    ) where
        P: Features + RulesPosition + GamePosition,
    {
        let mut rng = SplitMix64::new(seed);
        let mut moves = Vec::new();
        // A position's features in `view`, read as image `image`.
        let sorted = |p: &P, view: usize, image: usize| {
            let mut f = Vec::new();
            p.active_features(view, &mut f);
            f.iter_mut().for_each(|x| *x = p.image_feature(image, *x));
            f.sort_unstable();
            f
        };
        for step in 0..steps {
            let text = pos.to_notation();
            for k in 1..pos.images() {
                let image = turned(&text, k);
                for view in 0..2 {
                    let expected = sorted(&image, view, 0);
                    let mapped = sorted(&pos, view, k);
                    assert_eq!(
                        mapped, expected,
                        "step {step}, image {k}, view {view}: {text}"
                    );
                }
                assert_eq!((pos.bucket(), pos.mover()), (image.bucket(), image.mover()));
            }
            moves.clear();
            pos.generate_legal(&mut moves);
            match moves.get(rng.below(moves.len())) {
                Some(&mv) => pos.make(mv),
                None => break,
            }
        }
    }

    /// A FEN or SFEN with its board mirrored (files a..h turned to
    /// h..a): each rank's tokens (a piece, `+` and a piece, or a digit)
    /// in reverse order; the other fields as they are.
    pub fn mirrored_ranks(text: &str) -> String {
        let (board, rest) = text.split_once(' ').unwrap_or((text, ""));
        let ranks: Vec<String> = board
            .split('/')
            .map(|rank| {
                let mut tokens: Vec<String> = Vec::new();
                let mut pending = String::new();
                for c in rank.chars() {
                    pending.push(c);
                    if c != '+' {
                        tokens.push(std::mem::take(&mut pending));
                    }
                }
                tokens.reverse();
                tokens.concat()
            })
            .collect();
        format!("{} {rest}", ranks.join("/"))
    }
}
