//! The hop games' (Chinese checkers, Halma) forms and weights files.

use crate::games::Game;
use crate::games::chinesecheckers::{self, ChineseCheckers};
use crate::games::halma::{self, Halma, OPTION_BOARD_SIZE};
use crate::games::hopboard::CellSet;
use crate::games::hopboard::position::HopPosition;
use crate::tune::{Tunable, checks};

/// What every hop game's part in the tuner must satisfy, at the positions
/// of seeded random games from each of `starts`: the form gives the
/// evaluation exactly, some positions feel the home-exit limit (the tuner
/// must see its term), and the weights file names the layout.
fn check_tunable<S, T>(starts: &[HopPosition<S>])
where
    S: CellSet,
    T: Tunable<Pos = HopPosition<S>>,
{
    let positions: Vec<HopPosition<S>> = starts
        .iter()
        .flat_map(|start| checks::random_game_positions(start, |_, _| false))
        .collect();
    assert!(positions.len() > 5_000, "{} positions", positions.len());
    assert!(positions.iter().any(|p| p.home_exit_pressure(0) > 0));
    checks::form_gives_the_evaluation::<T>(
        &positions,
        |p| p.evaluate_for(p.to_move()),
        |d, p| p.evaluate_into(d, p.to_move()),
    );
    checks::weights_file_names_the_layout::<T>();
}

/// Two and three players: the evaluation divides by the others' count.
#[test]
fn chinese_checkers_form_gives_the_evaluation_and_the_file_names_the_layout() {
    let starts: Vec<chinesecheckers::Position> = [2, 3]
        .into_iter()
        .map(|players| {
            ChineseCheckers {
                players,
                ..ChineseCheckers::new()
            }
            .start_position()
        })
        .collect();
    check_tunable::<_, ChineseCheckers>(&starts);
}

/// The 8x8 board with two and four players, the 16x16 with two.
#[test]
fn halma_form_gives_the_evaluation_and_the_file_names_the_layout() {
    let starts: Vec<halma::Position> = [(8, 2), (8, 4), (16, 2)]
        .into_iter()
        .map(|(size, players)| {
            let mut game = Halma::new();
            game.set_option(OPTION_BOARD_SIZE, &size.to_string())
                .unwrap();
            game.set_option("Players", &players.to_string()).unwrap();
            game.start_position()
        })
        .collect();
    check_tunable::<_, Halma>(&starts);
}
