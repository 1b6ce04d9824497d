//! Project tasks, run as `cargo xtask <task>`:
//!
//! - `cargo xtask web [--no-opt]` builds the JavaScript package of `crates/wasm` into
//!   `target/web/`: `pkg/` (the npm package, for Node and browsers) and `app/` (the static
//!   site: `web/` without its tests, and the package's browser files in `app/pkg/`, each
//!   text and WebAssembly file with its `gzip -9` copy `NAME.gz` when gzip is there). It
//!   installs what it needs: the `wasm32-unknown-unknown` target, `wasm-bindgen-cli` at the
//!   version of the `wasm-bindgen` crate in `Cargo.lock`, and (unless `--no-opt`)
//!   binaryen's npm package into `target/tools/` (or `TOWERS_TOOLS`), whose `wasm-opt`
//!   optimises the module.
//! - `cargo xtask user-examples` compiles and runs the doc examples (READMEs, crate and
//!   item docs) in packages outside the workspace that depend on one crate each, as a
//!   user's crate does, so that an example using a crate its reader does not depend on
//!   fails (see `examples.rs`).
//! - `cargo xtask layout` checks the shape of the sources: no import circle between the
//!   files of a crate, no source file of `crates/` over 900 lines (tests aside) nor
//!   `web/*.js` over 500, and no library that prints (see `layout.rs`).
//! - `cargo xtask serve [--port N] [--solve DIR]` serves `target/web/app/` on
//!   `http://127.0.0.1:N/` (default 8080), building it first when it is missing: a file's
//!   gzip copy to a browser that takes gzip, with an `ETag` and `Cache-Control: no-cache`
//!   (checked again at each visit, answered `304 Not Modified` when unchanged). Beside it,
//!   under `/solve/`, the Pylos compact solution files (`*.dz`) of `DIR` (default
//!   `target/solve/`) with HTTP `Range` support, and their list `/solve/index.json` (see
//!   `solutions.rs`).

mod build;
mod error;
mod examples;
mod layout;
mod serve;
mod solutions;

use std::path::PathBuf;
use std::process::ExitCode;

use crate::error::TaskError;

/// What `cargo xtask` prints for `--help` or a bad command line.
const USAGE: &str = "usage: cargo xtask web [--no-opt]\n       cargo xtask serve [--port N] [--solve DIR]\n       cargo xtask user-examples\n       cargo xtask layout";

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match run(&args) {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("xtask: {error}");
            ExitCode::FAILURE
        }
    }
}

/// Runs the task the arguments name.
fn run(args: &[String]) -> Result<(), TaskError> {
    let root = workspace_root();
    let words: Vec<&str> = args.iter().map(String::as_str).collect();
    match words.as_slice() {
        ["web"] => build::web(&root, true),
        ["web", "--no-opt"] => build::web(&root, false),
        ["serve", options @ ..] => serve_with(&root, options),
        ["user-examples"] => examples::user_examples(&root),
        ["layout"] => layout::check(&root),
        ["--help" | "-h" | "help"] => {
            println!("{USAGE}");
            Ok(())
        }
        _ => Err(TaskError::Usage(USAGE.to_owned())),
    }
}

/// `cargo xtask serve` with its options (`--port N`, `--solve DIR`, in any order).
fn serve_with(root: &std::path::Path, options: &[&str]) -> Result<(), TaskError> {
    let mut port = 8080;
    let mut solve = None;
    let mut rest = options;
    while let [flag, value, tail @ ..] = rest {
        match *flag {
            "--port" => {
                port = value
                    .parse()
                    .map_err(|_| TaskError::Usage(format!("bad port {value:?}\n{USAGE}")))?;
            }
            "--solve" => solve = Some(PathBuf::from(value)),
            _ => return Err(TaskError::Usage(USAGE.to_owned())),
        }
        rest = tail;
    }
    if !rest.is_empty() {
        return Err(TaskError::Usage(USAGE.to_owned()));
    }
    serve::serve(root, port, solve)
}

/// The workspace's root: the parent of this crate's folder.
fn workspace_root() -> PathBuf {
    let manifest = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    manifest
        .parent()
        .map_or_else(|| manifest.clone(), PathBuf::from)
}
