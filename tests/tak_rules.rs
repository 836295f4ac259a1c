//! Tak rules (protocol-spec/tak.md §1).

mod common;

use common::moves::play;
use tabula::games::tak::Tak;
use tabula::games::tak::position::*;
use tabula::games::{EndKind, Game, GamePosition, MoveNotation, Outcome};
use tabula::rules::RulesPosition;
use tabula::search::{AlphaBetaPosition, MATE};

fn game(size: usize) -> Tak {
    let mut g = Tak::new();
    g.new_game_argument(&size.to_string()).unwrap();
    g
}

fn pos(g: &Tak, tps: &str) -> Position {
    g.parse_position(tps)
        .unwrap_or_else(|e| panic!("{tps}: {e}"))
}

fn texts(p: &Position) -> Vec<String> {
    p.legal_move_list()
        .into_iter()
        .map(|m| p.format_move(m, MoveNotation::Native))
        .collect()
}

#[test]
fn opening_places_opponent_flats() {
    let g = game(5);
    let mut p = g.start_position();
    let moves = texts(&p);
    assert_eq!(moves.len(), 25);
    assert!(moves.iter().all(|m| m.len() == 2), "flats only: {moves:?}");
    play(&mut p, "a1");
    assert_eq!(p.to_notation(), "x5/x5/x5/x5/2,x4 2 1");
    // Player 2 may not move "its" stone on a1 yet: placements only.
    assert_eq!(texts(&p).len(), 24);
    play(&mut p, "e5");
    assert_eq!(p.to_notation(), "x4,1/x5/x5/x5/2,x4 1 2");
    assert_eq!(p.stones_left.0, [20, 20]);
    // From move 2 on: flats, walls, the capstone and spreads.
    let m = texts(&p);
    assert!(m.contains(&"Sb1".to_string()) && m.contains(&"Cb1".to_string()));
    assert!(m.contains(&"e5-".to_string()));
    assert!(!m.contains(&"a1+".to_string()));
    assert_eq!(m.len(), 23 * 3 + 2);
}

#[test]
fn carry_limit() {
    let g = game(3);
    let p = pos(&g, "11112,x,x/x3/x3 2 6");
    let moves = texts(&p);
    assert!(moves.contains(&"3a3>".to_string()));
    assert!(moves.contains(&"3a3-12".to_string()));
    assert!(
        !moves
            .iter()
            .any(|m| m.starts_with('4') || m.starts_with('5'))
    );
    assert_eq!(
        p.parse_move("4a3>", MoveNotation::Native),
        Err(tabula::games::GameError::Illegal(
            "illegal: carry limit is 3".into()
        ))
    );
}

#[test]
fn capstone_flattens_only_alone() {
    let g = game(5);
    let p = pos(&g, "x5/x5/x5/x5/21C,2S,x,1S,2C 1 8");
    let m = texts(&p);
    assert!(m.contains(&"a1>".to_string()));
    assert!(!m.contains(&"2a1>".to_string()));
    // Nothing goes onto a capstone; a wall moves onto an empty square.
    assert!(!m.contains(&"d1>".to_string()));
    assert!(m.contains(&"d1<".to_string()));
    let mut q = p.clone();
    play(&mut q, "a1>");
    assert_eq!(q.to_notation(), "x5/x5/x5/x5/2,21C,x,1S,2C 2 8");
    q.unmake();
    assert_eq!(q.to_notation(), p.to_notation());
    // With a free square in between: 2 pieces, the cap alone at the end.
    let p = pos(&g, "x5/x5/x5/x5/21C,x,2S,x2 1 8");
    let m = texts(&p);
    assert!(m.contains(&"2a1>11".to_string()));
    assert!(!m.contains(&"2a1>2".to_string()) && !m.contains(&"3a1>".to_string()));
}

#[test]
fn double_road_mover_wins() {
    let g = game(3);
    let mut p = pos(&g, "x3/2,21,2/1,x,1 1 5");
    play(&mut p, "b2-");
    assert_eq!(p.result, TakResult::RoadWhite);
    assert_eq!(p.outcome(), Some(Outcome::win(0, EndKind::Road, "road")));
    // Black to move has lost at once.
    assert_eq!(p.terminal_score(3), Some(-MATE + 3));
    assert!(p.legal_move_list().is_empty());
    // Giving only the opponent a road loses.
    let mut p = pos(&g, "x3/2,21,2/x,x,1 1 5");
    play(&mut p, "b2+");
    assert_eq!(p.result, TakResult::RoadBlack);
    assert_eq!(p.terminal_score(1), Some(MATE - 1));
    let mut p = pos(&g, "x3/2,21,2/x,x,1 1 5");
    play(&mut p, "b2+");
    assert!(
        p.diagram()
            .contains("Result: player 2 wins by road, score 16")
    );
}

