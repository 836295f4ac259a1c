//! `tabula match` flags → [`MatchConfig`]. Flags are read by hand; the
//! structured values (time control, `Name=Value`, engine command lines) with
//! nom. Every error is a message; the caller exits with status 2.

use super::sprt::SprtParams;
use super::timecontrol::{self, TimeControl};
use crate::engineclient::{Dialect, EngineSpec, parse_option, split_command};
use nom::{IResult, character::complete::digit1, combinator::all_consuming};

pub const MATCH_USAGE: &str =
    "usage: tabula match --engine CMD [engine flags] --engine CMD [engine flags] [flags]
  --game ID             makruk (default), tak, ogi, backgammon, chinesecheckers,
                        halma, international, russian
  --engine CMD          an engine command line (quoted); 'tabula' is this binary;
                        one --engine per player of the game
    engine flags (after an --engine they apply to it; before the first
    --engine they apply to both):
    --name NAME         name in the output and the records
    --proto DIALECT   uci, usi, tei, ubgi or hub (default: the game's native one; it must
                        be able to play the game)
    --option NAME=VALUE setoption sent after the handshake (repeatable); the
                        engine must announce NAME and accept VALUE; options
                        it announced at the handshake go before UCI_Variant,
                        the others after it, each in the order given
  --players N           games with a Players option (chinesecheckers: 2, 3, 4, 6):
                        the number of players, set for the referee and sent to
                        every engine; one --engine per player
  --games N             games to play (default 2; with --sprt the most to play)
  --sprt elo0=E0,elo1=E1[,alpha=A,beta=B]
                        stop when a sequential probability ratio test on the
                        game pairs decides between Elo E0 and E1 (logistic;
                        alpha and beta default to 0.05); two engines, openings
                        played twice (not with --no-repeat), --games even
  --tc [M/]BASE[+INC]   clock in seconds, e.g. 10+0.1, 40/60 (default 10+0.1)
  --movetime MS | --depth N | --nodes N   fixed limit per move instead
  --timemargin MS       time overrun tolerated before a time forfeit (default 100)
  --hang-timeout S      seconds to wait for a bestmove at fixed depth/nodes (default 60)
  --openings FILE       start positions / move lines, played in order, each twice
  --no-repeat           play each opening once (colours still alternate)
  --concurrency N       games played at once (default 1)
  --maxmoves N          draw after N moves per side (default 300, 0 = no cap)
  --pgnout FILE         append the game records (PGN; PTN for tak; .mat for backgammon) to FILE
  --size N              board size (tak: 3..8, default 6)
  --komi K              tak: komi in flats for player 2 (2, 2.5, -0.5); sent
                        to the engines as HalfKomi=2K (default 0)
  --event TEXT          the records' Event tag
  --seed N              seed of the referee's dice in games with chance
                        (default 1; the records carry it)
  --match-length N      backgammon: each unit is a match to N points (Crawford
                        rule; --games counts matches); default: money games";

#[derive(Debug, Clone, PartialEq)]
pub struct MatchConfig {
    pub game: String,
    /// One engine per seat of the game, in the order given.
    pub engines: Vec<EngineSpec>,
    /// `--players N`: the game's `Players` option, for the referee and
    /// every engine.
    pub players: Option<u32>,
    pub games: usize,
    pub tc: TimeControl,
    pub time_margin_ms: u64,
    pub hang_timeout_ms: u64,
    pub openings: Option<String>,
    pub repeat: bool,
    pub concurrency: usize,
    /// Moves per side before the game is drawn; `None` = no cap.
    pub max_moves: Option<u32>,
    pub pgn_out: Option<String>,
    pub size: Option<u32>,
    /// `--komi` as given; the game reads it ([`crate::games::record::MatchRules::parse_komi`]).
    pub komi: Option<String>,
    pub event: String,
    /// Seed of the referee's chance outcomes (with the game number).
    pub seed: u64,
    /// `--match-length N`: each unit is a match to N points; `None`: single
    /// (money) games.
    pub match_length: Option<u32>,
    /// `--sprt`: stop when the test on game pairs decides.
    pub sprt: Option<SprtParams>,
}

