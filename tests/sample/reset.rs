//! A Monte Carlo of the Campaign Reset, written apart from the exact enumeration in
//! `src/reset/` so that it can catch its mistakes: it reads the scenario and the printed blocks
//! (`bosworth::data::BLOCKS`) itself, keeps its own realm, and rolls every die of the Pledge of
//! Loyalty, the three events and each Treachery roll one by one, following the variant's text
//! and the decisions V1-V13 of `docs/rules.md`. It uses nothing of `bosworth::reset` but the
//! scenario type.

use bosworth::data::{BLOCKS, BlockData, House, Kind, Loyalty};
use bosworth::reset::ResetScenario;
use bosworth::rules::dice::BattleRng;
use rand::Rng;
use std::collections::HashMap;

/// An heir (3.21) or a non-rose noble (3.22): the persons the variant touches.
struct Person {
    name: &'static str,
    /// His house and rank if he is an heir (his heir block's).
    heir: Option<(House, u8)>,
    /// His block for each house he may serve: [York, Lancaster].
    blocks: [Option<&'static BlockData>; 2],
}

fn slot(h: House) -> usize {
    match h {
        House::York => 0,
        House::Lancaster => 1,
    }
}

/// How a person died.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Cause {
    Before,
    Illness,
    Trial,
    Disgrace,
}

/// One person during a sampled reset.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
struct Status {
    /// Dead, and how.
    dead: Option<Cause>,
    /// The house he serves while alive; `None` for a noble the scenario does not list.
    serves: Option<House>,
    /// On the map (V1).
    on_map: bool,
}

/// Why a name is given, which sets the default order (V5).
#[derive(Clone, Copy, PartialEq, Eq)]
enum Aim {
    Turn,
    Kill,
}

/// What happened in the sampled resets, to show the cases exercise every event.
#[derive(Debug, Default, Clone)]
pub struct Seen {
    /// Pledge dice of 1, 2 and 3 that named at least one noble.
    pub pledge_named: u64,
    /// Nobles won in the Pledge.
    pub pledge_turned: u64,
    /// Names wasted on a noble off the map (Pledge, events 5 and 6).
    pub wasted: u64,
    /// Event 1 rolled.
    pub witchcraft: u64,
    /// Warwick turned by event 2, on the map or in a pool.
    pub warwick_turned: u64,
    /// Trials held (event 3), and executions.
    pub trials: u64,
    pub trial_executions: u64,
    /// Event 3 ignored because its subject is the King.
    pub trial_of_the_king: u64,
    /// Deaths of illness (event 4) of a King and of a Pretender.
    pub king_illness: u64,
    pub pretender_illness: u64,
    /// The crown passed to the other house (V10).
    pub crown_passed: u64,
    /// A house won at once (V13).
    pub wins: u64,
    /// Executions after event 5, and the Rebel placed.
    pub disgrace_executions: u64,
    pub rebel_placed: u64,
    /// Treachery rolls of event 6, and defections.
    pub double_games: u64,
    pub double_game_turned: u64,
    /// A defected heir brought back to his house (9.1, V2).
    pub heir_won_back: u64,
}

impl Seen {
    /// Adds another count.
    pub fn add(&mut self, o: &Seen) {
        self.pledge_named += o.pledge_named;
        self.pledge_turned += o.pledge_turned;
        self.wasted += o.wasted;
        self.witchcraft += o.witchcraft;
        self.warwick_turned += o.warwick_turned;
        self.trials += o.trials;
        self.trial_executions += o.trial_executions;
        self.trial_of_the_king += o.trial_of_the_king;
        self.king_illness += o.king_illness;
        self.pretender_illness += o.pretender_illness;
        self.crown_passed += o.crown_passed;
        self.wins += o.wins;
        self.disgrace_executions += o.disgrace_executions;
        self.rebel_placed += o.rebel_placed;
        self.double_games += o.double_games;
        self.double_game_turned += o.double_game_turned;
        self.heir_won_back += o.heir_won_back;
    }
}

/// A crown after the reset: the house on the throne, King, Pretender, a house that has won.
pub type Crown = (
    House,
    Option<&'static str>,
    Option<&'static str>,
    Option<House>,
);

/// The figures counted over sampled resets, laid out like the exact report.
#[derive(Debug, Default)]
pub struct Tally {
    /// Each tracked noble (the scenario's `nobles`, then `pool`): [pledge, turned, executed].
    pub nobles: Vec<[u64; 3]>,
    /// Each heir alive at the start, by name: [illness, trial, disgrace, alive, king].
    pub heirs: HashMap<&'static str, [u64; 5]>,
    /// Each crown after the reset: (throne, King, Pretender, winner).
    pub crown: HashMap<Crown, u64>,
    pub rebel_placed: u64,
    pub seen: Seen,
}

