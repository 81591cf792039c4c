//! The Best turn card: the objective (expected areas, expected steps, or taking an attackable
//! area keeping one of the moving player's heirs), the planner's worker asked for the best whole
//! turns with progress and Cancel, the turns ranked (value with its unit, each attack's target,
//! chance to hold, blocks and AP, heirs at risk, areas left empty and open to counter-attack),
//! the chosen turn drawn on the map (its arrows all at once), and each attack one click from its
//! battle ("Open as battle", `#s=` in a new history entry, as a plan is opened). An attack can be
//! pinned (an area and the blocks that go, `bosworth plan --turn --with`): the turns shown are
//! then the best rest of the turn around it.

use super::state::{Shown, TurnAction, TurnState, recall, remember, set_shown, shown_on};
use super::view::{PinAsk, TurnView, error_words, goal_words, reach, value_words};
use super::work::{Goal, TurnAsk};
use crate::map::planner::{Reply, Request};
use crate::map::ranking::PlanView;
use crate::map::results::{battle_fragment, open, plan_lines};
use crate::shell::format::pct;
use crate::shell::worker::RawWorker;
use bosworth::data::House;
use std::cell::RefCell;
use std::rc::Rc;
use web_sys::{HtmlInputElement, HtmlSelectElement};
use yew::prelude::*;

type Worker = RawWorker<Request, Reply>;

/// Props of the Best turn card.
#[derive(Properties, PartialEq, Clone)]
pub struct BestTurnProps {
    /// The board's JSON while it is valid (else nothing is planned).
    pub board: Option<String>,
    /// The moving player's house.
    pub house: House,
    /// The areas the moving player can attack this turn, in the map's order.
    pub targets: Vec<String>,
    /// The moving player's heirs on the board (ids), for "keeping an heir".
    pub heirs: Vec<String>,
    /// Why the card played allows no attack, if it does not.
    pub refusal: Option<String>,
    /// The turn chosen, for the map (`None`: none yet).
    pub on_show: Callback<Option<Rc<TurnView>>>,
    /// Back to the plans by target.
    pub on_close: Callback<()>,
}

/// Starts a worker on the board, objective and pinned attacks (or shows the answer known already).
fn start(
    board: &str,
    goal: &Goal,
    pins: &[PinAsk],
    state: &UseReducerHandle<TurnState>,
    worker: &Rc<RefCell<Option<Worker>>>,
) {
    worker.borrow_mut().take();
    if let Some(t) = recall(board, goal, pins) {
        state.dispatch(TurnAction::Known(
            board.to_string(),
            goal.clone(),
            pins.to_vec(),
            t,
        ));
        return;
    }
    let job = state.job + 1;
    state.dispatch(TurnAction::Start(
        job,
        board.to_string(),
        goal.clone(),
        pins.to_vec(),
    ));
    let d = state.dispatcher();
    let (b, g, pn) = (board.to_string(), goal.clone(), pins.to_vec());
    let w = Worker::spawn("planner.js", move |r: Reply| {
        if let Reply::Turn(h) = r {
            let action = TurnAction::heard(h);
            if let TurnAction::Done(_, t) = &action {
                remember(&b, &g, &pn, t.clone());
            }
            d.dispatch(action);
        }
    });
    *worker.borrow_mut() = match w {
        Ok(w) => {
            w.send(Request::Turn(TurnAsk {
                job,
                board: board.to_string(),
                goal: goal.clone(),
                pins: pins.to_vec(),
            }));
            Some(w)
        }
        Err(_) => {
            state.dispatch(TurnAction::Failed(
                job,
                "this browser would not start a Web Worker".into(),
            ));
            None
        }
    };
}

/// The objective from the picker's value and the heir's.
fn goal_of(value: &str, heir: Option<String>) -> Goal {
    match value {
        "steps" => Goal::Steps,
        v => match v.strip_prefix("take:") {
            Some(area) => Goal::Take {
                area: area.to_string(),
                keep: heir,
            },
            None => Goal::Areas,
        },
    }
}

