//! A Monte Carlo of one Kingmaker combat, written apart from the exact count in
//! `src/kingmaker/` so that it can catch its mistakes: it reads the scenario itself, draws a card
//! from the deck as described for every draw, rolls two dice for every roll of the Nobles Killed
//! and Loyalty Tables, and reads the rules (Combat, Siege, Ambush, Advanced Battle, Individual
//! Encounter, Encounter Modifications) and the decisions K1-K14 of `docs/rules.md` afresh. Of
//! `bosworth::kingmaker` it uses only the scenario's types.

use bosworth::kingmaker::{AmbushChoice, CardResult, CombatKind, Game, Line, Scenario, Side};
use bosworth::rules::dice::BattleRng;
use rand::Rng;

/// A Noble or royal heir, in the report's order: the attacker's Nobles, his heirs, the
/// defender's Nobles, his heirs.
struct Piece {
    name: String,
    side: Side,
    noble: bool,
    strength: u32,
    /// Titled Noble or crowned heir: the Loyalty Table in the Advanced Game.
    loyalty: bool,
    /// A Noble's line and column; an heir's Noble.
    line: Option<Line>,
    column: Option<u8>,
    with: Option<usize>,
}

/// One card: its victory ratio (0 Majority ... 5 4-1) or Bad Weather (`None`), its list, and
/// whether it is read on the Nobles Killed Table.
struct Card {
    ratio: Option<u8>,
    killed: Vec<String>,
    table: bool,
}

/// Rows of the Nobles Killed Table, as the totals of two dice that kill.
pub const LARGER: &[u8] = &[2];
pub const SMALLER: &[u8] = &[2, 3, 12];
pub const SELECTED: &[u8] = &[2, 3, 4];
pub const EACH: &[u8] = &[2, 12];
pub const HEIR: &[u8] = &[2];

/// What the sampled combats went through, to show the cases exercise every row and result.
#[derive(Debug, Default, Clone)]
pub struct Seen {
    /// Cards drawn, by result: Majority, 5-4, 3-2, 2-1, 3-1, 4-1, Bad Weather.
    pub cards: [u64; 7],
    /// Rolls on each combat row of the Nobles Killed Table, and deaths: larger force, smaller
    /// force, ambush selected, ambush each, royal heir in an encounter.
    pub rolls: [u64; 5],
    pub deaths: [u64; 5],
    /// Loyalty Table rolls: successor loyal, lost.
    pub loyalty: [u64; 2],
    /// Deaths by a card's list (Combat 5), by its lowermost name (Ambush, K12).
    pub named: u64,
    pub lowermost: u64,
    /// Optional cards read on the table (K14).
    pub table_cards: u64,
    /// Victories of the larger force when it attacks, when it defends; indecisive cards.
    pub attacker_won: u64,
    pub defender_won: u64,
    pub indecisive: u64,
}

impl Seen {
    /// Adds another count.
    pub fn add(&mut self, o: &Seen) {
        for k in 0..7 {
            self.cards[k] += o.cards[k];
        }
        for k in 0..5 {
            self.rolls[k] += o.rolls[k];
            self.deaths[k] += o.deaths[k];
        }
        self.loyalty[0] += o.loyalty[0];
        self.loyalty[1] += o.loyalty[1];
        self.named += o.named;
        self.lowermost += o.lowermost;
        self.table_cards += o.table_cards;
        self.attacker_won += o.attacker_won;
        self.defender_won += o.defender_won;
        self.indecisive += o.indecisive;
    }
}

/// An encounter's outcome counts: attacker wins, defender wins, indecisive, Bad Weather.
pub type Four = [u64; 4];

/// The counts over the sampled combats, laid out like the report.
#[derive(Debug, Default)]
pub struct Tally {
    /// A battle: attacker wins, defender wins, indecisive, Bad Weather. A siege: captured, under
    /// siege. An ambush: ambushers captured, postponed.
    pub outcome: Vec<u64>,
    /// An Advanced Game battle: the step-1 card postponed it; each encounter's outcome.
    pub postponed: u64,
    pub encounters: Vec<Four>,
    /// Each piece, in the report's order: name, killed, and with the Loyalty Table, successor
    /// loyal and lost.
    pub names: Vec<String>,
    pub killed: Vec<u64>,
    pub loyal: Vec<u64>,
    pub lost: Vec<u64>,
    pub seen: Seen,
}

