//! Rules of both rule sets on small positions (the seed's worked Russian
//! examples among them), and the rejection of malformed positions and moves.

use super::*;
use crate::games::{Game, GameError, GamePosition, MoveNotation};

fn intl(fen: &str) -> Position<Intl> {
    International::new().parse_position(fen).unwrap()
}

fn rus(fen: &str) -> Position<Rus> {
    Russian::new().parse_position(fen).unwrap()
}

fn moves<V: Variant>(pos: &Position<V>) -> Vec<String> {
    let mut v: Vec<String> = pos
        .legal_move_list()
        .into_iter()
        .map(|m| pos.format_move(m, MoveNotation::Native))
        .collect();
    v.sort();
    v
}

fn after<V: Variant>(pos: &Position<V>, mv: &str) -> String {
    let mut p = pos.clone();
    let m = p.parse_move(mv, MoveNotation::Native).unwrap();
    p.play(m);
    p.to_notation()
}

#[test]
fn russian_free_choice_of_capture_seed_example() {
    // Seed 003, Russian rule (4): White may take 1.h6:f8:d6:b4 (crowned on
    // f8, going on as a king), 1.h6:f4 or 1.h4:f6 - any line, not the longest.
    let p = rus("W:Wa3,h4,h6:Bc5,d8,e7,g5,g7,h8");
    assert_eq!(moves(&p), ["h4:f6", "h6:f4", "h6:f8:d6:b4"]);
    assert_eq!(after(&p, "h6:f8:d6:b4"), "B:Wa3,Kb4,h4:Bd8,g5,h8");
}

#[test]
fn russian_crowning_mid_capture_seed_example() {
    // Seed 003, Russian rule (5): 1.h2:f4:h6:f8:b4:e1, the man crowned on
    // f8 takes on as a king from f8 over d6 to b4 and over d2 to e1.
    let p = rus("W:Wh2:Bd2,d6,g3,g5,g7");
    assert_eq!(moves(&p), ["h2:f4:h6:f8:b4:e1"]);
    assert_eq!(after(&p, "h2:e1"), "B:WKe1:B");
    // The numeric form of the same move, and its Hub form.
    assert_eq!(after(&p, "28x19x12x3x17x31"), "B:WKe1:B");
    assert_eq!(after(&p, "28x31x8x10x16x24x26"), "B:WKe1:B");
    // Crowned on the last row even when the capture ends elsewhere.
    let q = rus("W:Wd6:Be7,g7");
    assert_eq!(moves(&q), ["d6:f8:h6"]);
    assert_eq!(after(&q, "d6:h6"), "B:WKh6:B");
}

#[test]
fn international_man_passing_the_last_row_is_not_crowned() {
    let p = intl("W:W12:B8,9");
    assert_eq!(moves(&p), ["12x14"]);
    assert_eq!(after(&p, "12x3x14"), "B:W14:B");
    // Ending on the last row crowns.
    let q = intl("W:W12:B8");
    assert_eq!(after(&q, "12x3"), "B:WK3:B");
}

#[test]
fn international_majority_rule_kings_count_like_men() {
    // 12x3x14 takes two men; 40x29 one: only the longer line is legal.
    let p = intl("W:W12,40:B8,9,34");
    assert_eq!(moves(&p), ["12x14"]);
    // Two men against one king: still the two men.
    let q = intl("W:W12,40:B8,9,K34");
    assert_eq!(moves(&q), ["12x14"]);
    let e = q.parse_move("40x29", MoveNotation::Native).unwrap_err();
    assert!(matches!(e, GameError::Illegal(_)), "{e}");
    // Russian: free choice between the same kinds of lines.
    let r = rus("W:Wc3,g3:Bb4,d6,f4");
    assert_eq!(moves(&r), ["c3:a5", "g3:e5:c7"]);
}

#[test]
fn a_capture_is_one_move_per_set_of_captured_pieces() {
    // The man on 32 can go round the four men either way: one move, which
    // ends where it started.
    let p = intl("W:W32:B17,18,27,28");
    let all = p.legal_move_list();
    assert_eq!(all.len(), 1);
    assert_eq!(all[0].capture_count(), 4);
    assert_eq!(moves(&p), ["32x32"]);
    assert_eq!(after(&p, "32x32"), "B:W32:B");
    assert_eq!(notation::format_hub::<Intl>(all[0]), "32x32x17x18x27x28");
}

#[test]
fn turkish_strike_captured_pieces_block_until_the_end() {
    // The king on 46 takes 37 and 19 (landing on 14, 10 or 5, the capture
    // cannot go on from any), but may not come back over 37 again.
    let p = intl("W:WK46:B19,37");
    assert_eq!(moves(&p), ["46x10", "46x14", "46x5"]);
    // Alone, 37 is taken once, whatever square the king lands on.
    let q = intl("W:WK46:B37");
    assert_eq!(
        moves(&q),
        ["46x10", "46x14", "46x19", "46x23", "46x28", "46x32", "46x5"]
    );
}

