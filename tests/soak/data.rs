//! The soak's data on each game of the registry: `fixtures/soak/<id>.txt`,
//! read at run time. One section per dialect the game speaks, named by its
//! handshake word (`[uci]`, `[xboard]`, `[hub]`); in a section each line is
//! a key, a blank and a value (the rest of the line; a key alone has the
//! empty value); `#` starts a comment line. Which keys a section holds is
//! the business of its dialect's driver, which reads them with
//! [`Section`]'s accessors and refuses keys it does not know.

use std::fs;

/// The folder of the data files.
pub fn dir() -> String {
    format!("{}/fixtures/soak", env!("CARGO_MANIFEST_DIR"))
}

/// The data file of game `id`.
pub fn path(id: &str) -> String {
    format!("{}/{id}.txt", dir())
}

/// One dialect's section of a game's data file.
#[derive(Clone, Debug)]
pub struct Section {
    /// `fixtures/soak/<id>.txt [<handshake>]`, for messages.
    pub place: String,
    pub handshake: String,
    /// The lines as (line number, key, value).
    entries: Vec<(usize, String, String)>,
}

impl Section {
    fn fail(&self, what: &str) -> ! {
        panic!("{}: {what}", self.place)
    }

    /// Every value of `key`, in order.
    pub fn all(&self, key: &str) -> Vec<String> {
        self.entries
            .iter()
            .filter(|(_, k, _)| k == key)
            .map(|(_, _, v)| v.clone())
            .collect()
    }

    /// The values of `key`, at least one.
    pub fn some(&self, key: &str) -> Vec<String> {
        let v = self.all(key);
        if v.is_empty() {
            self.fail(&format!("no `{key}` line"));
        }
        v
    }

    /// The one value of `key`, if it has a line.
    pub fn maybe(&self, key: &str) -> Option<String> {
        let mut v = self.all(key);
        if v.len() > 1 {
            self.fail(&format!("{} `{key}` lines, at most one", v.len()));
        }
        v.pop()
    }

    /// The one value of `key`.
    pub fn one(&self, key: &str) -> String {
        self.maybe(key)
            .unwrap_or_else(|| self.fail(&format!("no `{key}` line")))
    }

    /// The blank-separated words of every `key` line, in order.
    pub fn words(&self, key: &str) -> Vec<String> {
        self.all(key)
            .iter()
            .flat_map(|v| v.split_whitespace().map(str::to_string))
            .collect()
    }

    /// The words of `key`, at least one.
    pub fn some_words(&self, key: &str) -> Vec<String> {
        let w = self.words(key);
        if w.is_empty() {
            self.fail(&format!("no `{key}` words"));
        }
        w
    }

    /// The number of `key`.
    pub fn number(&self, key: &str) -> usize {
        let v = self.one(key);
        v.parse()
            .unwrap_or_else(|_| self.fail(&format!("`{key} {v}` is not a number")))
    }

    /// Fails on a key the driver does not read (a typo would otherwise
    /// leave data unused).
    pub fn only(&self, known: &[&str]) {
        for (n, k, _) in &self.entries {
            if !known.contains(&k.as_str()) {
                self.fail(&format!(
                    "line {n}: unknown key `{k}` (this dialect's driver reads {known:?})"
                ));
            }
        }
    }
}

/// A game's data file, read.
pub struct GameData {
    pub sections: Vec<Section>,
}

impl GameData {
    /// The section of `handshake`.
    pub fn section(&self, id: &str, handshake: &str) -> &Section {
        self.sections
            .iter()
            .find(|s| s.handshake == handshake)
            .unwrap_or_else(|| {
                panic!(
                    "{}: no [{handshake}] section: how the soak plays {id} over {handshake}",
                    path(id)
                )
            })
    }
}

/// Reads the data file of game `id`; a missing file or a line outside a
/// section fails naming the file.
pub fn read(id: &str) -> GameData {
    let path = path(id);
    let text = fs::read_to_string(&path).unwrap_or_else(|e| {
        panic!(
            "{id}: cannot read {path} ({e}): write the soak's data on {id} there \
             (docs/testing.md, \"The soak\")"
        )
    });
    let mut sections: Vec<Section> = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let n = i + 1;
        let line = line.trim_end();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        if let Some(name) = line.strip_prefix('[').and_then(|l| l.strip_suffix(']')) {
            if sections.iter().any(|s| s.handshake == name) {
                panic!("{path}: line {n}: a second [{name}] section");
            }
            sections.push(Section {
                place: format!("fixtures/soak/{id}.txt [{name}]"),
                handshake: name.to_string(),
                entries: Vec::new(),
            });
            continue;
        }
        let Some(section) = sections.last_mut() else {
            panic!("{path}: line {n}: {line:?} before the first [section]");
        };
        let (key, value) = line.split_once(' ').unwrap_or((line, ""));
        section
            .entries
            .push((n, key.to_string(), value.to_string()));
    }
    GameData { sections }
}
