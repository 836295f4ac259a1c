//! Makruk FEN, move text, counting and game-end rules.

mod common;

use common::moves::play;
use tabula::games::makruk::{Makruk, Position};
use tabula::games::perft_file;
use tabula::games::{EndKind, Game, GameError, GamePosition, MoveNotation, Outcome};
use tabula::rules::RulesPosition;
use tabula::search::{AlphaBetaPosition, MATE};

const N: MoveNotation = MoveNotation::Native;

fn game() -> Makruk {
    Makruk::new()
}

fn pos(fen: &str) -> Position {
    game()
        .parse_position(fen)
        .unwrap_or_else(|e| panic!("{fen}: {e}"))
}

#[test]
fn round_trip_oracle_fens() {
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/fixtures/perft/makruk.perft"
    ))
    .unwrap();
    for r in perft_file::parse(&text).unwrap() {
        assert_eq!(pos(&r.position).to_notation(), r.position, "{}", r.id);
    }
    assert_eq!(
        game().start_position().to_notation(),
        "rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w - - 0 1"
    );
}

#[test]
fn round_trip_counting_fens() {
    for f in [
        "4k3/8/1r6/8/8/2N5/R7/3K4 b - 128 0 1",
        "4k3/8/8/8/8/2N5/R4S2/3K4 b - 32 10 1",
        "8/8/4k3/8/8/8/R7/3K4 b - 32 33 40",
        "8/8/4k3/8/8/8/M7/3K4 b - 128 6 40",
        "8/8/3M2k1/8/5MM1/7N/4K2R/8 b - 32 32 95",
        "8/8/4k3/8/8/8/S7/3K4 w - 88 60 41",
    ] {
        assert_eq!(pos(f).to_notation(), f);
    }
}

/// Moves played after a counting draw keep counting (as in Fairy-Stockfish),
/// and the FEN written there must read back to the same position.
#[test]
fn counts_past_the_limit_read_back() {
    let mut p = pos("8/8/7K/8/8/8/8/1k6 w - 88 89 126");
    play(&mut p, "h6h7");
    let fen = p.to_notation();
    assert_eq!(fen, "8/7K/8/8/8/8/8/1k6 b - 88 90 126");
    let back = pos(&fen);
    assert_eq!(back.key(), p.key());
    assert_eq!(back.to_notation(), fen);
    assert_eq!(back.outcome(), p.outcome());
    for f in [
        "8/8/4k3/8/8/8/R7/3K4 b - 16 200 40",
        "8/8/4k3/8/8/8/R7/3K4 b - 128 65535 40",
    ] {
        assert_eq!(pos(f).to_notation(), f);
    }
}

#[test]
fn short_fen_forms() {
    // Missing halfmove/fullmove default to 0 and 1, as in Fairy-Stockfish.
    assert_eq!(
        pos("rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w - -").to_notation(),
        "rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w - - 0 1"
    );
    assert_eq!(
        pos("rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR b - - 3").to_notation(),
        "rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR b - - 3 1"
    );
    // Fullmove 0 is read as 1 (Fairy-Stockfish does the same).
    assert_eq!(
        pos("rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w - - 0 0").to_notation(),
        "rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w - - 0 1"
    );
}

const START: &str = "rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR";

#[test]
fn malformed_fens_are_parse_errors() {
    let cases: Vec<String> = vec![
        String::new(),
        "   ".into(),
        START.into(),
        format!("{START} w"),
        format!("{START} w - - 0 1 extra"),
        "rnsmksnr/8/pppppppp/8/8/PPPPPPPP/RNSKMSNR w - - 0 1".into(),
        format!("{START}/8 w - - 0 1"),
        "rnsmksnrr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w - - 0 1".into(),
        "rnsmksn/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w - - 0 1".into(),
        "rnsqksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w - - 0 1".into(),
        "rnsmksnr/9/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w - - 0 1".into(),
        "rnsmksnr/0/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w - - 0 1".into(),
        "rnsmksnr/4*3/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w - - 0 1".into(),
        "rnsmksnr//pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w - - 0 1".into(),
        "rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSN♜ w - - 0 1".into(),
        format!("{START} x - - 0 1"),
        format!("{START} W - - 0 1"),
        format!("{START} w KQkq - 0 1"),
        format!("{START} w - e3 0 1"),
        format!("{START} w - - -1 1"),
        format!("{START} w - - 0 abc"),
        format!("{START} w - - 99999999999999999999 1"),
        format!("{START} w - 1.5 0 1"),
    ];
    for c in &cases {
        match game().parse_position(c) {
            Err(GameError::Parse(msg)) => assert!(!msg.is_empty()),
            other => panic!("{c:?}: expected a parse error, got {other:?}"),
        }
    }
}

