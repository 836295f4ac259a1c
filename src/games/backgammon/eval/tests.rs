use super::super::board::Board;
use super::super::position_id;
use super::train::{TrainConfig, loss, read_samples, train};
use super::*;

#[test]
fn the_embedded_networks_load_with_the_inputs_their_encoders_give() {
    let contact = contact_net().expect("contact.bin");
    let race = race_net().expect("race.bin");
    assert_eq!(contact.inputs, inputs::count(Kind::Contact));
    assert_eq!(race.inputs, inputs::count(Kind::Race));
}

#[test]
fn probabilities_are_consistent_and_the_start_is_even() {
    let start = evaluate(&Board::start());
    assert!((start.win - 0.5).abs() < 0.06, "{start:?}");
    for id in [
        "4HPwATDgc/ABMA",
        "sGfwATDgc/ABMA",
        "4HPwATDgc/ABUA",
        "trsHAIBtdwcAAA",
        "AAD8/wHcAAAAAA",
    ] {
        let b = position_id::parse(id).expect(id);
        let p = evaluate(&b);
        assert!((0.0..=1.0).contains(&p.win), "{id} {p:?}");
        assert!(
            p.win_backgammon <= p.win_gammon && p.win_gammon <= p.win,
            "{id} {p:?}"
        );
        assert!(
            p.lose_backgammon <= p.lose_gammon && p.lose_gammon <= 1.0 - p.win,
            "{id} {p:?}"
        );
    }
    // Close to the teacher: GNU Backgammon 0-ply gives 0.521 for the
    // start and 0.449 after the opponent made its 5-point with 31.
    assert!((start.win - 0.521).abs() < 0.03, "{start:?}");
    let after = evaluate(&position_id::parse("sGfwATDgc/ABMA").expect("31"));
    assert!((after.win - 0.449).abs() < 0.03, "{after:?}");
}

#[test]
fn each_position_goes_to_its_evaluator() {
    assert_eq!(kind_of(&Board::start()), Kind::Contact);
    let race = position_id::parse("trsHAIBtdwcAAA").expect("race");
    assert_eq!(kind_of(&race), Kind::Race);
    let mut home = Board::start();
    home.mover = [0; 26];
    home.mover[0] = 13;
    home.mover[1] = 2;
    home.other = [0; 26];
    home.other[0] = 14;
    home.other[6] = 1;
    assert_eq!(kind_of(&home), Kind::BearOff);
    // Two on the 1-point: every roll bears both off.
    assert!((evaluate(&home).win - 1.0).abs() < 1e-6);
}

/// The training pipeline end to end on a tiny committed teacher file:
/// the loss falls, and the weights written read back and evaluate.
#[test]
fn training_runs_end_to_end_on_a_tiny_set() {
    let text = std::fs::read_to_string("fixtures/backgammon/teacher-sample.txt").expect("sample");
    let (samples, bad) = read_samples(&text, Kind::Contact);
    assert_eq!(bad, 0);
    assert!(samples.len() >= 200, "{}", samples.len());
    let cfg = TrainConfig {
        hidden: 16,
        epochs: 8,
        rate: 0.5,
        seed: 7,
        cross_entropy: false,
    };
    let n = inputs::count(Kind::Contact);
    let untrained = loss(&net::Net::random(n, 16, 7), &samples);
    let mut losses = Vec::new();
    let trained = train(&samples, n, cfg, |_, l| losses.push(l));
    assert_eq!(losses.len(), 8);
    let after = loss(&trained, &samples);
    assert!(after < 0.5 * untrained, "{untrained} -> {after}");
    let again = Net::from_bytes(&trained.to_bytes()).expect("reads back");
    assert_eq!(again, trained);
    let p = with_net(&again, &Board::start());
    assert!((0.0..=1.0).contains(&p.win));
    // The same seed trains the same weights.
    assert_eq!(train(&samples, n, cfg, |_, _| {}), trained);
    assert!(Net::from_bytes(b"TBGN\x01\x00\x00\x00").is_none());
}

/// Evaluations per second on one thread, over positions of random games
/// (`cargo test --release -- --ignored evaluation_speed --nocapture`).
#[test]
#[ignore]
fn evaluation_speed() {
    let mut boards = Vec::new();
    let mut b = Board::start();
    let mut rng = 0x9e37_79b9_7f4a_7c15u64;
    while boards.len() < 20_000 {
        rng ^= rng << 13;
        rng ^= rng >> 7;
        rng ^= rng << 17;
        let plays = b.plays((rng % 6) as u8 + 1, (rng / 6 % 6) as u8 + 1);
        b = match plays.get((rng / 36) as usize % plays.len().max(1)) {
            Some(p) if !p.mover_won() => p.flipped(),
            Some(_) => Board::start(),
            None => b.flipped(),
        };
        boards.push(b);
    }
    // The first evaluations build the bear-off database and load the
    // networks: not part of the rate.
    let mut sum: f32 = boards.iter().map(|b| evaluate(b).win).sum();
    let t = std::time::Instant::now();
    for _ in 0..10 {
        for b in &boards {
            sum += evaluate(b).win;
        }
    }
    let rate = 10.0 * boards.len() as f64 / t.elapsed().as_secs_f64();
    eprintln!("backgammon evaluation: {rate:.0} evaluations/s ({sum:.0})");
}