/// The Best turn card.
#[function_component]
pub fn BestTurn(p: &BestTurnProps) -> Html {
    let board_key = p.board.clone().unwrap_or_default();
    let remembered = shown_on(&board_key);
    let goal = use_state(|| {
        remembered
            .as_ref()
            .map(|r| r.goal.clone())
            .unwrap_or_default()
    });
    let chosen = use_state(|| remembered.as_ref().map_or(0, |r| r.chosen));
    // The attacks pinned (applied), and the one being chosen before it is added to them.
    let pins = use_state(|| {
        remembered
            .as_ref()
            .map(|r| r.pins.clone())
            .unwrap_or_default()
    });
    let draft = use_state(PinAsk::default);
    // Who can attack each target this turn, for the pin's choices.
    let reachable = use_memo(p.board.clone(), |b| {
        b.as_deref()
            .and_then(|b| bosworth_link::parse_board(b).ok())
            .and_then(|b| bosworth::board::Position::new(&b).ok())
            .map(|pos| reach(&pos))
            .unwrap_or_default()
    });
    let state = use_reducer(TurnState::default);
    let worker: Rc<RefCell<Option<Worker>>> = use_mut_ref(|| None);
    // A take objective whose area is no longer a target: back to expected areas.
    let goal_now = match &*goal {
        Goal::Take { area, .. } if !p.targets.contains(area) => Goal::Areas,
        Goal::Take {
            area,
            keep: Some(h),
        } if !p.heirs.contains(h) => Goal::Take {
            area: area.clone(),
            keep: None,
        },
        g => g.clone(),
    };
    // The pins whose area and blocks can still attack (the board may have changed).
    let pins_now: Vec<PinAsk> = pins
        .iter()
        .filter(|q| {
            reachable
                .iter()
                .any(|(a, who)| *a == q.area && q.blocks.iter().all(|b| who.contains(b)))
        })
        .cloned()
        .collect();
    {
        let (state, worker) = (state.clone(), worker.clone());
        let chosen = chosen.clone();
        use_effect_with(
            (p.board.clone(), goal_now.clone(), pins_now.clone()),
            move |(board, goal, pins)| {
                if let Some(b) = board {
                    start(b, goal, pins, &state, &worker);
                    if shown_on(b).is_none_or(|s| s.goal != *goal || s.pins != *pins) {
                        chosen.set(0);
                    }
                } else {
                    worker.borrow_mut().take();
                }
                let worker = worker.clone();
                move || {
                    worker.borrow_mut().take();
                }
            },
        );
    }
    // The worker is done: let it go.
    if state.calc() != "running" {
        worker.borrow_mut().take();
    }
    let ours = state.board.is_some()
        && state.board == p.board
        && state.goal == goal_now
        && state.pins == pins_now;
    let turns = state.turns.clone().filter(|_| ours);
    let pick = turns.as_ref().and_then(|t| {
        t.turns
            .get((*chosen).min(t.turns.len().saturating_sub(1)))
            .cloned()
    });
    let chosen_now = turns
        .as_ref()
        .map_or(0, |t| (*chosen).min(t.turns.len().saturating_sub(1)));
    {
        let on_show = p.on_show.clone();
        use_effect_with(pick.clone(), move |pick| {
            on_show.emit(pick.clone().map(Rc::new));
        });
    }
    {
        let shown = p.board.clone().map(|b| {
            (
                b,
                Shown {
                    goal: goal_now.clone(),
                    pins: pins_now.clone(),
                    chosen: chosen_now,
                },
            )
        });
        use_effect_with(shown, |s| {
            if let Some(s) = s {
                set_shown(Some(s.clone()));
            }
        });
    }
    let calc = if !ours && p.board.is_some() {
        "running"
    } else {
        state.calc()
    };
    let heir = match &goal_now {
        Goal::Take { keep, .. } => keep.clone(),
        _ => None,
    };
    let on_objective = {
        let goal = goal.clone();
        let heir = heir.clone();
        Callback::from(move |e: Event| {
            let v = e.target_unchecked_into::<HtmlSelectElement>().value();
            goal.set(goal_of(&v, heir.clone()));
        })
    };
    let on_heir = {
        let goal = goal.clone();
        let now = goal_now.clone();
        Callback::from(move |e: Event| {
            let v = e.target_unchecked_into::<HtmlSelectElement>().value();
            if let Goal::Take { area, .. } = &now {
                goal.set(Goal::Take {
                    area: area.clone(),
                    keep: (!v.is_empty()).then_some(v),
                });
            }
        })
    };
    let cancel = {
        let (state, worker) = (state.clone(), worker.clone());
        Callback::from(move |_: MouseEvent| {
            worker.borrow_mut().take();
            state.dispatch(TurnAction::Cancel);
        })
    };
    let resume = {
        let (state, worker, board, g, pn) = (
            state.clone(),
            worker.clone(),
            p.board.clone(),
            goal_now.clone(),
            pins_now.clone(),
        );
        Callback::from(move |_: MouseEvent| {
            if let Some(b) = &board {
                start(b, &g, &pn, &state, &worker);
            }
        })
    };
    let pin_card = pin_fieldset(&reachable, &draft, &pins, &pins_now, p.board.is_some());
    let close = {
        let on_close = p.on_close.clone();
        Callback::from(move |_: MouseEvent| {
            set_shown(None);
            on_close.emit(());
        })
    };
    let value = match &goal_now {
        Goal::Areas => "areas".to_string(),
        Goal::Steps => "steps".to_string(),
        Goal::Take { area, .. } => format!("take:{area}"),
    };
    let taking = matches!(goal_now, Goal::Take { .. });
    let enemy = p.house.other();
    html! {
        <section class={classes!("card", "plans-card", "turn-card", crate::map::area::house_class(p.house))} aria-labelledby="turn-h"
            data-testid="best-turn" data-calc={calc} data-objective={goal_now.words()}>
            <div class="plans-head">
                <h2 id="turn-h" tabindex="-1">{"Best turn"}</h2>
                <button onclick={close} data-testid="turn-close">{"Plans by target"}</button>
            </div>
            <p class="small muted">{format!("Every attack {} can make together this turn with the card played: \
                no block twice, the action points paid once for each area left, each border's limit for all of them (R37).", p.house)}</p>
            <div class="turn-goal">
                <label>
                    <span>{"Ranked by"}</span>
                    <select onchange={on_objective} data-testid="turn-objective" disabled={p.board.is_none()}>
                        <option value="areas" selected={value == "areas"}>{"Expected areas held"}</option>
                        <option value="steps" selected={value == "steps"}>{"Expected steps: enemy's lost minus own"}</option>
                        if !p.targets.is_empty() {
                            <optgroup label="Take an area">
                                { for p.targets.iter().map(|t| {
                                    let v = format!("take:{t}");
                                    html! { <option value={v.clone()} selected={value == v}>{format!("Take {t}")}</option> }
                                }) }
                            </optgroup>
                        }
                    </select>
                </label>
                <label>
                    <span>{"keeping"}</span>
                    <select onchange={on_heir} data-testid="turn-heir" disabled={!taking || p.heirs.is_empty()}>
                        <option value="" selected={heir.is_none()}>{if p.heirs.is_empty() { "no heir on the board" } else { "no heir named" }}</option>
                        { for p.heirs.iter().map(|h| html! { <option value={h.clone()} selected={heir.as_deref() == Some(h.as_str())}>{h.clone()}</option> }) }
                    </select>
                </label>
            </div>
            { pin_card }
            if p.board.is_none() {
                <p class="muted">{"No turn while the board cannot be: see what is wrong above the map."}</p>
            } else if let Some(why) = p.refusal.clone() {
                <p class="muted" data-testid="turn-none">{why}</p>
            } else {
                <div class="plan-status" role="status">
                    if calc == "running" {
                        <progress max="1" value={format!("{:.3}", state.fraction())} aria-label="Working out the best turn" data-testid="turn-progress"></progress>
                        <span class="small">{format!("Working out every turn: {:.0}%", 100.0 * state.fraction())}</span>
                        <button onclick={cancel} data-testid="turn-cancel">{"Cancel"}</button>
                    } else if calc == "cancelled" {
                        <span class="small">{"Stopped before any turn was worked out."}</span>
                        <button onclick={resume} data-testid="turn-resume">{"Work it out again"}</button>
                    }
                </div>
                if let Some(f) = state.failed.clone().filter(|_| ours) {
                    <p class="field-error" data-testid="turn-failed">{f}</p>
                }
                if let Some(t) = turns.as_ref() {
                    <p class="small muted plans-about">{format!("{} target{}, {} plans, {} turns searched; ranked by {}.",
                        t.targets.len(), if t.targets.len() == 1 { "" } else { "s" }, t.plans_considered, t.turns_searched, goal_words(&t.goal))}</p>
                    if t.turns.is_empty() {
                        <p class="muted" data-testid="turn-none">{format!("No turn: no {} block can reach a {enemy} area this turn.", p.house)}</p>
                    }
                    <fieldset class="plan-list turn-list" data-testid="turn-list">
                        <legend class="visually-hidden">{"Choose a turn to draw on the map"}</legend>
                        { for t.turns.iter().enumerate().map(|(i, turn)| row(i, turn, chosen_now, &t.goal, &pins_now, p.house, &chosen)) }
                    </fieldset>
                    <p class="small muted plans-method" data-testid="turn-method">
                        {format!("Each attack is fought as its plan's own battle, apart from the others (R37), so expected areas and steps add up over them; \
                            the figures are the fog of war's on each battle, as {} gives them on this board's link (Copy link). \
                            Open as battle shows an attack's battle in the battle calculator, where bosworth exact gives its odds; Back returns here.",
                            t.goal.command_with(&pins_now))}
                    </p>
                }
            }
        </section>
    }
}

