//! Halma, protocol-spec/halma.md: `hcn` and move notation (round trips,
//! malformed input refused with the reason), the options, both finish
//! rules, the camp-exit rule, passing and elimination with four players.

use tabula::games::halma::{Halma, Position};
use tabula::games::{Game, GameError, GamePosition, MoveNotation};
use tabula::rules::RulesPosition;

const START8: &str = "8 0,1,2,3,8,9,10,16,17,24/39,46,47,53,54,55,60,61,62,63 1 1";
const START8_4: &str = "8 0,1,2,3,8,9,10,16,17,24/4,5,6,7,13,14,15,22,23,31/39,46,47,53,54,55,60,61,62,63/32,40,41,48,49,50,56,57,58,59";

fn game_with(options: &[(&str, &str)]) -> Halma {
    let mut game = Halma::new();
    for (name, value) in options {
        game.set_option(name, value).expect("option");
    }
    game
}

fn pos(text: &str) -> Position {
    Halma::new()
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
fn starts_write_and_read_back_on_every_board() {
    assert_eq!(
        game_with(&[("Board Size", "8")])
            .start_position()
            .to_notation(),
        START8
    );
    assert_eq!(
        game_with(&[("Board Size", "8"), ("Players", "4")])
            .start_position()
            .to_notation(),
        format!("{START8_4} 1 1")
    );
    for size in ["8", "10", "16"] {
        for players in ["2", "4"] {
            let game = game_with(&[("Board Size", size), ("Players", players)]);
            let start = game.start_position();
            let text = start.to_notation();
            assert!(text.starts_with(&format!("{size} ")), "{text}");
            let back = Halma::new().parse_position(&text).expect("reads back");
            assert_eq!(back.to_notation(), text);
            assert_eq!(back.key(), start.key());
            assert_eq!(moves_of(&back), moves_of(&start));
            assert_eq!(back.players(), players.parse::<usize>().unwrap());
        }
    }
    // Any order and spacing on input, ascending on output.
    let shuffled = pos("8  24,17,16,10,9,8,3,2,1,0/63,62,61,60,55,54,53,47,46,39  1 1");
    assert_eq!(shuffled.to_notation(), START8);
}

#[test]
fn malformed_hcn_is_refused_with_the_reason() {
    let se = "39,46,47,53,54,55,60,61,62,63";
    let nw = "0,1,2,3,8,9,10,16,17,24";
    let cases: Vec<(String, &str)> = vec![
        (
            String::new(),
            "expected 4 fields '<size> <lists> <to move> <round>', found 0",
        ),
        (format!("{nw}/{se} 1 1"), "expected 4 fields"),
        (format!("8 {nw}/{se} 1 1 x"), "expected 4 fields"),
        (format!("x {nw}/{se} 1 1"), "board size 'x' is not a number"),
        (
            format!("12 {nw}/{se} 1 1"),
            "board size 12 is not one of 8, 10, 16",
        ),
        (format!("8 {nw} 1 1"), "1 players are not allowed"),
        (format!("8 {nw}/{se}/- 1 1"), "3 players are not allowed"),
        (
            format!("8 0,1,2,3,8,9,10,16,17/{se} 1 1"),
            "player 1 has 9 pieces",
        ),
        (format!("16 {nw}/{se} 1 1"), "player 1 has 10 pieces"),
        (
            format!("8 0,1,2,3,8,9,10,16,17,64/{se} 1 1"),
            "cell 64 is off the board (0..63)",
        ),
        (
            format!("8 0,1,2,3,8,9,10,16,17,17/{se} 1 1"),
            "player 1 lists cell 17 twice",
        ),
        (
            format!("8 0,1,2,3,8,9,10,16,17,39/{se} 1 1"),
            "cell 39 is used by players 1 and 2",
        ),
        (
            format!("8 {nw}/{se} 3 1"),
            "player to move 3 is not in 1..2",
        ),
        (
            format!("8 {nw}/{se} w 1"),
            "player to move 'w' is not a number",
        ),
        (format!("8 {nw}/{se} 1 0"), "round 0 is not in"),
        (format!("8 {nw}/{se} 1 -1"), "round '-1' is not a number"),
        (format!("8 a,b/{se} 1 1"), "is not a list of cells"),
        (format!("8 {nw},/{se} 1 1"), "is not a list of cells"),
        (
            format!("8 99999999999999999999999/{se} 1 1"),
            "is not a list of cells",
        ),
        (
            START8_4.replacen("0,1,2,3,8,9,10,16,17,24", "-", 1) + " 1 1",
            "player to move 1 is eliminated",
        ),
        (
            format!("8 {nw}/32,40,41,48,49,50,56,57,58,59/{se}/26,27,28,29,34,35,36,37,42,43 2 1"),
            "player to move 2 has finished",
        ),
    ];
    let game = Halma::new();
    for (text, why) in &cases {
        match game.parse_position(text) {
            Ok(p) => panic!("'{text}' was accepted as {}", p.to_notation()),
            Err(e) => {
                let msg = e.to_string();
                assert!(msg.starts_with("bad HCN: "), "'{text}': {msg}");
                assert!(msg.contains(why), "'{text}': '{msg}' does not say '{why}'");
            }
        }
    }
    assert!(cases.len() >= 12);
}

#[test]
fn malformed_and_illegal_moves_are_refused_with_the_reason() {
    let start = pos(START8);
    let not_a_move = [
        ("", "expected <from>-<to>"),
        ("17", "needs a start and an end square"),
        ("17-", "expected"),
        ("-17", "expected"),
        ("17--25", "expected"),
        ("a-b", "expected"),
        ("PASS", "expected"),
        ("17-64", "cell 64 is off the board (0..63)"),
        ("17-25-17", "a chain cannot revisit a square"),
        ("17-17", "a chain cannot revisit a square"),
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
        ("17-35", "no hop chain from 17 reaches 35"),
        ("39-38", "player 1 has no piece on 39"),
        ("17-10", "square 10 is taken"),
        ("pass", "a move exists"),
        ("2-18-20", "18-20 is not a hop"),
        ("2-4-20", "4-20 is not a hop"),
        ("10-12-14", "10-12 is not a hop"),
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
    let mut p = pos(START8);
    play(&mut p, "17-26 39-38");
    let moves = moves_of(&p);
    // 1 over 9 to 17, then over 26 to 35: a chain of two hops.
    assert!(moves.contains(&"1-17-35".to_string()), "{moves:?}");
    for m in &moves {
        let mv = p.parse_move(m, MoveNotation::Native).expect(m);
        assert_eq!(&p.format_move(mv, MoveNotation::Native), m);
        // The two ends alone name the same move.
        let parts: Vec<&str> = m.split('-').collect();
        let ends = format!("{}-{}", parts[0], parts[parts.len() - 1]);
        assert_eq!(p.parse_move(&ends, MoveNotation::Native), Ok(mv), "{ends}");
    }
    let mut sorted = moves.clone();
    sorted.sort();
    sorted.dedup();
    assert_eq!(sorted.len(), moves.len(), "distinct (from, to) pairs only");
}

#[test]
fn options_are_checked() {
    let mut game = Halma::new();
    for (name, value) in [
        ("Board Size", "12"),
        ("Players", "3"),
        ("Finish Rule", "all"),
        ("Camp Exit Limit", "201"),
        ("Camp Exit Limit", "-2"),
        ("MultiSearch", "maxn"),
        ("Greedy", "yes"),
        ("Long Jumps", "true"),
        ("Race Width", "0"),
        ("Race Width", "4097"),
        ("Race Replies", "paranoid"),
        ("Race Samples", "0"),
        ("Race Samples", "17"),
        ("Race Rival", "-1"),
        ("Race Rival", "101"),
    ] {
        assert!(game.set_option(name, value).is_err(), "{name}={value}");
    }
    assert_eq!(game, Halma::new(), "refused values change nothing");
    assert_eq!(game.rules().home_exit_limit, 0, "16x16: no camp-exit limit");
    game.set_option("Board Size", "10").unwrap();
    assert_eq!(game.rules().home_exit_limit, 50);
    game.set_option("Board Size", "8").unwrap();
    assert_eq!(game.rules().home_exit_limit, 30);
    game.set_option("Camp Exit Limit", "12").unwrap();
    assert_eq!(game.rules().home_exit_limit, 12);
    game.set_option("MultiSearch", "race").unwrap();
    game.set_option("Race Width", "4096").unwrap();
    game.set_option("Race Replies", "greedy").unwrap();
    game.set_option("Race Samples", "16").unwrap();
    game.set_option("Race Rival", "100").unwrap();
    game.set_option("Camp Exit Limit", "-1").unwrap();
    assert_eq!(game.rules().home_exit_limit, 30);
}

#[test]
fn filling_the_target_with_own_pieces_wins_under_both_rules() {
    let text = "8 31,46,47,53,54,55,60,61,62,63/0,1,2,3,8,9,10,16,17,26 1 20";
    for rule in ["own", "filled"] {
        let game = game_with(&[("Finish Rule", rule)]);
        let mut p = game.parse_position(text).expect("hcn");
        assert!(p.outcome().is_none());
        play(&mut p, "31-39");
        let o = p.outcome().expect("finished");
        assert_eq!(o.places, vec![0, 1], "{rule}");
        assert_eq!(p.search_notes(), vec!["result 1=1 2=2".to_string()]);
        assert!(p.legal_move_list().is_empty());
    }
}

#[test]
fn filled_counts_an_opponent_squatting_in_the_target_own_does_not() {
    // Player 2 squats on 39; player 1 fills the rest by 45 over 54 to 63.
    let text = "8 12,45,46,47,53,54,55,60,61,62/0,1,2,3,8,9,10,16,17,39 1 10";
    let mut filled = pos(text);
    play(&mut filled, "45-63");
    assert_eq!(
        filled.outcome().expect("filled: finished").places,
        vec![0, 1]
    );
    let own = game_with(&[("Finish Rule", "own")]);
    let mut p = own.parse_position(text).expect("hcn");
    play(&mut p, "45-63");
    assert!(p.outcome().is_none(), "own: a squatter blocks the finish");
}

#[test]
fn a_piece_left_in_camp_after_the_limit_loses() {
    // 8x8: the limit is 30 moves.
    let text = "8 0,27,28,29,30,33,34,35,36,37/39,46,47,53,54,55,60,61,62,63 1 30";
    let mut p = pos(text);
    play(&mut p, "27-19");
    assert_eq!(p.outcome().expect("eliminated").places, vec![1, 0]);
    assert_eq!(p.to_notation(), "8 -/39,46,47,53,54,55,60,61,62,63 2 30");
    let reason = p.outcome().unwrap().reason;
    assert!(reason.contains("camp-exit rule"), "{reason}");
    // Leaving the camp on the 30th move is in time.
    let mut p = pos("8 24,27,28,29,30,33,34,35,36,37/39,46,47,53,54,55,60,61,62,63 1 30");
    play(&mut p, "24-32");
    assert!(p.outcome().is_none());
    // Camp Exit Limit 0 switches the rule off; 16x16 has none by default.
    let off = game_with(&[("Camp Exit Limit", "0")]);
    let mut p = off.parse_position(text).expect("hcn");
    play(&mut p, "27-19");
    assert!(p.outcome().is_none());
    let mut big = Halma::new().start_position();
    for _ in 0..60 {
        let mv = big.legal_move_list()[0];
        big.play(mv);
    }
    assert!(big.outcome().is_none(), "{}", big.to_notation());
    // And an explicit limit applies on 16x16 too.
    let mut five = game_with(&[("Camp Exit Limit", "5")]).start_position();
    for _ in 0..9 {
        let mv = five.legal_move_list()[0];
        five.play(mv);
    }
    assert!(five.outcome().is_some(), "{}", five.to_notation());
}

#[test]
fn four_players_are_eliminated_one_by_one_and_ranked() {
    let mut p = pos(&format!("{START8_4} 1 30"));
    play(&mut p, "17-25");
    assert!(p.outcome().is_none());
    assert!(
        p.to_notation().starts_with("8 -/4,5,"),
        "{}",
        p.to_notation()
    );
    assert_eq!(p.side_to_move(), 1);
    play(&mut p, "22-29");
    assert_eq!(p.side_to_move(), 2);
    play(&mut p, "46-45");
    // Only player 4 is left: it takes first place, the later eliminated
    // rank before the earlier.
    let o = p.outcome().expect("over");
    assert_eq!(o.places, vec![3, 2, 1, 0]);
    assert_eq!(p.search_notes(), vec!["result 1=4 2=3 3=2 4=1".to_string()]);
}

#[test]
fn a_boxed_in_player_passes() {
    let text = "8 0,1,2,3,8,9,10,16,17,24/4,5,11,12,13,18,19,20,21,25/26,27,28,32,33,34,35,40,41,42/6,7,14,48,49,50,56,57,58,59 1 5";
    let mut p = pos(text);
    assert_eq!(moves_of(&p), vec!["pass".to_string()]);
    assert_eq!(p.perft(1), 1);
    play(&mut p, "pass");
    assert_eq!(p.side_to_move(), 1);
    assert!(p.to_notation().ends_with(" 2 5"));
    assert!(matches!(
        p.parse_move("pass", MoveNotation::Native),
        Err(GameError::Illegal(_))
    ));
}
