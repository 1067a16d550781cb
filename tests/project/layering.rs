//! The crate's layering, read from its own source (issue 31): every module's `use` lines and
//! `crate::`/`super::`/`self::` paths, resolved through re-exports (`pub use`) to the module
//! that holds what they name, make a graph of modules (one per file, `bin/` left out), and
//! these tests check it:
//!
//! * the top-level folders are layers ([`LAYERS`]: core < game < search < engine < agent <
//!   arena < experiment < bench < wasm), each importing only those below it, with no circle
//!   between them: so `core/` imports nothing of the crate outside itself, `game/` no search
//!   (nor anything above), `search/` nothing that drives searches;
//! * files have no circle between them, a folder's root using its own files aside (the
//!   root of a folder is its facade).
//!
//! Code under `#[cfg(test)]` is left out (a unit test may reach any layer), and so are
//! comments, strings and macro bodies' `$crate` paths.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::Path;

/// A module: its path below `src/` without the extension (`search/bestfirst/pns`; a
/// folder's `mod.rs` is the folder, `lib.rs` is the empty path).
type Module = String;

/// Where an import was seen: file and line, and the path as written.
#[derive(Clone, Debug)]
struct Seen {
    line: usize,
    path: String,
}

struct Graph {
    modules: BTreeSet<Module>,
    /// Edges with the first place each was seen.
    edges: BTreeMap<Module, BTreeMap<Module, Seen>>,
}

fn module_name(relative: &Path) -> Module {
    let mut parts: Vec<String> = relative
        .iter()
        .map(|p| p.to_string_lossy().into_owned())
        .collect();
    let last = parts.pop().expect("a file name");
    let stem = last.trim_end_matches(".rs");
    if stem != "mod" && stem != "lib" {
        parts.push(stem.to_string());
    }
    parts.join("/")
}

