//! Ōgi text in and out: SFEN and FEN round trips, canonical hands, USI and
//! UCI move round trips, and rejected input with the right error class.

use tabula::games::ogi::{Ogi, Position};
use tabula::games::{Game, GameError, GamePosition, MoveNotation};
use tabula::rules::RulesPosition;

const START: &str = "lnsiksnl/1r4b1/pppppppp/8/8/PPPPPPPP/1B4R1/LNSIKSNL b - 1";
const M1: &str = "ln2ks+B1/1i6/1sppp3/p4Bp1/5p1L/P2PP1P1/L2SSKR1/1N1I2N1 b NL3PR3p 33";
const M2: &str = "ln1k1s2/3r4/pppp+L2p/3N4/P7/1P1+i2PP/LB1+pS1R1/1N3KNL b 2PIS4psb 33";
const USI: &str = "lnsik1nl/1r2s1b1/ppp+P1ppp/8/4P3/PPP1+pPPP/1B4R1/LNSIKSNL b p 9";

fn pos(s: &str) -> Position {
    Ogi::new()
        .parse_position(s)
        .unwrap_or_else(|e| panic!("{s}: {e}"))
}

fn parse_err(s: &str) -> String {
    match Ogi::new().parse_position(s) {
        Err(GameError::Parse(m)) => m,
        other => panic!(
            "{s}: expected a parse error, got {:?}",
            other.map(|p| p.to_notation())
        ),
    }
}

fn illegal_err(s: &str) -> String {
    match Ogi::new().parse_position(s) {
        Err(GameError::Illegal(m)) => m,
        other => panic!(
            "{s}: expected an illegal-position error, got {:?}",
            other.map(|p| p.to_notation())
        ),
    }
}

#[test]
fn sfen_round_trips() {
    assert_eq!(Ogi::new().start_position().to_notation(), START);
    for s in [START, USI, "4k3/8/8/8/8/8/8/4K3 w - 120"] {
        assert_eq!(pos(s).to_notation(), s);
    }
    // Canonical hand order: sente's then gote's, each I R B S N L P.
    assert_eq!(
        pos(M1).to_notation(),
        "ln2ks+B1/1i6/1sppp3/p4Bp1/5p1L/P2PP1P1/L2SSKR1/1N1I2N1 b RNL3P3p 33"
    );
    assert_eq!(
        pos(M2).to_notation(),
        "ln1k1s2/3r4/pppp+L2p/3N4/P7/1P1+i2PP/LB1+pS1R1/1N3KNL b IS2Pbs4p 33"
    );
    // Any order, repeated letters and counts add up.
    let a = pos("4k3/8/8/8/8/8/8/4K3 b p2PRpSbi 5");
    assert_eq!(a.to_notation(), "4k3/8/8/8/8/8/8/4K3 b RS2Pib2p 5");
    // The move number may be left out.
    assert_eq!(
        pos("4k3/8/8/8/8/8/8/4K3 w -").to_notation(),
        "4k3/8/8/8/8/8/8/4K3 w - 1"
    );
    // Re-parsing the canonical text gives the same key.

    for s in [M1, M2] {
        let p = pos(s);
        assert_eq!(pos(&p.to_notation()).key(), p.key());
    }
}

#[test]
fn fen_form_for_uci() {
    let start = Ogi::new().start_position();
    assert_eq!(
        start.to_fen(),
        "lnsiksnl/1r4b1/pppppppp/8/8/PPPPPPPP/1B4R1/LNSIKSNL[] w - - 0 1"
    );
    let p = pos("lnsiksnl/1r4b1/pppppppp/8/8/PPPPPPPP/1B4R1/LNSIKSNL[] w - - 0 1");
    assert_eq!(p.to_notation(), START);
    let p = pos("lnsiksnl/1r4b1/pppppppp/8/8/PPPPPPPP/1B4R1/LNSIKSNL[-] w 0 1");
    assert_eq!(p.to_notation(), START);
    let m1 = pos(M1);
    assert_eq!(
        m1.to_fen(),
        "ln2ks+B1/1i6/1sppp3/p4Bp1/5p1L/P2PP1P1/L2SSKR1/1N1I2N1[RNLPPPppp] w - - 0 17"
    );
    assert_eq!(pos(&m1.to_fen()).to_notation(), m1.to_notation());
    // Gote to move: FEN 'b', SFEN 'w'.
    let g = pos("4k3/8/8/8/8/8/8/4K3[Pp] b - - 0 3");
    assert_eq!(g.to_notation(), "4k3/8/8/8/8/8/8/4K3 w Pp 6");
}

