//! The server on the loopback address, loaded by concurrent clients: every answer equals
//! the catalog's own values (Pylos positions of `children` with at least 28 balls answered
//! from a small compact database, `tests/data/children-28.dz`, and checked against the
//! direct solver), bad requests get their status and kind, and the throughput and
//! latencies are printed (`cargo test -p towers-server -- --nocapture`).
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic, missing_docs)]

use std::io::{Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::sync::Arc;
use std::time::{Duration, Instant};

use catalog::solve::PylosDatabase;
use catalog::{AnyGame, BotRequest, Options, SolveRequest};
use serde_json::Value;
use towers_server::Analyst;

/// The compact database of the `children` positions with at least 28 balls.
const CHILDREN_28: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/children-28.dz");

/// Starts a server with no database on an ephemeral port of the loopback address.
fn start() -> SocketAddr {
    start_with(Vec::new())
}

/// Starts a server answering Pylos from `databases` on an ephemeral port of the loopback
/// address.
fn start_with(databases: Vec<Arc<PylosDatabase>>) -> SocketAddr {
    let (sender, receiver) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let runtime = tokio::runtime::Builder::new_multi_thread()
            .enable_all()
            .worker_threads(2)
            .max_blocking_threads(2)
            .build()
            .unwrap();
        runtime.block_on(async {
            let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
            sender.send(listener.local_addr().unwrap()).unwrap();
            let analyst = Arc::new(Analyst::new(databases, 5_000.0, 200_000));
            towers_server::serve(listener, analyst).await.unwrap();
        });
    });
    receiver.recv().unwrap()
}

/// `GET path` on `address`: the status and the JSON body.
fn get(address: SocketAddr, path: &str) -> (u16, Value) {
    let mut stream = TcpStream::connect(address).unwrap();
    stream
        .set_read_timeout(Some(Duration::from_mins(1)))
        .unwrap();
    write!(
        stream,
        "GET {path} HTTP/1.1\r\nHost: {address}\r\nConnection: close\r\n\r\n"
    )
    .unwrap();
    let mut response = String::new();
    stream.read_to_string(&mut response).unwrap();
    let (head, body) = response.split_once("\r\n\r\n").unwrap();
    let status = head.split(' ').nth(1).unwrap().parse().unwrap();
    assert!(
        head.to_ascii_lowercase()
            .contains("access-control-allow-origin: *"),
        "{head}"
    );
    (status, serde_json::from_str(body).unwrap_or(Value::Null))
}

/// The record of a random game of `name` after `plies` moves (fewer if it would end first).
fn random_record(name: &str, plies: u64, seed: u64) -> String {
    random_record_until(name, &Options::default(), plies, seed, |_| false)
}

/// The record of a random game of `name` with `options` after `plies` moves or once `late`
/// holds, stopping before the game ends.
fn random_record_until(
    name: &str,
    options: &Options,
    plies: u64,
    seed: u64,
    late: impl Fn(&AnyGame) -> bool,
) -> String {
    let mut game = AnyGame::start(name, options).unwrap();
    for ply in 0..plies {
        if late(&game) {
            break;
        }
        let request = BotRequest {
            level: catalog::bots::Level::MIN,
            seed: seed * 1000 + ply,
            time_ms: None,
        };
        let Ok(mv) = game.bot_move(Some("random"), request, &|| 0.0) else {
            break;
        };
        let next = game.play(&mv).unwrap();
        if next.result().is_some() {
            break;
        }
        game = next;
    }
    game.record()
}

/// What the catalog itself says of the position: the value and the moves, as JSON.
fn expected(name: &str, options: &Options, record: &str) -> Value {
    let game = AnyGame::from_record(name, options, record).unwrap();
    let request = SolveRequest {
        time_ms: Some(60_000.0),
        nodes: None,
    };
    serde_json::json!({
        "value": game.solve(request).unwrap(),
        "moves": game.move_values(request).unwrap(),
    })
}

