//! The Pylos solution files that `cargo xtask serve` serves beside the app: the compact
//! files (`*.dz`) of a folder (`target/solve/` by default) under `/solve/NAME.dz`, read in
//! parts with HTTP `Range` requests, and their list `/solve/index.json`, which names each
//! file with its size and the options its header gives.

use std::fmt::Write as _;
use std::io::Read;
use std::path::Path;

/// The start of the request paths of the solution files.
pub(crate) const PREFIX: &str = "/solve/";

/// The name of the list of the files.
pub(crate) const INDEX: &str = "index.json";

/// The bytes a compact file's header takes (text, padded with spaces).
const HEADER_BYTES: usize = 256;

/// What a compact file starts with.
const MAGIC: &str = "TOWERSDZ";

/// The part of a file of `len` bytes that a request's `Range` header asks for.
#[derive(Debug, PartialEq, Eq)]
pub(crate) enum Part {
    /// No `Range` header, or one the server does not answer with a part (several ranges,
    /// or one that does not read): the whole file, `200 OK`.
    Whole,
    /// The bytes from `start` up to `end` (excluded), `206 Partial Content`.
    Bytes {
        /// The first byte.
        start: u64,
        /// The byte after the last.
        end: u64,
    },
    /// A range that starts past the end of the file: `416 Range Not Satisfiable`.
    Unsatisfiable,
}

/// The part of a file of `len` bytes that the `Range` header `range` asks for: one range
/// `bytes=A-B`, `bytes=A-` or `bytes=-N` (the last `N` bytes), the end cut to the file's.
pub(crate) fn part(range: Option<&str>, len: u64) -> Part {
    let Some(spec) = range.and_then(|r| r.trim().strip_prefix("bytes=")) else {
        return Part::Whole;
    };
    if spec.contains(',') {
        return Part::Whole;
    }
    let Some((first, last)) = spec.split_once('-') else {
        return Part::Whole;
    };
    let (first, last) = (first.trim(), last.trim());
    let number = |text: &str| text.parse::<u64>().ok();
    if first.is_empty() {
        // The last `count` bytes.
        return match number(last) {
            None => Part::Whole,
            Some(0) => Part::Unsatisfiable,
            Some(_) if len == 0 => Part::Unsatisfiable,
            Some(count) => Part::Bytes {
                start: len.saturating_sub(count),
                end: len,
            },
        };
    }
    let Some(start) = number(first) else {
        return Part::Whole;
    };
    let end = if last.is_empty() {
        len
    } else {
        match number(last) {
            Some(last) if last >= start => last.saturating_add(1).min(len),
            _ => return Part::Whole,
        }
    };
    if start >= len {
        return Part::Unsatisfiable;
    }
    Part::Bytes { start, end }
}

/// Whether `name` is a file name the server lists and serves: letters, digits, `.`, `-`
/// and `_`, ending in `.dz`.
pub(crate) fn servable(name: &str) -> bool {
    Path::new(name).extension().is_some_and(|e| e == "dz")
        && !name.starts_with('.')
        && name
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '.' | '-' | '_'))
}

/// The list of the compact files of `folder` as JSON: `{"files": [{name, url, bytes,
/// game, variant, takeback, end, minBalls}]}`, by name; a file whose header does not read
/// as a finished compact solution file, or whose name is not [`servable`], is left out. A
/// missing folder lists none.
pub(crate) fn index(folder: &Path) -> String {
    let mut names: Vec<String> = std::fs::read_dir(folder)
        .map(|entries| {
            entries
                .flatten()
                .filter_map(|entry| entry.file_name().into_string().ok())
                .filter(|name| servable(name))
                .collect()
        })
        .unwrap_or_default();
    names.sort();
    let mut json = String::from("{\"files\": [");
    let mut first = true;
    for name in names {
        let path = folder.join(&name);
        let Some(header) = header_of(&path) else {
            continue;
        };
        let bytes = std::fs::metadata(&path).map_or(0, |meta| meta.len());
        let field = |key: &str| {
            header
                .iter()
                .find(|(k, _)| k == key)
                .map_or("", |(_, v)| v.as_str())
        };
        if field("game") != "pylos" || field("compact") != "1" || field("stage") != "done" {
            continue;
        }
        let Ok(min_balls) = field("min_balls").parse::<u32>() else {
            continue;
        };
        if !first {
            json.push_str(", ");
        }
        first = false;
        // Infallible: writing to a String.
        let _ = write!(
            json,
            "{{\"name\": {name}, \"url\": {url}, \"bytes\": {bytes}, \"game\": \"pylos\", \"variant\": {variant}, \"takeback\": {takeback}, \"end\": {end}, \"minBalls\": {min_balls}}}",
            name = quoted(&name),
            url = quoted(&format!("solve/{name}")),
            variant = quoted(field("variant")),
            takeback = quoted(field("takeback")),
            end = quoted(field("end")),
        );
    }
    json.push_str("]}\n");
    json
}

