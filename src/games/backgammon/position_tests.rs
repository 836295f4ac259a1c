//! The game state: turns split into cube decision, roll and play; cube
//! ownership, Crawford and Tavla; win values with gammons, backgammons
//! and the Jacoby rule; turn tokens in and out.

use super::board::{BAR, Board};
use super::game::Backgammon;
use super::position::{BgMove, BgPosition, MatchInfo, Phase, RuleSet, State};
use crate::games::{Game, GamePosition, MoveNotation};
use crate::rules::{Decision, EndKind, RulesPosition, Turn};

fn start() -> BgPosition {
    Backgammon::new().start_position()
}

fn play_tokens(pos: &mut BgPosition, tokens: &[&str]) {
    for t in tokens {
        match pos.parse_move(t, MoveNotation::Uci) {
            Ok(mv) => pos.play(mv),
            Err(e) => panic!("{t}: {e}"),
        }
    }
}

/// A race where bottom (on roll) has one checker left on its 1-point and
/// top has `top_off` borne off, the rest on top's 6-point, or `top_far`
/// checkers back in bottom's home board (top's points 19..24) or on the
/// bar.
fn last_checker(top_off: u8, top_back: usize) -> BgPosition {
    let mut mover = [0u8; 26];
    mover[0] = 14;
    mover[1] = 1;
    let mut other = [0u8; 26];
    other[0] = top_off;
    other[top_back] = 15 - top_off;
    let state = State {
        board: Board { mover, other },
        on_roll: 0,
        phase: Phase::Rolled(2, 1),
        cube_log2: 0,
        cube_owner: None,
        resignation: 0,
    };
    BgPosition::new(state, RuleSet::Backgammon, MatchInfo::default())
}

#[test]
fn a_turn_is_cube_decision_then_roll_then_play() {
    let mut pos = start();
    assert_eq!(pos.turn(), Turn::Player(0));
    assert_eq!(pos.decision(), Decision::Cube);
    assert_eq!(
        pos.legal_move_list(),
        vec![BgMove::Double, BgMove::NoDouble]
    );
    pos.play(BgMove::NoDouble);
    assert_eq!(pos.turn(), Turn::Chance);
    assert_eq!(pos.decision(), Decision::Roll);
    let outcomes = pos.chance_outcomes();
    assert_eq!(outcomes.len(), 21);
    assert_eq!(outcomes.iter().map(|o| o.1).sum::<u32>(), 36);
    pos.play(BgMove::Roll(3, 1));
    assert_eq!(pos.decision(), Decision::Move);
    assert_eq!(pos.legal_move_list().len(), 16);
    let mv = pos.parse_move("8/5 6/5", MoveNotation::Native).unwrap();
    assert_eq!(pos.format_move(mv, MoveNotation::Uci), "31:8/5,6/5");
    pos.play(mv);
    assert_eq!(pos.side_to_move(), 1);
    assert_eq!(pos.to_notation().split(':').next(), Some("sGfwATDgc/ABMA"));
    pos.unmake();
    pos.unmake();
    assert_eq!(pos.phase(), Phase::ToRoll);
}

#[test]
fn the_cube_changes_hands_and_limits_who_may_double() {
    let mut pos = start();
    play_tokens(&mut pos, &["31:8/5,6/5", "double"]);
    assert_eq!(pos.side_to_move(), 0, "bottom answers top's double");
    assert_eq!(pos.decision(), Decision::Cube);
    assert_eq!(pos.legal_move_list(), vec![BgMove::Take, BgMove::Drop]);
    play_tokens(&mut pos, &["take"]);
    assert_eq!(pos.cube_value(), 2);
    assert_eq!(pos.state.cube_owner, Some(0));
    // Top rolls at once; bottom may redouble before its next roll.
    assert_eq!(pos.turn(), Turn::Chance);
    play_tokens(&mut pos, &["64:24/18,13/9"]);
    assert!(pos.may_double());
    play_tokens(&mut pos, &["nodouble", "21:13/11,6/5"]);
    // Top does not own the cube: no double, straight to the roll.
    assert!(!pos.may_double());
    assert_eq!(pos.turn(), Turn::Chance);
    let refused = pos.parse_move("double", MoveNotation::Uci).unwrap_err();
    assert!(refused.to_string().contains("owns the cube"), "{refused}");
}

#[test]
fn a_dropped_double_loses_the_cube_value() {
    let mut pos = start();
    play_tokens(
        &mut pos,
        &["double", "take", "31:8/5,6/5", "double", "drop"],
    );
    let o = pos.outcome().expect("over");
    assert_eq!(o.kind, EndKind::CubeDropped);
    assert_eq!(o.winner(), Some(1));
    assert_eq!(o.points, vec![-2, 2]);
    assert!(pos.legal_move_list().is_empty());
}