/// A valid reset scenario, read for sampling.
pub struct Sampler {
    people: Vec<Person>,
    start: Vec<Status>,
    throne: House,
    usurpation: bool,
    rebel_on_map: bool,
    /// The persons of `nobles` in their order: default naming ties go by it (V5).
    listing: Vec<usize>,
    /// The persons of `nobles`, then `pool`, with the house each serves at the start.
    tracked: Vec<(usize, House)>,
    /// For each house: the Pledge, event 5 and event 6 lists, as persons.
    lists: [[Vec<usize>; 3]; 2],
    place_rebel: [bool; 2],
}

/// The state of one sampled reset.
#[derive(Clone)]
struct World {
    status: Vec<Status>,
    throne: House,
    rebel_on_map: bool,
    rebel_placed: bool,
    pledged: Vec<bool>,
    winner: Option<House>,
}

impl Sampler {
    /// Reads a scenario that `Reset::new` accepted.
    pub fn new(s: &ResetScenario) -> Sampler {
        let mut people: Vec<Person> = Vec::new();
        for b in BLOCKS.iter() {
            let counts = b.kind == Kind::Heir
                || (b.kind == Kind::Noble && matches!(b.loyalty, Loyalty::Dice(_)));
            let Some(house) = b.house().filter(|_| counts) else {
                continue;
            };
            let i = match people.iter().position(|p| p.name == b.person) {
                Some(i) => i,
                None => {
                    people.push(Person {
                        name: b.person,
                        heir: None,
                        blocks: [None, None],
                    });
                    people.len() - 1
                }
            };
            people[i].blocks[slot(house)] = Some(b);
            if let Some(rank) = b.heir_rank {
                people[i].heir = Some((house, rank));
            }
        }
        let find = |name: &str| -> Option<(usize, Option<House>)> {
            let name = name.trim();
            let by_id = BLOCKS.iter().find(|b| b.id.eq_ignore_ascii_case(name));
            let person = by_id.map_or(name, |b| b.person);
            let i = people
                .iter()
                .position(|p| p.name.eq_ignore_ascii_case(person))?;
            Some((i, by_id.and_then(|b| b.house())))
        };
        let mut start: Vec<Status> = people
            .iter()
            .map(|p| Status {
                dead: None,
                // An heir not listed elsewhere serves his house (9.1).
                serves: p.heir.map(|(h, _)| h),
                on_map: false,
            })
            .collect();
        for name in &s.dead {
            if let Some((i, _)) = find(name) {
                start[i] = Status {
                    dead: Some(Cause::Before),
                    serves: None,
                    on_map: false,
                };
            }
        }
        let mut listing = Vec::new();
        let mut tracked = Vec::new();
        for (list, on_map) in [(&s.nobles, true), (&s.pool, false)] {
            for name in list {
                let (i, house) = find(name).expect("a valid scenario names known nobles");
                let house = house.expect("by version");
                start[i] = Status {
                    dead: None,
                    serves: Some(house),
                    on_map,
                };
                if on_map {
                    listing.push(i);
                }
                tracked.push((i, house));
            }
        }
        let as_persons = |names: &[String]| -> Vec<usize> {
            names
                .iter()
                .map(|n| find(n).expect("a valid list").0)
                .collect()
        };
        let lists = [House::York, House::Lancaster].map(|h| {
            let n = s.naming.of(h);
            [
                as_persons(&n.pledge),
                as_persons(&n.disgrace),
                as_persons(&n.double_game),
            ]
        });
        let place_rebel = [House::York, House::Lancaster].map(|h| s.naming.of(h).place_rebel);
        Sampler {
            people,
            start,
            throne: s.king,
            usurpation: s.usurpation,
            rebel_on_map: s.rebel_on_map,
            listing,
            tracked,
            lists,
            place_rebel,
        }
    }

