//! `cargo xtask web`: the npm package (one folder for Node and browsers) and the static
//! app.

use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;

use crate::error::TaskError;

/// The Rust target of the package.
const TARGET: &str = "wasm32-unknown-unknown";
/// The package's crate, and the stem of the files `wasm-bindgen` writes.
const CRATE: &str = "towers-wasm";
const STEM: &str = "towers_wasm";
/// The package's own JavaScript files and README, copied into it as they are.
const SOURCES: &str = "crates/wasm/js";
/// The npm package of binaryen (its tools compiled to WebAssembly, run by Node) and its
/// version, pinned: the binaryen of Debian 12 (108) and of the crates.io `wasm-opt` (116)
/// cannot read the `table.fill` that wasm-bindgen writes; 132 can, and installs in seconds
/// where the crates.io one compiles binaryen from source (about 20 CPU-minutes).
const BINARYEN_PACKAGE: &str = "binaryen@132.0.0";

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

/// Builds the npm package in `target/web/pkg/` and the app in `target/web/app/` (with a
/// copy of the package in `app/pkg/`); runs `wasm-opt -O3` on wasm-bindgen's module when
/// `optimise`, installing binaryen's npm package into `target/tools/` the first time.
///
/// # Errors
/// A failed step: installing the tools, the build, `wasm-bindgen`, `wasm-opt`, copying
/// files.
pub(crate) fn web(root: &Path, optimise: bool) -> Result<(), TaskError> {
    let out = root.join("target").join("web");
    add_target();
    let bindgen = ensure_bindgen(root)?;
    let wasm_opt = if optimise {
        Some(ensure_wasm_opt(root)?)
    } else {
        None
    };
    build_wasm(root)?;
    let wasm = cargo_target_dir(root)
        .join(TARGET)
        .join("release")
        .join(format!("{STEM}.wasm"));
    let raw = size_of(&wasm)?;
    let pkg = out.join("pkg");
    let app = out.join("app");
    // `node/` is the Node package of earlier versions, gone into `pkg/`.
    for folder in [&pkg, &app, &out.join("node")] {
        if folder.exists() {
            fs::remove_dir_all(folder).map_err(|e| TaskError::io(folder, e))?;
        }
    }
    let input = wasm;
    let bindings = pkg.join("bindings");
    for target in ["web", "nodejs"] {
        run(Command::new(&bindgen)
            .arg("--target")
            .arg(target)
            .arg("--out-dir")
            .arg(bindings.join(if target == "web" { "web" } else { "node" }))
            .arg("--out-name")
            .arg(STEM)
            .arg(&input))?;
    }
    if let Some(wasm_opt) = &wasm_opt {
        // wasm-bindgen writes the same module for both targets: optimised once, copied.
        let name = format!("{STEM}_bg.wasm");
        let web = bindings.join("web").join(&name);
        run(Command::new("node")
            .arg(wasm_opt)
            .args(WASM_FEATURES)
            .arg("-O3")
            .arg(&web)
            .arg("-o")
            .arg(&web))?;
        copy(&web, &bindings.join("node").join(&name))?;
    }
    share_module(&bindings)?;
    // The bindings for Node are CommonJS files named `.js` in a package of ES modules.
    write(
        &bindings.join("node").join("package.json"),
        "{\n  \"type\": \"commonjs\"\n}\n",
    )?;
    write_package(root, &pkg)?;
    copy_site(&root.join("web"), &app)?;
    let app_pkg = app.join("pkg");
    fs::create_dir_all(&app_pkg).map_err(|e| TaskError::io(&app_pkg, e))?;
    copy_tree(&pkg, &app_pkg, &pkg.join("bindings").join("node"))?;
    if has_program("gzip") {
        compress_tree(&app)?;
    } else {
        println!(
            "gzip not found: the app has no .gz files, and `cargo xtask serve` sends it uncompressed"
        );
    }
    let file = bindings.join("web").join(format!("{STEM}_bg.wasm"));
    let size = size_of(&file)?;
    let gzipped = gzipped_size(&file).map_or_else(
        || "gzip not found".to_owned(),
        |n| format!("{n} bytes gzipped"),
    );
    println!(
        "{STEM}_bg.wasm: {size} bytes ({gzipped}); {raw} bytes from rustc{}",
        if wasm_opt.is_some() {
            ", optimised by wasm-opt -O3"
        } else {
            ", not optimised (--no-opt)"
        }
    );
    println!("package: {}", pkg.display());
    println!("app: {}", app.display());
    Ok(())
}

