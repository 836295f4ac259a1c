//! Ōgi rules beyond perft: mandatory promotion, drop restrictions, pawn-drop
//! mate allowed, no legal move loses, sennichite and perpetual check.

mod common;

use common::moves::play;
use common::quiet_checks;
use tabula::games::ogi::{Ogi, Position, Repetition};
use tabula::games::{EndKind, Game, GamePosition, MoveNotation, Outcome};
use tabula::rules::{RulesPosition, Side};
use tabula::search::{AlphaBetaPosition, MATE};

fn pos(s: &str) -> Position {
    Ogi::new()
        .parse_position(s)
        .unwrap_or_else(|e| panic!("{s}: {e}"))
}

fn usi(p: &Position) -> Vec<String> {
    let mut v: Vec<String> = p
        .legal_move_list()
        .into_iter()
        .map(|m| p.format_move(m, MoveNotation::Native))
        .collect();
    v.sort();
    v
}

#[test]
fn promotion_is_mandatory_entering_within_and_leaving_the_zone() {
    // Sente silver on e6 (4c, inside the zone), lance on a5, pawn on h5.
    let p = pos("4k3/8/4S3/L6P/8/8/8/4K3 b - 1");
    let moves = usi(&p);
    // Every silver move starts in the zone: all promote, none plain.
    let silver: Vec<_> = moves.iter().filter(|m| m.starts_with("4c")).collect();
    assert_eq!(silver.len(), 5);
    assert!(silver.iter().all(|m| m.ends_with('+')), "{silver:?}");
    // Leaving the zone backwards (e6-d5 = 4c5d) promotes too.
    assert!(moves.contains(&"4c5d+".to_string()));
    // The lance: a6 (entering) and beyond promote, all of them.
    let lance: Vec<_> = moves.iter().filter(|m| m.starts_with("8d")).collect();
    assert_eq!(lance, ["8d8a+", "8d8b+", "8d8c+"]);
    // Pawn entering the zone.
    assert!(moves.contains(&"1d1c+".to_string()));
    assert!(!moves.contains(&"1d1c".to_string()));
    // The king never promotes; outside the zone nothing does.
    assert!(
        moves
            .iter()
            .filter(|m| m.starts_with("4h"))
            .all(|m| !m.ends_with('+'))
    );
    // Gote's zone is ranks 1-3: a gote pawn on d4 promotes on d3.
    let g = pos("4k3/8/8/8/3p4/8/8/K7 w - 1");
    assert!(usi(&g).contains(&"5e5f+".to_string()));
    // A promoted piece does not promote again.
    let t = pos("4k3/8/4+S3/8/8/8/8/4K3 b - 1");
    assert!(usi(&t).iter().all(|m| !m.ends_with('+')));
}

#[test]
fn drop_restrictions() {
    // Sente holds P, L, N; a pawn on file d (5) already.
    let p = pos("4k3/8/8/8/8/3P4/8/4K3 b PLN 1");
    let moves = usi(&p);
    let drops = |l: char| moves.iter().filter(|m| m.starts_with(l)).count();
    let empty = 64 - 3;
    // Pawn: not rank 8 (7 empty squares), not file d (6 more; nifu).
    assert_eq!(drops('P'), empty - 7 - 6);
    assert!(!moves.iter().any(|m| m.starts_with("P*5")), "nifu");
    assert!(!moves.iter().any(|m| m.starts_with('P') && m.ends_with('a')));
    // Lance: not rank 8 (e8 is occupied by the king).
    assert_eq!(drops('L'), empty - 7);
    // Knight: not ranks 7 and 8.
    assert_eq!(drops('N'), empty - 7 - 8);
    assert!(
        !moves
            .iter()
            .any(|m| m.starts_with('N') && (m.ends_with('a') || m.ends_with('b')))
    );
    // Gote's last ranks are 1 and 2.
    let g = pos("4k3/8/8/8/8/8/8/4K3 w pn 1");
    let gm = usi(&g);
    assert!(!gm.iter().any(|m| m.starts_with('P') && m.ends_with('h')));
    assert!(
        !gm.iter()
            .any(|m| m.starts_with('N') && (m.ends_with('g') || m.ends_with('h')))
    );
    assert!(gm.contains(&"P*4g".to_string()));
    // A promoted pawn does not block pawn drops on its file.
    let t = pos("4k3/8/8/3+P4/8/8/8/4K3 b P 1");
    assert!(usi(&t).contains(&"P*5f".to_string()));
}

#[test]
fn pawn_drop_mate_is_allowed() {
    // Gote king e8 between its lances, sente tokin on e6 guards e7, d7, f7.
    let mut p = pos("3lkl2/8/4+P3/8/8/8/8/4K3 b P 1");
    let m = p.parse_move("P*4b", MoveNotation::Native).expect("legal");
    p.play(m);
    assert!(p.in_check());
    assert!(p.legal_move_list().is_empty());
    assert_eq!(
        p.outcome(),
        Some(Outcome::win(0, EndKind::Checkmate, "checkmate"))
    );
    assert_eq!(p.no_moves_score(3), -MATE + 3);
}

#[test]
fn no_legal_move_loses() {
    // Gote king a8: a7 and b7 guarded by the tokin, b8 by the silver; not
    // in check, empty hand.
    let p = pos("k7/2S5/1+P6/8/8/8/8/4K3 w - 1");
    assert!(!p.in_check());
    assert!(p.legal_move_list().is_empty());
    assert_eq!(
        p.outcome(),
        Some(Outcome::win(0, EndKind::NoLegalMove, "no legal move"))
    );
    assert_eq!(p.no_moves_score(0), -MATE);
}

