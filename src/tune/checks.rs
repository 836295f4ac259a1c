//! Checks every tunable game's tests run (test builds only): the recorded
//! form gives exactly the engine's evaluation, at the embedded weights and
//! at others, and the embedded weights file names the layout.

use super::{Direct, EvalForm, Tunable, data, weights_file};
use crate::games::GamePosition;
use crate::rules::RulesPosition;

/// `evaluate_into` is the game's evaluation written against the sink (the
/// engine's evaluation is `evaluate_into` on [`Direct`] at the embedded
/// weights).
pub fn form_gives_the_evaluation<T: Tunable>(
    positions: &[T::Pos],
    evaluate: impl Fn(&T::Pos) -> i32,
    evaluate_into: impl Fn(&mut Direct, &T::Pos),
) {
    let w = T::weights();
    let mut form = EvalForm::new(w);
    let mut linear_checked = 0;
    for pos in positions {
        form.clear();
        T::eval_form(pos, &mut form);
        assert_eq!(form.eval_int(w), evaluate(pos), "{}", pos.to_notation());
        // The linear form agrees up to the integer rounding of the blend
        // and the scales.
        if let Some(lin) = data::linearise::<T>(pos, &mut form, w.len()) {
            let real: Vec<f64> = w.iter().map(|&x| f64::from(x)).collect();
            let first = if pos.side_to_move() == 0 { 1 } else { -1 };
            let e = f64::from(first * evaluate(pos));
            assert!((lin.value(&real) - e).abs() < 3.0, "{}", pos.to_notation());
            linear_checked += 1;
        }
    }
    assert!(linear_checked > positions.len() / 2);

    // A form recorded at other weights evaluates with those weights as the
    // engine would if they were embedded.
    let mut other = w.to_vec();
    for (k, x) in other.iter_mut().enumerate() {
        *x += (k as i32 % 7) - 3;
    }
    let mut form = EvalForm::new(&other);
    for pos in positions.iter().step_by(7) {
        form.clear();
        T::eval_form(pos, &mut form);
        let mut direct = Direct::new(&other);
        evaluate_into(&mut direct, pos);
        assert_eq!(
            form.eval_int(&other),
            direct.score(),
            "{}",
            pos.to_notation()
        );
    }
}

/// The embedded weights file holds the layout's names and the values the
/// build embeds.
pub fn weights_file_names_the_layout<T: Tunable>() {
    let text = std::fs::read_to_string(T::WEIGHTS_PATH).unwrap();
    let read = weights_file::read(&text).unwrap();
    let names: Vec<String> = read.iter().map(|(n, _)| n.clone()).collect();
    let values: Vec<i32> = read.iter().map(|&(_, v)| v).collect();
    assert_eq!(names, T::weight_names());
    assert_eq!(values, T::weights());
}

/// Positions from 60 seeded random games from `start` (each a little longer
/// than the last), where moves `preferred` says yes to (captures, so that
/// games reach endings) are chosen two times in three when there are any.
pub fn random_game_positions<P: GamePosition + Clone>(
    start: &P,
    preferred: impl Fn(&P, P::Move) -> bool,
) -> Vec<P> {
    let mut out = Vec::new();
    let mut seed = 0x1234_5678u64;
    for game in 0..60 {
        let mut pos = start.clone();
        for _ in 0..(120 + game * 5) {
            out.push(pos.clone());
            let moves = pos.legal_move_list();
            if moves.is_empty() {
                break;
            }
            seed = data::mix(seed);
            let chosen: Vec<_> = moves
                .iter()
                .copied()
                .filter(|&m| preferred(&pos, m))
                .collect();
            let pool = if !chosen.is_empty() && !seed.is_multiple_of(3) {
                &chosen
            } else {
                &moves
            };
            let mv = pool[(seed >> 8) as usize % pool.len()];
            pos.play(mv);
        }
    }
    out
}
