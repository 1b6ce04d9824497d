//! `cargo xtask user-examples`: the doc examples compiled and run in a crate of a user's.
//!
//! A crate's doctests see every dependency of the crate (and its dev-dependencies), so an
//! example of `pylos` that writes `use boardcore::Player` passes there and fails in an app
//! that depends on `pylos` alone. This task writes, for each crate, a small package outside
//! the workspace that depends on that crate only (and, for `bots`, `solve` and the README,
//! the engines their examples play), copies into its docs every Rust code block of the
//! crate's README and doc comments (`//!` and `///`), and runs them with
//! `cargo test --doc --offline` against the workspace's `Cargo.lock`. The packages and their
//! shared target folder live in `target/user-examples/`.

use std::fmt::Write as _;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;

use crate::build::{cargo_target_dir, run};
use crate::error::TaskError;

/// A package of a user's: the workspace crates it depends on and where its examples come
/// from.
struct Package {
    /// Its name, and the folder under `target/user-examples/`.
    name: &'static str,
    /// The workspace crates it depends on, by path; the first one's features are mirrored
    /// (and all turned on), so that examples under `#[cfg(feature = …)]` see them.
    crates: &'static [&'static str],
    /// Where the examples are: `crates/<name>` (its `README.md` and every `.rs` file under
    /// `src/`) or a Markdown file, relative to the workspace root.
    sources: &'static [&'static str],
    /// Third-party dev-dependencies its examples use, spelled as in the workspace's
    /// `[workspace.dependencies]`.
    dev: &'static [&'static str],
}

/// Every package the task builds.
const PACKAGES: &[Package] = &[
    Package {
        name: "boardcore",
        crates: &["boardcore"],
        sources: &["crates/boardcore"],
        dev: &["serde", "serde_json", "proptest"],
    },
    Package {
        name: "pyrga",
        crates: &["pyrga"],
        sources: &["crates/pyrga"],
        dev: &[],
    },
    Package {
        name: "pylos",
        crates: &["pylos"],
        sources: &["crates/pylos"],
        dev: &[],
    },
    Package {
        name: "architekton",
        crates: &["architekton"],
        sources: &["crates/architekton"],
        dev: &[],
    },
    Package {
        name: "crescendo",
        crates: &["crescendo"],
        sources: &["crates/crescendo"],
        dev: &[],
    },
    Package {
        name: "bots",
        crates: &["bots", "pyrga", "pylos", "architekton", "crescendo"],
        sources: &["crates/bots"],
        dev: &[],
    },
    Package {
        name: "solve",
        crates: &["solve", "pyrga", "pylos"],
        sources: &["crates/solve"],
        dev: &[],
    },
    Package {
        name: "catalog",
        crates: &["catalog"],
        sources: &["crates/catalog"],
        dev: &["serde_json"],
    },
    Package {
        name: "readme",
        crates: &["pyrga", "bots"],
        sources: &["README.md"],
        dev: &[],
    },
];

/// A fenced code block of the docs.
#[derive(Debug, PartialEq, Eq)]
struct Block {
    /// The line of its opening fence (from 1).
    line: usize,
    /// The fence's info string (`""`, `"rust"`, `"no_run"`, `"text"`…).
    info: String,
    /// Its lines, without the fence's indentation.
    code: Vec<String>,
}

/// Builds and runs the examples of every package, all of them even when one fails.
///
/// # Errors
/// A file that cannot be read or written, or the packages whose examples failed.
pub(crate) fn user_examples(root: &Path) -> Result<(), TaskError> {
    let base = cargo_target_dir(root).join("user-examples");
    let target = base.join("target");
    let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
    let mut failed = Vec::new();
    for package in PACKAGES {
        let dir = base.join(package.name);
        let count = write_package(root, &dir, package)?;
        println!(
            "user-examples: {}: {count} examples, depending on {} only",
            package.name,
            package.crates.join(", ")
        );
        let result = run(Command::new(&cargo)
            .args(["test", "--offline", "--doc", "--all-features", "--quiet"])
            .arg("--manifest-path")
            .arg(dir.join("Cargo.toml"))
            .env("CARGO_TARGET_DIR", &target));
        if let Err(error) = result {
            eprintln!("user-examples: {}: {error}", package.name);
            failed.push(package.name.to_owned());
        }
    }
    if failed.is_empty() {
        Ok(())
    } else {
        Err(TaskError::Examples(failed.join(", ")))
    }
}

