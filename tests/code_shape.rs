//! The code's shape, read from its files (docs/architecture.md, "Layers"): imports run down
//! the layers only (core, genres, print, ops, http, the command), no circle of files inside
//! `src/`, and no source file over 600 lines.
//!
//! An edge from file A to file B is a path A names that resolves to B: a `use` declaration
//! (`crate::`, `super::`, `self::` or a child module's name), or a `crate::`/`super::` path
//! written inline, resolved to the longest module path that is a file. A `mod.rs` that
//! re-exports its children names them, so a child that imports a sibling's item through its
//! parent's re-export closes a circle: it imports the sibling's file instead. Comments and
//! test code (`#[cfg(test)]` items, `tests.rs` files) are not read.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

const MAX_LINES: usize = 600;

/// The layers, lowest first: a file may import its own layer and those below it.
const LAYERS: &[&str] = &[
    "core", "genres", "print", "ops", "http", "serve.rs", "main.rs",
];

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let mut entries: Vec<_> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    entries.sort();
    for path in entries {
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|ext| ext == "rs") {
            out.push(path);
        }
    }
}

/// The module path of a file under `src/` (`ops/daily.rs` is `["ops", "daily"]`).
fn module_path(relative: &str) -> Vec<String> {
    let mut parts: Vec<String> = relative
        .trim_end_matches(".rs")
        .split('/')
        .map(str::to_string)
        .collect();
    if matches!(
        parts.last().map(String::as_str),
        Some("mod" | "lib" | "main")
    ) {
        parts.pop();
    }
    parts
}

/// The code without comments, string and character literals (their text could read as a
/// path) and `#[cfg(test)]` items.
fn code_of(source: &str) -> String {
    let bare = without_literals(source);
    let mut code = String::new();
    let mut lines = bare.lines();
    while let Some(line) = lines.next() {
        if line.trim_start().starts_with("#[cfg(test)]") {
            // Skip the item that follows: one line ending in `;`, or a braced block.
            let mut depth = 0i32;
            let mut opened = false;
            for next in lines.by_ref() {
                depth += next.matches('{').count() as i32 - next.matches('}').count() as i32;
                opened |= next.contains('{');
                if (opened && depth <= 0) || (!opened && next.trim_end().ends_with(';')) {
                    break;
                }
            }
            continue;
        }
        code.push_str(line);
        code.push('\n');
    }
    code
}

/// `source` with comments removed and every literal's text emptied (`""`, `' '`), the lines
/// kept.
fn without_literals(source: &str) -> String {
    let chars: Vec<char> = source.chars().collect();
    let mut out = String::with_capacity(source.len());
    let mut i = 0;
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
                    if chars[i] == '\n' {
                        out.push('\n');
                    }
                    i += 1;
                }
            }
        } else if c == 'r' && matches!(next, Some('"' | '#')) && !ident_before(&chars, i) {
            // A raw string: r"...", r#"..."#.
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
            loop {
                match chars.get(j) {
                    None => break,
                    Some('"') if (1..=hashes).all(|k| chars.get(j + k) == Some(&'#')) => {
                        j += 1 + hashes;
                        break;
                    }
                    Some('\n') => out.push('\n'),
                    _ => {}
                }
                j += 1;
            }
            out.push_str("\"\"");
            i = j;
        } else if c == '"' {
            let mut j = i + 1;
            while j < chars.len() && chars[j] != '"' {
                if chars[j] == '\\' {
                    j += 1;
                }
                if chars.get(j) == Some(&'\n') {
                    out.push('\n');
                }
                j += 1;
            }
            out.push_str("\"\"");
            i = j + 1;
        } else if c == '\'' {
            // A character literal ('x', '\n', '\u{1F600}'), or a lifetime ('a).
            let close = if next == Some('\\') {
                (i + 2..chars.len().min(i + 12)).find(|&j| chars[j] == '\'')
            } else if chars.get(i + 2) == Some(&'\'') {
                Some(i + 2)
            } else {
                None
            };
            match close {
                Some(end) => {
                    out.push_str("' '");
                    i = end + 1;
                }
                None => {
                    out.push(c);
                    i += 1;
                }
            }
        } else {
            out.push(c);
            i += 1;
        }
    }
    out
}

