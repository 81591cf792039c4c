//! Every figure of the exact solver against an independent sampler of the battle
//! (`tests/sample/battle.rs`, written from the rulebook and the decisions without the engine's
//! rules code): who holds the area, the round the battle ends, control changes, each block's
//! final strength, elimination, retreat, defection and fate, each side's steps lost, the deaths
//! of the King, the Pretender and the heirs.
//!
//! - `exact_battles_agree_with_an_independent_sampler`: 240 generated battles (fresh and in
//!   progress), 20,000 sampled battles each, that cover every rule of section 6 and every choice
//!   of the scenario format; it asserts the coverage, and prints it with `--nocapture`.
//! - `probe_battles_agree_with_an_independent_sampler`: battles built for one reading or narrow
//!   case each (`PROBES`), 100,000 sampled battles each.
//! - `disputed_battles_agree_with_an_independent_sampler` (ignored): where the two disagree
//!   (`DISPUTED`), until the rule is decided.
//!
//! Run them alone with `cargo test --test battle_sampler`. A failure names the battle's seed (or
//! the probe) and the figure. `BATTLE_SAMPLER_SEEDS=12,40` runs only those seeds and prints their
//! scenarios; `BATTLE_SAMPLER_RUNS=200000` changes the runs per generated battle;
//! `BATTLE_SAMPLER_KEEP_GOING=1` compares every generated battle and fails with how many
//! disagree (for mutation runs); `BATTLE_SAMPLER_REFUSALS=1` prints why `Battle::new` refused
//! generated battles.

use bosworth::data::House;
use bosworth::rules::dice::{BattleRng, rng_from_seed};
use bosworth::{Battle, Report, Scenario};
use rand::Rng;
use serde_json::{Value, json};

#[path = "sample/check.rs"]
mod check;
#[path = "sample/reference.rs"]
mod reference;
#[path = "sample/battle.rs"]
mod sample;

use check::agrees;
use reference::{Block, Defends, Kind, Reference};
use sample::{Fate, RULES, Rule, Sampler, Tally};

// ---- generated battles ----

fn pick<R: Rng>(rng: &mut R, n: usize) -> usize {
    (rng.next_u64() % n as u64) as usize
}

fn chance<R: Rng>(rng: &mut R, num: u64, den: u64) -> bool {
    rng.next_u64() % den < num
}

fn shuffle<T>(rng: &mut BattleRng, v: &mut [T]) {
    for i in (1..v.len()).rev() {
        let j = pick(rng, i + 1);
        v.swap(i, j);
    }
}

fn house_name(h: House) -> &'static str {
    match h {
        House::York => "York",
        House::Lancaster => "Lancaster",
    }
}

/// One block chosen for a side.
#[derive(Clone)]
struct Chosen {
    json: Value,
    /// Its id (a custom block's name).
    id: String,
    heir: bool,
    /// Its other version's id, if it can defect.
    other: Option<String>,
    loyal: bool,
    reserve: bool,
    max: u8,
}

/// The battle being generated.
struct Draft<'a> {
    r: &'a Reference,
    throne: House,
    houses: [House; 2],
    dead: Vec<String>,
    elsewhere: Vec<String>,
    area: Option<String>,
    /// Persons already placed, dead or defected elsewhere.
    used: Vec<String>,
    sides: [Vec<Chosen>; 2],
    customs: usize,
}

impl<'a> Draft<'a> {
    fn free(&self, b: &Block) -> bool {
        !self.used.iter().any(|u| u == b.person())
    }

    /// The blocks that may still join side `s`: its house's, the Rebel for the Pretender's.
    fn pool(&self, s: usize) -> Vec<&'a Block> {
        let h = self.houses[s];
        let r: &'a Reference = self.r;
        r.blocks
            .iter()
            .filter(|b| {
                (b.house == Some(h) || (b.kind == Kind::Rebel && h == self.throne.other()))
                    && self.free(b)
            })
            .collect()
    }

    fn add(&mut self, rng: &mut BattleRng, s: usize, b: &Block) {
        self.used.push(b.person().to_string());
        let strength = 1 + pick(rng, b.max as usize);
        self.sides[s].push(Chosen {
            json: json!({"id": b.id, "strength": strength}),
            id: b.id.clone(),
            heir: b.kind == Kind::Heir,
            other: self.r.other_version(b).map(|o| o.id.clone()),
            loyal: b.loyalty.is_some(),
            reserve: false,
            max: b.max,
        });
    }

    fn add_id(&mut self, rng: &mut BattleRng, s: usize, id: &str) -> bool {
        match self.r.block(id) {
            Some(b) if self.free(b) && self.pool(s).iter().any(|p| p.id == b.id) => {
                self.add(rng, s, b);
                true
            }
            _ => false,
        }
    }

    /// A what-if block (R11): any rating up to 6, sometimes a loyalty.
    fn add_custom(&mut self, rng: &mut BattleRng, s: usize) {
        self.customs += 1;
        let letter = ['A', 'B', 'C', 'D'][pick(rng, 4)];
        let fire = 1 + pick(rng, 6);
        let max = 1 + pick(rng, 4) as u8;
        let loyalty = chance(rng, 1, 2).then(|| 1 + pick(rng, 3));
        let name = format!("Sir John {}", self.customs);
        let mut custom =
            json!({"name": name, "rating": format!("{letter}{fire}"), "max_strength": max});
        if let Some(l) = loyalty {
            custom["loyalty"] = json!(l);
        }
        self.sides[s].push(Chosen {
            json: json!({"custom": custom, "strength": 1 + pick(rng, max as usize)}),
            id: name,
            heir: false,
            other: None,
            loyal: loyalty.is_some(),
            reserve: false,
            max,
        });
    }

    /// Whether `b` defends at +1 in `area` under some circumstance (2.2-2.6, D6, D7).
    fn bonus_here(&self, b: &Block, area: &str) -> u8 {
        let r = self.r;
        let a = r.area(area).unwrap();
        let shield = |n: &str| a.shields.iter().any(|s| s == n);
        match &b.defends {
            Defends::Shield(n) => u8::from(
                shield(n) || (r.nevilles.contains(n) && r.nevilles.iter().any(|x| shield(x))),
            ),
            Defends::Area(x) => u8::from(&a.name == x),
            Defends::RoyalShields(h) => u8::from(shield(house_name(*h))),
            Defends::Heir { own, house } => {
                let specific = r.blocks.iter().any(|o| {
                    matches!(&o.defends, Defends::Heir { own: Some(n), house: oh } if oh == house && shield(n))
                });
                let has_shield = shield(house_name(*house))
                    || own.as_ref().is_some_and(|o| shield(o))
                    || specific;
                u8::from(has_shield) + u8::from(a.crown && *house == self.throne)
            }
            Defends::Cathedral(c) => u8::from(a.cathedral.as_ref() == Some(c)),
            Defends::City(c) => u8::from(a.city.as_ref() == Some(c)),
            Defends::Wales => u8::from(r.wales.contains(&a.name)),
            Defends::Nowhere => 0,
        }
    }

    /// The senior living heir of `h` not defected: the King or Pretender if he fights (R1).
    fn senior(&self, h: House) -> Option<String> {
        let mut heirs: Vec<&Block> = self
            .r
            .blocks
            .iter()
            .filter(|b| b.kind == Kind::Heir && b.house == Some(h))
            .collect();
        heirs.sort_by_key(|b| b.heir_rank);
        heirs
            .into_iter()
            .filter(|b| {
                !self.dead.iter().any(|d| d == b.person())
                    && !self.elsewhere.iter().any(|e| e.starts_with(b.person()))
                    && !self
                        .sides
                        .iter()
                        .flatten()
                        .any(|c| c.id != b.id && c.id.split('/').next() == Some(b.person()))
            })
            .map(|b| b.id.clone())
            .next()
    }

    /// Blocks that may roll for side `s` (6.9): its King or Pretender if here, and Warwick.
    fn rollers(&self, s: usize) -> Vec<String> {
        let mut v: Vec<String> = Vec::new();
        if let Some(k) = self.senior(self.houses[s])
            && self.sides[s].iter().any(|c| c.id == k)
        {
            v.push(k);
        }
        for c in &self.sides[s] {
            if c.id.starts_with("Warwick/") {
                v.push(c.id.clone());
            }
        }
        v
    }
}

/// What a generated battle leans towards.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Mode {
    /// Blocks and area at random.
    Plain,
    /// The defender's first block in an area where it defends at +1 or +2.
    Bonus,
    /// Both sides' senior heirs, often on a crown.
    Heirs,
    /// A roller (King, Pretender, Warwick) against blocks that can defect.
    Rolls,
    /// A thin defence with reserves: deployments and control changes.
    Reserves,
}