#[test]
fn turkish_strike_a_captured_piece_blocks_the_way_back_through_its_square() {
    // The king on 46 takes 32, 12, 11 and 21 round a loop and lands on 27:
    // the next square, 32, still holds the first captured man (pieces come
    // off only after the whole capture), so the king may neither pass it
    // nor go on to take 43. Were pieces removed as they are jumped, 46x49
    // over all five would be the only legal move.
    let p = intl("W:WK46:B11,12,21,32,43");
    let all = p.legal_move_list();
    assert_eq!(all.len(), 1);
    assert_eq!(all[0].capture_count(), 4);
    assert_eq!(moves(&p), ["46x27"]);
    assert_eq!(notation::format_hub::<Intl>(all[0]), "46x27x11x12x21x32");
    assert_eq!(after(&p, "46x27"), "B:WK27:B43");
    // Without the man on 32 the loop is not there at all.
    let q = intl("W:WK46:B11,12,21,43");
    assert_eq!(
        q.legal_move_list()
            .iter()
            .filter(|m| m.capture_count() > 0)
            .count(),
        0
    );
}

#[test]
fn compulsory_capture_and_quiet_moves() {
    let p = intl(International::new().start_position().to_notation().as_str());
    assert_eq!(p.legal_move_list().len(), 9);
    let q = rus("W:Wc3:Bd4");
    let e = q.parse_move("c3-b4", MoveNotation::Native).unwrap_err();
    assert!(e.to_string().contains("compulsory"), "{e}");
    assert_eq!(moves(&q), ["c3:e5"]);
}

#[test]
fn short_capture_forms_are_read_when_unambiguous() {
    // Hub order: from, to, captured squares in any order.
    let p = intl("W:W12,40:B8,9,34");
    for t in ["12x14", "12x3x14", "12x14x9x8", "12x14x8x9"] {
        assert!(p.parse_move(t, MoveNotation::Native).is_ok(), "{t}");
    }
    for t in ["12x3", "12x14x8", "12x14x8x9x9", "12x14x7x8"] {
        let e = p.parse_move(t, MoveNotation::Native).unwrap_err();
        assert!(matches!(e, GameError::Illegal(_)), "{t}: {e}");
    }
}

#[test]
fn ambiguous_short_forms_are_refused_with_the_candidates() {
    // Russian, free choice: the king on c3 reaches g7 over d4 and f6, or
    // round by d2, f2, f4 and f6: same start and end, different pieces.
    let p = rus("W:WKc3:Bd2,d4,f2,f4,f6");
    let g7 = p
        .legal_move_list()
        .into_iter()
        .filter(|m| square::name::<Rus>(variant::square_of::<Rus>(m.to as u32)) == "g7")
        .collect::<Vec<_>>();
    assert!(g7.len() >= 2, "{g7:?}");
    let e = p.parse_move("c3:g7", MoveNotation::Native).unwrap_err();
    assert!(e.to_string().contains("ambiguous"), "{e}");
    assert!(e.to_string().contains("c3:e5:g7"), "{e}");
    for &m in &g7 {
        let full = p.format_move(m, MoveNotation::Native);
        assert_eq!(p.parse_move(&full, MoveNotation::Native), Ok(m), "{full}");
        let hub = notation::format_hub::<Rus>(m);
        assert_eq!(p.parse_move(&hub, MoveNotation::Native), Ok(m), "{hub}");
    }
    assert_eq!(after(&p, "c3:e5:g7"), "B:WKg7:Bd2,f2,f4");
    // Whatever twins random games meet behave the same.
    find_twins::<Intl>();
    find_twins::<Rus>();
}

/// Plays seeded random games preferring captures; at each position with
/// two captures of the same start and end, checks that the short form is
/// refused and the written forms read back. Returns how many were met.
fn find_twins<V: Variant>() -> usize {
    let game = Draughts::<V>::new();
    let mut seed = 0x2545_F491_4F6C_DD1Du64;
    let mut met = 0;
    for _ in 0..300 {
        let mut pos = game.start_position();
        for _ in 0..150 {
            let legal = pos.legal_move_list();
            if legal.is_empty() {
                break;
            }
            for (i, a) in legal.iter().enumerate() {
                for b in &legal[i + 1..] {
                    if a.from == b.from && a.to == b.to {
                        met += 1;
                        let sq = |x: u8| square::name::<V>(variant::square_of::<V>(x as u32));
                        let sep = if V::ALGEBRAIC { ":" } else { "x" };
                        let short = format!("{}{sep}{}", sq(a.from), sq(a.to));
                        let e = pos.parse_move(&short, MoveNotation::Native).unwrap_err();
                        assert!(e.to_string().contains("ambiguous"), "{short}: {e}");
                        for m in [*a, *b] {
                            let full = pos.format_move(m, MoveNotation::Native);
                            assert_eq!(pos.parse_move(&full, MoveNotation::Native), Ok(m));
                            let hub = notation::format_hub::<V>(m);
                            assert_eq!(pos.parse_move(&hub, MoveNotation::Native), Ok(m));
                        }
                    }
                }
            }
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            let k = (seed % legal.len() as u64) as usize;
            pos.play(legal[k]);
        }
    }
    met
}