/// An encounter read from the scenario: its column and everyone in it with his troops.
struct Fight {
    participants: Vec<(usize, u32)>,
}

/// A valid combat, read for sampling.
pub struct Sampler {
    game: Game,
    combat: CombatKind,
    pieces: Vec<Piece>,
    cards: Vec<Card>,
    garrison: u32,
    counterattack: bool,
    fights: Vec<Fight>,
    /// The ambusher's row: `None` each of the target force, else the piece selected.
    selected: Option<usize>,
}

fn same(a: &str, b: &str) -> bool {
    a.trim().eq_ignore_ascii_case(b.trim())
}

/// The column of the Table of Odds `larger` troops reach over `smaller` (K1): 0 Majority (the
/// Advanced Game only, K3), 1 5-4, 2 3-2, 3 2-1, 4 3-1, 5 4-1; `None` for none.
pub fn column(game: Game, larger: u32, smaller: u32) -> Option<u8> {
    let (l, s) = (u64::from(larger), u64::from(smaller));
    if l <= s {
        return None;
    }
    let mut best = (game == Game::Advanced).then_some(0);
    for (k, (num, den)) in [(5, 4), (3, 2), (2, 1), (3, 1), (4, 1)]
        .into_iter()
        .enumerate()
    {
        if l * den >= s * num {
            best = Some(k as u8 + 1);
        }
    }
    best
}

/// The larger side and its column, for the attacker's and the defender's troops.
fn ratio(game: Game, attacker: u32, defender: u32) -> (Option<Side>, Option<u8>) {
    if attacker > defender {
        (Some(Side::Attacker), column(game, attacker, defender))
    } else if defender > attacker {
        (Some(Side::Defender), column(game, defender, attacker))
    } else {
        (None, None)
    }
}

impl Sampler {
    /// Reads a scenario that `Combat::new` accepted.
    pub fn new(s: &Scenario) -> Sampler {
        let mut pieces: Vec<Piece> = Vec::new();
        let mut heirs_with = Vec::new();
        for (side, force) in [(Side::Attacker, &s.attacker), (Side::Defender, &s.defender)] {
            for n in &force.nobles {
                pieces.push(Piece {
                    name: n.name.trim().to_string(),
                    side,
                    noble: true,
                    strength: n.strength,
                    loyalty: n.titled,
                    line: n.line,
                    column: n.column,
                    with: None,
                });
            }
            for h in &force.heirs {
                heirs_with.push((pieces.len(), h.with.clone()));
                pieces.push(Piece {
                    name: h.name.trim().to_string(),
                    side,
                    noble: false,
                    strength: 0,
                    loyalty: h.crowned,
                    line: None,
                    column: None,
                    with: None,
                });
            }
        }
        for (h, with) in heirs_with {
            let side = pieces[h].side;
            pieces[h].with = with.and_then(|name| {
                pieces
                    .iter()
                    .position(|p| p.noble && p.side == side && same(&p.name, &name))
            });
        }
        let mut cards = Vec::new();
        for group in &s.deck {
            for _ in 0..group.count {
                cards.push(Card {
                    ratio: match group.result {
                        CardResult::Majority => Some(0),
                        CardResult::FiveToFour => Some(1),
                        CardResult::ThreeToTwo => Some(2),
                        CardResult::TwoToOne => Some(3),
                        CardResult::ThreeToOne => Some(4),
                        CardResult::FourToOne => Some(5),
                        CardResult::BadWeather => None,
                    },
                    killed: group.killed.clone(),
                    table: group.nobles_killed_table,
                });
            }
        }
        let noble = |name: &str| {
            pieces
                .iter()
                .position(|p| p.noble && same(&p.name, name))
                .expect("a valid scenario names its Nobles")
        };
        // Individual Encounter 1-4: the two battle-line Nobles of the column, those who join with
        // all their troops, and troops stripped off Nobles battling elsewhere.
        let initiator = if s.counterattack {
            Side::Defender
        } else {
            Side::Attacker
        };
        let mut fights: Vec<Fight> = Vec::new();
        for e in &s.encounters {
            let mut participants = Vec::new();
            for side in [initiator, initiator.other()] {
                let front = pieces
                    .iter()
                    .position(|p| {
                        p.side == side && p.line == Some(Line::Battle) && p.column == Some(e.column)
                    })
                    .expect("a valid encounter");
                participants.push((front, pieces[front].strength));
            }
            for name in &e.join {
                let p = noble(name);
                participants.push((p, pieces[p].strength));
            }
            fights.push(Fight { participants });
        }
        for (to, e) in s.encounters.iter().enumerate() {
            for lend in &e.lend {
                let p = noble(&lend.noble);
                let home = (0..fights.len())
                    .find(|&f| f != to && fights[f].participants.iter().any(|q| q.0 == p))
                    .expect("a lender battles elsewhere");
                for q in fights[home].participants.iter_mut().filter(|q| q.0 == p) {
                    q.1 -= lend.troops;
                }
                fights[to].participants.push((p, lend.troops));
            }
        }
        // The ambusher's row (K12): by default the first royal heir of the target force, else its
        // first Noble.
        let target = |p: &Piece| p.side == Side::Defender;
        let selected = match &s.ambush {
            Some(AmbushChoice::Each) => None,
            Some(AmbushChoice::Selected(name)) => {
                pieces.iter().position(|p| target(p) && same(&p.name, name))
            }
            None => pieces
                .iter()
                .position(|p| target(p) && !p.noble)
                .or_else(|| pieces.iter().position(target)),
        };
        Sampler {
            game: s.game,
            combat: s.combat,
            pieces,
            cards,
            garrison: s.garrison.unwrap_or(0),
            counterattack: s.counterattack,
            fights,
            selected,
        }
    }

