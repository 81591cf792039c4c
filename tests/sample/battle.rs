//! An independent Monte Carlo of one *Richard III* battle, written to check the exact solver.
//!
//! It was written from the rulebook (`shared/seeds/richard-iii-rules.md`: sections 2.2-2.6 on
//! the defensive bonuses, 3 on the blocks, 4.5-4.6 on heirs and two-version nobles, 6 on battles,
//! 9.1 on Clarence and Exeter), the decisions D1-D15 (`shared/notes/battle-rules.md`) and R1-R14
//! (`docs/rules.md`), the scenario format (`docs/scenario.md`) and the report's meaning
//! (`src/solve/report.rs`), **without reading the engine's rules or solvers** (`src/rules/`,
//! `src/solve/`, `src/play/`) or the tests that restate them, so that a misreading there cannot
//! pass into it. The block facts and the map come from the reference table
//! (`docs/reference/richard-iii-blocks-and-map.md`, parsed by `reference.rs`), not from
//! `bosworth::data`. Of the crate it uses only the scenario's types and the seeded generator.
//!
//! It is the slowest, plainest reading: one die at a time; the blocks of a round asked one by
//! one who acts next (D1, D2); each fire's hits laid on the strongest enemy block, whole, then the
//! next (D3); every rule checked afresh at every step, from the state of the battle as it stands.

use crate::reference::{Defends, Kind, Reference};
use bosworth::data::House;
use bosworth::rules::dice::BattleRng;
use bosworth::scenario::{BlockEntry, SidePolicy};
use bosworth::{Scenario, Side};
use rand::Rng;

/// What the sampler saw happen, to show that the generated battles exercise every rule. Each is
/// counted once per sampled battle in which it happened.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Rule {
    /// 2.2: a noble defends on its shield.
    Shield,
    /// D6: a Neville defends on a dead Neville's shield.
    NevilleShield,
    /// D6: the defected Exeter/Y in Cornwall or Clarence/L on a York royal shield.
    DefectedShield,
    /// D7: an heir on his own specific shield.
    HeirOwnShield,
    /// D7: the senior heir on a shared royal shield.
    RoyalShield,
    /// D7: the senior heir on a dead heir's specific shield.
    DeadHeirShield,
    /// 2.3: the senior heir of the King's house on a crown.
    Crown,
    /// 2.3: a block at +2 (shield and crown).
    TwoBonuses,
    /// 2.4: a levy in its city.
    City,
    /// 2.5: a church block in its cathedral.
    Cathedral,
    /// 2.6: the Welsh Mercenary in Wales.
    Wales,
    /// R11: a custom block at firepower 6, where every die hits.
    EveryDieHits,
    /// 6.2: a Bombard fires as A3 in round 1.
    BombardA,
    /// 6.2: a Bombard fires as D3 after round 1.
    BombardD,
    /// 6.3, D4: a reserve acts from round 2.
    ReserveActs,
    /// D4: a side's reserves deploy when it has no active block left.
    Deploy,
    /// D5: control changes in round 1.
    ControlChange,
    /// R8: control changes back.
    ControlBack,
    /// 6.5, D9: an heir charges.
    Charge,
    /// D9: a charge eliminates its target.
    ChargeKills,
    /// D9, R9: the target of a charge fires back.
    FireBack,
    /// R12: a target deployed this round does not fire back.
    NoFireBack,
    /// 6.9, D10: a Treachery roll.
    Treachery,
    /// 6.9: a Treachery roll turns its target.
    Turned,
    /// 6.91: Warwick rolls one die against Kent or Salisbury.
    WarwickOneDie,
    /// D11, R2: the Treason card is rolled.
    Treason,
    /// D11: the Treason card turns its target.
    TreasonTurns,
    /// R2: the Treason card's default target.
    TreasonDefault,
    /// D10, R6: a defector acts for its new side.
    DefectorActs,
    /// 9.1: a defected heir is turned back and is an heir again.
    HeirTurnsBack,
    /// 6.6: a side's retreat plan sends a block away.
    SideRetreat,
    /// R3: a block's own retreat plan sends it away.
    BlockRetreat,
    /// 6.2, D12: the attacker retreats in round 4.
    ForcedRetreat,
    /// D12, R4: a block that must retreat and cannot is eliminated.
    NoWayOut,
    /// D13, R7: an attacking block still in the area after round 4.
    Round4Leftover,
    /// D3: the owner's hit order picks among tied strongest blocks.
    TiedHits,
    /// D3: surplus hits go on to the next strongest block.
    Surplus,
    /// 6.81: the King dies.
    KingDies,
    /// 6.82: the Pretender dies.
    PretenderDies,
    /// R1: the next heir becomes Pretender in the battle.
    NewPretender,
    /// 6.82: an heir dies.
    HeirDies,
    /// D14: the Rebel fires.
    Rebel,
    /// R11: a custom block acts.
    Custom,
    /// 3.24: a levy acts.
    Levy,
    /// 3.23: a church block acts.
    Church,
    /// 3.25: a mercenary acts.
    Mercenary,
    /// 3.22: a noble acts.
    Noble,
    /// 3.21: an heir acts.
    Heir,
    /// D13: the area is left vacant.
    Vacant,
    /// D4 after round 1: a side's last active block gone, its defectors in reserve deploy.
    LateDeploy,
    /// 6.6 plans: a ratio condition whose answer depends on counting reserves in the strengths.
    RatioWithReserves,
    /// 9.1, R1: an heir turned back is senior to the King or Pretender of his house.
    SeniorReturns,
    /// D6, D7: a block on a shield by two titles at once (still +1).
    TwoShields,
    /// R1: a new Pretender whose role's roll was spent.
    SpentRole,
    /// D8: an heir charges while a more senior heir of his house waits in reserve.
    JuniorCharges,
    /// 2.2: a defector defends on its shield for its new side.
    DefectorBonus,
    /// D12: a side wants to retreat but has used its capacity this round (above 0).
    CapacityBinds,
    /// R1: a new Pretender makes the Pretender's roll.
    SuccessorRolls,
    /// R1, D10: a planned target is spared because it has just become the Pretender.
    SuccessorSpared,
    /// R1: after the King's death his heir has no King's protection and is rolled against.
    NoKingToProtect,
}

