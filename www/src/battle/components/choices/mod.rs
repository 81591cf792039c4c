//! A side's choices (the scenario's `policy`, docs/scenario.md): the order of fire and of hits,
//! charges by the senior heir, Treachery rolls, the Treason card's target and retreats by
//! choice, whole side or block by block. Only legal choices are offered; what the engine still
//! refuses is shown next to the field.

mod charges;
mod ctx;
mod orders;
mod retreat;
mod treachery;

use super::side_id;
use crate::battle::state::{Action, Edit, State};
use bosworth::scenario::SidePolicy;
use bosworth::{Battle, Scenario, Side};
use ctx::Ctx;
pub use ctx::{Named, Options};
pub use orders::protect_heirs;
use yew::prelude::*;

/// Props of a choices panel.
#[derive(Properties, PartialEq, Clone)]
pub struct ChoicesProps {
    /// The reducer.
    pub state: UseReducerHandle<State>,
    /// Which side.
    pub side: Side,
}

/// The legal choices of `side` in `battle` (compiled from the scenario with no policy), as the
/// engine's own planning rules say: `Battle::has_heir` (6.5), `Battle::possible_rollers` and
/// `Battle::treachery_dice` (6.9, 6.91, D10, D11). Nothing here restates a rule.
pub fn options(battle: &Battle, side: Side) -> Options {
    options_of(battle, side, &|_| true)
}

/// The choices of `side` for a scenario without its policy: with hidden blocks, those of its
/// known blocks (a choice names known blocks only, R13), read from the battle of one thing the
/// hidden blocks may be with them left out; `None` when the battle cannot be fought.
pub fn scenario_options(scenario: &Scenario, side: Side) -> Option<Options> {
    if !bosworth::solve::fog::has_hidden(scenario) {
        return Battle::new(scenario).ok().map(|b| options(&b, side));
    }
    let fog = bosworth::Fog::new(scenario).ok()?;
    let revealed = fog.reveal(&fog.possibility(0)?).ok()?;
    let battle = Battle::new(&revealed).ok()?;
    let known: Vec<String> = [&scenario.attacker, &scenario.defender]
        .iter()
        .flat_map(|a| a.blocks.iter())
        .filter_map(|b| b.id.clone().or_else(|| b.custom.as_ref().map(|c| c.name.clone())))
        .collect();
    let slots = battle.slots();
    let o = options_of(&battle, side, &|i| known.iter().any(|k| k.eq_ignore_ascii_case(slots[i].name())));
    Some(Options { can_charge: o.can_charge && !o.heirs.is_empty(), ..o })
}

/// [`options`] among the slots `keep` says.
fn options_of(battle: &Battle, side: Side, keep: &dyn Fn(usize) -> bool) -> Options {
    let slots = battle.slots();
    let name = |i: usize| slots[i].name().to_string();
    let enemies: Vec<usize> = (0..slots.len()).filter(|&j| slots[j].side != side && keep(j)).collect();
    let rollers: Vec<usize> = battle.possible_rollers(side).into_iter().filter(|&r| keep(r)).collect();
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
        .filter(|&i| slots[i].side == side && keep(i))
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
            .filter(|&i| slots[i].side == side && keep(i) && slots[i].versions[0].heir_rank.is_some())
            .map(name)
            .collect(),
        enemies: enemies.iter().map(|&j| name(j)).collect(),
        rollers: rollers.iter().map(|&r| name(r)).collect(),
        targets,
        treason,
        blocks,
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
    let plain = use_memo(bare, |s| scenario_options(s, side));
    let prefix = format!("policy.{sid}");
    let err = state.check.as_ref().err().filter(|e| e.field.starts_with(&prefix)).cloned();
    let chosen = policy.charges.len()
        + policy.treachery.len()
        + usize::from(policy.treason_target.is_some())
        + usize::from(policy.retreat.is_some())
        + policy.retreats.len()
        + usize::from(!policy.hit_order.is_empty())
        + usize::from(!policy.fire_order.is_empty());
    let warnings: Vec<bosworth::Warning> =
        state.warnings.iter().filter(|w| w.field.starts_with(&format!("{prefix}."))).cloned().collect();
    let summary = match (chosen, warnings.len()) {
        (0, _) => "defaults: every block fires, nobody charges or rolls".to_string(),
        (_, 0) => format!("{chosen} set"),
        (_, 1) => format!("{chosen} set, 1 set aside by the rules"),
        (_, w) => format!("{chosen} set, {w} set aside by the rules"),
    };

    let Some(o) = (*plain).clone() else {
        return html! {
            <details class="choices" data-testid={format!("choices-{sid}")}>
                <summary>{"Choices "}<span class="muted small">{
                    if state.hidden { "(fix the blocks first; with hidden blocks, the choices name known blocks only)" } else { "(fix the blocks first)" }
                }</span></summary>
            </details>
        };
    };
    let set = {
        let state = state.clone();
        Callback::from(move |p: SidePolicy| state.dispatch(Action::Edit(Edit::Policy(side, p))))
    };
    let open = chosen > 0 || err.is_some() || !warnings.is_empty();
    let c = Ctx { policy, set, o, sid, prefix: prefix.clone(), err: err.clone(), scenario: state.scenario.clone(), warnings };
    // Anything else the engine says about this side's policy.
    let shown = ["charges", "treachery", "treason_target", "retreat", "hit_order", "fire_order"];
    let other = err.as_ref().filter(|e| !shown.iter().any(|k| e.field.starts_with(&format!("{prefix}.{k}"))));
    html! {
        <details class="choices" {open} data-testid={format!("choices-{sid}")}>
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
