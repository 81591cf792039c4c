//! Live play: the dice actually rolled at the table, turn by turn (`bosworth::play::live`). Each turn
//! applied makes the battle after it the battle of the page, so the address, the headline odds
//! and the advisor all follow; Undo takes a turn back. Every count of dice and every check of
//! the dice comes from the engine.

use super::StateProps;
use crate::battle::words::area_label;
use crate::shell::format::pct;
use crate::battle::narrate::{describe_all, swapped_after};
use bosworth::play::order::role;
use crate::battle::state::{Action, LiveTurn};
use bosworth::rules::action::{Action as Move, legal_actions};
use bosworth::rules::log::Event;
use bosworth::rules::round::{Ending, Point};
use bosworth::{Battle, Scenario, Side};
use web_sys::HtmlInputElement;
use yew::prelude::*;

/// The dice typed in a field: every digit is one die (`3 5 1`, `3,5,1` and `351` are the same
/// three dice). Anything but digits, spaces and commas is refused.
pub fn parse_dice(text: &str) -> Result<Vec<u8>, String> {
    let mut dice = Vec::new();
    for c in text.chars() {
        match c {
            '0'..='9' => dice.push(c as u8 - b'0'),
            ' ' | ',' | ';' | '\t' => {}
            other => return Err(format!("'{other}' is not a die: type the dice as digits, like 3 5 1")),
        }
    }
    Ok(dice)
}

/// The Treason card's roll due before round 1 (D11), if any: (holder's side, target, dice).
pub fn treason_due(battle: &Battle) -> Option<(Side, String, u8)> {
    let (side, target, dice) = bosworth::play::live::treason_due(battle)?;
    Some((side, battle.slots()[target].name().to_string(), dice))
}

/// The dice the target of a charge fires back with after `dice`, when it survives (6.5, D9).
pub fn counter_needed(battle: &Battle, action: Move, dice: &[u8]) -> Option<u8> {
    bosworth::play::live::counter_dice(battle, action, dice).ok().flatten()
}

/// Whose turn it is in a battle, and what it may do.
#[derive(Debug, Clone, PartialEq)]
pub struct TurnInfo {
    /// The round.
    pub round: u8,
    /// The block to act (its current version's name).
    pub block: String,
    /// The side it fights for now.
    pub side: Side,
    /// Its legal actions, with their labels.
    pub actions: Vec<(Move, String)>,
    /// What the choices as set would do.
    pub policy: Move,
}

/// Whose turn it is, or `None` when the battle is over.
pub fn turn_of(battle: &Battle) -> Option<TurnInfo> {
    let mut s = battle.initial_state();
    let Point::Act(actor) = bosworth::next_point(battle, &mut s) else { return None };
    let actions = legal_actions(battle, &s, actor)
        .into_iter()
        .map(|a| (a, bosworth::solve::advice::label(battle, &s, a)))
        .collect();
    Some(TurnInfo {
        round: s.round(),
        block: s.version(battle, actor).id.clone(),
        side: s.side_of(actor),
        actions,
        policy: bosworth::rules::policy::choose(battle, &s, actor),
    })
}

/// Who holds the area at the end, in words, each side named by its role then (`swapped`: the
/// roles changed in round 1, 6.3, D5).
pub fn ending_text(scenario: &Scenario, ending: Ending, swapped: bool) -> String {
    let area = area_label(scenario.area.as_deref());
    let who = match ending.holder {
        Some(side) => format!("{} ({}) holds {area}", house_of(scenario, side), role(side, swapped)),
        None => format!("{area} is left vacant"),
    };
    format!("The battle is over after round {}: {who}.", ending.round)
}

/// The dice of a turn as entered: `, dice [2 4]; Norfolk fired back [3].`
pub fn entered(dice: &[u8], counter: &[u8], target: Option<&str>) -> String {
    let list = |d: &[u8]| d.iter().map(u8::to_string).collect::<Vec<_>>().join(" ");
    let mut out = if dice.is_empty() { String::new() } else { format!(", dice [{}]", list(dice)) };
    if !counter.is_empty() {
        out += &format!("; {} fired back [{}]", target.unwrap_or("the target"), list(counter));
    }
    out + "."
}