#[test]
fn crawford_tavla_and_the_maximum_cube_forbid_doubling() {
    let mut crawford = start();
    crawford.info = MatchInfo {
        length: 7,
        score: [6, 3],
        crawford: true,
        ..MatchInfo::default()
    };
    assert!(!crawford.may_double());
    assert_eq!(crawford.turn(), Turn::Chance);

    let tavla = Backgammon {
        rules: RuleSet::Tavla,
        ..Backgammon::new()
    }
    .start_position();
    assert!(!tavla.may_double());
    let e = tavla.parse_move("double", MoveNotation::Uci).unwrap_err();
    assert!(e.to_string().contains("Tavla"), "{e}");

    let mut max = start();
    max.state.cube_log2 = 10;
    assert!(!max.may_double());
}

#[test]
fn win_values_single_gammon_backgammon_and_jacoby() {
    let finish = |mut pos: BgPosition| {
        let mv = pos
            .parse_move("1/off", MoveNotation::Native)
            .expect("bear off");
        pos.play(mv);
        pos.outcome().expect("bottom won")
    };
    // Top has borne off one: a single game.
    let mut single = last_checker(1, 6);
    single.info.jacoby = false;
    assert_eq!(finish(single).points, vec![1, -1]);
    // None off: a gammon, but Jacoby with a centred cube makes it single.
    assert_eq!(finish(last_checker(0, 6)).points, vec![1, -1]);
    let mut gammon = last_checker(0, 6);
    gammon.info.jacoby = false;
    assert_eq!(finish(gammon).reason, "gammon");
    // A turned cube lifts Jacoby: a gammon doubled.
    let mut doubled = last_checker(0, 6);
    doubled.state.cube_log2 = 1;
    doubled.state.cube_owner = Some(1);
    assert_eq!(finish(doubled).points, vec![4, -4]);
    // Checkers left in the winner's home board: a backgammon.
    let mut bg = last_checker(0, 20);
    bg.info.jacoby = false;
    let o = finish(bg);
    assert_eq!((o.points[0], o.reason.as_str()), (3, "backgammon"));
    // On the bar too.
    let mut bar = last_checker(0, BAR);
    bar.info.length = 5;
    assert_eq!(finish(bar).points, vec![3, -3]);
    // Tavla: a mars is 2, never 3.
    let mut mars = last_checker(0, 20);
    mars.rules = RuleSet::Tavla;
    let o = finish(mars);
    assert_eq!((o.points[0], o.reason.as_str()), (2, "mars"));
}

#[test]
fn turn_tokens_are_checked_with_reasons() {
    let mut pos = start();
    for (token, why) in [
        ("71:8/1", "die 7"),
        ("3:8/5", "two dice"),
        ("31:8/5", "both dice"),
        ("take", "no double"),
        ("8/5,6/5", "not rolled"),
        ("52:pass", "pass is illegal"),
    ] {
        let e = pos
            .parse_move(token, MoveNotation::Uci)
            .expect_err(token)
            .to_string();
        assert!(e.contains(why), "{token}: {e}");
    }
    // Dice in either order; the larger is written first.
    let mv = pos.parse_move("13:8/5,6/5", MoveNotation::Uci).unwrap();
    assert_eq!(pos.format_move(mv, MoveNotation::Uci), "31:8/5,6/5");
    // A bare roll, then its turn token repeating the dice.
    play_tokens(&mut pos, &["64"]);
    let e = pos
        .parse_move("52:13/8,13/11", MoveNotation::Uci)
        .unwrap_err();
    assert!(e.to_string().contains("dice are 64"), "{e}");
    play_tokens(&mut pos, &["64:24/18,13/9"]);
    assert_eq!(pos.side_to_move(), 1);
}

#[test]
fn a_roll_without_a_play_is_a_pass() {
    // Bottom on the bar against a closed board (oracle case).
    let pos = Backgammon::new()
        .parse_position("XGID=------E-D---cE-----bbbbbbA:0:0:1:42:0:0:0:0:10")
        .expect("xgid");
    assert_eq!(pos.dice(), Some((4, 2)));
    let moves = pos.legal_move_list();
    assert_eq!(moves.len(), 1);
    assert_eq!(pos.format_move(moves[0], MoveNotation::Uci), "42:pass");
    assert_eq!(pos.format_move(moves[0], MoveNotation::Native), "pass");
}
