//! Chinese checkers, protocol-spec/chinesecheckers.md: `ccn` and move
//! notation (round trips, malformed input refused with the reason),
//! finishing, the home-exit rule, passing and the ranking.

use tabula::games::chinesecheckers::{ChineseCheckers, Position};
use tabula::games::{Game, GameError, GamePosition, MoveNotation};
use tabula::rules::RulesPosition;

const START2: &str = "0,1,2,3,4,5,6,7,8,9/111,112,113,114,115,116,117,118,119,120 1 1";

fn game_with(options: &[(&str, &str)]) -> ChineseCheckers {
    let mut game = ChineseCheckers::new();
    for (name, value) in options {
        game.set_option(name, value).expect("option");
    }
    game
}

fn pos(text: &str) -> Position {
    ChineseCheckers::new()
        .parse_position(text)
        .unwrap_or_else(|e| panic!("'{text}': {e}"))
}

fn play(pos: &mut Position, moves: &str) {
    for m in moves.split_whitespace() {
        let mv = pos
            .parse_move(m, MoveNotation::Native)
            .unwrap_or_else(|e| panic!("{m}: {e}"));
        pos.play(mv);
    }
}

fn moves_of(pos: &Position) -> Vec<String> {
    pos.legal_move_list()
        .into_iter()
        .map(|m| pos.format_move(m, MoveNotation::Native))
        .collect()
}

#[test]
fn start_positions_write_and_read_back() {
    for (players, lists) in [
        (
            "2",
            "0,1,2,3,4,5,6,7,8,9/111,112,113,114,115,116,117,118,119,120",
        ),
        (
            "3",
            "0,1,2,3,4,5,6,7,8,9/74,84,85,95,96,97,107,108,109,110/65,75,76,86,87,88,98,99,100,101",
        ),
    ] {
        let game = game_with(&[("Players", players)]);
        let start = game.start_position();
        let text = format!("{lists} 1 1");
        assert_eq!(start.to_notation(), text);
        let back = game.parse_position(&text).expect("reads back");
        assert_eq!(back.key(), start.key());
        assert_eq!(moves_of(&back), moves_of(&start));
    }
    for players in ["4", "6"] {
        let start = game_with(&[("Players", players)]).start_position();
        let text = start.to_notation();
        assert_eq!(pos(&text).to_notation(), text);
        assert_eq!(text.split('/').count(), players.parse::<usize>().unwrap());
    }
    // Rounds beyond any real game still read back.
    let far = "0,1,2,3,4,5,6,7,8,9/111,112,113,114,115,116,117,118,119,120 2 4294967296";
    assert_eq!(pos(far).to_notation(), far);
    // Any order and spacing on input, ascending on output.
    let shuffled = pos("9,8,7,6,5,4,3,2,1,0/120,119,118,117,116,115,114,113,112,111   1  1");
    assert_eq!(shuffled.to_notation(), START2);
}

#[test]
fn rounds_and_the_player_to_move_follow_the_moves() {
    let mut p = pos(START2);
    play(&mut p, "8-17 111-102");
    assert_eq!(
        p.to_notation(),
        "0,1,2,3,4,5,6,7,9,17/102,112,113,114,115,116,117,118,119,120 1 2"
    );
    play(&mut p, "3-16-18");
    assert_eq!(p.side_to_move(), 1);
    assert!(p.to_notation().ends_with(" 2 2"));
    let back = pos(&p.to_notation());
    assert_eq!(back.key(), p.key());
    p.unmake();
    p.unmake();
    p.unmake();
    assert_eq!(p.to_notation(), pos(START2).to_notation());
}

