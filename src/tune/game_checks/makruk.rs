//! Makruk's form, weights file, and the count filter.

use crate::games::makruk::types::NO_PIECE;
use crate::games::makruk::{Makruk, Position, eval, fen};
use crate::games::{Game, GamePosition};
use crate::rules::RulesPosition;
use crate::search::AlphaBetaPosition;
use crate::tune::checks;
use crate::tune::data::{Counts, game_samples};
use crate::tune::{RecordedGame, Tunable};

/// Positions from seeded random games: openings, middle games, bare
/// kings, counts running.
fn positions() -> Vec<Position> {
    checks::random_game_positions(&Makruk::new().start_position(), |pos, m| {
        pos.board[m.to()] != NO_PIECE
    })
}

#[test]
fn the_form_gives_the_evaluation_exactly() {
    let all = positions();
    assert!(all.len() > 5_000);
    checks::form_gives_the_evaluation::<Makruk>(&all, eval::evaluate, |d, p| {
        eval::evaluate_into(d, p)
    });
}

/// A short quiet game from `fen`, as the tuner would read it.
fn recorded_from(fen_text: &str) -> RecordedGame<Position> {
    let start = fen::parse(fen_text, true).expect("test FEN");
    let mut pos = start.clone();
    let mut moves = Vec::new();
    for _ in 0..6 {
        let mut legal = Vec::new();
        pos.generate_legal(&mut legal);
        let Some(&mv) = legal.iter().find(|&&m| pos.is_quiet(m)) else {
            break;
        };
        moves.push(mv);
        pos.play(mv);
    }
    RecordedGame {
        start,
        scores: vec![None; moves.len()],
        moves,
        book_moves: 0,
        first_player_score: Some(0.0),
        decided_on_board: true,
    }
}

#[test]
fn positions_with_a_count_running_are_left_out_of_the_fit() {
    // Black's Met and knight against a bare king: the count runs.
    let counting = "K7/2k5/3m4/2n5/8/8/8/8 b - 128 39 135";
    // The same men with a white pawn left: no count.
    let open = "K7/2k5/3m4/2n5/8/8/6P1/8 b - - 0 35";
    assert!(Makruk::ruled_by_count(
        &fen::parse(counting, true).expect("FEN")
    ));
    assert!(!Makruk::ruled_by_count(
        &fen::parse(open, true).expect("FEN")
    ));
    let weights = Makruk::weights();
    let mut counts = Counts::default();
    let kept = game_samples::<Makruk>(&recorded_from(counting), weights, &mut counts);
    assert!(kept.is_empty());
    assert!(counts.counted > 0);
    let mut counts = Counts::default();
    let kept = game_samples::<Makruk>(&recorded_from(open), weights, &mut counts);
    assert!(!kept.is_empty());
    assert_eq!(counts.counted, 0);
}

#[test]
fn the_embedded_file_names_the_layout() {
    checks::weights_file_names_the_layout::<Makruk>();
}
