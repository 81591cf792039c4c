//! A validated battle: the blocks in it, the area, the throne and the players' choices,
//! compiled once so the rules can be applied fast. Only [`Battle::new`] makes one.

use crate::data::{Area, BlockData, House, Kind, Loyalty, Rating};
use crate::rules::home::BonusRule;
use crate::rules::state::{MAX_BLOCKS, State, bits};
use crate::scenario::{Scenario, Side};

/// One version of a block as it fights in this battle.
#[derive(Debug, Clone, PartialEq)]
pub struct Version {
    /// Reference id (`Stanley/L`) or custom name.
    pub id: String,
    /// The printed block, `None` for a custom block.
    pub data: Option<&'static BlockData>,
    /// Block type.
    pub kind: Kind,
    /// Printed rating (a Bombard's letter changes by round: see [`Battle::initiative`]).
    pub rating: Rating,
    /// Maximum strength.
    pub max_strength: u8,
    /// Treachery dice against this version, if it can defect (3.13).
    pub loyalty: Option<u8>,
    /// Heir rank for its house (3.21); `None` for nobles, including Clarence/L and Exeter/Y (9.1, D8).
    pub heir_rank: Option<u8>,
    /// The house this version serves (the Rebel serves the Pretender's house, D14).
    pub house: House,
    /// Where this version gets +1 firepower in this battle's area (2.2-2.6).
    pub(crate) bonus: BonusRule,
}

impl Version {
    /// True for the three Nevilles (6.83, 6.91).
    pub fn is_neville(&self) -> bool {
        self.data.is_some_and(|d| d.is_neville())
    }
    /// The person, e.g. `Warwick` for both versions.
    pub fn person(&self) -> &str {
        self.data.map_or(&self.id, |d| d.person)
    }

    /// What elimination means for a block (6.81-6.86, D15).
    pub fn fate(&self) -> &'static str {
        let Some(d) = self.data else {
            return "goes to the pool";
        };
        match d.kind {
            Kind::Heir => "permanently dead (6.82)",
            Kind::Noble if d.loyalty == Loyalty::Rose || d.is_neville() => {
                "permanently dead (6.83)"
            }
            Kind::Noble | Kind::Church => "goes to the pool face-down (6.83)",
            Kind::Levy | Kind::Bombard => "goes to the pool face-down (6.84)",
            Kind::Mercenary if d.person == "Welsh Mercenary" => {
                "goes to the Lancastrian pool (6.85)"
            }
            Kind::Mercenary => "goes home face-down (6.85)",
            Kind::Rebel => "goes to the Pretender's pool (6.86)",
        }
    }
}

/// A block in the battle: the version it enters with and the one it would become by defecting.
#[derive(Debug, Clone, PartialEq)]
pub struct Slot {
    /// `[as entered, after defecting]`. For a block that cannot change sides both are the same.
    pub versions: [Version; 2],
    /// The side it enters on.
    pub side: Side,
    /// Strength at the start of the battle.
    pub strength: u8,
    /// Enters as a reserve (6.3, D4).
    pub reserve: bool,
    /// Defected earlier in this battle, before the scenario's starting point (a battle in
    /// progress): it cannot be rolled against again (6.9).
    pub turned_before: bool,
    /// Bit for [`crate::rules::bonus`]'s dead-person masks (Nevilles and the three Lancaster heirs
    /// with specific shields), or 0.
    pub(crate) person_bit: u8,
}

impl Slot {
    /// The name as entered.
    pub fn name(&self) -> &str {
        &self.versions[0].id
    }
}

