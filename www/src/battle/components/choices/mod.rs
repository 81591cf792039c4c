//! A side's choices (the scenario's `policy`, docs/scenario.md): the order of fire and of hits,
//! charges by the senior heir, Treachery rolls, the Treason card's target and retreats by
//! choice, whole side or block by block. Only legal choices are offered; what the engine still
//! refuses is shown next to the field.

mod charges;
mod orders;
mod retreat;
mod treachery;

use super::side_id;
use crate::battle::state::{Action, Edit, State};
use bosworth::scenario::{Scenario, ScenarioError, SidePolicy};
use bosworth::{Battle, Side};
use web_sys::HtmlSelectElement;
use yew::prelude::*;

/// Props of a choices panel.
#[derive(Properties, PartialEq, Clone)]
pub struct ChoicesProps {
    /// The reducer.
    pub state: UseReducerHandle<State>,
    /// Which side.
    pub side: Side,
}

/// A block a side's orders and retreat plans may name.
#[derive(Debug, Clone, PartialEq)]
pub struct Named {
    /// Its name in the scenario: an own block as listed, a defector by the version it would
    /// become (`Stanley/L`, R5).
    pub name: String,
    /// An heir (3.21): "Protect heirs" puts heirs last.
    pub heir: bool,
    /// An enemy block that may defect to this side (6.9, D11).
    pub defector: bool,
    /// Its greatest strength (3.11).
    pub max: u8,
    /// The names a policy may call it by, as the engine reads them: an own block by either
    /// version's id or the person; a defector only by the version it would become (R5).
    pub aliases: Vec<String>,
}

impl Named {
    /// True if a policy's `name` means this block.
    pub fn is(&self, name: &str) -> bool {
        self.aliases.iter().any(|a| a.eq_ignore_ascii_case(name.trim()))
    }
}

/// What a side may choose in this battle, read from the battle without any policy.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Options {
    /// The side has an heir, so its senior heir may charge (6.5).
    pub can_charge: bool,
    /// This side's heirs, who may be named as the one charging (6.5, D8).
    pub heirs: Vec<String>,
    /// Enemy blocks (charge targets).
    pub enemies: Vec<String>,
    /// This side's King, Pretender line and Warwick (6.9, D10).
    pub rollers: Vec<String>,
    /// For each roller, the enemy blocks it may roll against.
    pub targets: Vec<Vec<String>>,
    /// Enemy blocks the Treason card may target (active, with a loyalty, D11); `None` when this
    /// side does not hold the card.
    pub treason: Option<Vec<String>>,
    /// The blocks this side's orders and retreat plans may name, in the default order: its own as
    /// listed, then the enemy blocks it might turn (R5), in the enemy's listing order.
    pub blocks: Vec<Named>,
}