/// The `key=value` fields of the header of the compact file at `path`, or `None` when it
/// cannot be read or is not one.
fn header_of(path: &Path) -> Option<Vec<(String, String)>> {
    let mut head = [0_u8; HEADER_BYTES];
    std::fs::File::open(path).ok()?.read_exact(&mut head).ok()?;
    let text = std::str::from_utf8(&head).ok()?;
    let fields = text.strip_prefix(MAGIC)?;
    Some(
        fields
            .split_whitespace()
            .filter_map(|field| field.split_once('='))
            .map(|(key, value)| (key.to_owned(), value.to_owned()))
            .collect(),
    )
}

/// `text` as a JSON string.
fn quoted(text: &str) -> String {
    let mut out = String::from("\"");
    for c in text.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            c if u32::from(c) < 0x20 => {
                let _ = write!(out, "\\u{:04x}", u32::from(c));
            }
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranges_read() {
        let bytes = |start, end| Part::Bytes { start, end };
        assert_eq!(part(None, 100), Part::Whole);
        assert_eq!(part(Some("bytes=0-9"), 100), bytes(0, 10));
        assert_eq!(part(Some("bytes=90-200"), 100), bytes(90, 100));
        assert_eq!(part(Some("bytes=95-"), 100), bytes(95, 100));
        assert_eq!(part(Some("bytes=-10"), 100), bytes(90, 100));
        assert_eq!(part(Some("bytes=-500"), 100), bytes(0, 100));
        assert_eq!(part(Some("bytes=100-120"), 100), Part::Unsatisfiable);
        assert_eq!(part(Some("bytes=-0"), 100), Part::Unsatisfiable);
        assert_eq!(part(Some("bytes=0-0"), 0), Part::Unsatisfiable);
        // Ranges the server does not answer with a part: the whole file.
        assert_eq!(part(Some("bytes=9-3"), 100), Part::Whole);
        assert_eq!(part(Some("bytes=0-1,5-6"), 100), Part::Whole);
        assert_eq!(part(Some("items=0-1"), 100), Part::Whole);
        assert_eq!(part(Some("bytes=x-1"), 100), Part::Whole);
        assert_eq!(part(Some("bytes=1-x"), 100), Part::Whole);
    }

    #[test]
    fn names_served() {
        assert!(servable("pylos-children_28.dz"));
        assert!(!servable("a b.dz"));
        assert!(!servable(".hidden.dz"));
        assert!(!servable("x.db"));
        assert!(!servable("%2e%2e.dz"));
    }

    #[test]
    fn the_index_lists_the_compact_files() {
        let folder = std::env::temp_dir().join(format!("xtask-solutions-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&folder);
        std::fs::create_dir_all(&folder).unwrap();
        let header = |fields: &str| {
            let mut head = format!("{MAGIC}{fields}").into_bytes();
            head.resize(HEADER_BYTES + 10, b' ');
            head
        };
        std::fs::write(
            folder.join("b_x-1.dz"),
            header("game=pylos format=4 variant=children takeback=1-2 end=nomove min_balls=28 stage=done compact=1"),
        )
        .unwrap();
        // Not finished, not compact, not a solution file, too short, not .dz: left out.
        std::fs::write(folder.join("a.dz"), header("game=pylos variant=standard takeback=1-2 end=nomove min_balls=0 stage=sweep compact=1")).unwrap();
        std::fs::write(
            folder.join("c.dz"),
            header("game=pylos variant=standard takeback=1-2 end=nomove min_balls=0 stage=done"),
        )
        .unwrap();
        std::fs::write(folder.join("d.dz"), vec![b'x'; 300]).unwrap();
        std::fs::write(folder.join("e.dz"), MAGIC).unwrap();
        std::fs::write(folder.join("g h.dz"), header("game=pylos variant=standard takeback=1-2 end=nomove min_balls=0 stage=done compact=1")).unwrap();
        std::fs::write(folder.join("f.db"), header("game=pylos variant=standard takeback=1-2 end=nomove min_balls=0 stage=done compact=1")).unwrap();
        assert_eq!(
            index(&folder),
            "{\"files\": [{\"name\": \"b_x-1.dz\", \"url\": \"solve/b_x-1.dz\", \"bytes\": 266, \"game\": \"pylos\", \"variant\": \"children\", \"takeback\": \"1-2\", \"end\": \"nomove\", \"minBalls\": 28}]}\n"
        );
        std::fs::remove_dir_all(&folder).unwrap();
        assert_eq!(index(&folder), "{\"files\": []}\n");
    }
}