fn ident_before(chars: &[char], at: usize) -> bool {
    at > 0 && (chars[at - 1].is_alphanumeric() || chars[at - 1] == '_')
}

/// One name a `use` declaration brings in: its path, the name it is known by here (its `as`
/// rename, or its last segment; `*` for a glob) and whether the declaration re-exports it
/// (`pub use`, `pub(crate) use`, ...).
#[derive(Debug, PartialEq)]
struct Imported {
    path: Vec<String>,
    name: String,
    reexport: bool,
}

/// Every name the `use` declarations of `code` bring in, braces expanded.
fn use_decls(code: &str) -> Vec<Imported> {
    let mut imported = Vec::new();
    let mut rest = code;
    while let Some(at) = find_use(rest) {
        let before = rest[..at - 4].trim_end();
        let reexport =
            before.ends_with("pub") || (before.ends_with(')') && before.contains("pub("));
        let after = &rest[at..];
        let end = after.find(';').unwrap_or(after.len());
        let mut paths = Vec::new();
        expand(&[], &after[..end], &mut paths);
        imported.extend(paths.into_iter().map(|(path, name)| Imported {
            path,
            name,
            reexport,
        }));
        rest = &after[end..];
    }
    imported
}

/// Every path a `use` declaration names, braces expanded, `as` renames dropped.
fn use_paths(code: &str) -> Vec<Vec<String>> {
    use_decls(code).into_iter().map(|i| i.path).collect()
}

/// The start of the next `use` declaration's path.
fn find_use(code: &str) -> Option<usize> {
    let mut from = 0;
    while let Some(found) = code[from..].find("use ") {
        let at = from + found;
        let before = code[..at].chars().next_back();
        if before.is_none_or(|c| c.is_whitespace() || c == ';' || c == '{' || c == '}') {
            return Some(at + 4);
        }
        from = at + 4;
    }
    None
}

fn expand(prefix: &[String], text: &str, out: &mut Vec<(Vec<String>, String)>) {
    let text = text.trim();
    if let Some(open) = text.find('{') {
        let head: Vec<String> = segments(&text[..open]);
        let close = text.rfind('}').unwrap_or(text.len());
        let inner = &text[open + 1..close];
        let mut base = prefix.to_vec();
        base.extend(head);
        let mut depth = 0;
        let mut start = 0;
        for (index, c) in inner.char_indices() {
            match c {
                '{' => depth += 1,
                '}' => depth -= 1,
                ',' if depth == 0 => {
                    expand(&base, &inner[start..index], out);
                    start = index + 1;
                }
                _ => {}
            }
        }
        expand(&base, &inner[start..], out);
    } else {
        let mut parts = text.split(" as ");
        let original = parts.next().unwrap_or("");
        let mut path = prefix.to_vec();
        path.extend(segments(original));
        let mut name = path.last().cloned().unwrap_or_default();
        if path
            .last()
            .is_some_and(|last| last == "self" || last == "*")
        {
            path.pop();
            if name == "self" {
                name = path.last().cloned().unwrap_or_default();
            }
        }
        if let Some(alias) = parts.next() {
            name = alias.trim().to_string();
        }
        if !path.is_empty() {
            out.push((path, name));
        }
    }
}

fn segments(text: &str) -> Vec<String> {
    text.split("::")
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .map(str::to_string)
        .collect()
}

/// Every `crate::`/`super::` path written inline (outside `use` declarations too).
fn inline_paths(code: &str) -> Vec<Vec<String>> {
    let mut paths = Vec::new();
    for start in ["crate::", "super::"] {
        let mut from = 0;
        while let Some(found) = code[from..].find(start) {
            let at = from + found;
            from = at + start.len();
            if code[..at]
                .chars()
                .next_back()
                .is_some_and(|c| c.is_alphanumeric() || c == '_')
            {
                continue;
            }
            let path: String = code[at..]
                .chars()
                .take_while(|c| c.is_alphanumeric() || *c == '_' || *c == ':')
                .collect();
            paths.push(segments(&path));
        }
    }
    paths
}