/// A random battle as JSON, leaning as `Mode` says: a throne, dead heirs and Nevilles, heirs and
/// Nevilles defected elsewhere, an area (or none), one to three blocks a side, reserves, retreat
/// capacities from the area's borders, the Treason card, every kind of choice of the policy, and
/// one battle in six taken up in progress. Some are invalid; `Battle::new` sorts them out.
fn random_battle(r: &Reference, seed: u64) -> Value {
    let mut rng = rng_from_seed(0x5A3D_1E00_0000 + seed);
    let rng = &mut rng;
    // Modes and kinds of bonus in turn, so that every one has its share of battles.
    let mode = [
        Mode::Plain,
        Mode::Bonus,
        Mode::Heirs,
        Mode::Rolls,
        Mode::Bonus,
        Mode::Reserves,
    ][(seed % 6) as usize];
    let bonus_kind = ((seed / 3) % 11) as usize;
    let throne = if chance(rng, 1, 2) {
        House::York
    } else {
        House::Lancaster
    };
    let att_house = if chance(rng, 1, 2) {
        House::York
    } else {
        House::Lancaster
    };
    let mut d = Draft {
        r,
        throne,
        houses: [att_house, att_house.other()],
        dead: vec![],
        elsewhere: vec![],
        area: None,
        used: vec![],
        sides: [vec![], vec![]],
        customs: 0,
    };
    // Dead heirs (never all five of a house) and Nevilles.
    for h in [House::York, House::Lancaster] {
        let mut n = 0;
        let mut heirs: Vec<&Block> = r
            .blocks
            .iter()
            .filter(|b| b.kind == Kind::Heir && b.house == Some(h))
            .collect();
        heirs.sort_by_key(|b| b.heir_rank);
        for b in heirs {
            if n < 4 && chance(rng, 1, 4) {
                d.dead.push(b.person().to_string());
                n += 1;
            }
        }
    }
    for n in &r.nevilles {
        if chance(rng, 1, 7) {
            d.dead.push(n.clone());
        }
    }
    for id in [
        "Clarence/L",
        "Exeter/Y",
        "Warwick/L",
        "Kent/L",
        "Salisbury/L",
    ] {
        let person = id.split('/').next().unwrap();
        if !d.dead.iter().any(|x| x == person) && chance(rng, 1, 10) {
            d.elsewhere.push(id.to_string());
        }
    }
    d.used = d.dead.clone();
    d.used.extend(
        d.elsewhere
            .iter()
            .map(|e| e.split('/').next().unwrap().to_string()),
    );
    let attackable: Vec<String> = r
        .areas
        .iter()
        .filter(|a| !r.exiles.contains(&a.name))
        .map(|a| a.name.clone())
        .collect();
    d.area = (!chance(rng, 1, 14)).then(|| attackable[pick(rng, attackable.len())].clone());
    let mut counts = [1 + pick(rng, 3), 1 + pick(rng, 3)];
    let mut charge_a_reserve = false;
    let mut turn_him: Option<String> = None;
    let mut aim: Option<(usize, String)> = None;
    while counts[0] + counts[1] > 5 {
        counts[pick(rng, 2)] -= 1;
    }
    match mode {
        Mode::Plain => {}
        Mode::Bonus => {
            // A kind of bonus first, then a block and an area that have it (2.2-2.6, D6, D7);
            // the block defends, its house chosen to fit, the shield's owner dead if need be.
            let areas: Vec<&reference::Area> =
                attackable.iter().map(|a| r.area(a).unwrap()).collect();
            let shield = |a: &reference::Area, n: &str| a.shields.iter().any(|x| x == n);
            let specific = |h: House| -> Vec<(&Block, String)> {
                r.blocks
                    .iter()
                    .filter_map(|o| match &o.defends {
                        Defends::Heir {
                            own: Some(n),
                            house,
                        } if *house == h => Some((o, n.clone())),
                        _ => None,
                    })
                    .collect()
            };
            let kind = bonus_kind;
            // (block, area, persons who must be dead, the throne if it matters)
            let mut options: Vec<(&Block, &reference::Area, Vec<String>, Option<House>)> = vec![];
            for b in &r.blocks {
                for &a in &areas {
                    match (&b.defends, kind) {
                        (Defends::Shield(n), 0) if !r.nevilles.contains(n) && shield(a, n) => {
                            options.push((b, a, vec![], None))
                        }
                        (Defends::Shield(n), 1) if r.nevilles.contains(n) => {
                            for other in &r.nevilles {
                                // On his own shield too, half the time: two titles (D6).
                                if other != n
                                    && shield(a, other)
                                    && (shield(a, n) || chance(rng, 1, 2))
                                {
                                    options.push((b, a, vec![other.clone()], None));
                                }
                            }
                        }
                        (Defends::Area(x), 2) if &a.name == x => options.push((b, a, vec![], None)),
                        (Defends::RoyalShields(h), 2) if shield(a, house_name(*h)) => {
                            options.push((b, a, vec![], None))
                        }
                        (
                            Defends::Heir {
                                own: Some(n),
                                house,
                            },
                            3,
                        ) if shield(a, n) => options.push((b, a, vec![], Some(*house))),
                        (Defends::Heir { house, .. }, 4) if shield(a, house_name(*house)) => {
                            options.push((b, a, vec![], Some(*house)))
                        }
                        (Defends::Heir { house, .. }, 5) => {
                            for (o, n) in specific(*house) {
                                if o.person() != b.person() && shield(a, &n) {
                                    // Exeter alive as Exeter/Y keeps Cornwall (R10): he
                                    // attacks it, half the time, instead of being dead.
                                    let who = if o.person() == "Exeter" && chance(rng, 1, 2) {
                                        "Exeter/Y attacks".to_string()
                                    } else {
                                        o.person().to_string()
                                    };
                                    options.push((b, a, vec![who], None));
                                }
                            }
                        }
                        (Defends::Heir { house, own }, 6) if a.crown => {
                            // Crown and shield together half the time (+2, 2.3).
                            let two = shield(a, house_name(*house))
                                || own.as_ref().is_some_and(|n| shield(a, n));
                            if two || chance(rng, 1, 2) {
                                options.push((b, a, vec![], Some(*house)));
                            }
                        }
                        (Defends::City(c), 7) if a.city.as_ref() == Some(c) => {
                            options.push((b, a, vec![], None))
                        }
                        (Defends::Cathedral(c), 8) if a.cathedral.as_ref() == Some(c) => {
                            options.push((b, a, vec![], None))
                        }
                        (Defends::Wales, 9) if r.wales.contains(&a.name) => {
                            options.push((b, a, vec![], None))
                        }
                        // A noble who can defect, on his shield: he attacks, and the defender's
                        // Treason card may turn him to defend it (2.2).
                        (Defends::Shield(n), 10) if b.loyalty.is_some() && shield(a, n) => {
                            options.push((b, a, vec![], None))
                        }
                        _ => {}
                    }
                }
            }
            let (b, a, must_die, throne_needed) = options.swap_remove(pick(rng, options.len()));
            let h = b.house.unwrap();
            d.houses = [h.other(), h];
            if let Some(t) = throne_needed {
                d.throne = t;
            }
            d.dead.retain(|x| x != b.person());
            d.elsewhere.retain(|x| !x.starts_with(b.person()));
            let mut exeter_attacks = false;
            for p in must_die {
                if p == "Exeter/Y attacks" {
                    exeter_attacks = true;
                } else if !d.dead.contains(&p) {
                    d.dead.push(p);
                }
            }
            // Never all five heirs of a house dead.
            for house in [House::York, House::Lancaster] {
                let heirs: Vec<&str> = r
                    .blocks
                    .iter()
                    .filter(|x| x.kind == Kind::Heir && x.house == Some(house))
                    .map(|x| x.person())
                    .collect();
                if heirs.iter().all(|p| d.dead.iter().any(|x| x == p)) {
                    let keep = heirs
                        .iter()
                        .find(|p| **p != b.person() && *p != &"Exeter")
                        .unwrap();
                    d.dead.retain(|x| x != keep);
                }
            }
            d.used = d.dead.clone();
            d.used.extend(
                d.elsewhere
                    .iter()
                    .map(|e| e.split('/').next().unwrap().to_string()),
            );
            d.area = Some(a.name.clone());
            if kind == 10 {
                // He attacks as the other house's version; the defender holds the card.
                let o = r.other_version(b).unwrap();
                d.houses = [o.house.unwrap(), h];
                d.add(rng, 0, o);
                turn_him = Some(o.id.clone());
            } else {
                d.add(rng, 1, b);
            }
            if exeter_attacks {
                d.dead.retain(|x| x != "Exeter");
                d.elsewhere.retain(|x| !x.starts_with("Exeter"));
                d.used.retain(|x| x != "Exeter");
                d.add_id(rng, 0, "Exeter/Y");
            }
        }
        Mode::Heirs => {
            if chance(rng, 1, 2) {
                let crowns: Vec<&String> = attackable
                    .iter()
                    .filter(|a| r.area(a).unwrap().crown)
                    .collect();
                d.area = Some(crowns[pick(rng, crowns.len())].clone());
            }
            for s in [0, 1] {
                if let Some(k) = d.senior(d.houses[s]).filter(|_| chance(rng, 3, 4)) {
                    d.add_id(rng, s, &k);
                    if chance(rng, 1, 2) {
                        let mut next: Vec<&Block> = d
                            .pool(s)
                            .into_iter()
                            .filter(|b| b.kind == Kind::Heir)
                            .collect();
                        next.sort_by_key(|b| b.heir_rank);
                        if let Some(b) = next.first().copied() {
                            d.add(rng, s, b);
                        }
                    }
                }
            }
        }
        Mode::Rolls => {
            let s = pick(rng, 2);
            let h = d.houses[s];
            let warwick = format!("Warwick/{}", &house_name(h)[..1]);
            let roller = match d.senior(h) {
                Some(k) if chance(rng, 1, 2) => k,
                _ => warwick.clone(),
            };
            if !d.add_id(rng, s, &roller) {
                d.add_id(rng, s, &warwick);
            }
            // Targets: the other house's defected heir, the Nevilles, any block with a loyalty.
            let e = 1 - s;
            let eh = &house_name(d.houses[e])[..1];
            let mut wanted = vec![
                format!("Kent/{eh}"),
                format!("Salisbury/{eh}"),
                if d.houses[e] == House::Lancaster {
                    "Clarence/L".to_string()
                } else {
                    "Exeter/Y".to_string()
                },
            ];
            shuffle(rng, &mut wanted);
            if chance(rng, 1, 3) {
                // The enemy's senior heir, and next in line the heir with a loyalty (Clarence,
                // Exeter), the heirs between them dead: when the senior falls, the loyal heir is
                // the new Pretender and safe, or the heir of a dead King and not (R1, D10).
                let (loyal, ahead): (&str, &[&str]) = match d.houses[e] {
                    House::York => ("Clarence/Y", &["York", "March", "Rutland"]),
                    House::Lancaster => ("Exeter/L", &["Henry VI", "Prince Edward"]),
                };
                let senior = ahead[pick(rng, ahead.len())];
                for a in ahead.iter().filter(|a| **a != senior) {
                    if d.r.block(a).is_some_and(|b| d.free(b)) {
                        d.dead.push(a.to_string());
                        d.used.push(a.to_string());
                    }
                }
                if d.add_id(rng, e, senior) {
                    d.sides[e].last_mut().unwrap().json["strength"] = json!(1);
                }
                if d.add_id(rng, e, loyal) {
                    aim = Some((s, loyal.to_string()));
                }
                wanted.clear();
            }
            for id in wanted.iter().take(1 + pick(rng, 2)) {
                if d.add_id(rng, e, id)
                    && (id == "Clarence/L" || id == "Exeter/Y")
                    && chance(rng, 1, 2)
                {
                    // The heirs ahead of him dead: turned back, he is his house's senior heir
                    // (9.1, R1).
                    let own = d.houses[s];
                    let rank = r
                        .blocks
                        .iter()
                        .find(|b| {
                            b.kind == Kind::Heir && b.person() == id.split('/').next().unwrap()
                        })
                        .and_then(|b| b.heir_rank)
                        .unwrap();
                    for b in r.blocks.iter().filter(|b| {
                        b.kind == Kind::Heir && b.house == Some(own) && b.heir_rank < Some(rank)
                    }) {
                        if d.free(b) {
                            d.dead.push(b.person().to_string());
                            d.used.push(b.person().to_string());
                        }
                    }
                }
            }
        }
        Mode::Reserves => {
            counts = [1 + pick(rng, 2), 2 + pick(rng, 2)];
            if chance(rng, 1, 2) {
                // An A block to strip the thin defence in round 1 (its reserves deploy, D4, and
                // control changes, D5), then an heir who charges a deployed block (R12).
                let fast: Vec<&Block> = d
                    .pool(0)
                    .into_iter()
                    .filter(|b| b.letter == 0 && b.fire >= 2 && b.kind != Kind::Heir)
                    .collect();
                if !fast.is_empty() {
                    let b = fast[pick(rng, fast.len())];
                    d.add(rng, 0, b);
                    charge_a_reserve = true;
                    counts[0] = 2;
                }
            }
            if chance(rng, 1, 2) || charge_a_reserve {
                let heirs: Vec<&Block> = d
                    .pool(0)
                    .into_iter()
                    .filter(|b| b.kind == Kind::Heir)
                    .collect();
                if !heirs.is_empty() {
                    let b = heirs[pick(rng, heirs.len())];
                    d.add(rng, 0, b);
                }
            }
        }
    }
    // Fill each side, leaning towards what makes rules happen.
    for s in [1, 0] {
        while d.sides[s].len() < counts[s] {
            if chance(rng, 1, 12) {
                d.add_custom(rng, s);
                continue;
            }
            let pool = d.pool(s);
            let area = d.area.clone();
            let interesting: Vec<&Block> = pool
                .iter()
                .copied()
                .filter(|b| {
                    (s == 1 && area.as_ref().is_some_and(|a| d.bonus_here(b, a) > 0))
                        || b.kind == Kind::Heir
                        || b.person() == "Warwick"
                        || b.kind == Kind::Bombard
                        || b.kind == Kind::Rebel
                        || b.loyalty.is_some()
                })
                .collect();
            let from = if !interesting.is_empty() && chance(rng, 1, 2) {
                &interesting
            } else {
                &pool
            };
            let b = from[pick(rng, from.len())];
            d.add(rng, s, b);
        }
    }
    // Reserves (6.3), never a whole side; a thin defence with reserves in that mode.
    for s in 0..2 {
        let n = d.sides[s].len();
        for k in 0..n {
            if chance(rng, 1, 4) || (mode == Mode::Reserves && s == 1 && k > 0) {
                d.sides[s][k].reserve = true;
            }
        }
        if d.sides[s].iter().all(|c| c.reserve) {
            d.sides[s][pick(rng, n)].reserve = false;
        }
        // The senior of two heirs in reserve, half the time: the junior is the senior active
        // heir, who may charge (D8).
        if mode == Mode::Heirs
            && n >= 2
            && d.sides[s][0].heir
            && d.sides[s][1].heir
            && chance(rng, 1, 2)
        {
            d.sides[s][0].reserve = true;
            d.sides[s][1].reserve = false;
        }
        if mode == Mode::Reserves && s == 1 {
            let strength = 1 + pick(rng, 2);
            d.sides[s][0].json["strength"] = json!(strength.min(d.sides[s][0].max as usize));
        }
        for c in d.sides[s].iter_mut() {
            if c.reserve {
                c.json["reserve"] = json!(true);
            }
        }
    }
    let mut policy = json!({});
    for s in 0..2 {
        let own = &d.sides[s];
        let enemy = &d.sides[1 - s];
        let mut p = serde_json::Map::new();
        // Names of this side's blocks and of enemy blocks that may defect to it (R5).
        let mut names: Vec<String> = own.iter().map(|c| c.id.clone()).collect();
        names.extend(enemy.iter().filter_map(|c| c.other.clone()));
        if chance(rng, 1, 3) {
            let mut n = names.clone();
            shuffle(rng, &mut n);
            n.truncate(1 + pick(rng, n.len()));
            p.insert("fire_order".into(), json!(n));
        }
        if chance(rng, 1, 3) {
            let mut n = names.clone();
            shuffle(rng, &mut n);
            p.insert("hit_order".into(), json!(n));
        } else if chance(rng, 1, 4) {
            // The app's "Protect heirs": the heirs last.
            let mut n: Vec<String> = own
                .iter()
                .filter(|c| !c.heir)
                .map(|c| c.id.clone())
                .collect();
            n.extend(own.iter().filter(|c| c.heir).map(|c| c.id.clone()));
            p.insert("hit_order".into(), json!(n));
        }
        let round = |rng: &mut BattleRng| -> Option<u8> {
            (!chance(rng, 1, 2)).then(|| 1 + pick(rng, 4) as u8)
        };
        let own_heirs: Vec<&Chosen> = own.iter().filter(|c| c.heir).collect();
        let reserves: Vec<&Chosen> = enemy.iter().filter(|c| c.reserve).collect();
        let at_reserve = charge_a_reserve && s == 0 && !reserves.is_empty();
        if !own_heirs.is_empty() && (at_reserve || chance(rng, 2, 3)) {
            let mut plans = vec![];
            for _ in 0..1 + pick(rng, 2) {
                // A reserve target now and then: it may deploy and be charged (R12).
                let target = if !reserves.is_empty() && (at_reserve || chance(rng, 1, 2)) {
                    reserves[pick(rng, reserves.len())]
                } else {
                    &enemy[pick(rng, enemy.len())]
                };
                let mut plan = json!({"target": target.id});
                if let Some(x) = round(rng) {
                    plan["round"] = json!(x);
                }
                if chance(rng, 1, 3) {
                    plan["by"] = json!(own_heirs[pick(rng, own_heirs.len())].id);
                }
                plans.push(plan);
            }
            p.insert("charges".into(), json!(plans));
        }
        let mut who = d.rollers(s);
        // An heir who may take the Pretender's role, and its roll, in the battle (R1); the
        // King's role does not pass in battle, so none of his heirs.
        if d.houses[s] != d.throne {
            for c in own.iter().filter(|c| c.heir) {
                if !who.contains(&c.id) && chance(rng, 1, 2) {
                    who.push(c.id.clone());
                }
            }
        }
        let targets: Vec<&Chosen> = enemy.iter().filter(|c| c.loyal).collect();
        if !who.is_empty() && !targets.is_empty() && chance(rng, 4, 5) {
            let mut plans = vec![];
            for _ in 0..1 + pick(rng, 2) {
                let mut plan = json!({
                    "by": who[pick(rng, who.len())],
                    "target": targets[pick(rng, targets.len())].id,
                });
                if let Some(x) = round(rng) {
                    plan["round"] = json!(x);
                }
                plans.push(plan);
            }
            p.insert("treachery".into(), json!(plans));
        }
        if let Some((_, target)) = aim.as_ref().filter(|(side, _)| *side == s)
            && let Some(by) = who.first()
        {
            // At the loyal heir in round 2 or 3, once his senior may have fallen (R1, D10).
            let plan = json!({"by": by, "target": target, "round": 2 + pick(rng, 2)});
            p.insert("treachery".into(), json!([plan]));
        }
        if chance(rng, 1, 5) {
            let mut plan = json!({});
            let ratios = [0.5, 0.8, 1.0, 1.5];
            match pick(rng, 3) {
                0 => plan["from_round"] = json!(2 + pick(rng, 3)),
                1 => plan["below_ratio"] = json!(ratios[pick(rng, 4)]),
                _ => {
                    plan["from_round"] = json!(2 + pick(rng, 3));
                    plan["below_ratio"] = json!(ratios[pick(rng, 4)]);
                }
            }
            p.insert("retreat".into(), plan);
        }
        if chance(rng, 1, 4) {
            let mut plans = vec![];
            for _ in 0..1 + pick(rng, 2) {
                let c = &own[pick(rng, own.len())];
                let mut plan = json!({"block": c.id});
                if chance(rng, 1, 2) {
                    plan["from_round"] = json!(2 + pick(rng, 3));
                }
                if c.max >= 2 && chance(rng, 1, 2) {
                    plan["below_strength"] = json!(2 + pick(rng, c.max as usize - 1));
                }
                if chance(rng, 1, 3) {
                    plan["below_ratio"] = json!([0.5, 1.0, 2.0][pick(rng, 3)]);
                }
                plans.push(plan);
            }
            p.insert("retreats".into(), json!(plans));
        }
        policy[["attacker", "defender"][s]] = Value::Object(p);
    }
    let capacity = |rng: &mut BattleRng| -> Option<u8> {
        if chance(rng, 1, 3) {
            return None;
        }
        if chance(rng, 1, 5) {
            return Some(0);
        }
        let borders = d
            .area
            .as_ref()
            .map(|a| r.land_borders(a))
            .unwrap_or_default();
        if borders.is_empty() || chance(rng, 1, 8) {
            return Some(1 + pick(rng, 4) as u8);
        }
        if chance(rng, 1, 3) {
            // One border only: it binds with two or three blocks (D12).
            return Some(borders[pick(rng, borders.len())].1);
        }
        // D12: the sum of the limits of the borders the side may use.
        let mut sum = 0u8;
        for (_, limit) in &borders {
            if chance(rng, 1, 2) {
                sum += limit;
            }
        }
        Some(sum.max(borders[0].1))
    };
    let mut battle = json!({
        "version": 1,
        "king": house_name(throne),
        "dead": d.dead,
        "defected_elsewhere": d.elsewhere,
        "attacker": {"house": house_name(d.houses[0])},
        "defender": {"house": house_name(d.houses[1])},
        "policy": policy,
    });
    if let Some(a) = &d.area {
        battle["area"] = json!(a);
    }
    for s in 0..2 {
        if let Some(c) = capacity(rng) {
            battle[["attacker", "defender"][s]]["retreat_capacity"] = json!(c);
        }
    }
    if let Some(id) = &turn_him {
        battle["treason"] = json!("defender");
        battle["policy"]["defender"]["treason_target"] = json!(id);
    } else if chance(rng, 1, 3) {
        let holder = pick(rng, 2);
        battle["treason"] = json!(["attacker", "defender"][holder]);
        let enemy: Vec<&Chosen> = d.sides[1 - holder]
            .iter()
            .filter(|c| c.loyal && !c.reserve)
            .collect();
        if !enemy.is_empty() && chance(rng, 1, 2) {
            battle["policy"][["attacker", "defender"][holder]]["treason_target"] =
                json!(enemy[pick(rng, enemy.len())].id);
        }
    }
    if turn_him.is_none() && chance(rng, 1, 5) {
        in_progress(rng, &mut battle, &mut d);
    }
    for s in 0..2 {
        battle[["attacker", "defender"][s]]["blocks"] = json!(
            d.sides[s]
                .iter()
                .map(|c| c.json.clone())
                .collect::<Vec<_>>()
        );
    }
    battle
}