/// The legal choices of `side` in `battle` (compiled from the scenario with no policy), as the
/// engine's own planning rules say: `Battle::has_heir` (6.5), `Battle::possible_rollers` and
/// `Battle::treachery_dice` (6.9, 6.91, D10, D11). Nothing here restates a rule.
pub fn options(battle: &Battle, side: Side) -> Options {
    let slots = battle.slots();
    let name = |i: usize| slots[i].name().to_string();
    let enemies: Vec<usize> = (0..slots.len()).filter(|&j| slots[j].side != side).collect();
    let rollers = battle.possible_rollers(side);
    let targets: Vec<Vec<String>> = rollers
        .iter()
        .map(|&r| enemies.iter().filter(|&&j| battle.treachery_dice(Some(r), j).is_some()).map(|&j| name(j)).collect())
        .collect();
    // The Treason card is rolled before round 1, so only at an active block (D11).
    let treason: Option<Vec<String>> = (battle.treason() == Some(side) && !battle.in_progress()).then(|| {
        enemies
            .iter()
            .filter(|&&j| !slots[j].reserve && battle.treachery_dice(None, j).is_some())
            .map(|&j| name(j))
            .collect()
    });
    // Enemy blocks this side might turn: a target of one of its rollers or of its Treason card.
    let turnable = |j: usize| {
        let n = name(j);
        targets.iter().flatten().chain(treason.iter().flatten()).any(|t| *t == n)
    };
    let mut blocks: Vec<Named> = (0..slots.len())
        .filter(|&i| slots[i].side == side)
        .map(|i| Named {
            name: name(i),
            heir: slots[i].versions[0].heir_rank.is_some(),
            defector: false,
            max: slots[i].versions[0].max_strength,
            aliases: slots[i]
                .versions
                .iter()
                .map(|v| v.id.clone())
                .chain(slots[i].versions[0].data.map(|d| d.person.to_string()))
                .collect(),
        })
        .collect();
    blocks.extend(enemies.iter().filter(|&&j| turnable(j)).map(|&j| Named {
        name: slots[j].versions[1].id.clone(),
        heir: false, // a turned heir is a noble (9.1, D8)
        defector: true,
        max: slots[j].versions[1].max_strength,
        aliases: vec![slots[j].versions[1].id.clone()],
    }));
    Options {
        can_charge: battle.has_heir(side),
        heirs: (0..slots.len())
            .filter(|&i| slots[i].side == side && slots[i].versions[0].heir_rank.is_some())
            .map(name)
            .collect(),
        enemies: enemies.iter().map(|&j| name(j)).collect(),
        rollers: rollers.iter().map(|&r| name(r)).collect(),
        targets,
        treason,
        blocks,
    }
}

/// What every section of the panel works from.
#[derive(Clone)]
pub(crate) struct Ctx {
    /// The side's policy as it stands.
    pub policy: SidePolicy,
    /// Replaces the side's policy (one undoable edit).
    pub set: Callback<SidePolicy>,
    /// The legal choices.
    pub o: Options,
    /// `attacker` or `defender`, for test ids.
    pub sid: &'static str,
    /// `policy.attacker` or `policy.defender`, for error fields.
    pub prefix: String,
    /// The engine's objection to this side's policy, if any.
    pub err: Option<ScenarioError>,
    /// The scenario, to put errors in players' words.
    pub scenario: Scenario,
}

impl Ctx {
    /// The engine's message, under the control of `field` or one inside it.
    pub fn error_at(&self, field: &str) -> Html {
        match &self.err {
            Some(e) if e.field == field || e.field.starts_with(&format!("{field}.")) || e.field.starts_with(&format!("{field}[")) => html! {
                <p class="field-error" data-testid={format!("error-{}", e.field)}>{crate::battle::words::message(&self.scenario, e)}</p>
            },
            _ => html! {},
        }
    }

    /// `aria-invalid` for a control whose field (or one inside it) the engine objects to.
    pub fn invalid(&self, field: &str) -> Option<&'static str> {
        self.err.as_ref().is_some_and(|e| e.field.starts_with(field)).then_some("true")
    }

    /// A callback that edits a copy of the policy with the event and sets it.
    pub fn edit<E: 'static>(&self, f: impl Fn(&mut SidePolicy, E) + 'static) -> Callback<E> {
        let policy = self.policy.clone();
        let set = self.set.clone();
        Callback::from(move |e: E| {
            let mut p = policy.clone();
            f(&mut p, e);
            set.emit(p);
        })
    }
}

/// The value of the `<select>` an event came from.
pub(crate) fn value_of(e: &Event) -> String {
    e.target_unchecked_into::<HtmlSelectElement>().value()
}

/// `<option>`s for "in which round", with `none` for no round.
pub(crate) fn round_options(rounds: std::ops::RangeInclusive<u8>, selected: Option<u8>, none: &str) -> Html {
    html! {
        <>
            <option value="" selected={selected.is_none()}>{none.to_string()}</option>
            { for rounds.map(|r| html! { <option value={r.to_string()} selected={selected == Some(r)}>{format!("round {r}")}</option> }) }
        </>
    }
}

