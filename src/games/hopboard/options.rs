//! The options both hopping games have (`Players`, `Finish Rule`,
//! `MultiSearch`, `Race Width`, `Race Replies`, `Race Samples`, `Race Rival`,
//! `Greedy`, `Greedy Seed`) and small helpers for declaring and reading the
//! others.

use super::position::FinishRule;
use crate::games::{GameError, OptionKind, OptionSpec};
use crate::search::{
    MultiMethod, RACE_RIVAL_DEFAULT, RACE_SAMPLES_DEFAULT, RACE_WIDTH_DEFAULT, RaceReplies,
    SearchSettings,
};

pub const OPTION_PLAYERS: &str = "Players";
pub const OPTION_FINISH: &str = "Finish Rule";
pub const OPTION_MULTI_SEARCH: &str = "MultiSearch";
pub const OPTION_GREEDY: &str = "Greedy";
pub const OPTION_GREEDY_SEED: &str = "Greedy Seed";
pub const OPTION_RACE_WIDTH: &str = "Race Width";
pub const OPTION_RACE_REPLIES: &str = "Race Replies";
pub const OPTION_RACE_SAMPLES: &str = "Race Samples";
pub const OPTION_RACE_RIVAL: &str = "Race Rival";
/// The most `Race Samples`.
const RACE_SAMPLES_MAX: i64 = 16;
/// The largest `Race Rival` (hundredths).
const RACE_RIVAL_MAX: i64 = 100;
/// The largest `Race Width`.
const RACE_WIDTH_MAX: i64 = 4096;
/// The largest `Greedy Seed`.
const GREEDY_SEED_MAX: i64 = 2_147_483_647;

pub fn combo(name: &str, default: &str, vars: &[&str]) -> OptionSpec {
    OptionSpec {
        name: name.to_string(),
        kind: OptionKind::Combo {
            default: default.to_string(),
            vars: vars.iter().map(|v| v.to_string()).collect(),
        },
    }
}

pub fn check(name: &str, default: bool) -> OptionSpec {
    OptionSpec {
        name: name.to_string(),
        kind: OptionKind::Check { default },
    }
}

/// `<name> value '<value>' <what>`, the refusal of a bad value.
pub fn bad_value(name: &str, value: &str, what: &str) -> GameError {
    GameError::Parse(format!("{name} value '{value}' {what}"))
}

/// `true` / `false`, any case.
pub fn parse_check(name: &str, value: &str) -> Result<bool, GameError> {
    match value.to_ascii_lowercase().as_str() {
        "true" => Ok(true),
        "false" => Ok(false),
        _ => Err(bad_value(name, value, "is not true or false")),
    }
}

/// A number of players among `allowed`.
pub fn parse_players(value: &str, allowed: &[usize]) -> Result<usize, GameError> {
    value
        .parse::<usize>()
        .ok()
        .filter(|n| allowed.contains(n))
        .ok_or_else(|| {
            let list: Vec<String> = allowed.iter().map(|n| n.to_string()).collect();
            bad_value(
                OPTION_PLAYERS,
                value,
                &format!("is not one of {}", list.join(" ")),
            )
        })
}

pub fn parse_finish(value: &str) -> Result<FinishRule, GameError> {
    match value.to_ascii_lowercase().as_str() {
        "own" => Ok(FinishRule::Own),
        "filled" => Ok(FinishRule::Filled),
        _ => Err(bad_value(OPTION_FINISH, value, "is not one of own filled")),
    }
}

/// The option value of a finish rule.
pub fn finish_name(rule: FinishRule) -> &'static str {
    match rule {
        FinishRule::Own => "own",
        FinishRule::Filled => "filled",
    }
}

/// How tabula chooses its moves: the search for more than two players
/// (`MultiSearch`), or the greedy baseline (`Greedy`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SearchChoice {
    pub multi_search: MultiMethod,
    pub greedy: bool,
    /// Breaks the greedy baseline's ties (0: by the position key alone).
    pub greedy_seed: u64,
    /// The race planner's beam width.
    pub race_width: usize,
    /// The opponents' moves in the race planner's lines.
    pub race_replies: RaceReplies,
    /// The race planner's samples of greedy replies.
    pub race_samples: usize,
    /// The race planner's weight of the leading opponent, in hundredths.
    pub race_rival: i32,
}

impl Default for SearchChoice {
    fn default() -> Self {
        SearchChoice {
            multi_search: MultiMethod::Auto,
            greedy: false,
            greedy_seed: 0,
            race_width: RACE_WIDTH_DEFAULT,
            race_replies: RaceReplies::Greedy,
            race_samples: RACE_SAMPLES_DEFAULT,
            race_rival: RACE_RIVAL_DEFAULT,
        }
    }
}

