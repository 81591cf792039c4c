//! The result of a battle as a distribution: who holds the area, when the battle ends, what
//! each block and each side risks. The exact solver and Monte Carlo fill the same [`Report`].

use crate::data::House;
use crate::rules::battle::Battle;
use crate::rules::round::Ending;
use crate::rules::state::State;
use crate::scenario::Side;
use serde::{Deserialize, Serialize};

/// How the figures were computed.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Method {
    /// Every outcome, with its exact probability.
    Exact {
        /// Distinct battle states the solver visited.
        states: usize,
        /// The most states it held at once.
        peak_states: usize,
    },
    /// Sampled battles.
    MonteCarlo {
        /// Battles simulated.
        runs: u64,
        /// The seed.
        seed: u64,
    },
}

/// What happens to one block.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct BlockReport {
    /// Its id as entered.
    pub name: String,
    /// The side it entered on.
    pub side: Side,
    /// Its strength at the start.
    pub strength: u8,
    /// `final_strength[k]`: chance it ends with strength k (retreated blocks at the strength they
    /// left with, defectors at theirs); index 0 is elimination.
    pub final_strength: Vec<f64>,
    /// Expected final strength.
    pub expected_strength: f64,
    /// Chance it is eliminated.
    pub eliminated: f64,
    /// Chance it retreats.
    pub retreated: f64,
    /// Chance it defects (6.9).
    pub defected: f64,
    /// What elimination means for it (6.8, D15).
    pub if_eliminated: String,
}

/// What one side loses.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SideReport {
    /// The side as entered.
    pub side: Side,
    /// Its house.
    pub house: House,
    /// `steps_lost[k]`: chance the side loses k steps (hits taken while serving it, and blocks
    /// eliminated for want of a retreat; a defection is not a step lost, R4).
    pub steps_lost: Vec<f64>,
    /// Expected steps lost.
    pub expected_steps_lost: f64,
}

/// The outcome distribution of a battle.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Report {
    /// Exact or Monte Carlo, with its figures.
    pub method: Method,
    /// The area fought over, if given.
    pub area: Option<String>,
    /// Chance the attacker (as entered) holds the area at the end.
    pub attacker_holds: f64,
    /// Chance the defender (as entered) holds it.
    pub defender_holds: f64,
    /// Chance the area is left vacant.
    pub vacant: f64,
    /// `ends_in_round[r - 1]`: chance the battle's last round is r.
    pub ends_in_round: [f64; 4],
    /// Chance the sides end with their roles swapped by a round-1 control change (D5; two
    /// changes, R8, swap them back).
    pub control_changes: f64,
    /// Every block, in the scenario's order.
    pub blocks: Vec<BlockReport>,
    /// Attacker, then defender.
    pub sides: [SideReport; 2],
    /// Chance the King dies, if he fights here.
    pub king_dies: Option<f64>,
    /// Chance the Pretender dies, if he fights here.
    pub pretender_dies: Option<f64>,
    /// Chance at least one York heir dies; `None` if no York heir fights here and none can turn
    /// back into one (a defected Clarence/L facing a York roller or York's Treason card, 9.1).
    pub york_heir_dies: Option<f64>,
    /// Chance at least one Lancaster heir dies; `None` as for York.
    pub lancaster_heir_dies: Option<f64>,
    /// Total probability accounted for (exact: 1 within 1e-12).
    pub mass: f64,
    /// Monte Carlo only: the standard errors of the three headline figures.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub std_errors: Option<StdErrors>,
    /// With `"treason_target": "best"`: the Treason card's target chosen, and every target's
    /// value (R45).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub treason: Option<TreasonChoice>,
}

/// One target the card may roll at, and how its holder does against it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct TargetValue {
    /// The target block.
    pub block: String,
    /// Dice the roll needs: all even to turn it (6.9).
    pub dice: u8,
    /// The holder's chance to hold the area with the card rolled at this block.
    pub holds: f64,
}

/// The Treason card's target chosen for its holder (R45), with every target's value.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct TreasonChoice {
    /// The side holding the card.
    pub holder: Side,
    /// The block chosen.
    pub target: String,
    /// Every target the card may roll at, in R2's order (fewest dice, strongest, first listed).
    pub targets: Vec<TargetValue>,
    /// `None` when the values are exact; else the Monte Carlo battles fought for each target
    /// (on the same dice), whose figures chose it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub runs: Option<u64>,
}

