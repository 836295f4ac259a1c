//! The floors of src/ (docs/architecture.md): every `crate::<module>` path
//! in every source file, in `use` lines and inline, must name the file's
//! own top-level module or one of the floors below it, as [`FLOORS`] lists
//! them. Comments, doc comments and string literals are not code and are
//! left out. A climbing import fails the test with its file and line.

use std::path::{Path, PathBuf};

/// Each top-level module of the crate and the modules it may use besides
/// itself, lowest floors first. `out` (stdout for the sub-commands) depends
/// on nothing and serves the command-line tools only.
const FLOORS: &[(&str, &[&str])] = &[
    ("rules", &[]),
    ("evalkit", &[]),
    ("out", &[]),
    ("search", &["rules", "evalkit"]),
    ("games", &["rules", "evalkit", "search"]),
    ("engine", &["rules", "evalkit", "search", "games"]),
    (
        "protocol",
        &["rules", "evalkit", "search", "games", "engine"],
    ),
    (
        "engineclient",
        &["rules", "evalkit", "search", "games", "engine", "protocol"],
    ),
    (
        "matchrunner",
        &[
            "rules",
            "evalkit",
            "search",
            "games",
            "engine",
            "protocol",
            "engineclient",
            "out",
        ],
    ),
    (
        "tune",
        &[
            "rules",
            "evalkit",
            "search",
            "games",
            "engine",
            "protocol",
            "engineclient",
            "out",
        ],
    ),
    (
        "learn",
        &[
            "rules",
            "evalkit",
            "search",
            "games",
            "engine",
            "protocol",
            "engineclient",
            "matchrunner",
            "tune",
            "out",
        ],
    ),
    (
        "cli",
        &[
            "rules",
            "evalkit",
            "search",
            "games",
            "engine",
            "protocol",
            "engineclient",
            "matchrunner",
            "tune",
            "learn",
            "out",
        ],
    ),
];

/// The crate root files declare the modules and may name them all.
const ROOT_FILES: [&str; 2] = ["lib", "main"];

/// One path that leaves its floor.
#[derive(Debug, PartialEq, Eq)]
struct Climb {
    line: usize,
    target: String,
}

/// The source with comments and the insides of string and character
/// literals blanked out (newlines kept, so line numbers hold).
fn code_only(text: &str) -> String {
    let chars: Vec<char> = text.chars().collect();
    let mut out = String::with_capacity(text.len());
    let blank = |c: char| if c == '\n' { '\n' } else { ' ' };
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        let next = chars.get(i + 1).copied();
        if c == '/' && next == Some('/') {
            while i < chars.len() && chars[i] != '\n' {
                out.push(' ');
                i += 1;
            }
        } else if c == '/' && next == Some('*') {
            i = skip_block_comment(&chars, i, &mut out);
        } else if let Some(hashes) = raw_string_start(&chars, i) {
            i = skip_raw_string(&chars, i, hashes, &mut out);
        } else if c == '"' {
            out.push(' ');
            i += 1;
            while i < chars.len() && chars[i] != '"' {
                if chars[i] == '\\' && i + 1 < chars.len() {
                    out.push(blank(chars[i]));
                    i += 1;
                }
                out.push(blank(chars[i]));
                i += 1;
            }
            out.push(' ');
            i += 1;
        } else if c == '\'' && is_char_literal(&chars, i) {
            // `'"'`, `'\''`, `'a'`; a lifetime (`'a`) is code.
            let end = if chars[i + 1] == '\\' {
                chars
                    .get(i + 3..)
                    .unwrap_or_default()
                    .iter()
                    .position(|&c| c == '\'')
                    .map_or(chars.len() - 1, |k| i + 3 + k)
            } else {
                i + 2
            };
            for _ in i..=end {
                out.push(' ');
            }
            i = end + 1;
        } else {
            out.push(c);
            i += 1;
        }
    }
    out
}

