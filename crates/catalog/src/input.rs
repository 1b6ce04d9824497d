//! Input helpers: a move built step by step from clicks. Each game splits each of its
//! moves into steps (a token and its role); the choices after some steps are grouped from
//! the legal moves whose steps begin with them. No rule is known here: only the legal
//! moves are.

use serde::Serialize;

use crate::error::{Error, ErrorKind};

/// One step of a move: the token an app passes back, and what it stands for (for example
/// `cell`, `shape`, `direction`, `takeBack`).
#[derive(Clone, PartialEq, Eq, PartialOrd, Ord, Debug, Serialize)]
pub struct Step {
    /// The text of the step, passed back in the `steps` array.
    pub step: String,
    /// What the step chooses.
    pub role: &'static str,
}

impl Step {
    /// The step `token` of `role`.
    pub fn new(step: impl Into<String>, role: &'static str) -> Step {
        Step {
            step: step.into(),
            role,
        }
    }
}

/// The choices after the steps already chosen.
#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Choices {
    /// The steps chosen so far, as given.
    pub steps: Vec<String>,
    /// The possible next steps, sorted, each once.
    pub next: Vec<Step>,
    /// The legal move these steps make, when they make a whole one (more steps may still
    /// follow, as when a take-back is optional).
    #[serde(rename = "move")]
    pub complete: Option<String>,
    /// Every legal move that begins with these steps, in notation, sorted.
    pub moves: Vec<String>,
}

/// The choices after `steps`, given each legal move's notation and its step sequences (a
/// move may be entered in several orders, such as two balls taken back).
///
/// # Errors
/// A [`Error`] of kind `illegal` when no legal move begins with `steps`.
pub fn choices(steps: &[String], moves: &[(String, Vec<Vec<Step>>)]) -> Result<Choices, Error> {
    let mut next: Vec<Step> = Vec::new();
    let mut matching: Vec<String> = Vec::new();
    let mut complete = None;
    for (notation, paths) in moves {
        let mut begins = false;
        for path in paths {
            let fits = path.len() >= steps.len()
                && path
                    .iter()
                    .zip(steps)
                    .all(|(step, given)| step.step == *given);
            if !fits {
                continue;
            }
            begins = true;
            match path.get(steps.len()) {
                Some(step) => next.push(step.clone()),
                None => complete = Some(notation.clone()),
            }
        }
        if begins {
            matching.push(notation.clone());
        }
    }
    if matching.is_empty() {
        return Err(Error::new(
            ErrorKind::Illegal,
            format!("no legal move begins with the steps {}", steps.join(" ")),
        ));
    }
    next.sort();
    next.dedup();
    matching.sort();
    Ok(Choices {
        steps: steps.to_vec(),
        next,
        complete,
        moves: matching,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn path(tokens: &[&str]) -> Vec<Step> {
        tokens.iter().map(|t| Step::new(*t, "part")).collect()
    }

    fn strings(tokens: &[&str]) -> Vec<String> {
        tokens.iter().map(|t| (*t).to_owned()).collect()
    }

    #[test]
    fn groups_moves_by_their_steps() {
        let moves = vec![
            ("a".to_owned(), vec![path(&["a"])]),
            ("ab".to_owned(), vec![path(&["a", "b"])]),
            ("ac".to_owned(), vec![path(&["a", "c"])]),
            (
                "bcd".to_owned(),
                vec![path(&["b", "c", "d"]), path(&["b", "d", "c"])],
            ),
        ];
        let first = choices(&[], &moves).unwrap();
        assert_eq!(first.next, path(&["a", "b"]));
        assert_eq!(first.complete, None);
        assert_eq!(first.moves.len(), 4);
        let after_a = choices(&strings(&["a"]), &moves).unwrap();
        assert_eq!(after_a.next, path(&["b", "c"]));
        assert_eq!(after_a.complete.as_deref(), Some("a"));
        let either_order = choices(&strings(&["b", "d"]), &moves).unwrap();
        assert_eq!(either_order.next, path(&["c"]));
        let done = choices(&strings(&["b", "d", "c"]), &moves).unwrap();
        assert_eq!(done.complete.as_deref(), Some("bcd"));
        assert!(done.next.is_empty());
        let error = choices(&strings(&["z"]), &moves).unwrap_err();
        assert_eq!(error.kind, ErrorKind::Illegal);
    }
}