/// Takes the battle up in progress (docs/scenario.md): a round, control perhaps changed, a
/// defector (this round, in reserve, or earlier), blocks that have acted, rolls spent, retreats
/// used. Round 4 with a defector on the attacking side leaves it in the area at the end (D13);
/// round 1 after a control change can change it back (R8).
fn in_progress(rng: &mut BattleRng, battle: &mut Value, d: &mut Draft) {
    // R8 set up: round 1 after a control change, the attacker as entered (now defending) thin
    // with reserves behind, the defender as entered (now attacking) yet to act.
    let r8 = d.sides[0].len() >= 2 && chance(rng, 1, 3);
    let round = if r8 {
        1
    } else if chance(rng, 1, 2) {
        4
    } else {
        1 + pick(rng, 4) as u8
    };
    let changed = r8 || chance(rng, 1, 3);
    if r8 {
        for (k, c) in d.sides[0].iter_mut().enumerate() {
            c.reserve = k > 0;
            c.json["reserve"] = json!(k > 0);
        }
        d.sides[0][0].json["strength"] = json!(1);
        for c in d.sides[1].iter_mut() {
            c.reserve = false;
            c.json["reserve"] = json!(false);
        }
    }
    let attacking = usize::from(changed);
    let mut defected: Vec<String> = vec![];
    // A block of the side now defending turns to the side now attacking.
    let movable: Vec<usize> = (0..d.sides[1 - attacking].len())
        .filter(|&k| {
            d.sides[1 - attacking][k]
                .other
                .as_ref()
                .is_some_and(|o| !o.starts_with("Sir John"))
        })
        .collect();
    if !r8 && d.sides[1 - attacking].len() >= 2 && !movable.is_empty() && chance(rng, 2, 3) {
        let k = movable[pick(rng, movable.len())];
        let mut c = d.sides[1 - attacking].remove(k);
        let other = c.other.clone().unwrap();
        c.other = Some(c.id.clone());
        c.id = other.clone();
        c.json["id"] = json!(other);
        c.heir = d.r.block(&other).is_some_and(|b| b.kind == Kind::Heir);
        c.reserve = round == 1 || chance(rng, 2, 3);
        c.json["reserve"] = json!(c.reserve);
        defected.push(other);
        d.sides[attacking].push(c);
        if round == 4 && chance(rng, 1, 2) {
            // Little or no capacity left for the blocks still here after round 4 (D13, R7).
            battle[["attacker", "defender"][attacking]]["retreat_capacity"] = json!(pick(rng, 3));
        }
    }
    for side in d.sides.iter_mut() {
        for c in side.iter_mut() {
            if round >= 2 && c.reserve && !defected.contains(&c.id) {
                c.reserve = false;
                c.json["reserve"] = json!(false);
            }
        }
        if side.iter().all(|c| c.reserve) {
            side[0].reserve = false;
            side[0].json["reserve"] = json!(false);
        }
    }
    let mut acted: Vec<String> = vec![];
    for side in &d.sides {
        for c in side {
            if !r8 && !c.reserve && chance(rng, 1, 3) {
                acted.push(c.id.clone());
            }
        }
    }
    let rolled: Vec<String> = [0, 1]
        .iter()
        .flat_map(|&s| d.rollers(s))
        .filter(|_| chance(rng, 1, 3))
        .collect();
    // Retreats used this round, only by a side with a capacity: with none (no limit), a count
    // above 0 makes the exact solver's debug assertion "a state must pack without loss"
    // (src/solve/key.rs) panic in debug and test builds, e.g. attacker Essex 1, defender Oxford 1,
    // progress {"round": 2, "retreats_used": [0, 1]}. Release builds give the right figures (the
    // count cannot matter without a limit). Reported to the lead; kept out until it is mended.
    let limited = |s: &str| !battle[s]["retreat_capacity"].is_null();
    let used = if round >= 2 {
        [
            if limited("attacker") { pick(rng, 2) } else { 0 },
            if limited("defender") { pick(rng, 2) } else { 0 },
        ]
    } else {
        [0, 0]
    };
    // A side retreat plan whose ratio lies between the strengths counted with and without the
    // reserves (a defector this round), to show which the engine counts (6.6).
    let strength = |c: &Chosen| c.json["strength"].as_f64().unwrap();
    let total = |s: usize, all: bool| -> f64 {
        d.sides[s]
            .iter()
            .filter(|c| all || !c.reserve)
            .map(strength)
            .sum()
    };
    for s in 0..2 {
        let (with, without) = (
            total(s, true) / total(1 - s, true),
            total(s, false) / total(1 - s, false),
        );
        if round >= 2 && (with - without).abs() > 1e-9 && without.is_finite() && chance(rng, 2, 3) {
            battle["policy"][["attacker", "defender"][s]]["retreat"] =
                json!({"below_ratio": (with + without) / 2.0});
        }
    }
    battle["progress"] = json!({
        "round": round,
        "acted": acted,
        "rolled": rolled,
        "defected": defected,
        "control_changed": changed,
        "retreats_used": used,
    });
    // A charge at a block that acted this round cannot tell whether it fired or was deployed
    // (R12): such plans are left out.
    for side in ["attacker", "defender"] {
        let plans = battle["policy"][side]
            .get_mut("charges")
            .and_then(Value::as_array_mut);
        if let Some(plans) = plans {
            plans.retain(|p| !acted.iter().any(|a| p["target"] == a.as_str()));
        }
    }
}

