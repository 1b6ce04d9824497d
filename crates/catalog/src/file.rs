//! A whole game as a text file: which game, its options or starting position, and its
//! record, so that a game saved by one front-end loads in any other.
//!
//! ```text
//! [game "pyrga"]
//! [rules "classic"]
//! [player1 "you"]
//! [player2 "alphabeta bot, level 3"]
//! Sa1 Tb1w Cb2
//! ```
//!
//! Each tag line is `[name "value"]`: `game`, `position` (the position text the game began
//! at, instead of the start), `player1` to `player4` (who played each seat, in the game's
//! seat order: free text) or an option of the game as JavaScript names it. The other lines
//! hold the moves, separated by spaces or line breaks; a file of moves alone (the older
//! form) is a record of whichever game reads it.

use core::fmt;

use crate::error::{Error, ErrorKind, echo};
use crate::options::Options;

/// A game file, read or to be written.
#[derive(Clone, Default, PartialEq, Eq, Debug)]
pub struct GameFile {
    /// The game's name, when the file says it.
    pub game: Option<String>,
    /// The options the game began with.
    pub options: Options,
    /// The position text the game began at, when not at the start.
    pub position: Option<String>,
    /// Who played each seat, in seat order (`player1` first); an empty name is a seat the
    /// file does not name.
    pub players: Vec<String>,
    /// The moves, separated by spaces.
    pub moves: String,
}

impl GameFile {
    /// Reads a game file.
    ///
    /// # Errors
    /// `parse` for a tag line that is not `[name "value"]`, a tag given twice, or a tag
    /// after the first move.
    ///
    /// ```
    /// use catalog::GameFile;
    ///
    /// let file = GameFile::parse("[game \"pyrga\"]\n[rules \"classic\"]\nSa1 Tb1w\n").unwrap();
    /// assert_eq!(file.game.as_deref(), Some("pyrga"));
    /// assert_eq!(file.options.get("rules"), Some("classic"));
    /// assert_eq!(file.moves, "Sa1 Tb1w");
    /// assert_eq!(GameFile::parse(&file.to_string()).unwrap(), file);
    /// // The older form: moves alone.
    /// assert_eq!(GameFile::parse("Sa1 Tb1w").unwrap().game, None);
    /// ```
    pub fn parse(text: &str) -> Result<GameFile, Error> {
        let mut file = GameFile::default();
        let mut moves: Vec<&str> = Vec::new();
        let mut pairs: Vec<(String, String)> = Vec::new();
        for (index, line) in text.lines().enumerate() {
            let line = line.trim();
            let bad = |reason: &str| {
                Error::new(
                    ErrorKind::Parse,
                    format!("line {}: {reason}: {:?}", index + 1, echo(line)),
                )
            };
            if !line.starts_with('[') {
                moves.extend(line.split_whitespace());
                continue;
            }
            if !moves.is_empty() {
                return Err(bad("a tag after the moves"));
            }
            let (name, value) = tag(line).ok_or_else(|| bad("not a tag [name \"value\"]"))?;
            let seen = match (name, player_seat(name)) {
                ("game", _) => file.game.replace(value.to_owned()).is_some(),
                ("position", _) => file.position.replace(value.to_owned()).is_some(),
                (_, Some(seat)) => {
                    if file.players.len() <= seat {
                        file.players.resize(seat + 1, String::new());
                    }
                    !core::mem::replace(&mut file.players[seat], value.to_owned()).is_empty()
                }
                _ => {
                    let seen = pairs.iter().any(|(key, _)| key == name);
                    pairs.push((name.to_owned(), value.to_owned()));
                    seen
                }
            };
            if seen {
                return Err(bad("a tag given twice"));
            }
        }
        file.options = Options::new(pairs);
        file.moves = moves.join(" ");
        Ok(file)
    }
}

/// The most seats a game has: the tags `player1` to `player4`.
const MOST_SEATS: usize = 4;

/// The seat (from 0) a tag `player1` … `player4` names.
fn player_seat(name: &str) -> Option<usize> {
    let seat: usize = name.strip_prefix("player")?.parse().ok()?;
    (1..=MOST_SEATS).contains(&seat).then(|| seat - 1)
}

/// The name and value of the tag line `[name "value"]`.
fn tag(line: &str) -> Option<(&str, &str)> {
    let inner = line.strip_prefix('[')?.strip_suffix(']')?;
    let (name, quoted) = inner.split_once(' ')?;
    let value = quoted.trim().strip_prefix('"')?.strip_suffix('"')?;
    let plain = |text: &str| !text.is_empty() && text.chars().all(|c| c.is_ascii_alphanumeric());
    (plain(name) && !value.contains('"')).then_some((name, value))
}

impl fmt::Display for GameFile {
    /// The tags, one per line, then the moves on one line.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(game) = &self.game {
            writeln!(f, "[game \"{game}\"]")?;
        }
        for (key, value) in self.options.pairs() {
            writeln!(f, "[{key} \"{value}\"]")?;
        }
        if let Some(position) = &self.position {
            writeln!(f, "[position \"{position}\"]")?;
        }
        for (seat, name) in self.players.iter().enumerate().take(MOST_SEATS) {
            // A name keeps to one line and no double quote, so that it reads back.
            let name: String = name
                .chars()
                .map(|c| match c {
                    '"' => '\'',
                    c if c.is_control() => ' ',
                    c => c,
                })
                .collect();
            if !name.trim().is_empty() {
                writeln!(f, "[player{} \"{}\"]", seat + 1, name.trim())?;
            }
        }
        writeln!(f, "{}", self.moves)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bad_tags_are_refused_with_their_line() {
        let error = GameFile::parse("[game pyrga]").unwrap_err();
        assert_eq!(error.kind, ErrorKind::Parse);
        assert!(error.message.starts_with("line 1: not a tag"));
        let error = GameFile::parse("[game \"pyrga\"]\n[game \"pylos\"]").unwrap_err();
        assert!(error.message.contains("twice"));
        let error = GameFile::parse("Sa1\n[rules \"classic\"]").unwrap_err();
        assert!(error.message.starts_with("line 2: a tag after the moves"));
    }

    #[test]
    fn players_are_named_by_seat() {
        let text = "[game \"crescendo\"]\n[players \"3\"]\n[player1 \"you\"]\n\
                    [player3 \"greedy bot\"]\n";
        let file = GameFile::parse(text).unwrap();
        assert_eq!(file.players, ["you", "", "greedy bot"]);
        assert_eq!(file.options.get("players"), Some("3"));
        assert_eq!(file.to_string(), format!("{text}\n"));
        let error = GameFile::parse("[player2 \"a\"]\n[player2 \"b\"]").unwrap_err();
        assert!(error.message.contains("twice"));
        // player5 is no seat: it is read as an option, which the game then refuses.
        assert_eq!(
            GameFile::parse("[player5 \"x\"]")
                .unwrap()
                .options
                .get("player5"),
            Some("x")
        );
        // Names that would not read back are mended when written.
        let file = GameFile {
            players: vec!["a \"quoted\"\nname".to_owned()],
            ..GameFile::default()
        };
        assert_eq!(file.to_string(), "[player1 \"a 'quoted' name\"]\n\n");
    }

    #[test]
    fn moves_may_span_lines() {
        let file = GameFile::parse("[game \"pylos\"]\n\n0a1 0b1\n0c1\n").unwrap();
        assert_eq!(file.moves, "0a1 0b1 0c1");
    }
}
