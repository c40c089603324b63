//! The layers run one way, read from the sources' own `use` lines and paths:
//!
//! `main → cli, shell → registry → net → ui → host → registered, sim, stats, store → bots,
//! games, engine, text, files, config, highscores`.
//!
//! A file may name files of its own layer and of the layers below it, never above; and no two
//! files import each other, directly or round a circle. Test code (test modules and test-only
//! files) is left out: a test may drive any layer. A path through a `pub use` is followed to
//! the file that defines the item (a `pub use` is a dependency only where its file uses the
//! name). A module split into files is one unit for circles: a part may name the module it
//! belongs to (`super::`, a parent's shared types), as Rust's privacy lets it; every other
//! pair of files counts.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// The layers, top first; a top-level module not listed here fails the test (say where it goes).
const LAYERS: &[&[&str]] = &[
    &["main"],
    &["cli", "shell", "testkit"],
    &["registry"],
    &["net"],
    &["ui"],
    &["host"],
    &["registered", "sim", "stats", "store"],
    &[
        "bots",
        "games",
        "engine",
        "text",
        "files",
        "config",
        "highscores",
    ],
];

/// Files that are test code as a whole (declared under `#[cfg(test)]` or named for tests).
fn is_test_file(rel: &str) -> bool {
    let name = rel.rsplit('/').next().unwrap_or(rel);
    name.ends_with("tests.rs")
        || name == "testutil.rs"
        || rel.contains("/tests/")
        || rel == "layers_tests.rs"
        || rel == "ui/demo.rs"
}

/// One source file: its module path and its code without comments or test items.
struct File {
    module: Vec<String>,
    code: String,
}

/// The module path of the file at `rel` (relative to `src`).
fn module_of(rel: &str) -> Vec<String> {
    let trimmed = rel.trim_end_matches(".rs");
    let mut parts: Vec<String> = trimmed.split('/').map(str::to_string).collect();
    if parts.last().is_some_and(|p| p == "mod" || p == "lib") {
        parts.pop();
    }
    if parts == ["main"] {
        return vec!["main".into()];
    }
    parts
}

/// The code of a file without its comments, string contents and `#[cfg(test)]` items.
fn strip(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let b = text.as_bytes();
    let mut i = 0;
    while i < b.len() {
        if text[i..].starts_with("//") {
            while i < b.len() && b[i] != b'\n' {
                i += 1;
            }
        } else if text[i..].starts_with("/*") {
            i = text[i..].find("*/").map_or(b.len(), |e| i + e + 2);
        } else if b[i] == b'"' {
            // A string's contents are not code ("crate::" in a message names nothing).
            i += 1;
            while i < b.len() && b[i] != b'"' {
                i += if b[i] == b'\\' { 2 } else { 1 };
            }
            i += 1;
            out.push_str("\"\"");
        } else if text[i..].starts_with("#[cfg(test)]") {
            i = skip_item(text, i + "#[cfg(test)]".len());
        } else {
            let c = text[i..].chars().next().unwrap_or(' ');
            out.push(c);
            i += c.len_utf8();
        }
    }
    out
}

/// The end of the item that starts at `from`: its `;`, or the brace that closes its body.
fn skip_item(text: &str, from: usize) -> usize {
    let b = text.as_bytes();
    let mut depth = 0usize;
    let mut i = from;
    while i < b.len() {
        match b[i] {
            b'{' => depth += 1,
            b'}' => {
                depth = depth.saturating_sub(1);
                if depth == 0 {
                    return i + 1;
                }
            }
            b';' if depth == 0 => return i + 1,
            _ => {}
        }
        i += 1;
    }
    b.len()
}