struct Tree {
    /// Module path to file (relative to `src/`).
    files: BTreeMap<Vec<String>, String>,
    /// What each module re-exports: (module path, name) to the absolute path it stands for;
    /// a glob re-export under the name `*`, several per module.
    reexports: BTreeMap<(Vec<String>, String), Vec<Vec<String>>>,
}

impl Tree {
    /// The absolute module path of `path` as written in the module `here`.
    fn absolute(&self, here: &[String], path: &[String]) -> Option<Vec<String>> {
        let mut base: Vec<String> = here.to_vec();
        let mut rest = path;
        match rest.first().map(String::as_str) {
            Some("crate") => {
                base.clear();
                rest = &rest[1..];
            }
            Some("self") => rest = &rest[1..],
            Some("super") => {
                while rest.first().is_some_and(|s| s == "super") {
                    base.pop();
                    rest = &rest[1..];
                }
            }
            Some(first) => {
                // A child module's name (Rust 2018 paths); anything else is another crate.
                let mut child = here.to_vec();
                child.push(first.to_string());
                if !self.files.contains_key(&child) {
                    return None;
                }
            }
            None => return None,
        }
        base.extend(rest.iter().cloned());
        Some(base)
    }

    /// The file that defines the longest prefix of `path`.
    fn file_of(&self, path: &[String]) -> Option<&String> {
        (1..=path.len())
            .rev()
            .find_map(|n| self.files.get(&path[..n]))
    }

    /// The file that defines what `path` names: a name a module re-exports (a folder's
    /// `mod.rs` naming its children's items) is followed to the file that defines it, since
    /// a re-export is the folder's door, not a dependency of the file that holds it.
    fn defining_file(&self, path: &[String]) -> Option<&String> {
        let mut path = path.to_vec();
        for _ in 0..16 {
            let n = (1..=path.len())
                .rev()
                .find(|&n| self.files.contains_key(&path[..n]))?;
            let Some(name) = path.get(n) else {
                return self.files.get(&path[..n]);
            };
            let key = (path[..n].to_vec(), name.clone());
            let glob = (path[..n].to_vec(), "*".to_string());
            let target = match self.reexports.get(&key) {
                Some(targets) => targets.first().cloned(),
                // A glob re-export: the first of its modules that has the name as a module.
                None => self.reexports.get(&glob).and_then(|modules| {
                    modules.iter().find_map(|module| {
                        let mut candidate = module.clone();
                        candidate.push(name.clone());
                        self.files.contains_key(&candidate).then_some(candidate)
                    })
                }),
            };
            match target {
                Some(mut target) if target != path[..=n] => {
                    target.extend(path[n + 1..].iter().cloned());
                    path = target;
                }
                _ => return self.files.get(&path[..n]),
            }
        }
        self.file_of(&path)
    }
}

/// Whether `name` is used in `code` outside its `use` declarations (as a word).
fn used_outside_uses(code: &str, name: &str) -> bool {
    let mut rest = code;
    let mut outside = String::new();
    while let Some(at) = find_use(rest) {
        outside.push_str(&rest[..at - 4]);
        let after = &rest[at..];
        rest = &after[after.find(';').unwrap_or(after.len())..];
    }
    outside.push_str(rest);
    // A `mod name;` declaration names the child, not what it exports.
    let outside: String = outside
        .split(';')
        .filter(|statement| {
            let words: Vec<&str> = statement.split_whitespace().collect();
            !(words.len() >= 2 && words[words.len() - 2] == "mod")
        })
        .collect::<Vec<_>>()
        .join(";");
    outside.match_indices(name).any(|(at, _)| {
        let before = outside[..at].chars().next_back();
        let after = outside[at + name.len()..].chars().next();
        !before.is_some_and(|c| c.is_alphanumeric() || c == '_')
            && !after.is_some_and(|c| c.is_alphanumeric() || c == '_')
    })
}

