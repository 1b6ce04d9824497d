//! `cargo xtask layout`: the shape the sources keep. The files of each crate import each
//! other without a circle, no source file of `crates/` is over 900 lines (its tests
//! aside), no `web/*.js` over 500, and the libraries below the front-ends print nothing.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

use crate::error::TaskError;

/// The most lines of a source file of `crates/`, its test module aside.
const MOST_RUST_LINES: usize = 900;

/// The most lines of a module of the browser app.
const MOST_JS_LINES: usize = 500;

/// The library crates whose sources never write to the terminal.
const SILENT: &[&str] = &[
    "boardcore",
    "pyrga",
    "pylos",
    "architekton",
    "crescendo",
    "bots",
    "solve",
    "catalog",
];

/// Checks the layout of the workspace at `root` and says what it checked.
///
/// # Errors
/// [`TaskError::Layout`] listing every file that breaks a rule.
pub(crate) fn check(root: &Path) -> Result<(), TaskError> {
    let mut problems = Vec::new();
    let mut crates = 0;
    for entry in read_dir(&root.join("crates"))? {
        let src = entry.join("src");
        if !src.is_dir() {
            continue;
        }
        crates += 1;
        let name = entry
            .file_name()
            .map(|name| name.to_string_lossy().into_owned())
            .unwrap_or_default();
        let files = rust_files(&src)?;
        for (module, path) in &files {
            let text = std::fs::read_to_string(path).map_err(|error| io(path, &error))?;
            let code = without_tests(&text);
            let lines = code.lines().count();
            if lines > MOST_RUST_LINES && module.last().is_none_or(|last| last != "tests") {
                problems.push(format!(
                    "{}: {lines} lines (at most {MOST_RUST_LINES})",
                    shown(root, path)
                ));
            }
            if SILENT.contains(&name.as_str()) {
                let code = without_comments(code);
                if code.contains("println!") || code.contains("eprintln!") {
                    problems.push(format!("{}: a library prints", shown(root, path)));
                }
            }
        }
        problems.extend(circles(&name, &files)?);
    }
    for path in read_dir(&root.join("web"))? {
        if path.extension().is_some_and(|extension| extension == "js") {
            let text = std::fs::read_to_string(&path).map_err(|error| io(&path, &error))?;
            let lines = text.lines().count();
            if lines > MOST_JS_LINES {
                problems.push(format!(
                    "{}: {lines} lines (at most {MOST_JS_LINES})",
                    shown(root, &path)
                ));
            }
        }
    }
    if problems.is_empty() {
        println!(
            "layout: {crates} crates without import circles, files within {MOST_RUST_LINES} \
             lines (web/*.js within {MOST_JS_LINES}), silent libraries"
        );
        Ok(())
    } else {
        Err(TaskError::Layout(problems.join("\n")))
    }
}

/// A module's path inside its crate: `[]` for the crate root, `["pylos", "database"]`
/// for `pylos/database.rs` or `pylos/database/mod.rs`.
type Module = Vec<String>;

/// The `.rs` files under `src`, by module.
fn rust_files(src: &Path) -> Result<BTreeMap<Module, PathBuf>, TaskError> {
    let mut files = BTreeMap::new();
    let mut folders = vec![src.to_path_buf()];
    while let Some(folder) = folders.pop() {
        for path in read_dir(&folder)? {
            if path.is_dir() {
                folders.push(path);
            } else if path.extension().is_some_and(|extension| extension == "rs") {
                let relative = path.strip_prefix(src).unwrap_or(&path).with_extension("");
                let mut module: Module = relative
                    .components()
                    .map(|part| part.as_os_str().to_string_lossy().into_owned())
                    .collect();
                if module
                    .last()
                    .is_some_and(|last| matches!(last.as_str(), "lib" | "main" | "mod"))
                {
                    module.pop();
                }
                files.insert(module, path);
            }
        }
    }
    Ok(files)
}

