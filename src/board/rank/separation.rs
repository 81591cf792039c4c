//! The paired separation (issue 23): the best candidates by the screening fought together on
//! more of the same draws and dice until each and the next are told apart or known to be
//! within half a point of each other ([`Screening::separate`]).

use super::error::PlanError;
use super::screening::Screening;
use super::tally::{self, BATTLES_PER_DRAW, Tally};
use crate::board::validate::Position;
use crate::solve::watch::Watch;

/// Standard errors apart two reported plans must be to be told apart.
pub const SEPARATED: f64 = 4.0;

/// Two plans whose paired difference is known to be within this (half a point of the chance to
/// hold, [`SEPARATED`] standard errors included) are said to be tied: telling them apart would
/// take many more battles and matter little.
pub const TIED_WITHIN: f64 = 0.005;

/// The most draws the best plans are fought on to tell them apart (each [`BATTLES_PER_DRAW`]
/// battles).
const MAX_SEPARATION_DRAWS: usize = 4096;

impl Screening {
    /// Tells the best plans apart (issue 23): the `top` best by the screening are fought on more
    /// of the same draws and dice, all together (common random numbers), until each of them and
    /// the next by the screening are told apart (their paired difference more than
    /// [`SEPARATED`] standard errors) or known to be within [`TIED_WITHIN`] of each other, or
    /// the draws reach [`MAX_SEPARATION_DRAWS`] or the battles `budget`. Plans screened on
    /// fewer draws than the best (dropped early) are left as they are.
    pub(super) fn separate(
        &mut self,
        position: &Position,
        top: &[usize],
        budget: u64,
        watch: &Watch<'_>,
    ) -> Result<(), PlanError> {
        let Some(&best) = top.first() else {
            return Ok(());
        };
        let mut k = self.candidates[best].tally.holds.len();
        let mut group: Vec<usize> = top
            .iter()
            .copied()
            .filter(|&i| {
                self.candidates[i].tally.holds.len() == k && !self.candidates[i].tally.broken
            })
            .collect();
        let spent = self.fought;
        while group.len() > 1 && k > 0 && k < MAX_SEPARATION_DRAWS {
            group.sort_by(|&a, &b| {
                self.candidates[b]
                    .tally
                    .hold()
                    .total_cmp(&self.candidates[a].tally.hold())
                    .then(a.cmp(&b))
            });
            let open = group
                .windows(2)
                .any(|w| !decided(&self.candidates[w[0]].tally, &self.candidates[w[1]].tally));
            let cost = group.len() as u64 * k as u64 * u64::from(BATTLES_PER_DRAW);
            if !open || self.fought - spent + cost > budget {
                break;
            }
            k *= 2;
            if !self.fight(position, &group, k, watch)? {
                break;
            }
            group.retain(|&i| !self.candidates[i].tally.broken);
        }
        self.flush(watch)
    }
}

/// True when the paired comparison of two screened plans tells them apart (more than
/// [`SEPARATED`] standard errors) or shows them within [`TIED_WITHIN`] of each other.
fn decided(a: &Tally, b: &Tally) -> bool {
    let (m, se) = tally::paired(&a.holds, &b.holds);
    m.abs() > SEPARATED * se || m.abs() + SEPARATED * se <= TIED_WITHIN
}
