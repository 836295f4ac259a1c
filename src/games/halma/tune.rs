//! Halma's part in the tuner ([`crate::tune`]): its weight table
//! (`eval_weights.rs`), the shared hop evaluation's form and its `.hmr`
//! records, read by [`crate::games::hopboard::tune`].

use super::{Halma, Position};
use crate::games::hopboard::tune::hop_tunable;

hop_tunable!(Halma, "halma", "src/games/halma/eval_weights.rs");

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::Game;

    /// The 8x8 board with two and four players, the 16x16 with two.
    #[test]
    fn the_form_gives_the_evaluation_and_the_file_names_the_layout() {
        let starts: Vec<Position> = [(8, 2), (8, 4), (16, 2)]
            .into_iter()
            .map(|(size, players)| {
                let mut game = Halma::new();
                game.set_option(super::super::OPTION_BOARD_SIZE, &size.to_string())
                    .unwrap();
                game.set_option("Players", &players.to_string()).unwrap();
                game.start_position()
            })
            .collect();
        crate::games::hopboard::tune::check_tunable::<_, Halma>(&starts);
    }
}