#[test]
fn impossible_positions_are_illegal() {
    let cases = [
        // two white kings
        "rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKKSNR w - - 0 1",
        // no black king
        "rnsmmsnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w - - 0 1",
        // white pawn on rank 1
        "4k3/8/8/8/8/8/8/P2K4 w - - 0 1",
        // white pawn on rank 6 (must have promoted)
        "4k3/8/P7/8/8/8/8/3K4 w - - 0 1",
        // black pawn on rank 3 (must have promoted)
        "4k3/8/8/8/8/p7/8/3K4 w - - 0 1",
        // black pawn on rank 8
        "p3k3/8/8/8/8/8/8/3K4 w - - 0 1",
        // side not to move (black) in check
        "4k3/8/8/8/8/8/8/3KR3 w - - 0 1",
        // nine white pawns
        "4k3/8/8/8/P7/PPPPPPPP/8/3K4 w - - 0 1",
        // eight pawns plus a promoted met
        "4k3/8/8/8/8/PPPPPPPP/8/2MKM3 w - - 0 1",
        // three rooks
        "4k3/8/8/8/8/8/8/RRRK4 w - - 0 1",
        // three knights
        "4k3/8/8/8/8/8/8/NNNK4 w - - 0 1",
        // odd counting limit
        "8/8/4k3/8/8/8/8/R2K4 w - 33 0 1",
        // counting limit too large
        "8/8/4k3/8/8/8/8/R2K4 w - 130 0 1",
        // counting limit 0
        "8/8/4k3/8/8/8/8/R2K4 w - 0 0 1",
        // count beyond what the ply counter holds
        "8/8/4k3/8/8/8/8/R2K4 w - 32 65536 1",
        // halfmove clock out of range
        "8/8/4k3/8/8/8/8/R2K4 w - - 70000 1",
    ];
    for c in cases {
        match game().parse_position(c) {
            Err(GameError::Illegal(msg)) => assert!(!msg.is_empty()),
            other => panic!("{c:?}: expected an illegal-position error, got {other:?}"),
        }
    }
}

#[test]
fn mutated_fens_never_panic() {
    let base = "1ms5/r4k1r/1n2pM1p/pp1p2p1/1nPP1P1P/R1S1K1m1/3R4/1N2MS2 w - 32 10 27";
    let alphabet = b"pmsnrkPMSNRK12345678/ -wb09x";
    let mut x: u64 = 0x1234_5678_9abc_def1;
    let mut ok = 0;
    for _ in 0..20000 {
        let mut bytes = base.as_bytes().to_vec();
        for _ in 0..3 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            let i = (x % bytes.len() as u64) as usize;
            let c = alphabet[((x >> 32) % alphabet.len() as u64) as usize];
            match (x >> 60) % 3 {
                0 => bytes[i] = c,
                1 => bytes.insert(i, c),
                _ => {
                    bytes.remove(i);
                }
            }
        }
        let text = String::from_utf8_lossy(&bytes);
        if let Ok(mut p) = game().parse_position(&text) {
            ok += 1;
            // A valid position round-trips and supports move generation.
            let fen = p.to_notation();
            assert_eq!(pos(&fen).to_notation(), fen);
            p.perft(2);
            let _ = p.outcome();
        }
    }
    assert!(ok > 0);
}