/// Writes the package into `dir` (its manifest, the workspace's lock file, and a library
/// whose docs hold the examples) and returns how many examples it holds.
fn write_package(root: &Path, dir: &Path, package: &Package) -> Result<usize, TaskError> {
    let mut lib = format!(
        "//! The doc examples of {}, in a crate that depends on {} only.\n//!\n\
         //! Written by `cargo xtask user-examples`; edit the examples where they come from.\n",
        package.sources.join(", "),
        package.crates.join(", ")
    );
    let mut count = 0;
    for source in package.sources {
        for file in source_files(&root.join(source))? {
            let text = read(&file)?;
            let blocks = if file.extension().is_some_and(|ext| ext == "rs") {
                doc_blocks(&text)
            } else {
                markdown_blocks(text.lines().enumerate().map(|(index, line)| (line, index)))
            };
            let shown = file
                .strip_prefix(root)
                .unwrap_or(&file)
                .display()
                .to_string();
            for block in blocks.iter().filter(|block| is_rust(&block.info)) {
                lib.push_str(&item(&shown, block));
                count += 1;
            }
        }
    }
    let src = dir.join("src");
    fs::create_dir_all(&src).map_err(|e| TaskError::io(&src, e))?;
    write(&src.join("lib.rs"), &lib)?;
    write(&dir.join("Cargo.toml"), &manifest(root, package)?)?;
    let lock = root.join("Cargo.lock");
    fs::copy(&lock, dir.join("Cargo.lock")).map_err(|e| TaskError::io(&lock, e))?;
    Ok(count)
}

/// The package's `Cargo.toml`: its own workspace, the crates by path, the first one's
/// features mirrored, the dev-dependencies as the workspace spells them, and the
/// workspace's test profile.
fn manifest(root: &Path, package: &Package) -> Result<String, TaskError> {
    let crates = root.join("crates");
    let mut text = format!(
        "[package]\nname = \"user-examples-{}\"\nversion = \"0.0.0\"\nedition = \"2024\"\n\
         publish = false\n\n[workspace]\n\n[dependencies]\n",
        package.name
    );
    for name in package.crates {
        let path = crates.join(name);
        // Written as TOML literal strings: a path holds no `'`, or the manifest says so.
        let _ = writeln!(text, "{name} = {{ path = '{}' }}", path.display());
    }
    let workspace = read(&root.join("Cargo.toml"))?;
    text.push_str("\n[dev-dependencies]\n");
    for name in package.dev {
        let line = dependency_line(&workspace, name).ok_or_else(|| {
            TaskError::Usage(format!(
                "no {name} in [workspace.dependencies] of Cargo.toml"
            ))
        })?;
        text.push_str(line);
        text.push('\n');
    }
    text.push_str("\n[features]\n");
    if let Some(first) = package.crates.first() {
        let own = read(&crates.join(first).join("Cargo.toml"))?;
        for feature in features(&own) {
            let _ = writeln!(text, "{feature} = [\"{first}/{feature}\"]");
        }
    }
    text.push_str("\n[profile.test]\nopt-level = 2\ndebug = false\n");
    Ok(text)
}

/// The line of `name` in the `[workspace.dependencies]` table of the workspace manifest.
fn dependency_line<'a>(workspace: &'a str, name: &str) -> Option<&'a str> {
    table(workspace, "workspace.dependencies").find(|line| {
        line.split_once('=')
            .is_some_and(|(key, _)| key.trim() == name)
    })
}

/// The features of a crate's manifest but `default`.
fn features(manifest: &str) -> Vec<&str> {
    table(manifest, "features")
        .filter_map(|line| line.split_once('=').map(|(key, _)| key.trim()))
        .filter(|key| {
            *key != "default"
                && !key.is_empty()
                && key
                    .chars()
                    .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_')
        })
        .collect()
}

/// The lines of a TOML table, from its header to the next header.
fn table<'a>(manifest: &'a str, name: &str) -> impl Iterator<Item = &'a str> {
    let header = format!("[{name}]");
    manifest
        .lines()
        .skip_while(move |line| line.trim() != header)
        .skip(1)
        .take_while(|line| !line.trim_start().starts_with('['))
}