#[test]
fn checks_evasions_and_pins() {
    // Double check (rook and knight): only king moves.
    let p = pos("4k3/8/8/8/4r3/5n2/8/4K3 b S 1");
    assert!(p.in_check());
    assert!(usi(&p).iter().all(|m| m.starts_with("4h")), "{:?}", usi(&p));
    // Rook check from afar: drops and moves may block.
    let p = pos("4k3/8/8/8/4r3/8/8/4K3 b S 1");
    let m = usi(&p);
    assert!(m.contains(&"S*4g".to_string()) && m.contains(&"S*4f".to_string()));
    assert!(!m.contains(&"S*5g".to_string()));
    // A lance pins: the silver in front of the king may only capture along
    // the file... and silvers cannot move straight sideways, so only 4g4f.
    let p = pos("4k3/8/8/8/4l3/8/4S3/4K3 b - 1");
    let s: Vec<_> = usi(&p)
        .into_iter()
        .filter(|m| m.starts_with("4g"))
        .collect();
    assert_eq!(s, ["4g4f"]);
    // The princess's knight leap checks and cannot be blocked.
    let p = pos("4k3/8/8/8/8/3i4/8/4K3 b S 1");
    assert!(p.in_check());
    assert!(usi(&p).iter().all(|m| !m.starts_with('S')));
}

#[test]
fn sennichite_is_a_draw_on_the_fourth_occurrence() {
    let mut p = Ogi::new().start_position();
    let cycle = "2g1g 7b8b 1g2g 8b7b";
    play(&mut p, cycle);
    play(&mut p, cycle);
    assert_eq!(p.outcome(), None, "third occurrence");
    assert_eq!(p.repetition(0), Repetition::None);
    // Inside a search one repetition already counts as a draw.
    assert!(p.is_draw(8));
    assert!(!p.is_draw(3));
    play(&mut p, cycle);
    assert_eq!(
        p.outcome(),
        Some(Outcome::draw(
            EndKind::Repetition,
            "sennichite (fourfold repetition)"
        ))
    );
    assert!(p.is_draw(0));
}

#[test]
fn perpetual_check_loses_for_the_checker() {
    // Sente's rook checks on files a and b; gote's king shuttles a8-b8.
    let mut p = pos("k7/8/8/8/8/8/8/2R1K3 b - 1");
    play(&mut p, "6h8h 8a7a");
    let cycle = "8h7h 7a8a 7h8h 8a7a";
    play(&mut p, cycle);
    // One repetition inside the search: sente checked throughout and loses;
    // sente is to move, so its score is a loss.
    assert_eq!(p.repetition(4), Repetition::LossFor(Side::FIRST));
    assert!(!p.is_draw(4));
    assert_eq!(p.terminal_score(4), Some(-MATE + 4));
    play(&mut p, cycle);
    assert_eq!(p.outcome(), None);
    play(&mut p, cycle);
    assert_eq!(
        p.outcome(),
        Some(Outcome::win(1, EndKind::PerpetualCheck, "perpetual check"))
    );
}

#[test]
fn make_unmake_restores_everything() {
    let mut p = pos("ln1k1s2/3r4/pppp+L2p/3N4/P7/1P1+i2PP/LB1+pS1R1/1N3KNL b 2PIS4psb 33");
    let before = (p.to_notation(), p.key());
    for m in p.legal_move_list() {
        p.make(m);
        for r in p.legal_move_list() {
            p.make(r);
            p.unmake();
        }
        p.unmake();
        assert_eq!((p.to_notation(), p.key()), before, "{m:?}");
    }
    // The incremental key equals a fresh parse after moves.
    let mut q = Ogi::new().start_position();
    play(&mut q, "5f5e 4c4d 5e5d 4d4e 5d5c+ 4e4f+ P*4e 3a4b");
    assert_eq!(pos(&q.to_notation()).key(), q.key());
}

/// The quiet checks quiescence tries: direct checks, drops and discovered
/// checks, over random games from the start and from a middle game with
/// full hands.
#[test]
fn quiet_checks_are_the_quiet_moves_that_give_check() {
    let starts = [
        Ogi::new().start_position(),
        pos("ln1k1s2/3r4/pppp+L2p/3N4/P7/1P1+i2PP/LB1+pS1R1/1N3KNL b 2PIS4psb 33"),
    ];
    let seen = quiet_checks::compare_with_brute_force(&starts, 40, 60, 32);
    assert!(seen > 100, "only {seen} quiet checks met");
}

/// A drop onto a square the opponent takes for free loses the piece in the
/// exchange; a drop the opponent cannot take loses nothing.
#[test]
fn a_drop_risks_the_dropped_piece() {
    let p = pos("4k3/8/8/8/8/8/8/4K3 b R 1");
    let take = p
        .parse_move("R*4b", MoveNotation::Native)
        .expect("drop next to the king");
    assert!(p.see(take) < 0, "{}", p.see(take));
    assert!(!p.see_ge(take, 0));
    let safe = p
        .parse_move("R*4f", MoveNotation::Native)
        .expect("drop far away");
    assert_eq!(p.see(safe), 0);
}
