//! [`Reset::new`]: every validation rule of a reset scenario and its message, and the compiled
//! reset the odds are computed from.

use super::format::{Names, RESET_VERSION, ResetScenario};
use super::realm::{Death, Realm, Standing, people, person};
use crate::data::{self, BlockData, House, Kind, Loyalty};
use crate::scenario::ScenarioError;

type Result<T> = std::result::Result<T, ScenarioError>;

fn err<T>(field: impl Into<String>, reason: impl Into<String>) -> Result<T> {
    Err(ScenarioError::new(field, reason))
}

/// A Campaign Reset of the political-events variant that follows the rules: built only by
/// [`Reset::new`], which validates the scenario once. Its odds come from [`Reset::odds`].
#[derive(Debug, Clone)]
pub struct Reset {
    pub(super) scenario: ResetScenario,
    /// The realm as the reset begins.
    pub(super) start: Realm,
    /// The persons in `nobles`, in listing order: naming ties go by it (V5).
    pub(super) listing: Vec<usize>,
    /// The persons in `nobles`, then in `pool`: the nobles the report follows.
    pub(super) tracked: Vec<usize>,
    /// York's naming choices, then Lancaster's, as persons.
    pub(super) names: [Choices; 2],
}

/// One house's naming lists as persons (V5).
#[derive(Debug, Clone, Default)]
pub(super) struct Choices {
    pub(super) pledge: Vec<usize>,
    pub(super) disgrace: Vec<usize>,
    pub(super) double_game: Vec<usize>,
    pub(super) place_rebel: bool,
}

impl Reset {
    /// Validates a reset scenario and compiles it.
    ///
    /// # Errors
    /// A [`ScenarioError`] naming the field that is wrong (`nobles[2]`, `naming.york.pledge[0]`)
    /// and why, with the rule or decision broken.
    pub fn new(scenario: &ResetScenario) -> Result<Reset> {
        build(scenario)
    }

    /// The scenario this reset was built from.
    pub fn scenario(&self) -> &ResetScenario {
        &self.scenario
    }

    /// One house's naming choices.
    pub(super) fn choices(&self, house: House) -> &Choices {
        &self.names[match house {
            House::York => 0,
            House::Lancaster => 1,
        }]
    }
}

/// A block by id, or by a person's name (his first version in the block list).
fn lookup(name: &str) -> Option<&'static BlockData> {
    data::block(name).or_else(|| {
        data::BLOCKS
            .iter()
            .find(|b| b.person.eq_ignore_ascii_case(name.trim()))
    })
}

fn kind_words(kind: Kind) -> &'static str {
    match kind {
        Kind::Heir => "an heir",
        Kind::Noble => "a noble",
        Kind::Church => "a church block",
        Kind::Levy => "a levy",
        Kind::Bombard => "a Bombard",
        Kind::Mercenary => "a mercenary",
        Kind::Rebel => "the Rebel",
    }
}

fn build(sc: &ResetScenario) -> Result<Reset> {
    if sc.version != RESET_VERSION {
        return err(
            "version",
            format!(
                "{} is not supported; this engine reads reset version {RESET_VERSION}",
                sc.version
            ),
        );
    }
    let n = people().len();
    let mut standing: Vec<Option<(Standing, String)>> = vec![None; n];
    for (i, name) in sc.dead.iter().enumerate() {
        let field = format!("dead[{i}]");
        let Some(b) = lookup(name) else {
            return err(field, format!("unknown block '{name}'"));
        };
        if !matches!(b.kind, Kind::Heir | Kind::Noble) {
            return err(
                field,
                format!(
                    "{} is {}: eliminated, it goes to a pool or home, never dies for good (6.83-6.86)",
                    b.id,
                    kind_words(b.kind)
                ),
            );
        }
        // A dead rose noble is a fact the reset does not need: nothing in it can touch him.
        let Some(p) = person(b.person) else { continue };
        if let Some((_, first)) = &standing[p] {
            return err(field, format!("{} is listed twice ({first})", b.person));
        }
        standing[p] = Some((Standing::Dead(Death::Before), field));
    }
    let mut listing = Vec::new();
    let mut tracked = Vec::new();
    for (list, on_map, what) in [(&sc.nobles, true, "nobles"), (&sc.pool, false, "pool")] {
        for (i, name) in list.iter().enumerate() {
            let field = format!("{what}[{i}]");
            let (p, house) = noble_version(name, &field)?;
            match &standing[p] {
                Some((Standing::Dead(_), first)) => {
                    return err(field, format!("{} is dead ({first})", people()[p].name));
                }
                Some((_, first)) => {
                    return err(
                        field,
                        format!(
                            "{} is already listed ({first}): one version of a noble is in play \
                             at a time (3.22)",
                            people()[p].name
                        ),
                    );
                }
                None => {}
            }
            standing[p] = Some((Standing::Serves { house, on_map }, field));
            if on_map {
                listing.push(p);
            }
            tracked.push(p);
        }
    }
    let mut start = Realm {
        throne: sc.king,
        standing: Vec::with_capacity(n),
        rebel_on_map: sc.rebel_on_map,
        rebel_placed: false,
        pledged: 0,
        winner: None,
    };
    for (p, s) in standing.into_iter().enumerate() {
        let who = &people()[p];
        start.standing.push(match (s, who.heir()) {
            (Some((s, _)), _) => s,
            // An heir not listed as defected serves his own house (9.1).
            (None, Some((house, _))) => Standing::Serves {
                house,
                on_map: false,
            },
            (None, None) if who.name == "Warwick" => {
                return err(
                    "nobles",
                    "Warwick is alive (not in dead), so he is on the map or in a pool: list \
                     Warwick/Y or Warwick/L in nobles or in pool, since event 2 turns him \
                     wherever he is (V8)",
                );
            }
            (None, None) => Standing::Unlisted,
        });
    }
    for house in [House::York, House::Lancaster] {
        if start.heirs_all_dead(house) {
            return err(
                "dead",
                format!(
                    "every {house} heir is dead: {} has won the game (9.0), there is no reset",
                    house.other()
                ),
            );
        }
    }
    if start.king().is_none() {
        return err(
            "king",
            format!(
                "{} has no heir left to be King: each living {} heir has defected (3.21, 9.1)",
                sc.king, sc.king
            ),
        );
    }
    let mut names = [Choices::default(), Choices::default()];
    for (k, house) in [House::York, House::Lancaster].into_iter().enumerate() {
        let field = format!("naming.{}", house.to_string().to_lowercase());
        let given: &Names = sc.naming.of(house);
        if !given.pledge.is_empty() {
            if !sc.usurpation {
                return err(
                    format!("{field}.pledge"),
                    "no usurpation this turn, so there is no Pledge of Loyalty (V6)",
                );
            }
            if house != sc.king {
                return err(
                    format!("{field}.pledge"),
                    format!(
                        "only the King names nobles in the Pledge of Loyalty, and {house} is not \
                         on the throne (V6)"
                    ),
                );
            }
        }
        names[k] = Choices {
            pledge: named(&given.pledge, &format!("{field}.pledge"), &start)?,
            disgrace: named(&given.disgrace, &format!("{field}.disgrace"), &start)?,
            double_game: named(&given.double_game, &format!("{field}.double_game"), &start)?,
            place_rebel: given.place_rebel,
        };
    }
    Ok(Reset {
        scenario: sc.clone(),
        start,
        listing,
        tracked,
        names,
    })
}

