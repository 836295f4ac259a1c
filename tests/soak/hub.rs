//! Hub, the draughts dialect (the registry's games for `hub`). Its lines
//! under random input are soaked by tests/hub_fuzz.rs against the game
//! library; here: `quit` and end of input mid-search.

/// `quit` and end of input mid-search: the handshake and setup, the `go`.
pub const QUIT_CASES: &[(&[&str], &str)] = &[(&["hub", "level infinite"], "go think")];

#[test]
fn quit_and_eof_end_a_running_search() {
    crate::quit_and_eof_end_a_running_search(&crate::quit_cases(QUIT_CASES));
}
