//! `tabula match` flags → [`MatchConfig`]. Flags are read by hand; the
//! structured values (time control, `Name=Value`, engine command lines) with
//! nom. Every error is a message; the caller exits with status 2.

use super::shard::{Shard, block_games};
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
                        rule; --games counts matches); default: money games
  --results FILE        write the settings and each unit's outcome to FILE
                        (created or emptied), for tabula match-pool
  --shard I/N           play only the I-th (from 1) of N slices of the match's
                        games, game pairs kept whole; with --sprt the shard
                        never stops early: tabula match-pool decides";

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
    /// `--shard I/N`: the slice of the games this process plays.
    pub shard: Shard,
    /// `--results FILE`: the settings and the units' outcomes, for the pool.
    pub results: Option<String>,
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

/// The flags read so far: the match's settings, and per engine its command
/// line and settings (`each`: those given before the first `--engine`).
struct Parsing {
    cfg: MatchConfig,
    commands: Vec<Vec<String>>,
    each: Pending,
    per: Vec<Pending>,
}

/// Every flag that takes a value, engine flags first.
const FLAGS_WITH_VALUE: [&str; 26] = [
    "--engine",
    "--name",
    "--proto",
    "--option",
    "--game",
    "--games",
    "--players",
    "--tc",
    "--movetime",
    "--depth",
    "--nodes",
    "--timemargin",
    "--hang-timeout",
    "--openings",
    "--concurrency",
    "--maxmoves",
    "--pgnout",
    "--record",
    "--size",
    "--komi",
    "--event",
    "--seed",
    "--sprt",
    "--match-length",
    "--shard",
    "--results",
];

/// The settings of a match no flag changed.
fn defaults() -> MatchConfig {
    MatchConfig {
        game: crate::engine::registry::VARIANTS
            .first()
            .map_or_else(String::new, |g| g.to_string()),
        engines: Vec::new(),
        players: None,
        games: 2,
        tc: TimeControl::Clock {
            moves: None,
            base_ms: 10_000,
            inc_ms: 100,
        },
        time_margin_ms: 100,
        hang_timeout_ms: 60_000,
        openings: None,
        repeat: true,
        concurrency: 1,
        max_moves: Some(300),
        pgn_out: None,
        size: None,
        komi: None,
        event: "tabula match".to_string(),
        seed: 1,
        match_length: None,
        sprt: None,
        shard: Shard::WHOLE,
        results: None,
    }
}

pub fn parse(args: &[String]) -> Result<MatchConfig, String> {
    let mut parsing = Parsing {
        cfg: defaults(),
        commands: Vec::new(),
        each: Pending::default(),
        per: Vec::new(),
    };
    let mut it = args.iter();
    while let Some(flag) = it.next() {
        let flag = flag.as_str();
        match flag {
            "--no-repeat" => parsing.cfg.repeat = false,
            "-h" | "--help" => return Err(String::new()),
            _ if !FLAGS_WITH_VALUE.contains(&flag) => {
                return Err(format!("unknown flag '{flag}'"));
            }
            _ => {
                let value = it.next().ok_or_else(|| format!("{flag} needs a value"))?;
                if !parsing.engine_flag(flag, value)? {
                    match_flag(&mut parsing.cfg, flag, value)?;
                }
            }
        }
    }
    parsing.finish()
}

impl Parsing {
    /// Per-engine target: the last engine, or all engines before any.
    fn target(&mut self) -> &mut Pending {
        match self.per.last_mut() {
            Some(p) => p,
            None => &mut self.each,
        }
    }

    /// `--engine` and the flags that apply to engines; false for any other.
    fn engine_flag(&mut self, flag: &str, value: &str) -> Result<bool, String> {
        match flag {
            "--engine" => {
                self.commands.push(split_command(value)?);
                self.per.push(Pending::default());
            }
            "--name" => self.target().name = Some(value.to_string()),
            "--proto" => {
                self.target().dialect = Some(Dialect::parse_spoken(value).ok_or_else(|| {
                    format!("unknown protocol '{value}' (known: uci, usi, tei, ubgi, hub)")
                })?);
            }
            "--option" => {
                let o = parse_option(value)?;
                self.target().options.push(o);
            }
            _ => return Ok(false),
        }
        Ok(true)
    }

