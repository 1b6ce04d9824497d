//! What a long computation shows while it runs, on standard error and only when that is a
//! terminal: a spinner saying `thinking…` while a bot or a hint works, a bar while `perft`
//! counts.

use std::io::IsTerminal;
use std::sync::mpsc::{RecvTimeoutError, channel};
use std::time::Duration;

use indicatif::{ProgressBar, ProgressStyle};

/// How long a computation runs before `thinking…` appears (a quick bot shows nothing).
const THINKING_DELAY: Duration = Duration::from_millis(300);

/// Runs `work`, showing `thinking…` with the time spent on standard error, when that is a
/// terminal, once `work` has lasted [`THINKING_DELAY`]; the line is erased at the end.
pub(crate) fn thinking<T>(work: impl FnOnce() -> T) -> T {
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