fn rust_files(dir: &Path, out: &mut Vec<std::path::PathBuf>) {
    for entry in fs::read_dir(dir).expect("src/ is readable") {
        let path = entry.expect("a directory entry").path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// The text with comments, string and character literals blanked out (newlines kept, so
/// lines still count).
fn strip(text: &str) -> String {
    let chars: Vec<char> = text.chars().collect();
    let mut out = String::with_capacity(text.len());
    let mut i = 0;
    let blank = |c: char| if c == '\n' { '\n' } else { ' ' };
    while i < chars.len() {
        let c = chars[i];
        let next = chars.get(i + 1).copied();
        if c == '/' && next == Some('/') {
            while i < chars.len() && chars[i] != '\n' {
                i += 1;
            }
        } else if c == '/' && next == Some('*') {
            let mut depth = 0;
            while i < chars.len() {
                if chars[i] == '/' && chars.get(i + 1) == Some(&'*') {
                    depth += 1;
                    i += 2;
                } else if chars[i] == '*' && chars.get(i + 1) == Some(&'/') {
                    depth -= 1;
                    i += 2;
                    if depth == 0 {
                        break;
                    }
                } else {
                    out.push(blank(chars[i]));
                    i += 1;
                }
            }
        } else if c == 'r'
            && (next == Some('"') || next == Some('#'))
            && !chars[..i]
                .last()
                .is_some_and(|p| p.is_alphanumeric() || *p == '_')
        {
            // A raw string: r"…", r#"…"#.
            let mut j = i + 1;
            let mut hashes = 0;
            while chars.get(j) == Some(&'#') {
                hashes += 1;
                j += 1;
            }
            if chars.get(j) != Some(&'"') {
                out.push(c);
                i += 1;
                continue;
            }
            j += 1;
            while j < chars.len() {
                if chars[j] == '"' && (0..hashes).all(|h| chars.get(j + 1 + h) == Some(&'#')) {
                    j += 1 + hashes;
                    break;
                }
                out.push(blank(chars[j]));
                j += 1;
            }
            out.push_str("\"\"");
            i = j;
        } else if c == '"' {
            i += 1;
            while i < chars.len() && chars[i] != '"' {
                if chars[i] == '\\' {
                    i += 1;
                }
                if let Some(&ch) = chars.get(i) {
                    out.push(blank(ch));
                }
                i += 1;
            }
            out.push_str("\"\"");
            i += 1;
        } else if c == '\'' {
            // A character literal ('x', '\n', '\''), or a lifetime ('a), left as it is.
            if next == Some('\\') {
                i += 2;
                while i < chars.len() && chars[i] != '\'' {
                    i += 1;
                }
                out.push_str("' '");
                i += 1;
            } else if chars.get(i + 2) == Some(&'\'') {
                out.push_str("' '");
                i += 3;
            } else {
                out.push(c);
                i += 1;
            }
        } else {
            out.push(c);
            i += 1;
        }
    }
    out
}

/// A token: an identifier, `::`, or one punctuation character; with its line.
fn tokens(text: &str) -> Vec<(String, usize)> {
    let chars: Vec<char> = text.chars().collect();
    let mut out = Vec::new();
    let (mut i, mut line) = (0, 1);
    while i < chars.len() {
        let c = chars[i];
        if c == '\n' {
            line += 1;
            i += 1;
        } else if c.is_whitespace() {
            i += 1;
        } else if c.is_alphanumeric() || c == '_' {
            let start = i;
            while i < chars.len() && (chars[i].is_alphanumeric() || chars[i] == '_') {
                i += 1;
            }
            out.push((chars[start..i].iter().collect(), line));
        } else if c == ':' && chars.get(i + 1) == Some(&':') {
            out.push(("::".to_string(), line));
            i += 2;
        } else {
            out.push((c.to_string(), line));
            i += 1;
        }
    }
    out
}

/// The tokens with every item under `#[cfg(test)]` left out.
fn without_tests(tokens: Vec<(String, usize)>) -> Vec<(String, usize)> {
    let attribute = ["#", "[", "cfg", "(", "test", ")", "]"];
    let mut out = Vec::new();
    let mut i = 0;
    while i < tokens.len() {
        if tokens[i..]
            .iter()
            .take(attribute.len())
            .map(|(t, _)| t.as_str())
            .eq(attribute)
        {
            i += attribute.len();
            let mut depth = 0;
            while i < tokens.len() {
                match tokens[i].0.as_str() {
                    "{" => depth += 1,
                    "}" => {
                        depth -= 1;
                        if depth == 0 {
                            i += 1;
                            break;
                        }
                    }
                    ";" if depth == 0 => {
                        i += 1;
                        break;
                    }
                    _ => {}
                }
                i += 1;
            }
        } else {
            out.push(tokens[i].clone());
            i += 1;
        }
    }
    out
}

/// The paths of a `use` tree (`a::{b, c::{self as d, e}}`): each as its segments and the
/// name it binds.
fn expand_use(tree: &[String]) -> Vec<(Vec<String>, String)> {
    fn walk(tree: &[String], prefix: &[String], out: &mut Vec<(Vec<String>, String)>) {
        // Split at top-level commas.
        let mut items = Vec::new();
        let (mut depth, mut start) = (0, 0);
        for (i, t) in tree.iter().enumerate() {
            match t.as_str() {
                "{" => depth += 1,
                "}" => depth -= 1,
                "," if depth == 0 => {
                    items.push(&tree[start..i]);
                    start = i + 1;
                }
                _ => {}
            }
        }
        items.push(&tree[start..]);
        for item in items.into_iter().filter(|item| !item.is_empty()) {
            let mut path = prefix.to_vec();
            let mut i = 0;
            while i < item.len() {
                match item[i].as_str() {
                    "::" => i += 1,
                    "{" => {
                        walk(&item[i + 1..item.len() - 1], &path, out);
                        break;
                    }
                    "as" => {
                        let target = if path.last().is_some_and(|s| s == "self") {
                            path[..path.len() - 1].to_vec()
                        } else {
                            path.clone()
                        };
                        out.push((target, item[i + 1].clone()));
                        break;
                    }
                    segment => {
                        path.push(segment.to_string());
                        i += 1;
                        if i == item.len() {
                            if segment == "self" {
                                path.pop();
                            }
                            let name = path.last().cloned().unwrap_or_default();
                            out.push((path.clone(), name));
                        }
                    }
                }
            }
        }
    }
    let mut out = Vec::new();
    walk(tree, &[], &mut out);
    out
}

/// One file's imports: `use` paths (and whether re-exported) and inline paths, with lines.
struct Imports {
    uses: Vec<(Vec<String>, String, bool, usize)>,
    inline: Vec<(Vec<String>, usize)>,
}

fn imports(text: &str) -> Imports {
    let tokens = without_tests(tokens(&strip(text)));
    let mut uses = Vec::new();
    let mut inline = Vec::new();
    let mut i = 0;
    while i < tokens.len() {
        let token = tokens[i].0.as_str();
        if token == "use" {
            let line = tokens[i].1;
            let public = i > 0 && (tokens[i - 1].0 == "pub" || tokens[i - 1].0 == ")");
            let end = tokens[i..]
                .iter()
                .position(|(t, _)| t == ";")
                .map_or(tokens.len(), |p| i + p);
            let tree: Vec<String> = tokens[i + 1..end].iter().map(|(t, _)| t.clone()).collect();
            let tree = if tree.first().is_some_and(|t| t == "::") {
                tree[1..].to_vec()
            } else {
                tree
            };
            for (path, name) in expand_use(&tree) {
                uses.push((path, name, public, line));
            }
            i = end + 1;
        } else if matches!(token, "crate" | "super" | "self")
            && tokens.get(i + 1).is_some_and(|(t, _)| t == "::")
            && !(i > 0 && (tokens[i - 1].0 == "$" || tokens[i - 1].0 == "::"))
        {
            let line = tokens[i].1;
            let mut path = vec![token.to_string()];
            let mut j = i + 1;
            while tokens.get(j).is_some_and(|(t, _)| t == "::")
                && tokens
                    .get(j + 1)
                    .is_some_and(|(t, _)| t.chars().all(|c| c.is_alphanumeric() || c == '_'))
            {
                path.push(tokens[j + 1].0.clone());
                j += 2;
            }
            inline.push((path, line));
            i = j;
        } else {
            i += 1;
        }
    }
    Imports { uses, inline }
}

/// The crate's module graph, read from `src/` (without `bin/`).
fn graph() -> Graph {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    rust_files(&src, &mut files);
    let mut parsed = BTreeMap::new();
    for file in files {
        let relative = file.strip_prefix(&src).expect("below src/");
        if relative.starts_with("bin") {
            continue;
        }
        let text = fs::read_to_string(&file).expect("a source file is readable");
        parsed.insert(module_name(relative), imports(&text));
    }
    let modules: BTreeSet<Module> = parsed.keys().cloned().collect();
    let segments = |m: &str| -> Vec<String> {
        if m.is_empty() {
            Vec::new()
        } else {
            m.split('/').map(str::to_string).collect()
        }
    };
    // Absolute segments of a path written in module `m`, or None for another crate's.
    let absolute = |m: &str, path: &[String]| -> Option<Vec<String>> {
        let mut here = segments(m);
        let first = path.first()?;
        match first.as_str() {
            "crate" => Some(path[1..].to_vec()),
            "self" | "super" => {
                let mut rest = path;
                while let Some(s) = rest.first() {
                    match s.as_str() {
                        "super" => {
                            here.pop();
                        }
                        "self" => {}
                        _ => break,
                    }
                    rest = &rest[1..];
                }
                here.extend(rest.iter().cloned());
                Some(here)
            }
            child => {
                let mut own = here.clone();
                own.push(child.to_string());
                modules.contains(&own.join("/")).then(|| {
                    here.extend(path.iter().cloned());
                    here
                })
            }
        }
    };
    // Each module's re-exports: name → absolute path.
    let mut reexports: BTreeMap<Module, BTreeMap<String, Vec<String>>> = BTreeMap::new();
    for (m, found) in &parsed {
        for (path, name, public, _) in &found.uses {
            if *public && let Some(target) = absolute(m, path) {
                reexports
                    .entry(m.clone())
                    .or_default()
                    .insert(name.clone(), target);
            }
        }
    }
    // The module that holds what an absolute path names, through re-exports.
    let resolve = |path: Vec<String>| -> Module {
        let mut path = path;
        for _ in 0..16 {
            let module = longest_module(&modules, &path);
            let k = segments(&module).len();
            let through = path.get(k).and_then(|name| {
                reexports
                    .get(&module)
                    .and_then(|names| names.get(name))
                    .filter(|target| **target != path[..=k])
            });
            match through {
                Some(target) => {
                    let mut next = target.clone();
                    next.extend(path[k + 1..].iter().cloned());
                    path = next;
                }
                None => return module,
            }
        }
        panic!("re-exports go round in a circle at {}", path.join("::"));
    };
    let mut edges: BTreeMap<Module, BTreeMap<Module, Seen>> = BTreeMap::new();
    for (m, found) in &parsed {
        let written = found
            .uses
            .iter()
            .map(|(path, _, _, line)| (path, *line))
            .chain(found.inline.iter().map(|(path, line)| (path, *line)));
        for (path, line) in written {
            let Some(target) = absolute(m, path) else {
                continue;
            };
            // Both the module the path is written through and the one that holds what it
            // names: `crate::search::Limits` imports search/ even if search re-exports it.
            let through = longest_module(&modules, &target);
            for to in [through, resolve(target)] {
                if to != *m && !to.is_empty() {
                    edges
                        .entry(m.clone())
                        .or_default()
                        .entry(to)
                        .or_insert(Seen {
                            line,
                            path: path.join("::"),
                        });
                }
            }
        }
    }
    Graph { modules, edges }
}

/// The longest start of `path` that is a module.
fn longest_module(modules: &BTreeSet<Module>, path: &[String]) -> Module {
    let mut k = path.len();
    while k > 0 && !modules.contains(&path[..k].join("/")) {
        k -= 1;
    }
    path[..k].join("/")
}

fn top(m: &str) -> &str {
    m.split('/').next().unwrap_or(m)
}

fn file_of(graph: &Graph, m: &str) -> String {
    let dir = if graph
        .modules
        .iter()
        .any(|other| other.starts_with(&format!("{m}/")))
    {
        format!("src/{m}/mod.rs")
    } else {
        format!("src/{m}.rs")
    };
    if m.is_empty() {
        "src/lib.rs".to_string()
    } else {
        dir
    }
}

/// Every import from a module under `from` to a module under one of `forbidden`, as
/// `file:line: path (→ module)`.
fn imports_into(graph: &Graph, from: &str, forbidden: &[&str]) -> Vec<String> {
    let mut found = Vec::new();
    for (m, targets) in &graph.edges {
        if top(m) != from {
            continue;
        }
        for (to, seen) in targets {
            if forbidden.contains(&top(to)) {
                found.push(format!(
                    "{}:{}: {} (→ {to})",
                    file_of(graph, m),
                    seen.line,
                    seen.path
                ));
            }
        }
    }
    found
}

/// The strongly connected components of more than one node (Tarjan).
fn circles(
    nodes: &BTreeSet<String>,
    edges: &BTreeMap<String, BTreeSet<String>>,
) -> Vec<Vec<String>> {
    struct State<'a> {
        edges: &'a BTreeMap<String, BTreeSet<String>>,
        index: BTreeMap<&'a str, usize>,
        low: BTreeMap<&'a str, usize>,
        stack: Vec<&'a str>,
        on_stack: BTreeSet<&'a str>,
        found: Vec<Vec<String>>,
    }
    fn visit<'a>(s: &mut State<'a>, v: &'a str) {
        let i = s.index.len();
        s.index.insert(v, i);
        s.low.insert(v, i);
        s.stack.push(v);
        s.on_stack.insert(v);
        let edges = s.edges;
        for w in edges.get(v).into_iter().flatten() {
            if !s.index.contains_key(w.as_str()) {
                visit(s, w);
                let low = s.low[v].min(s.low[w.as_str()]);
                s.low.insert(v, low);
            } else if s.on_stack.contains(w.as_str()) {
                let low = s.low[v].min(s.index[w.as_str()]);
                s.low.insert(v, low);
            }
        }
        if s.low[v] == s.index[v] {
            let mut component = Vec::new();
            while let Some(w) = s.stack.pop() {
                s.on_stack.remove(w);
                component.push(w.to_string());
                if w == v {
                    break;
                }
            }
            if component.len() > 1 {
                component.sort();
                s.found.push(component);
            }
        }
    }
    let mut state = State {
        edges,
        index: BTreeMap::new(),
        low: BTreeMap::new(),
        stack: Vec::new(),
        on_stack: BTreeSet::new(),
        found: Vec::new(),
    };
    for v in nodes {
        if !state.index.contains_key(v.as_str()) {
            visit(&mut state, v);
        }
    }
    state.found.sort();
    state.found
}

