//! `cargo xtask serve`: a small static file server for `target/web/app/`, which sends the
//! gzip copies `cargo xtask web` writes and lets browsers keep files (tags, `no-cache`),
//! and beside it the Pylos solution files of a folder, in parts (see `solutions.rs`).

use std::io::{BufRead, BufReader, Read, Seek, SeekFrom, Write};
use std::net::{TcpListener, TcpStream};
use std::path::{Component, Path, PathBuf};

use crate::build;
use crate::error::TaskError;
use crate::solutions::{self, Part};

/// Serves `target/web/app/` on `127.0.0.1:port` until stopped, building it first when it
/// has no `index.html`, and the compact solution files of `solve` (`target/solve/` when
/// `None`) under `/solve/`.
///
/// # Errors
/// A failed build, or a port that cannot be bound.
pub(crate) fn serve(root: &Path, port: u16, solve: Option<PathBuf>) -> Result<(), TaskError> {
    let solve = solve.unwrap_or_else(|| root.join("target").join("solve"));
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
        "serving {} at http://{address}/ and the solution files of {} at http://{address}{}{} (Ctrl-C stops)",
        app.display(),
        solve.display(),
        solutions::PREFIX,
        solutions::INDEX
    );
    for stream in listener.incoming().flatten() {
        let app = app.clone();
        let solve = solve.clone();
        std::thread::spawn(move || {
            // A client that hangs up early is no concern of the server.
            let _ = answer(stream, &app, &solve);
        });
    }
    Ok(())
}

/// What the server reads of a request.
#[derive(Debug, Default, PartialEq)]
struct Request {
    /// `GET`, `HEAD`…
    method: String,
    /// The path asked for, with its query if any.
    target: String,
    /// Whether the client takes gzip (`Accept-Encoding`).
    gzip: bool,
    /// The tag of the copy the client holds (`If-None-Match`), if any.
    tag: Option<String>,
    /// The `Range` header, if any.
    range: Option<String>,
}

/// Reads the request line and the headers the server uses.
fn read_request(reader: &mut impl BufRead) -> std::io::Result<Request> {
    let mut line = String::new();
    reader.read_line(&mut line)?;
    let mut words = line.split_whitespace();
    let mut request = Request {
        method: words.next().unwrap_or("").to_owned(),
        target: words.next().unwrap_or("/").to_owned(),
        ..Request::default()
    };
    loop {
        line.clear();
        if reader.read_line(&mut line)? <= 2 {
            return Ok(request);
        }
        let Some((name, value)) = line.split_once(':') else {
            continue;
        };
        let value = value.trim();
        match name.trim().to_ascii_lowercase().as_str() {
            "accept-encoding" => request.gzip = takes_gzip(value),
            "if-none-match" => request.tag = Some(value.to_owned()),
            "range" => request.range = Some(value.to_owned()),
            _ => {}
        }
    }
}

/// Whether an `Accept-Encoding` value takes gzip (named, and not with `q=0`).
fn takes_gzip(value: &str) -> bool {
    value.split(',').any(|item| {
        let mut parts = item.split(';').map(str::trim);
        parts.next() == Some("gzip")
            && parts.all(|p| !matches!(p, "q=0" | "q=0.0" | "q=0.00" | "q=0.000"))
    })
}

/// A response: its status, content type, encoding, tag, other headers and body.
struct Response {
    status: &'static str,
    content_type: &'static str,
    gzip: bool,
    tag: Option<String>,
    /// Headers besides those every response has, each a whole line without its end.
    extra: Vec<String>,
    body: Body,
}

/// What a response sends after its headers.
#[derive(Debug, PartialEq)]
enum Body {
    /// These bytes.
    Bytes(Vec<u8>),
    /// `len` bytes of the file at `path` from `start` (read as they are sent: a solution
    /// file may be hundreds of megabytes).
    File { path: PathBuf, start: u64, len: u64 },
}

impl Body {
    /// The number of bytes sent.
    fn len(&self) -> u64 {
        match self {
            Body::Bytes(bytes) => bytes.len() as u64,
            Body::File { len, .. } => *len,
        }
    }
}