/// Every rule, for the coverage summary.
pub const RULES: [Rule; 60] = {
    use Rule::*;
    [
        Shield,
        NevilleShield,
        DefectedShield,
        HeirOwnShield,
        RoyalShield,
        DeadHeirShield,
        Crown,
        TwoBonuses,
        City,
        Cathedral,
        Wales,
        EveryDieHits,
        BombardA,
        BombardD,
        ReserveActs,
        Deploy,
        ControlChange,
        ControlBack,
        Charge,
        ChargeKills,
        FireBack,
        NoFireBack,
        Treachery,
        Turned,
        WarwickOneDie,
        Treason,
        TreasonTurns,
        TreasonDefault,
        DefectorActs,
        HeirTurnsBack,
        SideRetreat,
        BlockRetreat,
        ForcedRetreat,
        NoWayOut,
        Round4Leftover,
        TiedHits,
        Surplus,
        KingDies,
        PretenderDies,
        NewPretender,
        HeirDies,
        Rebel,
        Custom,
        Levy,
        Church,
        Mercenary,
        Noble,
        Heir,
        Vacant,
        LateDeploy,
        RatioWithReserves,
        SeniorReturns,
        TwoShields,
        SpentRole,
        JuniorCharges,
        DefectorBonus,
        CapacityBinds,
        SuccessorRolls,
        SuccessorSpared,
        NoKingToProtect,
    ]
};

/// What elimination means for a block (6.8, D15).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Fate {
    /// Heirs, rose nobles and the Nevilles (6.82, 6.83).
    Dead,
    /// Other nobles, church, levies, Bombards, custom blocks (6.83, 6.84, R11).
    Pool,
    /// The Welsh Mercenary: the Lancastrian pool (6.85).
    LancastrianPool,
    /// Other mercenaries go home (6.85).
    Home,
    /// The Rebel: the Pretender's pool (6.86).
    PretendersPool,
}

/// One version of a block as it fights in this battle.
#[derive(Debug, Clone)]
struct Version {
    id: String,
    /// The house it serves (the Rebel: the Pretender's, D14; a custom block: its army's).
    house: House,
    kind: Option<Kind>,
    letter: u8,
    fire: u8,
    max: u8,
    /// Treachery dice (3.13, 6.9); `None`: it never defects.
    loyalty: Option<u8>,
    rose: bool,
    heir: Option<u8>,
    /// The shield bonus it has here whoever else is present: a noble's own shield, Exeter/Y's
    /// Cornwall, Clarence/L's York shields, an heir's own specific shield (2.2, D6, D7).
    own_shield: bool,
    city: bool,
    cathedral: bool,
    wales: bool,
    /// The Welsh Mercenary (2.6, 6.85).
    welsh: bool,
}

/// A block of the battle: its versions (the second is the other house's, for a block that can
/// defect; otherwise the same), where it was listed.
#[derive(Debug, Clone)]
struct Entry {
    name: String,
    entered: usize,
    listed: usize,
    v: [Version; 2],
    person: Option<usize>,
    neville: bool,
}

/// Where a block is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum At {
    Reserve,
    Active,
    Eliminated,
    Retreated,
}

#[derive(Debug, Clone, Copy)]
struct Piece {
    /// 0: the version it entered as; 1: the other.
    cur: usize,
    /// 0: the attacker as entered; 1: the defender as entered.
    side: usize,
    strength: u8,
    at: At,
    /// The first round it may act in.
    act_from: u8,
    /// The round it last acted in.
    acted: u8,
    defected: bool,
}

impl Piece {
    fn present(&self) -> bool {
        matches!(self.at, At::Reserve | At::Active)
    }
}

/// A name in a policy, matched against each block in each of its versions.
type Names = Vec<[bool; 2]>;

struct TreacheryPlan {
    by: Names,
    target: Names,
    round: Option<u8>,
}

struct ChargePlan {
    by: Option<Names>,
    target: Names,
    round: Option<u8>,
}

struct BlockRetreat {
    block: Names,
    from_round: Option<u8>,
    below_strength: Option<u8>,
    below_ratio: Option<f64>,
}

/// One side's choices, with every name resolved.
struct Plans {
    /// Order keys for fire (D2) and for hits (D3), by block and version: lower goes first.
    fire_key: Vec<[usize; 2]>,
    hit_key: Vec<[usize; 2]>,
    treachery: Vec<TreacheryPlan>,
    charges: Vec<ChargePlan>,
    treason_target: Option<Names>,
    retreat: Option<(Option<u8>, Option<f64>)>,
    retreats: Vec<BlockRetreat>,
}

/// The area's bonuses that depend on who is present or dead (D6, D7).
#[derive(Default)]
struct AreaFacts {
    crown: bool,
    /// A royal shield of [York, Lancaster] lies here.
    royal: [bool; 2],
    /// Persons whose specific heir shield lies here, with their house.
    heir_shields: Vec<(usize, House)>,
    /// Nevilles whose shield lies here.
    neville_shields: Vec<usize>,
}

/// The state of one sampled battle.
#[derive(Clone)]
struct World {
    p: Vec<Piece>,
    round: u8,
    /// The side now defending (0 or 1, as entered): it changes with control (D5, R8).
    defending: usize,
    /// Retreats this round by side as entered (D12, R7).
    used: [u8; 2],
    lost: [u32; 2],
    /// The King's, the Pretender's and Warwick's Treachery roll spent (6.9, R1).
    rolled: [bool; 3],
    /// The King fell in this battle: nobody is King until the Supply Phase (6.81, R1).
    king_fell: bool,
    /// Persons permanently dead, before or in this battle (6.82, 6.83, R10).
    dead: u64,
    /// The battle's end: who holds (side as entered, or vacant), and its last round.
    end: Option<(Option<usize>, u8)>,
    /// The rules seen (bits of `Rule`).
    seen: u64,
}

impl World {
    fn see(&mut self, r: Rule) {
        self.seen |= 1 << r as u32;
    }
}

/// The figures counted over sampled battles, laid out like the exact report.
#[derive(Debug, Clone)]
pub struct Tally {
    pub runs: u64,
    /// Attacker holds, defender holds, vacant (as entered).
    pub holds: [u64; 3],
    pub rounds: [u64; 4],
    pub control: u64,
    /// Per block (the report's order), per final strength.
    pub strength: Vec<Vec<u64>>,
    pub eliminated: Vec<u64>,
    pub retreated: Vec<u64>,
    pub defected: Vec<u64>,
    /// Per side as entered, per number of steps lost (R4).
    pub lost: [Vec<u64>; 2],
    /// `None` when the King (Pretender) does not fight here.
    pub king: Option<u64>,
    pub pretender: Option<u64>,
    /// Battles in which at least one heir of [York, Lancaster] died.
    pub heirs: [u64; 2],
    /// Per block: what elimination means for it (D15), by the version it entered as.
    pub fates: Vec<Fate>,
    /// Per rule (`RULES` order): in how many battles it happened.
    pub seen: Vec<u64>,
}

