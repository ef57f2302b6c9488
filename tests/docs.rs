//! The documents say what the code is: docs/architecture.md names every registered genre,
//! every board kind and every top-level part of `src/`, and every relative link of the README
//! and docs/ leads to a file that exists and, where it names one, a heading in it.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

use sumpuzzles::genres::{BoardKind, GenreId};

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn read(path: &Path) -> String {
    std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

#[test]
fn architecture_names_every_genre_board_kind_and_part_of_src() {
    let text = read(&root().join("docs/architecture.md"));
    let mut missing = Vec::new();
    for genre in GenreId::ALL {
        let folder = format!("`{}`", genre.name().replace('-', "_"));
        if !text.contains(&folder) {
            missing.push(format!("genre {folder}"));
        }
    }
    for kind in BoardKind::ALL {
        let name = serde_json::to_value(kind).unwrap();
        let name = format!("`{}`", name.as_str().unwrap());
        if !text.contains(&name) {
            missing.push(format!("board kind {name}"));
        }
    }
    for entry in std::fs::read_dir(root().join("src")).unwrap() {
        let name = entry.unwrap().file_name().into_string().unwrap();
        let named = if name.ends_with(".rs") {
            format!("src/{name}")
        } else {
            format!("src/{name}/")
        };
        if name != "lib.rs" && !text.contains(&named) {
            missing.push(named);
        }
    }
    assert!(
        missing.is_empty(),
        "docs/architecture.md does not name: {missing:?}"
    );
}

/// The documents whose links are checked: the README, docs/ and the test data's pages.
fn documents() -> Vec<PathBuf> {
    let mut files = vec![
        PathBuf::from("README.md"),
        PathBuf::from("testdata/killer-sudoku/README.md"),
    ];
    let mut docs: Vec<PathBuf> = std::fs::read_dir(root().join("docs"))
        .unwrap()
        .map(|entry| PathBuf::from("docs").join(entry.unwrap().file_name()))
        .filter(|path| path.extension().is_some_and(|e| e == "md"))
        .collect();
    docs.sort();
    files.extend(docs);
    files
}

/// GitHub's anchor of a heading: lower case, punctuation but `-` and `_` dropped, spaces as `-`.
fn anchor(heading: &str) -> String {
    heading
        .trim()
        .to_lowercase()
        .chars()
        .filter(|c| c.is_alphanumeric() || matches!(c, '-' | '_' | ' '))
        .map(|c| if c == ' ' { '-' } else { c })
        .collect()
}

/// The text outside fenced code blocks, where headings and links are.
fn prose(text: &str) -> Vec<&str> {
    let mut fenced = false;
    text.lines()
        .filter(|line| {
            if line.trim_start().starts_with("```") {
                fenced = !fenced;
                return false;
            }
            !fenced
        })
        .collect()
}

fn headings(text: &str) -> BTreeSet<String> {
    prose(text)
        .iter()
        .filter(|line| line.starts_with('#'))
        .filter_map(|line| line.trim_start_matches('#').strip_prefix(' '))
        .map(anchor)
        .collect()
}

/// The targets of a line's `](target)` links.
fn links(line: &str) -> Vec<&str> {
    line.match_indices("](")
        .filter_map(|(at, _)| {
            let rest = &line[at + 2..];
            rest.find(')').map(|end| &rest[..end])
        })
        .collect()
}

#[test]
fn every_relative_link_leads_to_a_file_and_heading_that_exist() {
    let files = documents();
    let anchors: BTreeMap<PathBuf, BTreeSet<String>> = files
        .iter()
        .map(|file| (file.clone(), headings(&read(&root().join(file)))))
        .collect();
    let mut broken = Vec::new();
    for file in &files {
        let text = read(&root().join(file));
        for line in prose(&text) {
            for target in links(line) {
                if target.contains("://") || target.starts_with("mailto:") || target.contains(' ') {
                    continue;
                }
                let (path, fragment) = target.split_once('#').unwrap_or((target, ""));
                let resolved = if path.is_empty() {
                    file.clone()
                } else {
                    normalize(&file.parent().unwrap().join(path))
                };
                if !root().join(&resolved).exists() {
                    broken.push(format!("{}: {target} (no file)", file.display()));
                } else if !fragment.is_empty() && resolved.extension().is_some_and(|e| e == "md") {
                    let known = anchors.get(&resolved);
                    if known.is_some_and(|known| !known.contains(fragment)) {
                        broken.push(format!("{}: {target} (no such heading)", file.display()));
                    }
                }
            }
        }
    }
    assert!(broken.is_empty(), "broken links:\n{}", broken.join("\n"));
}

/// A relative path with its `..` and `.` folded.
fn normalize(path: &Path) -> PathBuf {
    let mut out = PathBuf::new();
    for part in path.components() {
        match part {
            std::path::Component::ParentDir => {
                out.pop();
            }
            std::path::Component::CurDir => {}
            other => out.push(other),
        }
    }
    out
}