/// Makes the bindings for Node read the module of the bindings for browsers when the two
/// are the same file (wasm-bindgen writes the same module for both targets), so that the
/// package holds one.
fn share_module(bindings: &Path) -> Result<(), TaskError> {
    let name = format!("{STEM}_bg.wasm");
    let web = bindings.join("web").join(&name);
    let node = bindings.join("node").join(&name);
    let same = fs::read(&web).map_err(|e| TaskError::io(&web, e))?
        == fs::read(&node).map_err(|e| TaskError::io(&node, e))?;
    if !same {
        println!("the modules for Node and for browsers differ: the package holds both");
        return Ok(());
    }
    let glue = bindings.join("node").join(format!("{STEM}.js"));
    let text = read(&glue)?;
    let line = format!("const wasmPath = `${{__dirname}}/{name}`;");
    if text.matches(&line).count() != 1 {
        return Err(TaskError::Package(format!(
            "{} does not read its module with the line `{line}`",
            glue.display()
        )));
    }
    write(
        &glue,
        &text.replace(
            &line,
            &format!("const wasmPath = `${{__dirname}}/../web/{name}`;"),
        ),
    )?;
    fs::remove_file(&node).map_err(|e| TaskError::io(&node, e))
}

/// The `wasm-opt` script of binaryen's npm package at [`BINARYEN_PACKAGE`], installed with
/// npm when it is not there into the folder `TOWERS_TOOLS` names (relative to `root`), or
/// else `target/tools/`.
fn ensure_wasm_opt(root: &Path) -> Result<PathBuf, TaskError> {
    let tools = std::env::var_os("TOWERS_TOOLS")
        .filter(|dir| !dir.is_empty())
        .map_or_else(|| root.join("target").join("tools"), |dir| root.join(dir));
    let package = tools.join("node_modules").join("binaryen");
    let program = package.join("bin").join("wasm-opt");
    let wanted = BINARYEN_PACKAGE.rsplit('@').next().unwrap_or_default();
    let installed = fs::read_to_string(package.join("package.json"))
        .ok()
        .is_some_and(|json| json.contains(&format!("\"version\": \"{wanted}\"")));
    if !installed || !program.exists() {
        println!("installing {BINARYEN_PACKAGE} into {}", tools.display());
        fs::create_dir_all(&tools).map_err(|e| TaskError::io(&tools, e))?;
        run(Command::new("npm")
            .args([
                "install",
                "--no-audit",
                "--no-fund",
                "--no-save",
                "--prefix",
            ])
            .arg(&tools)
            .arg(BINARYEN_PACKAGE))?;
    }
    Ok(program)
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

/// The extensions of the app's files that `cargo xtask serve` may send compressed: text
/// and WebAssembly (pictures are compressed already).
pub(crate) const COMPRESSED: &[&str] = &[
    "html", "js", "mjs", "cjs", "css", "wasm", "json", "svg", "ts", "cts", "mts", "md",
];

/// Writes next to every file of `folder` (and its folders) whose extension is in
/// [`COMPRESSED`] its `gzip -9` copy, named with `.gz` added, for `cargo xtask serve`.
fn compress_tree(folder: &Path) -> Result<(), TaskError> {
    for entry in fs::read_dir(folder).map_err(|e| TaskError::io(folder, e))? {
        let path = entry.map_err(|e| TaskError::io(folder, e))?.path();
        if path.is_dir() {
            compress_tree(&path)?;
        } else if path
            .extension()
            .and_then(|e| e.to_str())
            .is_some_and(|e| COMPRESSED.contains(&e))
        {
            // -n: no name or time in the header, so the same file gives the same bytes.
            run_quietly(
                Command::new("gzip")
                    .args(["-9", "-k", "-f", "-n"])
                    .arg(&path),
            )?;
        }
    }
    Ok(())
}

/// Completes the package in `pkg` (the bindings already there): its JavaScript entry
/// points and guard, its declarations, README, licences and `package.json`.
fn write_package(root: &Path, pkg: &Path) -> Result<(), TaskError> {
    let sources = root.join(SOURCES);
    for name in [
        "towers_wasm.js",
        "towers_wasm.cjs",
        "towers_wasm.mjs",
        "guard.js",
        "tablebase.js",
        "README.md",
    ] {
        copy(&sources.join(name), &pkg.join(name))?;
    }
    for name in ["LICENSE-MIT", "LICENSE-APACHE"] {
        copy(&root.join(name), &pkg.join(name))?;
    }
    // The guard and the tablebase layer as CommonJS: the same files with their export
    // line replaced.
    for name in ["guard", "tablebase"] {
        let text = read(&sources.join(format!("{name}.js")))?;
        let export = format!("\nexport {{ {name} }};\n");
        if text.matches(&export).count() != 1 || !text.ends_with(&export) {
            return Err(TaskError::Package(format!(
                "{SOURCES}/{name}.js must end with the line `export {{ {name} }};`"
            )));
        }
        write(
            &pkg.join(format!("{name}.cjs")),
            &text.replace(&export, &format!("\nmodule.exports = {{ {name} }};\n")),
        )?;
    }
    // The declarations: the browser's (with `init`), and Node's for `require` (.d.cts)
    // and `import` (.d.mts, where `init` and `initSync` do nothing).
    let bindings = pkg.join("bindings");
    copy(
        &bindings.join("web").join(format!("{STEM}.d.ts")),
        &pkg.join(format!("{STEM}.d.ts")),
    )?;
    let node = read(&bindings.join("node").join(format!("{STEM}.d.ts")))?;
    write(&pkg.join(format!("{STEM}.d.cts")), &node)?;
    write(
        &pkg.join(format!("{STEM}.d.mts")),
        &format!(
            "{node}\n/** Does nothing: in Node the module is loaded on import. */\nexport default function init(): Promise<void>;\n/** Does nothing: in Node the module is loaded on import. */\nexport function initSync(): void;\n"
        ),
    )?;
    let manifest = read(&root.join("Cargo.toml"))?;
    write(
        &pkg.join("package.json"),
        &package_json(workspace_repository(&manifest).as_deref()),
    )
}

/// The `repository` of the workspace's `Cargo.toml` (`[workspace.package]`), if it has one.
fn workspace_repository(manifest: &str) -> Option<String> {
    manifest.lines().find_map(|line| {
        line.trim()
            .strip_prefix("repository = \"")
            .and_then(|rest| rest.strip_suffix('"'))
            .map(str::to_owned)
    })
}

/// The package's `package.json`: one package for Node (`import` and `require`) and for
/// browsers and bundlers. `repository` is the URL of the sources, when the workspace names
/// one; the folder in it is named either way.
fn package_json(repository: Option<&str>) -> String {
    let version = env!("CARGO_PKG_VERSION");
    let url = repository.map_or_else(String::new, |url| format!("\n    \"url\": \"git+{url}\","));
    format!(
        r#"{{
  "name": "towers-wasm",
  "version": "{version}",
  "description": "Rules engines and bots of Pyrga, Pylos, Architekton and Crescendo, in WebAssembly",
  "keywords": ["board games", "pyrga", "pylos", "architekton", "crescendo", "webassembly"],
  "license": "MIT OR Apache-2.0",
  "repository": {{
    "type": "git",{url}
    "directory": "crates/wasm"
  }},
  "engines": {{
    "node": ">=18"
  }},
  "type": "module",
  "main": "./{STEM}.cjs",
  "module": "./{STEM}.js",
  "browser": "./{STEM}.js",
  "types": "./{STEM}.d.ts",
  "exports": {{
    ".": {{
      "node": {{
        "import": {{
          "types": "./{STEM}.d.mts",
          "default": "./{STEM}.mjs"
        }},
        "require": {{
          "types": "./{STEM}.d.cts",
          "default": "./{STEM}.cjs"
        }}
      }},
      "types": "./{STEM}.d.ts",
      "default": "./{STEM}.js"
    }},
    "./package.json": "./package.json"
  }},
  "sideEffects": ["./{STEM}.js", "./{STEM}.cjs", "./{STEM}.mjs"],
  "files": [
    "{STEM}.js",
    "{STEM}.cjs",
    "{STEM}.mjs",
    "{STEM}.d.ts",
    "{STEM}.d.cts",
    "{STEM}.d.mts",
    "guard.js",
    "guard.cjs",
    "tablebase.js",
    "tablebase.cjs",
    "bindings/",
    "README.md",
    "LICENSE-MIT",
    "LICENSE-APACHE"
  ]
}}
"#
    )
}