/// Every `.rs` file under `src`, by path relative to it.
fn sources() -> BTreeMap<String, File> {
    fn walk(dir: &Path, out: &mut Vec<PathBuf>) {
        for e in std::fs::read_dir(dir).into_iter().flatten().flatten() {
            let p = e.path();
            if p.is_dir() {
                walk(&p, out);
            } else if p.extension().is_some_and(|x| x == "rs") {
                out.push(p);
            }
        }
    }
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut paths = Vec::new();
    walk(&root, &mut paths);
    let mut files = BTreeMap::new();
    for p in paths {
        let Ok(rel) = p.strip_prefix(&root) else {
            continue;
        };
        let rel = rel.to_string_lossy().replace('\\', "/");
        if is_test_file(&rel) {
            continue;
        }
        let text = std::fs::read_to_string(&p).expect("source");
        files.insert(
            rel.clone(),
            File {
                module: module_of(&rel),
                code: strip(&text),
            },
        );
    }
    files
}

/// The paths of one `use` tree (`a::{b, c::d}` → `a::b`, `a::c::d`), each as segments; a
/// `self` inside braces is the prefix itself, and an `as` alias is dropped.
fn expand(tree: &str) -> Vec<Vec<String>> {
    // Aliases go first (`c as d` is `c`), then the blanks.
    let words: Vec<&str> = tree.split_whitespace().collect();
    let mut kept = String::new();
    let mut i = 0;
    while i < words.len() {
        if words[i] == "as" {
            // The alias may end in the `,` or `}` that follows it.
            let alias = words.get(i + 1).copied().unwrap_or("");
            kept.push_str(alias.trim_start_matches(|c: char| c.is_alphanumeric() || c == '_'));
            i += 2;
        } else {
            kept.push_str(words[i]);
            i += 1;
        }
    }
    let tree = kept;
    let mut out = Vec::new();
    expand_into(&tree, &[], &mut out);
    out
}

fn expand_into(tree: &str, prefix: &[String], out: &mut Vec<Vec<String>>) {
    if let Some(open) = tree.find('{') {
        let head: Vec<String> = tree[..open]
            .split("::")
            .filter(|s| !s.is_empty())
            .map(str::to_string)
            .collect();
        let inner = &tree[open + 1..tree.rfind('}').unwrap_or(tree.len())];
        let mut base = prefix.to_vec();
        base.extend(head);
        let mut depth = 0;
        let mut start = 0;
        let mut parts = Vec::new();
        for (i, c) in inner.char_indices() {
            match c {
                '{' => depth += 1,
                '}' => depth -= 1,
                ',' if depth == 0 => {
                    parts.push(&inner[start..i]);
                    start = i + 1;
                }
                _ => {}
            }
        }
        parts.push(&inner[start..]);
        for p in parts.into_iter().filter(|p| !p.is_empty()) {
            if p == "self" {
                out.push(base.clone());
            } else {
                expand_into(p, &base, out);
            }
        }
    } else {
        let mut segs = prefix.to_vec();
        segs.extend(
            tree.split("::")
                .filter(|s| !s.is_empty())
                .map(str::to_string),
        );
        out.push(segs);
    }
}

/// The `use` statements of `code`: (is it a `pub use`, its paths).
fn uses(code: &str) -> Vec<(bool, Vec<Vec<String>>)> {
    let mut out = Vec::new();
    let mut rest = code;
    while let Some(at) = rest.find("use ") {
        let before = &rest[..at];
        let starts = before
            .chars()
            .last()
            .is_none_or(|c| c == '\n' || c == ' ' || c == ';' || c == '{' || c == '}');
        let line_start = before.rfind('\n').map_or(0, |n| n + 1);
        let lead = before[line_start..].trim();
        let public = lead.starts_with("pub");
        let Some(end) = rest[at..].find(';') else {
            break;
        };
        if starts && (lead.is_empty() || public) {
            out.push((public, expand(&rest[at + 4..at + end])));
        }
        rest = &rest[at + end..];
    }
    out
}

/// `code` without its `use` statements.
fn without_uses(code: &str) -> String {
    code.split(';')
        .filter(|stmt| {
            let t = stmt.trim_start();
            !(t.starts_with("use ") || (t.starts_with("pub") && t.contains(" use ")))
        })
        .collect::<Vec<_>>()
        .join(";")
}

