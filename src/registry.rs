//! The list of games. Adding a game: its rules module (`src/games/<id>`), its bots, its UI
//! module with its `impl Registered` (bots, rules page, aliases), and one line in [`GAMES`].
//!
//! The list sits on top of the layers it ties together (each entry names a game's rules, bots
//! and screen): `main` and the command line read it and hand it down, to the launcher as its
//! catalogue and to the host as the games it runs ([`host_games`]). Nothing below imports it.

pub use crate::registered::{AnyTable, Entry, GameInfo, Registered, Scoring};
pub use crate::ui::registered::AnyGame;

/// The one list of games, in launcher order: each game's id and its rules type. [`GAMES`] and
/// every per-game list in the tests and benches are written from it, so a sixth game added here
/// gets every check at once (and one added anywhere else gets none).
///
/// - `for_each_game!(my_macro)` calls `my_macro! { pocket => hotseat::games::pocket::Pocket,
///   kokoro => ..., }`: for one test function per game, or an array.
/// - `for_each_game!(|G| check::<G>())` runs the expression once per game with `G` naming its
///   rules type (a type alias, so a generic function defined outside the block takes it).
#[macro_export]
macro_rules! for_each_game {
    // The list itself, handed to the arm named by `$how`.
    (@list $($how:tt)*) => {
        $crate::for_each_game! { $($how)* ;
            pocket => $crate::games::pocket::Pocket,
            kokoro => $crate::games::kokoro::Kokoro,
            couperation => $crate::games::couperation::Couperation,
            rocca => $crate::games::rocca::Rocca,
            cocoon => $crate::games::cocoon::Cocoon,
        }
    };
    (@call $callback:ident ; $($id:ident => $game:ty,)*) => {
        $callback! { $($id => $game,)* }
    };
    (@each [$t:ident $body:expr] ; $($id:ident => $game:ty,)*) => {
        $({
            #[allow(dead_code)]
            type $t = $game;
            $body;
        })*
    };
    (|$t:ident| $body:expr) => {
        $crate::for_each_game! { @list @each [$t $body] }
    };
    ($callback:ident) => {
        $crate::for_each_game! { @list @call $callback }
    };
}

/// The entries of [`GAMES`], written from [`for_each_game!`].
macro_rules! entries {
    ($($id:ident => $game:ty,)*) => {
        &[$(&Entry::<$game>::NEW),*]
    };
}

/// Every game, in launcher order.
pub static GAMES: &[&dyn AnyGame] = crate::for_each_game!(entries);

/// The games as the host runs them.
pub fn host_games() -> Vec<&'static dyn crate::host::game::HostGame> {
    GAMES
        .iter()
        .map(|&g| g as &'static dyn crate::host::game::HostGame)
        .collect()
}

