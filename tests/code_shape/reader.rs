//! How tests/code_shape.rs reads a Rust file: its code without comments, literals and test
//! items, the names its `use` declarations bring in, the paths it writes inline, and the tree
//! of modules those paths resolve in.

use std::collections::BTreeMap;

/// The code without comments, string and character literals (their text could read as a
/// path) and `#[cfg(test)]` items.
pub fn code_of(source: &str) -> String {
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
pub fn without_literals(source: &str) -> String {
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

pub fn ident_before(chars: &[char], at: usize) -> bool {
    at > 0 && (chars[at - 1].is_alphanumeric() || chars[at - 1] == '_')
}

/// One name a `use` declaration brings in: its path, the name it is known by here (its `as`
/// rename, or its last segment; `*` for a glob) and whether the declaration re-exports it
/// (`pub use`, `pub(crate) use`, ...).
#[derive(Debug, PartialEq)]
pub struct Imported {
    pub path: Vec<String>,
    pub name: String,
    pub reexport: bool,
}

/// Every name the `use` declarations of `code` bring in, braces expanded.
pub fn use_decls(code: &str) -> Vec<Imported> {
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
pub fn use_paths(code: &str) -> Vec<Vec<String>> {
    use_decls(code).into_iter().map(|i| i.path).collect()
}

/// The start of the next `use` declaration's path.
pub fn find_use(code: &str) -> Option<usize> {
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

pub fn expand(prefix: &[String], text: &str, out: &mut Vec<(Vec<String>, String)>) {
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

pub fn segments(text: &str) -> Vec<String> {
    text.split("::")
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .map(str::to_string)
        .collect()
}

/// Every `crate::`/`super::` path written inline (outside `use` declarations too).
pub fn inline_paths(code: &str) -> Vec<Vec<String>> {
    let mut paths = Vec::new();
    for start in ["crate::", "super::"] {
        let mut from = 0;
        while let Some(found) = code[from..].find(start) {
            let at = from + found;
            from = at + start.len();
            // Inside a longer path (`foo_crate::`, or the second `super::` of
            // `super::super::x`, which would read as an import of the parent): not a start.
            if code[..at]
                .chars()
                .next_back()
                .is_some_and(|c| c.is_alphanumeric() || c == '_' || c == ':')
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

pub struct Tree {
    /// Module path to file (relative to `src/`).
    pub files: BTreeMap<Vec<String>, String>,
    /// What each module re-exports: (module path, name) to the absolute path it stands for;
    /// a glob re-export under the name `*`, several per module.
    pub reexports: BTreeMap<(Vec<String>, String), Vec<Vec<String>>>,
}

impl Tree {
    /// The absolute module path of `path` as written in the module `here`.
    pub fn absolute(&self, here: &[String], path: &[String]) -> Option<Vec<String>> {
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
    pub fn file_of(&self, path: &[String]) -> Option<&String> {
        (1..=path.len())
            .rev()
            .find_map(|n| self.files.get(&path[..n]))
    }

    /// The file that defines what `path` names: a name a module re-exports (a folder's
    /// `mod.rs` naming its children's items) is followed to the file that defines it, since
    /// a re-export is the folder's door, not a dependency of the file that holds it.
    pub fn defining_file(&self, path: &[String]) -> Option<&String> {
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
pub fn used_outside_uses(code: &str, name: &str) -> bool {
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