/// Whether `name` stands in `code` as a word of its own.
fn has_word(code: &str, name: &str) -> bool {
    let word = |c: char| c.is_alphanumeric() || c == '_';
    code.match_indices(name).any(|(i, _)| {
        !code[..i].chars().last().is_some_and(word)
            && !code[i + name.len()..].chars().next().is_some_and(word)
    })
}

/// The paths named outside `use` statements: `crate::a::b`, `super::a`, `hotseat::a`.
fn inline_paths(code: &str) -> Vec<Vec<String>> {
    let mut out = Vec::new();
    for root in ["crate::", "super::", "hotseat::"] {
        let mut from = 0;
        while let Some(at) = code[from..].find(root) {
            let start = from + at;
            let prev = code[..start].chars().last();
            from = start + root.len();
            if prev.is_some_and(|c| c.is_alphanumeric() || c == '_' || c == ':') {
                continue;
            }
            let path: String = code[start..]
                .chars()
                .take_while(|c| c.is_alphanumeric() || *c == '_' || *c == ':')
                .collect();
            // `crate::{a, b}` is a `use` line's, read there.
            if path.trim_end_matches(':') == root.trim_end_matches(':') {
                continue;
            }
            out.push(
                path.split("::")
                    .filter(|s| !s.is_empty())
                    .map(str::to_string)
                    .collect(),
            );
        }
    }
    out
}

struct Tree {
    /// Module path → file.
    files: BTreeMap<Vec<String>, String>,
    /// Per module: the names it re-exports, with the path each stands for (from that module).
    aliases: BTreeMap<Vec<String>, BTreeMap<String, Vec<String>>>,
    /// `#[macro_export]` macros, which live at the crate's root, by the file that defines them.
    macros: BTreeMap<String, String>,
}

impl Tree {
    /// The absolute module path `segs` names from `module` (a `use` path may start at a child
    /// module); `None` for another crate's.
    fn absolute(&self, module: &[String], segs: &[String], in_use: bool) -> Option<Vec<String>> {
        let first = segs.first()?;
        let mut abs: Vec<String> = match first.as_str() {
            "crate" | "hotseat" => Vec::new(),
            "self" => module.to_vec(),
            "super" => {
                let mut m = module.to_vec();
                let mut rest = segs;
                while rest.first().is_some_and(|s| s == "super") {
                    m.pop();
                    rest = &rest[1..];
                }
                m.extend(rest.iter().cloned());
                return Some(m);
            }
            _ if in_use => {
                let mut child = module.to_vec();
                child.push(first.clone());
                if !self.files.contains_key(&child) {
                    return None;
                }
                return Some(module.iter().chain(segs).cloned().collect());
            }
            _ => return None,
        };
        abs.extend(segs[1..].iter().cloned());
        Some(abs)
    }

    /// The file that defines what `path` names, through re-exports.
    fn file_of(&self, path: &[String], depth: usize) -> Option<String> {
        if let [name] = path
            && let Some(file) = self.macros.get(name)
        {
            return Some(file.clone());
        }
        let mut n = path.len();
        while n > 0 && !self.files.contains_key(&path[..n]) {
            n -= 1;
        }
        let module = &path[..n];
        if depth < 8
            && let Some(name) = path.get(n)
            && let Some(target) = self.aliases.get(module).and_then(|a| a.get(name))
            && let Some(abs) = self.absolute(module, target, true)
        {
            let mut full = abs;
            full.extend(path[n + 1..].iter().cloned());
            return self.file_of(&full, depth + 1);
        }
        self.files.get(module).cloned()
    }
}

/// Every file's imports of other files.
fn graph() -> BTreeMap<String, BTreeSet<String>> {
    named()
        .into_iter()
        .map(|(f, to)| (f, to.into_keys().collect()))
        .collect()
}