fn scenario(v: &Value) -> Scenario {
    serde_json::from_value(v.clone()).unwrap_or_else(|e| panic!("bad generated JSON: {e}\n{v}"))
}

// ---- exact against the independent sampler ----

/// A sampled mean against the exact one: within the sum, over the values, of each value times
/// its probability's tolerance in `agrees` (4 standard errors plus half a run), which is what the
/// probabilities passing implies.
fn mean_agrees(exact: &[f64], counts: &[u64], runs: u64) -> Result<(), String> {
    let n = runs as f64;
    let mean_exact: f64 = exact.iter().enumerate().map(|(k, p)| k as f64 * p).sum();
    let seen: f64 = counts
        .iter()
        .enumerate()
        .map(|(k, &c)| k as f64 * c as f64)
        .sum::<f64>()
        / n;
    let tolerance: f64 = exact
        .iter()
        .enumerate()
        .map(|(k, &p)| {
            let p = p.clamp(0.0, 1.0);
            k as f64 * (4.0 * (p * (1.0 - p) / n).sqrt() + 0.5 / n)
        })
        .sum();
    if (seen - mean_exact).abs() <= tolerance + 1e-12 {
        Ok(())
    } else {
        Err(format!(
            "exact mean {mean_exact}, sampled {seen} (tolerance {tolerance})"
        ))
    }
}

