//! The bear-off database is generated in the background from the moment a
//! backgammon session exists, and a search stopped while it is still being
//! generated answers at once (one test in its own process, so that no
//! other test has generated the database before it looks).

use crossbeam_channel::unbounded;
use tabula::engine::registry;
use tabula::games::MoveNotation;
use tabula::games::backgammon::eval::bearoff;
use tabula::search::{SearchEvent, SearchLimits, SearchSettings};

/// Both sides home and bearing off, top on roll with 6-2.
const BEAR_OFF: &str = "XGID=-G----------------------j-:0:0:-1:62:0:0:1:0:10";

#[test]
fn a_backgammon_session_starts_the_build_and_a_stopped_search_still_answers() {
    let (events, answers) = unbounded();
    let _makruk = registry::create("makruk", events.clone(), 1).expect("makruk");
    assert!(!bearoff::build_started(), "other games leave it alone");
    let mut session = registry::create("backgammon", events, 1).expect("backgammon");
    assert!(bearoff::build_started(), "created with the session");
    session
        .set_position(Some(BEAR_OFF), &[], MoveNotation::Native)
        .expect("position");
    session
        .go(
            SearchLimits::default(),
            SearchSettings::default(),
            &[],
            MoveNotation::Native,
        )
        .expect("go");
    session.stop();
    let best = answers.iter().find_map(|event| match event {
        SearchEvent::BestMove { best, .. } => Some(best),
        _ => None,
    });
    // Native notation is UBGI's: one from/to per die.
    assert_eq!(best, Some(Some("1/off 1/off".to_string())));
}