#[test]
fn move_text_errors() {
    let p = game().start_position();
    for bad in [
        "", "e3", "e3e", "e3e4mm", "i3i4", "e0e1", "e3-e4", "E3E4", "e3e4 m",
    ] {
        assert!(
            matches!(p.parse_move(bad, N), Err(GameError::Parse(_))),
            "{bad:?} should not parse"
        );
    }
    for bad in [
        "e2e3", "e6e5", "e3e5", "a1b1", "a3a4m", "e3e4q", "d1d1", "b1b3",
    ] {
        assert!(
            matches!(p.parse_move(bad, N), Err(GameError::Illegal(_))),
            "{bad:?} should be illegal"
        );
    }
    let mv = p.parse_move("e3e4", N).unwrap();
    assert_eq!(p.format_move(mv, N), "e3e4");
    assert_eq!(p.format_move(mv, MoveNotation::Uci), "e3e4");
    assert_eq!(p.legal_move_list().len(), 23);
}

#[test]
fn mandatory_promotion() {
    let mut p = pos("4k3/8/8/P7/8/8/8/R2K4 w - - 0 40");
    match p.parse_move("a5a6", N) {
        Err(GameError::Illegal(msg)) => assert!(msg.contains("promotion suffix required"), "{msg}"),
        other => panic!("expected illegal, got {other:?}"),
    }
    let mv = p.parse_move("a5a6m", N).unwrap();
    assert_eq!(p.format_move(mv, N), "a5a6m");
    p.play(mv);
    assert_eq!(p.to_notation(), "4k3/8/M7/8/8/8/8/R2K4 b - 32 8 40");

    // Black promotes on rank 3, also by capture.
    let mut p = pos("4k3/8/8/8/3p4/2R5/8/3K4 b - - 0 40");
    assert!(p.parse_move("d4c3", N).is_err());
    assert!(p.parse_move("d4d3", N).is_err());
    play(&mut p, "d4c3m");
    assert_eq!(p.to_notation(), "4k3/8/8/8/8/2m5/8/3K4 w - 128 6 41");
}

/// Every row of oracles/makruk-counting.md.
#[test]
fn counting_table() {
    let rows = [
        (
            "4k3/8/1r6/8/8/2N5/8/R2K4 w - - 0 1",
            "a1a2",
            "4k3/8/1r6/8/8/2N5/R7/3K4 b - 128 0 1",
        ),
        (
            "4k3/8/8/8/8/2N5/5S2/R2K4 w - - 0 1",
            "a1a2",
            "4k3/8/8/8/8/2N5/R4S2/3K4 b - 32 10 1",
        ),
        (
            "8/8/4k3/8/8/8/8/RR1K4 w - - 0 40",
            "a1a2",
            "8/8/4k3/8/8/8/R7/1R1K4 b - 16 8 40",
        ),
        (
            "8/8/4k3/8/8/8/8/SS1K4 w - - 0 40",
            "a1a2",
            "8/8/4k3/8/8/8/S7/1S1K4 b - 44 8 40",
        ),
        (
            "8/8/4k3/8/8/8/8/NN1K4 w - - 0 40",
            "a1b3",
            "8/8/4k3/8/8/1N6/8/1N1K4 b - 64 8 40",
        ),
        (
            "8/8/4k3/8/8/8/8/S2K4 w - - 0 40",
            "a1a2",
            "8/8/4k3/8/8/8/S7/3K4 b - 88 6 40",
        ),
        (
            "8/8/4k3/8/8/8/8/1M1K4 w - - 0 40",
            "b1a2",
            "8/8/4k3/8/8/8/M7/3K4 b - 128 6 40",
        ),
        (
            "8/8/4k3/8/8/8/8/R2K4 w - 32 32 40",
            "a1a2",
            "8/8/4k3/8/8/8/R7/3K4 b - 32 33 40",
        ),
        (
            "8/8/4k3/8/3p4/8/8/R2K4 w - - 0 40",
            "a1a2",
            "8/8/4k3/8/3p4/8/R7/3K4 b - - 1 40",
        ),
    ];
    for (i, (before, mv, after)) in rows.iter().enumerate() {
        let mut p = pos(before);
        assert_eq!(p.outcome(), None, "row {i}");
        play(&mut p, mv);
        assert_eq!(p.to_notation(), *after, "row {i}");
        let drawn = i == 7;
        match p.outcome() {
            Some(o) if drawn => {
                assert_eq!((o.kind, o.is_draw()), (EndKind::Counting, true), "row {i}")
            }
            None if !drawn => {}
            o => panic!("row {i}: unexpected outcome {o:?}"),
        }
        assert_eq!(p.is_draw(0), drawn, "row {i}");
    }
}