/// A count or duration: digits only (`str::parse` would take `+5`).
fn number<T: std::str::FromStr>(flag: &str, v: &str) -> Result<T, String> {
    let digits: IResult<&str, &str> = all_consuming(digit1)(v);
    if digits.is_err() {
        return Err(format!("{flag} needs a non-negative number, got '{v}'"));
    }
    v.parse()
        .map_err(|_| format!("{flag} value '{v}' is too large"))
}

/// Per-engine settings before the engine is known.
#[derive(Default, Clone)]
struct Pending {
    name: Option<String>,
    dialect: Option<Dialect>,
    options: Vec<(String, String)>,
}

pub fn parse(args: &[String]) -> Result<MatchConfig, String> {
    let mut game = crate::engine::registry::VARIANTS
        .first()
        .map_or_else(String::new, |g| g.to_string());
    let mut commands: Vec<Vec<String>> = Vec::new();
    let mut each = Pending::default();
    let mut per: Vec<Pending> = Vec::new();
    let mut games = 2usize;
    let mut tc = TimeControl::Clock {
        moves: None,
        base_ms: 10_000,
        inc_ms: 100,
    };
    let mut cfg_margin = 100u64;
    let mut hang = 60_000u64;
    let mut openings = None;
    let mut repeat = true;
    let mut concurrency = 1usize;
    let mut max_moves = Some(300u32);
    let mut pgn_out = None;
    let mut size = None;
    let mut komi = None;
    let mut event = "tabula match".to_string();
    let mut seed = 1u64;
    let mut match_length = None;
    let mut sprt = None;
    let mut players = None;

    let mut it = args.iter();
    while let Some(flag) = it.next() {
        let flag = flag.as_str();
        if flag == "--no-repeat" {
            repeat = false;
            continue;
        }
        if flag == "-h" || flag == "--help" {
            return Err(String::new());
        }
        let value = |it: &mut std::slice::Iter<'_, String>| {
            it.next()
                .cloned()
                .ok_or_else(|| format!("{flag} needs a value"))
        };
        // Per-engine target: the last engine, or all engines before any.
        macro_rules! target {
            () => {
                if per.is_empty() {
                    &mut each
                } else {
                    per.last_mut().unwrap()
                }
            };
        }
        match flag {
            "--game" => game = value(&mut it)?.to_ascii_lowercase(),
            "--engine" => {
                commands.push(split_command(&value(&mut it)?)?);
                per.push(Pending::default());
            }
            "--name" => target!().name = Some(value(&mut it)?),
            "--proto" => {
                let v = value(&mut it)?;
                target!().dialect = Some(
                    Dialect::parse_spoken(&v)
                        .ok_or_else(|| format!("unknown protocol '{v}' (known: uci, usi, tei)"))?,
                );
            }
            "--option" => {
                let o = parse_option(&value(&mut it)?)?;
                target!().options.push(o);
            }
            "--games" => games = number(flag, &value(&mut it)?)?,
            "--players" => players = Some(number(flag, &value(&mut it)?)?),
            "--tc" => tc = timecontrol::parse(&value(&mut it)?)?,
            "--movetime" => tc = timecontrol::parse(&format!("movetime={}", value(&mut it)?))?,
            "--depth" => tc = timecontrol::parse(&format!("depth={}", value(&mut it)?))?,
            "--nodes" => tc = timecontrol::parse(&format!("nodes={}", value(&mut it)?))?,
            "--timemargin" => cfg_margin = number(flag, &value(&mut it)?)?,
            "--hang-timeout" => hang = number::<u64>(flag, &value(&mut it)?)?.saturating_mul(1000),
            "--openings" => openings = Some(value(&mut it)?),
            "--concurrency" => concurrency = number(flag, &value(&mut it)?)?,
            "--maxmoves" => {
                let n: u32 = number(flag, &value(&mut it)?)?;
                max_moves = if n == 0 { None } else { Some(n) };
            }
            "--pgnout" | "--record" => pgn_out = Some(value(&mut it)?),
            "--size" => size = Some(number(flag, &value(&mut it)?)?),
            "--komi" => komi = Some(value(&mut it)?),
            "--event" => event = value(&mut it)?,
            "--seed" => seed = number(flag, &value(&mut it)?)?,
            "--sprt" => sprt = Some(SprtParams::parse(&value(&mut it)?)?),
            "--match-length" => {
                let n: u32 = number(flag, &value(&mut it)?)?;
                if !(1..=64).contains(&n) {
                    return Err(format!("--match-length must be 1..64, got {n}"));
                }
                match_length = Some(n);
            }
            other => return Err(format!("unknown flag '{other}'")),
        }
    }
    if commands.len() < 2 {
        return Err(format!(
            "expected at least two --engine flags, got {}",
            commands.len()
        ));
    }
    if games == 0 {
        return Err("--games must be at least 1".into());
    }
    if concurrency == 0 {
        return Err("--concurrency must be at least 1".into());
    }
    if sprt.is_some() {
        check_sprt(commands.len(), repeat, games)?;
    }
    let mut specs: Vec<EngineSpec> = commands
        .into_iter()
        .zip(per)
        .map(|(command, p)| {
            let base = command[0]
                .rsplit('/')
                .next()
                .unwrap_or(&command[0])
                .to_string();
            let mut options = each.options.clone();
            options.extend(p.options);
            EngineSpec {
                name: p.name.or(each.name.clone()).unwrap_or(base),
                command,
                dialect: p.dialect.or(each.dialect),
                options,
            }
        })
        .collect();
    // Engines of the same name are told apart by their place: `tabula (2)`.
    for k in 1..specs.len() {
        let name = specs[k].name.clone();
        if specs[..k].iter().any(|s| s.name == name) {
            specs[k].name = format!("{name} ({})", k + 1);
        }
    }
    Ok(MatchConfig {
        game,
        engines: specs,
        players,
        games,
        tc,
        time_margin_ms: cfg_margin,
        hang_timeout_ms: hang,
        openings,
        repeat,
        concurrency,
        max_moves,
        pgn_out,
        size,
        komi,
        event,
        seed,
        match_length,
        sprt,
    })
}

