//! `towers-server`: serves the analysis of Pyrga and Pylos positions over HTTP/JSON.
//!
//! ```text
//! towers-server [--addr 127.0.0.1:8088] [--db FILE]... [--max-time-ms 10000]
//!               [--max-positions 200000] [--solves 2]
//! ```
//!
//! It prints `listening on http://ADDR` once it accepts requests (with `--addr
//! 127.0.0.1:0`, the port the system chose).

use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::Arc;

use catalog::solve::PylosDatabase;
use clap::Parser;
use towers_server::Analyst;

/// Serve the values of Pyrga and Pylos positions and of their moves over HTTP/JSON.
#[derive(Parser, Debug)]
#[command(name = "towers-server", version)]
struct Args {
    /// The address to listen on; the loopback address by default.
    #[arg(long, default_value = "127.0.0.1:8088")]
    addr: SocketAddr,
    /// A Pylos database built by `towers solve pylos --build` (once per file; each answers
    /// the positions of its own options).
    #[arg(long = "db", value_name = "FILE")]
    databases: Vec<PathBuf>,
    /// The most time a Pyrga solve may take, in milliseconds (a request asks for less with
    /// `timeMs`).
    #[arg(long, default_value_t = 10_000.0)]
    max_time_ms: f64,
    /// The most positions a direct solve of a late Pylos position may visit.
    #[arg(long, default_value_t = catalog::PYLOS_DIRECT_POSITIONS)]
    max_positions: u64,
    /// How many analyses may run at once (each Pyrga solve keeps a table of 32 MiB).
    #[arg(long, default_value_t = 2)]
    solves: usize,
}

fn main() -> std::process::ExitCode {
    let args = Args::parse();
    match run(&args) {
        Ok(()) => std::process::ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("towers-server: {message}");
            std::process::ExitCode::from(2)
        }
    }
}

/// Opens the databases, then serves until the process is stopped.
fn run(args: &Args) -> Result<(), String> {
    if !(args.max_time_ms.is_finite() && args.max_time_ms > 0.0) || args.solves == 0 {
        return Err("--max-time-ms and --solves must be positive".to_owned());
    }
    let databases = args
        .databases
        .iter()
        .map(|path| {
            PylosDatabase::open(path)
                .map(Arc::new)
                .map_err(|error| error.to_string())
        })
        .collect::<Result<Vec<_>, _>>()?;
    let analyst = Arc::new(Analyst::new(
        databases,
        args.max_time_ms,
        args.max_positions,
    ));
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .max_blocking_threads(args.solves)
        .build()
        .map_err(|error| error.to_string())?;
    runtime.block_on(async {
        let listener = tokio::net::TcpListener::bind(args.addr)
            .await
            .map_err(|error| format!("cannot listen on {}: {error}", args.addr))?;
        let bound = listener.local_addr().map_err(|error| error.to_string())?;
        println!("listening on http://{bound}");
        for database in analyst.describe_databases() {
            println!("database {database}");
        }
        towers_server::serve(listener, analyst)
            .await
            .map_err(|error| error.to_string())
    })
}
