//! Tools for testing engines (feature `testing`): an invariant harness that plays random
//! games and checks the [`Game`] contract and a game's own invariants in every position,
//! and proptest strategies that build positions reached by play.

use core::fmt;
use core::str::FromStr;
use std::collections::HashSet;

use proptest::prelude::*;

use crate::chance::Weighted;
use crate::game::{Game, format_record};
use crate::playout::random_move;
use crate::rng::SeededRng;
use crate::status::{Actor, Status};

/// A broken law or invariant found by the [`Harness`], with the way to reproduce it.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Violation {
    /// Which of the harness's games (from 0).
    pub game: usize,
    /// The moves from the start to the offending position.
    pub record: String,
    /// The offending position in its text form.
    pub position: String,
    /// What is wrong.
    pub message: String,
}

impl fmt::Display for Violation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "game {}: {}\n  position: {}\n  record: {}",
            self.game, self.message, self.position, self.record
        )
    }
}

impl std::error::Error for Violation {}

/// What a successful [`Harness::run`] went through.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct HarnessReport {
    /// Games played.
    pub games: usize,
    /// Games that reached their end (the others stopped at the ply cap).
    pub finished: usize,
    /// Positions checked.
    pub positions: usize,
    /// Moves applied, counting every legal move tried in every position.
    pub moves_tried: usize,
}

/// Plays random games and checks, in every position reached:
/// - the laws of the [`Game`] contract: the legal moves are empty exactly when the game is
///   over, have no duplicates, match [`Game::count_moves`] and [`Game::legal_moves_into`],
///   and are the chance outcomes
///   (each weighted at least 1) when chance decides;
/// - every legal move applies and reads back from its notation;
/// - [`Game::apply`] leaves its input unchanged, and [`Game::apply_in_place`] reaches the
///   same position;
/// - the moves of the previous position that are not legal now are rejected by both, and
///   leave the position unchanged;
/// - the position's text form reads back to an equal position with an equal key;
/// - the game's own invariants, given as a closure.
///
/// ```
/// use boardcore::example::{Countdown, CountdownConfig};
/// use boardcore::testing::Harness;
///
/// let config = CountdownConfig { pile: 12, wind: true };
/// let report = Harness::<Countdown>::new(config)
///     .games(50)
///     .run(|state| if state.pile() <= 12 { Ok(()) } else { Err("pile grew".into()) })
///     .unwrap();
/// assert_eq!(report.finished, 50);
/// ```
#[derive(Clone, Debug)]
pub struct Harness<G: Game> {
    config: G::Config,
    games: usize,
    max_plies: usize,
    seed: u64,
}

impl<G> Harness<G>
where
    G: Game + FromStr,
    <G as FromStr>::Err: fmt::Display,
{
    /// A harness for games played with `config`: 100 games of at most 1000 plies, seed 0.
    pub fn new(config: G::Config) -> Self {
        Harness {
            config,
            games: 100,
            max_plies: 1000,
            seed: 0,
        }
    }

    /// Sets the number of games.
    #[must_use]
    pub fn games(mut self, games: usize) -> Self {
        self.games = games;
        self
    }

    /// Sets the ply cap of each game.
    #[must_use]
    pub fn max_plies(mut self, max_plies: usize) -> Self {
        self.max_plies = max_plies;
        self
    }

    /// Sets the seed of the random games.
    #[must_use]
    pub fn seed(mut self, seed: u64) -> Self {
        self.seed = seed;
        self
    }

    /// Plays the games, checking every position.
    ///
    /// # Errors
    /// The first [`Violation`] found.
    pub fn run(
        &self,
        mut invariants: impl FnMut(&G) -> Result<(), String>,
    ) -> Result<HarnessReport, Violation> {
        let mut rng = SeededRng::new(self.seed);
        let mut report = HarnessReport::default();
        for game in 0..self.games {
            let mut state = G::new(self.config.clone());
            let mut moves = Vec::new();
            let mut previous_moves = G::MoveList::default();
            loop {
                let fail = |state: &G, moves: &[G::Move], message: String| Violation {
                    game,
                    record: format_record(moves),
                    position: state.to_string(),
                    message,
                };
                report.moves_tried += check_laws(&state)
                    .and_then(|tried| invariants(&state).map(|()| tried))
                    .and_then(|tried| check_rejected(&state, &previous_moves).map(|()| tried))
                    .map_err(|message| fail(&state, &moves, message))?;
                report.positions += 1;
                state.legal_moves_into(&mut previous_moves);
                if moves.len() >= self.max_plies {
                    break;
                }
                let Some(mv) = random_move(&state, &mut rng) else {
                    break;
                };
                state = state
                    .apply(mv)
                    .map_err(|e| fail(&state, &moves, format!("random move {mv} failed: {e}")))?;
                moves.push(mv);
            }
            report.games += 1;
            report.finished += usize::from(state.status().is_finished());
        }
        Ok(report)
    }
}