    /// Samples `runs` resets with this generator.
    pub fn run(&self, runs: u64, rng: &mut BattleRng) -> Tally {
        let mut tally = Tally {
            nobles: vec![[0; 3]; self.tracked.len()],
            ..Tally::default()
        };
        let alive_heirs: Vec<usize> = (0..self.people.len())
            .filter(|&i| self.people[i].heir.is_some() && self.start[i].dead.is_none())
            .collect();
        for &i in &alive_heirs {
            tally.heirs.insert(self.people[i].name, [0; 5]);
        }
        for _ in 0..runs {
            let w = self.once(rng, &mut tally.seen);
            for (k, &(i, house)) in self.tracked.iter().enumerate() {
                let st = w.status[i];
                let counts = &mut tally.nobles[k];
                counts[0] += u64::from(w.pledged[i]);
                counts[1] += u64::from(st.dead.is_none() && st.serves == Some(house.other()));
                counts[2] += u64::from(st.dead == Some(Cause::Disgrace));
            }
            let king = self.senior(&w, w.throne);
            for &i in &alive_heirs {
                let c = tally.heirs.get_mut(self.people[i].name).unwrap();
                let st = w.status[i];
                c[0] += u64::from(st.dead == Some(Cause::Illness));
                c[1] += u64::from(st.dead == Some(Cause::Trial));
                c[2] += u64::from(st.dead == Some(Cause::Disgrace));
                c[3] += u64::from(st.dead.is_none());
                c[4] += u64::from(king == Some(i));
            }
            let name = |i: Option<usize>| i.map(|i| self.people[i].name);
            let key = (
                w.throne,
                name(king),
                name(self.senior(&w, w.throne.other())),
                w.winner,
            );
            *tally.crown.entry(key).or_default() += 1;
            tally.rebel_placed += u64::from(w.rebel_placed);
        }
        tally
    }

    /// The senior living heir serving his own house (3.21, 9.1).
    fn senior(&self, w: &World, house: House) -> Option<usize> {
        (0..self.people.len())
            .filter(|&i| {
                self.people[i].heir.is_some_and(|(h, _)| h == house)
                    && w.status[i].dead.is_none()
                    && w.status[i].serves == Some(house)
            })
            .min_by_key(|&i| self.people[i].heir.map(|(_, rank)| rank))
    }

    /// The dice of a Treachery roll against a noble serving `house`: that block's loyalty, if it
    /// is a noble's block (a loyal heir has none).
    fn dice(&self, i: usize, house: House) -> Option<u8> {
        let b = self.people[i].blocks[slot(house)]?;
        match (b.kind, b.loyalty) {
            (Kind::Noble, Loyalty::Dice(d)) => Some(d),
            _ => None,
        }
    }

    fn kill(&self, w: &mut World, i: usize, cause: Cause, seen: &mut Seen) {
        w.status[i].dead = Some(cause);
        w.status[i].serves = None;
        if w.winner.is_some() {
            return;
        }
        for house in [House::York, House::Lancaster] {
            let every_heir_dead = (0..self.people.len())
                .filter(|&j| self.people[j].heir.is_some_and(|(h, _)| h == house))
                .all(|j| w.status[j].dead.is_some());
            if every_heir_dead {
                // 9.0, V13.
                w.winner = Some(house.other());
                seen.wins += 1;
            }
        }
    }

    fn turn(&self, w: &mut World, i: usize, seen: &mut Seen) {
        let st = &mut w.status[i];
        if let Some(h) = st.serves {
            st.serves = Some(h.other());
            if self.people[i].heir.is_some_and(|(own, _)| own == h.other()) {
                seen.heir_won_back += 1;
            }
        }
    }

    /// All of `dice` dice even (6.9).
    fn treachery(rng: &mut BattleRng, dice: u8) -> bool {
        (0..dice).all(|_| die(rng).is_multiple_of(2))
    }

    /// Whom `namer` names, `count` at most (V5): his list first, skipping his own nobles, the
    /// dead, an heir serving his own house and anyone named already (a listed noble off the map
    /// is named all the same); then the enemy nobles on the map by dice (fewest first to turn,
    /// most first to execute), ties in the order of the scenario's `nobles`.
    fn names(&self, w: &World, namer: House, list: &[usize], aim: Aim, count: usize) -> Vec<usize> {
        let mut out: Vec<usize> = Vec::new();
        for &i in list {
            if out.len() == count {
                break;
            }
            let st = w.status[i];
            let loyal_heir = match (self.people[i].heir, st.serves) {
                (Some((own, _)), Some(h)) => own == h,
                _ => false,
            };
            if st.dead.is_some() || st.serves == Some(namer) || loyal_heir || out.contains(&i) {
                continue;
            }
            out.push(i);
        }
        let mut rest: Vec<(u8, usize, usize)> = Vec::new();
        for (order, &i) in self.listing.iter().enumerate() {
            let st = w.status[i];
            if st.dead.is_some() || !st.on_map || out.contains(&i) {
                continue;
            }
            let Some(house) = st.serves.filter(|&h| h != namer) else {
                continue;
            };
            if let Some(d) = self.dice(i, house) {
                rest.push((d, order, i));
            }
        }
        rest.sort_by_key(|&(d, order, _)| (if aim == Aim::Turn { d } else { 9 - d }, order));
        while out.len() < count && !rest.is_empty() {
            out.push(rest.remove(0).2);
        }
        out
    }

