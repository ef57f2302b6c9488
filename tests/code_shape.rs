//! The code's shape, read from its files (docs/architecture.md, "Layers"): imports run down
//! the layers only (core, genres, print, ops, http, the command), no circle of files inside
//! `src/`, and no source file over 600 lines.
//!
//! An edge from file A to file B is a path A names that resolves to B: a `use` declaration
//! (`crate::`, `super::`, `self::` or a child module's name), or a `crate::`/`super::` path
//! written inline, resolved to the longest module path that is a file and, where that
//! module re-exports the name, on to the file that defines it (a folder's `mod.rs` is its
//! door, not a dependency). Comments and test code (`#[cfg(test)]` items, `tests.rs` files)
//! are not read.
//!
//! Issue 50 cut the circles between layers and most inside them; the circles and long files
//! still standing are listed below ([`REMAINING_CIRCLES`], [`REMAINING_LONG_FILES`]) as the
//! issue's remaining work. A ratchet: a new circle or long file fails, a listed file that grows
//! fails, and so does a listed one that is gone (take it off the list).

#[path = "code_shape/reader.rs"]
mod reader;

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

use reader::{code_of, inline_paths, use_decls, use_paths, used_outside_uses, Tree};

const MAX_LINES: usize = 600;

/// The circles still standing (issue 50, open): a child that imports its parent's items.
const REMAINING_CIRCLES: &[&str] = &[];

/// The files still over [`MAX_LINES`] (issue 50, open), each with its length when listed:
/// none may grow.
const REMAINING_LONG_FILES: &[(&str, usize)] = &[];

/// The layers, lowest first: a file may import its own layer and those below it. A layer is
/// its files or folders under `src/`: the command's is `main.rs` and the folder only it
/// declares, `cli/`.
const LAYERS: &[&[&str]] = &[
    &["core"],
    &["genres"],
    &["print"],
    &["ops"],
    &["http"],
    &["serve.rs"],
    &["main.rs", "cli"],
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
    LAYERS.iter().position(|layer| layer.contains(&top))
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
        .filter(|shown| {
            !REMAINING_CIRCLES
                .iter()
                .any(|known| shown.starts_with(&format!("{known}\n")))
        })
        .collect();
    assert!(shown.is_empty(), "circles of files:\n{}", shown.join("\n"));
    let standing: Vec<String> = circles.iter().map(|circle| circle.join(" <-> ")).collect();
    let gone: Vec<&&str> = REMAINING_CIRCLES
        .iter()
        .filter(|known| !standing.iter().any(|circle| circle == *known))
        .collect();
    assert!(
        gone.is_empty(),
        "circles cut: take them off REMAINING_CIRCLES: {gone:?}"
    );
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
            // What tools write (packages, builds, the generated clients of
            // scripts/client-tests.sh) is no one's source, though a run leaves it here.
            if !matches!(
                name.as_str(),
                "node_modules" | "target" | "pkg" | "__pycache__" | "generated" | "dist"
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
        let shown = path.strip_prefix(root()).unwrap().display().to_string();
        let listed = REMAINING_LONG_FILES.iter().find(|(file, _)| *file == shown);
        if let Some((_, listed)) = listed {
            assert!(
                lines <= *listed,
                "{shown} grew to {lines} lines (listed at {listed}): split it by concern"
            );
            assert!(
                lines > MAX_LINES,
                "{shown} is {lines} lines now: take it off REMAINING_LONG_FILES"
            );
        } else if lines > MAX_LINES {
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
