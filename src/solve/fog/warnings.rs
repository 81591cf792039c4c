//! The choices a battle with hidden blocks sets aside (R35, R44): the warnings of the battles
//! its hidden blocks may make, each said once, with how likely it is to apply when it does not
//! apply to all of them.

use super::Fog;
use crate::rules::battle::Warning;

impl Fog {
    /// The policy's choices the rules set aside in this battle (R35), as [`Battle::warnings`]
    /// says them for a battle of known blocks (R44). A policy names known blocks only (R13), so
    /// most warnings hold whatever the hidden blocks are; one that holds only for some of them
    /// (a charge by "every heir" when a hidden block may be an heir, the Treason card when a
    /// hidden block may be its target) says so, with its chance when the compositions are
    /// listed. The figures are those of each battle without the choices, as ever.
    ///
    /// With the compositions listed and at most [`super::MAX_EXACT_COMPOSITIONS`] distinct
    /// battles, every one is read (the exact mixture builds them anyway); otherwise the battles
    /// built to classify the candidates, every candidate of every hidden block in a valid
    /// assignment (R44).
    ///
    /// [`Battle::warnings`]: crate::rules::battle::Battle::warnings
    pub fn warnings(&self) -> Vec<Warning> {
        // Each warning in order of first appearance, with the chance of the battles holding it
        // (`None`: unknown) and whether every battle read holds it.
        let mut found: Vec<(Warning, f64, bool)> = Vec::new();
        let listed = self
            .compositions
            .as_deref()
            .filter(|_| self.exact_groups().is_some());
        let (read, chance) = match listed {
            Some(comps) => {
                let mut chance = vec![0.0; self.groups.len()];
                for c in comps {
                    chance[c.group] += c.chance;
                }
                let battles: Vec<Vec<Warning>> = self
                    .groups
                    .iter()
                    .map(|g| {
                        self.battle_of(&g.example)
                            .map(|b| b.warnings().to_vec())
                            .unwrap_or_default()
                    })
                    .collect();
                (battles, Some(chance))
            }
            None => (self.class_warnings.clone(), None),
        };
        let total: f64 = chance.as_ref().map_or(0.0, |c| c.iter().sum());
        for (k, ws) in read.iter().enumerate() {
            for w in ws {
                let p = chance.as_ref().map_or(0.0, |c| c[k]);
                match found.iter_mut().find(|(f, _, _)| f == w) {
                    Some(f) => f.1 += p,
                    None => found.push((w.clone(), p, false)),
                }
            }
        }
        for f in &mut found {
            f.2 = read.iter().all(|ws| ws.contains(&f.0));
        }
        found
            .into_iter()
            .map(|(w, p, all)| {
                if all {
                    return w;
                }
                let when = if chance.is_some() && total > 0.0 {
                    format!("in {} of what the hidden blocks may be", percent(p / total))
                } else {
                    "in some of what the hidden blocks may be".to_string()
                };
                Warning {
                    field: w.field,
                    reason: format!("{} ({when}, R44)", w.reason),
                }
            })
            .collect()
    }
}

/// A chance as a percentage for a sentence: one decimal, never 0% or 100% for what is neither.
fn percent(p: f64) -> String {
    let x = (p * 1000.0).round() / 10.0;
    if x <= 0.0 {
        "under 0.1%".to_string()
    } else if x >= 100.0 {
        "over 99.9%".to_string()
    } else {
        format!("{x}%")
    }
}