fn skip_block_comment(chars: &[char], mut i: usize, out: &mut String) -> usize {
    let mut depth = 0;
    while i < chars.len() {
        if chars[i] == '/' && chars.get(i + 1) == Some(&'*') {
            depth += 1;
            out.push_str("  ");
            i += 2;
        } else if chars[i] == '*' && chars.get(i + 1) == Some(&'/') {
            depth -= 1;
            out.push_str("  ");
            i += 2;
            if depth == 0 {
                break;
            }
        } else {
            out.push(if chars[i] == '\n' { '\n' } else { ' ' });
            i += 1;
        }
    }
    i
}

/// `r"`, `r#"`, `br##"` ... at `i` (not inside an identifier): the number
/// of `#`s.
fn raw_string_start(chars: &[char], i: usize) -> Option<usize> {
    let before = i.checked_sub(1).map(|k| chars[k]);
    if before.is_some_and(|c| c.is_alphanumeric() || c == '_') {
        return None;
    }
    let mut k = i;
    if chars.get(k) == Some(&'b') {
        k += 1;
    }
    if chars.get(k) != Some(&'r') {
        return None;
    }
    k += 1;
    let hashes = chars[k..].iter().take_while(|&&c| c == '#').count();
    (chars.get(k + hashes) == Some(&'"')).then_some(hashes)
}

fn skip_raw_string(chars: &[char], mut i: usize, hashes: usize, out: &mut String) -> usize {
    while chars[i] != '"' {
        out.push(' ');
        i += 1;
    }
    out.push(' ');
    i += 1;
    let closes = |k: usize| chars[k] == '"' && (1..=hashes).all(|h| chars.get(k + h) == Some(&'#'));
    while i < chars.len() && !closes(i) {
        out.push(if chars[i] == '\n' { '\n' } else { ' ' });
        i += 1;
    }
    for _ in 0..=hashes {
        if i < chars.len() {
            out.push(' ');
            i += 1;
        }
    }
    i
}

/// True when the `'` at `i` opens a character literal, not a lifetime.
fn is_char_literal(chars: &[char], i: usize) -> bool {
    match chars.get(i + 1) {
        Some('\\') => true,
        Some(_) => chars.get(i + 2) == Some(&'\''),
        None => false,
    }
}

/// The top-level modules named by `crate::` paths in `code` (already
/// without comments and strings), with their lines: `crate::games::x`,
/// `$crate::out::line`, and each item of `use crate::{a::x, b}`.
fn crate_paths(code: &str) -> Vec<(usize, String)> {
    let line_of = |offset: usize| code[..offset].matches('\n').count() + 1;
    let mut found = Vec::new();
    for (at, _) in code.match_indices("crate::") {
        let before = code[..at].chars().next_back();
        if before.is_some_and(|c| c.is_alphanumeric() || c == '_') {
            continue; // `my_crate::`, not the crate root
        }
        let rest = &code[at + "crate::".len()..];
        let rest_at = at + "crate::".len();
        if let Some(group) = rest.strip_prefix('{') {
            let mut depth = 1;
            let mut item_start = 0;
            for (k, c) in group.char_indices() {
                let ends_item = match c {
                    '{' => {
                        depth += 1;
                        false
                    }
                    '}' => {
                        depth -= 1;
                        depth == 0
                    }
                    ',' => depth == 1,
                    _ => false,
                };
                if ends_item {
                    let item = &group[item_start..k];
                    let offset = rest_at + 1 + item_start + (item.len() - item.trim_start().len());
                    let name = first_segment(item.trim_start());
                    if !name.is_empty() && name != "self" {
                        found.push((line_of(offset), name));
                    }
                    item_start = k + 1;
                }
                if depth == 0 {
                    break;
                }
            }
        } else {
            let name = first_segment(rest);
            if !name.is_empty() {
                found.push((line_of(at), name));
            }
        }
    }
    found
}

fn first_segment(path: &str) -> String {
    path.chars()
        .take_while(|c| c.is_alphanumeric() || *c == '_')
        .collect()
}

/// The climbs in one file of module `layer`, or an error when the file's
/// module or a module it names is not in [`FLOORS`].
fn climbs(layer: &str, text: &str) -> Result<Vec<Climb>, String> {
    let allowed = floor_of(layer)?;
    let mut out = Vec::new();
    for (line, target) in crate_paths(&code_only(text)) {
        if ROOT_FILES.contains(&layer) || target == layer {
            continue;
        }
        floor_of(&target).map_err(|e| format!("line {line}: {e}"))?;
        if !allowed.contains(&target.as_str()) {
            out.push(Climb { line, target });
        }
    }
    Ok(out)
}