#[test]
fn move_round_trips_in_both_notations() {
    for s in [START, M1, M2, USI] {
        let p = pos(s);
        let moves = p.legal_move_list();
        assert!(!moves.is_empty());
        for m in moves {
            for n in [MoveNotation::Native, MoveNotation::Uci] {
                let t = p.format_move(m, n);
                assert_eq!(p.parse_move(&t, n), Ok(m), "{s}: {t}");
            }
        }
    }
    let p = pos(USI);
    let m = p.parse_move("P*4f", MoveNotation::Native);
    assert!(
        matches!(m, Err(GameError::Illegal(_))),
        "gote's pawn, sente to move"
    );
    let start = pos(START);
    let m = start.parse_move("5f5e", MoveNotation::Native).unwrap();
    assert_eq!(start.format_move(m, MoveNotation::Uci), "d3d4");
    let m = start.parse_move("7g8f", MoveNotation::Native);
    assert!(m.is_err(), "a3 is occupied by a sente pawn");
    let m = start.parse_move("b2a1", MoveNotation::Uci);
    assert!(matches!(m, Err(GameError::Illegal(_))));
    // The example moves of the spec in both forms.
    let usi = pos(USI);
    let d = usi.parse_move("4d3c+", MoveNotation::Native);
    assert!(d.is_err());
    let m1 = pos(M1);
    let m = m1.parse_move("R*8h", MoveNotation::Native).unwrap();
    assert_eq!(m1.format_move(m, MoveNotation::Uci), "R@a1");
}

#[test]
fn malformed_sfens_are_parse_errors() {
    assert!(parse_err("lnsiksnl/1r4b1 b").contains("expected 4 fields, got 2"));
    assert!(
        parse_err("lnsiksnl/1r4b1/ppppppppp/8/8/PPPPPPPP/1B4R1/LNSIKSNL b - 1")
            .contains("rank c has 9 squares")
    );
    assert!(
        parse_err("lnsiksnl/1r4b1/ppppppp/8/8/PPPPPPPP/1B4R1/LNSIKSNL b - 1")
            .contains("rank c has 7")
    );
    assert!(parse_err("lnsiksnl/1r4b1/pppppppp/8/8/PPPPPPPP/1B4R1 b - 1").contains("7 ranks"));
    assert!(
        parse_err("lnsiksnl/1r4b1/pppppppp/8/8/PPPPPPPP/1B4R1/LNSIKSNL/8 b - 1")
            .contains("9 ranks")
    );
    assert!(parse_err("lnsxksnl/1r4b1/pppppppp/8/8/PPPPPPPP/1B4R1/LNSIKSNL b - 1").contains("'x'"));
    assert!(
        parse_err("lns+ksnl/1r4b1/pppppppp/8/8/PPPPPPPP/1B4R1/LNSIKSNL b - 1")
            .contains("'+k' cannot be promoted")
    );
    assert!(
        parse_err("lnsiksnl/1r4b1/pppppppp/8/8/PPPPPPPP/1B4R1/LNSIKSN+ b - 1").contains("board")
    );
    assert!(parse_err("lnsiksnl/1r4b1/pppppppp/9/PPPPPPPP/1B4R1/LNSIKSNL b - 1").contains("'9'"));
    assert!(parse_err("4k3/8/8/8/8/8/8/4K3 x - 1").contains("side to move"));
    assert!(parse_err("4k3/8/8/8/8/8/8/4K3 b K 1").contains("bad hand 'K'"));
    assert!(parse_err("4k3/8/8/8/8/8/8/4K3 b +P 1").contains("bad hand"));
    assert!(parse_err("4k3/8/8/8/8/8/8/4K3 b 0P 1").contains("bad hand"));
    assert!(parse_err("4k3/8/8/8/8/8/8/4K3 b 17P 1").contains("bad hand"));
    assert!(parse_err("4k3/8/8/8/8/8/8/4K3 b X 1").contains("bad hand"));
    assert!(parse_err("4k3/8/8/8/8/8/8/4K3 b - x").contains("move number"));
    assert!(parse_err("4k3/8/8/8/8/8/8/4K3 b - 0").contains("move number"));
    assert!(parse_err("4k3/8/8/8/8/8/8/4K3 b - 1 extra").contains("fields"));
    assert!(parse_err("").contains("fields"));
    assert!(parse_err("4k3/8/8/8/8/8/8/4K3[ w - - 0 1").contains("FEN"));
    assert!(parse_err("4k3/8/8/8/8/8/8/4K3[] x - - 0 1").contains("side to move"));
    assert!(parse_err("4k3/8/8/8/8/8/8/4K3[] w - - a 1").contains("halfmove"));
}