/// The files of a source: `crates/<name>` gives its `README.md` and its `.rs` files under
/// `src/`, sorted; anything else is the file itself.
fn source_files(source: &Path) -> Result<Vec<PathBuf>, TaskError> {
    if !source.is_dir() {
        return Ok(vec![source.to_path_buf()]);
    }
    let mut files = vec![source.join("README.md")];
    let mut folders = vec![source.join("src")];
    let mut found = Vec::new();
    while let Some(folder) = folders.pop() {
        for entry in fs::read_dir(&folder).map_err(|e| TaskError::io(&folder, e))? {
            let path = entry.map_err(|e| TaskError::io(&folder, e))?.path();
            if path.is_dir() {
                folders.push(path);
            } else if path.extension().is_some_and(|ext| ext == "rs") {
                found.push(path);
            }
        }
    }
    found.sort();
    files.extend(found);
    Ok(files)
}

/// The code blocks of the doc comments (`//!` and `///`) of a Rust file; a block left open
/// ends with its comment.
fn doc_blocks(text: &str) -> Vec<Block> {
    let mut blocks = Vec::new();
    let mut comment: Vec<(&str, usize)> = Vec::new();
    let mut kind = "";
    for (index, line) in text.lines().enumerate() {
        let trimmed = line.trim_start();
        let marker = ["///", "//!"]
            .into_iter()
            .find(|marker| trimmed.starts_with(marker) && !trimmed.starts_with("////"));
        if marker != Some(kind) && !comment.is_empty() {
            blocks.extend(markdown_blocks(comment.drain(..)));
        }
        if let Some(marker) = marker {
            let body = &trimmed[marker.len()..];
            comment.push((body.strip_prefix(' ').unwrap_or(body), index));
            kind = marker;
        } else {
            kind = "";
        }
    }
    blocks.extend(markdown_blocks(comment.drain(..)));
    blocks
}

/// The fenced code blocks of Markdown lines, each given with its index in the file (from
/// 0); a block left open ends with the text.
fn markdown_blocks<'a>(lines: impl Iterator<Item = (&'a str, usize)>) -> Vec<Block> {
    let mut blocks = Vec::new();
    // The open block, its fence (the run of backticks) and the fence's indentation.
    let mut open: Option<(Block, usize, usize)> = None;
    for (line, index) in lines {
        let trimmed = line.trim_start();
        let indent = line.len() - trimmed.len();
        let ticks = trimmed.chars().take_while(|&c| c == '`').count();
        match open.take() {
            Some((block, fence, _)) if ticks >= fence && trimmed[ticks..].trim().is_empty() => {
                blocks.push(block);
            }
            Some((mut block, fence, depth)) => {
                let cut = line.len() - line.trim_start_matches(' ').len();
                block.code.push(line[cut.min(depth)..].to_owned());
                open = Some((block, fence, depth));
            }
            None if ticks >= 3 => {
                let block = Block {
                    line: index + 1,
                    info: trimmed[ticks..].trim().to_owned(),
                    code: Vec::new(),
                };
                open = Some((block, ticks, indent));
            }
            None => {}
        }
    }
    blocks.extend(open.map(|(block, _, _)| block));
    blocks
}

/// Whether rustdoc reads a block of this info string as Rust: no language, or only
/// rustdoc's own attributes.
fn is_rust(info: &str) -> bool {
    info.split(|c: char| c == ',' || c.is_whitespace())
        .filter(|word| !word.is_empty())
        .all(|word| {
            matches!(
                word,
                "rust"
                    | "ignore"
                    | "should_panic"
                    | "no_run"
                    | "compile_fail"
                    | "standalone_crate"
                    | "test_harness"
            ) || word.starts_with("edition")
                || word.starts_with("ignore-")
        })
}

/// An empty public module whose docs hold the block, named after where it comes from, so
/// that a failing doctest names its origin.
fn item(file: &str, block: &Block) -> String {
    let name: String = format!("{file}_l{}", block.line)
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() {
                c.to_ascii_lowercase()
            } else {
                '_'
            }
        })
        .collect();
    let mut text = format!(
        "\n/// `{file}`, line {}:\n///\n/// ```{}\n",
        block.line, block.info
    );
    for line in &block.code {
        if line.is_empty() {
            text.push_str("///\n");
        } else {
            let _ = writeln!(text, "/// {line}");
        }
    }
    let _ = writeln!(text, "/// ```\npub mod {name} {{}}");
    text
}