/// Behaviour observed in Fairy-Stockfish 11.1 beyond the table.
#[test]
fn counting_details() {
    let cases = [
        // A pawn on the board: no counting even against a bare king.
        (
            "8/8/4k3/8/8/P7/8/R2K4 w - - 0 1",
            "a1a2",
            "8/8/4k3/8/8/P7/R7/3K4 b - - 1 1",
        ),
        // The other side has a bare king: no counting for the side to move.
        (
            "8/8/4k3/8/8/8/8/R2K4 b - - 0 1",
            "e6e5",
            "8/8/8/4k3/8/8/8/R2K4 w - - 1 2",
        ),
        // A running count survives a capture down to king against king.
        (
            "8/8/4k3/8/8/8/3m4/3K4 w - 32 10 1",
            "d1d2",
            "8/8/4k3/8/8/8/3K4/8 b - 32 11 1",
        ),
        // A capture to a bare king restarts the count as pieces' honour.
        (
            "8/8/4k3/8/8/8/3m4/R2K4 w - 128 10 1",
            "d1d2",
            "8/8/4k3/8/8/8/3K4/R7 b - 32 6 1",
        ),
        // A count from a FEN keeps running with pawns on the board.
        (
            "8/8/4k3/8/8/P7/8/R2K4 b - 32 10 1",
            "e6e5",
            "8/8/8/4k3/8/P7/8/R2K4 w - 32 11 2",
        ),
    ];
    for (before, mv, after) in cases {
        let mut p = pos(before);
        play(&mut p, mv);
        assert_eq!(p.to_notation(), after, "{before} {mv}");
    }
}

#[test]
fn board_honour_option() {
    let mut g = Makruk::new();
    let names: Vec<String> = g.options().into_iter().map(|o| o.name).collect();
    assert_eq!(names, ["Board Honour Counting", "EvalFile", "Use NNUE"]);
    assert!(g.set_option("Board Honour Counting", "sometimes").is_err());
    assert!(g.set_option("No Such Option", "auto").is_err());
    g.set_option("Board Honour Counting", "gui").unwrap();
    // Board's honour does not start by itself...
    let mut p = g
        .parse_position("4k3/8/1r6/8/8/2N5/8/R2K4 w - - 0 1")
        .unwrap();
    play(&mut p, "a1a2");
    assert_eq!(p.to_notation(), "4k3/8/1r6/8/8/2N5/R7/3K4 b - - 1 1");
    // ...but a count the GUI sends runs...
    let mut p = g
        .parse_position("4k3/8/1r6/8/8/2N5/8/R2K4 w - 128 7 1")
        .unwrap();
    play(&mut p, "a1a2");
    assert_eq!(p.to_notation(), "4k3/8/1r6/8/8/2N5/R7/3K4 b - 128 8 1");
    // ...and pieces' honour is compulsory.
    let mut p = g
        .parse_position("8/8/4k3/8/8/8/8/RR1K4 w - - 0 40")
        .unwrap();
    play(&mut p, "a1a2");
    assert_eq!(p.to_notation(), "8/8/4k3/8/8/8/R7/1R1K4 b - 16 8 40");
    g.set_option("board honour counting", "AUTO").unwrap();
    let mut p = g
        .parse_position("4k3/8/1r6/8/8/2N5/8/R2K4 w - - 0 1")
        .unwrap();
    play(&mut p, "a1a2");
    assert_eq!(p.to_notation(), "4k3/8/1r6/8/8/2N5/R7/3K4 b - 128 0 1");
}

#[test]
fn threefold_repetition() {
    let mut p = game().start_position();
    play(&mut p, "g1e2 g8e7 e2g1 e7g8");
    assert_eq!(p.outcome(), None);
    // Twofold: a draw inside a search rooted before it, not yet a game end.
    assert!(p.is_draw(4));
    assert!(!p.is_draw(0));
    play(&mut p, "g1e2 g8e7 e2g1");
    assert_eq!(p.outcome(), None);
    play(&mut p, "e7g8");
    match p.outcome() {
        Some(o) if o.is_draw() && o.kind == EndKind::Repetition => {}
        o => panic!("expected a repetition draw, got {o:?}"),
    }
    assert!(p.is_draw(0));
}