fn fate_of(text: &str) -> Option<Fate> {
    if text.contains("permanently dead") {
        Some(Fate::Dead)
    } else if text.contains("Lancastrian pool") {
        Some(Fate::LancastrianPool)
    } else if text.contains("Pretender's pool") {
        Some(Fate::PretendersPool)
    } else if text.contains("home") {
        Some(Fate::Home)
    } else if text.contains("pool") {
        Some(Fate::Pool)
    } else {
        None
    }
}

/// Every figure of the exact report against the sampler's `runs` battles from `seed`: who holds,
/// the round the battle ends, control changes, each block's final strength, elimination, retreat
/// and defection, each side's steps lost, the deaths of the King, the Pretender and the heirs.
/// How many figures were compared and the largest gap in standard errors, or the first figure
/// that disagrees.
fn compare(
    exact: &Report,
    sampler: &Sampler,
    runs: u64,
    seed: u64,
) -> Result<(usize, f64, Tally), String> {
    let t = sampler.run(runs, &mut rng_from_seed(seed));
    let (mut n, mut worst) = (0, 0.0_f64);
    let mut check = |what: &dyn Fn() -> String, p: f64, hits: u64| -> Result<(), String> {
        worst = worst.max(agrees(p, hits, runs).map_err(|e| format!("{}: {e}", what()))?);
        n += 1;
        Ok(())
    };
    check(
        &|| "attacker holds".into(),
        exact.attacker_holds,
        t.holds[0],
    )?;
    check(
        &|| "defender holds".into(),
        exact.defender_holds,
        t.holds[1],
    )?;
    check(&|| "vacant".into(), exact.vacant, t.holds[2])?;
    for k in 0..4 {
        check(
            &|| format!("ends in round {}", k + 1),
            exact.ends_in_round[k],
            t.rounds[k],
        )?;
    }
    check(
        &|| "control changes".into(),
        exact.control_changes,
        t.control,
    )?;
    if (exact.mass - 1.0).abs() > 1e-9 {
        return Err(format!("mass {}", exact.mass));
    }
    let blocks = sampler.blocks();
    if exact.blocks.len() != blocks.len() {
        return Err(format!(
            "{} blocks in the report, {} in the scenario",
            exact.blocks.len(),
            blocks.len()
        ));
    }
    for (i, b) in exact.blocks.iter().enumerate() {
        let (name, side, max) = &blocks[i];
        if &b.name != name || b.side != *side || b.final_strength.len() != max + 1 {
            return Err(format!(
                "block {i}: report {} {:?} up to {}, sampler {name} {side:?} up to {max}",
                b.name,
                b.side,
                b.final_strength.len() - 1
            ));
        }
        for (k, &p) in b.final_strength.iter().enumerate() {
            check(
                &|| format!("{} ends at strength {k}", b.name),
                p,
                t.strength[i][k],
            )?;
        }
        let consistent: f64 = b
            .final_strength
            .iter()
            .enumerate()
            .map(|(k, p)| k as f64 * p)
            .sum();
        if (consistent - b.expected_strength).abs() > 1e-9 {
            return Err(format!(
                "{} expected strength {} is not its distribution's mean {consistent}",
                b.name, b.expected_strength
            ));
        }
        mean_agrees(&b.final_strength, &t.strength[i], runs)
            .map_err(|e| format!("{} expected strength: {e}", b.name))?;
        check(
            &|| format!("{} eliminated", b.name),
            b.eliminated,
            t.eliminated[i],
        )?;
        check(
            &|| format!("{} retreated", b.name),
            b.retreated,
            t.retreated[i],
        )?;
        check(
            &|| format!("{} defected", b.name),
            b.defected,
            t.defected[i],
        )?;
        if fate_of(&b.if_eliminated) != Some(t.fates[i]) {
            return Err(format!(
                "{} if eliminated: report '{}', sampler {:?} (6.8, D15)",
                b.name, b.if_eliminated, t.fates[i]
            ));
        }
    }
    for (k, s) in exact.sides.iter().enumerate() {
        if s.steps_lost.len() != t.lost[k].len() {
            return Err(format!(
                "{:?} steps lost up to {}, sampler up to {}",
                s.side,
                s.steps_lost.len() - 1,
                t.lost[k].len() - 1
            ));
        }
        for (j, &p) in s.steps_lost.iter().enumerate() {
            check(&|| format!("{:?} loses {j} steps", s.side), p, t.lost[k][j])?;
        }
        let consistent: f64 = s
            .steps_lost
            .iter()
            .enumerate()
            .map(|(j, p)| j as f64 * p)
            .sum();
        if (consistent - s.expected_steps_lost).abs() > 1e-9 {
            return Err(format!("{:?} expected steps lost inconsistent", s.side));
        }
        mean_agrees(&s.steps_lost, &t.lost[k], runs)
            .map_err(|e| format!("{:?} expected steps lost: {e}", s.side))?;
    }
    for (what, e, s) in [
        ("King dies", exact.king_dies, t.king),
        ("Pretender dies", exact.pretender_dies, t.pretender),
    ] {
        match (e, s) {
            (Some(p), Some(hits)) => check(&|| what.into(), p, hits)?,
            (None, None) => {}
            _ => {
                return Err(format!(
                    "{what}: the report says {e:?}, the sampler finds him {} (R1)",
                    if s.is_some() { "here" } else { "absent" }
                ));
            }
        }
    }
    for (k, (what, e)) in [
        ("a York heir dies", exact.york_heir_dies),
        ("a Lancaster heir dies", exact.lancaster_heir_dies),
    ]
    .into_iter()
    .enumerate()
    {
        // The report leaves the figure out when no heir of the house can be here: then none may
        // die in the sampler either.
        check(&|| what.into(), e.unwrap_or(0.0), t.heirs[k])?;
    }
    Ok((n, worst, t))
}

