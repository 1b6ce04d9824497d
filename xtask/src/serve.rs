//! `cargo xtask serve`: a small static file server for `target/web/app/`.

use std::io::{BufRead, BufReader, Write};
use std::net::{TcpListener, TcpStream};
use std::path::{Component, Path, PathBuf};

use crate::build;
use crate::error::TaskError;

/// Serves `target/web/app/` on `127.0.0.1:port` until stopped, building it first when it
/// has no `index.html`.
///
/// # Errors
/// A failed build, or a port that cannot be bound.
pub(crate) fn serve(root: &Path, port: u16) -> Result<(), TaskError> {
    let app = root.join("target").join("web").join("app");
    if !app.join("index.html").exists() {
        build::web(root, true)?;
    }
    let address = format!("127.0.0.1:{port}");
    let listener = TcpListener::bind(&address).map_err(|e| TaskError::Io {
        path: address.clone(),
        source: e,
    })?;
    println!(
        "serving {} at http://{address}/ (Ctrl-C stops)",
        app.display()
    );
    for stream in listener.incoming().flatten() {
        let app = app.clone();
        std::thread::spawn(move || {
            // A client that hangs up early is no concern of the server.
            let _ = answer(stream, &app);
        });
    }
    Ok(())
}

/// Answers one request on `stream` with a file of `app`.
fn answer(mut stream: TcpStream, app: &Path) -> std::io::Result<()> {
    let mut reader = BufReader::new(stream.try_clone()?);
    let mut request = String::new();
    reader.read_line(&mut request)?;
    // Skip the headers.
    let mut line = String::new();
    while reader.read_line(&mut line)? > 2 {
        line.clear();
    }
    let mut words = request.split_whitespace();
    let method = words.next().unwrap_or("");
    let target = words.next().unwrap_or("/");
    if method != "GET" && method != "HEAD" {
        return respond(
            &mut stream,
            "405 Method Not Allowed",
            "text/plain",
            b"GET only\n",
            true,
        );
    }
    let Some(file) = resolve(app, target) else {
        return respond(
            &mut stream,
            "404 Not Found",
            "text/plain",
            b"not found\n",
            true,
        );
    };
    match std::fs::read(&file) {
        Ok(body) => respond(
            &mut stream,
            "200 OK",
            content_type(&file),
            &body,
            method == "GET",
        ),
        Err(_) => respond(
            &mut stream,
            "404 Not Found",
            "text/plain",
            b"not found\n",
            true,
        ),
    }
}

/// The file of `app` that the request target names (`index.html` for a folder), or `None`
/// for a path that would leave `app`.
fn resolve(app: &Path, target: &str) -> Option<PathBuf> {
    let path = target.split(['?', '#']).next().unwrap_or("/");
    let mut file = app.to_path_buf();
    for component in Path::new(path.trim_start_matches('/')).components() {
        match component {
            Component::Normal(part) => file.push(part),
            Component::CurDir => {}
            _ => return None,
        }
    }
    if file.is_dir() {
        file.push("index.html");
    }
    Some(file)
}

/// The content type of a file, by its extension.
fn content_type(file: &Path) -> &'static str {
    match file.extension().and_then(|e| e.to_str()).unwrap_or("") {
        "html" => "text/html; charset=utf-8",
        "js" | "mjs" => "text/javascript",
        "wasm" => "application/wasm",
        "css" => "text/css",
        "json" | "map" => "application/json",
        "svg" => "image/svg+xml",
        "png" => "image/png",
        "ico" => "image/x-icon",
        "ts" | "txt" | "md" => "text/plain; charset=utf-8",
        _ => "application/octet-stream",
    }
}

/// Writes a response: status line, headers and, when `with_body`, the body.
fn respond(
    stream: &mut TcpStream,
    status: &str,
    content_type: &str,
    body: &[u8],
    with_body: bool,
) -> std::io::Result<()> {
    write!(
        stream,
        "HTTP/1.1 {status}\r\nContent-Type: {content_type}\r\nContent-Length: {}\r\nCache-Control: no-store\r\nConnection: close\r\n\r\n",
        body.len()
    )?;
    if with_body {
        stream.write_all(body)?;
    }
    stream.flush()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn types_and_paths() {
        assert_eq!(content_type(Path::new("a/b.wasm")), "application/wasm");
        assert_eq!(content_type(Path::new("x.mjs")), "text/javascript");
        assert_eq!(content_type(Path::new("x.js")), "text/javascript");
        let app = Path::new("/srv/app");
        assert_eq!(
            resolve(app, "/pkg/x.js?v=1"),
            Some(PathBuf::from("/srv/app/pkg/x.js"))
        );
        assert_eq!(resolve(app, "/../secret"), None);
    }
}