/// Checks the [`Game`] contract in one position; returns the number of moves applied.
///
/// # Errors
/// A message naming the first broken law.
pub fn check_laws<G>(state: &G) -> Result<usize, String>
where
    G: Game + FromStr,
    <G as FromStr>::Err: fmt::Display,
{
    let before = state.clone();
    let status = state.status();
    let moves = state.legal_moves();
    if status.is_finished() != moves.is_empty() {
        return Err(format!("status {status} but {} legal moves", moves.len()));
    }
    let mut filled = G::MoveList::default();
    state.legal_moves_into(&mut filled);
    state.legal_moves_into(&mut filled);
    if *filled != *moves {
        return Err("legal_moves_into does not fill the list legal_moves returns".to_owned());
    }
    if state.count_moves() != moves.len() {
        return Err(format!(
            "count_moves says {} but {} moves are listed",
            state.count_moves(),
            moves.len()
        ));
    }
    let distinct: HashSet<G::Move> = moves.iter().copied().collect();
    if distinct.len() != moves.len() {
        return Err("the legal moves repeat a move".to_owned());
    }
    let outcomes = state.chance_outcomes();
    if status == Status::Ongoing(Actor::Chance) {
        let chance: HashSet<G::Move> = outcomes.iter().map(|w| w.outcome).collect();
        if chance != distinct || chance.len() != outcomes.len() {
            return Err("the legal moves are not the chance outcomes".to_owned());
        }
        if outcomes.iter().any(|w: &Weighted<G::Move>| w.weight == 0) {
            return Err("a chance outcome has weight 0".to_owned());
        }
    } else if !outcomes.is_empty() {
        return Err("chance outcomes listed while chance does not decide".to_owned());
    }
    for &mv in moves.iter() {
        let text = mv.to_string();
        match state.parse_move(&text) {
            Ok(read) if read == mv => {}
            Ok(read) => {
                return Err(format!(
                    "move {mv:?} is written {text} but reads as {read:?}"
                ));
            }
            Err(e) => {
                return Err(format!(
                    "move {mv:?} is written {text} which does not read: {e}"
                ));
            }
        }
        let applied = match state.apply(mv) {
            Ok(next) => next,
            Err(e) => return Err(format!("legal move {mv} does not apply: {e}")),
        };
        let mut in_place = state.clone();
        match in_place.apply_in_place(mv) {
            Ok(()) if in_place == applied => {}
            Ok(()) => return Err(format!("apply_in_place({mv}) differs from apply")),
            Err(e) => return Err(format!("legal move {mv} does not apply in place: {e}")),
        }
    }
    if *state != before {
        return Err("apply changed its input".to_owned());
    }
    let text = state.to_string();
    match text.parse::<G>() {
        Ok(read) if read == *state => {
            if read.position_key() != state.position_key() {
                return Err("equal positions have different keys".to_owned());
            }
        }
        Ok(_) => return Err(format!("position text {text:?} reads back differently")),
        Err(e) => return Err(format!("position text {text:?} does not read: {e}")),
    }
    Ok(moves.len())
}