/// A non-rose noble named by the version in play (`nobles`, `pool`): the person and his house.
fn noble_version(name: &str, field: &str) -> Result<(usize, House)> {
    let block = match data::block(name) {
        Some(b) => b,
        None => {
            let versions: Vec<&'static BlockData> = data::BLOCKS
                .iter()
                .filter(|b| b.person.eq_ignore_ascii_case(name.trim()))
                .collect();
            match versions.as_slice() {
                [] => return err(field, format!("unknown block '{name}'")),
                [one] => *one,
                [a, b, ..] => {
                    return err(
                        field,
                        format!(
                            "'{name}' has two versions: name the one in play, {} or {} (3.22)",
                            a.id, b.id
                        ),
                    );
                }
            }
        }
    };
    match (block.kind, block.loyalty) {
        (Kind::Noble, Loyalty::Dice(_)) => {}
        (Kind::Noble, _) => {
            return err(
                field,
                format!(
                    "{} is a rose noble: he never changes sides, so the reset does not need him \
                     (3.13)",
                    block.id
                ),
            );
        }
        (Kind::Heir, _) => {
            let defected = people()
                .iter()
                .find(|p| p.name == block.person)
                .and_then(|p| p.version(block.house()?.other()))
                .map(|b| {
                    format!(
                        "; a defected heir is listed as the version he became, {} (9.1)",
                        b.id
                    )
                })
                .unwrap_or_default();
            return err(
                field,
                format!("{} is an heir, not a noble (3.21, V4){defected}", block.id),
            );
        }
        (Kind::Church, _) => {
            return err(
                field,
                format!(
                    "{} is a church block, which counts as a noble only for usurpation (3.23): \
                     the variant never names it (V4)",
                    block.id
                ),
            );
        }
        (kind, _) => {
            return err(
                field,
                format!("{} is {}, not a noble (V4)", block.id, kind_words(kind)),
            );
        }
    }
    let (Some(p), Some(house)) = (person(block.person), block.house()) else {
        return err(field, format!("unknown block '{name}'"));
    };
    Ok((p, house))
}

/// A naming list as persons: each a non-rose noble, or Clarence or Exeter (nobles once they
/// have defected, 9.1), alive, named once.
fn named(list: &[String], base: &str, start: &Realm) -> Result<Vec<usize>> {
    let mut out: Vec<usize> = Vec::new();
    for (i, name) in list.iter().enumerate() {
        let field = format!("{base}[{i}]");
        let Some(block) = lookup(name) else {
            return err(field, format!("unknown noble '{name}'"));
        };
        let p = person(block.person).filter(|&p| {
            let who = &people()[p];
            who.noble_dice(House::York).is_some() || who.noble_dice(House::Lancaster).is_some()
        });
        let Some(p) = p else {
            let why = match (block.kind, block.loyalty) {
                (Kind::Noble, _) => format!(
                    "{} is a rose noble: the variant names non-rose nobles only (3.13, V4)",
                    block.person
                ),
                (Kind::Church, _) => format!(
                    "{} is a church block, which counts as a noble only for usurpation (3.23): \
                     the variant never names it (V4)",
                    block.id
                ),
                (kind, _) => format!("{} is {}, not a noble (V4)", block.person, kind_words(kind)),
            };
            return err(field, why);
        };
        if start.is_dead(p) {
            return err(field, format!("{} is dead", people()[p].name));
        }
        if let Some(j) = out.iter().position(|&q| q == p) {
            return err(
                field,
                format!("{} is already in this list ({base}[{j}])", people()[p].name),
            );
        }
        out.push(p);
    }
    Ok(out)
}