/// The import graph of `src/`: file to the files it names.
fn graph() -> BTreeMap<String, BTreeSet<String>> {
    let src = root().join("src");
    let mut paths = Vec::new();
    rust_files(&src, &mut paths);
    let mut files = BTreeMap::new();
    let mut sources = BTreeMap::new();
    for path in &paths {
        let relative = path
            .strip_prefix(&src)
            .unwrap()
            .to_string_lossy()
            .replace('\\', "/");
        if relative.ends_with("/tests.rs") || relative.contains("/tests/") {
            continue;
        }
        files.insert(module_path(&relative), relative.clone());
        sources.insert(relative, std::fs::read_to_string(path).unwrap());
    }
    let mut tree = Tree {
        files,
        reexports: BTreeMap::new(),
    };
    let codes: BTreeMap<&String, String> = sources
        .iter()
        .map(|(relative, source)| (relative, code_of(source)))
        .collect();
    let mut reexports = BTreeMap::new();
    for (relative, code) in &codes {
        let here = module_path(relative);
        for imported in use_decls(code).into_iter().filter(|i| i.reexport) {
            if let Some(path) = tree.absolute(&here, &imported.path) {
                reexports
                    .entry((here.clone(), imported.name))
                    .or_insert_with(Vec::new)
                    .push(path);
            }
        }
    }
    tree.reexports = reexports;
    let mut edges: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for (relative, code) in &codes {
        let relative = *relative;
        let here = module_path(relative);
        // A re-export the file does not use itself is the folder's door: no arrow.
        let named = use_decls(code)
            .into_iter()
            .filter(|i| !i.reexport || (i.name != "*" && used_outside_uses(code, &i.name)))
            .map(|i| i.path)
            .chain(inline_paths(code));
        let targets = edges.entry(relative.clone()).or_default();
        for path in named {
            if let Some(file) = tree
                .absolute(&here, &path)
                .and_then(|p| tree.defining_file(&p).cloned())
            {
                if &file != relative {
                    targets.insert(file);
                }
            }
        }
    }
    edges
}

fn layer_of(file: &str) -> Option<usize> {
    let top = file.split('/').next().unwrap();
    LAYERS.iter().position(|layer| *layer == top)
}

#[test]
fn no_import_runs_up_a_layer() {
    let mut upward = Vec::new();
    for (from, targets) in graph() {
        let Some(low) = layer_of(&from) else { continue };
        for to in targets {
            if layer_of(&to).is_some_and(|high| high > low) {
                upward.push(format!("{from} -> {to}"));
            }
        }
    }
    assert!(
        upward.is_empty(),
        "imports that run up a layer ({:?}):\n{}",
        LAYERS,
        upward.join("\n")
    );
}

#[test]
fn no_circle_of_files_inside_src() {
    let edges = graph();
    let circles = strongly_connected(&edges);
    // Each circle with its arrows, so that the one to cut can be chosen.
    let shown: Vec<String> = circles
        .iter()
        .map(|circle| {
            let arrows: Vec<String> = circle
                .iter()
                .flat_map(|from| {
                    edges[from]
                        .iter()
                        .filter(|to| circle.contains(to))
                        .map(move |to| format!("  {from} -> {to}"))
                })
                .collect();
            format!("{}\n{}", circle.join(" <-> "), arrows.join("\n"))
        })
        .collect();
    assert!(shown.is_empty(), "circles of files:\n{}", shown.join("\n"));
}