/// The choices of one side, compiled to slot numbers.
#[derive(Debug, Clone, Default, PartialEq)]
pub(crate) struct Plans {
    /// (target, round, by)
    pub charges: Vec<(u8, Option<u8>, Option<u8>)>,
    /// (by, target, round)
    pub treachery: Vec<(u8, u8, Option<u8>)>,
    pub treason_target: Option<u8>,
    /// The Treason card rolls against the holder's best target (`"best"`, R45): chosen by the
    /// solvers once the blocks are revealed; `treason_target` is then `None`.
    pub treason_best: bool,
    /// `treason_target` was chosen as the holder's best (R45) by the solvers, not named: the
    /// fire order says so. Set on the chosen battle only (`solve::monte_carlo::choose_treason_target`).
    pub treason_chosen: bool,
    /// (from_round, below_ratio)
    pub retreat: Option<(Option<u8>, Option<f64>)>,
    /// Per-block plans, tried in order (R3).
    pub retreats: Vec<BlockRetreat>,
}

impl Plans {
    /// True if the side has no plan that could change what a block does on its turn: every
    /// block fires, bar the forced retreat of round 4 (R3).
    pub fn is_empty(&self) -> bool {
        self.charges.is_empty()
            && self.treachery.is_empty()
            && self.retreat.is_none()
            && self.retreats.is_empty()
    }
}

/// One block's retreat plan, compiled: every condition given must hold (6.6, R3).
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct BlockRetreat {
    pub slot: u8,
    pub from_round: Option<u8>,
    pub below_strength: Option<u8>,
    pub below_ratio: Option<f64>,
}

