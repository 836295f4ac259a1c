//! What the engine writes it can read back: seeded random playouts through
//! every game, and at each position reached
//!
//! * the position's notation (FEN, SFEN, TPS; and Ōgi's Fairy-Stockfish FEN)
//!   reads back to a position with the same key, side to move, legal moves,
//!   result and notation;
//! * every legal move, written in each notation, reads back to the same move.
//!
//! Playouts prefer captures so that they reach the endgames where Makruk's
//! counting runs, and sometimes go on after the game has ended, as a GUI's
//! `position ... moves` line may. `TABULA_ROUNDTRIP_PLAYOUTS` sets the
//! number of playouts per game (default 40) for a long run.

mod common;

use common::rng::Rng;
use tabula::games::chinesecheckers::ChineseCheckers;
use tabula::games::draughts::{self, International, Russian};
use tabula::games::halma::Halma;
use tabula::games::makruk::Makruk;
use tabula::games::ogi::Ogi;
use tabula::games::tak::Tak;
use tabula::games::{EndKind, Game, GamePosition, MoveNotation, Outcome};
use tabula::rules::RulesPosition;
use tabula::search::AlphaBetaPosition;

fn playouts() -> usize {
    std::env::var("TABULA_ROUNDTRIP_PLAYOUTS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(40)
}

/// The longest playout, in plies; Makruk needs room for a count to run out.
const MAX_PLIES: usize = 400;
/// How far a playout may go on past the end of the game.
const MAX_PLIES_AFTER_END: usize = 6;

/// A repetition draw depends on the game's history, which a position's
/// notation does not carry, and so do draughts' move limits (a PDN FEN has
/// no counters); every other result must read back.
fn history_free(outcome: &Option<Outcome>) -> bool {
    outcome
        .as_ref()
        .is_none_or(|o| o.kind != EndKind::Repetition && o.kind != EndKind::MoveLimit)
}

fn sorted_moves<P: GamePosition>(pos: &P, notation: MoveNotation) -> Vec<String> {
    let mut v: Vec<String> = pos
        .legal_move_list()
        .into_iter()
        .map(|m| pos.format_move(m, notation))
        .collect();
    v.sort();
    v
}

/// Checks one position; `what` names it in a failure.
fn check_position<G: Game>(game: &G, pos: &G::Pos, notations: &[MoveNotation], what: &str) {
    for &notation in notations {
        let text = pos.to_notation_for(notation);
        let back = game
            .parse_position(&text)
            .unwrap_or_else(|e| panic!("{what}: '{text}' does not read back: {e}"));
        assert_eq!(back.to_notation_for(notation), text, "{what}");
        assert_eq!(back.key(), pos.key(), "{what}: key of '{text}'");
        assert_eq!(back.side_to_move(), pos.side_to_move(), "{what}: '{text}'");
        assert_eq!(
            sorted_moves(&back, notation),
            sorted_moves(pos, notation),
            "{what}: legal moves of '{text}'"
        );
        let outcome = pos.outcome();
        if history_free(&outcome) {
            assert_eq!(back.outcome(), outcome, "{what}: result of '{text}'");
        }
    }
    for mv in pos.legal_move_list() {
        for &notation in notations {
            let text = pos.format_move(mv, notation);
            match pos.parse_move(&text, notation) {
                Ok(m) => assert!(m == mv, "{what}: move '{text}' reads back as another move"),
                Err(e) => panic!("{what}: move '{text}' does not read back: {e}"),
            }
        }
    }
}

/// Random playouts from the start of `game`, checking every position.
/// Captures come from the alpha-beta layer's noisy moves, which every game
/// so far has.
fn roundtrip<G: Game>(game: &G, seed: u64, notations: &[MoveNotation]) -> usize
where
    G::Pos: AlphaBetaPosition,
{
    let mut rng = Rng(seed);
    let mut checked = 0;
    for playout in 0..playouts() {
        let mut pos = game.start_position();
        let mut line: Vec<String> = Vec::new();
        let mut after_end = None;
        for _ in 0..MAX_PLIES {
            let what = format!(
                "{} seed {seed:#x} playout {playout} after '{}'",
                G::ID,
                line.join(" ")
            );
            check_position(game, &pos, notations, &what);
            checked += 1;
            if pos.outcome().is_some() {
                let left = after_end.get_or_insert_with(|| rng.below(MAX_PLIES_AFTER_END + 1));
                if *left == 0 {
                    break;
                }
                *left -= 1;
            }
            let moves = pos.legal_move_list();
            if moves.is_empty() {
                break;
            }
            let mut noisy = Vec::new();
            pos.generate_noisy(&mut noisy);
            let mv = if !noisy.is_empty() && rng.below(4) != 0 {
                noisy[rng.below(noisy.len())]
            } else {
                moves[rng.below(moves.len())]
            };
            line.push(pos.format_move(mv, MoveNotation::Native));
            pos.play(mv);
        }
    }
    // Visible with --nocapture: the numbers a long run reports.
    eprintln!(
        "{}: {checked} positions from {} playouts",
        G::ID,
        playouts()
    );
    checked
}

const BOTH: &[MoveNotation] = &[MoveNotation::Native, MoveNotation::Uci];

#[test]
fn makruk_positions_and_moves_read_back() {
    let mut game = Makruk::new();
    let n = roundtrip(&game, 0x6d61_6b72_756b, BOTH);
    game.set_option("Board Honour Counting", "gui")
        .expect("the option exists");
    let m = roundtrip(&game, 0x0067_7569_206d_6f00, BOTH);
    assert!(n + m > 1000, "only {} positions checked", n + m);
}

/// A position that already ran a count past its limit, played on, as in
/// issue 9's report: every position on the way must read back.
#[test]
fn makruk_counts_past_the_limit_read_back() {
    let game = Makruk::new();
    let mut pos = game
        .parse_position("8/8/7K/8/2R5/8/8/1k6 w - 16 56 60")
        .expect("valid FEN");
    let mut rng = Rng(0x0063_6f75_6e74);
    for ply in 0..40 {
        check_position(&game, &pos, BOTH, &format!("count run, ply {ply}"));
        let moves = pos.legal_move_list();
        if moves.is_empty() {
            break;
        }
        pos.play(moves[rng.below(moves.len())]);
    }
}

#[test]
fn ogi_positions_and_moves_read_back() {
    let n = roundtrip(&Ogi::new(), 0x006f_6769, BOTH);
    assert!(n > 1000, "only {n} positions checked");
}

#[test]
fn tak_positions_and_moves_read_back_at_every_size() {
    for size in 3..=8 {
        let mut game = Tak::new();
        game.new_game_argument(&size.to_string())
            .expect("sizes 3 to 8 exist");
        game.set_option("HalfKomi", &(size as i64 - 5).to_string())
            .expect("komi in range");
        let n = roundtrip(&game, 0x7461_6b00 + size as u64, BOTH);
        assert!(n > 100, "size {size}: only {n} positions checked");
    }
}

/// Two players, home-exit rule on: random games end by elimination.
#[test]
fn chinesecheckers_positions_and_moves_read_back() {
    let n = roundtrip(
        &ChineseCheckers::new(),
        0x0063_6363,
        &[MoveNotation::Native],
    );
    assert!(n > 1000, "only {n} positions checked");
}

/// Every board and number of players. Two players on 8x8 and 10x10 keep
/// their camp-exit limits, so random games end by elimination. Four play
/// without it and with `Finish Rule own`: an `hcn` does not say who
/// finished or was eliminated when (halma.md §3), so players eliminated
/// before it rank by seat, and a player that finished by `filled` reads
/// back as playing once an opponent's piece has left its target.
#[test]
fn halma_positions_and_moves_read_back() {
    for (i, size) in ["8", "10", "16"].iter().enumerate() {
        for (j, players) in ["2", "4"].iter().enumerate() {
            let mut game = Halma::new();
            game.set_option("Board Size", size).expect("size");
            game.set_option("Players", players).expect("players");
            if *players == "4" {
                game.set_option("Camp Exit Limit", "0").expect("limit");
                game.set_option("Finish Rule", "own").expect("finish");
            }
            let n = roundtrip(
                &game,
                0x0068_6c00 + (i * 2 + j) as u64,
                &[MoveNotation::Native],
            );
            assert!(
                n > 200,
                "{size}x{size}, {players} players: only {n} positions checked"
            );
        }
    }
}

#[test]
fn draughts_positions_and_moves_read_back() {
    let n = roundtrip(&International::new(), 0x0064_7261_7567, BOTH);
    let m = roundtrip(&Russian::new(), 0x0072_7573_7300, BOTH);
    assert!(n > 1000 && m > 1000, "only {n} + {m} positions checked");
}

/// Hub's position form and Hub's capture form read back too.
#[test]
fn draughts_hub_forms_read_back() {
    let game = International::new();
    let mut rng = Rng(0x0068_7562);
    for playout in 0..playouts() {
        let mut pos = game.start_position();
        for ply in 0..MAX_PLIES {
            let hub = draughts::fen::write_hub(&pos);
            let back = game
                .parse_position(&hub)
                .unwrap_or_else(|e| panic!("playout {playout} ply {ply}: '{hub}': {e}"));
            assert_eq!(back.key(), pos.key(), "'{hub}'");
            let moves = pos.legal_move_list();
            for &mv in &moves {
                let text = draughts::notation::format_hub::<draughts::Intl>(mv);
                assert_eq!(
                    pos.parse_move(&text, MoveNotation::Native),
                    Ok(mv),
                    "'{text}'"
                );
            }
            if moves.is_empty() || pos.outcome().is_some() {
                break;
            }
            pos.play(moves[rng.below(moves.len())]);
        }
    }
}