/// The layers from the bottom up: each may import only those before it.
const LAYERS: [&str; 9] = [
    "core",
    "game",
    "search",
    "engine",
    "agent",
    "arena",
    "experiment",
    "bench",
    "wasm",
];

/// Asserts that no module of folder `from` imports one of a layer above it; `why` says what
/// to do instead.
fn assert_imports_only_below(from: &str, why: &str) {
    let graph = graph();
    let rank = LAYERS.iter().position(|l| *l == from).expect("a layer");
    let found = imports_into(&graph, from, &LAYERS[rank + 1..]);
    assert!(found.is_empty(), "{from}/ {why}:\n{}", found.join("\n"));
}

#[test]
fn core_imports_nothing_of_the_crate_above_it() {
    assert_imports_only_below("core", "must import nothing of the crate outside itself");
}

#[test]
fn no_game_module_imports_a_search_or_anything_above() {
    assert_imports_only_below(
        "game",
        "must stand on core/ alone (what a game and a search both speak belongs in core/)",
    );
}

#[test]
fn no_search_module_imports_the_layers_that_drive_searches() {
    assert_imports_only_below("search", "must not import what drives searches");
}

#[test]
fn the_top_level_folders_have_no_circle() {
    let graph = graph();
    let mut folders: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    let mut witness = BTreeMap::new();
    for (m, targets) in &graph.edges {
        for (to, seen) in targets {
            let (a, b) = (top(m), top(to));
            if a != b && !m.is_empty() {
                folders
                    .entry(a.to_string())
                    .or_default()
                    .insert(b.to_string());
                witness
                    .entry((a.to_string(), b.to_string()))
                    .or_insert_with(|| {
                        format!("{}:{}: {}", file_of(&graph, m), seen.line, seen.path)
                    });
            }
        }
    }
    let nodes: BTreeSet<String> = folders.keys().cloned().collect();
    let found = circles(&nodes, &folders);
    let explain = |component: &Vec<String>| {
        let mut lines = vec![component.join(" ↔ ")];
        for a in component {
            for b in component {
                if let Some(w) = witness.get(&(a.clone(), b.clone())) {
                    lines.push(format!("  {a} → {b}: {w}"));
                }
            }
        }
        lines.join("\n")
    };
    assert!(
        found.is_empty(),
        "circles between top-level folders:\n{}",
        found.iter().map(explain).collect::<Vec<_>>().join("\n")
    );
    // The layers really are in that order: each imports only layers below it.
    let rank = |f: &str| LAYERS.iter().position(|o| *o == f);
    for (a, targets) in &folders {
        for b in targets {
            let (ra, rb) = (rank(a), rank(b));
            assert!(
                ra.is_some() && rb.is_some() && rb < ra,
                "{a} imports {b}, which is not below it ({})",
                witness[&(a.clone(), b.clone())]
            );
        }
    }
}

