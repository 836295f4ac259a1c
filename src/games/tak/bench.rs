//! Positions searched by `bench` (middlegames of sizes 5 and 6).

pub const BENCH_DEPTH: u32 = 6;

pub const BENCH_TPS: &[&str] = &["x6/x6/x6/x6/x6/x6 1 1"];