#[test]
fn impossible_sfens_are_illegal() {
    assert!(illegal_err("8/8/8/8/8/8/8/4K3 b - 1").contains("gote has no king"));
    assert!(illegal_err("4k3/8/8/8/8/8/8/3KK3 b - 1").contains("sente has 2 kings"));
    assert!(illegal_err("4k3/8/8/8/8/8/8/4K3 b 9P8p 1").contains("17 pawns"));
    assert!(illegal_err("4k3/8/8/8/8/8/8/4K3 b 2I1i 1").contains("3 princesses"));
    assert!(illegal_err("4k3/8/8/8/8/8/1+R6/4K3 b 2R 1").contains("3 rooks"));
    assert!(illegal_err("4k3/2N5/8/8/8/8/8/4K3 b - 1").contains("sente knight on 6b cannot move"));
    assert!(illegal_err("P3k3/8/8/8/8/8/8/4K3 b - 1").contains("sente pawn on 8a cannot move"));
    assert!(illegal_err("4k3/8/8/8/8/8/8/l3K3 b - 1").contains("gote lance on 8h cannot move"));
    assert!(illegal_err("4k3/8/8/8/8/8/5n2/4K3 b - 1").contains("gote knight on 3g cannot move"));
    assert!(illegal_err("4k3/8/4P3/8/8/4P3/8/4K3 b - 1").contains("two sente pawns on file 4"));
    assert!(illegal_err("4k3/8/8/8/8/8/8/R3K2k b - 1").contains("gote has 2 kings"));
    assert!(illegal_err("4k3/8/8/8/8/8/8/4K2r w - 1").contains("the side not to move is in check"));
    // A promoted pawn does not count for nifu and may stand anywhere.
    pos("+P3k3/8/4+P3/8/8/4P3/8/4K3 b - 1");
}

fn mv_err(s: &str, m: &str, n: MoveNotation) -> GameError {
    match pos(s).parse_move(m, n) {
        Err(e) => e,
        Ok(mv) => panic!("{s}: {m} accepted as {mv:?}"),
    }
}

fn mv_illegal(s: &str, m: &str, why: &str) {
    match mv_err(s, m, MoveNotation::Native) {
        GameError::Illegal(t) => assert!(t.contains(why), "{m}: '{t}' lacks '{why}'"),
        e => panic!("{m}: expected Illegal, got {e:?}"),
    }
}

#[test]
fn malformed_moves_are_parse_errors() {
    for (m, n) in [
        ("7g7", MoveNotation::Native),
        ("9g9f", MoveNotation::Native),
        ("7i7f", MoveNotation::Native),
        ("7g7f=", MoveNotation::Native),
        ("7g7f++", MoveNotation::Native),
        ("", MoveNotation::Native),
        ("d3d4", MoveNotation::Native),
        ("P@4e", MoveNotation::Native),
        ("X*5e", MoveNotation::Native),
        ("P*", MoveNotation::Native),
        ("5f5e", MoveNotation::Uci),
        ("P*d4", MoveNotation::Uci),
        ("d3d9", MoveNotation::Uci),
        ("d3d4q", MoveNotation::Uci),
    ] {
        assert!(
            matches!(mv_err(START, m, n), GameError::Parse(_)),
            "{m:?} should not parse"
        );
    }
}

#[test]
fn illegal_moves_say_why() {
    // Mandatory promotion, and '+' where none is possible.
    mv_illegal(
        "lnsiksnl/1r4b1/ppp1pppp/3P4/8/PPP1PPPP/1B4R1/LNSIKSNL b p 5",
        "5d5c",
        "promotion is mandatory here",
    );
    mv_illegal(START, "5f5e+", "cannot promote");
    mv_illegal(START, "5e5d", "no piece");
    mv_illegal(START, "5c5d", "side not to move");
    mv_illegal(START, "5f5d", "cannot move there");
    mv_illegal(START, "P*5e", "no pawn in hand");
    mv_illegal(USI, "K*5e", "king cannot be dropped");
    // Drop restrictions (sente has R N L 3P in hand in M1).
    mv_illegal(M1, "P*5d", "nifu");
    mv_illegal(M1, "P*6a", "last rank");
    mv_illegal(M1, "L*6a", "last rank");
    mv_illegal(M1, "N*2b", "last two ranks");
    mv_illegal(M1, "R*4a", "occupied");
    // Leaving the king in check: the pinned silver on d2 (lance/rook lines).
    mv_illegal(
        "4k3/8/8/8/4r3/8/4S3/4K3 b - 1",
        "4g5f",
        "king is left in check",
    );
    mv_illegal(
        "4k3/8/8/8/4r3/8/8/4K3 b P 1",
        "P*6f",
        "king is left in check",
    );
}

#[test]
fn diagram_shows_board_hands_and_side() {
    let d = pos(M1).diagram();
    println!("{d}");
    assert!(d.contains("gote hand: p3"));
    assert!(d.contains("sente hand: R N L P3  *"));
    assert!(d.contains("|+B |"));
    assert!(d.contains("   8   7   6   5   4   3   2   1"));
    assert_eq!(d.lines().filter(|l| l.starts_with(" +---")).count(), 9);
}