/// One turn: a radio to draw it on the map, its value, and its attacks; under the chosen one,
/// each attack's Open as battle.
fn row(
    i: usize,
    turn: &TurnView,
    chosen: usize,
    goal: &Goal,
    pins: &[PinAsk],
    house: House,
    pick: &UseStateHandle<usize>,
) -> Html {
    let choose = {
        let pick = pick.clone();
        Callback::from(move |_: Event| pick.set(i))
    };
    let n = turn.attacks.len();
    let blocks = turn.blocks();
    let risk: Vec<String> = turn
        .heirs_at_risk
        .iter()
        .filter(|h| h.dies > 0.0)
        .map(|h| format!("{} {}", h.id, pct(h.dies)))
        .collect();
    let enemy = house.other();
    html! {
        <div class="plan-item" key={i.to_string()}>
            <label class={classes!("plan-row", "turn-row", (i == chosen).then_some("chosen"))} data-testid={format!("turn-{i}")}
                data-value={turn.value.to_string()} data-std-error={turn.std_error.to_string()} data-at-least={turn.at_least.to_string()}
                data-targets={turn.attacks.iter().map(|a| a.target.clone()).collect::<Vec<_>>().join(",")}>
                <input type="radio" name="turn" checked={i == chosen} onchange={choose} />
                <span class="plan-rank">{i + 1}</span>
                <span class="plan-body">
                    <span class="plan-top">
                        <span class="plan-target">{turn.attacks.iter().map(|a| a.target.clone()).collect::<Vec<_>>().join(" + ")}</span>
                        <span class="plan-holds"><b data-testid={format!("turn-{i}-value")}>{value_words(goal, turn)}</b><small>{error_words(goal, turn)}</small></span>
                    </span>
                    <span class="plan-cost">{format!("{n} battle{} · {} AP · {blocks} block{}", if n == 1 { "" } else { "s" },
                        turn.action_points, if blocks == 1 { "" } else { "s" })}</span>
                    { for turn.attacks.iter().enumerate().map(|(j, a)| attack(i, j, &a.target, &a.plan, pins.iter().any(|q| q.area == a.target), house)) }
                    if !risk.is_empty() {
                        <span class="plan-line turn-risk" data-testid={format!("turn-{i}-heirs")}>{format!("Heirs at risk: {}", risk.join(", "))}</span>
                    }
                    { for turn.open.iter().map(|o| html! {
                        <span class="plan-line turn-open" data-testid={format!("turn-{i}-empty")}>{
                            if o.from.is_empty() { format!("Left empty: {}", o.area) }
                            else { format!("Left empty: {}, open to {enemy} from {}", o.area, o.from.join(", ")) }
                        }</span>
                    }) }
                </span>
            </label>
            if i == chosen {
                <div class="plan-actions">
                    { for turn.attacks.iter().enumerate().map(|(j, a)| open_button(i, j, &a.target, &a.plan)) }
                </div>
            }
        </div>
    }
}