/// Every file's imports of other files, each with a path that names it (for the messages).
fn named() -> BTreeMap<String, BTreeMap<String, String>> {
    let files = sources();
    let mut tree = Tree {
        files: files
            .iter()
            .map(|(rel, f)| (f.module.clone(), rel.clone()))
            .collect(),
        aliases: BTreeMap::new(),
        macros: BTreeMap::new(),
    };
    for (rel, f) in &files {
        for part in f.code.split("macro_rules!").skip(1) {
            let name: String = part
                .trim_start()
                .chars()
                .take_while(|c| c.is_alphanumeric() || *c == '_')
                .collect();
            tree.macros.insert(name, rel.clone());
        }
    }
    for f in files.values() {
        let mut names = BTreeMap::new();
        for (public, paths) in uses(&f.code) {
            if public {
                for p in paths {
                    if let Some(last) = p.last() {
                        names.insert(last.clone(), p.clone());
                    }
                }
            }
        }
        tree.aliases.insert(f.module.clone(), names);
    }
    let mut graph = BTreeMap::new();
    // A part naming the module it belongs to (its parent or further up) is not an import.
    let ancestor = |of: &[String], file: &str| {
        files
            .get(file)
            .is_some_and(|f| f.module.len() < of.len() && of.starts_with(&f.module))
    };
    for (rel, f) in &files {
        let mut to = BTreeMap::new();
        // A `pub use` is a dependency too where the file itself uses the name it brings in.
        let body = without_uses(&f.code);
        let used = |p: &Vec<String>| p.last().is_some_and(|name| has_word(&body, name));
        let named = uses(&f.code)
            .into_iter()
            .flat_map(|(public, p)| p.into_iter().map(move |p| (public, p)))
            .filter(|(public, p)| !public || used(p))
            .map(|(_, p)| (p, true))
            .chain(inline_paths(&f.code).into_iter().map(|p| (p, false)));
        for (p, in_use) in named {
            if let Some(abs) = tree.absolute(&f.module, &p, in_use)
                && let Some(file) = tree.file_of(&abs, 0)
                && file != *rel
                && !ancestor(&f.module, &file)
            {
                to.entry(file).or_insert_with(|| p.join("::"));
            }
        }
        graph.insert(rel.clone(), to);
    }
    graph
}

/// The layer of a file, by its top-level module (0 is the top).
fn layer(rel: &str) -> Option<usize> {
    let top = rel.split('/').next()?.trim_end_matches(".rs");
    let top = if top == "lib" { "registry" } else { top };
    LAYERS.iter().position(|l| l.contains(&top))
}

#[test]
fn every_import_runs_down_the_layers() {
    let graph = named();
    let mut wrong = Vec::new();
    for (from, tos) in &graph {
        let Some(a) = layer(from) else {
            wrong.push(format!("{from}: its layer is not in LAYERS"));
            continue;
        };
        for (to, path) in tos {
            match layer(to) {
                Some(b) if b >= a => {}
                _ => wrong.push(format!("{from} imports {to} ({path}), a layer above it")),
            }
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
    // The reader sees what it should: the lobby names the host, the host names no screen.
    assert!(graph["ui/lobby/mod.rs"].contains_key("host/hub.rs"));
    assert!(graph["net/conn.rs"].contains_key("ui/app.rs"));
}

/// The import circles among files (Tarjan's strongly connected components of two or more).
fn circles(graph: &BTreeMap<String, BTreeSet<String>>) -> Vec<Vec<String>> {
    struct T<'a> {
        g: &'a BTreeMap<String, BTreeSet<String>>,
        index: BTreeMap<&'a str, usize>,
        low: BTreeMap<&'a str, usize>,
        stack: Vec<&'a str>,
        on: BTreeSet<&'a str>,
        next: usize,
        out: Vec<Vec<String>>,
    }
    fn visit<'a>(t: &mut T<'a>, v: &'a str) {
        t.index.insert(v, t.next);
        t.low.insert(v, t.next);
        t.next += 1;
        t.stack.push(v);
        t.on.insert(v);
        let g = t.g;
        for w in g.get(v).into_iter().flatten() {
            let w = w.as_str();
            if !t.index.contains_key(w) {
                visit(t, w);
                let lw = t.low[w];
                let lv = t.low[v];
                t.low.insert(v, lv.min(lw));
            } else if t.on.contains(w) {
                let iw = t.index[w];
                let lv = t.low[v];
                t.low.insert(v, lv.min(iw));
            }
        }
        if t.low[v] == t.index[v] {
            let mut scc = Vec::new();
            while let Some(w) = t.stack.pop() {
                t.on.remove(w);
                scc.push(w.to_string());
                if w == v {
                    break;
                }
            }
            if scc.len() > 1 {
                scc.sort();
                t.out.push(scc);
            }
        }
    }
    let mut t = T {
        g: graph,
        index: BTreeMap::new(),
        low: BTreeMap::new(),
        stack: Vec::new(),
        on: BTreeSet::new(),
        next: 0,
        out: Vec::new(),
    };
    for v in graph.keys() {
        if !t.index.contains_key(v.as_str()) {
            visit(&mut t, v);
        }
    }
    t.out
}

