//! Who a hidden block may be, and at what strength: its candidates (by default every block of its
//! side's house that could be in the area) and its strength prior, checked with named-field
//! messages like the rest of validation (R13).

use crate::data::{self, BlockData, Colour, House, Kind};
use crate::scenario::{HiddenBlock, Scenario, ScenarioError, Side, StrengthPrior};

type Result<T> = std::result::Result<T, ScenarioError>;

/// One thing a hidden block may be: a printed block at a strength, with the chance of that
/// strength given the block (its prior, renormalised over 1..max of that block, R13).
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Candidate {
    pub block: &'static BlockData,
    pub strength: u8,
    pub chance: f64,
}

/// The kinds a hidden block may be narrowed to, as written in a scenario.
pub const KIND_NAMES: [(&str, Kind); 7] = [
    ("heir", Kind::Heir),
    ("noble", Kind::Noble),
    ("church", Kind::Church),
    ("levy", Kind::Levy),
    ("mercenary", Kind::Mercenary),
    ("bombard", Kind::Bombard),
    ("rebel", Kind::Rebel),
];

fn err<T>(field: impl Into<String>, reason: impl Into<String>) -> Result<T> {
    Err(ScenarioError::new(field, reason))
}

/// True if the printed block can fight for `house`: its own colour, or the Rebel for the
/// Pretender's house (3.26, D14).
pub(crate) fn fights_for(d: &BlockData, house: House, king: House) -> bool {
    match d.colour {
        Colour::Rebel => house == king.other(),
        _ => d.house() == Some(house),
    }
}

/// The printed block a name means for `house`: an id, or a person's version of that house.
fn resolve(name: &str, house: House) -> Option<&'static BlockData> {
    data::block(name).or_else(|| {
        data::block_by_person_and_house(name.trim(), house).or_else(|| {
            data::BLOCKS
                .iter()
                .find(|b| b.person.eq_ignore_ascii_case(name.trim()))
        })
    })
}

/// The persons no hidden block can be: the dead, every known block of either side (both
/// versions of a noble are one person), and those seen or defected elsewhere.
pub(crate) fn unavailable(sc: &Scenario) -> Result<Vec<&'static str>> {
    let mut out = Vec::new();
    for (i, name) in sc.dead.iter().enumerate() {
        match resolve(name, sc.king) {
            Some(d) => out.push(d.person),
            None => return err(format!("dead[{i}]"), format!("unknown block '{name}'")),
        }
    }
    for side in Side::BOTH {
        let army = match side {
            Side::Attacker => &sc.attacker,
            Side::Defender => &sc.defender,
        };
        for b in &army.blocks {
            if let Some(d) = b.id.as_deref().and_then(|id| resolve(id, army.house)) {
                out.push(d.person);
            }
        }
    }
    for (i, name) in sc.defected_elsewhere.iter().enumerate() {
        match crate::data::block(name) {
            Some(d) => out.push(d.person),
            None => {
                return err(
                    format!("defected_elsewhere[{i}]"),
                    format!("unknown block '{name}'"),
                );
            }
        }
    }
    for (i, name) in sc.seen_elsewhere.iter().enumerate() {
        match resolve(name, sc.king) {
            Some(d) => out.push(d.person),
            None => {
                return err(
                    format!("seen_elsewhere[{i}]"),
                    format!("unknown block '{name}'"),
                );
            }
        }
    }
    Ok(out)
}

/// The chance of each strength 1..=max of a block under a prior, or `None` if the prior allows
/// none of them (the block then cannot be this hidden block, R13).
pub(crate) fn strengths(prior: &StrengthPrior, max: u8) -> Option<Vec<(u8, f64)>> {
    let weight = |s: u8| -> f64 {
        match prior {
            StrengthPrior::Full => (s == max) as u8 as f64,
            StrengthPrior::Any => 1.0,
            StrengthPrior::AtMost(n) => (s <= *n) as u8 as f64,
            StrengthPrior::AtLeast(n) => (s >= *n) as u8 as f64,
            StrengthPrior::Weights(w) => w.get(s as usize - 1).copied().unwrap_or(0.0),
        }
    };
    let total: f64 = (1..=max).map(weight).sum();
    if total <= 0.0 {
        return None;
    }
    Some(
        (1..=max)
            .filter(|&s| weight(s) > 0.0)
            .map(|s| (s, weight(s) / total))
            .collect(),
    )
}

