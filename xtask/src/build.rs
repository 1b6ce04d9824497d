//! `cargo xtask web`: the package for browsers and for Node, and the static app.

use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;

use crate::error::TaskError;

/// The Rust target of the package.
const TARGET: &str = "wasm32-unknown-unknown";
/// The package's crate, and the stem of the files `wasm-bindgen` writes.
const CRATE: &str = "towers-wasm";
const STEM: &str = "towers_wasm";

/// The WebAssembly features rustc uses for `wasm32-unknown-unknown`, which `wasm-opt`
/// must accept (and may keep using).
const WASM_FEATURES: &[&str] = &[
    "--enable-bulk-memory",
    "--enable-sign-ext",
    "--enable-mutable-globals",
    "--enable-nontrapping-float-to-int",
    "--enable-reference-types",
    "--enable-multivalue",
];

/// Builds `target/web/app/` and `target/web/node/`; runs `wasm-opt -O3` on the module when
/// `optimise` and `wasm-opt` is installed.
///
/// # Errors
/// A failed step: installing the tools, the build, `wasm-bindgen`, copying files.
pub(crate) fn web(root: &Path, optimise: bool) -> Result<(), TaskError> {
    let out = root.join("target").join("web");
    add_target();
    let bindgen = ensure_bindgen(root)?;
    build_wasm(root)?;
    let wasm = cargo_target_dir(root)
        .join(TARGET)
        .join("release")
        .join(format!("{STEM}.wasm"));
    let raw = size_of(&wasm)?;
    let opt = optimise && has_program("wasm-opt");
    let input = if opt {
        // Optimised before wasm-bindgen: Debian's binaryen 108 cannot read the
        // reference-type instructions wasm-bindgen adds; the custom sections that
        // wasm-bindgen reads survive wasm-opt.
        let optimised = out.join(format!("{STEM}.opt.wasm"));
        fs::create_dir_all(&out).map_err(|e| TaskError::io(&out, e))?;
        run(Command::new("wasm-opt")
            .args(WASM_FEATURES)
            .arg("-O3")
            .arg(&wasm)
            .arg("-o")
            .arg(&optimised))?;
        optimised
    } else {
        wasm
    };
    let app = out.join("app");
    let node = out.join("node");
    for folder in [&app, &node] {
        if folder.exists() {
            fs::remove_dir_all(folder).map_err(|e| TaskError::io(folder, e))?;
        }
    }
    copy_site(&root.join("web"), &app)?;
    let pkg = app.join("pkg");
    for (folder, target) in [(&pkg, "web"), (&node, "nodejs")] {
        run(Command::new(&bindgen)
            .arg("--target")
            .arg(target)
            .arg("--out-dir")
            .arg(folder)
            .arg("--out-name")
            .arg(STEM)
            .arg(&input))?;
        write_package_json(folder, target == "web")?;
    }
    let file = node.join(format!("{STEM}_bg.wasm"));
    let size = size_of(&file)?;
    let gzipped = gzipped_size(&file).map_or_else(
        || "gzip not found".to_owned(),
        |n| format!("{n} bytes gzipped"),
    );
    println!(
        "{STEM}_bg.wasm: {size} bytes ({gzipped}); {raw} bytes from rustc{}",
        if opt {
            ", optimised by wasm-opt -O3"
        } else {
            ""
        }
    );
    if optimise && !opt {
        println!(
            "wasm-opt not found (apt-get install binaryen): the .wasm files are not optimised"
        );
    }
    println!("app: {}", app.display());
    println!("node package: {}", node.display());
    Ok(())
}

/// Adds the wasm target with rustup; when rustup is missing or offline the build says
/// what is wrong.
fn add_target() {
    if has_program("rustup") {
        let _ = Command::new("rustup")
            .args(["target", "add", TARGET])
            .status();
    }
}

/// The `wasm-bindgen` program at the version `Cargo.lock` pins, installed with
/// `cargo install wasm-bindgen-cli` when the one on the path differs.
fn ensure_bindgen(root: &Path) -> Result<PathBuf, TaskError> {
    let lock = root.join("Cargo.lock");
    let text = fs::read_to_string(&lock).map_err(|e| TaskError::io(&lock, e))?;
    let version = locked_version(&text, "wasm-bindgen").ok_or(TaskError::NoBindgenVersion)?;
    let installed = Command::new("wasm-bindgen")
        .arg("--version")
        .output()
        .ok()
        .map(|out| String::from_utf8_lossy(&out.stdout).trim().to_owned());
    if installed.as_deref() != Some(&format!("wasm-bindgen {version}")) {
        println!("installing wasm-bindgen-cli {version} (found {installed:?})");
        let cargo = cargo();
        let locked = run(Command::new(&cargo).args([
            "install",
            "wasm-bindgen-cli",
            "--version",
            &version,
            "--locked",
        ]));
        if locked.is_err() {
            // The lock file shipped with the tool can name a dependency version the
            // registry no longer serves; resolve afresh then.
            println!("retrying without --locked");
            run(Command::new(&cargo).args(["install", "wasm-bindgen-cli", "--version", &version]))?;
        }
    }
    Ok(PathBuf::from("wasm-bindgen"))
}

