//! The final scoring: the clean-up of weakly surrounded houses and the largest group of
//! houses connected through corners.

use arrayvec::ArrayVec;
use boardcore::{Player, SignedCoord};

use crate::state::{HOUSES, State};

/// A player's final tally: points plus the houses of their largest group.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct FinalScore {
    /// The player's points.
    pub points: u8,
    /// The houses in the player's largest group after the clean-up.
    pub group: u8,
    /// `points + group`: the higher total wins, equal totals draw.
    pub total: u8,
}

impl State {
    /// The houses of `player` that survive the final clean-up: those on buildings with at
    /// least three landscape neighbours (houses on buildings with one or two are removed).
    pub fn surviving_houses(&self, player: Player) -> impl Iterator<Item = SignedCoord> + '_ {
        self.table
            .slots()
            .iter()
            .filter(move |slot| slot.house() == Some(player) && slot.contacts().0 >= 3)
            .map(|slot| slot.at())
    }

    /// The size of `player`'s largest group of surviving houses connected through corners
    /// (buildings touch only diagonally).
    ///
    /// ```
    /// use architekton::{Config, State};
    /// use architekton::boardcore::Player;
    ///
    /// // One house, on a building with a single landscape neighbour: cleaned up.
    /// let state = State::new(Config::default())
    ///     .replay("*p *w *w *e *f *wepf *wefp *wpfe wepf@-1,0r3")
    ///     .unwrap();
    /// assert_eq!(state.houses_on_table(Player::FIRST), 1);
    /// assert_eq!(state.largest_group(Player::FIRST), 0);
    /// ```
    pub fn largest_group(&self, player: Player) -> u8 {
        let houses: ArrayVec<SignedCoord, { HOUSES as usize }> = self
            .surviving_houses(player)
            .take(HOUSES as usize)
            .collect();
        let mut seen = 0u16;
        let mut best = 0;
        for start in 0..houses.len() {
            if seen & 1 << start != 0 {
                continue;
            }
            seen |= 1 << start;
            let mut stack: ArrayVec<usize, { HOUSES as usize }> = ArrayVec::new();
            stack.push(start);
            let mut size = 0;
            while let Some(index) = stack.pop() {
                size += 1;
                let here = houses[index];
                for (other, &there) in houses.iter().enumerate() {
                    let diagonal = (here.x - there.x).abs() == 1 && (here.y - there.y).abs() == 1;
                    if diagonal && seen & 1 << other == 0 {
                        seen |= 1 << other;
                        stack.push(other);
                    }
                }
            }
            best = best.max(size);
        }
        best
    }

    /// `player`'s tally by the final scoring applied to the table as it is: points plus
    /// the largest group after the clean-up. When the game is over this is the final
    /// score.
    pub fn final_score(&self, player: Player) -> FinalScore {
        let points = self.points(player);
        let group = self.largest_group(player);
        FinalScore {
            points,
            group,
            total: points.saturating_add(group),
        }
    }
}