/// The import circles among the files of crate `name`, one line each.
fn circles(name: &str, files: &BTreeMap<Module, PathBuf>) -> Result<Vec<String>, TaskError> {
    let mut codes = BTreeMap::new();
    for (module, path) in files {
        let text = std::fs::read_to_string(path).map_err(|error| io(path, &error))?;
        codes.insert(module.clone(), without_comments(without_tests(&text)));
    }
    // Names a module re-exports, and the module each comes from.
    let mut exported: BTreeMap<(Module, String), Module> = BTreeMap::new();
    for (module, code) in &codes {
        for statement in statements(code, true) {
            let (base, names) = split_use(&statement);
            let Some(base) = base else { continue };
            let from = absolute(module, &base);
            for name in names {
                exported.insert((module.clone(), name), from.clone());
            }
        }
    }
    let resolve = |path: &[String]| -> Option<Module> {
        let mut path = path.to_vec();
        for _ in 0..8 {
            let known = (0..=path.len())
                .rev()
                .find(|&length| files.contains_key(&path[..length]))?;
            let module = path[..known].to_vec();
            let Some(next) = path
                .get(known)
                .and_then(|name| exported.get(&(module.clone(), name.clone())))
                .filter(|next| **next != module && files.contains_key(*next))
            else {
                return Some(module);
            };
            path = next.iter().chain(&path[known..]).cloned().collect();
        }
        None
    };
    let mut edges: BTreeMap<Module, BTreeSet<Module>> = BTreeMap::new();
    for (module, code) in &codes {
        let mut targets = BTreeSet::new();
        for path in references(module, code) {
            if let Some(target) = resolve(&path).filter(|t| t != module && !t.is_empty()) {
                targets.insert(target);
            }
        }
        edges.insert(module.clone(), targets);
    }
    Ok(strongly_connected(&edges)
        .into_iter()
        .filter(|group| group.len() > 1)
        .map(|group| {
            let names: Vec<String> = group.iter().map(|module| module.join("::")).collect();
            format!(
                "{name}: the files of {} import each other",
                names.join(", ")
            )
        })
        .collect())
}

/// The text before the first `#[cfg(test)]`.
fn without_tests(text: &str) -> &str {
    text.find("#[cfg(test)]").map_or(text, |end| &text[..end])
}

/// `code` with each line's `//` comment (docs included) cut.
fn without_comments(code: &str) -> String {
    code.lines()
        .map(|line| line.find("//").map_or(line, |start| &line[..start]))
        .collect::<Vec<_>>()
        .join("\n")
}

/// The `use` statements of `code` (`pub` ones, the re-exports, when `public`; the others
/// otherwise), each without `use` and `;`.
fn statements(code: &str, public: bool) -> Vec<String> {
    let mut found = Vec::new();
    let mut rest = code;
    while let Some(start) = rest.find("use ") {
        let before = &rest[..start];
        let after = &rest[start + 4..];
        let end = after.find(';').unwrap_or(after.len());
        let word_start = before.chars().last().is_none_or(char::is_whitespace);
        let previous = before.split_whitespace().last().unwrap_or(";");
        let is_public = previous.starts_with("pub");
        let starts_statement = is_public || previous.ends_with([';', '{', '}', ']']);
        if word_start && starts_statement && is_public == public {
            found.push(after[..end].split_whitespace().collect::<String>());
        }
        rest = &after[end..];
    }
    found
}

/// A `use` statement split into the path before its last `::` and the names it brings.
fn split_use(statement: &str) -> (Option<String>, Vec<String>) {
    let name_of = |item: &str| {
        let item = item.rsplit("as").next().unwrap_or(item);
        item.rsplit("::").next().unwrap_or(item).to_owned()
    };
    if let Some(open) = statement.find("::{") {
        let inner = statement[open + 3..].trim_end_matches('}');
        let names = top_level(inner)
            .iter()
            .map(|item| name_of(item))
            .filter(|name| name != "*" && name != "self")
            .collect();
        (Some(statement[..open].to_owned()), names)
    } else {
        match statement.rsplit_once("::") {
            Some((base, name)) if name != "*" => (Some(base.to_owned()), vec![name_of(statement)]),
            _ => (None, Vec::new()),
        }
    }
}

/// The items of a brace list, split at its top-level commas.
fn top_level(inner: &str) -> Vec<String> {
    let mut items = vec![String::new()];
    let mut depth = 0;
    for c in inner.chars() {
        match c {
            '{' => depth += 1,
            '}' => depth -= 1,
            ',' if depth == 0 => {
                items.push(String::new());
                continue;
            }
            _ => {}
        }
        if let Some(item) = items.last_mut() {
            item.push(c);
        }
    }
    items.retain(|item| !item.is_empty());
    items
}