/// The strongly connected components of more than one file (Tarjan's algorithm).
fn strongly_connected(edges: &BTreeMap<String, BTreeSet<String>>) -> Vec<Vec<String>> {
    struct State<'a> {
        edges: &'a BTreeMap<String, BTreeSet<String>>,
        index: BTreeMap<&'a str, usize>,
        low: BTreeMap<&'a str, usize>,
        stack: Vec<&'a str>,
        on_stack: BTreeSet<&'a str>,
        next: usize,
        found: Vec<Vec<String>>,
    }
    fn visit<'a>(state: &mut State<'a>, node: &'a str) {
        state.index.insert(node, state.next);
        state.low.insert(node, state.next);
        state.next += 1;
        state.stack.push(node);
        state.on_stack.insert(node);
        let edges = state.edges;
        for target in edges.get(node).into_iter().flatten() {
            let target = target.as_str();
            if !state.index.contains_key(target) {
                visit(state, target);
                let low = state.low[node].min(state.low[target]);
                state.low.insert(node, low);
            } else if state.on_stack.contains(target) {
                let low = state.low[node].min(state.index[target]);
                state.low.insert(node, low);
            }
        }
        if state.low[node] == state.index[node] {
            let mut component = Vec::new();
            while let Some(top) = state.stack.pop() {
                state.on_stack.remove(top);
                component.push(top.to_string());
                if top == node {
                    break;
                }
            }
            if component.len() > 1 {
                component.sort();
                state.found.push(component);
            }
        }
    }
    let mut state = State {
        edges,
        index: BTreeMap::new(),
        low: BTreeMap::new(),
        stack: Vec::new(),
        on_stack: BTreeSet::new(),
        next: 0,
        found: Vec::new(),
    };
    for node in edges.keys() {
        if !state.index.contains_key(node.as_str()) {
            visit(&mut state, node);
        }
    }
    state.found
}

/// The files held to the line limit: every source file the project writes (generated clients,
/// lock files, data and fonts are not written by hand).
fn source_files() -> Vec<PathBuf> {
    let mut found = Vec::new();
    for dir in [
        "src",
        "tests",
        "benches",
        "examples",
        "scripts",
        "wasm/src",
        "wasm/test",
        "wasm/scripts",
    ] {
        walk_sources(&root().join(dir), &mut found);
    }
    found
}

fn walk_sources(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    let mut entries: Vec<_> = entries.map(|e| e.unwrap().path()).collect();
    entries.sort();
    for path in entries {
        let name = path.file_name().unwrap().to_string_lossy().to_string();
        if path.is_dir() {
            if !matches!(
                name.as_str(),
                "node_modules" | "target" | "pkg" | "__pycache__"
            ) {
                walk_sources(&path, out);
            }
        } else if [".rs", ".js", ".mjs", ".py", ".sh", ".css", ".html"]
            .iter()
            .any(|ext| name.ends_with(ext))
        {
            out.push(path);
        }
    }
}

#[test]
fn no_source_file_is_over_600_lines() {
    let mut long = Vec::new();
    for path in source_files() {
        let lines = std::fs::read_to_string(&path).unwrap().lines().count();
        if lines > MAX_LINES {
            long.push(format!(
                "{} ({lines} lines)",
                path.strip_prefix(root()).unwrap().display()
            ));
        }
    }
    assert!(
        long.is_empty(),
        "files over {MAX_LINES} lines (split by concern):\n{}",
        long.join("\n")
    );
}

#[test]
fn the_reader_finds_what_a_use_names() {
    let code = code_of(
        "use crate::core::{self, budget::Budget, Level as L};\n// use crate::http::x;\n\
         #[cfg(test)]\nmod tests {\n    use crate::ops::y;\n}\nfn f() { super::a::b(); }\n\
         const S: &str = \"use crate::ops::z; {\";\nconst C: char = '{';\n",
    );
    let uses = use_paths(&code);
    assert_eq!(
        uses,
        [
            vec!["crate", "core"],
            vec!["crate", "core", "budget", "Budget"],
            vec!["crate", "core", "Level"]
        ]
    );
    assert_eq!(
        inline_paths(&code),
        [vec!["crate", "core"], vec!["super", "a", "b"]]
    );
    let mut edges = BTreeMap::new();
    edges.insert("a".to_string(), BTreeSet::from(["b".to_string()]));
    edges.insert(
        "b".to_string(),
        BTreeSet::from(["a".to_string(), "c".to_string()]),
    );
    assert_eq!(
        strongly_connected(&edges),
        [vec!["a".to_string(), "b".to_string()]]
    );
}