impl SearchChoice {
    pub fn options() -> Vec<OptionSpec> {
        vec![
            combo(
                OPTION_MULTI_SEARCH,
                "auto",
                &["auto", "brs", "paranoid", "race"],
            ),
            check(OPTION_GREEDY, false),
            OptionSpec {
                name: OPTION_GREEDY_SEED.to_string(),
                kind: OptionKind::Spin {
                    default: 0,
                    min: 0,
                    max: GREEDY_SEED_MAX,
                },
            },
            OptionSpec {
                name: OPTION_RACE_WIDTH.to_string(),
                kind: OptionKind::Spin {
                    default: RACE_WIDTH_DEFAULT as i64,
                    min: 1,
                    max: RACE_WIDTH_MAX,
                },
            },
            combo(OPTION_RACE_REPLIES, "greedy", &["pass", "greedy"]),
            OptionSpec {
                name: OPTION_RACE_SAMPLES.to_string(),
                kind: OptionKind::Spin {
                    default: RACE_SAMPLES_DEFAULT as i64,
                    min: 1,
                    max: RACE_SAMPLES_MAX,
                },
            },
            OptionSpec {
                name: OPTION_RACE_RIVAL.to_string(),
                kind: OptionKind::Spin {
                    default: i64::from(RACE_RIVAL_DEFAULT),
                    min: 0,
                    max: RACE_RIVAL_MAX,
                },
            },
        ]
    }

    /// Sets `name` if it is one of these options: `None` when it is not.
    pub fn set_option(&mut self, name: &str, value: &str) -> Option<Result<(), GameError>> {
        if name.eq_ignore_ascii_case(OPTION_MULTI_SEARCH) {
            let method = match value.to_ascii_lowercase().as_str() {
                "auto" => MultiMethod::Auto,
                "brs" => MultiMethod::Brs,
                "paranoid" => MultiMethod::Paranoid,
                "race" => MultiMethod::Race,
                _ => {
                    return Some(Err(bad_value(
                        name,
                        value,
                        "is not one of auto brs paranoid race",
                    )));
                }
            };
            self.multi_search = method;
            Some(Ok(()))
        } else if name.eq_ignore_ascii_case(OPTION_GREEDY) {
            Some(parse_check(name, value).map(|g| self.greedy = g))
        } else if name.eq_ignore_ascii_case(OPTION_GREEDY_SEED) {
            Some(match value.parse::<u64>() {
                Ok(s) if s <= GREEDY_SEED_MAX as u64 => {
                    self.greedy_seed = s;
                    Ok(())
                }
                _ => Err(bad_value(name, value, "is not in 0..2147483647")),
            })
        } else if name.eq_ignore_ascii_case(OPTION_RACE_REPLIES) {
            Some(match value.to_ascii_lowercase().as_str() {
                "pass" => {
                    self.race_replies = RaceReplies::Pass;
                    Ok(())
                }
                "greedy" => {
                    self.race_replies = RaceReplies::Greedy;
                    Ok(())
                }
                _ => Err(bad_value(name, value, "is not one of pass greedy")),
            })
        } else if name.eq_ignore_ascii_case(OPTION_RACE_WIDTH) {
            Some(match value.parse::<usize>() {
                Ok(w) if (1..=RACE_WIDTH_MAX as usize).contains(&w) => {
                    self.race_width = w;
                    Ok(())
                }
                _ => Err(bad_value(name, value, "is not in 1..4096")),
            })
        } else if name.eq_ignore_ascii_case(OPTION_RACE_SAMPLES) {
            Some(match value.parse::<usize>() {
                Ok(k) if (1..=RACE_SAMPLES_MAX as usize).contains(&k) => {
                    self.race_samples = k;
                    Ok(())
                }
                _ => Err(bad_value(name, value, "is not in 1..16")),
            })
        } else if name.eq_ignore_ascii_case(OPTION_RACE_RIVAL) {
            Some(match value.parse::<i32>() {
                Ok(r) if (0..=RACE_RIVAL_MAX as i32).contains(&r) => {
                    self.race_rival = r;
                    Ok(())
                }
                _ => Err(bad_value(name, value, "is not in 0..100")),
            })
        } else {
            None
        }
    }

    /// The search the worker runs.
    /// Why a search with these settings and `players` players reports
    /// one line only (only the two-player alpha-beta search reports
    /// several; a side racing alone is handed to the race planner, which
    /// reports one line, whatever the settings).
    pub fn single_line(&self, players: usize) -> Option<String> {
        if self.greedy {
            Some("the greedy baseline reports one line".to_string())
        } else if players > 2 {
            Some(format!("the search of {players} players reports one line"))
        } else if self.multi_search == MultiMethod::Race {
            Some("the race planner reports one line".to_string())
        } else {
            None
        }
    }

    pub fn apply(&self, settings: &mut SearchSettings) {
        settings.multi = if self.greedy {
            MultiMethod::Greedy(self.greedy_seed)
        } else {
            self.multi_search
        };
        settings.race_width = self.race_width;
        settings.race_replies = self.race_replies;
        settings.race_samples = self.race_samples;
        settings.race_rival = self.race_rival;
    }
}