/// Standard errors of the headline figures of a Monte Carlo report: sqrt(p(1-p)/runs).
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct StdErrors {
    /// Of `attacker_holds`.
    pub attacker_holds: f64,
    /// Of `defender_holds`.
    pub defender_holds: f64,
    /// Of `vacant`.
    pub vacant: f64,
}

impl Report {
    /// The standard error of a probability `p` in this report: 0 for exact results,
    /// sqrt(p(1-p)/runs) for Monte Carlo.
    pub fn std_error(&self, p: f64) -> f64 {
        match self.method {
            Method::Exact { .. } => 0.0,
            Method::MonteCarlo { runs, .. } => (p * (1.0 - p) / runs.max(1) as f64).sqrt(),
        }
    }
}

/// Sums weighted battle endings into a [`Report`]. Serialisable, so Monte Carlo workers (threads
/// or Web Workers) can send their counts to be merged.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Tally {
    total: f64,
    holds: [f64; 3],
    rounds: [f64; 4],
    control: f64,
    strength: Vec<[f64; 5]>,
    eliminated: Vec<f64>,
    retreated: Vec<f64>,
    defected: Vec<f64>,
    lost: [Vec<f64>; 2],
    king: f64,
    pretender: f64,
    heirs: [f64; 2],
    /// For a battle standing for several compositions whose hidden heirs differ (R13): the
    /// slots of those hidden blocks ([`Tally::ends_over`]).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    end_slots: Vec<u8>,
    /// Endings by which of `end_slots` are eliminated (bit k for slot `end_slots[k]`) and
    /// whether an heir of York (bit n) or Lancaster (bit n + 1) died among the other slots.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    ends: Vec<f64>,
}

const MAX_LOST: usize = 4 * crate::rules::state::MAX_BLOCKS;

impl Tally {
    pub(crate) fn new(battle: &Battle) -> Tally {
        let n = battle.slots.len();
        Tally {
            total: 0.0,
            holds: [0.0; 3],
            rounds: [0.0; 4],
            control: 0.0,
            strength: vec![[0.0; 5]; n],
            eliminated: vec![0.0; n],
            retreated: vec![0.0; n],
            defected: vec![0.0; n],
            lost: [vec![0.0; MAX_LOST + 1], vec![0.0; MAX_LOST + 1]],
            king: 0.0,
            pretender: 0.0,
            heirs: [0.0; 2],
            end_slots: Vec::new(),
            ends: Vec::new(),
        }
    }

    /// A tally that also counts endings by which of `slots` (hidden blocks whose heirs the
    /// battle does not tell apart, R13) are eliminated, so that [`Tally::account`] can give the
    /// King's, the Pretender's and the heirs' figures of each composition it stands for.
    pub(crate) fn ends_over(battle: &Battle, slots: &[usize]) -> Tally {
        let mut t = Tally::new(battle);
        t.end_slots = slots.iter().map(|&s| s as u8).collect();
        t.ends = vec![0.0; 1 << (slots.len() + 2)];
        t
    }

    /// A tally of the same shape as this one (with the same ending counts, if any), empty.
    pub(crate) fn blank(&self) -> Tally {
        let mut t = self.clone();
        t.scale(0.0);
        t
    }

    /// Gives the royal figures of one composition of the battle this tally counted (see
    /// [`Tally::ends_over`]): `king` and `pretender` are their slots in it, if they fight;
    /// `heirs[k]` is the house of `end_slots[k]` if that block is an heir.
    pub(crate) fn account(
        &mut self,
        king: Option<usize>,
        pretender: Option<usize>,
        heirs: &[Option<House>],
    ) {
        self.king = king.map_or(0.0, |k| self.eliminated[k]);
        self.pretender = pretender.map_or(0.0, |k| self.eliminated[k]);
        if self.end_slots.is_empty() {
            return;
        }
        let n = self.end_slots.len();
        let mut dead = [0.0; 2];
        for (idx, &w) in self.ends.iter().enumerate() {
            if w == 0.0 {
                continue;
            }
            for (h, d) in dead.iter_mut().enumerate() {
                let house = [House::York, House::Lancaster][h];
                let elsewhere = idx >> (n + h) & 1 == 1;
                let hidden = (0..n).any(|k| idx >> k & 1 == 1 && heirs[k] == Some(house));
                if elsewhere || hidden {
                    *d += w;
                }
            }
        }
        self.heirs = dead;
    }

