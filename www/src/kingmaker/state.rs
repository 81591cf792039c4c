//! The Kingmaker calculator's reducer (`docs/kingmaker.md`): the combat being edited with its
//! history, and the engine's exact report for it (`Combat::new` then `Combat::report`, counted
//! directly: well under a millisecond). No `Html` here.
//!
//! The Event deck is the user's: the rules never print how many cards show each ratio (K2), so
//! nothing here makes one up. A new combat starts from the examples' deck, one card of each
//! result, and the page says so.

use crate::shell::doc::{Doc, DocAction};
use bosworth::ScenarioError;
use bosworth::kingmaker::{
    AmbushChoice, CardResult, Cards, Combat, CombatKind, Encounter, Force, Game, Heir, Kind, Lend, Line, Noble, Report,
    Scenario, Side,
};
use std::rc::Rc;
use yew::{Properties, Reducible, UseReducerHandle};

/// An edit of the combat.
#[derive(Debug, Clone, PartialEq)]
pub enum KingmakerEdit {
    /// Basic or Advanced Game. Leaving an Advanced Game battle drops what only it has: the
    /// formation, the encounters, the counter-attack.
    Game(Game),
    /// Battle, siege or ambush. Fields of another type of combat are dropped (the garrison, the
    /// ambusher's choice, the formation).
    Combat(CombatKind),
    /// The siege's garrison (Terrain Key).
    Garrison(Option<u32>),
    /// The original defender counter-attacks (Advanced Battle 7).
    Counterattack(bool),
    /// The ambusher's row of the Nobles Killed Table (K12); `None` for the default.
    Ambush(Option<AmbushChoice>),
    /// The note shown with the figures (`None`: none).
    Note(Option<String>),
    /// Adds a Noble to a force, with a name of his own.
    AddNoble(Side),
    /// Removes a Noble; heirs with him, encounters and the ambusher's choice forget him.
    RemoveNoble(Side, usize),
    /// Replaces a Noble; a new name is followed wherever the old one was written.
    Noble(Side, usize, Noble),
    /// Adds a royal heir to a force.
    AddHeir(Side),
    /// Removes a royal heir.
    RemoveHeir(Side, usize),
    /// Replaces a royal heir; a new name is followed by the ambusher's choice.
    Heir(Side, usize, Heir),
    /// Adds an encounter in the first column that has none.
    AddEncounter,
    /// Removes an encounter.
    RemoveEncounter(usize),
    /// Replaces an encounter.
    Encounter(usize, Encounter),
    /// Adds a group of cards to the deck.
    AddCards,
    /// Removes a group of cards.
    RemoveCards(usize),
    /// Replaces a group of cards.
    Cards(usize, Cards),
    /// Replaces the deck with the examples' deck, one card of each result the game has.
    ExampleDeck,
}

/// An action of the Kingmaker calculator.
pub type KingmakerAction = DocAction<Scenario, KingmakerEdit>;

/// Everything the Kingmaker calculator shows.
#[derive(Debug, Clone, PartialEq)]
pub struct KingmakerState {
    /// The combat being edited, with its history.
    pub doc: Doc<Scenario>,
    /// The engine's report, or why the combat cannot be resolved (the field and the reason).
    pub report: Result<Rc<Report>, ScenarioError>,
}

/// The engine's answer for a combat.
pub fn compute(scenario: &Scenario) -> Result<Rc<Report>, ScenarioError> {
    Combat::new(scenario).map(|c| Rc::new(c.report()))
}

impl KingmakerState {
    /// A state showing `scenario`, its report computed.
    pub fn new(scenario: Scenario) -> KingmakerState {
        let report = compute(&scenario);
        KingmakerState { doc: Doc::new(scenario), report }
    }

    /// The combat as entered.
    pub fn scenario(&self) -> &Scenario {
        &self.doc.scenario
    }

    /// Applies an action (pure).
    pub fn apply(self, action: KingmakerAction) -> KingmakerState {
        let revision = self.doc.revision;
        let doc = self.doc.apply(action, apply_edit);
        let report = if doc.revision == revision { self.report } else { compute(&doc.scenario) };
        KingmakerState { doc, report }
    }
}

/// Props of the calculator's parts.
#[derive(Properties, PartialEq, Clone)]
pub struct KingmakerProps {
    /// The reducer.
    pub state: UseReducerHandle<KingmakerState>,
}

/// Sends an edit.
pub fn edit(state: &UseReducerHandle<KingmakerState>, e: KingmakerEdit) {
    state.dispatch(DocAction::Edit(e));
}

impl Reducible for KingmakerState {
    type Action = KingmakerAction;