#[test]
fn no_two_files_import_each_other_even_round_a_circle() {
    let found = circles(&graph());
    let shown: Vec<String> = found.iter().map(|c| c.join(" ↔ ")).collect();
    assert!(found.is_empty(), "import circles:\n{}", shown.join("\n"));
}

/// Product code and test code apart: no product file asks whether it runs under test
/// (`cfg!(test)`); what a test needs differently (inline thinking, no records written) is
/// passed down by the caller, as `ui::work::Local` is.
#[test]
fn no_product_code_asks_whether_it_is_under_test() {
    let asking: Vec<String> = sources()
        .into_iter()
        .filter(|(_, f)| asks_if_tested(&f.code))
        .map(|(rel, _)| rel)
        .collect();
    assert!(asking.is_empty(), "`cfg!(test)` in: {asking:?}");
}

/// Whether `code` (stripped of comments, strings and test items) branches on `cfg!(test)`.
fn asks_if_tested(code: &str) -> bool {
    let squeezed: String = code.chars().filter(|c| !c.is_whitespace()).collect();
    squeezed.contains("cfg!(test)")
}

#[test]
fn the_reader_finds_a_circle_and_a_wrong_way_import() {
    // The question "am I under test?" is seen in code, not in comments or test items.
    assert!(asks_if_tested(&strip("fn f() { if cfg! (test) { g() } }")));
    assert!(!asks_if_tested(&strip(
        "// cfg!(test)\nfn f() {}\n#[cfg(test)]\nfn g() { cfg!(test); }"
    )));
    // The checks can fail: a made-up pair of files that import each other is a circle.
    let mut g = BTreeMap::new();
    g.insert("a.rs".to_string(), BTreeSet::from(["b.rs".to_string()]));
    g.insert("b.rs".to_string(), BTreeSet::from(["a.rs".to_string()]));
    g.insert("c.rs".to_string(), BTreeSet::from(["a.rs".to_string()]));
    assert_eq!(
        circles(&g),
        vec![vec!["a.rs".to_string(), "b.rs".to_string()]]
    );
    // And the reader sees grouped, aliased and relative imports.
    assert_eq!(
        expand("crate::{a::{b, c as d}, e}"),
        vec![
            vec!["crate", "a", "b"],
            vec!["crate", "a", "c"],
            vec!["crate", "e"],
        ]
    );
    let code = strip(
        "use super::x; // crate::ui::nothing\nfn f() { crate::ui::play::go(\"crate::no\") }\n#[cfg(test)]\nmod tests { use crate::net::y; }",
    );
    assert_eq!(uses(&code).len(), 1);
    assert_eq!(
        inline_paths(&code),
        vec![vec!["crate", "ui", "play", "go"], vec!["super", "x"]]
    );
    assert_eq!(layer("ui/play.rs"), Some(4));
    assert_eq!(layer("host/hub.rs"), Some(5));
}