/// Checks that each of `candidates` that is not a legal move of `state` is rejected by
/// [`Game::apply`] and [`Game::apply_in_place`], the latter leaving `state` unchanged.
///
/// # Errors
/// A message naming the first candidate accepted or the change it made.
pub fn check_rejected<G: Game>(state: &G, candidates: &[G::Move]) -> Result<(), String> {
    let legal = state.legal_moves();
    for &mv in candidates.iter().filter(|mv| !legal.contains(mv)) {
        if state.apply(mv).is_ok() {
            return Err(format!("unlisted move {mv} applies"));
        }
        let mut in_place = state.clone();
        if in_place.apply_in_place(mv).is_ok() {
            return Err(format!("unlisted move {mv} applies in place"));
        }
        if in_place != *state {
            return Err(format!("rejected move {mv} changed the position in place"));
        }
    }
    Ok(())
}

/// A position reached from the start by a sequence of moves.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Reached<G: Game> {
    /// The position.
    pub state: G,
    /// The moves that led to it from the start.
    pub moves: Vec<G::Move>,
}

impl<G: Game> Reached<G> {
    /// The moves as a game record.
    pub fn record(&self) -> String {
        format_record(&self.moves)
    }
}

/// Plays from `start` by following `choices`: each choice picks a legal move by index
/// (modulo their number), or a chance outcome by weight when chance decides. Stops when
/// the game ends or the choices run out.
pub fn play_choices<G: Game>(start: &G, choices: &[u32]) -> Reached<G> {
    let mut state = start.clone();
    let mut moves = Vec::new();
    for &choice in choices {
        let mv = if state.status() == Status::Ongoing(Actor::Chance) {
            let outcomes = state.chance_outcomes();
            let total: u64 = outcomes.iter().map(|w| u64::from(w.weight)).sum();
            let mut pick = u64::from(choice) % total.max(1);
            outcomes
                .iter()
                .find(|w| {
                    let hit = pick < u64::from(w.weight);
                    pick = pick.saturating_sub(u64::from(w.weight));
                    hit
                })
                .map(|w| w.outcome)
        } else {
            let legal = state.legal_moves();
            legal.get(choice as usize % legal.len().max(1)).copied()
        };
        let Some(next) = mv.and_then(|mv| state.apply(mv).ok().map(|next| (mv, next))) else {
            break;
        };
        moves.push(next.0);
        state = next.1;
    }
    Reached { state, moves }
}

/// A proptest strategy of positions reached from `start` by up to `max_plies` moves
/// chosen by [`play_choices`]; it shrinks towards shorter games and earlier moves.
///
/// ```
/// use boardcore::example::{Countdown, CountdownConfig};
/// use boardcore::testing::reachable;
/// use boardcore::Game;
/// use proptest::prelude::*;
///
/// proptest!(|(reached in reachable(Countdown::new(CountdownConfig::default()), 20))| {
///     prop_assert!(reached.state.pile() <= 10);
///     prop_assert_eq!(Countdown::new(CountdownConfig::default()).replay(&reached.record()).unwrap(),
///         reached.state);
/// });
/// ```
pub fn reachable<G: Game>(start: G, max_plies: usize) -> impl Strategy<Value = Reached<G>> {
    proptest::collection::vec(any::<u32>(), 0..=max_plies)
        .prop_map(move |choices| play_choices(&start, &choices))
}

