//! Chinese checkers records for `tabula match` (protocol-spec/
//! chinesecheckers.md §7), written and read by the shared
//! [`crate::games::hopboard::record`].

use super::{ChineseCheckers, OPTION_HOME_EXIT, OPTION_LONG_JUMPS};
use crate::games::Outcome;
use crate::games::hopboard::HopKind;
use crate::games::hopboard::options::{OPTION_FINISH, OPTION_PLAYERS, finish_name};
use crate::games::hopboard::record;
use crate::games::record::{GameRecord, MatchRules, RecordFormat};

pub type GameBlock = record::GameBlock<ChineseCheckers>;

impl RecordFormat for ChineseCheckers {
    const SIDES: [&'static str; 2] = ["Player 1", "Player 2"];
    const RECORD_EXT: &'static str = "ccr";

    fn outcome_text(&self, outcome: &Outcome) -> String {
        record::outcome_text(outcome)
    }

    fn write_record(&self, rec: &GameRecord) -> String {
        record::write_record(self, rec, &self.rules_text())
    }
}

impl ChineseCheckers {
    /// The rule options as `Name=value` pairs, comma-separated.
    fn rules_text(&self) -> String {
        format!(
            "{OPTION_PLAYERS}={}, {OPTION_LONG_JUMPS}={}, {OPTION_HOME_EXIT}={}, {OPTION_FINISH}={}",
            self.players,
            self.rules.hops == HopKind::Long,
            self.rules.home_exit_limit,
            finish_name(self.rules.finish)
        )
    }
}

/// Players other than two reach the engines as the `Players` option.
impl MatchRules for ChineseCheckers {
    fn rule_options(&self) -> Vec<(String, String)> {
        if self.players == 2 {
            return Vec::new();
        }
        vec![(OPTION_PLAYERS.to_string(), self.players.to_string())]
    }
}

/// Reads the blocks of a record file (blank lines between them).
pub fn parse_records(text: &str) -> Result<Vec<GameBlock>, String> {
    record::parse_records(text)
}