    fn troops(&self, side: Side) -> u32 {
        self.pieces
            .iter()
            .filter(|p| p.side == side)
            .map(|p| p.strength)
            .sum()
    }

    /// Samples `runs` combats with this generator.
    pub fn run(&self, runs: u64, rng: &mut BattleRng) -> Tally {
        let n = self.pieces.len();
        let mut t = Tally {
            outcome: vec![0; 4],
            encounters: vec![[0; 4]; self.fights.len()],
            names: self.pieces.iter().map(|p| p.name.clone()).collect(),
            killed: vec![0; n],
            loyal: vec![0; n],
            lost: vec![0; n],
            ..Tally::default()
        };
        let mut dead = vec![false; n];
        for _ in 0..runs {
            dead.fill(false);
            match (self.combat, self.game) {
                (CombatKind::Battle, Game::Basic) => self.battle(rng, &mut t, &mut dead),
                (CombatKind::Battle, Game::Advanced) => self.encounters(rng, &mut t, &mut dead),
                (CombatKind::Siege, _) => self.siege(rng, &mut t, &mut dead),
                (CombatKind::Ambush, _) => self.ambush(rng, &mut t, &mut dead),
            }
            for (i, &d) in dead.iter().enumerate() {
                if !d {
                    continue;
                }
                t.killed[i] += 1;
                // Loyalty Table, row 1: the Advanced Game's, always rolled (K11).
                if self.game == Game::Advanced && self.pieces[i].loyalty {
                    if two_dice(rng) <= 7 {
                        t.loyal[i] += 1;
                        t.seen.loyalty[0] += 1;
                    } else {
                        t.lost[i] += 1;
                        t.seen.loyalty[1] += 1;
                    }
                }
            }
        }
        t
    }

    /// One card of the deck as described, every card equally likely (K2).
    fn draw(&self, rng: &mut BattleRng, seen: &mut Seen) -> &Card {
        let card = &self.cards[(rng.next_u64() % self.cards.len() as u64) as usize];
        seen.cards[card.ratio.map_or(6, usize::from)] += 1;
        card
    }