/// What the generated scenarios ask for, to show they cover every choice of the format.
fn choices(r: &Reference, v: &Value) -> Vec<&'static str> {
    let mut out = vec![];
    let has = |p: &Value| !p.is_null() && p.as_array().is_none_or(|a| !a.is_empty());
    if v["king"] == "York" {
        out.push("throne: York");
    } else {
        out.push("throne: Lancaster");
    }
    if v["area"].is_null() {
        out.push("no area");
    }
    if has(&v["dead"]) {
        out.push("dead list");
    }
    if has(&v["defected_elsewhere"]) {
        out.push("defected_elsewhere");
    }
    if has(&v["treason"]) {
        out.push("Treason card");
    }
    if !v["progress"].is_null() {
        out.push("battle in progress");
        if v["progress"]["control_changed"] == true {
            out.push("progress after a control change");
        }
        if has(&v["progress"]["defected"]) {
            out.push("progress with a defector");
        }
    }
    for side in ["attacker", "defender"] {
        let army = &v[side];
        if army["blocks"]
            .as_array()
            .unwrap()
            .iter()
            .any(|b| b["reserve"] == true)
        {
            out.push(if side == "attacker" {
                "attacker reserves"
            } else {
                "defender reserves"
            });
        }
        if army["blocks"]
            .as_array()
            .unwrap()
            .iter()
            .any(|b| !b["custom"].is_null())
        {
            out.push("custom block");
        }
        match army["retreat_capacity"].as_u64() {
            None => out.push("capacity unlimited"),
            Some(0) => out.push("capacity 0"),
            Some(_) => out.push("capacity from borders"),
        }
        let p = &v["policy"][side];
        for (field, name) in [
            ("fire_order", "fire_order"),
            ("hit_order", "hit_order"),
            ("charges", "charges"),
            ("treachery", "treachery"),
            ("treason_target", "treason_target"),
            ("retreat", "side retreat"),
            ("retreats", "block retreats"),
        ] {
            if has(&p[field]) {
                out.push(name);
            }
        }
        let heirs_last = p["hit_order"].as_array().is_some_and(|a| {
            a.len() >= 2 && {
                let ids: Vec<&str> = a.iter().map(|x| x.as_str().unwrap()).collect();
                let heir = |id: &str| r.block(id).is_some_and(|b| b.kind == Kind::Heir);
                ids.iter().any(|id| heir(id)) && ids.windows(2).all(|w| !heir(w[0]) || heir(w[1]))
            }
        });
        if heirs_last {
            out.push("protect heirs");
        }
        for plan in p["charges"].as_array().into_iter().flatten() {
            if !plan["by"].is_null() {
                out.push("charge by");
            }
            if !plan["round"].is_null() {
                out.push("charge round");
            }
        }
        for plan in p["treachery"].as_array().into_iter().flatten() {
            if plan["by"].as_str().unwrap().starts_with("Warwick") {
                out.push("treachery by Warwick");
            } else {
                out.push("treachery by King or Pretender");
            }
            if !plan["round"].is_null() {
                out.push("treachery round");
            }
        }
        if !p["retreat"]["below_ratio"].is_null() {
            out.push("side retreat below_ratio");
        }
        if !p["retreat"]["from_round"].is_null() {
            out.push("side retreat from_round");
        }
        for plan in p["retreats"].as_array().into_iter().flatten() {
            for f in ["from_round", "below_strength", "below_ratio"] {
                if !plan[f].is_null() {
                    out.push(match f {
                        "from_round" => "block retreat from_round",
                        "below_strength" => "block retreat below_strength",
                        _ => "block retreat below_ratio",
                    });
                }
            }
        }
    }
    out.sort();
    out.dedup();
    out
}

/// Narrow cases that the generated battles reach only now and then: a probe battle of `PROBES`
/// exercises each.
const NARROW: [Rule; 9] = [
    Rule::TwoShields,
    Rule::RatioWithReserves,
    Rule::LateDeploy,
    Rule::JuniorCharges,
    Rule::DefectorBonus,
    Rule::SuccessorSpared,
    Rule::NoKingToProtect,
    Rule::SuccessorRolls,
    Rule::SpentRole,
];

/// Seeds of generated battles kept out of the comparison, each with the reason (none so far).
const SET_ASIDE: &[(u64, &str)] = &[];

#[test]
fn exact_battles_agree_with_an_independent_sampler() {
    let reference = Reference::load();
    let runs: u64 = std::env::var("BATTLE_SAMPLER_RUNS")
        .ok()
        .map_or(20_000, |r| r.parse().expect("BATTLE_SAMPLER_RUNS"));
    let only: Option<Vec<u64>> = std::env::var("BATTLE_SAMPLER_SEEDS")
        .ok()
        .map(|s| s.split(',').map(|x| x.trim().parse().unwrap()).collect());
    // BATTLE_SAMPLER_KEEP_GOING=1: compare every battle and report how many disagree (for
    // mutation runs) instead of stopping at the first.
    let keep_going = std::env::var("BATTLE_SAMPLER_KEEP_GOING").is_ok();
    let mut failed: Vec<u64> = Vec::new();
    const BATTLES: usize = 240;
    let seeds: Vec<u64> = match &only {
        Some(v) => v.clone(),
        None => (0..100_000).collect(),
    };
    let (mut battles, mut invalid, mut figures, mut worst) = (0, 0, 0, 0.0_f64);
    let (mut exact_time, mut sample_time) = (0.0, 0.0);
    let mut again: Vec<String> = Vec::new();
    let mut errors: Vec<String> = Vec::new();
    let mut covered = vec![0usize; RULES.len()];
    let mut chosen: std::collections::BTreeMap<&str, usize> = Default::default();
    for seed in seeds {
        if only.is_none() && battles + failed.len() >= BATTLES {
            break;
        }
        if SET_ASIDE.iter().any(|(s, _)| *s == seed) {
            continue;
        }
        let json = random_battle(&reference, seed);
        let s = scenario(&json);
        let battle = match Battle::new(&s) {
            Ok(b) => b,
            Err(e) => {
                invalid += 1;
                if errors.len() < 100 {
                    errors.push(format!("{e}"));
                }
                continue;
            }
        };
        if only.is_some() {
            eprintln!("seed {seed}: {json}");
        }
        let clock = std::time::Instant::now();
        let solved =
            std::panic::catch_unwind(|| bosworth::solve(&battle, bosworth::DEFAULT_STATE_BUDGET));
        let exact = match solved {
            Ok(Ok(report)) => report,
            Ok(Err(e)) => panic!("battle seed {seed}: exact solver: {e}\n{json}"),
            Err(_) => panic!("battle seed {seed}: the exact solver panicked\n{json}"),
        };
        exact_time += clock.elapsed().as_secs_f64();
        let clock = std::time::Instant::now();
        let sampler = Sampler::new(&reference, &s);
        // Thousands of figures are compared, so a few may fall past 4 standard errors by chance
        // (6 in 100,000 each). Such a battle is drawn again from another seed with 16 times the
        // runs, a quarter of the tolerance: a real disagreement fails again.
        let result = compare(&exact, &sampler, runs, 1_000 + seed).or_else(|first| {
            again.push(format!("seed {seed}: {first}"));
            compare(&exact, &sampler, 16 * runs, 9_000_000 + seed).map_err(|e| {
                format!(
                    "battle seed {seed} disagrees: {first}\nagain with {} runs: {e}\n{json}",
                    16 * runs
                )
            })
        });
        let (n, w, tally) = match result {
            Ok(x) => x,
            Err(e) if keep_going => {
                eprintln!("{e}");
                failed.push(seed);
                continue;
            }
            Err(e) => panic!("{e}"),
        };
        sample_time += clock.elapsed().as_secs_f64();
        battles += 1;
        figures += n;
        worst = worst.max(w);
        // A rule counts as covered by a battle when it happened in at least 1 run in 200.
        for (k, &c) in tally.seen.iter().enumerate() {
            if c * 200 >= tally.runs {
                covered[k] += 1;
            }
        }
        for c in choices(&reference, &json) {
            *chosen.entry(c).or_default() += 1;
        }
    }
    eprintln!(
        "{battles} battles ({invalid} generated battles refused by Battle::new), {figures} \
         figures, {runs} runs each: largest gap {worst:.2} standard errors; drawn again: \
         {again:?}; time solving exactly {exact_time:.1} s, sampling {sample_time:.1} s"
    );
    eprintln!("battles exercising each rule (in at least 1 run in 200):");
    for (k, rule) in RULES.iter().enumerate() {
        eprintln!("  {rule:?}: {}", covered[k]);
    }
    eprintln!("battles with each choice of the scenario format:");
    for (c, n) in &chosen {
        eprintln!("  {c}: {n}");
    }
    assert!(
        failed.is_empty(),
        "{} of {} battles disagree, seeds {failed:?}",
        failed.len(),
        battles + failed.len()
    );
    if only.is_some() {
        return;
    }
    assert!(
        battles >= 200,
        "only {battles} valid battles; refusals: {errors:#?}"
    );
    if std::env::var("BATTLE_SAMPLER_REFUSALS").is_ok() {
        eprintln!("refusals: {errors:#?}");
    }
    assert!(
        invalid * 3 <= battles,
        "{invalid} generated battles refused: {errors:#?}"
    );
    assert!(
        again.len() <= 3,
        "too many battles past 4 standard errors: {again:#?}"
    );
    for (k, rule) in RULES.iter().enumerate() {
        // The area is never left vacant: one action empties at most one side (a fire, a
        // retreat or a defection touches one side; a charge that reaches the charger spares its
        // target), the battle ends at once when a side is empty (D13), and after round 4 only
        // the attackers leave, the defender still there. The figure is compared all the same.
        if *rule == Rule::Vacant {
            continue;
        }
        // An heir turned back senior to his house's King or Pretender: disputed, see DISPUTED;
        // the generated battles that reach it have no plan that it decides.
        if *rule == Rule::SeniorReturns {
            continue;
        }
        // Narrow cases, each exercised by a probe battle built for it (PROBES).
        if NARROW.contains(rule) {
            assert!(
                PROBES.iter().any(|(_, r, _)| *r == Some(*rule)),
                "{rule:?}: no probe"
            );
            continue;
        }
        assert!(
            covered[k] >= 3,
            "{rule:?} exercised by only {} battles",
            covered[k]
        );
    }
    for c in [
        "throne: York",
        "throne: Lancaster",
        "no area",
        "dead list",
        "defected_elsewhere",
        "Treason card",
        "battle in progress",
        "progress after a control change",
        "progress with a defector",
        "attacker reserves",
        "defender reserves",
        "custom block",
        "capacity unlimited",
        "capacity 0",
        "capacity from borders",
        "fire_order",
        "hit_order",
        "protect heirs",
        "charges",
        "charge by",
        "charge round",
        "treachery",
        "treachery by Warwick",
        "treachery by King or Pretender",
        "treachery round",
        "treason_target",
        "side retreat",
        "side retreat below_ratio",
        "side retreat from_round",
        "block retreats",
        "block retreat from_round",
        "block retreat below_strength",
        "block retreat below_ratio",
    ] {
        let n = chosen.get(c).copied().unwrap_or(0);
        assert!(n >= 3, "the choice '{c}' appears in only {n} battles");
    }
}