#[test]
fn stalemate_is_a_draw() {
    let p = pos("k7/2K5/1M6/8/8/8/8/8 b - - 0 1");
    assert!(p.legal_move_list().is_empty());
    assert!(!p.in_check());
    match p.outcome() {
        Some(o) if o.is_draw() && o.reason == "stalemate" => {}
        o => panic!("expected stalemate, got {o:?}"),
    }
    assert_eq!(p.no_moves_score(3), 0);
}

#[test]
fn checkmate() {
    let mut p = pos("k7/2K5/8/8/8/8/8/1R6 w - - 0 1");
    play(&mut p, "b1a1");
    assert_eq!(p.to_notation(), "k7/2K5/8/8/8/8/8/R7 b - 32 6 1");
    assert!(p.legal_move_list().is_empty());
    assert_eq!(
        p.outcome(),
        Some(Outcome::win(0, EndKind::Checkmate, "checkmate"))
    );
    assert_eq!(p.no_moves_score(5), -MATE + 5);
    // Mate on the move that exceeds the count still wins.
    let mut p = pos("k7/2K5/8/8/8/8/8/1R6 w - 32 32 1");
    play(&mut p, "b1a1");
    assert_eq!(p.to_notation(), "k7/2K5/8/8/8/8/8/R7 b - 32 33 1");
    assert!(p.outcome().is_some_and(|o| o.winner() == Some(0)));
    assert!(!p.is_draw(0));
}

#[test]
fn make_unmake_restores_everything() {
    let mut p = pos("1ms5/r4k1r/1n2pM1p/pp1p2p1/1nPP1P1P/R1S1K1m1/3R4/1N2MS2 w - - 0 27");
    let fen = p.to_notation();
    let key = p.key();
    let mut moves = Vec::new();
    p.generate_legal(&mut moves);
    for m in moves {
        p.make(m);
        p.unmake();
        assert_eq!(p.to_notation(), fen);
        assert_eq!(p.key(), key);
    }
    p.make_null();
    assert_ne!(p.key(), key);
    p.unmake_null();
    assert_eq!(p.key(), key);
}

#[test]
fn key_includes_counting() {
    let a = pos("8/8/4k3/8/8/8/R7/3K4 b - - 0 1");
    let b = pos("8/8/4k3/8/8/8/R7/3K4 b - 32 10 1");
    let c = pos("8/8/4k3/8/8/8/R7/3K4 b - 32 30 1");
    let w = pos("8/8/4k3/8/8/8/R7/3K4 w - - 0 1");
    assert_ne!(a.key(), b.key());
    assert_ne!(b.key(), c.key());
    assert_ne!(a.key(), w.key());
}

#[test]
fn diagram_looks_like_fsf() {
    // Fairy-Stockfish's `d` output for the start position, up to "Fen:".
    let sep = " +---+---+---+---+---+---+---+---+\n";
    let rows = [
        " | r | n | s | m | k | s | n | r |  \n",
        " |   |   |   |   |   |   |   |   |\n",
        " | p | p | p | p | p | p | p | p |\n",
        " |   |   |   |   |   |   |   |   |\n",
        " |   |   |   |   |   |   |   |   |\n",
        " | P | P | P | P | P | P | P | P |\n",
        " |   |   |   |   |   |   |   |   |\n",
        " | R | N | S | K | M | S | N | R | *\n",
    ];
    let mut expect = format!("\n{sep}");
    for r in rows {
        expect.push_str(r);
        expect.push_str(sep);
    }
    assert_eq!(game().start_position().diagram(), expect);
    let mut p = game().start_position();
    play(&mut p, "e3e4");
    let d = p.diagram();
    assert!(d.contains(" | r | n | s | m | k | s | n | r | *\n"));
    assert!(d.contains(" | R | N | S | K | M | S | N | R |  \n"));
}
