//! Halma records for `tabula match`: the block format of
//! protocol-spec/chinesecheckers.md §7 (halma.md §6), written and read by
//! the shared [`crate::games::hopboard::record`].

use super::{Halma, OPTION_BOARD_SIZE, OPTION_CAMP_EXIT, board};
use crate::games::Outcome;
use crate::games::hopboard::options::{OPTION_FINISH, OPTION_PLAYERS, finish_name};
use crate::games::hopboard::record;
use crate::games::record::{GameRecord, MatchRules, RecordFormat};

pub type GameBlock = record::GameBlock<Halma>;

impl RecordFormat for Halma {
    const SIDES: [&'static str; 2] = ["Player 1", "Player 2"];
    const RECORD_EXT: &'static str = "hmr";

    fn outcome_text(&self, outcome: &Outcome) -> String {
        record::outcome_text(outcome)
    }

    fn write_record(&self, rec: &GameRecord) -> String {
        record::write_record(self, rec, &self.rules_text())
    }
}

impl Halma {
    /// The rule options as `Name=value` pairs, comma-separated; the
    /// camp-exit limit as played (the board's when left to it).
    fn rules_text(&self) -> String {
        format!(
            "{OPTION_BOARD_SIZE}={}, {OPTION_PLAYERS}={}, {OPTION_FINISH}={}, {OPTION_CAMP_EXIT}={}",
            self.size,
            self.players,
            finish_name(self.finish),
            self.rules().home_exit_limit
        )
    }
}

/// `--size` is the board size; the size and the players reach the engines
/// as options.
impl MatchRules for Halma {
    const SIZE_OPTION: Option<&'static str> = Some(OPTION_BOARD_SIZE);

    fn configure(
        &mut self,
        size: Option<u32>,
        half_komi: Option<i32>,
    ) -> Result<Option<String>, String> {
        if half_komi.is_some() {
            return Err("halma has no komi".to_string());
        }
        if let Some(size) = size {
            let size = size as usize;
            if !board::SIZES.contains(&size) {
                return Err(format!("--size {size}: Halma is played on 8, 10 or 16"));
            }
            self.size = size;
        }
        Ok(None)
    }

    fn rule_options(&self) -> Vec<(String, String)> {
        let mut v = Vec::new();
        if self.size != 16 {
            v.push((OPTION_BOARD_SIZE.to_string(), self.size.to_string()));
        }
        if self.players != 2 {
            v.push((OPTION_PLAYERS.to_string(), self.players.to_string()));
        }
        v
    }
}

/// Reads the blocks of a record file (blank lines between them).
pub fn parse_records(text: &str) -> Result<Vec<GameBlock>, String> {
    record::parse_records(text)
}