/// The version of package `name` in the text of a `Cargo.lock`.
fn locked_version(lock: &str, name: &str) -> Option<String> {
    let wanted = format!("name = \"{name}\"");
    let mut lines = lock.lines();
    while let Some(line) = lines.next() {
        if line.trim() == wanted {
            let version = lines.next()?.trim();
            return version
                .strip_prefix("version = \"")
                .and_then(|rest| rest.strip_suffix('"'))
                .map(str::to_owned);
        }
    }
    None
}

/// Builds the package's `.wasm` in release mode, with whole-program optimisation.
fn build_wasm(root: &Path) -> Result<(), TaskError> {
    run(Command::new(cargo()).current_dir(root).args([
        "build",
        "--package",
        CRATE,
        "--target",
        TARGET,
        "--release",
        "--config",
        "profile.release.lto=true",
        "--config",
        "profile.release.panic=\"abort\"",
    ]))
}

/// Copies the app's sources (`web/` without `web/tests/`) into `app`.
fn copy_site(web: &Path, app: &Path) -> Result<(), TaskError> {
    fs::create_dir_all(app).map_err(|e| TaskError::io(app, e))?;
    if !web.exists() {
        println!(
            "{} not found: the app folder holds the package only",
            web.display()
        );
        return Ok(());
    }
    copy_tree(web, app, &web.join("tests"))
}

/// Copies the folder `from` into `to`, except `skip`.
fn copy_tree(from: &Path, to: &Path, skip: &Path) -> Result<(), TaskError> {
    for entry in fs::read_dir(from).map_err(|e| TaskError::io(from, e))? {
        let entry = entry.map_err(|e| TaskError::io(from, e))?;
        let source = entry.path();
        if source == skip {
            continue;
        }
        let target = to.join(entry.file_name());
        if source.is_dir() {
            fs::create_dir_all(&target).map_err(|e| TaskError::io(&target, e))?;
            copy_tree(&source, &target, skip)?;
        } else {
            fs::copy(&source, &target).map_err(|e| TaskError::io(&source, e))?;
        }
    }
    Ok(())
}

/// Writes the `package.json` that lets `npm install` take the folder: an ES module for
/// browsers and bundlers (`module`), or `CommonJS` for Node.
fn write_package_json(folder: &Path, module: bool) -> Result<(), TaskError> {
    let kind = if module {
        "  \"type\": \"module\",\n  \"module\": \"towers_wasm.js\",\n"
    } else {
        ""
    };
    let json = format!(
        "{{\n  \"name\": \"towers-wasm\",\n  \"version\": \"{version}\",\n  \"description\": \"Rules engines and bots of Pyrga, Pylos, Architekton and Crescendo, in WebAssembly\",\n  \"license\": \"MIT OR Apache-2.0\",\n{kind}  \"main\": \"{STEM}.js\",\n  \"types\": \"{STEM}.d.ts\",\n  \"files\": [\"{STEM}.js\", \"{STEM}.d.ts\", \"{STEM}_bg.wasm\", \"{STEM}_bg.wasm.d.ts\"]\n}}\n",
        version = env!("CARGO_PKG_VERSION"),
    );
    let path = folder.join("package.json");
    fs::write(&path, json).map_err(|e| TaskError::io(&path, e))
}

/// The cargo running this task, or `cargo` from the path.
fn cargo() -> String {
    std::env::var("CARGO").unwrap_or_else(|_| "cargo".to_owned())
}

/// Where cargo builds: `CARGO_TARGET_DIR` when it is set (relative to `root`, where the
/// build runs), else `root/target`. The app and the Node package go to `root/target/web`
/// either way.
pub(crate) fn cargo_target_dir(root: &Path) -> PathBuf {
    std::env::var_os("CARGO_TARGET_DIR")
        .filter(|dir| !dir.is_empty())
        .map_or_else(|| root.join("target"), |dir| root.join(dir))
}

/// Whether `program` runs.
fn has_program(program: &str) -> bool {
    Command::new(program)
        .arg("--version")
        .output()
        .is_ok_and(|out| out.status.success())
}

/// The size of `file` in bytes.
fn size_of(file: &Path) -> Result<u64, TaskError> {
    fs::metadata(file)
        .map(|meta| meta.len())
        .map_err(|e| TaskError::io(file, e))
}

/// The size of `file` compressed by `gzip -9`, if gzip runs.
fn gzipped_size(file: &Path) -> Option<usize> {
    let out = Command::new("gzip").arg("-9c").arg(file).output().ok()?;
    out.status.success().then_some(out.stdout.len())
}

/// Runs `command`, echoing it.
pub(crate) fn run(command: &mut Command) -> Result<(), TaskError> {
    let shown = format!("{command:?}").replace('"', "");
    println!("+ {shown}");
    let status = command.status().map_err(|e| TaskError::Command {
        program: shown.clone(),
        reason: e.to_string(),
    })?;
    if status.success() {
        Ok(())
    } else {
        Err(TaskError::Command {
            program: shown,
            reason: status.to_string(),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_a_locked_version() {
        let lock = "[[package]]\nname = \"wasm-bindgen\"\nversion = \"0.2.130\"\n\n[[package]]\nname = \"wasm-bindgen-macro\"\nversion = \"0.2.130\"\n";
        assert_eq!(
            locked_version(lock, "wasm-bindgen").as_deref(),
            Some("0.2.130")
        );
        assert_eq!(locked_version(lock, "js-sys"), None);
    }
}