impl Response {
    /// A short text answer (an error).
    fn text(status: &'static str, body: &str) -> Response {
        Response {
            status,
            content_type: "text/plain",
            gzip: false,
            tag: None,
            extra: Vec::new(),
            body: Body::Bytes(body.as_bytes().to_vec()),
        }
    }
}

/// Answers one request on `stream` with a file of `app` or a solution file of `solve`.
fn answer(mut stream: TcpStream, app: &Path, solve: &Path) -> std::io::Result<()> {
    let request = read_request(&mut BufReader::new(stream.try_clone()?))?;
    let response = respond_to(&request, app, solve);
    write_response(&mut stream, &response, request.method != "HEAD")
}

/// The response to a request for `/solve/NAME` (`name`): the list of the solution files of
/// `solve`, or the part of one that the request's `Range` asks for (`206`, or `416` for a
/// range past its end), the whole file without a range.
fn solution(request: &Request, name: &str, solve: &Path) -> Response {
    if name == solutions::INDEX {
        return Response {
            status: "200 OK",
            content_type: "application/json",
            gzip: false,
            tag: None,
            extra: Vec::new(),
            body: Body::Bytes(solutions::index(solve).into_bytes()),
        };
    }
    let path = solve.join(name);
    let meta = std::fs::metadata(&path)
        .ok()
        .filter(std::fs::Metadata::is_file);
    let Some(meta) = meta.filter(|_| solutions::servable(name)) else {
        return Response::text("404 Not Found", "no such solution file\n");
    };
    let len = meta.len();
    let mut extra = vec!["Accept-Ranges: bytes".to_owned()];
    let (status, start, end) = match solutions::part(request.range.as_deref(), len) {
        Part::Whole => ("200 OK", 0, len),
        Part::Bytes { start, end } => {
            extra.push(format!("Content-Range: bytes {start}-{}/{len}", end - 1));
            ("206 Partial Content", start, end)
        }
        Part::Unsatisfiable => {
            let mut response = Response::text(
                "416 Range Not Satisfiable",
                "the range starts past the end of the file\n",
            );
            response.extra.push(format!("Content-Range: bytes */{len}"));
            return response;
        }
    };
    Response {
        status,
        content_type: "application/octet-stream",
        gzip: false,
        tag: Some(tag_of(&meta, false)),
        extra,
        body: Body::File {
            path,
            start,
            len: end - start,
        },
    }
}

/// The response to `request`: the file of `app` it names, its gzip copy (`NAME.gz`, which
/// `cargo xtask web` writes) when the client takes gzip and the copy is not older than the
/// file, or `304 Not Modified` when the client holds the copy of that tag; under
/// `/solve/`, what [`solution`] answers from `solve`.
fn respond_to(request: &Request, app: &Path, solve: &Path) -> Response {
    if request.method != "GET" && request.method != "HEAD" {
        return Response::text("405 Method Not Allowed", "GET only\n");
    }
    let path = request.target.split(['?', '#']).next().unwrap_or("/");
    if let Some(name) = path.strip_prefix(solutions::PREFIX) {
        return solution(request, name, solve);
    }
    let Some(file) = resolve(app, &request.target) else {
        return Response::text("404 Not Found", "not found\n");
    };
    let Ok(meta) = std::fs::metadata(&file) else {
        return Response::text("404 Not Found", "not found\n");
    };
    let gzipped = gzip_copy(&file)
        .filter(|(_, copy)| request.gzip && copy.modified().ok() >= meta.modified().ok());
    let gzip = gzipped.is_some();
    let (path, meta) = gzipped.unwrap_or((file.clone(), meta));
    let tag = tag_of(&meta, gzip);
    if request.tag.as_deref() == Some(tag.as_str()) {
        return Response {
            status: "304 Not Modified",
            content_type: content_type(&file),
            gzip,
            tag: Some(tag),
            extra: Vec::new(),
            body: Body::Bytes(Vec::new()),
        };
    }
    match std::fs::read(&path) {
        Ok(body) => Response {
            status: "200 OK",
            content_type: content_type(&file),
            gzip,
            tag: Some(tag),
            extra: Vec::new(),
            body: Body::Bytes(body),
        },
        Err(_) => Response::text("404 Not Found", "not found\n"),
    }
}