/// One attack of a turn: its target, chance to hold, and the plan's lines; the pinned one says so.
fn attack(i: usize, j: usize, target: &str, plan: &PlanView, pinned: bool, house: House) -> Html {
    html! {
        <span class="turn-attack" data-testid={format!("turn-{i}-attack-{j}")} data-target={target.to_string()}
            data-holds={plan.holds.to_string()} data-std-error={plan.std_error.to_string()} data-pinned={pinned.to_string()}
            data-blocks={plan.ways.iter().map(|w| w.id.clone()).collect::<Vec<_>>().join(",")}>
            <span class="plan-line turn-attack-head"><b>{target.to_string()}</b>{format!(": holds {}{}", pct(plan.holds),
                crate::map::ranking::error_words(plan))}
                if pinned { <span class="turn-pinned">{" · pinned"}</span> }</span>
            { plan_lines(plan, house) }
        </span>
    }
}

/// An attack's Open as battle: its battle in the battle calculator, a new history entry.
fn open_button(i: usize, j: usize, target: &str, plan: &PlanView) -> Html {
    let go = {
        let plan = plan.clone();
        Callback::from(move |e: MouseEvent| {
            if e.ctrl_key() || e.meta_key() || e.shift_key() || e.button() != 0 {
                return;
            }
            e.prevent_default();
            open(&plan);
        })
    };
    html! {
        <a class={classes!("button", (j == 0).then_some("primary"))} href={battle_fragment(plan)} data-testid={format!("turn-{i}-open-{j}")} onclick={go}>
            {format!("Open as battle: {target}")}
        </a>
    }
}