/// Battles that probe one reading each, where the rules leave room or a case is narrow; the
/// engine reads each as the sampler does, and each exercises its rule in at least 1 run in 100:
/// - `pretender_resumed`: Clarence/Y, back with York and senior to Gloucester, is the Pretender when the battle is taken up from `progress`: Gloucester's plan to roll goes unused (R1, 9.1).
/// - `king_resumed`: Exeter/L, back with Lancaster and senior to Somerset, is the King when taken up from `progress`, and makes the King's roll (R1, 9.1).
/// - `two_shields`: Kent/Y defends East Yorks, on his shield and dead Salisbury's: +1, not +2 (a block is on a shield or not, D6).
/// - `ratio_reserves`: a side's `below_ratio` counts its reserves (a defector of this round) in its strength (6.6).
/// - `late_deploy`: D4 after round 1: the defender's last active block falls in round 3; its defector in reserve deploys and takes the later fire.
/// - `junior_charges`: March charges in round 1 while York, senior, waits in reserve (D8: the senior active heir).
/// - `defector_bonus`: Stanley, turned by the defender's Treason card, defends his shield for his new side (2.2).
/// - `successor_spared`: Henry VI's charge kills York, the Pretender; Clarence/Y is the Pretender at once and Henry's round-2 roll at him is void (R1, D10).
/// - `no_king_to_protect`: the same with York the King: nobody is King after his death, so Clarence/Y may be turned (R1, 6.81).
/// - `successor_rolls`: York, the Pretender, falls to a charge; March, Pretender at once, makes the Pretender's roll in round 2 (R1).
/// - `spent_role`: York rolls, then falls; March may not roll again for the Pretender (R1: one roll per role).
/// - `capacity_each_round`: capacity 2 a round: Essex leaves in round 2, Norfolk and Suffolk both in round 3 (D12: capacity resets every round).
/// - `treason_spares_king`: Clarence/Y is King (his seniors dead); the Treason card's default
///   target passes over him to Stanley/Y, one die each, though Clarence is stronger (R2, D10).
/// - `treason_spares_pretender`: the same for Exeter/L as Pretender and Northumberland/L.
/// - `exeter_keeps_cornwall`: Somerset's charge eliminates Exeter/Y, who goes to York's pool
///   alive, so Cornwall's Exeter shield still does not serve Somerset (R10).
/// - `round4_leftover`: round 4 in progress: Norfolk's forced retreat uses the one place; Stanley/Y, turned this round, is still here after round 4 and is eliminated (D13, R7).
const PROBES: &[(&str, Option<Rule>, &str)] = &[
    (
        "exeter_keeps_cornwall",
        Some(Rule::ChargeKills),
        r#"{"version":1,"king":"York","area":"Cornwall","attacker":{"house":"York","blocks":[{"id":"Exeter/Y","strength":1},{"id":"Norfolk","strength":4}]},"defender":{"house":"Lancaster","blocks":[{"id":"Somerset","strength":3}]},"policy":{"defender":{"charges":[{"target":"Exeter/Y","round":1}]}}}"#,
    ),
    (
        "treason_spares_king",
        Some(Rule::TreasonDefault),
        r#"{"version":1,"king":"York","dead":["York","March","Rutland"],"treason":"attacker","attacker":{"house":"Lancaster","blocks":[{"id":"Oxford","strength":3}]},"defender":{"house":"York","blocks":[{"id":"Clarence/Y","strength":3},{"id":"Stanley/Y","strength":2}]}}"#,
    ),
    (
        "treason_spares_pretender",
        Some(Rule::TreasonDefault),
        r#"{"version":1,"king":"York","dead":["Henry VI","Prince Edward"],"treason":"defender","attacker":{"house":"Lancaster","blocks":[{"id":"Exeter/L","strength":3},{"id":"Northumberland/L","strength":2}]},"defender":{"house":"York","blocks":[{"id":"Norfolk","strength":3}]}}"#,
    ),
    (
        "pretender_resumed",
        None,
        r#"{"version":1,"king":"Lancaster","dead":["York","March","Rutland"],"attacker":{"house":"York","blocks":[{"id":"Gloucester","strength":3},{"id":"Clarence/Y","strength":3}]},"defender":{"house":"Lancaster","blocks":[{"id":"Canterbury (church)/L","strength":1}]},"policy":{"attacker":{"treachery":[{"by":"Gloucester","target":"Canterbury (church)/L","round":2}]}},"progress":{"round":2,"defected":["Clarence/Y"]}}"#,
    ),
    (
        "king_resumed",
        Some(Rule::Treachery),
        r#"{"version":1,"king":"Lancaster","dead":["Henry VI","Prince Edward"],"attacker":{"house":"Lancaster","blocks":[{"id":"Somerset","strength":3},{"id":"Exeter/L","strength":3}]},"defender":{"house":"York","blocks":[{"id":"York (church)/Y","strength":1}]},"policy":{"attacker":{"treachery":[{"by":"Exeter/L","target":"York (church)/Y","round":2}]}},"progress":{"round":2,"defected":["Exeter/L"]}}"#,
    ),
    (
        "two_shields",
        Some(Rule::TwoShields),
        r#"{"version":1,"area":"East Yorks","dead":["Salisbury"],"attacker":{"house":"Lancaster","blocks":[{"id":"Clifford","strength":3}]},"defender":{"house":"York","blocks":[{"id":"Kent/Y","strength":3}]}}"#,
    ),
    (
        "ratio_reserves",
        Some(Rule::RatioWithReserves),
        r#"{"version":1,"attacker":{"house":"York","blocks":[{"id":"Norfolk","strength":2},{"id":"Stanley/Y","strength":4,"reserve":true}]},"defender":{"house":"Lancaster","blocks":[{"id":"Oxford","strength":3}]},"policy":{"attacker":{"retreat":{"below_ratio":1.0}}},"progress":{"round":2,"defected":["Stanley/Y"]}}"#,
    ),
    (
        "late_deploy",
        Some(Rule::LateDeploy),
        r#"{"version":1,"attacker":{"house":"York","blocks":[{"id":"Herbert","strength":3},{"id":"Norfolk","strength":4}]},"defender":{"house":"Lancaster","blocks":[{"id":"Oxford","strength":1},{"id":"Stanley/L","strength":4,"reserve":true}]},"progress":{"round":3,"defected":["Stanley/L"]}}"#,
    ),
    (
        "junior_charges",
        Some(Rule::JuniorCharges),
        r#"{"version":1,"king":"Lancaster","attacker":{"house":"York","blocks":[{"id":"March","strength":3},{"id":"York","strength":4,"reserve":true}]},"defender":{"house":"Lancaster","blocks":[{"id":"Oxford","strength":3},{"id":"Beaumont","strength":3}]},"policy":{"attacker":{"charges":[{"target":"Beaumont","round":1}]}}}"#,
    ),
    (
        "defector_bonus",
        Some(Rule::DefectorBonus),
        r#"{"version":1,"king":"Lancaster","area":"Lancaster","treason":"defender","attacker":{"house":"York","blocks":[{"id":"Stanley/Y","strength":4},{"id":"Norfolk","strength":4}]},"defender":{"house":"Lancaster","blocks":[{"id":"Oxford","strength":3}]},"policy":{"defender":{"treason_target":"Stanley/Y"}}}"#,
    ),
    (
        "successor_spared",
        Some(Rule::SuccessorSpared),
        r#"{"version":1,"king":"Lancaster","dead":["March","Rutland"],"attacker":{"house":"Lancaster","blocks":[{"id":"Henry VI","strength":4}]},"defender":{"house":"York","blocks":[{"id":"York","strength":1},{"id":"Clarence/Y","strength":3}]},"policy":{"attacker":{"charges":[{"target":"York","round":1}],"treachery":[{"by":"Henry VI","target":"Clarence/Y","round":2}]}}}"#,
    ),
    (
        "no_king_to_protect",
        Some(Rule::NoKingToProtect),
        r#"{"version":1,"king":"York","dead":["March","Rutland"],"attacker":{"house":"Lancaster","blocks":[{"id":"Henry VI","strength":4}]},"defender":{"house":"York","blocks":[{"id":"York","strength":1},{"id":"Clarence/Y","strength":3}]},"policy":{"attacker":{"charges":[{"target":"York","round":1}],"treachery":[{"by":"Henry VI","target":"Clarence/Y","round":2}]}}}"#,
    ),
    (
        "successor_rolls",
        Some(Rule::SuccessorRolls),
        r#"{"version":1,"king":"Lancaster","attacker":{"house":"Lancaster","blocks":[{"id":"Henry VI","strength":4},{"id":"Stanley/L","strength":4}]},"defender":{"house":"York","blocks":[{"id":"York","strength":1},{"id":"March","strength":3}]},"policy":{"attacker":{"charges":[{"target":"York","round":1}]},"defender":{"treachery":[{"by":"March","target":"Stanley/L","round":2}]}}}"#,
    ),
    (
        "spent_role",
        Some(Rule::SpentRole),
        r#"{"version":1,"king":"Lancaster","attacker":{"house":"Lancaster","blocks":[{"id":"Henry VI","strength":4},{"id":"Stanley/L","strength":4},{"id":"Buckingham/L","strength":4}]},"defender":{"house":"York","blocks":[{"id":"York","strength":1},{"id":"March","strength":3}]},"policy":{"attacker":{"charges":[{"target":"York","round":1}]},"defender":{"treachery":[{"by":"York","target":"Stanley/L","round":1},{"by":"March","target":"Buckingham/L","round":2}]}}}"#,
    ),
    (
        "capacity_each_round",
        Some(Rule::SideRetreat),
        r#"{"version":1,"attacker":{"house":"York","retreat_capacity":2,"blocks":[{"id":"Norfolk","strength":4},{"id":"Suffolk","strength":3},{"id":"Essex","strength":3}]},"defender":{"house":"Lancaster","blocks":[{"id":"Clifford","strength":3},{"id":"Beaumont","strength":3}]},"policy":{"attacker":{"retreat":{"from_round":3},"retreats":[{"block":"Essex","from_round":2}]}}}"#,
    ),
    (
        "round4_leftover",
        Some(Rule::Round4Leftover),
        r#"{"version":1,"area":"Essex","attacker":{"house":"York","retreat_capacity":1,"blocks":[{"id":"Norfolk","strength":2},{"id":"Stanley/Y","strength":2,"reserve":true}]},"defender":{"house":"Lancaster","blocks":[{"id":"Beaumont","strength":1}]},"progress":{"round":4,"defected":["Stanley/Y"]}}"#,
    ),
];