/// One case of a golden data file: a position given by moves from the start, and what
/// independent programs computed for it.
///
/// The file format: `#` starts a comment line; `game <name> [key=value ...]` starts a case;
/// then `moves <record or ->`, `legal <moves sorted by byte order, or ->`, any number of
/// `perft <depth> <count>`, and `outcome <ongoing|winner N|draw|ranking ...>` lines. The
/// comment line just before `game` is the case's title.
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub struct GoldenCase {
    /// The line of the `game` line in the file, from 1.
    pub line: usize,
    /// The comment just before the case, without its `#`.
    pub title: String,
    /// The game's name.
    pub game: String,
    /// The `key=value` options of the `game` line.
    pub options: Vec<(String, String)>,
    /// The record from the start (empty for the start position).
    pub moves: String,
    /// The expected legal moves in notation, sorted by byte order.
    pub legal: Option<Vec<String>>,
    /// Expected perft counts by depth.
    pub perft: Vec<(u32, u64)>,
    /// The expected status: `ongoing` (whoever moves), `winner N`, `draw`, `ranking ...`.
    pub outcome: Option<String>,
}

impl GoldenCase {
    /// The value of option `key`, if the case sets it.
    pub fn option(&self, key: &str) -> Option<&str> {
        self.options
            .iter()
            .find(|(k, _)| k == key)
            .map(|(_, v)| v.as_str())
    }

    /// Checks the case against the engine, from `start` (the start position of the case's
    /// options): the record replays, and the legal moves, perft counts up to `max_depth`
    /// and outcome are as expected.
    ///
    /// # Errors
    /// A message naming the case and the first difference.
    pub fn check<G: Game>(&self, start: &G, max_depth: u32) -> Result<(), String> {
        let name = format!("case at line {} ({})", self.line, self.title);
        let state = start
            .replay(&self.moves)
            .map_err(|e| format!("{name}: the record does not replay: {e}"))?;
        if let Some(expected) = &self.legal {
            let mut actual: Vec<String> = state
                .legal_moves()
                .iter()
                .map(ToString::to_string)
                .collect();
            actual.sort_unstable();
            if &actual != expected {
                return Err(format!(
                    "{name}: legal moves differ\n  expected: {}\n  actual:   {}",
                    expected.join(" "),
                    actual.join(" ")
                ));
            }
        }
        for &(depth, expected) in self.perft.iter().filter(|(d, _)| *d <= max_depth) {
            let actual = crate::perft(&state, depth);
            if actual != expected {
                return Err(format!(
                    "{name}: perft({depth}) is {actual}, expected {expected}"
                ));
            }
        }
        if let Some(expected) = &self.outcome {
            let status = state.status();
            let matches = match &status {
                Status::Ongoing(_) => expected == "ongoing",
                Status::Finished(outcome) => outcome.to_string() == *expected,
            };
            if !matches {
                return Err(format!("{name}: status is {status}, expected {expected}"));
            }
        }
        Ok(())
    }
}