    fn reduce(self: Rc<Self>, action: KingmakerAction) -> Rc<Self> {
        Rc::new((*self).clone().apply(action))
    }
}

/// The examples' deck: one card of each result the game has (Majority only in the Advanced
/// Game, K3), as the worked example's own chances imply (K2). Not the real deck, which the
/// rules do not print: the page says so wherever it offers it.
pub fn example_deck(game: Game) -> Vec<Cards> {
    let mut results = vec![CardResult::BadWeather];
    if game == Game::Advanced {
        results.push(CardResult::Majority);
    }
    results.extend([CardResult::FiveToFour, CardResult::ThreeToTwo, CardResult::TwoToOne, CardResult::ThreeToOne, CardResult::FourToOne]);
    results.into_iter().map(|result| Cards { count: 1, result, killed: Vec::new(), nobles_killed_table: false }).collect()
}

/// A new combat: a Basic Game battle with no Noble yet and the examples' deck (said on the page).
pub fn new_combat() -> Scenario {
    Scenario {
        kind: Kind::Kingmaker,
        version: bosworth::kingmaker::KINGMAKER_VERSION,
        note: None,
        game: Game::Basic,
        combat: CombatKind::Battle,
        attacker: Force::default(),
        defender: Force::default(),
        garrison: None,
        encounters: Vec::new(),
        counterattack: false,
        ambush: None,
        deck: example_deck(Game::Basic),
    }
}

/// A combat with nothing in it, not even a deck: what a broken link opens.
pub fn empty_combat() -> Scenario {
    Scenario { deck: Vec::new(), ..new_combat() }
}

/// A force of the scenario.
pub fn force(s: &Scenario, side: Side) -> &Force {
    match side {
        Side::Attacker => &s.attacker,
        Side::Defender => &s.defender,
    }
}

fn force_mut(s: &mut Scenario, side: Side) -> &mut Force {
    match side {
        Side::Attacker => &mut s.attacker,
        Side::Defender => &mut s.defender,
    }
}

/// True when the combat is an Advanced Game battle: the only one with a formation and encounters.
pub fn advanced_battle(s: &Scenario) -> bool {
    s.game == Game::Advanced && s.combat == CombatKind::Battle
}

fn same(a: &str, b: &str) -> bool {
    a.trim().eq_ignore_ascii_case(b.trim())
}

/// Every name in the combat, Nobles and royal heirs of both forces.
fn names(s: &Scenario) -> Vec<String> {
    Side::BOTH
        .iter()
        .flat_map(|&side| {
            let f = force(s, side);
            f.nobles.iter().map(|n| n.name.clone()).chain(f.heirs.iter().map(|h| h.name.clone())).collect::<Vec<_>>()
        })
        .collect()
}

/// `base`, or `base 2`, `base 3`... the first not yet in the combat.
fn fresh(s: &Scenario, base: &str) -> String {
    let taken = names(s);
    (1..)
        .map(|k| if k == 1 { base.to_string() } else { format!("{base} {k}") })
        .find(|n| !taken.iter().any(|t| same(t, n)))
        .expect("a free name")
}

/// Drops what only an Advanced Game battle, a siege or an ambush has when the combat is no longer
/// one (the engine refuses such fields elsewhere).
fn tidy(s: &mut Scenario) {
    if !advanced_battle(s) {
        for side in Side::BOTH {
            for n in &mut force_mut(s, side).nobles {
                n.line = None;
                n.column = None;
            }
        }
        s.encounters.clear();
        s.counterattack = false;
    }
    if s.combat != CombatKind::Siege {
        s.garrison = None;
    }
    if s.combat != CombatKind::Ambush {
        s.ambush = None;
    }
}

/// A name changed: written anew wherever the old one was.
fn rename(s: &mut Scenario, old: &str, new: &str) {
    if same(old, new) {
        return;
    }
    for side in Side::BOTH {
        for h in &mut force_mut(s, side).heirs {
            if h.with.as_deref().is_some_and(|w| same(w, old)) {
                h.with = Some(new.to_string());
            }
        }
    }
    for e in &mut s.encounters {
        for j in &mut e.join {
            if same(j, old) {
                *j = new.to_string();
            }
        }
        for l in &mut e.lend {
            if same(&l.noble, old) {
                l.noble = new.to_string();
            }
        }
    }
    if let Some(AmbushChoice::Selected(n)) = &mut s.ambush
        && same(n, old)
    {
        *n = new.to_string();
    }
}