/// Pin attacks: the target, the blocks that go (those that can reach it and are not pinned to
/// another attack: a block attacks once, R37), and the button that adds it and asks for the best
/// rest of the turn; the attacks pinned, each with its Unpin, and Unpin all. Plain form controls,
/// so the keyboard reaches every one.
fn pin_fieldset(
    reachable: &[(String, Vec<String>)],
    draft: &UseStateHandle<PinAsk>,
    pins: &UseStateHandle<Vec<PinAsk>>,
    pinned: &[PinAsk],
    enabled: bool,
) -> Html {
    let on_target = {
        let draft = draft.clone();
        Callback::from(move |e: Event| {
            let v = e.target_unchecked_into::<HtmlSelectElement>().value();
            draft.set(PinAsk {
                area: v,
                blocks: Vec::new(),
            });
        })
    };
    // The targets not pinned yet, and for the draft's the blocks not pinned elsewhere.
    let open: Vec<&String> = reachable
        .iter()
        .map(|(a, _)| a)
        .filter(|a| !pinned.iter().any(|q| q.area == **a))
        .collect();
    let who: Vec<String> = reachable
        .iter()
        .find(|(a, _)| *a == draft.area && open.contains(&a))
        .map(|(_, w)| {
            w.iter()
                .filter(|b| !pinned.iter().any(|q| q.blocks.contains(b)))
                .cloned()
                .collect()
        })
        .unwrap_or_default();
    let toggle = |id: String| {
        let draft = draft.clone();
        let order = who.clone();
        Callback::from(move |e: Event| {
            let on = e.target_unchecked_into::<HtmlInputElement>().checked();
            let mut d = (*draft).clone();
            d.blocks.retain(|b| *b != id);
            if on {
                d.blocks.push(id.clone());
            }
            d.blocks.sort_by_key(|b| order.iter().position(|o| o == b));
            draft.set(d);
        })
    };
    let apply = {
        let (draft, pins, now) = (draft.clone(), pins.clone(), pinned.to_vec());
        Callback::from(move |_: MouseEvent| {
            if !draft.area.is_empty() && !draft.blocks.is_empty() {
                let mut more = now.clone();
                more.push((*draft).clone());
                pins.set(more);
                draft.set(PinAsk::default());
            }
        })
    };
    let unpin = |k: usize| {
        let (pins, now) = (pins.clone(), pinned.to_vec());
        Callback::from(move |_: MouseEvent| {
            let mut fewer = now.clone();
            fewer.remove(k);
            pins.set(fewer);
        })
    };
    let clear = {
        let (draft, pins) = (draft.clone(), pins.clone());
        Callback::from(move |_: MouseEvent| {
            pins.set(Vec::new());
            draft.set(PinAsk::default());
        })
    };
    let ready = enabled && open.contains(&&draft.area) && !draft.blocks.is_empty();
    html! {
        <fieldset class="turn-pin" data-testid="turn-pin" disabled={!enabled || reachable.is_empty()}>
            <legend>{"Pin attacks"}</legend>
            <p class="small muted">{"\"I am attacking this area with these blocks\": every turn shown makes the attacks pinned, with the best rest of the turn around them."}</p>
            if !pinned.is_empty() {
                <div class="turn-pins" data-testid="turn-pinned">
                    <span class="small">{"Pinned:"}</span>
                    <ul>
                        { for pinned.iter().enumerate().map(|(k, q)| html! {
                            <li data-testid={format!("turn-pinned-{k}")}>
                                <span>{format!("{} with {}", q.area, q.blocks.join(", "))}</span>
                                <button onclick={unpin(k)} data-testid={format!("turn-unpin-{k}")}
                                    aria-label={format!("Unpin the attack on {}", q.area)}>{"Unpin"}</button>
                            </li>
                        }) }
                    </ul>
                    if pinned.len() > 1 {
                        <button onclick={clear} data-testid="turn-pin-clear">{"Unpin all"}</button>
                    }
                </div>
            }
            if !open.is_empty() {
                <label>
                    <span>{if pinned.is_empty() { "Attack" } else { "Also attack" }}</span>
                    <select onchange={on_target} data-testid="turn-pin-target">
                        <option value="" selected={!open.contains(&&draft.area)}>{if pinned.is_empty() { "No attack pinned" } else { "No other attack pinned" }}</option>
                        { for open.iter().map(|a| html! {
                            <option value={(*a).clone()} selected={draft.area == **a}>{(*a).clone()}</option>
                        }) }
                    </select>
                </label>
                if !who.is_empty() {
                    <div class="turn-pin-blocks" role="group" aria-label={format!("Blocks attacking {}", draft.area)}>
                        <span class="small">{"with"}</span>
                        { for who.iter().map(|id| html! {
                            <label class="turn-pin-block">
                                <input type="checkbox" checked={draft.blocks.contains(id)} onchange={toggle(id.clone())}
                                    data-testid={format!("turn-pin-block-{id}")} />
                                {id.clone()}
                            </label>
                        }) }
                    </div>
                }
                <div class="turn-pin-actions">
                    <button onclick={apply} disabled={!ready} data-testid="turn-pin-apply">{if pinned.is_empty() { "Best rest of the turn" } else { "Pin this one too" }}</button>
                </div>
            }
        </fieldset>
    }
}