#[test]
fn malformed_ccn_is_refused_with_the_reason() {
    let ten_s = "111,112,113,114,115,116,117,118,119,120";
    let cases: Vec<(String, &str)> =
        vec![
        (String::new(), "expected 3 fields"),
        (format!("0,1,2,3,4,5,6,7,8,9/{ten_s} 1"), "expected 3 fields"),
        (format!("0,1,2,3,4,5,6,7,8,9/{ten_s} 1 1 x"), "expected 3 fields"),
        ("0,1,2,3,4,5,6,7,8,9 1 1".to_string(), "1 players are not allowed"),
        ("-/-/-/-/- 1 1".to_string(), "5 players are not allowed"),
        (format!("0,1,2,3,4,5,6,7,8/{ten_s} 1 1"), "player 1 has 9 marbles"),
        (format!("0,1,2,3,4,5,6,7,8,9,10/{ten_s} 1 1"), "player 1 has 11 marbles"),
        (format!("0,1,2,3,4,5,6,7,8,121/{ten_s} 1 1"), "cell 121 is off the board"),
        (format!("0,1,2,3,3,5,6,7,8,9/{ten_s} 1 1"), "player 1 lists cell 3 twice"),
        (
            "0,1,2,3,4,5,6,7,8,60/60,112,113,114,115,116,117,118,119,120 1 1".to_string(),
            "cell 60 is used by players 1 and 2",
        ),
        (format!("0,1,2,3,4,5,6,7,8,9/{ten_s} 0 1"), "player to move 0 is not in 1..2"),
        (format!("0,1,2,3,4,5,6,7,8,9/{ten_s} 3 1"), "player to move 3 is not in 1..2"),
        (format!("0,1,2,3,4,5,6,7,8,9/{ten_s} w 1"), "player to move 'w' is not a number"),
        (format!("0,1,2,3,4,5,6,7,8,9/{ten_s} 1 0"), "round 0 is not in"),
        (
            format!("0,1,2,3,4,5,6,7,8,9/{ten_s} 1 4294967297"),
            "round 4294967297 is not in 1..4294967296",
        ),
        (format!("0,1,2,3,4,5,6,7,8,9/{ten_s} 1 -1"), "round '-1' is not a number"),
        (format!("a,b/{ten_s} 1 1"), "is not a list of cells"),
        (format!("0,1,2,3,4,5,6,7,8,9,/{ten_s} 1 1"), "is not a list of cells"),
        (format!("0,1,2,3,4,5,6,7,8,9//{ten_s} 1 1"), "is not a list of cells"),
        (format!("0;1;2/{ten_s} 1 1"), "is not a list of cells"),
        (format!("99999999999999999999999/{ten_s} 1 1"), "is not a list of cells"),
        (
            "-/74,84,85,95,96,97,107,108,109,110/65,75,76,86,87,88,98,99,100,101 1 1".to_string(),
            "player to move 1 is eliminated",
        ),
        (
            "0,1,2,3,4,5,6,7,8,9/10,11,12,13,23,24,25,35,36,46/65,75,76,86,87,88,98,99,100,101 2 1"
                .to_string(),
            "player to move 2 has finished",
        ),
    ];
    let game = ChineseCheckers::new();
    for (text, why) in &cases {
        match game.parse_position(text) {
            Ok(p) => panic!("'{text}' was accepted as {}", p.to_notation()),
            Err(e) => {
                let msg = e.to_string();
                assert!(msg.starts_with("bad CCN: "), "'{text}': {msg}");
                assert!(msg.contains(why), "'{text}': '{msg}' does not say '{why}'");
            }
        }
    }
    assert!(cases.len() >= 12);
}