    /// Every figure times `k` (a composition's chance).
    pub(crate) fn scale(&mut self, k: f64) {
        fn mul(a: &mut [f64], k: f64) {
            a.iter_mut().for_each(|x| *x *= k);
        }
        self.total *= k;
        mul(&mut self.holds, k);
        mul(&mut self.rounds, k);
        self.control *= k;
        for a in self.strength.iter_mut() {
            mul(a, k);
        }
        mul(&mut self.eliminated, k);
        mul(&mut self.retreated, k);
        mul(&mut self.defected, k);
        mul(&mut self.lost[0], k);
        mul(&mut self.lost[1], k);
        self.king *= k;
        self.pretender *= k;
        mul(&mut self.heirs, k);
        mul(&mut self.ends, k);
    }

    /// True if `other` counts a battle with as many blocks.
    pub(crate) fn same_shape(&self, other: &Tally) -> bool {
        self.strength.len() == other.strength.len()
    }

    /// Adds another tally of the same battle (Monte Carlo workers merging their counts).
    pub(crate) fn merge(&mut self, other: &Tally) {
        fn add(a: &mut [f64], b: &[f64]) {
            a.iter_mut().zip(b).for_each(|(x, y)| *x += y);
        }
        self.total += other.total;
        add(&mut self.holds, &other.holds);
        add(&mut self.rounds, &other.rounds);
        self.control += other.control;
        for (a, b) in self.strength.iter_mut().zip(&other.strength) {
            add(a, b);
        }
        add(&mut self.eliminated, &other.eliminated);
        add(&mut self.retreated, &other.retreated);
        add(&mut self.defected, &other.defected);
        add(&mut self.lost[0], &other.lost[0]);
        add(&mut self.lost[1], &other.lost[1]);
        self.king += other.king;
        self.pretender += other.pretender;
        add(&mut self.heirs, &other.heirs);
        if self.ends.len() == other.ends.len() {
            add(&mut self.ends, &other.ends);
        }
    }

    /// Adds one ending with weight `w` (a probability, or 1 for a simulated battle).
    pub(crate) fn add(&mut self, battle: &Battle, state: &State, ending: Ending, w: f64) {
        self.total += w;
        let h = match ending.holder {
            Some(Side::Attacker) => 0,
            Some(Side::Defender) => 1,
            None => 2,
        };
        self.holds[h] += w;
        self.rounds[ending.round as usize - 1] += w;
        if state.swapped {
            self.control += w;
        }
        let mut heir_dead = [false; 2];
        // Which of `end_slots` are eliminated, and heirs dead among the other slots.
        let mut mask = 0usize;
        let mut other_dead = [false; 2];
        for i in 0..battle.slots.len() {
            let s = state.strength[i];
            self.strength[i][s as usize] += w;
            if s == 0 {
                self.eliminated[i] += w;
                let v = state.version(battle, i);
                let end = self.end_slots.iter().position(|&e| e as usize == i);
                if let Some(k) = end {
                    mask |= 1 << k;
                }
                if v.heir_rank.is_some() {
                    heir_dead[(v.house == House::Lancaster) as usize] = true;
                    if end.is_none() {
                        other_dead[(v.house == House::Lancaster) as usize] = true;
                    }
                }
            }
            if state.has_retreated(i) {
                self.retreated[i] += w;
            }
            if state.has_defected(i) || battle.slots[i].turned_before {
                self.defected[i] += w;
            }
        }
        for (k, dead) in heir_dead.iter().enumerate() {
            if *dead {
                self.heirs[k] += w;
            }
        }
        if battle.king().is_some_and(|k| state.strength[k] == 0) {
            self.king += w;
        }
        if battle.pretender().is_some_and(|k| state.strength[k] == 0) {
            self.pretender += w;
        }
        for side in 0..2 {
            self.lost[side][state.lost[side] as usize] += w;
        }
        if !self.ends.is_empty() {
            let n = self.end_slots.len();
            mask |= (other_dead[0] as usize) << n | (other_dead[1] as usize) << (n + 1);
            self.ends[mask] += w;
        }
    }

    /// The chance mass counted for each holder so far: attacker, defender, vacant.
    pub(crate) fn holds(&self) -> [f64; 3] {
        self.holds
    }

    /// The report, with every figure divided by `norm` (1 for exact, the run count for Monte Carlo).
    pub(crate) fn report(&self, battle: &Battle, method: Method, norm: f64) -> Report {
        self.report_shaped(&Shape::of(battle), method, norm)
    }