/// A valid battle, read for sampling.
pub struct Sampler {
    e: Vec<Entry>,
    throne: House,
    houses: [House; 2],
    area: AreaFacts,
    /// Heirs of both houses, by person, house and rank.
    heirs: Vec<(usize, House, u8)>,
    /// Persons defected elsewhere on the map (R1).
    elsewhere: u64,
    warwick: Option<usize>,
    /// Persons Warwick may not roll against (6.91).
    not_for_warwick: u64,
    /// Persons Warwick rolls one die against (6.91).
    one_die_for_warwick: u64,
    capacity: [Option<u8>; 2],
    treason: Option<usize>,
    plans: [Plans; 2],
    start: World,
    king_at_start: Option<usize>,
    pretender_at_start: Option<usize>,
    /// A battle in progress (`progress`): it starts where it stands, its Treason card played.
    in_progress: bool,
}

fn house_ix(h: House) -> usize {
    match h {
        House::York => 0,
        House::Lancaster => 1,
    }
}

fn side_ix(s: Side) -> usize {
    match s {
        Side::Attacker => 0,
        Side::Defender => 1,
    }
}

/// One die, 1-6.
fn die(rng: &mut BattleRng) -> u8 {
    (rng.next_u64() % 6) as u8 + 1
}

/// Hits of `dice` dice at `fire`, rolled one at a time (6.4).
fn hits(rng: &mut BattleRng, dice: u8, fire: u8) -> u32 {
    let mut n = 0;
    for _ in 0..dice {
        if die(rng) <= fire {
            n += 1;
        }
    }
    n
}

impl Sampler {
    /// Reads a scenario that `Battle::new` accepted.
    pub fn new(r: &Reference, s: &Scenario) -> Sampler {
        let mut persons: Vec<String> = Vec::new();
        for b in &r.blocks {
            if !persons.iter().any(|p| p == b.person()) {
                persons.push(b.person().to_string());
            }
        }
        assert!(persons.len() <= 64);
        let person = |name: &str| persons.iter().position(|p| p.eq_ignore_ascii_case(name));
        // A name in `dead` or `defected_elsewhere`: an id or a person.
        let person_of = |name: &str| -> usize {
            r.block(name)
                .and_then(|b| person(b.person()))
                .or_else(|| person(name))
                .unwrap_or_else(|| panic!("unknown block {name}"))
        };
        let throne = s.king;
        let area = s
            .area
            .as_ref()
            .map(|a| r.area(a).expect("a known area").clone());
        let in_wales = area
            .as_ref()
            .is_some_and(|a| r.wales.iter().any(|w| w == &a.name));
        let has_shield = |name: &str| {
            area.as_ref()
                .is_some_and(|a| a.shields.iter().any(|x| x == name))
        };
        let royal_name = |h: House| match h {
            House::York => "York",
            House::Lancaster => "Lancaster",
        };
        // A version of a printed block as it fights here.
        let version = |b: &crate::reference::Block, army: House| -> Version {
            let own_shield = match &b.defends {
                Defends::Shield(n) => has_shield(n),
                Defends::Area(a) => area.as_ref().is_some_and(|x| &x.name == a),
                Defends::RoyalShields(h) => has_shield(royal_name(*h)),
                Defends::Heir { own: Some(n), .. } => has_shield(n),
                _ => false,
            };
            Version {
                id: b.id.clone(),
                house: b.house.unwrap_or(army),
                kind: Some(b.kind),
                letter: b.letter,
                fire: b.fire,
                max: b.max,
                loyalty: b.loyalty,
                rose: b.rose,
                heir: b.heir_rank,
                own_shield,
                city: matches!(&b.defends, Defends::City(c)
                    if area.as_ref().and_then(|a| a.city.as_ref()) == Some(c)),
                cathedral: matches!(&b.defends, Defends::Cathedral(c)
                    if area.as_ref().and_then(|a| a.cathedral.as_ref()) == Some(c)),
                wales: b.defends == Defends::Wales && in_wales,
                welsh: b.defends == Defends::Wales,
            }
        };
        let armies = [&s.attacker, &s.defender];
        let houses = [s.attacker.house, s.defender.house];
        let mut e: Vec<Entry> = Vec::new();
        for (side, army) in armies.iter().enumerate() {
            for (listed, be) in army.blocks.iter().enumerate() {
                e.push(Self::entry(
                    r, be, side, listed, army.house, &version, &person,
                ));
            }
        }
        let mut facts = AreaFacts::default();
        if let Some(a) = &area {
            facts.crown = a.crown;
            facts.royal = [has_shield("York"), has_shield("Lancaster")];
            for b in &r.blocks {
                if let (
                    Defends::Heir {
                        own: Some(n),
                        house,
                    },
                    true,
                ) = (&b.defends, b.kind == Kind::Heir)
                    && a.shields.iter().any(|x| x == n)
                {
                    facts
                        .heir_shields
                        .push((person(b.person()).unwrap(), *house));
                }
            }
            for n in &r.nevilles {
                if a.shields.iter().any(|x| x == n) {
                    facts.neville_shields.push(person(n).unwrap());
                }
            }
        }
        let mut heirs: Vec<(usize, House, u8)> = r
            .blocks
            .iter()
            .filter_map(|b| Some((person(b.person()).unwrap(), b.house?, b.heir_rank?)))
            .collect();
        heirs.sort_by_key(|&(_, h, rank)| (house_ix(h), rank));
        let mut dead = 0u64;
        for n in &s.dead {
            dead |= 1 << person_of(n);
        }
        let mut elsewhere = 0u64;
        for n in &s.defected_elsewhere {
            elsewhere |= 1 << person_of(n);
        }
        let bit = |n: &str| 1u64 << person(n).unwrap();
        let mut start = World {
            p: e.iter()
                .zip(armies.iter().flat_map(|a| a.blocks.iter()))
                .map(|(en, be)| Piece {
                    cur: 0,
                    side: en.entered,
                    strength: be.strength,
                    at: if be.reserve { At::Reserve } else { At::Active },
                    // 6.3: reserves arrive for round 2.
                    act_from: if be.reserve { 2 } else { 1 },
                    acted: 0,
                    defected: false,
                })
                .collect(),
            round: 1,
            defending: 1,
            used: [0, 0],
            lost: [0, 0],
            rolled: [false; 3],
            king_fell: false,
            dead,
            end: None,
            seen: 0,
        };
        let plans = [0, 1].map(|side| {
            let pol = if side == 0 {
                &s.policy.attacker
            } else {
                &s.policy.defender
            };
            Self::plans(&e, side, houses[side], pol)
        });
        let mut sampler = Sampler {
            e,
            throne,
            houses,
            area: facts,
            heirs,
            elsewhere,
            warwick: person("Warwick"),
            not_for_warwick: bit("Northumberland") | bit("Westmoreland"),
            one_die_for_warwick: bit("Kent") | bit("Salisbury"),
            capacity: [s.attacker.retreat_capacity, s.defender.retreat_capacity],
            treason: s.treason.map(side_ix),
            plans,
            start: start.clone(),
            king_at_start: None,
            pretender_at_start: None,
            in_progress: false,
        };
        if let Some(pr) = &s.progress {
            // A battle under way (docs/scenario.md): its round, who has acted, who has rolled,
            // who has defected (a defector still in reserve joined this round, R6), control and
            // the retreats of this round.
            sampler.in_progress = true;
            start.round = pr.round;
            let find = |name: &String| -> usize {
                let n = Self::names(&sampler.e, name, None);
                (0..sampler.e.len())
                    .find(|&i| n[i][0])
                    .unwrap_or_else(|| panic!("progress names {name}"))
            };
            for name in &pr.defected {
                let i = find(name);
                start.p[i].defected = true;
                if start.p[i].at == At::Reserve {
                    start.p[i].act_from = pr.round + 1;
                }
            }
            for name in &pr.acted {
                start.p[find(name)].acted = pr.round;
            }
            if pr.control_changed {
                start.defending = 0;
            }
            start.used = pr.retreats_used;
            for name in &pr.rolled {
                let i = find(name);
                if sampler.king(&start) == Some(i) {
                    start.rolled[0] = true;
                } else if sampler.pretender(&start) == Some(i) {
                    start.rolled[1] = true;
                } else {
                    start.rolled[2] = true;
                }
            }
        }
        start.seen = 0;
        sampler.king_at_start = sampler.king(&start);
        sampler.pretender_at_start = sampler.pretender(&start);
        sampler.start = start;
        sampler
    }

