//! Reading the person's commands: a line editor with history on a terminal, plain lines
//! from a pipe or a file.

use std::io::{BufRead, IsTerminal, Write};

use rustyline::DefaultEditor;
use rustyline::error::ReadlineError;

/// Where the person's lines come from.
pub(crate) enum Prompt {
    /// A terminal: line editing, arrow keys and history (rustyline).
    Terminal(Box<DefaultEditor>),
    /// Standard input read line by line, when it or standard output is not a terminal (or
    /// the editor could not start).
    Lines {
        /// Standard input.
        input: std::io::StdinLock<'static>,
        /// Whether standard input is a terminal, where a person types.
        typed: bool,
    },
}

impl Prompt {
    /// The line editor when standard input and output are terminals, plain lines otherwise.
    pub(crate) fn new() -> Prompt {
        let typed = std::io::stdin().is_terminal();
        match (typed && std::io::stdout().is_terminal()).then(DefaultEditor::new) {
            Some(Ok(editor)) => Prompt::Terminal(Box::new(editor)),
            _ => Prompt::Lines {
                input: std::io::stdin().lock(),
                typed,
            },
        }
    }

    /// Whether the lines come from a person at a terminal (who can be asked a question).
    pub(crate) fn is_terminal(&self) -> bool {
        match self {
            Prompt::Terminal(_) => true,
            Prompt::Lines { typed, .. } => *typed,
        }
    }

    /// Shows `prompt` and reads one line; `None` at the end of the input (or Ctrl-D,
    /// Ctrl-C on a terminal, after which the line is ended). When standard input is not a
    /// terminal the prompt is shown only when a line follows, so that a script's output
    /// ends with what the game printed last.
    ///
    /// # Errors
    /// Reading or writing failed.
    pub(crate) fn read(
        &mut self,
        prompt: &str,
        out: &mut impl Write,
    ) -> std::io::Result<Option<String>> {
        match self {
            Prompt::Terminal(editor) => {
                out.flush()?;
                match editor.readline(prompt) {
                    Ok(line) => {
                        if !line.trim().is_empty() {
                            // Only the in-memory history, which cannot fail to grow.
                            let _ = editor.add_history_entry(line.as_str());
                        }
                        Ok(Some(line))
                    }
                    Err(ReadlineError::Eof | ReadlineError::Interrupted) => {
                        writeln!(out)?;
                        Ok(None)
                    }
                    Err(ReadlineError::Io(error)) => Err(error),
                    Err(error) => Err(std::io::Error::other(error)),
                }
            }
            Prompt::Lines { input, typed } => {
                if !*typed && input.fill_buf()?.is_empty() {
                    return Ok(None);
                }
                write!(out, "{prompt}")?;
                out.flush()?;
                let mut line = String::new();
                Ok((input.read_line(&mut line)? > 0).then_some(line))
            }
        }
    }
}
