//! What a long computation shows while it runs, on standard error and only when that is a
//! terminal: a spinner saying `thinking…` while a bot or a hint works, a bar while `perft`
//! counts. And Ctrl-C while a bot or a hint thinks: the search ends its move, then the
//! game is left as with `quit` (the record printed, a file offered), rather than lost.

use std::io::{IsTerminal, Write};
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{RecvTimeoutError, channel};
use std::time::{Duration, Instant};

use indicatif::{ProgressBar, ProgressStyle};
use solve::{Event, Job, Progress};

/// How long a computation runs before `thinking…` appears (a quick bot shows nothing).
const THINKING_DELAY: Duration = Duration::from_millis(300);

/// Whether a bot or a hint is thinking now.
static THINKING: AtomicBool = AtomicBool::new(false);

/// Whether Ctrl-C came while a bot or a hint was thinking, not yet acted on.
static INTERRUPTED: AtomicBool = AtomicBool::new(false);

/// Catches Ctrl-C for a game against bots: while a bot or a hint thinks it asks the game to
/// stop after the move ([`interrupted`]); at any other time it ends the program as Ctrl-C
/// does (status 130). At a terminal's prompt the line editor reads Ctrl-C itself.
pub(crate) fn catch_interrupts() {
    // Only one handler can be set in a process; a second game in it keeps the first.
    let _ = ctrlc::set_handler(|| {
        if THINKING.load(Ordering::SeqCst) {
            INTERRUPTED.store(true, Ordering::SeqCst);
            eprintln!("\n(stopping once this move is chosen; Ctrl-C again to stop at once)");
            THINKING.store(false, Ordering::SeqCst);
        } else {
            std::process::exit(130);
        }
    });
}

/// Whether Ctrl-C came while a bot or a hint was thinking (once: the request is taken).
pub(crate) fn interrupted() -> bool {
    INTERRUPTED.swap(false, Ordering::SeqCst)
}

/// Runs `work`, showing `thinking…` with the time spent on standard error, when that is a
/// terminal, once `work` has lasted [`THINKING_DELAY`]; the line is erased at the end.
pub(crate) fn thinking<T>(work: impl FnOnce() -> T) -> T {
    THINKING.store(true, Ordering::SeqCst);
    let result = show_thinking(work);
    THINKING.store(false, Ordering::SeqCst);
    result
}

/// [`thinking`] without the Ctrl-C bookkeeping.
fn show_thinking<T>(work: impl FnOnce() -> T) -> T {
    if !std::io::stderr().is_terminal() {
        // Nobody to show it to: no thread either (bot games can be 100000 moves long).
        return work();
    }
    let (done, finished) = channel::<()>();
    std::thread::scope(|scope| {
        scope.spawn(move || {
            if finished.recv_timeout(THINKING_DELAY) != Err(RecvTimeoutError::Timeout) {
                return;
            }
            let spinner =
                ProgressBar::new_spinner().with_style(style("{spinner} thinking… {elapsed}"));
            spinner.enable_steady_tick(Duration::from_millis(120));
            // Either a message or the sender's end: the work is over.
            let _ = finished.recv();
            spinner.finish_and_clear();
        });
        let result = work();
        drop(done);
        result
    })
}

/// A bar over `len` steps described by `what` (`first moves counted`), with the time
/// spent (kept running) and a message after it; hidden when standard error is not a terminal.
pub(crate) fn bar(len: u64, what: &str) -> ProgressBar {
    let bar = ProgressBar::new(len).with_style(style(&format!(
        "{{elapsed_precise}} {{bar:30}} {{pos}}/{{len}} {what} {{msg}}"
    )));
    // Drawn at once, then every second even while one step takes long: the clock shows
    // that it is running.
    bar.tick();
    bar.enable_steady_tick(Duration::from_secs(1));
    bar
}

/// The progress of a long solve (a Pylos build, the writing of a compact database, a
/// Pyrga book, every move of a Pyrga position), drawn from `solve`'s events on standard
/// error: a bar per stage on a terminal, a line every minute when standard error is a
/// file (a run left going with its output to a log; not for a book or an all-moves solve,
/// [`lines_each_minute`]), and a line when a stage of a build or a ply of a book is over.
pub(crate) struct Stages {
    /// The stage going on.
    stage: Mutex<Option<Stage>>,
    /// When the job started (the lines of a book's plies give the time since).
    started: Instant,
}

impl Default for Stages {
    fn default() -> Self {
        Stages {
            stage: Mutex::default(),
            started: Instant::now(),
        }
    }
}

/// A stage being drawn.
struct Stage {
    job: Job,
    bar: ProgressBar,
    /// What the lines start with, when lines replace the bar.
    lines: Option<String>,
    last_line: Instant,
}

impl Stages {
    /// The seconds between two lines.
    const LINE_SECONDS: u64 = 60;

