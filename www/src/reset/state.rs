//! The Campaign Reset calculator's reducer (political-events variant, `docs/reset.md`): the
//! reset being edited with its history, and the engine's odds for it, computed at once on the
//! page's thread (`Reset::new` then `Reset::odds`: a few milliseconds). No `Html` here.

use crate::shell::doc::{Doc, DocAction};
use bosworth::ScenarioError;
use bosworth::data::{self, House};
use bosworth::reset::realm::{Person, people, person};
use bosworth::reset::{Names, Reset, ResetOdds, ResetScenario};
use std::rc::Rc;
use yew::{Properties, Reducible, UseReducerHandle};

/// Where a person stands as the reset begins, as the editor offers it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Place {
    /// Not listed: a noble somewhere off the map the reset cannot reach (naming him wastes the
    /// name, V5); an heir serving his own house (9.1).
    Unlisted,
    /// On the map (V1, exile areas included), serving this house.
    Map(House),
    /// In a pool, serving this house.
    Pool(House),
    /// Dead for good (6.82, 6.83) or executed earlier.
    Dead,
}

/// A house's naming list (V5).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum List {
    /// The new King's names in the Pledge of Loyalty (V6).
    Pledge,
    /// The Pretender's name for execution after the King's event 5 (V11).
    Disgrace,
    /// The roller's opponent's name after an event 6 (V12).
    DoubleGame,
}

impl List {
    /// The three lists.
    pub const ALL: [List; 3] = [List::Pledge, List::Disgrace, List::DoubleGame];
}

/// An edit of the reset.
#[derive(Debug, Clone, PartialEq)]
pub enum ResetEdit {
    /// The house on the throne as the reset begins (after any usurpation, 8.2). A Pledge list of
    /// the house leaving the throne is dropped: only the King names in the Pledge (V6).
    King(House),
    /// A usurpation this turn: the Pledge of Loyalty is rolled (V6). Off drops the Pledge lists.
    Usurpation(bool),
    /// The Rebel is already on the map (V11).
    RebelOnMap(bool),
    /// Where a person (by name: `Warwick`, `Clarence`) stands. Dead drops him from the naming
    /// lists.
    Place(String, Place),
    /// Moves a noble on the map one place earlier (`true`) or later in `nobles`: the order that
    /// breaks naming ties (V5).
    Move(usize, bool),
    /// Replaces one of a house's naming lists.
    Names(House, List, Vec<String>),
    /// Whether a house, as Pretender, places the Rebel after the King's event 5 (V11).
    PlaceRebel(House, bool),
}

/// An action of the reset calculator.
pub type ResetAction = DocAction<ResetScenario, ResetEdit>;

/// Everything the reset calculator shows.
#[derive(Debug, Clone, PartialEq)]
pub struct ResetState {
    /// The reset being edited, with its history.
    pub doc: Doc<ResetScenario>,
    /// The engine's odds, or why the reset cannot be computed (the field and the reason).
    pub odds: Result<Rc<ResetOdds>, ScenarioError>,
    /// How long the engine took for them, in milliseconds (shown with the figures).
    pub took_ms: f64,
}

/// The page's clock in milliseconds, to the microsecond where the browser allows.
fn now() -> f64 {
    web_sys::window().and_then(|w| w.performance()).map_or(0.0, |p| p.now())
}

/// The engine's answer for a reset.
pub fn compute(scenario: &ResetScenario) -> Result<Rc<ResetOdds>, ScenarioError> {
    Reset::new(scenario).map(|r| Rc::new(r.odds()))
}

impl ResetState {
    /// A state showing `scenario`, its odds computed.
    pub fn new(scenario: ResetScenario) -> ResetState {
        let start = now();
        let odds = compute(&scenario);
        ResetState { doc: Doc::new(scenario), odds, took_ms: now() - start }
    }

    /// The reset as entered.
    pub fn scenario(&self) -> &ResetScenario {
        &self.doc.scenario
    }

    /// Applies an action (pure).
    pub fn apply(self, action: ResetAction) -> ResetState {
        let revision = self.doc.revision;
        let doc = self.doc.apply(action, apply_edit);
        if doc.revision == revision {
            return ResetState { doc, ..self };
        }
        let start = now();
        let odds = compute(&doc.scenario);
        ResetState { doc, odds, took_ms: now() - start }
    }
}

/// Props of the reset's parts.
#[derive(Properties, PartialEq, Clone)]
pub struct ResetProps {
    /// The reducer.
    pub state: UseReducerHandle<ResetState>,
}

impl Reducible for ResetState {
    type Action = ResetAction;

    fn reduce(self: Rc<Self>, action: ResetAction) -> Rc<Self> {
        Rc::new((*self).clone().apply(action))
    }
}

/// A reset with nothing in it: York on the throne, nobody dead, no noble placed. The engine
/// refuses it until Warwick is placed (V8), and says so.
pub fn empty_reset() -> ResetScenario {
    ResetScenario {
        version: bosworth::reset::RESET_VERSION,
        king: House::York,
        dead: Vec::new(),
        nobles: Vec::new(),
        pool: Vec::new(),
        usurpation: false,
        rebel_on_map: false,
        naming: Default::default(),
    }
}

/// The person a list entry names (a block id such as `Stanley/L`, or a person's name), if the
/// variant knows him (an heir or a non-rose noble).
pub fn person_of(name: &str) -> Option<usize> {
    data::block(name).and_then(|b| person(b.person)).or_else(|| person(name))
}