    /// The engines' specs and the checks that need every flag read.
    fn finish(self) -> Result<MatchConfig, String> {
        let Parsing {
            mut cfg,
            commands,
            each,
            per,
        } = self;
        if commands.len() < 2 {
            return Err(format!(
                "expected at least two --engine flags, got {}",
                commands.len()
            ));
        }
        if cfg.games == 0 {
            return Err("--games must be at least 1".into());
        }
        if cfg.concurrency == 0 {
            return Err("--concurrency must be at least 1".into());
        }
        if cfg.sprt.is_some() {
            check_sprt(commands.len(), cfg.repeat, cfg.games)?;
        }
        cfg.shard.check_fits(cfg.games, block_games(cfg.repeat))?;
        let mut specs: Vec<EngineSpec> = commands
            .into_iter()
            .zip(per)
            .map(|(command, p)| {
                let program = command.first().map_or("", String::as_str);
                let base = program.rsplit('/').next().unwrap_or(program).to_string();
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
        cfg.engines = specs;
        Ok(cfg)
    }
}

/// A flag of the match as a whole.
fn match_flag(cfg: &mut MatchConfig, flag: &str, value: &str) -> Result<(), String> {
    let value = value.to_string();
    match flag {
        "--game" => cfg.game = value.to_ascii_lowercase(),
        "--games" => cfg.games = number(flag, &value)?,
        "--players" => cfg.players = Some(number(flag, &value)?),
        "--tc" => cfg.tc = timecontrol::parse(&value)?,
        "--movetime" => cfg.tc = timecontrol::parse(&format!("movetime={value}"))?,
        "--depth" => cfg.tc = timecontrol::parse(&format!("depth={value}"))?,
        "--nodes" => cfg.tc = timecontrol::parse(&format!("nodes={value}"))?,
        "--timemargin" => cfg.time_margin_ms = number(flag, &value)?,
        "--hang-timeout" => cfg.hang_timeout_ms = number::<u64>(flag, &value)?.saturating_mul(1000),
        "--openings" => cfg.openings = Some(value),
        "--concurrency" => cfg.concurrency = number(flag, &value)?,
        "--maxmoves" => {
            let n: u32 = number(flag, &value)?;
            cfg.max_moves = if n == 0 { None } else { Some(n) };
        }
        "--pgnout" | "--record" => cfg.pgn_out = Some(value),
        "--size" => cfg.size = Some(number(flag, &value)?),
        "--komi" => cfg.komi = Some(value),
        "--event" => cfg.event = value,
        "--seed" => cfg.seed = number(flag, &value)?,
        "--sprt" => cfg.sprt = Some(SprtParams::parse(&value)?),
        "--match-length" => {
            let n: u32 = number(flag, &value)?;
            if !(1..=64).contains(&n) {
                return Err(format!("--match-length must be 1..64, got {n}"));
            }
            cfg.match_length = Some(n);
        }
        "--shard" => cfg.shard = Shard::parse(&value)?,
        "--results" => cfg.results = Some(value),
        other => return Err(format!("unknown flag '{other}'")),
    }
    Ok(())
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
    fn shard_flag() {
        let with = |extra: &[&str]| {
            let mut v = args(&["--engine", "a", "--engine", "b", "--games", "8"]);
            v.extend(args(extra));
            parse(&v)
        };
        assert_eq!(with(&[]).map(|c| c.shard), Ok(Shard::WHOLE));
        assert_eq!(
            with(&["--shard", "3/4"]).map(|c| c.shard.to_string()),
            Ok("3/4".to_string())
        );
        let e = |extra: &[&str]| with(extra).unwrap_err();
        assert!(e(&["--shard", "0/3"]).contains("I counts from 1"));
        assert!(e(&["--shard", "3/2"]).contains("I must be at most N"));
        assert!(e(&["--shard", "a/b"]).contains("--shard needs I/N"));
        assert!(e(&["--shard", "1/0"]).contains("N must be at least 1"));
        assert!(e(&["--shard"]).contains("--shard needs a value"));
        assert!(e(&["--shard", "1/5"]).contains("the match has 4 game pairs"));
        assert_eq!(
            with(&["--shard", "5/8", "--no-repeat"]).map(|c| c.shard.count()),
            Ok(8)
        );
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
