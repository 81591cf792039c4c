//! What every section of a side's choices panel works from: the side's policy and how to set
//! it, the legal choices, the engine's objection; and the `<option>` lists the sections share.

use bosworth::Warning;
use bosworth::scenario::{Scenario, ScenarioError, SidePolicy};
use web_sys::HtmlSelectElement;
use yew::prelude::*;

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

/// What every section of the panel works from.
#[derive(Clone)]
pub struct Ctx {
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
    /// This side's choices the rules set aside (`Battle::warnings`, R35).
    pub warnings: Vec<Warning>,
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

    /// The rules' note on a choice set aside (R35), under the control of `field` or one inside
    /// it (`charges[0]` shows `charges[0].round`'s); `retreat` is not `retreats`.
    pub fn warning_at(&self, field: &str) -> Html {
        let inside = format!("{field}.");
        html! {
            { for self.warnings.iter().filter(|w| w.field == field || w.field.starts_with(&inside)).map(|w| html! {
                <p class="field-warning" role="note" data-testid={format!("warning-{}", w.field)}>
                    <strong>{"Set aside: "}</strong>{w.reason.clone()}
                </p>
            }) }
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
pub fn value_of(e: &Event) -> String {
    e.target_unchecked_into::<HtmlSelectElement>().value()
}

/// `<option>`s for "in which round", with `none` for no round.
pub fn round_options(rounds: std::ops::RangeInclusive<u8>, selected: Option<u8>, none: &str) -> Html {
    html! {
        <>
            <option value="" selected={selected.is_none()}>{none.to_string()}</option>
            { for rounds.map(|r| html! { <option value={r.to_string()} selected={selected == Some(r)}>{format!("round {r}")}</option> }) }
        </>
    }
}

/// `<option>`s for the round of a charge or a Treachery roll: the attacker acts so only in rounds
/// 1-3 (D9, D10), unless control changes in round 1 and it defends (D5): round 4 says so.
pub fn action_rounds(attacker: bool, selected: Option<u8>, none: &str) -> Html {
    html! {
        <>
            { round_options(1..=3, selected, none) }
            <option value="4" selected={selected == Some(4)}>{ if attacker { "round 4 (only if it comes to defend, D5)" } else { "round 4" } }</option>
        </>
    }
}

/// `<option>`s for `names`, keeping a `selected` name the list does not have (from a file).
pub fn names_options(names: &[String], selected: &str) -> Html {
    let known = names.iter().any(|n| n.eq_ignore_ascii_case(selected));
    html! {
        <>
            if !known && !selected.is_empty() { <option value={selected.to_string()} selected=true>{selected.to_string()}</option> }
            { for names.iter().map(|n| html! { <option value={n.clone()} selected={n.eq_ignore_ascii_case(selected)}>{n.clone()}</option> }) }
        </>
    }
}