/// Reads a golden data file (format in [`GoldenCase`]).
///
/// # Errors
/// A message naming the first line that does not fit the format.
pub fn parse_golden(text: &str) -> Result<Vec<GoldenCase>, String> {
    let mut cases: Vec<GoldenCase> = Vec::new();
    let mut title = String::new();
    for (index, line) in text.lines().enumerate() {
        let number = index + 1;
        let line = line.trim_end();
        if line.is_empty() {
            continue;
        }
        if let Some(comment) = line.strip_prefix('#') {
            comment.trim().clone_into(&mut title);
            continue;
        }
        let (word, rest) = line.split_once(' ').unwrap_or((line, ""));
        if word == "game" {
            let mut parts = rest.split_whitespace();
            let game = parts
                .next()
                .ok_or(format!("line {number}: game without a name"))?;
            let options = parts
                .map(|kv| {
                    kv.split_once('=')
                        .map(|(k, v)| (k.to_owned(), v.to_owned()))
                        .ok_or(format!("line {number}: option {kv:?} is not key=value"))
                })
                .collect::<Result<_, _>>()?;
            cases.push(GoldenCase {
                line: number,
                title: core::mem::take(&mut title),
                game: game.to_owned(),
                options,
                ..GoldenCase::default()
            });
            continue;
        }
        let case = cases
            .last_mut()
            .ok_or(format!("line {number}: {word} before any game line"))?;
        let listed = |rest: &str| {
            if rest == "-" {
                Vec::new()
            } else {
                rest.split(' ').map(str::to_owned).collect()
            }
        };
        match word {
            "moves" => {
                case.moves = if rest == "-" {
                    String::new()
                } else {
                    rest.to_owned()
                }
            }
            "legal" => case.legal = Some(listed(rest)),
            "outcome" => case.outcome = Some(rest.to_owned()),
            "perft" => {
                let (depth, count) = rest
                    .split_once(' ')
                    .and_then(|(d, c)| Some((d.parse().ok()?, c.parse().ok()?)))
                    .ok_or(format!("line {number}: perft needs a depth and a count"))?;
                case.perft.push((depth, count));
            }
            _ => return Err(format!("line {number}: unknown line {word:?}")),
        }
    }
    Ok(cases)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::example::{Countdown, CountdownConfig};

    #[test]
    fn harness_accepts_a_correct_game() {
        for wind in [false, true] {
            let report = Harness::<Countdown>::new(CountdownConfig { pile: 9, wind })
                .games(30)
                .seed(4)
                .run(|_| Ok(()))
                .unwrap();
            assert_eq!(report.games, 30);
            assert_eq!(report.finished, 30);
            assert!(report.positions > 30 && report.moves_tried > report.positions);
        }
    }

    #[test]
    fn harness_reports_a_broken_invariant_with_its_record() {
        let violation = Harness::<Countdown>::new(CountdownConfig::default())
            .games(1)
            .run(|state| {
                if state.pile() < 9 {
                    Err("pile below 9".to_owned())
                } else {
                    Ok(())
                }
            })
            .unwrap_err();
        assert_eq!(violation.game, 0);
        assert_eq!(violation.message, "pile below 9");
        let replayed = Countdown::new(CountdownConfig::default())
            .replay(&violation.record)
            .unwrap();
        assert_eq!(replayed.to_string(), violation.position);
    }

    #[test]
    fn harness_respects_the_ply_cap() {
        let report = Harness::<Countdown>::new(CountdownConfig {
            pile: 200,
            wind: false,
        })
        .games(3)
        .max_plies(5)
        .run(|_| Ok(()))
        .unwrap();
        assert_eq!(report.finished, 0);
        assert_eq!(report.positions, 18);
    }

    #[test]
    fn golden_files_are_read_and_checked() {
        let text = "# the title\ngame countdown pile=4\nmoves 1\nlegal 1 2\nperft 1 2\nperft 2 3\noutcome ongoing\n\n# done\ngame countdown\nmoves 2 2\nlegal -\noutcome winner 1\n";
        let cases = parse_golden(text).unwrap();
        assert_eq!(cases.len(), 2);
        assert_eq!(cases[0].title, "the title");
        assert_eq!(cases[0].option("pile"), Some("4"));
        assert_eq!(cases[0].perft, [(1, 2), (2, 3)]);
        assert_eq!(cases[1].legal, Some(vec![]));
        let start = Countdown::new(CountdownConfig {
            pile: 4,
            wind: false,
        });
        cases[0].check(&start, 9).unwrap();
        cases[1].check(&start, 9).unwrap();
        let mut wrong = cases[0].clone();
        wrong.perft = vec![(2, 4)];
        assert!(
            wrong
                .check(&start, 9)
                .unwrap_err()
                .contains("perft(2) is 3")
        );
        assert!(parse_golden("moves 1").is_err());
        assert!(parse_golden("game x\nperft one 2").is_err());
    }

    #[test]
    fn play_choices_follows_indices_and_weights() {
        let start = Countdown::new(CountdownConfig {
            pile: 5,
            wind: true,
        });
        // Take 2 (index 1), then chance pick 2 of weights [2, 1] is the second outcome.
        let reached = play_choices(&start, &[1, 2, 0]);
        assert_eq!(reached.record(), "2 ~1 1");
        assert_eq!(reached.state.pile(), 1);
        let empty = play_choices(&start, &[]);
        assert_eq!(empty.state, start);
    }
}
