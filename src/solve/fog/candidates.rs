//! Who a hidden block may be, and at what strength: its candidates (by default every block of its
//! side's house that is in play and not known to be elsewhere: no minor heir before his time,
//! no enemy version of a noble who has not defected, 4.5, 4.6) and its strength prior, checked
//! with named-field messages like the rest of validation (R13).

use crate::data::{self, BlockData, Colour, House, Kind};
use crate::scenario::{HiddenBlock, Scenario, ScenarioError, Side, StrengthPrior};
use serde::{Deserialize, Serialize};

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

/// Why a block of the game is, or is not, among a hidden block's default candidates (R13).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "why", rename_all = "snake_case")]
pub enum Availability {
    /// A default candidate.
    Available,
    /// Listed in the scenario's `dead`.
    Dead,
    /// A known block of this battle, on either side (both versions of a noble are one person).
    InBattle,
    /// Listed in `seen_elsewhere`.
    SeenElsewhere,
    /// Listed in `defected_elsewhere`.
    DefectedElsewhere,
    /// The person serves the other house now: his other version is listed in `defected` (4.6).
    OtherSide,
    /// The enemy version of a noble, off the map until he defects (4.6): list it in `defected`
    /// if he has.
    NotDefected,
    /// A minor heir, not in play until `needed` heirs of his house are dead; `dead` are (4.5,
    /// 6.82).
    Minor {
        /// Heirs of his house that must be dead before he enters play.
        needed: u8,
        /// Heirs of his house listed in `dead`.
        dead: u8,
    },
    /// Not one of the hidden block's `kinds`.
    Kind,
    /// No strength its prior allows (`at_least` above the block's maximum).
    Strength,
    /// Cannot fight for this side at all (the other house's colour, or the Rebel for the
    /// King's house, 3.26, D14).
    OtherHouse,
}

impl Availability {
    /// True if no hidden block can be this block, even when named as a candidate: dead, in the
    /// battle, seen or defected elsewhere, or serving the other house.
    pub fn is_absolute(self) -> bool {
        matches!(
            self,
            Availability::Dead
                | Availability::InBattle
                | Availability::SeenElsewhere
                | Availability::DefectedElsewhere
                | Availability::OtherSide
                | Availability::OtherHouse
        )
    }

    /// Why, in a few words with the rule, for messages and the app.
    pub fn reason(self) -> String {
        match self {
            Availability::Available => "available".into(),
            Availability::Dead => "dead".into(),
            Availability::InBattle => "already in the battle".into(),
            Availability::SeenElsewhere => "seen elsewhere".into(),
            Availability::DefectedElsewhere => "defected elsewhere".into(),
            Availability::OtherSide => "serves the other house (defected, 4.6)".into(),
            Availability::NotDefected => {
                "the enemy version of a noble who has not defected (4.6)".into()
            }
            Availability::Minor { needed, dead } => format!(
                "a minor heir: in play once {needed} heir{} of his house {} dead, {dead} {} (4.5, 6.82)",
                if needed == 1 { "" } else { "s" },
                if needed == 1 { "is" } else { "are" },
                if dead == 1 { "is" } else { "are" },
            ),
            Availability::Kind => "not of the kinds asked".into(),
            Availability::Strength => "cannot have the strength asked".into(),
            Availability::OtherHouse => "cannot fight for this side".into(),
        }
    }
}

/// What the scenario says about where the persons of the game are, read once.
pub(crate) struct Whereabouts {
    dead: Vec<&'static str>,
    known: Vec<&'static str>,
    seen: Vec<&'static str>,
    away: Vec<&'static str>,
    /// The versions listed in `defected`.
    defected: Vec<&'static BlockData>,
    /// Heirs of York, of Lancaster, listed dead.
    dead_heirs: [u8; 2],
}

impl Whereabouts {
    /// Reads the scenario's `dead`, known blocks, `seen_elsewhere`, `defected_elsewhere` and
    /// `defected`.
    pub(crate) fn of(sc: &Scenario) -> Result<Whereabouts> {
        let mut w = Whereabouts {
            dead: Vec::new(),
            known: Vec::new(),
            seen: Vec::new(),
            away: Vec::new(),
            defected: Vec::new(),
            dead_heirs: [0; 2],
        };
        for (i, name) in sc.dead.iter().enumerate() {
            match resolve(name, sc.king) {
                Some(d) => {
                    if !w.dead.contains(&d.person) {
                        w.dead.push(d.person);
                        for house in [House::York, House::Lancaster] {
                            let heir = data::BLOCKS.iter().any(|b| {
                                b.person == d.person
                                    && b.heir_rank.is_some()
                                    && b.house() == Some(house)
                            });
                            w.dead_heirs[(house == House::Lancaster) as usize] += heir as u8;
                        }
                    }
                }
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
                    w.known.push(d.person);
                }
            }
        }
        for (i, name) in sc.defected_elsewhere.iter().enumerate() {
            match crate::data::block(name) {
                Some(d) => w.away.push(d.person),
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
                Some(d) => w.seen.push(d.person),
                None => {
                    return err(
                        format!("seen_elsewhere[{i}]"),
                        format!("unknown block '{name}'"),
                    );
                }
            }
        }
        for (i, name) in sc.defected.iter().enumerate() {
            match crate::data::block(name) {
                Some(d) => w.defected.push(d),
                None => return err(format!("defected[{i}]"), format!("unknown block '{name}'")),
            }
        }
        Ok(w)
    }

    /// Whether a hidden block of `house` may be `d` by default (R13), and why not.
    pub(crate) fn of_block(&self, d: &BlockData, house: House, king: House) -> Availability {
        if !fights_for(d, house, king) {
            Availability::OtherHouse
        } else if self.dead.contains(&d.person) {
            Availability::Dead
        } else if self.known.contains(&d.person) {
            Availability::InBattle
        } else if self.seen.contains(&d.person) {
            Availability::SeenElsewhere
        } else if self.away.contains(&d.person) {
            Availability::DefectedElsewhere
        } else if self
            .defected
            .iter()
            .any(|v| v.person == d.person && v.id != d.id)
        {
            Availability::OtherSide
        } else if d.is_enemy_version() && !self.defected.iter().any(|v| v.id == d.id) {
            Availability::NotDefected
        } else if let Some(k) = d.minor()
            && let Some(h) = d.house()
            && self.dead_heirs[(h == House::Lancaster) as usize] < k
        {
            Availability::Minor {
                needed: k,
                dead: self.dead_heirs[(h == House::Lancaster) as usize],
            }
        } else {
            Availability::Available
        }
    }
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
    whereabouts: &Whereabouts,
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
            .filter(|b| whereabouts.of_block(b, house, sc.king) == Availability::Available)
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
            let why = whereabouts.of_block(d, house, sc.king);
            if why.is_absolute() {
                return err(
                    f,
                    format!("{} is {}: it cannot be hidden here", d.id, why.reason()),
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
        if !kinds.is_empty() && !kinds.contains(&d.kind) {
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
            "no block can be this hidden block: every candidate is dead, in the battle, seen or \
             defected elsewhere, on the other side, of another kind, or cannot have the strength \
             asked",
        );
    }
    Ok(out)
}