/// Copies the file `from` to `to`.
fn copy(from: &Path, to: &Path) -> Result<(), TaskError> {
    fs::copy(from, to)
        .map(drop)
        .map_err(|e| TaskError::io(from, e))
}

/// The text of `file`.
fn read(file: &Path) -> Result<String, TaskError> {
    fs::read_to_string(file).map_err(|e| TaskError::io(file, e))
}

/// Writes `text` into `file`.
fn write(file: &Path, text: &str) -> Result<(), TaskError> {
    fs::write(file, text).map_err(|e| TaskError::io(file, e))
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
    println!("+ {}", shown(command));
    run_quietly(command)
}

/// A command as the terminal would show it.
fn shown(command: &Command) -> String {
    format!("{command:?}").replace('"', "")
}

/// Runs `command` without echoing it.
fn run_quietly(command: &mut Command) -> Result<(), TaskError> {
    let shown = shown(command);
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
    fn names_the_repository_when_the_workspace_does() {
        let manifest = "[workspace.package]\nversion = \"0.1.0\"\nrepository = \"https://example.org/towers\"\n";
        assert_eq!(
            workspace_repository(manifest).as_deref(),
            Some("https://example.org/towers")
        );
        let json = package_json(workspace_repository(manifest).as_deref());
        assert!(json.contains(
            "\"url\": \"git+https://example.org/towers\",\n    \"directory\": \"crates/wasm\""
        ));
        assert_eq!(workspace_repository("[workspace.package]\n"), None);
        let json = package_json(None);
        assert!(json.contains("\"type\": \"git\",\n    \"directory\": \"crates/wasm\""));
        assert!(!json.contains("url"));
    }

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