fn house_of(scenario: &Scenario, side: Side) -> bosworth::data::House {
    match side {
        Side::Attacker => scenario.attacker.house,
        Side::Defender => scenario.defender.house,
    }
}

/// Whether the sides of a battle in progress have changed roles (6.3, D5).
fn control_changed(scenario: &Scenario) -> bool {
    scenario.progress.as_ref().is_some_and(|p| p.control_changed)
}

fn dice_words(n: u8) -> String {
    format!("{n} {}", if n == 1 { "die" } else { "dice" })
}

/// The Live panel.
#[function_component]
pub fn Live(props: &StateProps) -> Html {
    let state = &props.state;
    let choice = use_state(|| None::<Move>);
    let dice = use_state(String::new);
    let counter = use_state(String::new);
    let error = use_state(|| None::<String>);
    // A new battle (a turn applied, undone, or any edit): start the form afresh.
    {
        let (choice, dice, counter, error) = (choice.clone(), dice.clone(), counter.clone(), error.clone());
        use_effect_with(state.revision, move |_| {
            choice.set(None);
            dice.set(String::new());
            counter.set(String::new());
            error.set(None);
        });
    }
    let s = &state.scenario;
    let undo = {
        let state = state.clone();
        Callback::from(move |_: MouseEvent| state.dispatch(Action::LiveUndo))
    };
    let turns = state.live.len();
    let undo_button = html! {
        <button type="button" onclick={undo} disabled={turns == 0} data-testid="live-undo"
            title="Take back the last turn entered">{"↶ Undo"}</button>
    };
    let log = (turns > 0).then(|| html! {
        <ol class="events live-events" data-testid="live-events" aria-label="Turns entered">
            { for state.live.iter().enumerate().flat_map(|(i, t)| {
                let last = i + 1 == turns;
                let lines = describe_all(&t.events, control_changed(&t.before));
                std::iter::once(html! { <li class={classes!("said", last.then_some("current"))} data-testid="live-said">{t.said.clone()}</li> })
                    .chain(t.events.iter().zip(lines).map(move |(e, line)| html! {
                        <li class={classes!(last.then_some("current"), matches!(e, Event::RoundStarts{..}).then_some("round-start"))}>{line}</li>
                    }))
                    .collect::<Vec<_>>()
            }) }
        </ol>
    });
    let intro = html! {
        <p class="hint">{"Enter the dice rolled at the table, turn by turn: the odds above, the advisor and the address follow the battle."}</p>
    };
    // The roles as the battle stands now: changed in round 1 or not (6.3, D5).
    let swapped = control_changed(s);
    let odds = state.report.as_ref().filter(|_| state.report_is_current()).map(|r| html! {
        <p class="live-odds" data-testid="live-odds">
            {format!("Now: {} ({}) holds {}, {} ({}) {}, vacant {}.",
                s.attacker.house, role(Side::Attacker, swapped), pct(r.attacker_holds),
                s.defender.house, role(Side::Defender, swapped), pct(r.defender_holds), pct(r.vacant))}
        </p>
    });
    let wrap = |body: Html| html! {
        <section class="card live" aria-labelledby="live-h" data-testid="live">
            <h2 id="live-h" tabindex="-1">{"Live: the dice at the table"}</h2>
            {intro.clone()}
            {body}
        </section>
    };
    let battle = match &state.battle {
        Ok(b) => b.clone(),
        Err(_) if state.hidden => return wrap(html! { <p class="muted" data-testid="live-known-only">{crate::battle::state::KNOWN_ONLY}</p> }),
        Err(e) => return wrap(html! { <p class="muted">{crate::battle::words::not_yet(e)}</p> }),
    };
    if let Some(ending) = state.live_ending() {
        return wrap(html! {
            <>
            <p class="live-over" data-testid="live-over" role="status">
                {ending_text(s, ending, state.live.last().is_some_and(|t| swapped_after(&t.events, control_changed(&t.before))))}
            </p>
            <p class="muted small">{"The odds above are from before the last turn; Undo takes it back."}</p>
            <div class="live-buttons">{undo_button}</div>
            {log}
            </>
        });
    }
    let treason = treason_due(&battle);
    let turn = if treason.is_none() { turn_of(&battle) } else { None };
    if treason.is_none() && turn.is_none() {
        return wrap(html! {
            <>
            <p class="muted" data-testid="live-turn">{"Nobody acts: this battle is over before anyone has a turn."}</p>
            <div class="live-buttons">{undo_button}</div>
            {log}
            </>
        });
    }
    let chosen = turn.as_ref().map(|t| choice.filter(|c| t.actions.iter().any(|(a, _)| a == c)).unwrap_or(t.policy));
    let needed = match (&treason, chosen) {
        (Some((_, _, n)), _) => Ok(*n),
        (None, Some(a)) => bosworth::play::live::dice_needed(&battle, a).map(|(_, n)| n),
        (None, None) => Ok(0),
    };
    let typed = parse_dice(&dice);
    let counter_n = match (chosen, &typed, &needed) {
        (Some(a), Ok(d), Ok(n)) if treason.is_none() && d.len() == *n as usize => counter_needed(&battle, a, d),
        _ => None,
    };
    let target_name = |target: usize| {
        turn.as_ref().and_then(|t| t.actions.iter().find(|(a, _)| *a == Move::Charge(target)).map(|(_, l)| l.trim_start_matches("charge ").to_string()))
    };
    // The turn in words, for the log (the engine's events say what followed).
    let (said, counter_of) = match (&treason, &turn, chosen) {
        (Some((side, target, _)), _, _) => (format!("Before round 1: the Treason card, {} ({}) against {target}", battle.house(*side), role(*side, swapped)), None),
        (None, Some(t), Some(a)) => {
            let label = t.actions.iter().find(|(x, _)| *x == a).map(|(_, l)| l.clone()).unwrap_or_default();
            let counter_of = match a { Move::Charge(x) => target_name(x), _ => None };
            (format!("Round {}: {} ({}): {label}", t.round, t.block, role(t.side, swapped)), counter_of)
        }
        _ => (String::new(), None),
    };
    let apply = {
        let state = state.clone();
        let battle = battle.clone();
        let (dice, counter, error) = (dice.clone(), counter.clone(), error.clone());
        let is_treason = treason.is_some();
        Callback::from(move |e: SubmitEvent| {
            e.prevent_default();
            let result = (|| {
                let d = parse_dice(&dice)?;
                let c = if counter_n.is_some() { parse_dice(&counter)? } else { Vec::new() };
                match (is_treason, chosen) {
                    (true, _) => bosworth::play::live::play_treason(&battle, &d),
                    (false, Some(a)) => bosworth::play::live::play(&battle, a, &d, &c),
                    (false, None) => Err("nobody acts".to_string()),
                }
                .map(|turn| (turn, d, c))
            })();
            match result {
                Ok((turn, d, c)) => {
                    error.set(None);
                    let said = said.clone() + &entered(&d, &c, counter_of.as_deref());
                    let before = state.scenario.clone();
                    state.dispatch(Action::Live { turn: LiveTurn { before, said, events: turn.events, ending: turn.ending }, next: turn.next });
                    // The next turn's dice, or the live panel's heading once the battle is over.
                    crate::shell::focus::focus_soon(vec!["[data-testid=\"live-dice\"]".into(), "[data-testid=\"live-apply\"]".into(), "#live-h".into()]);
                }
                Err(m) => error.set(Some(m)),
            }
        })
    };
    let on_text = |h: UseStateHandle<String>, error: UseStateHandle<Option<String>>| {
        Callback::from(move |e: InputEvent| {
            h.set(e.target_unchecked_into::<HtmlInputElement>().value());
            error.set(None);
        })
    };
    let who = match (&treason, &turn) {
        (Some((side, target, n)), _) => html! {
            <p class="live-turn" data-testid="live-turn">
                {"Before round 1: the Treason card. "}<b>{battle.house(*side).to_string()}</b>
                {format!(" ({}) rolls against ", role(*side, swapped))}<b>{target.clone()}</b>
                {format!(": {}, all even and it defects (D11).", dice_words(*n))}
            </p>
        },
        (None, Some(t)) => html! {
            <p class="live-turn" data-testid="live-turn">
                {format!("Round {}: ", t.round)}<b data-testid="live-actor">{t.block.clone()}</b>
                {format!(", {} ({}), to act.", battle.house(t.side), role(t.side, swapped))}
            </p>
        },
        _ => html! {},
    };
    let radios = turn.as_ref().map(|t| {
        let (actions, policy) = (t.actions.clone(), t.policy);
        html! {
            <fieldset class="live-actions">
                <legend>{"Action"}</legend>
                { for actions.iter().map(|(a, label)| {
                    let a = *a;
                    let pick = {
                        let (choice, error) = (choice.clone(), error.clone());
                        Callback::from(move |_: web_sys::Event| { choice.set(Some(a)); error.set(None); })
                    };
                    let n = bosworth::play::live::dice_needed(&battle, a).map(|x| x.1).unwrap_or(0);
                    let id = format!("live-act-{}", label.replace(|c: char| !c.is_ascii_alphanumeric(), "-"));
                    html! {
                        <label class="live-action" for={id.clone()}>
                            <input type="radio" name="live-action" id={id} value={label.clone()} checked={chosen == Some(a)} onchange={pick}
                                data-testid="live-action" />
                            <span>{label.clone()}</span>
                            <small class="muted">{ if n > 0 { dice_words(n) } else { "no dice".to_string() } }</small>
                            if a == policy { <span class="tag">{"your choices"}</span> }
                        </label>
                    }
                }) }
            </fieldset>
        }
    });
    let n = needed.as_ref().copied().unwrap_or(0);
    let dice_field = (n > 0).then(|| html! {
        <label class="live-dice">
            <span>{format!("Dice rolled ({})", dice_words(n))}</span>
            <input type="text" inputmode="numeric" autocomplete="off" spellcheck="false" placeholder={(0..n).map(|i| ((i % 6) + 2).min(6).to_string()).collect::<Vec<_>>().join(" ")}
                value={(*dice).clone()} oninput={on_text(dice.clone(), error.clone())} data-testid="live-dice"
                aria-invalid={error.is_some().to_string()} aria-describedby="live-error" />
        </label>
    });
    let counter_field = counter_n.map(|k| {
        let target = match chosen { Some(Move::Charge(t)) => target_name(t).unwrap_or_default(), _ => String::new() };
        html! {
            <label class="live-dice">
                <span>{format!("{target} fires back ({})", dice_words(k))}</span>
                <input type="text" inputmode="numeric" autocomplete="off" spellcheck="false"
                    value={(*counter).clone()} oninput={on_text(counter.clone(), error.clone())} data-testid="live-counter"
                    aria-invalid={error.is_some().to_string()} aria-describedby="live-error" />
            </label>
        }
    });
    let message = error.as_ref().cloned().or_else(|| needed.as_ref().err().cloned());
    html! {
        <section class="card live" aria-labelledby="live-h" data-testid="live">
            <h2 id="live-h" tabindex="-1">{"Live: the dice at the table"}</h2>
            {intro}
            {odds}
            {who}
            <form class="live-form" onsubmit={apply} aria-label="This turn">
                {radios.unwrap_or_default()}
                <div class="live-inputs">
                    {dice_field.unwrap_or_default()}
                    {counter_field.unwrap_or_default()}
                </div>
                <p id="live-error" class={classes!(message.is_some().then_some("field-error"))} role="alert" data-testid="live-error">
                    {message.unwrap_or_default()}
                </p>
                <div class="live-buttons">
                    <button type="submit" class="primary" data-testid="live-apply">{"Apply"}</button>
                    {undo_button}
                    if turns > 0 { <span class="muted small" data-testid="live-count">{format!("{turns} turn{} entered", if turns == 1 { "" } else { "s" })}</span> }
                </div>
            </form>
            {log}
        </section>
    }
}
