//! The bench node totals pinned in fixtures/bench/signatures.txt.
//!
//! A pure refactor must not move them; a deliberate search change updates the fixture
//! in the same commit.

use tabula::engine::registry;

fn pinned() -> Vec<(String, u32, u64)> {
    let text = std::fs::read_to_string("fixtures/bench/signatures.txt")
        .unwrap_or_else(|e| panic!("fixtures/bench/signatures.txt: {e}"));
    text.lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|l| {
            let f: Vec<&str> = l.split_whitespace().collect();
            assert_eq!(f.len(), 3, "bad signature line {l:?}");
            (
                f[0].to_string(),
                f[1].parse().expect("depth"),
                f[2].parse().expect("nodes"),
            )
        })
        .collect()
}

#[test]
fn bench_node_totals_match_the_pinned_signatures() {
    let table = pinned();
    assert!(table.len() >= 3, "every playing game has a signature");
    let mut wrong = Vec::new();
    for (game, depth, nodes) in &table {
        let (tx, _rx) = crossbeam_channel::unbounded();
        let session = registry::create(game, tx, 16).unwrap_or_else(|| panic!("no game {game}"));
        let report = session.bench(Some(*depth), 16, 1);
        if report.nodes != *nodes {
            wrong.push(format!(
                "{game} depth {depth}: {} nodes, pinned {nodes}",
                report.nodes
            ));
        }
    }
    assert!(
        wrong.is_empty(),
        "bench signatures moved:\n{}",
        wrong.join("\n")
    );
}