#[test]
fn probe_battles_agree_with_an_independent_sampler() {
    let reference = Reference::load();
    let runs = 100_000;
    let mut failures = vec![];
    for (k, (name, rule, json)) in PROBES.iter().enumerate() {
        let s: Scenario = serde_json::from_str(json).unwrap();
        let battle = Battle::new(&s).unwrap_or_else(|e| panic!("probe {name}: {e}"));
        let exact = bosworth::solve(&battle, bosworth::DEFAULT_STATE_BUDGET).unwrap();
        let sampler = Sampler::new(&reference, &s);
        match compare(&exact, &sampler, runs, 77 + k as u64) {
            Err(e) => failures.push(format!("probe {name}: {e}")),
            Ok((_, _, tally)) => {
                if let Some(rule) = rule {
                    let seen = tally.seen[RULES.iter().position(|r| r == rule).unwrap()];
                    if seen * 100 < runs {
                        failures.push(format!("probe {name}: {rule:?} in only {seen} runs"));
                    }
                }
            }
        }
    }
    assert!(failures.is_empty(), "{failures:#?}");
}

/// Battles where the exact solver and the sampler disagree, kept out of the generated set and
/// of the probes until the lead decides (run them with `cargo test --test battle_sampler --
/// --ignored`). An heir who defected elsewhere comes back to his house in this battle (the
/// Treason card turns Clarence/L into Clarence/Y, Exeter/Y into Exeter/L) and is senior to the
/// Pretender (Gloucester) or the King (Somerset). By 3.21, 9.1 and R1 ("3.21 defines him as the
/// current senior heir ... at once") he is the Pretender (the King) from then on, and the one he
/// displaced no longer makes the role's Treachery roll. The engine lets Gloucester (Somerset)
/// roll in round 2 all the same, though resumed from `progress` at that point it names Clarence
/// the Pretender (Exeter the King) and refuses Somerset's plan.
/// - `pretender_returns`: only in the 1/2 of battles where the card turns Clarence and the 1/8
///   where Gloucester's three dice at 3 miss Canterbury in round 1 does it matter; there the
///   engine rolls Gloucester's die (1/2): Canterbury defects with 19/108 in the engine, 1/32
///   less, 125/864, by the rules.
/// - `king_returns`: the card turns Exeter (1/2), Somerset's three dice at 2 miss the church in
///   round 1 ((2/3)^3 = 8/27), Somerset rolls in round 2 (1/2): York (church)/Y defects with
///   257/972 in the engine, 2/27 less, 185/972, by the rules.
const DISPUTED: &[(&str, &str)] = &[
    (
        "pretender_returns",
        r#"{"version":1,"king":"Lancaster","dead":["York","March","Rutland"],"treason":"attacker","attacker":{"house":"York","blocks":[{"id":"Gloucester","strength":3}]},"defender":{"house":"Lancaster","blocks":[{"id":"Clarence/L","strength":1},{"id":"Canterbury (church)/L","strength":1}]},"policy":{"attacker":{"treason_target":"Clarence/L","treachery":[{"by":"Gloucester","target":"Canterbury (church)/L","round":2}]}}}"#,
    ),
    (
        "king_returns",
        r#"{"version":1,"king":"Lancaster","dead":["Henry VI","Prince Edward"],"treason":"attacker","attacker":{"house":"Lancaster","blocks":[{"id":"Somerset","strength":3}]},"defender":{"house":"York","blocks":[{"id":"Exeter/Y","strength":1},{"id":"York (church)/Y","strength":1}]},"policy":{"attacker":{"treason_target":"Exeter/Y","treachery":[{"by":"Somerset","target":"York (church)/Y","round":2}]}}}"#,
    ),
];

#[test]
#[ignore = "disputed: an heir turned back senior to the King or Pretender (see DISPUTED)"]
fn disputed_battles_agree_with_an_independent_sampler() {
    let reference = Reference::load();
    let mut failures = vec![];
    for (k, (name, json)) in DISPUTED.iter().enumerate() {
        let s: Scenario = serde_json::from_str(json).unwrap();
        let battle = Battle::new(&s).unwrap_or_else(|e| panic!("{name}: {e}"));
        let exact = bosworth::solve(&battle, bosworth::DEFAULT_STATE_BUDGET).unwrap();
        let sampler = Sampler::new(&reference, &s);
        if let Err(e) = compare(&exact, &sampler, 400_000, 99 + k as u64) {
            failures.push(format!("{name}: {e}"));
        }
    }
    assert!(failures.is_empty(), "{failures:#?}");
}
