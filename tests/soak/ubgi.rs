//! UBGI, backgammon's dialect (the registry's game for `ubgi`). Its lines
//! under random input are soaked by tests/backgammon_fuzz.rs; here: `quit`
//! and end of input mid-search.

/// `quit` and end of input mid-search: the handshake and setup, the `go`.
pub const QUIT_CASES: &[(&[&str], &str)] = &[(
    &["ubgi", "position gnubgid 4HPwATDgc/ABMA", "dice 6 5"],
    "go chequer movetime 60000",
)];

#[test]
fn quit_and_eof_end_a_running_search() {
    crate::quit_and_eof_end_a_running_search(&crate::quit_cases(QUIT_CASES));
}
