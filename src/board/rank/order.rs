//! The reported plans in order: by the fog of war's chance to hold, each said tied with the
//! next or told apart (by their figures or by the screening's paired comparison), the Pareto
//! front marked ([`order`]).

use super::candidates::Candidate;
use super::figures::Assessed;
use super::separation::SEPARATED;
use super::tally;

/// Sorts the assessed plans (each with its candidate) by their chance to hold, says which are
/// not told apart from the next, and marks the Pareto front.
///
/// Two plans are told apart when their figures are more than [`SEPARATED`] standard errors
/// apart, or when the screening, which fought both on the same draws and dice (common random
/// numbers), finds the first better by more than [`SEPARATED`] standard errors of their paired
/// difference: a far finer comparison than their figures' own errors allow.
pub(super) fn order(plans: &mut [(usize, Assessed)], candidates: &[Candidate]) {
    plans.sort_by(|(_, a), (_, b)| {
        b.figures
            .hold
            .total_cmp(&a.figures.hold)
            .then(
                a.figures
                    .own_steps_lost
                    .total_cmp(&b.figures.own_steps_lost),
            )
            .then(a.plan.ways.len().cmp(&b.plan.ways.len()))
    });
    for i in 0..plans.len() {
        if i + 1 < plans.len() {
            let ((ia, a), (ib, b)) = (&plans[i], &plans[i + 1]);
            let (fa, fb) = (&a.figures, &b.figures);
            let se = (fa.std_error.powi(2) + fb.std_error.powi(2)).sqrt();
            let gap = fa.hold - fb.hold;
            let (m, paired_se) =
                tally::paired(&candidates[*ia].tally.holds, &candidates[*ib].tally.holds);
            let apart = gap > SEPARATED * se || m > SEPARATED * paired_se;
            plans[i].1.tied_with_next = !apart || gap.abs() < 1e-12;
        }
        let dominated = (0..plans.len()).any(|j| {
            let (a, b) = (&plans[j].1, &plans[i].1);
            j != i
                && a.figures.hold >= b.figures.hold
                && a.figures.own_steps_lost <= b.figures.own_steps_lost
                && a.plan.ways.len() <= b.plan.ways.len()
                && (a.figures.hold > b.figures.hold
                    || a.figures.own_steps_lost < b.figures.own_steps_lost
                    || a.plan.ways.len() < b.plan.ways.len())
        });
        plans[i].1.pareto = !dominated;
    }
}