/// A battle that obeys every rule: build one with [`Battle::new`] (in `validate.rs`).
#[derive(Debug, Clone, PartialEq)]
pub struct Battle {
    /// The scenario it was built from, kept to write a point of the battle back as a scenario
    /// (`play::resume`). Outside this file and `validate.rs` the rules read only its [`Side`].
    pub(crate) scenario: Scenario,
    pub(crate) slots: Vec<Slot>,
    pub(crate) area: Option<&'static Area>,
    pub(crate) houses: [House; 2],
    pub(crate) retreat_capacity: [Option<u8>; 2],
    /// Per side, every slot in the order that side picks its next actor (D2).
    pub(crate) fire_order: [Vec<u8>; 2],
    /// Per side, every slot in the order that side takes tied hits (D3).
    pub(crate) hit_order: [Vec<u8>; 2],
    pub(crate) plans: [Plans; 2],
    /// The King and the Pretender at the start of the battle, if they fight in it (3.21).
    pub(crate) king_slot: Option<u8>,
    pub(crate) pretender_slot: Option<u8>,
    /// The living heirs of the throne's house in rank order, with their slots if they fight
    /// here, a defected heir fighting as his other version (Clarence/L, Exeter/Y) included: the
    /// King is the first of them serving his house, until he falls (3.21, 6.81, 9.1, R1; see
    /// `royals.rs`).
    pub(crate) king_line: Vec<Option<u8>>,
    /// The same for the Pretender's house: the Pretender is always the first of them alive and
    /// serving his house (3.21, 9.1, R1).
    pub(crate) pretender_line: Vec<Option<u8>>,
    /// An heir ahead of the King may turn back to his house in this battle and take the crown
    /// (9.1, R1): only then can the King change, and the state keep `king_rolled`, `king_fell`.
    pub(crate) king_may_change: bool,
    /// Dead-person bits of blocks dead before the battle.
    pub(crate) dead_before: u8,
    /// `letters[round > 1][letter]`: slots of that initiative (6.2, D1).
    pub(crate) letters: [[u32; 4]; 2],
    pub(crate) initial: State,
    /// The tables below are compiled once from the fields above by `compile_tables` in
    /// `validate.rs`, so that the hot paths (next actor, hit allocation, firepower) read one
    /// number where the rules would otherwise be worked out again at every turn.
    ///
    /// `turn_rank[round > 1][swapped][side][slot]`: the slot's place in the turn order (D1, D2)
    /// while it fights for `side`: its initiative letter first (A to D), then the side now
    /// defending before the other, then `side`'s fire order. The next actor is the pending block
    /// with the lowest rank ([`crate::rules::round::next_actor`]).
    pub(crate) turn_rank: [[[[u8; MAX_BLOCKS]; 2]; 2]; 2],
    /// The same order read eight slots at a time, while every block fights for the side it
    /// entered on (no defection yet): `turn_table[(2 * later + swapped) * chunks + chunk][byte]`,
    /// with `chunks` = slots / 8 rounded up, is the lowest `rank << 8 | slot` among the slots
    /// `8 * chunk + b` for the bits `b` set in `byte` (`u16::MAX` for none).
    pub(crate) turn_table: Vec<[u16; 256]>,
    /// `plain_order[round > 1]`: every slot in the order of its turn while every block fights
    /// for the side it entered on and control is unchanged (the first `slots.len()` entries):
    /// the order [`crate::rules::plain::fight`] walks a round in.
    pub(crate) plain_order: [[u8; MAX_BLOCKS]; 2],
    /// `plain_hits[side]`: the side's slots in its hit order, their count first
    /// ([`crate::rules::plain::hit_lists`]).
    pub(crate) plain_hits: [(u8, [u8; MAX_BLOCKS]); 2],
    /// `plain_fp[slot]`: the slot's firepower as it entered, or [`FIREPOWER_VARIES`]
    /// ([`crate::rules::plain::firepowers`]).
    pub(crate) plain_fp: [u8; MAX_BLOCKS],
    /// `hit_rank[side][slot]`: the slot's place in `side`'s hit order, which breaks ties between
    /// equally strong blocks (D3).
    pub(crate) hit_rank: [[u8; MAX_BLOCKS]; 2],
    /// `fixed_firepower[slot][version][defending]`: the firepower of that version of the block
    /// when active and fighting for the side now defending (`defending` = 1) or not (0), with its
    /// defensive bonus, at most 6 (2.2-2.6, 6.4, R11); [`FIREPOWER_VARIES`] when the bonus
    /// depends on the moment: a dead Neville's shield (D6) or an heir's royal shield or crown
    /// (D7, D8) that a death in this battle or the order of seniority could change.
    pub(crate) fixed_firepower: [[[u8; 2]; 2]; MAX_BLOCKS],
    /// The Treason card's roll before round 1 (D11, R2), worked out from the starting state:
    /// (holder, target, dice), `None` if no card is played (none held, no target, or the battle
    /// starts in progress).
    pub(crate) treason_roll: Option<(Side, usize, u8)>,
    /// Per side: its policy has a plan that could change what a block does on its turn
    /// ([`Plans::is_empty`] is false); without one every block fires, bar the forced retreat (R3).
    pub(crate) has_plans: [bool; 2],
    /// Slots with an heir version (as entered or after defecting): the only ones the senior heir
    /// can be (D8).
    pub(crate) heir_slots: u32,
    /// Slots with a dead-person bit ([`Slot::person_bit`]): the only ones whose death can free a
    /// shield (D6, D7).
    pub(crate) person_slots: u32,
    /// The policy's choices the rules set aside (R35), worked out once by `Battle::new`.
    pub(crate) warnings: Vec<Warning>,
}

/// A choice of the scenario's policy the rules set aside: where it is set and why.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Warning {
    /// Where in the scenario: `policy.attacker.treachery[0].round`, `treason`.
    pub field: String,
    /// What the engine does instead and why, with the rule (`... cannot be targeted before
    /// round 2 (6.3, D4, D10)`).
    pub reason: String,
}

impl std::fmt::Display for Warning {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}: {}", self.field, self.reason)
    }
}

/// In [`Battle::fixed_firepower`]: this block's bonus depends on the state, ask
/// [`crate::rules::bonus::bonus_parts`].
pub(crate) const FIREPOWER_VARIES: u8 = u8::MAX;

impl Battle {
    /// The scenario this battle was built from.
    pub fn scenario(&self) -> &Scenario {
        &self.scenario
    }

    /// The choices of the scenario's policy that the rules set aside, each with the field that
    /// sets it and the rule (R35): the figures are those of the battle without them.
    pub fn warnings(&self) -> &[Warning] {
        &self.warnings
    }

