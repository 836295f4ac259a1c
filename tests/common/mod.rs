//! Helpers shared by the integration tests. Every test binary that says
//! `mod common;` compiles all of them but uses only its part, hence the
//! dead-code allowance.
#![allow(dead_code)]

pub mod cli;
pub mod daemon;
pub mod driver;
pub mod mate;
pub mod moves;
pub mod nnue;
pub mod perft;
pub mod quiet_checks;
pub mod rng;
pub mod scripts;
