//! The checks every tunable game's tests run on its evaluation form
//! (Makruk's and the draughts rule sets' `tune.rs` tests): the form gives
//! the engine's evaluation exactly at the embedded weights, and at other
//! weights too; its linear expansion agrees up to rounding; the embedded
//! weights file names the layout.

use super::{EvalForm, Tunable, data, weights_file};
use crate::games::GamePosition;
use crate::rules::RulesPosition;

/// At the embedded weights the form's integer value is `evaluate(pos)` on
/// every position, and its linear value (White's view) is within 3 of it
/// wherever the position is quiet enough to be linearised (on more than
/// half of them).
pub fn form_gives_the_evaluation<T: Tunable>(positions: &[T::Pos], evaluate: fn(&T::Pos) -> i32) {
    let w = T::weights();
    let mut form = EvalForm::new(w);
    let mut linear_checked = 0;
    for pos in positions {
        form.clear();
        T::eval_form(pos, &mut form);
        let e = evaluate(pos);
        assert_eq!(form.eval_int(w), e, "{}", pos.to_notation());
        if let Some(lin) = data::linearise::<T>(pos, &mut form, w.len()) {
            let real: Vec<f64> = w.iter().map(|&x| f64::from(x)).collect();
            let white = if pos.side_to_move() == 0 { 1 } else { -1 };
            let e = f64::from(white * e);
            assert!((lin.value(&real) - e).abs() < 3.0, "{}", pos.to_notation());
            linear_checked += 1;
        }
    }
    assert!(
        linear_checked > positions.len() / 2,
        "{linear_checked} of {}",
        positions.len()
    );
}

/// A form recorded at other weights evaluates with them as the engine
/// would if they were embedded: `direct(weights, pos)` runs the
/// evaluation through a [`super::Direct`] sink at those weights.
pub fn other_weights_agree<T: Tunable>(positions: &[T::Pos], direct: fn(&[i32], &T::Pos) -> i32) {
    let mut w = T::weights().to_vec();
    for (k, x) in w.iter_mut().enumerate() {
        *x += (k as i32 % 7) - 3;
    }
    let mut form = EvalForm::new(&w);
    for pos in positions {
        form.clear();
        T::eval_form(pos, &mut form);
        assert_eq!(form.eval_int(&w), direct(&w, pos), "{}", pos.to_notation());
    }
}

/// The embedded weights file lists the layout's names and the weights
/// the build embeds.
pub fn weights_file_names_the_layout<T: Tunable>() {
    let text = std::fs::read_to_string(T::WEIGHTS_PATH).unwrap();
    let read = weights_file::read(&text).unwrap();
    let names: Vec<String> = read.iter().map(|(n, _)| n.clone()).collect();
    let values: Vec<i32> = read.iter().map(|&(_, v)| v).collect();
    assert_eq!(names, T::weight_names());
    assert_eq!(values, T::weights());
}
