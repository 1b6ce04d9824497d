//! Bradley–Terry ratings on the Elo scale, fitted to the scores of a round-robin.

/// Elo points per natural-log unit of the odds: a gap of 400 points is odds of 10 to 1.
const ELO_PER_LOG_ODDS: f64 = 400.0 / core::f64::consts::LN_10;

/// The games and points of every pair: `games[i][j]` games between `i` and `j`,
/// `points[i][j]` the points `i` scored in them (1 a win, ½ a draw).
#[derive(Clone, Debug, Default)]
pub(crate) struct Results {
    games: Vec<Vec<f64>>,
    points: Vec<Vec<f64>>,
}

impl Results {
    /// No games yet between `players` players.
    pub(crate) fn new(players: usize) -> Results {
        Results {
            games: vec![vec![0.0; players]; players],
            points: vec![vec![0.0; players]; players],
        }
    }

    /// One game between `a` and `b` in which `a` scored `points` (1, ½ or 0).
    pub(crate) fn add(&mut self, a: usize, b: usize, points: f64) {
        self.games[a][b] += 1.0;
        self.games[b][a] += 1.0;
        self.points[a][b] += points;
        self.points[b][a] += 1.0 - points;
    }

    /// The games `a` played, and the points it scored.
    pub(crate) fn total(&self, a: usize) -> (f64, f64) {
        (self.games[a].iter().sum(), self.points[a].iter().sum())
    }

    /// The games `a` played against `b`, and the points `a` scored in them.
    pub(crate) fn between(&self, a: usize, b: usize) -> (f64, f64) {
        (self.games[a][b], self.points[a][b])
    }
}

/// A player's rating and its standard error, in Elo points.
#[derive(Clone, Copy, PartialEq, Debug)]
pub(crate) struct Rating {
    /// The rating, the anchor's being 0.
    pub(crate) elo: f64,
    /// Its standard error (0 for the anchor), from the Fisher information.
    pub(crate) error: f64,
}

/// Why no ratings could be fitted.
#[derive(Clone, Copy, PartialEq, Eq, Debug, thiserror::Error)]
pub(crate) enum FitError {
    /// Some players are not linked to the anchor by games, so their ratings are not
    /// determined.
    #[error("some players have no games linking them to the anchor")]
    Unlinked,
}

/// The Bradley–Terry ratings that make `results` most likely, `anchor` fixed at 0, each
/// pair that played having `prior` drawn games added (so that an unbeaten player still has
/// a finite rating; 0 for none).
///
/// # Errors
/// [`FitError::Unlinked`] when games do not link every player to the anchor.
pub(crate) fn fit(results: &Results, anchor: usize, prior: f64) -> Result<Vec<Rating>, FitError> {
    let players = results.games.len();
    let free: Vec<usize> = (0..players).filter(|&p| p != anchor).collect();
    let mut strength = vec![0.0_f64; players];
    let mut covariance = Vec::new();
    for _ in 0..200 {
        let (gradient, information) = derivatives(results, &strength, &free, prior);
        covariance = inverse(information).ok_or(FitError::Unlinked)?;
        let step: Vec<f64> = covariance
            .iter()
            .map(|row| row.iter().zip(&gradient).map(|(c, g)| c * g).sum())
            .collect();
        // A Newton step of at most 2 units (870 Elo) on any player, so that the first
        // steps from 0 cannot overshoot.
        let largest = step.iter().fold(0.0_f64, |m, s| m.max(s.abs()));
        let scale = if largest > 2.0 { 2.0 / largest } else { 1.0 };
        for (&p, s) in free.iter().zip(&step) {
            strength[p] += s * scale;
        }
        if largest < 1e-9 {
            break;
        }
    }
    let mut ratings = vec![
        Rating {
            elo: 0.0,
            error: 0.0
        };
        players
    ];
    for (k, &p) in free.iter().enumerate() {
        ratings[p] = Rating {
            elo: strength[p] * ELO_PER_LOG_ODDS,
            error: covariance[k][k].max(0.0).sqrt() * ELO_PER_LOG_ODDS,
        };
    }
    Ok(ratings)
}