/// The non-rose nobles (3.22, V4): the persons with a noble's block in both houses.
pub fn nobles() -> Vec<&'static Person> {
    people().iter().filter(|p| p.heir().is_none()).collect()
}

/// A house's heirs in rank order (3.21).
pub fn heirs(house: House) -> Vec<&'static Person> {
    let mut out: Vec<&'static Person> = people().iter().filter(|p| p.heir().is_some_and(|(h, _)| h == house)).collect();
    out.sort_by_key(|p| p.heir().map(|(_, r)| r));
    out
}

/// Where a person stands in a scenario.
pub fn place_of(s: &ResetScenario, who: &Person) -> Place {
    let is = |n: &String| person_of(n).is_some_and(|p| people()[p].name == who.name);
    let house = |n: &String| data::block(n).and_then(|b| b.house());
    if s.dead.iter().any(is) {
        Place::Dead
    } else if let Some(n) = s.nobles.iter().find(|n| is(n)) {
        house(n).map_or(Place::Unlisted, Place::Map)
    } else if let Some(n) = s.pool.iter().find(|n| is(n)) {
        house(n).map_or(Place::Unlisted, Place::Pool)
    } else {
        Place::Unlisted
    }
}

/// The places the editor offers a person: for a noble every house's version on the map or in a
/// pool; for Clarence and Exeter their defected version (9.1); for every heir, dead or alive.
pub fn places(who: &Person) -> Vec<Place> {
    let mut out = vec![Place::Unlisted];
    for h in [House::York, House::Lancaster] {
        if who.noble_dice(h).is_some() {
            out.push(Place::Map(h));
        }
    }
    for h in [House::York, House::Lancaster] {
        if who.noble_dice(h).is_some() {
            out.push(Place::Pool(h));
        }
    }
    out.push(Place::Dead);
    out
}

fn names_mut(s: &mut ResetScenario, house: House) -> &mut Names {
    match house {
        House::York => &mut s.naming.york,
        House::Lancaster => &mut s.naming.lancaster,
    }
}

fn list_mut(names: &mut Names, list: List) -> &mut Vec<String> {
    match list {
        List::Pledge => &mut names.pledge,
        List::Disgrace => &mut names.disgrace,
        List::DoubleGame => &mut names.double_game,
    }
}

/// One of a house's naming lists.
pub fn list_of(names: &Names, list: List) -> &Vec<String> {
    match list {
        List::Pledge => &names.pledge,
        List::Disgrace => &names.disgrace,
        List::DoubleGame => &names.double_game,
    }
}

fn apply_edit(s: &mut ResetScenario, edit: ResetEdit) {
    match edit {
        ResetEdit::King(house) => {
            if s.king != house {
                s.king = house;
                names_mut(s, house.other()).pledge.clear();
            }
        }
        ResetEdit::Usurpation(on) => {
            s.usurpation = on;
            if !on {
                s.naming.york.pledge.clear();
                s.naming.lancaster.pledge.clear();
            }
        }
        ResetEdit::RebelOnMap(on) => s.rebel_on_map = on,
        ResetEdit::Place(name, place) => {
            let Some(p) = person(&name) else { return };
            set_place(s, &people()[p], place);
        }
        ResetEdit::Move(i, up) => {
            let j = if up { i.checked_sub(1) } else { Some(i + 1) };
            if let Some(j) = j.filter(|&j| j < s.nobles.len() && i < s.nobles.len()) {
                s.nobles.swap(i, j);
            }
        }
        ResetEdit::Names(house, list, names) => *list_mut(names_mut(s, house), list) = names,
        ResetEdit::PlaceRebel(house, on) => names_mut(s, house).place_rebel = on,
    }
}

/// Puts a person where the editor says: a noble who stays on the map (or in a pool) but changes
/// version keeps his place in the list, so naming ties go as before (V5).
fn set_place(s: &mut ResetScenario, who: &Person, place: Place) {
    let is = |n: &String| person_of(n).is_some_and(|p| people()[p].name == who.name);
    let id = |h: House| who.version(h).map(|b| b.id.to_string());
    let replace = |list: &mut Vec<String>, h: House| match (list.iter().position(is), id(h)) {
        (Some(i), Some(v)) => {
            list[i] = v;
            true
        }
        _ => false,
    };
    match place {
        Place::Map(h) if replace(&mut s.nobles, h) => {
            s.pool.retain(|n| !is(n));
            s.dead.retain(|n| !is(n));
            return;
        }
        Place::Pool(h) if replace(&mut s.pool, h) => {
            s.nobles.retain(|n| !is(n));
            s.dead.retain(|n| !is(n));
            return;
        }
        _ => {}
    }
    s.nobles.retain(|n| !is(n));
    s.pool.retain(|n| !is(n));
    s.dead.retain(|n| !is(n));
    match place {
        Place::Unlisted => {}
        Place::Map(h) => s.nobles.extend(id(h)),
        Place::Pool(h) => s.pool.extend(id(h)),
        Place::Dead => {
            s.dead.push(who.name.to_string());
            // The dead are named no more (the engine refuses them in a list).
            for names in [&mut s.naming.york, &mut s.naming.lancaster] {
                for list in List::ALL {
                    list_mut(names, list).retain(|n| !is(n));
                }
            }
        }
    }
}