    fn entry(
        r: &Reference,
        be: &BlockEntry,
        side: usize,
        listed: usize,
        army: House,
        version: &dyn Fn(&crate::reference::Block, House) -> Version,
        person: &dyn Fn(&str) -> Option<usize>,
    ) -> Entry {
        if let Some(c) = &be.custom {
            // R11: no bonus anywhere; with a loyalty it may defect, keeping its rating.
            let rating = c.rating.as_bytes();
            let v = Version {
                id: c.name.clone(),
                house: army,
                kind: None,
                letter: rating[0].to_ascii_uppercase() - b'A',
                fire: rating[1] - b'0',
                max: c.max_strength,
                loyalty: c.loyalty,
                rose: false,
                heir: None,
                own_shield: false,
                city: false,
                cathedral: false,
                wales: false,
                welsh: false,
            };
            let mut other = v.clone();
            if v.loyalty.is_some() {
                other.house = army.other();
            }
            return Entry {
                name: c.name.clone(),
                entered: side,
                listed,
                v: [v, other],
                person: None,
                neville: false,
            };
        }
        let id = be.id.as_deref().unwrap();
        // A noble's name alone is the version of the side's house.
        let b = r
            .block(id)
            .filter(|b| b.house.is_none_or(|h| h == army) || b.id.contains('/'))
            .or_else(|| {
                r.blocks
                    .iter()
                    .find(|b| b.person().eq_ignore_ascii_case(id) && b.house == Some(army))
            })
            .unwrap_or_else(|| panic!("unknown block {id}"));
        let v0 = version(b, army);
        let v1 = match r.other_version(b) {
            Some(o) => version(o, army.other()),
            None => v0.clone(),
        };
        Entry {
            name: id.to_string(),
            entered: side,
            listed,
            v: [v0, v1],
            person: person(b.person()),
            neville: r.nevilles.iter().any(|n| n == b.person()),
        }
    }

    /// Resolves a name of a policy: a block's id in either version, or the name it was entered
    /// under; a noble's name alone means the version of `house` (the side's, docs/scenario.md).
    fn names(e: &[Entry], name: &str, house: Option<House>) -> Names {
        e.iter()
            .map(|en| {
                [0, 1].map(|c| {
                    let v = &en.v[c];
                    name.eq_ignore_ascii_case(&v.id)
                        || (c == 0 && name.eq_ignore_ascii_case(&en.name))
                        || (house == Some(v.house)
                            && en.v[0].id != en.v[1].id
                            && v.id.split('/').next().unwrap().eq_ignore_ascii_case(name))
                })
            })
            .collect()
    }

    fn plans(e: &[Entry], side: usize, house: House, pol: &SidePolicy) -> Plans {
        // D2, D3, R5: the blocks named first, in the list's order; then this side's own blocks
        // in listing order; then defectors in the order the enemy listed them.
        let key = |list: &[String]| -> Vec<[usize; 2]> {
            let resolved: Vec<Names> = list
                .iter()
                .map(|n| Self::names(e, n, Some(house)))
                .collect();
            e.iter()
                .enumerate()
                .map(|(i, en)| {
                    [0, 1].map(|c| {
                        if let Some(k) = resolved.iter().position(|n| n[i][c]) {
                            k
                        } else if en.entered == side {
                            1000 + en.listed
                        } else {
                            2000 + en.listed
                        }
                    })
                })
                .collect()
        };
        Plans {
            fire_key: key(&pol.fire_order),
            hit_key: key(&pol.hit_order),
            treachery: pol
                .treachery
                .iter()
                .map(|t| TreacheryPlan {
                    by: Self::names(e, &t.by, Some(house)),
                    target: Self::names(e, &t.target, None),
                    round: t.round,
                })
                .collect(),
            charges: pol
                .charges
                .iter()
                .map(|c| ChargePlan {
                    by: c.by.as_ref().map(|b| Self::names(e, b, Some(house))),
                    target: Self::names(e, &c.target, None),
                    round: c.round,
                })
                .collect(),
            treason_target: pol.treason_target.as_ref().map(|t| Self::names(e, t, None)),
            retreat: pol.retreat.as_ref().map(|r| (r.from_round, r.below_ratio)),
            retreats: pol
                .retreats
                .iter()
                .map(|b| BlockRetreat {
                    block: Self::names(e, &b.block, Some(house)),
                    from_round: b.from_round,
                    below_strength: b.below_strength,
                    below_ratio: b.below_ratio,
                })
                .collect(),
        }
    }

