//! Position ID, Match ID and XGID against the oracle vectors
//! (fixtures/backgammon/ids.json), both ways, and malformed IDs.

use super::super::tests::field;
use super::*;

fn read_ok(text: &str) -> BgPosition {
    parse_position(text, RuleSet::Backgammon, true).unwrap_or_else(|e| panic!("{text}: {e}"))
}

fn read_err(text: &str) -> String {
    match parse_position(text, RuleSet::Backgammon, true) {
        Ok(_) => panic!("{text} accepted"),
        Err(e) => e.to_string(),
    }
}

/// `(position_id, xgid)` of every position of the oracle file.
fn oracle_positions() -> Vec<(String, String)> {
    let text = std::fs::read_to_string("fixtures/backgammon/ids.json").expect("oracle file");
    let positions = text.split("\"match_ids\"").next().unwrap_or("");
    positions
        .split("\"position_id\"")
        .skip(1)
        .map(|o| {
            let o = format!("\"position_id\"{o}");
            let get = |k: &str| field(&o, k).expect(k).trim_matches('"').to_string();
            (get("position_id"), get("xgid"))
        })
        .collect()
}

fn oracle_match_ids() -> Vec<String> {
    let text = std::fs::read_to_string("fixtures/backgammon/ids.json").expect("oracle file");
    let ids = text.split("\"match_ids\"").nth(1).unwrap_or("");
    ids.split("\"match_id\"")
        .skip(1)
        .map(|o| o.split('"').nth(1).unwrap_or("").to_string())
        .collect()
}

#[test]
fn oracle_positions_read_and_write_in_both_forms() {
    let positions = oracle_positions();
    assert_eq!(positions.len(), 6);
    for (pid, xgid) in positions {
        let from_xgid = read_ok(&xgid);
        assert_eq!(write_xgid(&from_xgid), xgid);
        assert_eq!(position_id::write(from_xgid.board()), pid, "{xgid}");
        // The combined form with bottom on roll, money, not rolled, and
        // Jacoby as the XGID says (its field 0 = off).
        let combined = write_gnubgid(&from_xgid);
        assert!(combined.starts_with(&format!("{pid}:")), "{combined}");
        let back = read_ok(&combined);
        assert_eq!(back.state, from_xgid.state, "{combined}");
        assert_eq!(back.info, from_xgid.info, "{combined}");
        assert_eq!(write_xgid(&back), xgid);
        assert_eq!(read_ok(&pid).board(), from_xgid.board());
    }
}

#[test]
fn oracle_match_ids_round_trip_with_their_meaning() {
    let ids = oracle_match_ids();
    assert_eq!(ids.len(), 9, "{ids:?}");
    for mid in &ids {
        let text = format!("4HPwATDgc/ABMA:{mid}");
        let pos = read_ok(&text);
        assert_eq!(write_gnubgid(&pos), text);
    }
    let at = |mid: &str| read_ok(&format!("4HPwATDgc/ABMA:{mid}"));
    // Money, bottom (gnubg's player 1) on roll.
    let p = at("cAkAAAAAAAAA");
    assert_eq!(
        (p.state.on_roll, p.state.phase, p.info.jacoby),
        (0, Phase::BeforeRoll, true)
    );
    assert_eq!(at("cIkFAAAAAAAA").state.phase, Phase::Rolled(3, 1));
    assert!(!at("cAkOAAAAAAAE").info.jacoby);
    assert_eq!(at("MAEAAAAAAAAA").state.on_roll, 1);
    // 9-point match at 2-4 (gnubg's player 0 has 2): top owns a 2-cube.
    let p = at("QYkqASAAIAAA");
    assert_eq!((p.info.length, p.info.score), (9, [4, 2]));
    assert_eq!((p.state.cube_log2, p.state.cube_owner), (1, Some(1)));
    assert_eq!(p.state.phase, Phase::Rolled(5, 2));
    let p = at("8AngAGAAKAAA");
    assert!(p.info.crawford);
    assert_eq!((p.info.length, p.info.score), (7, [5, 6]));
    let p = at("cBEAAAAAAAAA");
    assert_eq!((p.state.on_roll, p.state.phase), (0, Phase::DoubleOffered));
    // The XGID of the same: the double shows as D.
    assert!(write_xgid(&p).contains(":0:0:1:D:"), "{}", write_xgid(&p));
}

#[test]
fn the_start_in_every_form() {
    let start = BgPosition::start(RuleSet::Backgammon, true);
    assert_eq!(write_gnubgid(&start), "4HPwATDgc/ABMA:cAkAAAAAAAAA");
    assert_eq!(
        write_xgid(&start),
        "XGID=-b----E-C---eE---c-e----B-:0:0:1:00:0:0:1:0:10"
    );
    let xg = read_ok("-b----E-C---eE---c-e----B-:0:0:1:00:0:0:1:0:10");
    assert_eq!(xg.state, start.state);
    assert_eq!(xg.info, start.info);
}