/// The balls on the board of a Pylos game (the first field of its text).
fn balls(game: &AnyGame) -> usize {
    let text = game.text();
    text.split(' ')
        .next()
        .unwrap_or_default()
        .chars()
        .filter(|c| matches!(c, 'L' | 'D'))
        .count()
}

#[test]
fn answers_equal_the_catalogs_values_under_load() {
    let database = PylosDatabase::open(std::path::Path::new(CHILDREN_28)).unwrap();
    database.verify().unwrap();
    let address = start_with(vec![Arc::new(database)]);
    // Late positions: Pyrga from ply 18, Pylos with 26 balls on the board (solved
    // directly), and `children` with 28 (answered from the database, expected from the
    // direct solver).
    let default = Options::default();
    let children = Options::from_pairs(&[("variant", "children")]);
    let mut sample: Vec<(String, String, Value)> = Vec::new();
    for seed in 0..12 {
        let record = random_record("pyrga", 18, seed);
        let query = format!("moves={}", record.replace(' ', "+"));
        sample.push(("pyrga".into(), query, expected("pyrga", &default, &record)));
        let record = random_record_until("pylos", &default, 300, seed, |game| balls(game) >= 26);
        let game = AnyGame::from_record("pylos", &default, &record).unwrap();
        if game.solve(SolveRequest::default()).is_ok() {
            let query = format!("moves={}", record.replace(' ', "+"));
            sample.push(("pylos".into(), query, expected("pylos", &default, &record)));
        }
        // A random game may end before 28 balls: then the database has no position of it.
        let record = random_record_until("pylos", &children, 300, seed, |game| balls(game) >= 28);
        let game = AnyGame::from_record("pylos", &children, &record).unwrap();
        if balls(&game) >= 28 {
            let query = format!("variant=children&moves={}", record.replace(' ', "+"));
            let (status, body) = get(address, &format!("/pylos?{query}"));
            assert_eq!(
                (status, &body["source"]),
                (200, &Value::from("database")),
                "{body}"
            );
            sample.push(("pylos".into(), query, expected("pylos", &children, &record)));
        }
    }
    assert!(sample.len() >= 24, "{} positions", sample.len());
    let sample = Arc::new(sample);
    let clients = 4;
    let per_client = 40;
    let started = Instant::now();
    let handles: Vec<_> = (0..clients)
        .map(|client| {
            let sample = Arc::clone(&sample);
            std::thread::spawn(move || {
                let mut latencies = Vec::new();
                for round in 0..per_client {
                    let (name, query, expected) = &sample[(client * 7 + round) % sample.len()];
                    let path = format!("/{name}?{query}");
                    let begun = Instant::now();
                    let (status, body) = get(address, &path);
                    latencies.push(begun.elapsed());
                    assert_eq!(status, 200, "{path}: {body}");
                    assert_eq!(body["value"], expected["value"], "{path}");
                    assert_eq!(body["moves"], expected["moves"], "{path}");
                }
                latencies
            })
        })
        .collect();
    let mut latencies: Vec<Duration> = handles
        .into_iter()
        .flat_map(|h| h.join().unwrap())
        .collect();
    let elapsed = started.elapsed();
    latencies.sort();
    let at = |q: f64| latencies[((latencies.len() - 1) as f64 * q) as usize];
    println!(
        "{} requests from {clients} clients in {:.2} s: {:.0} per second; latency p50 {:.1} ms, \
         p99 {:.1} ms, slowest {:.1} ms",
        latencies.len(),
        elapsed.as_secs_f64(),
        latencies.len() as f64 / elapsed.as_secs_f64(),
        at(0.5).as_secs_f64() * 1000.0,
        at(0.99).as_secs_f64() * 1000.0,
        latencies[latencies.len() - 1].as_secs_f64() * 1000.0
    );
}

