//! What a game offers the tuner (`tabula tune`), beside the record traits:
//! its recorded games replayed into typed moves, and [`Tunable`], the
//! evaluation as a form over named weights. Games implement it; the tune
//! command reads it; the registry row of a game says whether it is one.

use crate::evalkit::EvalForm;
use crate::games::GamePosition;
use crate::search::AlphaBetaPosition;

/// One recorded game, replayed into typed moves.
#[derive(Debug, Clone)]
pub struct RecordedGame<P: GamePosition> {
    pub start: P,
    pub moves: Vec<P::Move>,
    /// The first moves that came from the opening file.
    pub book_moves: usize,
    /// 1 (first player won), 0.5, 0; `None` for an unfinished game.
    pub first_player_score: Option<f32>,
    /// False when the game was lost by time, a crash or an illegal move:
    /// its result says nothing about the positions.
    pub decided_on_board: bool,
    /// Per move, the score the mover's search gave the position before it
    /// (the record's `+0.35/12` comments, [`crate::games::record::comment_score`]),
    /// in evaluation units from the mover's view; `None` where the record
    /// has none (book moves, records without comments).
    pub scores: Vec<Option<f32>>,
}

/// A game whose evaluation the tuner can fit.
pub trait Tunable {
    type Pos: AlphaBetaPosition + GamePosition + Clone;
    /// The variant id (`makruk`).
    const GAME: &'static str;
    /// Where the generated weights file lives in the repository (the
    /// default `--out`).
    const WEIGHTS_PATH: &'static str;
    /// The weights the build embeds, in layout order.
    fn weights() -> &'static [i32];
    /// One name per weight, in layout order.
    fn weight_names() -> Vec<String>;
    /// Runs the evaluation of `pos` into `form` (at the form's weights); its
    /// score is the engine's evaluation, from the side to move's view.
    fn eval_form(pos: &Self::Pos, form: &mut EvalForm);
    /// The games of a record file in the game's format (what `tabula match
    /// --pgnout` writes). `Err` says which game cannot be read.
    fn read_records(text: &str) -> Result<Vec<RecordedGame<Self::Pos>>, String>;
    /// A position from its text (the tuner keeps positions as text, as
    /// [`Tunable::position_text`] writes them).
    fn parse_position(text: &str) -> Result<Self::Pos, String>;
    /// The text a training position is kept as: its notation, unless the
    /// evaluation needs a rule the notation does not carry (Tak's komi).
    fn position_text(pos: &Self::Pos) -> String {
        pos.to_notation()
    }
    /// The position as a teacher engine is told it (`--teacher`), in the
    /// game's native dialect: `position fen|sfen <this>`, Hub's `pos=`.
    fn teacher_position(pos: &Self::Pos) -> String {
        pos.to_notation()
    }
    /// The argument of the new-game command a teacher needs before
    /// `pos` (TEI's `teinewgame <size>`); `None` where there is none.
    fn teacher_new_game(_pos: &Self::Pos) -> Option<String> {
        None
    }
    /// True where a rule the evaluation does not see decides what the
    /// position is worth (Makruk's running count): a teacher scores the
    /// rule there, and fitting the weights to it would bend them for every
    /// other position, so such positions are left out.
    fn ruled_by_count(_pos: &Self::Pos) -> bool {
        false
    }
}