#[test]
fn malformed_match_ids_are_refused_with_a_reason() {
    let start = match_key(&BgPosition::start(RuleSet::Backgammon, true));
    let with = |f: &dyn Fn(&mut MatchKey)| {
        let mut k = start;
        f(&mut k);
        k.write()
    };
    let cases: Vec<(String, &str)> = vec![
        ("cAkAAAAAAAA".into(), "12 base64"),
        ("cAkAAAAAAAAAA".into(), "12 base64"),
        ("cAkAAAAAAA-A".into(), "12 base64"),
        ("cAkAAAAAAAA=".into(), "12 base64"),
        ("cAkAAAAAAAAQ".into(), "after bit 66"),
        (with(&|k| k.cube_owner = 2), "cube owner 2"),
        (with(&|k| k.game_state = 0), "game state 0"),
        (with(&|k| k.game_state = 2), "game state 2"),
        (with(&|k| k.turn = 0), "turn 0 with player 1 on roll"),
        (with(&|k| k.dice = (7, 1)), "dice 7-1"),
        (with(&|k| k.dice = (3, 0)), "dice 3-0"),
        (
            with(&|k| {
                k.dice = (3, 1);
                k.doubled = true;
                k.turn = 0
            }),
            "dice rolled while a double",
        ),
        (
            with(&|k| k.crawford = true),
            "Crawford game in a money game",
        ),
        (
            with(&|k| {
                k.length = 5;
                k.score = [5, 0]
            }),
            "score 5 is not below the match length 5",
        ),
        (
            with(&|k| k.cube_owner = 0),
            "owned cube must have been doubled",
        ),
        (
            with(&|k| {
                k.length = 5;
                k.score = [4, 2];
                k.crawford = true;
                k.cube_log2 = 1
            }),
            "cube was turned in the Crawford game",
        ),
    ];
    for (mid, why) in cases {
        let e = read_err(&format!("4HPwATDgc/ABMA:{mid}"));
        assert!(e.contains("bad Match ID") && e.contains(why), "{mid}: {e}");
    }
    let e = read_err("4HPwATDgc/ABM:cAkAAAAAAAAA");
    assert!(
        e.contains("bad Position ID") && e.contains("14 base64"),
        "{e}"
    );
}

#[test]
fn malformed_xgids_are_refused_with_a_reason() {
    let good = "-b----E-C---eE---c-e----B-";
    for (x, why) in [
        (format!("XGID={good}:0:0:1:00:0:0:0:0"), "9 fields"),
        (format!("XGID={good}:0:0:1:00:0:0:0:0:10:7"), "11 fields"),
        (
            "XGID=-b----E-C---eE---c-e----B:0:0:1:00:0:0:0:0:10".into(),
            "25 characters",
        ),
        (
            "XGID=-b----E-C---eE---c-e----C-:0:0:1:00:0:0:0:0:10".into(),
            "16 checkers for bottom",
        ),
        (
            "XGID=-b----E-C---eE---c-f----B-:0:0:1:00:0:0:0:0:10".into(),
            "16 checkers for top",
        ),
        (
            "XGID=-b----E-C---eE---c-e----B*:0:0:1:00:0:0:0:0:10".into(),
            "'*' at board character 25",
        ),
        (
            "XGID=Ab----E-C---eE---c-e----A-:0:0:1:00:0:0:0:0:10".into(),
            "bottom checkers on the top player's bar",
        ),
        (format!("XGID={good}:0:0:1:71:0:0:0:0:10"), "dice '71'"),
        (format!("XGID={good}:0:0:1:3:0:0:0:0:10"), "dice '3'"),
        (format!("XGID={good}:0:0:1:B:0:0:0:0:10"), "beavers"),
        (format!("XGID={good}:0:0:0:00:0:0:0:0:10"), "turn '0'"),
        (format!("XGID={good}:0:2:1:00:0:0:0:0:10"), "cube owner '2'"),
        (
            format!("XGID={good}:0:1:1:00:0:0:0:0:10"),
            "owned cube must have been doubled",
        ),
        (
            format!("XGID={good}:11:0:1:00:0:0:0:0:10"),
            "above the maximum",
        ),
        (format!("XGID={good}:x:0:1:00:0:0:0:0:10"), "cube 'x'"),
        (
            format!("XGID={good}:0:0:1:00:5:0:0:5:10"),
            "score 5 is not below the match length 5",
        ),
        (
            format!("XGID={good}:0:0:1:00:0:0:2:0:10"),
            "Crawford/Jacoby field '2'",
        ),
        (
            format!("XGID={good}:1:1:1:00:3:4:1:5:10"),
            "cube was turned in the Crawford game",
        ),
        (
            format!("XGID={good}:0:0:1:D:3:4:1:5:10"),
            "double offered in the Crawford game",
        ),
        (
            format!("XGID={good}:0:0:1:00:0:0:0:-1:10"),
            "match length '-1'",
        ),
    ] {
        let e = read_err(&x);
        assert!(e.contains("bad XGID") && e.contains(why), "{x}: {e}");
    }
}

#[test]
fn tavla_positions_have_no_cube() {
    let e = parse_position("4HPwATDgc/ABMA:cBEAAAAAAAAA", RuleSet::Tavla, false)
        .expect_err("double in Tavla")
        .to_string();
    assert!(e.contains("Tavla has no doubling cube"), "{e}");
}