/// `<option>`s for the round of a charge or a Treachery roll: the attacker acts so only in rounds
/// 1-3 (D9, D10), unless control changes in round 1 and it defends (D5): round 4 says so.
pub(crate) fn action_rounds(attacker: bool, selected: Option<u8>, none: &str) -> Html {
    html! {
        <>
            { round_options(1..=3, selected, none) }
            <option value="4" selected={selected == Some(4)}>{ if attacker { "round 4 (only if it comes to defend, D5)" } else { "round 4" } }</option>
        </>
    }
}

/// `<option>`s for `names`, keeping a `selected` name the list does not have (from a file).
pub(crate) fn names_options(names: &[String], selected: &str) -> Html {
    let known = names.iter().any(|n| n.eq_ignore_ascii_case(selected));
    html! {
        <>
            if !known && !selected.is_empty() { <option value={selected.to_string()} selected=true>{selected.to_string()}</option> }
            { for names.iter().map(|n| html! { <option value={n.clone()} selected={n.eq_ignore_ascii_case(selected)}>{n.clone()}</option> }) }
        </>
    }
}

/// The choices panel of one side.
#[function_component]
pub fn Choices(p: &ChoicesProps) -> Html {
    let state = &p.state;
    let side = p.side;
    let sid = side_id(side);
    let policy = match side {
        Side::Attacker => state.scenario.policy.attacker.clone(),
        Side::Defender => state.scenario.policy.defender.clone(),
    };
    let mut bare = state.scenario.clone();
    bare.policy = Default::default();
    let plain = use_memo(bare, |s| Battle::new(s).ok().map(|b| options(&b, side)));
    let prefix = format!("policy.{sid}");
    let err = state.check.as_ref().err().filter(|e| e.field.starts_with(&prefix)).cloned();
    let chosen = policy.charges.len()
        + policy.treachery.len()
        + usize::from(policy.treason_target.is_some())
        + usize::from(policy.retreat.is_some())
        + policy.retreats.len()
        + usize::from(!policy.hit_order.is_empty())
        + usize::from(!policy.fire_order.is_empty());
    let summary = if chosen == 0 { "defaults: every block fires, nobody charges or rolls".to_string() } else { format!("{chosen} set") };

    let Some(o) = (*plain).clone() else {
        return html! {
            <details class="choices" data-testid={format!("choices-{sid}")}>
                <summary>{"Choices "}<span class="muted small">{
                    if state.hidden { "(with hidden blocks every block follows the defaults here; known blocks' choices can be set in the JSON)" } else { "(fix the blocks first)" }
                }</span></summary>
            </details>
        };
    };
    let set = {
        let state = state.clone();
        Callback::from(move |p: SidePolicy| state.dispatch(Action::Edit(Edit::Policy(side, p))))
    };
    let c = Ctx { policy, set, o, sid, prefix: prefix.clone(), err: err.clone(), scenario: state.scenario.clone() };
    // Anything else the engine says about this side's policy.
    let shown = ["charges", "treachery", "treason_target", "retreat", "hit_order", "fire_order"];
    let other = err.as_ref().filter(|e| !shown.iter().any(|k| e.field.starts_with(&format!("{prefix}.{k}"))));
    html! {
        <details class="choices" open={chosen > 0 || err.is_some()} data-testid={format!("choices-{sid}")}>
            <summary>{"Choices "}<span class="muted small">{summary}</span></summary>
            { charges::section(&c) }
            { treachery::section(&c) }
            { treachery::treason(&c) }
            { retreat::section(&c) }
            { retreat::blocks(&c) }
            { orders::section(&c, orders::Which::Hits) }
            { orders::section(&c, orders::Which::Fire) }
            if let Some(e) = other { <p class="field-error" role="alert">{e.to_string()}</p> }
        </details>
    }
}