    /// What elimination means for each block, by the version it entered as (6.8, D15, R11).
    pub fn fates(&self) -> Vec<Fate> {
        self.e
            .iter()
            .map(|en| {
                let v = &en.v[0];
                match v.kind {
                    None => Fate::Pool,
                    Some(Kind::Heir) => Fate::Dead,
                    Some(Kind::Noble) if v.rose || en.neville => Fate::Dead,
                    Some(Kind::Noble | Kind::Church | Kind::Levy | Kind::Bombard) => Fate::Pool,
                    Some(Kind::Mercenary) if v.welsh => Fate::LancastrianPool,
                    Some(Kind::Mercenary) => Fate::Home,
                    Some(Kind::Rebel) => Fate::PretendersPool,
                }
            })
            .collect()
    }

    /// The blocks as the report lists them: name, side as entered, highest final strength.
    pub fn blocks(&self) -> Vec<(String, Side, usize)> {
        self.e
            .iter()
            .map(|en| {
                (
                    en.name.clone(),
                    if en.entered == 0 {
                        Side::Attacker
                    } else {
                        Side::Defender
                    },
                    en.v[0].max.max(en.v[1].max) as usize,
                )
            })
            .collect()
    }

    fn v<'a>(&'a self, w: &World, i: usize) -> &'a Version {
        &self.e[i].v[w.p[i].cur]
    }

    fn is_dead(w: &World, person: usize) -> bool {
        w.dead & (1 << person) != 0
    }

    /// The senior heir of `house` in the realm (3.21, R1): the lowest rank of the heirs not dead,
    /// not defected elsewhere and, if in this battle, not fighting as his defected version.
    fn senior(&self, w: &World, house: House) -> Option<usize> {
        self.heirs
            .iter()
            .filter(|&&(_, h, _)| h == house)
            .find(|&&(p, _, _)| {
                if Self::is_dead(w, p) || self.elsewhere & (1 << p) != 0 {
                    return false;
                }
                match self.e.iter().position(|en| en.person == Some(p)) {
                    Some(i) => self.v(w, i).heir.is_some(),
                    None => true,
                }
            })
            .map(|&(p, _, _)| p)
    }

    /// The block of this person in the battle, if any.
    fn piece_of(&self, person: Option<usize>) -> Option<usize> {
        let p = person?;
        self.e.iter().position(|en| en.person == Some(p))
    }

    /// The King's block in this battle (R1): none once the King has fallen here.
    fn king(&self, w: &World) -> Option<usize> {
        if w.king_fell {
            return None;
        }
        self.piece_of(self.senior(w, self.throne))
    }

    /// The Pretender's block in this battle (R1): the next heir takes the role at once.
    fn pretender(&self, w: &World) -> Option<usize> {
        self.piece_of(self.senior(w, self.throne.other()))
    }

    /// The senior active heir of `house` in the battle at this instant (D8).
    fn senior_active(&self, w: &World, house: House) -> Option<usize> {
        (0..self.e.len())
            .filter(|&i| {
                w.p[i].at == At::Active
                    && self.v(w, i).house == house
                    && self.v(w, i).heir.is_some()
            })
            .min_by_key(|&i| self.v(w, i).heir)
    }

    /// A block's firepower at this instant: its rating (a Bombard's 3), +1 for each defensive
    /// bonus of the side now defending, at most +2, capped at 6 (2.2-2.6, 6.2, D6-D8, R10, R11).
    fn firepower(&self, w: &mut World, i: usize) -> u8 {
        let e = &self.e[i];
        let v = &e.v[w.p[i].cur];
        let mut bonus = 0;
        if w.p[i].side == w.defending {
            let mut shield = false;
            let mut titles = 0;
            if v.own_shield {
                shield = true;
                titles += 1;
                let rule = match v.kind {
                    Some(Kind::Heir) => Rule::HeirOwnShield,
                    _ if v.id == "Exeter/Y" || v.id == "Clarence/L" => Rule::DefectedShield,
                    _ => Rule::Shield,
                };
                w.see(rule);
            }
            let person = self.e[i].person;
            if self.e[i].neville
                && self
                    .area
                    .neville_shields
                    .iter()
                    .any(|&q| Some(q) != person && Self::is_dead(w, q))
            {
                shield = true;
                titles += 1;
                w.see(Rule::NevilleShield);
            }
            if v.heir.is_some() && self.senior_active(w, v.house) == Some(i) {
                if self.area.royal[house_ix(v.house)] {
                    shield = true;
                    titles += 1;
                    w.see(Rule::RoyalShield);
                }
                if self
                    .area
                    .heir_shields
                    .iter()
                    .any(|&(q, h)| h == v.house && Some(q) != person && Self::is_dead(w, q))
                {
                    shield = true;
                    titles += 1;
                    w.see(Rule::DeadHeirShield);
                }
                if self.area.crown && v.house == self.throne {
                    bonus += 1;
                    w.see(Rule::Crown);
                }
            }
            if titles >= 2 {
                w.see(Rule::TwoShields);
            }
            bonus += u8::from(shield);
            for (has, rule) in [
                (v.city, Rule::City),
                (v.cathedral, Rule::Cathedral),
                (v.wales, Rule::Wales),
            ] {
                if has {
                    bonus += 1;
                    w.see(rule);
                }
            }
            if bonus >= 2 {
                w.see(Rule::TwoBonuses);
            }
            if bonus >= 1 && e.entered != w.p[i].side {
                w.see(Rule::DefectorBonus);
            }
        }
        let fire = (v.fire + bonus.min(2)).min(6);
        if fire == 6 {
            w.see(Rule::EveryDieHits);
        }
        fire
    }

    /// Initiative in this round: a Bombard is A in round 1 and D after (6.2, D1).
    fn letter(&self, w: &World, i: usize) -> u8 {
        let v = self.v(w, i);
        if v.kind == Some(Kind::Bombard) {
            if w.round == 1 { 0 } else { 3 }
        } else {
            v.letter
        }
    }

    /// The block leaves the battle dead or to its fate (6.8): heirs as heirs, rose nobles and
    /// Nevilles die for good (D15, R10); the King's death leaves no King (R1).
    fn eliminate(&self, w: &mut World, i: usize) {
        let was_king = self.king(w) == Some(i);
        let was_pretender = self.pretender(w) == Some(i);
        w.p[i].at = At::Eliminated;
        w.p[i].strength = 0;
        let v = self.v(w, i);
        let permanent = v.heir.is_some() || v.rose || self.e[i].neville;
        if let (true, Some(p)) = (permanent, self.e[i].person) {
            w.dead |= 1 << p;
        }
        if v.heir.is_some() {
            w.see(Rule::HeirDies);
        }
        if was_king {
            w.king_fell = true;
            w.see(Rule::KingDies);
        }
        if was_pretender {
            w.see(Rule::PretenderDies);
            if self.pretender(w).is_some_and(|j| w.p[j].present()) {
                w.see(Rule::NewPretender);
                if w.rolled[1] {
                    w.see(Rule::SpentRole);
                }
            }
        }
    }

    /// Lays `n` hits on `side`'s active blocks (6.4, D3): all on the strongest, tied blocks by
    /// the owner's hit order; the surplus of an eliminated block on the next; the rest lost.
    fn strike(&self, w: &mut World, side: usize, mut n: u32) {
        let mut first = true;
        while n > 0 {
            let targets =
                (0..self.e.len()).filter(|&j| w.p[j].side == side && w.p[j].at == At::Active);
            let Some(top) = targets.clone().map(|j| w.p[j].strength).max() else {
                break;
            };
            let tied = targets.filter(|&j| w.p[j].strength == top);
            let j = tied
                .clone()
                .min_by_key(|&j| self.plans[side].hit_key[j][w.p[j].cur])
                .unwrap();
            if tied.count() > 1 {
                w.see(Rule::TiedHits);
            }
            if !first {
                w.see(Rule::Surplus);
            }
            first = false;
            let take = n.min(top as u32);
            w.p[j].strength -= take as u8;
            w.lost[side] += take;
            n -= take;
            if w.p[j].strength == 0 {
                self.eliminate(w, j);
            }
        }
    }

    /// Total strength of a side's blocks in the battle, active and reserve (6.6 plans).
    fn total(w: &World, side: usize) -> u32 {
        w.p.iter()
            .filter(|p| p.side == side && p.present())
            .map(|p| p.strength as u32)
            .sum()
    }

    fn ratio(w: &World, side: usize) -> f64 {
        Self::total(w, side) as f64 / Self::total(w, 1 - side) as f64
    }

    fn can_retreat(&self, w: &World, side: usize) -> bool {
        self.capacity[side].is_none_or(|c| w.used[side] < c)
    }

    /// The Treachery roll's dice against `j` (6.9, 6.91, R2), or `None` if `j` cannot be rolled
    /// against by this roller now: an active enemy block with a loyalty, neither King nor
    /// Pretender, not defected in this battle (D10). `warwick`: Warwick is rolling.
    fn treachery_dice(&self, w: &World, j: usize, enemy: usize, warwick: bool) -> Option<u8> {
        let p = w.p[j];
        if p.side != enemy || p.at != At::Active || p.defected {
            return None;
        }
        if self.king(w) == Some(j) || self.pretender(w) == Some(j) {
            return None;
        }
        let dice = self.v(w, j).loyalty?;
        let bit = self.e[j].person.map_or(0, |q| 1u64 << q);
        if warwick && self.not_for_warwick & bit != 0 {
            return None;
        }
        if warwick && self.one_die_for_warwick & bit != 0 {
            return Some(1);
        }
        Some(dice)
    }

    /// Rolls `dice` dice for `j`: all even, it turns to `to`'s reserve at its strength (6.9).
    fn treachery(&self, w: &mut World, rng: &mut BattleRng, j: usize, to: usize, dice: u8) -> bool {
        let mut all_even = true;
        for _ in 0..dice {
            if die(rng) % 2 == 1 {
                all_even = false;
            }
        }
        if all_even {
            let p = &mut w.p[j];
            p.cur = 1 - p.cur;
            p.side = to;
            p.at = At::Reserve;
            // D10, R6: it fights from the next round (never, if it turned in round 4).
            p.act_from = w.round + 1;
            p.defected = true;
            if self.v(w, j).heir.is_some() {
                w.see(Rule::HeirTurnsBack);
                if self.king(w) == Some(j) || self.pretender(w) == Some(j) {
                    w.see(Rule::SeniorReturns);
                }
            }
        }
        all_even
    }

    /// After every action: reserves deploy when their side has no active block (D4), control
    /// changes when that side defends in round 1 (D5, R8), and the battle ends when a side has no
    /// block left (D13).
    fn settle(&self, w: &mut World) {
        for side in [w.defending, 1 - w.defending] {
            let active = w.p.iter().any(|p| p.side == side && p.at == At::Active);
            let reserve = w.p.iter().any(|p| p.side == side && p.at == At::Reserve);
            if !active && reserve {
                for p in
                    w.p.iter_mut()
                        .filter(|p| p.side == side && p.at == At::Reserve)
                {
                    p.at = At::Active;
                    p.act_from = p.act_from.max(w.round + 1);
                }
                w.see(if w.round == 1 {
                    Rule::Deploy
                } else {
                    Rule::LateDeploy
                });
                if w.round == 1 && side == w.defending {
                    w.defending = 1 - w.defending;
                    w.see(if w.defending == 1 {
                        Rule::ControlBack
                    } else {
                        Rule::ControlChange
                    });
                }
                break;
            }
        }
        let here = |s: usize| w.p.iter().any(|p| p.side == s && p.present());
        let (a, d) = (here(0), here(1));
        if !a || !d {
            let holder = if a {
                Some(0)
            } else if d {
                Some(1)
            } else {
                None
            };
            w.end = Some((holder, w.round));
        }
    }

    /// The next block to act this round (D1, D2): letters A to D, the side now defending first,
    /// then the owner's fire order; blocks that joined this round wait (D4, R6).
    fn next(&self, w: &World) -> Option<usize> {
        for letter in 0..4 {
            for side in [w.defending, 1 - w.defending] {
                let best = (0..self.e.len())
                    .filter(|&i| {
                        let p = w.p[i];
                        p.side == side
                            && p.at == At::Active
                            && p.acted != w.round
                            && p.act_from <= w.round
                            && self.letter(w, i) == letter
                    })
                    .min_by_key(|&i| self.plans[side].fire_key[i][w.p[i].cur]);
                if best.is_some() {
                    return best;
                }
            }
        }
        None
    }

    fn retreat(&self, w: &mut World, i: usize) {
        let side = w.p[i].side;
        w.p[i].at = At::Retreated;
        w.used[side] += 1;
    }

    /// One block's turn (6.2, R3).
    fn act(&self, w: &mut World, rng: &mut BattleRng, i: usize) {
        let side = w.p[i].side;
        let enemy = 1 - side;
        let r = w.round;
        let attacking = side != w.defending;
        let plans = &self.plans[side];
        let cur = w.p[i].cur;
        if self.e[i].entered != side {
            w.see(Rule::DefectorActs);
        }
        if w.p[i].act_from == 2 && r == 2 && !w.p[i].defected {
            w.see(Rule::ReserveActs);
        }
        // 6.2, D12: the attacker retreats on its turn in round 4, or is eliminated.
        if attacking && r == 4 {
            if self.can_retreat(w, side) {
                self.retreat(w, i);
                w.see(Rule::ForcedRetreat);
            } else {
                if self.capacity[side].is_some_and(|c| c > 0) {
                    w.see(Rule::CapacityBinds);
                }
                w.lost[side] += w.p[i].strength as u32;
                self.eliminate(w, i);
                w.see(Rule::NoWayOut);
            }
            return;
        }
        if r >= 2
            && !self.can_retreat(w, side)
            && self.capacity[side].is_some_and(|c| c > 0)
            && (plans.retreat.is_some() || plans.retreats.iter().any(|b| b.block[i][cur]))
        {
            w.see(Rule::CapacityBinds);
        }
        // 6.6: never in round 1; a plan that holds, capacity allowing.
        if r >= 2 && self.can_retreat(w, side) {
            let ratio = Self::ratio(w, side);
            let active = |s: usize| -> f64 {
                w.p.iter()
                    .filter(|p| p.side == s && p.at == At::Active)
                    .map(|p| p.strength as f64)
                    .sum()
            };
            let ratio_active = active(side) / active(enemy);
            let ratios = plans.retreat.iter().filter_map(|&(_, b)| b).chain(
                plans
                    .retreats
                    .iter()
                    .filter(|b| b.block[i][cur])
                    .filter_map(|b| b.below_ratio),
            );
            if ratios.clone().any(|b| (ratio < b) != (ratio_active < b)) {
                w.see(Rule::RatioWithReserves);
            }
            let by_side = plans.retreat.is_some_and(|(from, below)| {
                from.is_none_or(|f| r >= f) && below.is_none_or(|b| ratio < b)
            });
            let by_block = plans.retreats.iter().any(|b| {
                b.block[i][cur]
                    && b.from_round.is_none_or(|f| r >= f)
                    && b.below_strength.is_none_or(|s| w.p[i].strength < s)
                    && b.below_ratio.is_none_or(|x| ratio < x)
            });
            if by_side || by_block {
                self.retreat(w, i);
                w.see(if by_side {
                    Rule::SideRetreat
                } else {
                    Rule::BlockRetreat
                });
                return;
            }
        }
        // 6.9, D10: the King, the Pretender or Warwick, one roll each; attacker rounds 1-3.
        let role = if self.king(w) == Some(i) && !w.rolled[0] {
            Some(0)
        } else if self.pretender(w) == Some(i) && !w.rolled[1] {
            Some(1)
        } else if self.e[i].person.is_some() && self.e[i].person == self.warwick && !w.rolled[2] {
            Some(2)
        } else {
            None
        };
        if let Some(role) = role.filter(|_| !attacking || r <= 3) {
            let warwick = role == 2;
            for plan in &plans.treachery {
                if !plan.by[i][cur] || plan.round.is_some_and(|x| x != r) {
                    continue;
                }
                if let Some(j) = (0..self.e.len()).find(|&j| plan.target[j][w.p[j].cur]) {
                    let p = w.p[j];
                    if p.side == enemy && p.at == At::Active && !p.defected {
                        if self.pretender(w) == Some(j) && self.pretender_at_start != Some(j) {
                            w.see(Rule::SuccessorSpared);
                        }
                        let v = self.v(w, j);
                        if w.king_fell
                            && v.heir.is_some()
                            && v.house == self.throne
                            && v.loyalty.is_some()
                        {
                            w.see(Rule::NoKingToProtect);
                        }
                    }
                }
                let target = (0..self.e.len()).find(|&j| {
                    plan.target[j][w.p[j].cur]
                        && self.treachery_dice(w, j, enemy, warwick).is_some()
                });
                if let Some(j) = target {
                    let dice = self.treachery_dice(w, j, enemy, warwick).unwrap();
                    let bit = self.e[j].person.map_or(0, |q| 1u64 << q);
                    if warwick && self.one_die_for_warwick & bit != 0 {
                        w.see(Rule::WarwickOneDie);
                    }
                    w.rolled[role] = true;
                    w.see(Rule::Treachery);
                    if role == 1 && self.pretender_at_start != Some(i) {
                        w.see(Rule::SuccessorRolls);
                    }
                    if self.treachery(w, rng, j, side, dice) {
                        w.see(Rule::Turned);
                    }
                    return;
                }
            }
        }
        // 6.5, D9: the senior heir may charge a named active enemy; attacker rounds 1-3.
        let v = self.v(w, i);
        if v.heir.is_some()
            && self.houses[side] == v.house
            && self.senior_active(w, v.house) == Some(i)
            && (!attacking || r <= 3)
        {
            for plan in &plans.charges {
                if plan.round.is_some_and(|x| x != r)
                    || plan.by.as_ref().is_some_and(|b| !b[i][cur])
                {
                    continue;
                }
                let target = (0..self.e.len()).find(|&j| {
                    plan.target[j][w.p[j].cur] && w.p[j].side == enemy && w.p[j].at == At::Active
                });
                if let Some(j) = target {
                    let senior_waits = (0..self.e.len()).any(|k| {
                        w.p[k].at == At::Reserve
                            && self.v(w, k).house == v.house
                            && self.v(w, k).heir.is_some_and(|x| Some(x) < v.heir)
                    });
                    if senior_waits {
                        w.see(Rule::JuniorCharges);
                    }
                    self.charge(w, rng, i, j);
                    return;
                }
            }
        }
        self.fire(w, rng, i);
    }

    fn see_kind(&self, w: &mut World, i: usize) {
        let rule = match self.v(w, i).kind {
            None => Rule::Custom,
            Some(Kind::Heir) => Rule::Heir,
            Some(Kind::Noble) => Rule::Noble,
            Some(Kind::Church) => Rule::Church,
            Some(Kind::Levy) => Rule::Levy,
            Some(Kind::Mercenary) => Rule::Mercenary,
            Some(Kind::Rebel) => Rule::Rebel,
            Some(Kind::Bombard) => {
                if w.round == 1 {
                    Rule::BombardA
                } else {
                    Rule::BombardD
                }
            }
        };
        w.see(rule);
    }

    /// The block fires (6.4): its strength in dice, each die at or under its firepower a hit.
    fn fire(&self, w: &mut World, rng: &mut BattleRng, i: usize) {
        self.see_kind(w, i);
        let fp = self.firepower(w, i);
        let n = hits(rng, w.p[i].strength, fp);
        self.strike(w, 1 - w.p[i].side, n);
    }

    /// A charge (6.5, D9, R9, R12).
    fn charge(&self, w: &mut World, rng: &mut BattleRng, i: usize, j: usize) {
        w.see(Rule::Charge);
        self.see_kind(w, i);
        let fp = self.firepower(w, i);
        let n = hits(rng, w.p[i].strength, fp);
        let target_side = w.p[j].side;
        if n >= w.p[j].strength as u32 {
            // Eliminated; the surplus is forfeit.
            w.lost[target_side] += w.p[j].strength as u32;
            self.eliminate(w, j);
            w.see(Rule::ChargeKills);
            return;
        }
        w.p[j].strength -= n as u8;
        w.lost[target_side] += n;
        if w.p[j].act_from > w.round {
            // R12: deployed this round, it does not fire back.
            w.see(Rule::NoFireBack);
            return;
        }
        w.see(Rule::FireBack);
        let fp = self.firepower(w, j);
        let back = hits(rng, w.p[j].strength, fp).min(w.p[i].strength as u32);
        w.p[i].strength -= back as u8;
        w.lost[w.p[i].side] += back;
        if w.p[i].strength == 0 {
            self.eliminate(w, i);
        }
    }

    /// The Treason card before round 1 (D11, R2).
    fn treason(&self, w: &mut World, rng: &mut BattleRng, holder: usize) {
        let enemy = 1 - holder;
        let target = match &self.plans[holder].treason_target {
            Some(names) => (0..self.e.len()).find(|&j| names[j][w.p[j].cur]),
            None => {
                w.see(Rule::TreasonDefault);
                (0..self.e.len())
                    .filter(|&j| self.treachery_dice(w, j, enemy, false).is_some())
                    .min_by_key(|&j| {
                        (
                            self.treachery_dice(w, j, enemy, false),
                            std::cmp::Reverse(w.p[j].strength),
                            self.e[j].listed,
                        )
                    })
            }
        };
        let Some(j) = target else { return };
        let Some(dice) = self.treachery_dice(w, j, enemy, false) else {
            return;
        };
        w.see(Rule::Treason);
        if self.treachery(w, rng, j, holder, dice) {
            w.see(Rule::TreasonTurns);
        }
    }

    /// One battle, to its end.
    fn once(&self, rng: &mut BattleRng) -> World {
        let mut w = self.start.clone();
        let first = w.round;
        'rounds: for r in first..=4u8 {
            if r > first {
                w.round = r;
                w.used = [0, 0];
                // D4: every reserve is active from the start of round 2; a defector from the
                // round after it turned.
                for p in w.p.iter_mut().filter(|p| p.at == At::Reserve) {
                    p.at = At::Active;
                }
            } else {
                if let (Some(holder), false) = (self.treason, self.in_progress) {
                    // D11, R2: the Treason card, at the start of round 1.
                    self.treason(&mut w, rng, holder);
                }
                self.settle(&mut w);
                if w.end.is_some() {
                    break 'rounds;
                }
            }
            while let Some(i) = self.next(&w) {
                w.p[i].acted = r;
                self.act(&mut w, rng, i);
                self.settle(&mut w);
                if w.end.is_some() {
                    break 'rounds;
                }
            }
        }
        if w.end.is_none() {
            // D13, R7: attacking blocks still here after round 4 retreat with what is left of
            // the round's capacity, in fire order, or are eliminated.
            let att = 1 - w.defending;
            let mut left: Vec<usize> = (0..self.e.len())
                .filter(|&i| w.p[i].side == att && w.p[i].present())
                .collect();
            left.sort_by_key(|&i| self.plans[att].fire_key[i][w.p[i].cur]);
            for i in left {
                w.see(Rule::Round4Leftover);
                if self.can_retreat(&w, att) {
                    self.retreat(&mut w, i);
                } else {
                    w.lost[att] += w.p[i].strength as u32;
                    self.eliminate(&mut w, i);
                    w.see(Rule::NoWayOut);
                }
            }
            let here = |s: usize| w.p.iter().any(|p| p.side == s && p.present());
            let holder = if here(w.defending) {
                Some(w.defending)
            } else if here(1 - w.defending) {
                Some(1 - w.defending)
            } else {
                None
            };
            w.end = Some((holder, 4));
        }
        if w.end.unwrap().0.is_none() {
            w.see(Rule::Vacant);
        }
        w
    }

    /// Samples `runs` battles.
    pub fn run(&self, runs: u64, rng: &mut BattleRng) -> Tally {
        let n = self.e.len();
        let start_total: usize = self.start.p.iter().map(|p| p.strength as usize).sum();
        let mut t = Tally {
            runs,
            holds: [0; 3],
            rounds: [0; 4],
            control: 0,
            strength: self
                .blocks()
                .iter()
                .map(|(_, _, max)| vec![0; max + 1])
                .collect(),
            eliminated: vec![0; n],
            retreated: vec![0; n],
            defected: vec![0; n],
            lost: [vec![0; start_total + 1], vec![0; start_total + 1]],
            king: self.king_at_start.map(|_| 0),
            pretender: self.pretender_at_start.map(|_| 0),
            heirs: [0; 2],
            fates: self.fates(),
            seen: vec![0; RULES.len()],
        };
        for _ in 0..runs {
            let w = self.once(rng);
            let (holder, round) = w.end.unwrap();
            t.holds[holder.unwrap_or(2)] += 1;
            t.rounds[round as usize - 1] += 1;
            t.control += u64::from(w.defending == 0);
            let mut heir_died = [false; 2];
            for i in 0..n {
                let p = w.p[i];
                t.strength[i][p.strength as usize] += 1;
                t.eliminated[i] += u64::from(p.at == At::Eliminated);
                t.retreated[i] += u64::from(p.at == At::Retreated);
                t.defected[i] += u64::from(p.defected);
                let v = self.v(&w, i);
                if p.at == At::Eliminated && v.heir.is_some() {
                    heir_died[house_ix(v.house)] = true;
                }
            }
            for (count, died) in t.heirs.iter_mut().zip(heir_died) {
                *count += u64::from(died);
            }
            for (side, lost) in w.lost.iter().enumerate() {
                t.lost[side][*lost as usize] += 1;
            }
            if let (Some(k), Some(c)) = (self.king_at_start, t.king.as_mut()) {
                *c += u64::from(w.p[k].at == At::Eliminated);
            }
            if let (Some(k), Some(c)) = (self.pretender_at_start, t.pretender.as_mut()) {
                *c += u64::from(w.p[k].at == At::Eliminated);
            }
            for (k, rule) in RULES.iter().enumerate() {
                if w.seen & (1 << *rule as u32) != 0 {
                    t.seen[k] += 1;
                }
            }
        }
        t
    }
}