/// The gradient of the log-likelihood in the strengths of the `free` players, and its
/// Fisher information (minus its Hessian).
fn derivatives(
    results: &Results,
    strength: &[f64],
    free: &[usize],
    prior: f64,
) -> (Vec<f64>, Vec<Vec<f64>>) {
    let mut gradient = vec![0.0; free.len()];
    let mut information = vec![vec![0.0; free.len()]; free.len()];
    let slot = |p: usize| free.iter().position(|&f| f == p);
    for (k, &i) in free.iter().enumerate() {
        for j in 0..strength.len() {
            let games = results.games[i][j];
            if j == i || games == 0.0 {
                continue;
            }
            let expected = 1.0 / (1.0 + (strength[j] - strength[i]).exp());
            let games = games + prior;
            let points = results.points[i][j] + prior / 2.0;
            gradient[k] += points - games * expected;
            let weight = games * expected * (1.0 - expected);
            information[k][k] += weight;
            if let Some(l) = slot(j) {
                information[k][l] -= weight;
            }
        }
    }
    (gradient, information)
}

/// The inverse of a square matrix, by Gauss–Jordan elimination with partial pivoting;
/// `None` when it is singular.
fn inverse(mut matrix: Vec<Vec<f64>>) -> Option<Vec<Vec<f64>>> {
    let n = matrix.len();
    let mut result: Vec<Vec<f64>> = (0..n)
        .map(|i| (0..n).map(|j| if i == j { 1.0 } else { 0.0 }).collect())
        .collect();
    for column in 0..n {
        let pivot = (column..n)
            .max_by(|&a, &b| matrix[a][column].abs().total_cmp(&matrix[b][column].abs()))?;
        if matrix[pivot][column].abs() < 1e-12 {
            return None;
        }
        matrix.swap(column, pivot);
        result.swap(column, pivot);
        let divisor = matrix[column][column];
        for j in 0..n {
            matrix[column][j] /= divisor;
            result[column][j] /= divisor;
        }
        for row in 0..n {
            let factor = matrix[row][column];
            if row == column || factor == 0.0 {
                continue;
            }
            for j in 0..n {
                matrix[row][j] -= factor * matrix[column][j];
                result[row][j] -= factor * result[column][j];
            }
        }
    }
    Some(result)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn results(pairs: &[(usize, usize, f64, f64)], players: usize) -> Results {
        let mut results = Results::new(players);
        for &(a, b, wins, draws) in pairs {
            for _ in 0..wins as usize {
                results.add(a, b, 1.0);
            }
            for _ in 0..draws as usize {
                results.add(a, b, 0.5);
            }
        }
        results
    }

    #[test]
    fn three_wins_in_four_is_a_gap_of_191_points() {
        let mut games = results(&[(1, 0, 75.0, 0.0)], 2);
        for _ in 0..25 {
            games.add(0, 1, 1.0);
        }
        let ratings = fit(&games, 0, 0.0).unwrap();
        assert_eq!(ratings[0].elo, 0.0);
        assert!(
            (ratings[1].elo - 400.0 * 3f64.log10()).abs() < 1e-6,
            "{ratings:?}"
        );
        // Variance of the log-odds: 1 / (n p (1 − p)) = 1 / 18.75.
        let error = (1.0 / 18.75_f64).sqrt() * ELO_PER_LOG_ODDS;
        assert!((ratings[1].error - error).abs() < 1e-6, "{ratings:?}");
    }

    #[test]
    fn draws_count_half_and_an_even_score_is_no_gap() {
        let games = results(&[(0, 1, 3.0, 4.0), (1, 0, 3.0, 0.0)], 2);
        assert!(fit(&games, 0, 0.0).unwrap()[1].elo.abs() < 1e-9);
        assert_eq!(games.total(1), (10.0, 5.0));
    }

    #[test]
    fn a_chain_adds_its_gaps_and_an_unbeaten_player_stays_finite() {
        // 0 < 1 < 2 by 75% each, 2 beats 0 every time: one drawn game each pair as prior.
        let mut games = Results::new(3);
        for (weak, strong) in [(0, 1), (1, 2)] {
            for game in 0..40 {
                games.add(strong, weak, if game % 4 == 0 { 0.0 } else { 1.0 });
            }
        }
        for _ in 0..20 {
            games.add(2, 0, 1.0);
        }
        let ratings = fit(&games, 0, 1.0).unwrap();
        assert!(ratings[1].elo > 100.0 && ratings[2].elo > ratings[1].elo + 100.0);
        assert!(
            ratings[2].elo.is_finite() && ratings[2].error > 0.0,
            "{ratings:?}"
        );
        let alone = Results::new(3);
        assert_eq!(fit(&alone, 0, 1.0), Err(FitError::Unlinked));
    }
}