#[test]
fn flat_win_and_komi() {
    let board = "1,2,1/2,1,2/1,2,x 1 5";
    let outcome = |half_komi: i64, mv: &str| {
        let mut g = game(3);
        g.set_option("HalfKomi", &half_komi.to_string()).unwrap();
        let mut p = pos(&g, board);
        play(&mut p, mv);
        p.outcome()
    };
    let white = Some(Outcome::win(0, EndKind::FlatCount, "flat win"));
    let black = Some(Outcome::win(1, EndKind::FlatCount, "flat win"));
    let draw = Some(Outcome::draw(EndKind::FlatCount, "flat count draw"));
    // 5 flats to 4.
    assert_eq!(outcome(0, "c1"), white);
    assert_eq!(outcome(1, "c1"), white);
    assert_eq!(outcome(2, "c1"), draw);
    assert_eq!(outcome(3, "c1"), black);
    assert_eq!(outcome(-4, "c1"), white);
    // A wall does not count: 4 to 4.
    assert_eq!(outcome(0, "Sc1"), draw);
    assert_eq!(outcome(1, "Sc1"), black);
    let mut g = game(3);
    g.set_option("HalfKomi", "3").unwrap();
    let mut p = pos(&g, board);
    play(&mut p, "c1");
    assert!(
        p.diagram()
            .contains("Result: player 2 wins by flat win, score 15")
    );
    assert!(p.diagram().contains("Komi: 1.5"));
}

#[test]
fn reserve_exhaustion_ends_the_game() {
    let mut g = game(3);
    g.set_option("TakStones", "3").unwrap();
    let mut p = g.start_position();
    play(&mut p, "a1 c3 b1 a3");
    assert!(p.outcome().is_none());
    assert_eq!(p.stones_left.0, [1, 1]);
    play(&mut p, "c1");
    assert_eq!(p.stones_left.0, [0, 1]);
    assert_eq!(
        p.outcome(),
        Some(Outcome::win(0, EndKind::FlatCount, "flat win"))
    );
    assert!(
        p.diagram()
            .contains("Result: player 1 wins by flat win, score 9")
    );
    // Capstones count as reserve pieces.
    let mut g = game(5);
    g.set_option("TakStones", "3").unwrap();
    let mut p = g.start_position();
    play(&mut p, "a1 e5 b1 d5 c1");
    assert!(p.outcome().is_none());
    play(&mut p, "c5 Cd1");
    assert!(p.outcome().is_some());
}

#[test]
fn full_board_ends_the_game() {
    let g = game(3);
    let mut p = pos(&g, "1,2,1/2,x,2/1,2,1 2 5");
    play(&mut p, "Sb2");
    // 4 white flats to 4 black: the wall does not count.
    assert_eq!(p.result, TakResult::FlatDraw);
}

#[test]
fn repetition_is_a_draw() {
    let g = game(5);
    let mut p = pos(&g, "x5/x5/x5/x5/1,x3,2 1 3");
    play(&mut p, "a1+ e1+ a2- e2-");
    assert!(p.outcome().is_none());
    play(&mut p, "a1+ e1+ a2- e2-");
    assert_eq!(
        p.outcome(),
        Some(Outcome::draw(EndKind::Repetition, "repetition"))
    );
    // Within a search a single repetition counts.
    let mut q = pos(&g, "x5/x5/x5/x5/1,x3,2 1 3");
    play(&mut q, "a1+ e1+ a2- e2-");
    assert!(q.is_draw(4));
    assert!(!q.is_draw(0));
}

#[test]
fn make_unmake_restores_everything() {
    let g = game(6);
    let start = pos(
        &g,
        "x,2,2,22S,2,111S/21S,22C,112,x,1112S,11S/x,2,112212,2,2S,2/x,2,121122,x,1112,211/21C,x,1,2S,21S,x/2S,x,212,1S,12S,1S 1 33",
    );
    let mut p = start.clone();
    for m in start.legal_move_list() {
        p.make(m);
        for r in p.legal_move_list() {
            p.make(r);
            assert_eq!(p.key(), {
                let mut q = g.parse_position(&p.to_notation()).unwrap();
                q.key = q.compute_key();
                q.key
            });
            p.unmake();
        }
        p.unmake();
        assert_eq!(p.to_notation(), start.to_notation());
        assert_eq!(p.key(), start.key());
    }
}