#[test]
fn hub_positions_read_and_write() {
    let start = International::new().start_position();
    let hub = fen::write_hub(&start);
    assert_eq!(
        hub,
        format!("W{}{}{}", "b".repeat(20), "e".repeat(10), "w".repeat(20))
    );
    let back = intl(&hub);
    assert_eq!(back.to_notation(), "W:W31-50:B1-20");
    let p = intl("BeeeWWeeeeeeeeeeeeeeeeeeeweeeeeeeeewweBeeeeeeeeeBee");
    assert_eq!(p.to_notation(), "B:WK4,K5,25,35,36:BK38,K48");
    assert_eq!(
        fen::write_hub(&p),
        "BeeeWWeeeeeeeeeeeeeeeeeeeweeeeeeeeewweBeeeeeeeeeBee"
    );
}

#[test]
fn fen_lists_in_either_order_ranges_and_kings() {
    let a = intl("W:B1-20:W31-50");
    assert_eq!(a.to_notation(), "W:W31-50:B1-20");
    let b = intl("B:W31,32,33,K40,45:BK1,2,3,4.");
    assert_eq!(b.to_notation(), "B:W31-33,K40,45:BK1,2-4");
    let c = intl("W:W31,32:B");
    assert_eq!(c.to_notation(), "W:W31,32:B");
    let r = rus("W:W21-32:B1-12");
    assert_eq!(
        r.to_notation(),
        "W:Wa1,a3,b2,c1,c3,d2,e1,e3,f2,g1,g3,h2:Ba7,b6,b8,c7,d6,d8,e7,f6,f8,g7,h6,h8"
    );
    assert_eq!(rus(&r.to_notation()).key(), r.key());
    assert_eq!(rus("b:WKc3:Bd4").to_notation(), "B:WKc3:Bd4");
}

#[test]
fn malformed_international_positions_are_refused() {
    let g = International::new();
    for bad in [
        "",
        "X:W31:B1",
        "W",
        "W:W31:B1:W2",
        "W:W31;B1",
        "W:W51:B1",
        "W:W0:B1",
        "W:W31-29:B1",
        "W:W31,31:B1",
        "W:W31:B31",
        "W:W3:B40",
        "W:B48:B1",
        "W:Wc3:B1",
        "W:W31-:B1",
        "W:W31,,32:B1",
        "W:W1-50:B",
        "W:WK:B1",
        "W:W31:B1 junk",
        "W:W99999999999999999999999:B1",
        "Wbbbbbbbbbbbbbbbbbbbbeeeeeeeeeewwwwwwwwwwwwwwwwwwwwe",
        "Xbbbbbbbbbbbbbbbbbbbbeeeeeeeeeewwwwwwwwwwwwwwwwwwww",
        "Wwbbbbbbbbbbbbbbbbbbbeeeeeeeeeewwwwwwwwwwwwwwwwwwww",
    ] {
        let e = g.parse_position(bad).err();
        assert!(e.is_some(), "'{bad}' was read");
    }
}

#[test]
fn malformed_russian_positions_are_refused() {
    let g = Russian::new();
    for bad in [
        "",
        "W:W33:B1",
        "W:Wc4:B1",
        "W:Wi1:B1",
        "W:Wc0:B1",
        "W:Wc3-e5:B1",
        "W:Wc3,c3:B1",
        "W:Wb8:Ba1",
        "W:Wa1:Bb8,a1",
        "W:W1-32:B",
        "W:Wc3:Wd4",
        "W:Wc3:Bd4:",
        "W-Wc3:Bd4",
        "Wbbbbbbbbbbbbbbbbbbbbeeeeeeeeeewwwwwwwwwwwwwwwwwwww",
    ] {
        let e = g.parse_position(bad).err();
        assert!(e.is_some(), "'{bad}' was read");
    }
}