#[test]
fn bad_requests_get_their_status_and_kind() {
    let address = start();
    let kind = |path: &str| {
        let (status, body) = get(address, path);
        (
            status,
            body["error"]["kind"]
                .as_str()
                .unwrap_or_default()
                .to_owned(),
        )
    };
    assert_eq!(kind("/pyrga?moves=Sz9"), (400, "parse".into()));
    assert_eq!(kind("/pyrga?moves=Sb2+Sd4"), (400, "illegal".into()));
    assert_eq!(kind("/pyrga?players=2"), (400, "badOption".into()));
    assert_eq!(kind("/pyrga?rules=house"), (400, "badOption".into()));
    assert_eq!(kind("/pyrga?timeMs=-5"), (400, "badOption".into()));
    assert_eq!(kind("/pylos?position=nonsense"), (400, "parse".into()));
    assert_eq!(kind("/crescendo"), (404, "notFound".into()));
    assert_eq!(kind("/chess"), (400, "badOption".into()));
    assert_eq!(kind("/a/b"), (404, "notFound".into()));
    let long = format!("/pyrga?moves={}", "Sa1+".repeat(3000));
    assert_eq!(kind(&long), (414, "tooLong".into()));
    // The start of Pylos is covered by no database here and too early to solve directly.
    let (status, body) = get(address, "/pylos?variant=standard");
    assert_eq!(status, 503);
    assert_eq!(body["error"]["kind"], "noDatabase");
    assert!(
        body["error"]["message"]
            .as_str()
            .unwrap()
            .contains("databases: none")
    );
    // A finished game has no value and no moves, and says its result.
    let over =
        "Ta4e Tb4s Tb3n Cb4 Sb4 Sb3 Tc3s Sc1 Sc2 Tb2s Tb1w Ta1e Td1w Tc1e Cd1 Sd1 Cc1 Ca3 Sa3 Cb3";
    let (status, body) = get(address, &format!("/pyrga?moves={}", over.replace(' ', "+")));
    assert_eq!(status, 200);
    assert_eq!(body["value"], Value::Null);
    assert_eq!(body["source"], "over");
    assert!(body["result"].as_str().unwrap().contains("wins"));
    let (status, body) = get(address, "/health");
    assert_eq!((status, body["ok"].clone()), (200, Value::Bool(true)));
}

#[test]
fn a_position_text_with_moves_is_analysed_too() {
    let address = start();
    let record = random_record("pyrga", 16, 3);
    let game = AnyGame::from_record("pyrga", &Options::default(), &record).unwrap();
    let text: String = game
        .text()
        .replace(' ', "+")
        .replace(',', "%2C")
        .replace('/', "%2F");
    let (status, body) = get(address, &format!("/pyrga?position={text}"));
    assert_eq!(status, 200, "{body}");
    assert_eq!(
        body["value"],
        expected("pyrga", &Options::default(), &record)["value"]
    );
    let (status, body) = get(address, &format!("/pyrga?position={text}&rules=classic"));
    assert_eq!(
        (status, body["error"]["kind"].clone()),
        (400, Value::from("badOption"))
    );
}

#[test]
fn the_program_says_where_it_listens_and_refuses_a_bad_database() {
    use std::io::BufRead;
    let program = env!("CARGO_BIN_EXE_towers-server");
    let mut child = std::process::Command::new(program)
        .args(["--addr", "127.0.0.1:0"])
        .stdout(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let mut line = String::new();
    std::io::BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut line)
        .unwrap();
    let address: SocketAddr = line
        .trim()
        .strip_prefix("listening on http://")
        .unwrap()
        .parse()
        .unwrap();
    let (status, body) = get(address, "/health");
    child.kill().unwrap();
    child.wait().unwrap();
    assert_eq!(
        (status, body["databases"].clone()),
        (200, serde_json::json!([]))
    );
    let missing = std::env::temp_dir().join("towers-server-no-such.db");
    let run = std::process::Command::new(program)
        .args(["--db", missing.to_str().unwrap()])
        .output()
        .unwrap();
    assert_eq!(run.status.code(), Some(2));
    let stderr = String::from_utf8(run.stderr).unwrap();
    assert!(
        stderr.starts_with("towers-server: ") && stderr.contains("no-such.db"),
        "{stderr}"
    );
}