fn floor_of(module: &str) -> Result<&'static [&'static str], String> {
    if ROOT_FILES.contains(&module) {
        return Ok(&[]);
    }
    FLOORS
        .iter()
        .find(|(m, _)| *m == module)
        .map(|(_, below)| *below)
        .ok_or_else(|| format!("module '{module}' has no floor in tests/floors.rs's FLOORS"))
}

fn rust_files(dir: &Path, into: &mut Vec<PathBuf>) {
    let entries = std::fs::read_dir(dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display()));
    for entry in entries {
        let path = entry.expect("directory entry").path();
        if path.is_dir() {
            rust_files(&path, into);
        } else if path.extension().is_some_and(|x| x == "rs") {
            into.push(path);
        }
    }
}

/// The top-level module a file under src/ belongs to: its first folder, or
/// its own name for a file directly in src/ (`lib`, `out`).
fn layer_of(relative: &Path) -> String {
    let first = relative.components().next().expect("a path under src/");
    let name = first.as_os_str().to_string_lossy();
    name.strip_suffix(".rs").unwrap_or(&name).to_string()
}

#[test]
fn no_import_climbs_a_floor() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    rust_files(&src, &mut files);
    files.sort();
    assert!(files.len() > 100, "only {} files under src/", files.len());
    let mut failures = Vec::new();
    let mut paths_seen = 0;
    for file in &files {
        let relative = file.strip_prefix(&src).expect("under src/");
        let layer = layer_of(relative);
        let text = std::fs::read_to_string(file).expect("source file");
        paths_seen += crate_paths(&code_only(&text)).len();
        match climbs(&layer, &text) {
            Ok(found) => failures.extend(found.into_iter().map(|c| {
                format!(
                    "src/{}:{}: {layer} uses crate::{}, which is not below it",
                    relative.display(),
                    c.line,
                    c.target
                )
            })),
            Err(e) => failures.push(format!("src/{}: {e}", relative.display())),
        }
    }
    assert!(paths_seen > 300, "only {paths_seen} crate:: paths read");
    assert!(failures.is_empty(), "\n{}", failures.join("\n"));
}

#[test]
fn every_top_level_module_has_a_floor() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let lib = std::fs::read_to_string(src.join("lib.rs")).expect("src/lib.rs");
    let declared: Vec<&str> = lib
        .lines()
        .filter_map(|l| l.trim().strip_prefix("pub mod "))
        .filter_map(|l| l.strip_suffix(';'))
        .collect();
    assert!(declared.len() >= 10, "{declared:?}");
    for module in declared {
        assert!(floor_of(module).is_ok(), "{module} has no floor");
    }
}

#[test]
fn the_check_finds_climbs_and_skips_comments_and_strings() {
    let text = r##"//! Docs may name [`crate::tune`].
use crate::rules::RulesPosition;
use crate::tune::checks; // climbs
/// [`crate::cli`] in a doc comment
fn f() {
    let s = "crate::cli::run";
    let r = r#"crate::protocol "quoted" "#;
    let c = '"'; let d = crate::matchrunner::main; /* crate::engine */
    let q = '\''; let b = b'\\';
    let e: &'static str = "x";
}
use crate::{
    search::Searcher,
    engineclient::{Client, Dialect},
};
"##;
    let found = climbs("games", text).unwrap();
    let expected = [(3, "tune"), (8, "matchrunner"), (14, "engineclient")];
    let expected: Vec<Climb> = expected
        .iter()
        .map(|&(line, target)| Climb {
            line,
            target: target.to_string(),
        })
        .collect();
    assert_eq!(found, expected);
    // The same lines are fine one floor up, and a module without a floor
    // is an error, not a pass.
    assert_eq!(climbs("cli", text).unwrap(), []);
    assert!(climbs("games", "use crate::newfloor::x;").is_err());
    assert!(climbs("newfloor", "").is_err());
}