fn check_prior(prior: &StrengthPrior, field: &str) -> Result<()> {
    match prior {
        StrengthPrior::AtMost(n) | StrengthPrior::AtLeast(n) if !(1..=4).contains(n) => {
            err(field, format!("{n} is not a strength: 1 to 4 (3.11)"))
        }
        StrengthPrior::Weights(w) if w.is_empty() || w.len() > 4 => err(
            field,
            format!(
                "give 1 to 4 weights, for strengths 1, 2, 3, 4; not {}",
                w.len()
            ),
        ),
        StrengthPrior::Weights(w) if w.iter().any(|x| !x.is_finite() || *x < 0.0) => {
            err(field, "weights must be numbers of 0 or more")
        }
        StrengthPrior::Weights(w) if w.iter().all(|x| *x == 0.0) => {
            err(field, "at least one weight must be more than 0")
        }
        _ => Ok(()),
    }
}

/// Every candidate of one hidden block, `field` naming it (`defender.hidden[0]`).
pub(crate) fn candidates(
    sc: &Scenario,
    side: Side,
    hidden: &HiddenBlock,
    unavailable: &[&str],
    field: &str,
) -> Result<Vec<Candidate>> {
    let house = match side {
        Side::Attacker => sc.attacker.house,
        Side::Defender => sc.defender.house,
    };
    check_prior(&hidden.strength, &format!("{field}.strength"))?;
    let mut kinds = Vec::new();
    for (k, name) in hidden.kinds.iter().enumerate() {
        match KIND_NAMES
            .iter()
            .find(|(n, _)| n.eq_ignore_ascii_case(name.trim()))
        {
            Some((_, kind)) => kinds.push(*kind),
            None => {
                let all: Vec<&str> = KIND_NAMES.iter().map(|k| k.0).collect();
                return err(
                    format!("{field}.kinds[{k}]"),
                    format!("'{name}' is not a kind of block: {}", all.join(", ")),
                );
            }
        }
    }
    let blocks: Vec<&'static BlockData> = if hidden.candidates.is_empty() {
        data::BLOCKS
            .iter()
            .filter(|b| fights_for(b, house, sc.king))
            .collect()
    } else {
        let mut named = Vec::new();
        for (k, name) in hidden.candidates.iter().enumerate() {
            let f = format!("{field}.candidates[{k}]");
            let Some(d) = resolve(name, house) else {
                return err(f, format!("unknown block '{name}'"));
            };
            if !fights_for(d, house, sc.king) {
                return err(f, format!("{} cannot fight for {house}", d.id));
            }
            if unavailable.contains(&d.person) {
                return err(
                    f,
                    format!(
                        "{} is dead, already in the battle, or seen or defected elsewhere: it cannot be hidden here",
                        d.id
                    ),
                );
            }
            if named.iter().any(|n: &&BlockData| n.id == d.id) {
                return err(f, format!("{} is listed twice", d.id));
            }
            named.push(d);
        }
        named
    };
    let mut out = Vec::new();
    for d in blocks {
        if unavailable.contains(&d.person) || (!kinds.is_empty() && !kinds.contains(&d.kind)) {
            continue;
        }
        for (strength, chance) in strengths(&hidden.strength, d.max_strength).unwrap_or_default() {
            out.push(Candidate {
                block: d,
                strength,
                chance,
            });
        }
    }
    if out.is_empty() {
        return err(
            field,
            "no block can be this hidden block: every candidate is dead, in the battle, seen \
             elsewhere, of another kind, or cannot have the strength asked",
        );
    }
    Ok(out)
}