    /// The bar of a stage of `total` units.
    fn start(job: Job, total: u64) -> Stage {
        let (template, message) = match job {
            Job::Sweep => (
                "sweep [{bar:30}] {human_pos}/{human_len} positions, {per_sec}, {eta} to go",
                String::new(),
            ),
            Job::Count => (
                "count [{bar:30}] {human_pos}/{human_len} positions, {per_sec}, {eta} to go",
                String::new(),
            ),
            Job::Layer(plies) => (
                "distance {msg} [{bar:30}] {human_pos}/{human_len} indices, {per_sec}, {eta} to go",
                plies.to_string(),
            ),
            Job::Book(ply) => (
                "ply {msg} {elapsed_precise} [{bar:30}] {pos}/{len} positions",
                ply.to_string(),
            ),
            Job::Table(ply) => (
                "ply {msg} {elapsed_precise} [{bar:30}] {pos}/{len} positions, {eta} to go",
                ply.to_string(),
            ),
            Job::Moves => (
                "moves {elapsed_precise} [{bar:30}] {pos}/{len} solved {msg}",
                String::new(),
            ),
            _ => (
                "compact [{bar:30}] {human_pos}/{human_len} positions, {per_sec}, {eta} to go",
                String::new(),
            ),
        };
        let bar = ProgressBar::new(total);
        if let Ok(style) = ProgressStyle::with_template(template) {
            bar.set_style(style.progress_chars("=> "));
        }
        let first_word = template.split(' ').next().unwrap_or_default();
        let lines = (bar.is_hidden() && lines_each_minute(job))
            .then(|| format!("{first_word} {message}").trim_end().to_owned());
        bar.set_message(message);
        Stage {
            job,
            bar,
            lines,
            last_line: Instant::now(),
        }
    }

    /// Counts `done` more units, and writes a line when lines replace the bar and one is due.
    fn advance(stage: &mut Stage, done: u64) {
        stage.bar.inc(done);
        let Some(label) = &stage.lines else {
            return;
        };
        if stage.last_line.elapsed().as_secs() >= Self::LINE_SECONDS {
            stage.last_line = Instant::now();
            let (position, len) = (stage.bar.position(), stage.bar.length().unwrap_or(1).max(1));
            report(format_args!(
                "{label} {position}/{len} positions ({:.1}%), {:.0} positions/s, about {} s to go",
                100.0 * position as f64 / len as f64,
                stage.bar.per_sec(),
                stage.bar.eta().as_secs()
            ));
        }
    }
}

impl Stages {
    /// Shows `message` after the bar of the stage going on (the last move solved, say).
    pub(crate) fn say(&self, message: String) {
        if let Ok(stage) = self.stage.lock()
            && let Some(stage) = stage.as_ref()
        {
            stage.bar.set_message(message);
        }
    }
}

impl Progress for Stages {
    fn event(&self, event: Event) {
        let Ok(mut stage) = self.stage.lock() else {
            return;
        };
        match event {
            Event::Started { stage: job, total } => *stage = Some(Self::start(job, total)),
            Event::Advanced { done } => {
                if let Some(stage) = stage.as_mut() {
                    Self::advance(stage, done);
                }
            }
            Event::Finished => {
                if let Some(stage) = stage.take() {
                    match stage.job {
                        Job::Book(ply) => {
                            stage.bar.finish_and_clear();
                            let positions = stage.bar.length().unwrap_or_default();
                            if ply_done(stage.bar.position(), positions) {
                                report(format_args!(
                                    "ply {ply}: {positions} positions, {:.1} s",
                                    self.started.elapsed().as_secs_f64()
                                ));
                            }
                        }
                        Job::Moves => stage.bar.finish_and_clear(),
                        _ => stage.bar.finish(),
                    }
                }
            }
            Event::Swept(sweep) => report(format_args!(
                "sweep: {} positions in {:.1} s ({:.0} positions/s)",
                sweep.positions,
                sweep.seconds,
                sweep.indices as f64 / sweep.seconds
            )),
            Event::Counted(count) => report(format_args!(
                "count: {} games going on, {} finished, at most {} children, {:.1} s",
                count.ongoing, count.finished, count.most_children, count.seconds
            )),
            Event::Layer(layer) => report(format_args!(
                "distance {}: {} positions, {} parents settled, {:.1} s",
                layer.plies, layer.frontier, layer.settled, layer.seconds
            )),
            _ => {}
        }
    }
}

/// Whether a stage of `job` writes a line every minute when standard error is not a
/// terminal: those of a Pylos build, of the compact writing and of a Pyrga table's shard.
/// A book writes a line when a ply is done instead, and an all-moves solve writes none.
fn lines_each_minute(job: Job) -> bool {
    !matches!(job, Job::Book(_) | Job::Moves)
}

/// Whether the ply of a book whose stage ends with `done` of its `positions` done gets its
/// line: not when the ply was cut short (the budget ran out), nor when it had no positions
/// (every game over by then), which was never told either.
const fn ply_done(done: u64, positions: u64) -> bool {
    positions > 0 && done == positions
}

/// Writes a line of progress to the standard error. A closed or full standard error (the
/// reader of a pipe gone) loses the line but never stops the work, as `eprintln!` would by
/// panicking.
fn report(line: core::fmt::Arguments<'_>) {
    let _ = writeln!(std::io::stderr().lock(), "{line}");
}

/// The style of `template`, or the default one should the template not be valid.
fn style(template: &str) -> ProgressStyle {
    ProgressStyle::with_template(template).unwrap_or_else(|_| ProgressStyle::default_bar())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn books_and_all_moves_solves_write_no_line_each_minute() {
        for job in [Job::Book(0), Job::Book(7), Job::Moves] {
            assert!(!lines_each_minute(job), "{job:?}");
            // Not even with standard error going to a file.
            assert_eq!(Stages::start(job, 10).lines, None, "{job:?}");
        }
        for job in [
            Job::Sweep,
            Job::Count,
            Job::Layer(3),
            Job::Compact,
            Job::Table(6),
        ] {
            assert!(lines_each_minute(job), "{job:?}");
        }
    }

    #[test]
    fn a_ply_is_told_once_all_its_positions_are_done() {
        assert!(ply_done(12, 12));
        assert!(!ply_done(11, 12));
        assert!(!ply_done(0, 0));
    }
}
