//! The layout of a game's weight table: named groups of weights, each group
//! a run of consecutive indices. A game declares it once with
//! [`weight_layout!`]; the macro gives each group's first index as a
//! constant, the table's length (`COUNT`) and the names (`GROUPS`, turned
//! into one name per weight by [`names`]).

/// Declares a weight layout:
///
/// ```ignore
/// weight_layout! {
///     VALUE_MG "value_mg" ["pawn", "met"],
///     TEMPO "tempo" [""],
///     PST "pst" SQUARE_NAMES,
/// }
/// ```
///
/// gives `VALUE_MG = 0`, `TEMPO = 2`, `PST = 3`, `COUNT` and `GROUPS`; the
/// weights are named `value_mg.pawn`, `value_mg.met`, `tempo` (an empty
/// element name leaves the group's name alone), then `pst.<name>` for each
/// name of the constant array `SQUARE_NAMES` (any `[&str; N]` expression
/// names a group's elements, which keeps long tables readable).
macro_rules! weight_layout {
    ($($name:ident $label:literal $elements:expr),+ $(,)?) => {
        /// Each group's name and its elements' names, in table order.
        pub const GROUPS: &[(&str, &[&str])] = &[$(($label, &$elements)),+];
        $crate::evalkit::layout::weight_layout!(@at 0usize; $($name [$elements]),+);
    };
    (@at $off:expr; $name:ident [$elements:expr] $(, $rn:ident [$re:expr])*) => {
        pub const $name: usize = $off;
        $crate::evalkit::layout::weight_layout!(@at $off + $elements.len(); $($rn [$re]),*);
    };
    (@at $off:expr;) => {
        /// The number of weights.
        pub const COUNT: usize = $off;
    };
}
pub(crate) use weight_layout;

/// One name per weight: `group.element`, or `group` for an unnamed element.
pub fn names(groups: &[(&str, &[&str])]) -> Vec<String> {
    groups
        .iter()
        .flat_map(|(group, elements)| {
            elements.iter().map(move |e| {
                if e.is_empty() {
                    group.to_string()
                } else {
                    format!("{group}.{e}")
                }
            })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    mod toy {
        crate::evalkit::layout::weight_layout! {
            VALUE "value" ["pawn", "met", "rook"],
            TEMPO "tempo" [""],
            MOB "mobility" ["mg", "eg"],
            SIDE "side" SIDES,
        }
        const SIDES: [&str; 2] = ["left", "right"];
    }

    #[test]
    fn groups_get_consecutive_indices_and_names() {
        assert_eq!(
            (toy::VALUE, toy::TEMPO, toy::MOB, toy::SIDE, toy::COUNT),
            (0, 3, 4, 6, 8)
        );
        assert_eq!(
            super::names(toy::GROUPS),
            [
                "value.pawn",
                "value.met",
                "value.rook",
                "tempo",
                "mobility.mg",
                "mobility.eg",
                "side.left",
                "side.right"
            ]
        );
    }
}