#[test]
fn files_have_no_circle() {
    let graph = graph();
    let mut edges: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for (m, targets) in &graph.edges {
        for to in targets.keys() {
            // A folder's root using its own files is the folder's facade, not a circle.
            let own_file = m.is_empty() || to.starts_with(&format!("{m}/"));
            if !own_file {
                edges.entry(m.clone()).or_default().insert(to.clone());
            }
        }
    }
    let found = circles(&graph.modules, &edges);
    let explain = |component: &Vec<String>| {
        let mut lines = vec![component.join(" ↔ ")];
        for a in component {
            for b in component {
                if let Some(seen) = graph.edges.get(a).and_then(|t| t.get(b)) {
                    lines.push(format!(
                        "  {a} → {b}: {}:{}: {}",
                        file_of(&graph, a),
                        seen.line,
                        seen.path
                    ));
                }
            }
        }
        lines.join("\n")
    };
    assert!(
        found.is_empty(),
        "circles between files:\n{}",
        found.iter().map(explain).collect::<Vec<_>>().join("\n")
    );
}

#[test]
fn the_reader_sees_imports_through_re_exports_and_leaves_tests_out() {
    let text = r#"
        //! use crate::wasm::Nothing;
        use super::{a::{self as b, C}, d::*};
        pub use crate::core::limits::{Limits, Stop};
        fn f() { let s = "crate::experiment::x"; crate::search::catalogue::find("pns"); }
        #[cfg(test)]
        mod tests { use crate::arena::Summary; }
    "#;
    let found = imports(text);
    let uses: Vec<(String, String, bool)> = found
        .uses
        .iter()
        .map(|(p, n, public, _)| (p.join("::"), n.clone(), *public))
        .collect();
    assert_eq!(
        uses,
        [
            ("super::a".into(), "b".into(), false),
            ("super::a::C".into(), "C".into(), false),
            ("super::d::*".into(), "*".into(), false),
            ("crate::core::limits::Limits".into(), "Limits".into(), true),
            ("crate::core::limits::Stop".into(), "Stop".into(), true),
        ]
    );
    let inline: Vec<String> = found.inline.iter().map(|(p, _)| p.join("::")).collect();
    assert_eq!(inline, ["crate::search::catalogue::find"]);
    // And on the real crate: a search's `crate::search::Limits` is core's, through the
    // re-export in search/mod.rs.
    let graph = graph();
    let limited = &graph.edges["search/limited"];
    assert!(limited.contains_key("search"), "{:?}", limited.keys());
    assert!(limited.contains_key("core/limits"), "{:?}", limited.keys());
}