    /// The report of battles of one shape (one battle, or the compositions of a battle with
    /// hidden blocks), every figure divided by `norm`.
    pub(crate) fn report_shaped(&self, shape: &Shape, method: Method, norm: f64) -> Report {
        let d = |x: f64| x / norm;
        let blocks = shape
            .blocks
            .iter()
            .enumerate()
            .map(|(i, slot)| {
                let final_strength: Vec<f64> = self.strength[i][..=slot.max]
                    .iter()
                    .map(|&x| d(x))
                    .collect();
                BlockReport {
                    name: slot.name.clone(),
                    side: slot.side,
                    strength: slot.strength,
                    expected_strength: final_strength
                        .iter()
                        .enumerate()
                        .map(|(k, p)| k as f64 * p)
                        .sum(),
                    final_strength,
                    eliminated: d(self.eliminated[i]),
                    retreated: d(self.retreated[i]),
                    defected: d(self.defected[i]),
                    if_eliminated: slot.if_eliminated.clone(),
                }
            })
            .collect();
        let side_report = |side: Side| {
            let steps_lost: Vec<f64> = self.lost[side.index()][..=shape.start.min(MAX_LOST)]
                .iter()
                .map(|&x| d(x))
                .collect();
            SideReport {
                side,
                house: shape.houses[side.index()],
                expected_steps_lost: steps_lost
                    .iter()
                    .enumerate()
                    .map(|(k, p)| k as f64 * p)
                    .sum(),
                steps_lost,
            }
        };
        let mut report = Report {
            method,
            area: shape.area.clone(),
            attacker_holds: d(self.holds[0]),
            defender_holds: d(self.holds[1]),
            vacant: d(self.holds[2]),
            ends_in_round: self.rounds.map(d),
            control_changes: d(self.control),
            blocks,
            sides: [side_report(Side::Attacker), side_report(Side::Defender)],
            king_dies: shape.king.then(|| d(self.king)),
            pretender_dies: shape.pretender.then(|| d(self.pretender)),
            york_heir_dies: shape.heirs[0].then(|| d(self.heirs[0])),
            lancaster_heir_dies: shape.heirs[1].then(|| d(self.heirs[1])),
            mass: d(self.total),
            std_errors: None,
            treason: None,
        };
        if matches!(report.method, Method::MonteCarlo { .. }) {
            report.std_errors = Some(StdErrors {
                attacker_holds: report.std_error(report.attacker_holds),
                defender_holds: report.std_error(report.defender_holds),
                vacant: report.std_error(report.vacant),
            });
        }
        report
    }
}

/// What a report needs to know of the battle its tally counted: each block's name, side, start
/// and maximum strength, and whether a King, a Pretender or an heir of each house fights.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Shape {
    pub blocks: Vec<SlotShape>,
    pub houses: [House; 2],
    pub area: Option<String>,
    /// Total strength at the start: the most steps a side can lose.
    pub start: usize,
    pub king: bool,
    pub pretender: bool,
    /// York, Lancaster.
    pub heirs: [bool; 2],
}

/// One block's line in a [`Shape`].
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct SlotShape {
    pub name: String,
    pub side: Side,
    pub strength: u8,
    /// The highest final strength to report.
    pub max: usize,
    pub if_eliminated: String,
}

impl Shape {
    /// The shape of one battle.
    pub(crate) fn of(battle: &Battle) -> Shape {
        let blocks = battle
            .slots
            .iter()
            .map(|slot| SlotShape {
                name: slot.name().to_string(),
                side: slot.side,
                strength: slot.strength,
                max: slot.versions[0]
                    .max_strength
                    .max(slot.versions[1].max_strength) as usize,
                if_eliminated: slot.versions[0].fate().to_string(),
            })
            .collect();
        // An heir of `house` fights here, or could by turning back to it in this battle (9.1):
        // a defected Clarence/L or Exeter/Y facing a roller of his old house or its Treason card.
        let can_turn = |house: House| {
            battle
                .treason()
                .is_some_and(|side| battle.house(side) == house)
                || battle.slots.iter().enumerate().any(|(i, s)| {
                    battle.house(s.side) == house
                        && (battle.king() == Some(i)
                            || battle.pretender() == Some(i)
                            || s.versions[0].person() == "Warwick")
                })
        };
        let has_heir = |house: House| {
            battle.slots.iter().any(|s| {
                (s.versions[0].heir_rank.is_some() && s.versions[0].house == house)
                    || (s.versions[1].heir_rank.is_some()
                        && s.versions[1].house == house
                        && can_turn(house))
            })
        };
        Shape {
            blocks,
            houses: [battle.house(Side::Attacker), battle.house(Side::Defender)],
            area: battle.area.map(|a| a.name.to_string()),
            start: battle.slots.iter().map(|s| s.strength as usize).sum(),
            king: battle.king().is_some(),
            pretender: battle.pretender().is_some(),
            heirs: [has_heir(House::York), has_heir(House::Lancaster)],
        }
    }
}