#[test]
fn malformed_and_illegal_moves_are_refused() {
    let p = International::new().start_position();
    for bad in [
        "", "32", "32-", "-28", "32--28", "32-28-23", "32x", "x28", "32_28", "32-51", "0-5",
        "c3-d4", "32-28x", "32 28", "K32-28", "32-27-22",
    ] {
        assert!(
            matches!(
                p.parse_move(bad, MoveNotation::Native),
                Err(GameError::Parse(_))
            ),
            "'{bad}' was read"
        );
    }
    for illegal in ["32-29", "28-23", "46-41", "19-23", "32x23", "31-36"] {
        assert!(
            matches!(
                p.parse_move(illegal, MoveNotation::Native),
                Err(GameError::Illegal(_))
            ),
            "'{illegal}'"
        );
    }
    let r = Russian::new().start_position();
    for bad in [
        "", "c3", "c3-", "c3-d4-e5", "c3:", "i3-h4", "c3-d9", "c4-d5", "33-28", "c3x", "3c-4d",
        "c3_d4",
    ] {
        assert!(
            r.parse_move(bad, MoveNotation::Native).is_err(),
            "'{bad}' was read"
        );
    }
    for illegal in ["c3-c4", "c3-d2", "c3-e5", "a3-b4x", "d6-c5", "c3:e5"] {
        assert!(
            r.parse_move(illegal, MoveNotation::Native).is_err(),
            "'{illegal}'"
        );
    }
    assert!(r.parse_move("c3-d4", MoveNotation::Native).is_ok());
    assert!(r.parse_move("22-18", MoveNotation::Native).is_ok());
}

#[test]
fn draw_rules() {
    // International: 25 moves each of kings only.
    let mut p = intl("W:WK46,20:BK5,31");
    assert!(p.outcome().is_none());
    p.king_plies = 50;
    assert_eq!(p.outcome().map(|o| o.kind), Some(EndKind::MoveLimit));
    p.king_plies = 49;
    assert!(p.outcome().is_none());
    // Two kings against one: 5 moves each; three pieces: 16 moves each.
    let mut q = intl("W:WK46,K50:BK5");
    q.ending_plies = 10;
    assert_eq!(q.outcome().map(|o| o.kind), Some(EndKind::MoveLimit));
    let mut r3 = intl("W:WK46,K50,45:BK5");
    r3.ending_plies = 10;
    assert!(r3.outcome().is_none());
    r3.ending_plies = 32;
    assert!(r3.outcome().is_some());
    // The option turns the endgame limits off.
    let mut g = International::new();
    g.set_option(OPTION_ENDGAME_LIMITS, "false").unwrap();
    let mut off = g.parse_position("W:WK46,K50:BK5").unwrap();
    off.ending_plies = 10;
    assert!(off.outcome().is_none());
    assert!(g.set_option(OPTION_KING_MOVES, "x").is_err());
    assert!(g.set_option(OPTION_ENDGAME_LIMITS, "maybe").is_err());
    assert!(g.set_option("Nonsense", "1").is_err());
    // Russian: 15 moves each, only when both sides have kings.
    let mut s = rus("W:WKa1,c3:BKh8,f6");
    s.king_plies = 30;
    assert_eq!(s.outcome().map(|o| o.kind), Some(EndKind::MoveLimit));
    let mut t = rus("W:WKa1,c3:Bh6,f6");
    t.king_plies = 30;
    assert!(t.outcome().is_none());
    // Threefold repetition.
    let mut u = intl("W:WK46:BK1");
    for m in [
        "46-41", "1-6", "41-46", "6-1", "46-41", "1-6", "41-46", "6-1",
    ] {
        assert!(u.outcome().is_none(), "{m}");
        let mv = u.parse_move(m, MoveNotation::Native).unwrap();
        u.play(mv);
    }
    assert_eq!(u.outcome().map(|o| o.kind), Some(EndKind::Repetition));
    // No legal move loses.
    let v = intl("W:W46:B");
    assert!(v.outcome().is_none());
    let w = intl("B:W46:B");
    assert_eq!(w.outcome().map(|o| o.winner()), Some(Some(0)));
}

#[test]
fn a_side_without_pieces_has_lost_even_in_quiescence() {
    use crate::search::{
        AlphaBetaPosition, Job, MATE, Score, SearchLimits, SearchSettings, Searcher,
    };
    use std::sync::Arc;
    use std::sync::atomic::AtomicBool;
    assert_eq!(intl("B:W46:B").terminal_score(3), Some(-MATE + 3));
    assert_eq!(intl("W:W46:B5").terminal_score(3), None);
    // White's only move takes Black's last man: a win in one, not the
    // evaluation of a bare board (quiescence stands pat without moves).
    let job = Job {
        position: intl("W:W28:B23"),
        limits: SearchLimits {
            depth: Some(1),
            ..Default::default()
        },
        settings: SearchSettings::default(),
        searchmoves: Vec::new(),
        formatter: Arc::new(|_: &Position<Intl>, _: &[Move]| Vec::new()),
    };
    let result = Searcher::new(1).run(job, &AtomicBool::new(false), &mut |_| {});
    assert!(
        matches!(result.score, Score::MatePlies(1)),
        "{:?}",
        result.score
    );
}