    fn once(&self, rng: &mut BattleRng, seen: &mut Seen) -> World {
        let mut w = World {
            status: self.start.clone(),
            throne: self.throne,
            rebel_on_map: self.rebel_on_map,
            rebel_placed: false,
            pledged: vec![false; self.people.len()],
            winner: None,
        };
        // The Pledge of Loyalty, after a usurpation this turn (V6).
        if self.usurpation {
            let king = w.throne;
            let roll = die(rng);
            if roll <= 3 {
                let named = self.names(
                    &w,
                    king,
                    &self.lists[slot(king)][0],
                    Aim::Turn,
                    roll as usize,
                );
                seen.pledge_named += u64::from(!named.is_empty());
                for i in named {
                    let st = w.status[i];
                    let (Some(house), true) = (st.serves, st.on_map) else {
                        seen.wasted += 1;
                        continue;
                    };
                    let dice = self.dice(i, house).expect("a named noble");
                    if Self::treachery(rng, dice) {
                        self.turn(&mut w, i, seen);
                        w.pledged[i] = true;
                        seen.pledge_turned += 1;
                    }
                }
            }
        }
        // The three events: King, Pretender, King (V3).
        for kings_roll in [true, false, true] {
            if w.winner.is_some() {
                break;
            }
            let roller = if kings_roll {
                w.throne
            } else {
                w.throne.other()
            };
            match die(rng) {
                1 => seen.witchcraft += 1,
                2 => {
                    // Kingmaker's Treason: wherever Warwick is (V8).
                    let warwick = self.people.iter().position(|p| p.name == "Warwick");
                    if let Some(i) = warwick.filter(|&i| w.status[i].dead.is_none()) {
                        self.turn(&mut w, i, seen);
                        seen.warwick_turned += 1;
                    }
                }
                3 if kings_roll => {
                    // Trial for Treason of the King's Clarence or Exeter (V9).
                    let subject = if roller == House::York {
                        "Clarence"
                    } else {
                        "Exeter"
                    };
                    let i = self.people.iter().position(|p| p.name == subject).unwrap();
                    let st = w.status[i];
                    if st.dead.is_none() && st.serves == Some(roller) {
                        if self.senior(&w, roller) == Some(i) {
                            seen.trial_of_the_king += 1;
                        } else {
                            seen.trials += 1;
                            let heir_block = self.people[i].blocks[slot(roller)].unwrap();
                            let dice = heir_block.loyalty.dice().unwrap();
                            if Self::treachery(rng, dice) {
                                self.kill(&mut w, i, Cause::Trial, seen);
                                seen.trial_executions += 1;
                            }
                        }
                    }
                }
                4 => {
                    // Death of His Grace (V10).
                    if let Some(i) = self.senior(&w, roller) {
                        let was_king = roller == w.throne;
                        self.kill(&mut w, i, Cause::Illness, seen);
                        if was_king {
                            seen.king_illness += 1;
                        } else {
                            seen.pretender_illness += 1;
                        }
                        if was_king
                            && w.winner.is_none()
                            && self.senior(&w, roller).is_none()
                            && self.senior(&w, roller.other()).is_some()
                        {
                            w.throne = roller.other();
                            seen.crown_passed += 1;
                        }
                    }
                }
                5 if kings_roll => {
                    // Attempt to Disgrace the King: the Pretender names and may place the Rebel
                    // (V11).
                    let namer = roller.other();
                    for i in self.names(&w, namer, &self.lists[slot(namer)][1], Aim::Kill, 1) {
                        if w.status[i].on_map && w.status[i].dead.is_none() {
                            self.kill(&mut w, i, Cause::Disgrace, seen);
                            seen.disgrace_executions += 1;
                        } else {
                            seen.wasted += 1;
                        }
                    }
                    if self.place_rebel[slot(namer)] && !w.rebel_on_map && w.winner.is_none() {
                        w.rebel_on_map = true;
                        w.rebel_placed = true;
                        seen.rebel_placed += 1;
                    }
                }
                6 => {
                    // Double Game: the roller's opponent names (V12).
                    let namer = roller.other();
                    for i in self.names(&w, namer, &self.lists[slot(namer)][2], Aim::Turn, 1) {
                        let st = w.status[i];
                        let (Some(house), true) = (st.serves, st.on_map) else {
                            seen.wasted += 1;
                            continue;
                        };
                        seen.double_games += 1;
                        if Self::treachery(rng, self.dice(i, house).unwrap()) {
                            self.turn(&mut w, i, seen);
                            seen.double_game_turned += 1;
                        }
                    }
                }
                // 3 and 5 on the Pretender's roll: ignored.
                _ => {}
            }
        }
        w
    }
}

/// One die, 1-6.
fn die(rng: &mut BattleRng) -> u8 {
    (rng.next_u64() % 6) as u8 + 1
}