#[test]
fn malformed_and_illegal_moves_are_refused_with_the_reason() {
    let start = pos(START2);
    let not_a_move = [
        ("", "expected <from>-<to>"),
        ("3", "needs a start and an end"),
        ("3-", "expected"),
        ("-3", "expected"),
        ("3--16", "expected"),
        ("3 - 16", "expected"),
        ("a-b", "expected"),
        ("Pass", "expected"),
        ("3-200", "cell 200 is off the board"),
        ("99999999999999999999999-3", "expected"),
        ("3-16-3", "a chain cannot revisit a hole"),
        ("3-3", "a chain cannot revisit a hole"),
    ];
    for (text, why) in not_a_move {
        match start.parse_move(text, MoveNotation::Native) {
            Err(GameError::Parse(msg)) => {
                assert!(msg.starts_with("not a move: "), "'{text}': {msg}");
                assert!(msg.contains(why), "'{text}': '{msg}' does not say '{why}'");
            }
            other => panic!("'{text}': {other:?}"),
        }
    }
    let illegal = [
        ("3-17", "no hop chain from 3 reaches 17"),
        ("111-102", "player 1 has no marble on 111"),
        ("60-61", "player 1 has no marble on 60"),
        ("8-7", "hole 7 is taken"),
        ("pass", "a move exists"),
        ("3-16-18", "16-18 is not a hop"),
        ("3-14-16", "14-16 is not a hop"),
    ];
    for (text, why) in illegal {
        match start.parse_move(text, MoveNotation::Native) {
            Err(GameError::Illegal(msg)) => {
                assert!(msg.starts_with("illegal: "), "'{text}': {msg}");
                assert!(msg.contains(why), "'{text}': '{msg}' does not say '{why}'");
            }
            other => panic!("'{text}': {other:?}"),
        }
    }
}

#[test]
fn moves_are_written_as_shortest_chains_and_read_back() {
    let mut p = pos(START2);
    play(&mut p, "8-17 111-102");
    let moves = moves_of(&p);
    assert!(moves.contains(&"3-16-18".to_string()), "{moves:?}");
    // The two ends alone name the same move.
    let short = p.parse_move("3-18", MoveNotation::Native).expect("3-18");
    assert_eq!(p.format_move(short, MoveNotation::Native), "3-16-18");
    for m in &moves {
        let mv = p.parse_move(m, MoveNotation::Native).expect(m);
        assert_eq!(&p.format_move(mv, MoveNotation::Native), m);
    }
    // Distinct (from, to) pairs only.
    let mut sorted = moves.clone();
    sorted.sort();
    sorted.dedup();
    assert_eq!(sorted.len(), moves.len());
}

#[test]
fn filling_the_target_wins() {
    let mut p = pos("102,112,113,114,115,116,117,118,119,120/0,1,2,3,4,5,6,7,8,60 1 40");
    assert!(p.outcome().is_none());
    play(&mut p, "102-111");
    let o = p.outcome().expect("game over");
    assert_eq!(o.places, vec![0, 1]);
    assert_eq!(p.search_notes(), vec!["result 1=1 2=2".to_string()]);
    assert!(p.legal_move_list().is_empty());
    assert!(p.parse_move("0-10", MoveNotation::Native).is_err());
}

#[test]
fn the_finish_rule_decides_whether_a_filled_target_counts() {
    let text = "0,1,2,3,4,5,6,7,8,102/60,112,113,114,115,116,117,118,119,120 1 5";
    let mut own = pos(text);
    play(&mut own, "102-111");
    assert!(
        own.outcome().is_none(),
        "own: opponents' marbles do not count"
    );
    let filled = game_with(&[("Finish Rule", "filled")]);
    let mut p = filled.parse_position(text).expect("ccn");
    play(&mut p, "102-111");
    assert_eq!(p.outcome().expect("filled: finished").places, vec![0, 1]);
}

#[test]
fn a_marble_left_at_home_after_thirty_moves_loses() {
    let text = "0,20,21,22,23,24,25,26,27,28/111,112,113,114,115,116,117,118,119,120 1 30";
    let mut p = pos(text);
    play(&mut p, "28-29");
    assert_eq!(p.outcome().expect("eliminated").places, vec![1, 0]);
    assert_eq!(
        p.to_notation(),
        "-/111,112,113,114,115,116,117,118,119,120 2 30"
    );
    // Leaving home on the 30th move is in time.
    let mut p = pos("9,20,21,22,23,24,25,26,27,28/111,112,113,114,115,116,117,118,119,120 1 30");
    play(&mut p, "9-18");
    assert!(p.outcome().is_none());
    // Limit 0 switches the rule off.
    let off = game_with(&[("Home Exit Limit", "0")]);
    let mut p = off.parse_position(text).expect("ccn");
    play(&mut p, "28-29");
    assert!(p.outcome().is_none());
}