    /// A roll on a row of the Nobles Killed Table; true if it kills.
    fn roll(rng: &mut BattleRng, row: &[u8], seen: &mut Seen) -> bool {
        let k = match row {
            [2] => 0,
            [2, 3, 12] => 1,
            [2, 3, 4] => 2,
            _ => 3,
        };
        seen.rolls[k] += 1;
        let dies = row.contains(&two_dice(rng));
        seen.deaths[k] += u64::from(dies);
        dies
    }

    /// A roll of a royal heir in an encounter (counted apart from the larger force's 2).
    fn heir_roll(rng: &mut BattleRng, seen: &mut Seen) -> bool {
        seen.rolls[4] += 1;
        let dies = HEIR.contains(&two_dice(rng));
        seen.deaths[4] += u64::from(dies);
        dies
    }

    /// The row of a Noble whose force has `own` troops against `enemy` (K7: equal forces both
    /// roll as the larger).
    fn row(own: u32, enemy: u32) -> &'static [u8] {
        if own < enemy { SMALLER } else { LARGER }
    }

    /// The Nobles a card's list kills: every Noble named who takes part (Combat 5).
    fn named(&self, card: &Card, dead: &mut [bool], seen: &mut Seen) {
        for (i, p) in self.pieces.iter().enumerate() {
            if p.noble && card.killed.iter().any(|k| same(k, &p.name)) {
                dead[i] = true;
                seen.named += 1;
            }
        }
    }

    /// The outcome of a card for a ratio: the larger side wins on a card not above its column
    /// (Combat 4a), else indecisive (4b); Bad Weather apart (4c). Index into a [`Four`].
    fn decide(card: &Card, larger: Option<Side>, col: Option<u8>, seen: &mut Seen) -> usize {
        let Some(r) = card.ratio else {
            return 3;
        };
        match (larger, col) {
            (Some(Side::Attacker), Some(c)) if r <= c => {
                seen.attacker_won += 1;
                0
            }
            (Some(Side::Defender), Some(c)) if r <= c => {
                seen.defender_won += 1;
                1
            }
            _ => {
                seen.indecisive += 1;
                2
            }
        }
    }

    /// A Basic Game battle: one card (Combat 1-5); an optional card reads the table (K14).
    fn battle(&self, rng: &mut BattleRng, t: &mut Tally, dead: &mut [bool]) {
        let (a, d) = (self.troops(Side::Attacker), self.troops(Side::Defender));
        let (larger, col) = ratio(self.game, a, d);
        let card = self.draw(rng, &mut t.seen);
        t.outcome[Self::decide(card, larger, col, &mut t.seen)] += 1;
        if card.ratio.is_none() {
            // Bad Weather: no battle, nobody killed (K4).
            return;
        }
        if card.table {
            t.seen.table_cards += 1;
            for (i, p) in self.pieces.iter().enumerate() {
                dead[i] = if p.noble {
                    let (own, enemy) = if p.side == Side::Attacker {
                        (a, d)
                    } else {
                        (d, a)
                    };
                    Self::roll(rng, Self::row(own, enemy), &mut t.seen)
                } else {
                    Self::heir_roll(rng, &mut t.seen)
                };
            }
        } else {
            self.named(card, dead, &mut t.seen);
        }
    }

    /// A siege: the card decides only Bad Weather (Siege 2-3); who dies is on the card in the
    /// Basic Game, on the siege rows of the table in the Advanced Game or on an optional card
    /// (K13, K14). Royal heirs do not roll.
    fn siege(&self, rng: &mut BattleRng, t: &mut Tally, dead: &mut [bool]) {
        let besiegers = self.troops(Side::Attacker);
        let defence = self.garrison + self.troops(Side::Defender);
        let card = self.draw(rng, &mut t.seen);
        if card.ratio.is_none() {
            t.outcome[1] += 1;
            return;
        }
        t.outcome[0] += 1;
        if self.game == Game::Advanced || card.table {
            t.seen.table_cards += u64::from(card.table && self.game == Game::Basic);
            for (i, p) in self.pieces.iter().enumerate() {
                if p.noble {
                    let row = if p.side == Side::Attacker {
                        Self::row(besiegers, defence)
                    } else {
                        Self::row(defence, besiegers)
                    };
                    dead[i] = Self::roll(rng, row, &mut t.seen);
                }
            }
        } else {
            self.named(card, dead, &mut t.seen);
        }
    }

    /// An ambush: the target force wins on every card but Bad Weather, which postpones it; the
    /// lowermost name of the card dies if he takes part, or with the table the ambusher's row
    /// (K12).
    fn ambush(&self, rng: &mut BattleRng, t: &mut Tally, dead: &mut [bool]) {
        let card = self.draw(rng, &mut t.seen);
        if card.ratio.is_none() {
            t.outcome[1] += 1;
            return;
        }
        t.outcome[0] += 1;
        if self.game == Game::Advanced || card.table {
            t.seen.table_cards += u64::from(card.table && self.game == Game::Basic);
            match self.selected {
                Some(i) => dead[i] = Self::roll(rng, SELECTED, &mut t.seen),
                None => {
                    for (i, p) in self.pieces.iter().enumerate() {
                        if p.side == Side::Defender {
                            dead[i] = Self::roll(rng, EACH, &mut t.seen);
                        }
                    }
                }
            }
        } else if let Some(last) = card.killed.last() {
            for (i, p) in self.pieces.iter().enumerate() {
                if p.noble && same(last, &p.name) {
                    dead[i] = true;
                    t.seen.lowermost += 1;
                }
            }
        }
    }

    /// An Advanced Game battle's half-round: the step-1 card, then each encounter with its own
    /// card and its own rolls (Advanced Battle 1-5, K4, K6, K9).
    fn encounters(&self, rng: &mut BattleRng, t: &mut Tally, dead: &mut [bool]) {
        if !self.counterattack {
            let card = self.draw(rng, &mut t.seen);
            t.postponed += u64::from(card.ratio.is_none());
        }
        // Encounter Modifications 1-4: the original defender defending, and each side with a
        // royal heir with a Noble of its battle line; opposite steps cancel, at most one left.
        let heir_in_line = |side: Side| {
            self.pieces.iter().any(|h| {
                !h.noble
                    && h.side == side
                    && h.with
                        .is_some_and(|n| self.pieces[n].line == Some(Line::Battle))
            })
        };
        let net = i32::from(!self.counterattack) + i32::from(heir_in_line(Side::Defender))
            - i32::from(heir_in_line(Side::Attacker));
        let shift = net.signum();
        for (e, f) in self.fights.iter().enumerate() {
            let side_troops = |side: Side| -> u32 {
                f.participants
                    .iter()
                    .filter(|q| self.pieces[q.0].side == side)
                    .map(|q| q.1)
                    .sum()
            };
            let (a, d) = (side_troops(Side::Attacker), side_troops(Side::Defender));
            // The scale: negative for the attacker, positive for the defender, 1-6 Majority-4-1.
            let place = match ratio(self.game, a, d) {
                (Some(Side::Attacker), Some(c)) => -(i32::from(c) + 1),
                (Some(Side::Defender), Some(c)) => i32::from(c) + 1,
                _ => 0,
            };
            let moved = (place + shift).clamp(-6, 6);
            let larger = match moved.signum() {
                1 => Some(Side::Defender),
                -1 => Some(Side::Attacker),
                _ => None,
            };
            let col = (moved != 0).then(|| (moved.unsigned_abs() - 1) as u8);
            let card = self.draw(rng, &mut t.seen);
            t.encounters[e][Self::decide(card, larger, col, &mut t.seen)] += 1;
            // Everyone in it rolls, whatever the card (Individual Encounter 5, K4), by the troops
            // in the encounter (K7); heirs with them on a 2 (K9).
            for &(p, _) in &f.participants {
                let side = self.pieces[p].side;
                let row = Self::row(side_troops(side), side_troops(side.other()));
                if Self::roll(rng, row, &mut t.seen) {
                    dead[p] = true;
                }
                for (h, heir) in self.pieces.iter().enumerate() {
                    if !heir.noble && heir.with == Some(p) && Self::heir_roll(rng, &mut t.seen) {
                        dead[h] = true;
                    }
                }
            }
        }
    }
}

/// Two dice, 2-12.
fn two_dice(rng: &mut BattleRng) -> u8 {
    let mut die = || (rng.next_u64() % 6) as u8 + 1;
    die() + die()
}