/// The SPRT compares two engines on game pairs: each opening played
/// twice, the colours swapped.
fn check_sprt(engines: usize, repeat: bool, games: usize) -> Result<(), String> {
    if engines != 2 {
        return Err(format!(
            "--sprt compares two engines, got {engines} --engine flags"
        ));
    }
    if !repeat {
        return Err(
            "--sprt needs game pairs (each opening played twice with colours swapped): \
             drop --no-repeat"
                .into(),
        );
    }
    if !games.is_multiple_of(2) {
        return Err(format!(
            "--sprt plays games in pairs: --games must be even, got {games}"
        ));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(s: &[&str]) -> Vec<String> {
        s.iter().map(|x| x.to_string()).collect()
    }

    #[test]
    fn full_command_line() {
        let c = parse(&args(&[
            "--game",
            "makruk",
            "--option",
            "Hash=16",
            "--engine",
            "tabula",
            "--option",
            "Board Honour Counting = gui",
            "--engine",
            "'/usr/games/fairy-stockfish' --x",
            "--name",
            "fsf",
            "--proto",
            "uci",
            "--games",
            "10",
            "--tc",
            "5+0.05",
            "--concurrency",
            "2",
            "--openings",
            "o.txt",
            "--maxmoves",
            "0",
            "--pgnout",
            "out.pgn",
        ]))
        .unwrap();
        assert_eq!(c.engines[0].name, "tabula");
        assert_eq!(c.engines[0].command, vec!["tabula".to_string()]);
        assert_eq!(
            c.engines[0].options,
            vec![
                ("Hash".into(), "16".into()),
                ("Board Honour Counting".into(), "gui".into())
            ]
        );
        assert_eq!(c.engines[1].name, "fsf");
        assert_eq!(
            c.engines[1].command,
            vec!["/usr/games/fairy-stockfish", "--x"]
        );
        assert_eq!(c.engines[1].options, vec![("Hash".into(), "16".into())]);
        assert_eq!(c.engines[1].dialect, Some(Dialect::Uci));
        assert_eq!((c.games, c.concurrency, c.max_moves), (10, 2, None));
        assert_eq!(c.tc.describe(), "5+0.05");
        assert_eq!(c.pgn_out.as_deref(), Some("out.pgn"));
    }

    #[test]
    fn limits_and_names() {
        let c = parse(&args(&[
            "--engine", "tabula", "--engine", "tabula", "--depth", "2",
        ]))
        .unwrap();
        assert_eq!(c.tc, TimeControl::Depth(2));
        assert_eq!(c.engines[1].name, "tabula (2)");
        assert_eq!(c.max_moves, Some(300));
        assert_eq!(c.players, None);
        let mut three = args(&["--game", "chinesecheckers", "--players", "3"]);
        for name in ["x", "y", "z"] {
            three.extend(args(&["--engine", name]));
        }
        let c = parse(&three).unwrap();
        assert_eq!((c.players, c.engines.len()), (Some(3), 3));
        let c = parse(&args(&[
            "--engine",
            "a",
            "--engine",
            "b",
            "--movetime",
            "50",
        ]))
        .unwrap();
        assert_eq!(c.tc, TimeControl::MoveTime(50));
    }

    #[test]
    fn errors_are_messages() {
        let e = |s: &[&str]| parse(&args(s)).unwrap_err();
        assert!(e(&["--engine", "a"]).contains("at least two"));
        assert!(e(&["--engine", "a", "--engine", "b", "--tc", "x"]).contains("bad time control"));
        assert!(e(&["--engine", "a", "--engine", "b", "--games"]).contains("needs a value"));
        assert!(e(&["--engine", "a", "--engine", "b", "--games", "-1"]).contains("--games"));
        assert!(e(&["--engine", "a", "--engine", "b", "--games", "+1"]).contains("non-negative"));
        assert!(
            e(&["--engine", "a", "--engine", "b", "--size", "99999999999"]).contains("too large")
        );
        assert!(e(&["--engine", "a", "--engine", "b", "--bogus"]).contains("unknown flag"));
        assert!(e(&["--engine", "a", "--option", "Hash", "--engine", "b"]).contains("NAME=VALUE"));
        assert!(e(&["--engine", "'a", "--engine", "b"]).contains("quotes"));
        assert!(e(&["--engine", "a", "--engine", "b", "--proto", "xyz"]).contains("protocol"));
    }

    #[test]
    fn sprt_flag() {
        let two = ["--engine", "a", "--engine", "b"];
        let with = |extra: &[&str]| {
            let mut v = args(&two);
            v.extend(args(extra));
            parse(&v)
        };
        let c = with(&["--sprt", "elo0=0,elo1=5", "--games", "1000"]).unwrap();
        let s = c.sprt.unwrap();
        assert_eq!((s.elo0, s.elo1, s.alpha, s.beta), (0.0, 5.0, 0.05, 0.05));
        assert_eq!(c.games, 1000);
        assert!(c.repeat);
        assert_eq!(with(&[]).unwrap().sprt, None);
        let e = |extra: &[&str]| with(extra).unwrap_err();
        assert!(e(&["--sprt"]).contains("--sprt needs a value"));
        assert!(e(&["--sprt", "elo0=0"]).contains("bad --sprt 'elo0=0': elo0 and elo1"));
        assert!(
            e(&["--sprt", "elo0=0,elo1=5,alpha=1.5"]).contains("alpha must be between 0 and 1")
        );
        assert!(e(&["--sprt", "elo0=0,elo1=5", "--no-repeat"]).contains("drop --no-repeat"));
        assert!(
            e(&["--sprt", "elo0=0,elo1=5", "--games", "7"]).contains("--games must be even, got 7")
        );
        let three = parse(&args(&[
            "--engine",
            "a",
            "--engine",
            "b",
            "--engine",
            "c",
            "--sprt",
            "elo0=0,elo1=5",
        ]))
        .unwrap_err();
        assert!(
            three.contains("--sprt compares two engines, got 3"),
            "{three}"
        );
    }
}