/// The gzip copy of `file` with its metadata, when there is one for its kind of file.
fn gzip_copy(file: &Path) -> Option<(PathBuf, std::fs::Metadata)> {
    let extension = file.extension()?.to_str()?;
    if !build::COMPRESSED.contains(&extension) {
        return None;
    }
    let mut name = file.file_name()?.to_os_string();
    name.push(".gz");
    let copy = file.with_file_name(name);
    let meta = std::fs::metadata(&copy).ok()?;
    Some((copy, meta))
}

/// A tag of a file's version: its size and time of change (and `-gz` for a gzip copy).
fn tag_of(meta: &std::fs::Metadata, gzip: bool) -> String {
    let changed = meta
        .modified()
        .ok()
        .and_then(|time| time.duration_since(std::time::UNIX_EPOCH).ok())
        .map_or(0, |since| since.as_nanos());
    format!(
        "\"{:x}-{changed:x}{}\"",
        meta.len(),
        if gzip { "-gz" } else { "" }
    )
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

/// Writes `response`: status line, headers and, when `with_body`, the body. Every answer
/// may be kept by the browser but is checked again before use (`no-cache`, with its tag).
fn write_response(
    stream: &mut TcpStream,
    response: &Response,
    with_body: bool,
) -> std::io::Result<()> {
    let mut head = Vec::new();
    write!(
        head,
        "HTTP/1.1 {}\r\nContent-Type: {}\r\nContent-Length: {}\r\nCache-Control: no-cache\r\nVary: Accept-Encoding\r\nConnection: close\r\n",
        response.status,
        response.content_type,
        response.body.len()
    )?;
    if response.gzip {
        head.extend_from_slice(b"Content-Encoding: gzip\r\n");
    }
    for line in &response.extra {
        write!(head, "{line}\r\n")?;
    }
    if let Some(tag) = &response.tag {
        write!(head, "ETag: {tag}\r\n")?;
    }
    head.extend_from_slice(b"\r\n");
    stream.write_all(&head)?;
    if with_body {
        match &response.body {
            Body::Bytes(bytes) => stream.write_all(bytes)?,
            Body::File { path, start, len } => {
                let mut file = std::fs::File::open(path)?;
                file.seek(SeekFrom::Start(*start))?;
                std::io::copy(&mut file.take(*len), stream)?;
            }
        }
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

    #[test]
    fn requests_read() {
        let text = "GET /pkg/a.wasm HTTP/1.1\r\nHost: x\r\naccept-encoding: br, gzip;q=0.8\r\nIf-None-Match: \"1-2\"\r\nRange: bytes=0-9\r\n\r\n";
        let request = read_request(&mut text.as_bytes()).unwrap();
        assert_eq!(
            request,
            Request {
                method: "GET".into(),
                target: "/pkg/a.wasm".into(),
                gzip: true,
                tag: Some("\"1-2\"".into()),
                range: Some("bytes=0-9".into()),
            }
        );
        assert!(!takes_gzip("gzip;q=0, deflate"));
        assert!(!takes_gzip("br"));
        assert!(takes_gzip("gzip"));
    }

    /// A folder under the system's temporary one, emptied, for one test.
    fn scratch(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("xtask-serve-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        dir
    }

    #[test]
    fn gzip_copies_and_tags() {
        let app = scratch("gzip");
        std::fs::write(app.join("a.js"), "plain").unwrap();
        std::fs::write(app.join("a.js.gz"), "zipped").unwrap();
        let get = |gzip, tag: Option<String>| {
            respond_to(
                &Request {
                    method: "GET".into(),
                    target: "/a.js".into(),
                    gzip,
                    tag,
                    range: None,
                },
                &app,
                &app,
            )
        };
        let zipped = get(true, None);
        assert_eq!((zipped.status, zipped.gzip), ("200 OK", true));
        assert_eq!(zipped.body, Body::Bytes(b"zipped".to_vec()));
        let plain = get(false, None);
        assert_eq!((plain.status, plain.gzip), ("200 OK", false));
        assert_eq!(plain.body, Body::Bytes(b"plain".to_vec()));
        assert_ne!(plain.tag, zipped.tag);
        let again = get(true, zipped.tag.clone());
        assert_eq!(again.status, "304 Not Modified");
        assert_eq!(again.body.len(), 0);
        // A copy older than its file is out of date: the file goes out as it is.
        let old = std::time::SystemTime::UNIX_EPOCH + std::time::Duration::from_secs(1);
        std::fs::File::options()
            .write(true)
            .open(app.join("a.js.gz"))
            .unwrap()
            .set_modified(old)
            .unwrap();
        let stale = get(true, None);
        assert_eq!(
            (stale.gzip, stale.body),
            (false, Body::Bytes(b"plain".to_vec()))
        );
        assert_eq!(get(true, None).status, "200 OK");
        let missing = respond_to(
            &Request {
                method: "GET".into(),
                target: "/b.js".into(),
                gzip: true,
                tag: None,
                range: None,
            },
            &app,
            &app,
        );
        assert_eq!(missing.status, "404 Not Found");
        std::fs::remove_dir_all(&app).unwrap();
    }

    #[test]
    fn solution_files_in_parts() {
        let solve = scratch("solve");
        let bytes: Vec<u8> = (0..=255).collect();
        std::fs::write(solve.join("a.dz"), &bytes).unwrap();
        let get = |target: &str, range: Option<&str>| {
            respond_to(
                &Request {
                    method: "GET".into(),
                    target: target.into(),
                    gzip: true,
                    tag: None,
                    range: range.map(str::to_owned),
                },
                &solve.join("app"),
                &solve,
            )
        };
        let part = get("/solve/a.dz", Some("bytes=10-19"));
        assert_eq!(part.status, "206 Partial Content");
        assert!(
            part.extra
                .contains(&"Content-Range: bytes 10-19/256".to_owned())
        );
        let Body::File { start, len, .. } = part.body else {
            panic!("a part of the file");
        };
        assert_eq!((start, len, part.gzip), (10, 10, false));
        let whole = get("/solve/a.dz", None);
        assert_eq!((whole.status, whole.body.len()), ("200 OK", 256));
        let past = get("/solve/a.dz", Some("bytes=300-400"));
        assert_eq!(past.status, "416 Range Not Satisfiable");
        assert!(
            past.extra
                .contains(&"Content-Range: bytes */256".to_owned())
        );
        assert_eq!(get("/solve/b.dz", None).status, "404 Not Found");
        assert_eq!(get("/solve/../a.dz", None).status, "404 Not Found");
        let index = get("/solve/index.json", None);
        assert_eq!(
            (index.status, index.content_type),
            ("200 OK", "application/json")
        );
        // The whole answer, written as it goes on the wire.
        let listener = TcpListener::bind("127.0.0.1:0").unwrap();
        let address = listener.local_addr().unwrap();
        let client = std::thread::spawn(move || {
            let mut stream = TcpStream::connect(address).unwrap();
            stream
                .write_all(b"GET /solve/a.dz HTTP/1.1\r\nRange: bytes=250-\r\n\r\n")
                .unwrap();
            let mut reply = Vec::new();
            stream.read_to_end(&mut reply).unwrap();
            reply
        });
        let (stream, _) = listener.accept().unwrap();
        answer(stream, &solve.join("app"), &solve).unwrap();
        let reply = client.join().unwrap();
        let text = String::from_utf8_lossy(&reply);
        assert!(
            text.starts_with("HTTP/1.1 206 Partial Content\r\n"),
            "{text}"
        );
        assert!(text.contains("\r\nContent-Length: 6\r\n"), "{text}");
        assert!(
            text.contains("\r\nContent-Range: bytes 250-255/256\r\n"),
            "{text}"
        );
        assert!(reply.ends_with(&[250, 251, 252, 253, 254, 255]));
        std::fs::remove_dir_all(&solve).unwrap();
    }
}