    /// The blocks, in the order the scenario lists them (attacker first).
    pub fn slots(&self) -> &[Slot] {
        &self.slots
    }

    /// The area of the battle, if one was given.
    pub fn area(&self) -> Option<&'static Area> {
        self.area
    }

    /// The house of a side as entered.
    pub fn house(&self, side: Side) -> House {
        self.houses[side.index()]
    }

    /// How many blocks of a side may retreat each round (D12): as typed, or worked out from the
    /// map for a battle whose blocks say where they came from; `None` for no limit.
    pub fn retreat_capacity(&self, side: Side) -> Option<u8> {
        self.retreat_capacity[side.index()]
    }

    /// The house holding the throne.
    pub fn king_house(&self) -> House {
        self.scenario.king
    }

    /// The side holding the Treason card, to play before the first round (D11), if any.
    pub fn treason(&self) -> Option<Side> {
        self.scenario.treason
    }

    /// True if the Treason card's holder rolls against his best target (`"best"`, R45): the
    /// solvers fight the battle once per target the card may roll at
    /// (`solve::treason`) and keep the one the holder does best in. Fought as it
    /// stands, the battle rolls at R2's default target.
    pub fn treason_best(&self) -> bool {
        self.treason_roll
            .is_some_and(|(holder, _, _)| self.plans[holder.index()].treason_best)
    }

    /// True if the Treason card's target was chosen as its holder's best (R45) rather than named
    /// or R2's default: the battle [`crate::with_treason_target`] gives.
    pub fn treason_chosen(&self) -> bool {
        self.treason_roll
            .is_some_and(|(holder, _, _)| self.plans[holder.index()].treason_chosen)
    }

    /// True if `side` has an heir, so its senior heir may charge (6.5, D8).
    pub fn has_heir(&self, side: Side) -> bool {
        self.slots
            .iter()
            .any(|s| s.side == side && s.versions[0].heir_rank.is_some())
    }

    /// True if the battle starts in progress (the Treason card, if any, is already played).
    pub fn in_progress(&self) -> bool {
        self.scenario.progress.is_some()
    }

    /// The state before any die is rolled (before the Treason card, D11).
    pub fn initial_state(&self) -> State {
        self.initial
    }

    /// Mask of every slot.
    pub(crate) fn all(&self) -> u32 {
        if self.slots.len() >= 32 {
            u32::MAX
        } else {
            (1u32 << self.slots.len()) - 1
        }
    }

    /// A block's initiative letter in a round: a Bombard is A in round 1 and D later (6.2, D1).
    pub fn initiative(&self, slot: usize, round: u8) -> crate::data::Initiative {
        let v = &self.slots[slot].versions[0];
        if v.kind == Kind::Bombard {
            if round == 1 {
                crate::data::Initiative::A
            } else {
                crate::data::Initiative::D
            }
        } else {
            v.rating.initiative
        }
    }
}

/// What a state means in its battle: the reads that need the battle's slots.
impl State {
    /// Mask of the slots fighting for `side` now (present or not).
    pub(crate) fn side_mask(&self, battle: &Battle, side: Side) -> u32 {
        match side {
            Side::Attacker => self.attacker,
            Side::Defender => !self.attacker & battle.all(),
        }
    }

    /// The version a block fights as now: its other version once it has defected.
    pub fn version<'b>(&self, battle: &'b Battle, slot: usize) -> &'b Version {
        &battle.slots[slot].versions[self.has_defected(slot) as usize]
    }

    /// Total strength of a side's blocks in the battle (active and reserve).
    pub(crate) fn side_strength(&self, battle: &Battle, side: Side) -> u32 {
        bits(self.present & self.side_mask(battle, side))
            .map(|i| self.strength[i] as u32)
            .sum()
    }

    /// A number that grows with every action; the exact solver processes states in its order.
    pub(crate) fn progress(&self, battle: &Battle) -> usize {
        let done = battle.slots.len() - self.pending().count_ones() as usize;
        (self.round as usize - 1) * (MAX_BLOCKS + 1) + done
    }
}
