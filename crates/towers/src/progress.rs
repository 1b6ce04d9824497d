//! What a long computation shows while it runs, on standard error and only when that is a
//! terminal: a spinner saying `thinking…` while a bot or a hint works, a bar while `perft`
//! counts. And Ctrl-C while a bot or a hint thinks: the search ends its move, then the
//! game is left as with `quit` (the record printed, a file offered), rather than lost.

use std::io::IsTerminal;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{RecvTimeoutError, channel};
use std::time::Duration;

use indicatif::{ProgressBar, ProgressStyle};

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

/// The style of `template`, or the default one should the template not be valid.
fn style(template: &str) -> ProgressStyle {
    ProgressStyle::with_template(template).unwrap_or_else(|_| ProgressStyle::default_bar())
}