/// The text of a file.
fn read(path: &Path) -> Result<String, TaskError> {
    fs::read_to_string(path).map_err(|e| TaskError::io(path, e))
}

/// Writes a file, unless it already holds `text` (so that cargo sees nothing new).
fn write(path: &Path, text: &str) -> Result<(), TaskError> {
    if fs::read_to_string(path).is_ok_and(|old| old == text) {
        return Ok(());
    }
    fs::write(path, text).map_err(|e| TaskError::io(path, e))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn doc_blocks_are_found_in_both_kinds_of_comment() {
        let text = "//! Front page.\n//!\n//! ```\n//! use pylos::State;\n//! ```\n\
                    \n/// An item.\n///\n///   ```no_run\n///   let a = 1;\n///\n///     indented();\n///   ```\n\
                    /// ```text\n/// not rust\n/// ```\nfn f() {}\n";
        let blocks = doc_blocks(text);
        assert_eq!(blocks.len(), 3);
        assert_eq!(
            blocks[0],
            Block {
                line: 3,
                info: String::new(),
                code: vec!["use pylos::State;".to_owned()],
            }
        );
        assert_eq!(blocks[1].line, 9);
        assert_eq!(blocks[1].info, "no_run");
        assert_eq!(blocks[1].code, ["let a = 1;", "", "  indented();"]);
        assert!(is_rust(&blocks[0].info) && is_rust(&blocks[1].info));
        assert!(!is_rust(&blocks[2].info));
    }

    #[test]
    fn a_block_ends_with_its_comment() {
        let blocks = doc_blocks("/// ```\n/// open\nfn f() {}\n//! ```\n//! b\n//! ```\n");
        assert_eq!(blocks.len(), 2);
        assert_eq!(blocks[0].code, ["open"]);
        assert_eq!(
            (blocks[1].line, &blocks[1].code[..]),
            (4, &["b".to_owned()][..])
        );
    }

    #[test]
    fn markdown_lines_count_from_one() {
        let text = "# Title\n\n```rust\nlet x = 1;\n```\n\n````toml\n[a]\n````\n";
        let blocks = markdown_blocks(text.lines().enumerate().map(|(index, line)| (line, index)));
        assert_eq!(blocks.len(), 2);
        assert_eq!((blocks[0].line, blocks[0].info.as_str()), (3, "rust"));
        assert_eq!(blocks[1].code, ["[a]"]);
        assert!(is_rust("rust,no_run") && is_rust("edition2021") && !is_rust("toml"));
    }

    #[test]
    fn features_and_dependencies_are_read_from_manifests() {
        let manifest = "[package]\nname = \"x\"\n\n[features]\ndefault = [\"a\"]\n## Doc.\n\
                        a = [\"dep:b\"]\nlong-one = [\n  \"a\",\n]\n\n[dependencies]\nc = 1\n";
        assert_eq!(features(manifest), ["a", "long-one"]);
        let workspace =
            "[workspace.dependencies]\nserde = { version = \"1\" }\nserde_json = \"1.0\"\n";
        assert_eq!(
            dependency_line(workspace, "serde_json"),
            Some("serde_json = \"1.0\"")
        );
        assert_eq!(
            dependency_line(workspace, "serde"),
            Some("serde = { version = \"1\" }")
        );
        assert_eq!(dependency_line(workspace, "rand"), None);
    }

    #[test]
    fn an_item_names_its_origin_and_keeps_the_code() {
        let block = Block {
            line: 12,
            info: "no_run".to_owned(),
            code: vec![
                "# let hidden = 1;".to_owned(),
                String::new(),
                "use pylos::State;".to_owned(),
            ],
        };
        let text = item("crates/pylos/src/state.rs", &block);
        assert!(text.contains(
            "/// ```no_run\n/// # let hidden = 1;\n///\n/// use pylos::State;\n/// ```\n"
        ));
        assert!(text.ends_with("pub mod crates_pylos_src_state_rs_l12 {}\n"));
    }
}