/// A game by id or alias.
pub fn find(id: &str) -> Option<&'static dyn AnyGame> {
    GAMES
        .iter()
        .copied()
        .find(|g| g.id() == id || g.aliases().contains(&id))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_game_fits_the_launcher_at_80_columns() {
        for g in GAMES {
            // The launcher indents the pitch by four columns inside a bordered 80-column list.
            assert!(
                g.pitch().chars().count() <= 74,
                "{}: pitch too long",
                g.id()
            );
            assert!(find(g.id()).is_some());
            assert!(
                !g.bots().is_empty() && g.bots().iter().any(|(k, _)| *k == "random"),
                "{}",
                g.id()
            );
            assert!(
                g.rules().contains("## Keys"),
                "{}: rules page without keys",
                g.id()
            );
            assert!(
                g.rules().contains("## Choices this program makes"),
                "{}: rules page without choices",
                g.id()
            );
        }
        assert_eq!(GAMES.len(), 5);
        assert_eq!(find("coupe").map(|g| g.id()), Some("couperation"));
    }

    /// The names the list gives its games (test functions are named after them) are their ids,
    /// in the launcher's order.
    #[test]
    fn the_list_names_each_game_by_its_id() {
        macro_rules! ids {
            ($($id:ident => $game:ty,)*) => {
                vec![$((stringify!($id), <$game as crate::engine::Game>::ID)),*]
            };
        }
        let named: Vec<(&str, &str)> = crate::for_each_game!(ids);
        for (name, id) in &named {
            assert_eq!(name, id);
        }
        let ids: Vec<&str> = named.iter().map(|(_, id)| *id).collect();
        assert_eq!(ids, GAMES.iter().map(|g| g.id()).collect::<Vec<_>>());
        let mut seen = Vec::new();
        crate::for_each_game!(|G| {
            seen.push(<G as crate::engine::Game>::ID);
        });
        assert_eq!(seen, ids);
    }

    /// The README's table of games is this list: ids, names and player counts, in order.
    #[test]
    fn the_readme_lists_every_game() {
        let readme = include_str!("../README.md");
        let rows: Vec<&str> = readme
            .lines()
            .skip_while(|l| !l.starts_with("| id | game |"))
            .skip(2)
            .take_while(|l| l.starts_with('|'))
            .collect();
        assert_eq!(rows.len(), GAMES.len(), "{rows:?}");
        for (row, g) in rows.iter().zip(GAMES) {
            let (min, max) = g.players();
            let players = if min == max {
                min.to_string()
            } else {
                format!("{min}–{max}")
            };
            let start = format!("| `{}` | {} | {players} |", g.id(), g.name());
            assert!(
                row.starts_with(&start),
                "README row {row:?}, expected {start:?}"
            );
        }
    }

    /// The UI and the engine do not import this list: it sits on top of them (no cycle).
    #[test]
    fn nothing_below_the_registry_imports_it() {
        fn scan(dir: &std::path::Path, found: &mut Vec<String>) {
            for e in std::fs::read_dir(dir).into_iter().flatten().flatten() {
                let p = e.path();
                if p.is_dir() {
                    scan(&p, found);
                } else if p.extension().is_some_and(|x| x == "rs")
                // Test modules may use the real list.
                && !p.file_name().is_some_and(|n| n.to_string_lossy().ends_with("tests.rs"))
                    // Only the code before a file's test module counts.
                && std::fs::read_to_string(&p).is_ok_and(|t| {
                    t.split("#[cfg(test)]\nmod tests")
                        .next()
                        .is_some_and(|code| code.contains("crate::registry"))
                }) {
                    found.push(p.display().to_string());
                }
            }
        }
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
        let mut found = Vec::new();
        for layer in ["ui", "host", "engine", "games", "bots"] {
            scan(&root.join(layer), &mut found);
        }
        assert!(found.is_empty(), "{found:?} import the registry");
    }

    /// No two files of the rules, the engine and the computer players import each other, even
    /// through others: each sits above the files it imports (`bots::kinds` above the search
    /// players, which are above the hand-written ones). A module's own submodules, which it
    /// declares and may re-export, do not count as imports.
    #[test]
    fn the_lower_layers_import_without_circles() {
        let src = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
        let modules = layer_modules(&src, &["engine", "games", "bots"]);
        let names: Vec<&String> = modules.keys().collect();
        let mut edges: Vec<Vec<usize>> = vec![Vec::new(); names.len()];
        for (from, text) in &modules {
            let a = names.iter().position(|n| *n == from).unwrap_or(0);
            for to in imports(from, text) {
                // The longest module the path names: `crate::games::pocket::View` is
                // `games::pocket`.
                let mut target = to.as_str();
                while !modules.contains_key(target) {
                    match target.rsplit_once("::") {
                        Some((head, _)) => target = head,
                        None => break,
                    }
                }
                let inside = target.starts_with(&format!("{from}::"));
                if let Some(b) = names.iter().position(|n| n.as_str() == target)
                    && b != a
                    && !inside
                {
                    edges[a].push(b);
                }
            }
        }
        let circles: Vec<Vec<&String>> = strongly_connected(&edges)
            .into_iter()
            .filter(|c| c.len() > 1)
            .map(|c| c.into_iter().map(|i| names[i]).collect())
            .collect();
        assert!(circles.is_empty(), "import circles: {circles:?}");
    }

    /// Each module under `layers` of `src` (`bots::search::cocoon`), with its code before its
    /// test module (test files left out).
    fn layer_modules(
        src: &std::path::Path,
        layers: &[&str],
    ) -> std::collections::BTreeMap<String, String> {
        fn walk(
            dir: &std::path::Path,
            module: &str,
            out: &mut std::collections::BTreeMap<String, String>,
        ) {
            for e in std::fs::read_dir(dir).into_iter().flatten().flatten() {
                let p = e.path();
                let name = e.file_name().to_string_lossy().into_owned();
                if p.is_dir() {
                    walk(&p, &format!("{module}::{name}"), out);
                } else if let Some(stem) = name.strip_suffix(".rs")
                    && !stem.ends_with("tests")
                    && let Ok(text) = std::fs::read_to_string(&p)
                {
                    let m = if stem == "mod" {
                        module.to_string()
                    } else {
                        format!("{module}::{stem}")
                    };
                    let code = text.split("#[cfg(test)]\nmod tests {").next().unwrap_or("");
                    let code: Vec<&str> = code
                        .lines()
                        .filter(|l| !l.trim_start().starts_with("//"))
                        .collect();
                    out.insert(m, code.join("\n"));
                }
            }
        }
        let mut out = std::collections::BTreeMap::new();
        for layer in layers {
            walk(&src.join(layer), layer, &mut out);
        }
        out
    }

    /// The module paths `text` (the code of `module`) names through `crate::` and `super::`,
    /// braces expanded: `use super::{a, b::c}` in `bots::search` is `bots::a` and `bots::b::c`.
    fn imports(module: &str, text: &str) -> Vec<String> {
        let parent = module.rsplit_once("::").map_or("", |(p, _)| p);
        let mut out = Vec::new();
        for (root, base) in [("crate::", String::new()), ("super::", parent.to_string())] {
            let mut rest = text;
            while let Some(i) = rest.find(root) {
                let before = rest[..i].chars().last();
                rest = &rest[i + root.len()..];
                // `crate::` inside another path (`$crate::`, `a::crate::`) is not a root.
                if before.is_some_and(|c| c.is_alphanumeric() || c == '_' || c == ':' || c == '$') {
                    continue;
                }
                for path in expand(rest) {
                    let full = if base.is_empty() {
                        path
                    } else {
                        format!("{base}::{path}")
                    };
                    out.push(full);
                }
            }
        }
        out
    }

    /// The paths at the start of `s`: `a::b` or `a::{b, c::{d, e}}`.
    fn expand(s: &str) -> Vec<String> {
        let ident = |s: &str| -> usize {
            s.find(|c: char| !(c.is_alphanumeric() || c == '_'))
                .unwrap_or(s.len())
        };
        let n = ident(s);
        let head = &s[..n];
        let rest = &s[n..];
        if let Some(r) = rest.strip_prefix("::") {
            if let Some(inner) = r.strip_prefix('{') {
                // Split the group at its own commas.
                let mut depth = 0;
                let mut parts = Vec::new();
                let mut start = 0;
                for (i, c) in inner.char_indices() {
                    match c {
                        '{' => depth += 1,
                        '}' if depth == 0 => {
                            parts.push(&inner[start..i]);
                            break;
                        }
                        '}' => depth -= 1,
                        ',' if depth == 0 => {
                            parts.push(&inner[start..i]);
                            start = i + 1;
                        }
                        _ => {}
                    }
                }
                let mut out = Vec::new();
                for p in parts {
                    for tail in expand(p.trim_start()) {
                        out.push(format!("{head}::{tail}"));
                    }
                }
                if out.is_empty() {
                    out.push(head.to_string());
                }
                return out;
            }
            return expand(r)
                .into_iter()
                .map(|tail| format!("{head}::{tail}"))
                .collect();
        }
        vec![head.to_string()]
    }

    /// Tarjan's strongly connected components of a graph given as adjacency lists.
    fn strongly_connected(edges: &[Vec<usize>]) -> Vec<Vec<usize>> {
        struct State<'a> {
            edges: &'a [Vec<usize>],
            index: Vec<Option<usize>>,
            low: Vec<usize>,
            on_stack: Vec<bool>,
            stack: Vec<usize>,
            next: usize,
            out: Vec<Vec<usize>>,
        }
        fn visit(s: &mut State, v: usize) {
            s.index[v] = Some(s.next);
            s.low[v] = s.next;
            s.next += 1;
            s.stack.push(v);
            s.on_stack[v] = true;
            for &w in &s.edges[v] {
                match s.index[w] {
                    None => {
                        visit(s, w);
                        s.low[v] = s.low[v].min(s.low[w]);
                    }
                    Some(i) if s.on_stack[w] => s.low[v] = s.low[v].min(i),
                    Some(_) => {}
                }
            }
            if Some(s.low[v]) == s.index[v] {
                let mut c = Vec::new();
                while let Some(w) = s.stack.pop() {
                    s.on_stack[w] = false;
                    c.push(w);
                    if w == v {
                        break;
                    }
                }
                s.out.push(c);
            }
        }
        let n = edges.len();
        let mut s = State {
            edges,
            index: vec![None; n],
            low: vec![0; n],
            on_stack: vec![false; n],
            stack: Vec::new(),
            next: 0,
            out: Vec::new(),
        };
        for v in 0..n {
            if s.index[v].is_none() {
                visit(&mut s, v);
            }
        }
        s.out
    }
}