#[test]
fn a_player_without_a_move_passes() {
    let text =
        "0,1,2,3,4,5,6,7,8,9/14,15,16,17,18,26,27,28,29,30/31,65,75,76,86,87,88,98,99,100 1 3";
    let mut p = pos(text);
    assert_eq!(moves_of(&p), vec!["pass".to_string()]);
    assert_eq!(p.perft(1), 1);
    play(&mut p, "pass");
    assert_eq!(p.side_to_move(), 1);
    assert!(p.to_notation().ends_with(" 2 3"));
}

#[test]
fn players_who_finish_on_the_same_move_count_share_a_place() {
    let mut p =
        pos("0,1,2,3,4,5,6,7,8,9/10,11,12,13,23,24,25,35,36,56/19,20,21,22,32,33,34,44,45,64 1 5");
    play(&mut p, "8-17 56-46");
    assert!(p.outcome().is_none(), "two players still play");
    // Cut short here (a match's move cap), the finished player keeps
    // first place and the two still playing share the next.
    assert_eq!(p.places_if_cut_short(), Some(vec![1, 0, 1]));
    assert_eq!(p.side_to_move(), 2);
    play(&mut p, "64-55");
    assert_eq!(p.outcome().expect("over").places, vec![2, 0, 0]);
    assert_eq!(p.search_notes(), vec!["result 1=3 2=1 3=1".to_string()]);
}

#[test]
fn a_finished_game_read_from_ccn_ranks_finished_eliminated_and_last() {
    let p = pos("-/10,11,12,13,23,24,25,35,36,46/65,75,76,86,87,88,98,99,100,101 3 12");
    assert_eq!(p.search_notes(), vec!["result 1=3 2=1 3=2".to_string()]);
    assert_eq!(p.outcome().expect("over").places, vec![2, 0, 1]);
}

#[test]
fn long_jumps_are_an_option() {
    let text = "0,1,2,3,4,5,6,7,8,56/58,111,112,113,114,115,116,117,118,119 1 3";
    let plain = pos(text);
    assert!(matches!(
        plain.parse_move("56-60", MoveNotation::Native),
        Err(GameError::Illegal(_))
    ));
    let long = game_with(&[("Long Jumps", "true")]);
    let p = long.parse_position(text).expect("ccn");
    let mv = p
        .parse_move("56-60", MoveNotation::Native)
        .expect("long jump");
    assert_eq!(p.format_move(mv, MoveNotation::Native), "56-60");
    assert!(moves_of(&p).contains(&"56-60".to_string()));
}

#[test]
fn random_games_read_back_at_every_player_count() {
    let mut seed = 0x00cc_cc00_u64;
    let mut next = move |n: usize| {
        seed = seed
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        ((seed >> 33) as usize) % n.max(1)
    };
    for players in ["2", "3", "4", "6"] {
        let game = game_with(&[("Players", players)]);
        for _ in 0..6 {
            let mut p = game.start_position();
            for _ in 0..300 {
                let text = p.to_notation();
                let back = game.parse_position(&text).expect(&text);
                assert_eq!(back.to_notation(), text);
                assert_eq!(back.key(), p.key(), "{text}");
                assert_eq!(moves_of(&back), moves_of(&p), "{text}");
                let moves = p.legal_move_list();
                if moves.is_empty() {
                    assert!(p.outcome().is_some());
                    break;
                }
                for &mv in &moves {
                    let t = p.format_move(mv, MoveNotation::Native);
                    assert_eq!(
                        p.parse_move(&t, MoveNotation::Native),
                        Ok(mv),
                        "{t} in {text}"
                    );
                }
                p.play(moves[next(moves.len())]);
            }
        }
    }
}