/// A path of a `use` in `module` made absolute (`self::`, `super::`, `crate::` resolved).
fn absolute(module: &Module, path: &str) -> Module {
    let mut parts = path.split("::").filter(|part| !part.is_empty()).peekable();
    let mut base = match parts.peek() {
        Some(&"crate") => {
            parts.next();
            Vec::new()
        }
        _ => module.clone(),
    };
    for part in parts {
        match part {
            "self" => {}
            "super" => {
                base.pop();
            }
            name => base.push(name.to_owned()),
        }
    }
    base
}

/// The paths into the crate that `code` (of `module`) names: in its `use` statements
/// and written out in full (`crate::x::y`, `super::z`).
fn references(module: &Module, code: &str) -> Vec<Module> {
    let mut paths = Vec::new();
    for statement in statements(code, false) {
        if !(statement.starts_with("crate::") || statement.starts_with("super::")) {
            continue;
        }
        match statement.split_once("::{") {
            Some((base, inner)) => {
                for item in top_level(inner.trim_end_matches('}')) {
                    paths.push(absolute(module, &format!("{base}::{item}")));
                }
            }
            None => paths.push(absolute(module, &statement)),
        }
    }
    for keyword in ["crate::", "super::"] {
        let mut rest = code;
        while let Some(start) = rest.find(keyword) {
            let path: String = rest[start..]
                .chars()
                .take_while(|c| c.is_alphanumeric() || *c == '_' || *c == ':')
                .collect();
            paths.push(absolute(module, path.trim_end_matches(':')));
            rest = &rest[start + keyword.len()..];
        }
    }
    paths
}

/// The strongly connected groups of a graph (Tarjan's algorithm, iterated over nodes).
fn strongly_connected(edges: &BTreeMap<Module, BTreeSet<Module>>) -> Vec<Vec<Module>> {
    struct Search<'a> {
        edges: &'a BTreeMap<Module, BTreeSet<Module>>,
        index: BTreeMap<&'a Module, usize>,
        low: BTreeMap<&'a Module, usize>,
        stack: Vec<&'a Module>,
        groups: Vec<Vec<Module>>,
    }
    impl<'a> Search<'a> {
        fn visit(&mut self, node: &'a Module) {
            let number = self.index.len();
            self.index.insert(node, number);
            self.low.insert(node, number);
            self.stack.push(node);
            for next in self.edges.get(node).into_iter().flatten() {
                if !self.index.contains_key(next) {
                    self.visit(next);
                    let low = self.low[next].min(self.low[node]);
                    self.low.insert(node, low);
                } else if self.stack.contains(&next) {
                    let low = self.index[next].min(self.low[node]);
                    self.low.insert(node, low);
                }
            }
            if self.low[node] == self.index[node] {
                let mut group = Vec::new();
                while let Some(member) = self.stack.pop() {
                    group.push(member.clone());
                    if member == node {
                        break;
                    }
                }
                self.groups.push(group);
            }
        }
    }
    let mut search = Search {
        edges,
        index: BTreeMap::new(),
        low: BTreeMap::new(),
        stack: Vec::new(),
        groups: Vec::new(),
    };
    for node in edges.keys() {
        if !search.index.contains_key(node) {
            search.visit(node);
        }
    }
    search.groups
}

/// `path` as written from the workspace's root.
fn shown(root: &Path, path: &Path) -> String {
    path.strip_prefix(root)
        .unwrap_or(path)
        .display()
        .to_string()
}

/// The entries of `folder`, sorted.
fn read_dir(folder: &Path) -> Result<Vec<PathBuf>, TaskError> {
    let mut paths = std::fs::read_dir(folder)
        .map_err(|error| io(folder, &error))?
        .map(|entry| entry.map(|entry| entry.path()))
        .collect::<Result<Vec<_>, _>>()
        .map_err(|error| io(folder, &error))?;
    paths.sort();
    Ok(paths)
}

/// A file that cannot be read.
fn io(path: &Path, error: &std::io::Error) -> TaskError {
    TaskError::Layout(format!("cannot read {}: {error}", path.display()))
}