/// A piece gone: nothing names him any more.
fn forget(s: &mut Scenario, name: &str) {
    for side in Side::BOTH {
        for h in &mut force_mut(s, side).heirs {
            if h.with.as_deref().is_some_and(|w| same(w, name)) {
                h.with = None;
            }
        }
    }
    for e in &mut s.encounters {
        e.join.retain(|j| !same(j, name));
        e.lend.retain(|l| !same(&l.noble, name));
    }
    if matches!(&s.ambush, Some(AmbushChoice::Selected(n)) if same(n, name)) {
        s.ambush = None;
    }
}

fn apply_edit(s: &mut Scenario, edit: KingmakerEdit) {
    match edit {
        KingmakerEdit::Game(g) => {
            s.game = g;
            tidy(s);
        }
        KingmakerEdit::Combat(c) => {
            s.combat = c;
            tidy(s);
        }
        KingmakerEdit::Garrison(g) => s.garrison = g,
        KingmakerEdit::Counterattack(on) => s.counterattack = on,
        KingmakerEdit::Ambush(a) => s.ambush = a,
        KingmakerEdit::Note(n) => s.note = n.filter(|n| !n.trim().is_empty()),
        KingmakerEdit::AddNoble(side) => {
            let name = fresh(s, &format!("{} Noble", if side == Side::Attacker { "Attacking" } else { "Defending" }));
            force_mut(s, side).nobles.push(Noble { name, strength: 10, titled: false, line: None, column: None });
        }
        KingmakerEdit::RemoveNoble(side, i) => {
            let nobles = &mut force_mut(s, side).nobles;
            if i < nobles.len() {
                let gone = nobles.remove(i);
                forget(s, &gone.name);
            }
        }
        KingmakerEdit::Noble(side, i, mut noble) => {
            if noble.line.is_none_or(|l| l == Line::Reserve) {
                noble.column = None;
            }
            if noble.line == Some(Line::Reserve) {
                noble.line = None;
            }
            let Some(old) = force(s, side).nobles.get(i).map(|n| n.name.clone()) else { return };
            force_mut(s, side).nobles[i] = noble.clone();
            rename(s, &old, &noble.name);
        }
        KingmakerEdit::AddHeir(side) => {
            let name = fresh(s, "Royal heir");
            // In an Advanced Game battle every heir is with a Noble (Deployment 1d): the first.
            let with = advanced_battle(s).then(|| force(s, side).nobles.first().map(|n| n.name.clone())).flatten();
            force_mut(s, side).heirs.push(Heir { name, with, crowned: false });
        }
        KingmakerEdit::RemoveHeir(side, i) => {
            let heirs = &mut force_mut(s, side).heirs;
            if i < heirs.len() {
                let gone = heirs.remove(i);
                forget(s, &gone.name);
            }
        }
        KingmakerEdit::Heir(side, i, heir) => {
            let Some(old) = force(s, side).heirs.get(i).map(|h| h.name.clone()) else { return };
            force_mut(s, side).heirs[i] = heir.clone();
            rename(s, &old, &heir.name);
        }
        KingmakerEdit::AddEncounter => {
            let used: Vec<u8> = s.encounters.iter().map(|e| e.column).collect();
            if let Some(column) = (1..=3).find(|c| !used.contains(c)) {
                s.encounters.push(Encounter { column, join: Vec::new(), lend: Vec::new() });
            }
        }
        KingmakerEdit::RemoveEncounter(i) => {
            if i < s.encounters.len() {
                s.encounters.remove(i);
            }
        }
        KingmakerEdit::Encounter(i, e) => {
            if let Some(slot) = s.encounters.get_mut(i) {
                *slot = e;
            }
        }
        KingmakerEdit::AddCards => {
            let all = [
                CardResult::BadWeather,
                CardResult::Majority,
                CardResult::FiveToFour,
                CardResult::ThreeToTwo,
                CardResult::TwoToOne,
                CardResult::ThreeToOne,
                CardResult::FourToOne,
            ];
            let result = all
                .into_iter()
                .filter(|r| s.game == Game::Advanced || *r != CardResult::Majority)
                .find(|r| !s.deck.iter().any(|c| c.result == *r))
                .unwrap_or(CardResult::FiveToFour);
            s.deck.push(Cards { count: 1, result, killed: Vec::new(), nobles_killed_table: false });
        }
        KingmakerEdit::RemoveCards(i) => {
            if i < s.deck.len() {
                s.deck.remove(i);
            }
        }
        KingmakerEdit::Cards(i, c) => {
            if let Some(slot) = s.deck.get_mut(i) {
                *slot = c;
            }
        }
        KingmakerEdit::ExampleDeck => s.deck = example_deck(s.game),
    }
}

/// The troops lent in an encounter, for the editor: a new row with the first Noble offered.
pub fn new_lend(noble: String) -> Lend {
    Lend { noble, troops: 10 }
}
