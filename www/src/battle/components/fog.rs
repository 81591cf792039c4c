//! What the hidden blocks mean for the attack, below the headline: the spread of the viewer's
//! chance across what they may be, who each may be, the chance a royal is among them, what
//! scouting each would tell; and any possibility opened as a battle of its own, every block
//! revealed (6.1, R13): the spread's worst, best or any percentile, every row of "who each hidden
//! block may be", both ends of each scouting row. A row's figure for one block is averaged over
//! what the others may be; its button names the composition it opens (the most likely one with
//! that block, as `bosworth reveal 'defender.hidden[0]=Somerset 3'` opens) and that battle's own
//! figure, the one its headline will show.

use crate::shell::charts::{save, svg};
use crate::shell::format::{pct, sentence};
use bosworth::solve::fog::{HiddenReport, Identity, Spread};
use bosworth::{Fog, FogReport, Scenario};
use std::rc::Rc;
use web_sys::HtmlInputElement;
use yew::prelude::*;

/// One thing the hidden blocks may be, to open as a battle of its own.
#[derive(Debug, Clone, PartialEq)]
pub enum Possibility {
    /// A composition of the mixture (`bosworth::Fog::possibility`): the spread's worst, best or
    /// a percentile.
    Composition(usize),
    /// Hidden block `i` (in the mixture's order) as this block at this strength, the others as
    /// likely as it leaves them (`bosworth::Fog::possibility_with`).
    Block(usize, String, u8),
}

/// The battle of a possibility, every block revealed (`bosworth::Fog::reveal`, the CLI's
/// `bosworth reveal`): `None` when the mixture does not list it.
pub fn revealed(scenario: &Scenario, what: &Possibility) -> Option<Scenario> {
    let fog = Fog::new(scenario).ok()?;
    let picks = picks(&fog, what)?;
    fog.reveal(&picks).ok()
}

fn picks(fog: &Fog, what: &Possibility) -> Option<Vec<bosworth::solve::fog::Pick>> {
    match what {
        Possibility::Composition(k) => fog.possibility(*k),
        Possibility::Block(i, block, strength) => fog.possibility_with(*i, block, *strength),
    }
}

/// What a possibility opens, said before it is opened.
#[derive(Debug, Clone, PartialEq)]
pub struct Opening {
    /// What each hidden block is in it (`Somerset 3`), in the order they are revealed.
    pub blocks: Vec<String>,
    /// The viewer's chance to hold in that battle (its headline once opened), when the spread
    /// has it (exact figures).
    pub holds: Option<f64>,
}

impl Opening {
    /// The words of its button: `Open Somerset 3, Oxford 3, Clifford 3 (47.2%)`.
    pub fn button(&self) -> String {
        match self.holds {
            Some(h) => format!("Open {} ({})", self.blocks.join(", "), pct(h)),
            None => format!("Open {}", self.blocks.join(", ")),
        }
    }
}

/// What `what` opens: the composition (`bosworth::Fog::composition_of` for a row's block), what
/// each hidden block is in its battle (as revealed: hidden blocks described alike in the tie
/// order of R13), and its own figure from the spread; `None` when the mixture does not list it.
pub fn opening(
    scenario: &Scenario,
    fog: &Fog,
    spread: Option<&Spread>,
    what: &Possibility,
) -> Option<Opening> {
    let picks = picks(fog, what)?;
    let k = match what {
        Possibility::Composition(k) => Some(*k),
        Possibility::Block(..) => fog.composition_of(&picks),
    };
    let holds = spread.zip(k).and_then(|(s, k)| {
        let at = s.compositions.iter().position(|&c| c == k)?;
        s.points.get(at).map(|p| p[0])
    });
    let battle = fog.reveal(&picks).ok()?;
    let revealed =
        |known: &bosworth::scenario::Army, now: &bosworth::scenario::Army| -> Vec<String> {
            now.blocks[known.blocks.len().min(now.blocks.len())..]
                .iter()
                .map(|b| format!("{} {}", b.id.clone().unwrap_or_default(), b.strength))
                .collect()
        };
    let mut blocks = revealed(&scenario.attacker, &battle.attacker);
    blocks.extend(revealed(&scenario.defender, &battle.defender));
    Some(Opening { blocks, holds })
}

/// Props of the section.
#[derive(Properties, PartialEq, Clone)]
pub struct FogProps {
    /// The battle as entered (with its hidden blocks).
    pub scenario: Scenario,
    /// The mixture's figures for it.
    pub fog: Rc<FogReport>,
    /// The spread chart, drawn.
    pub spread_svg: Option<String>,
    /// Opens a possibility as a battle (an undoable change with its own history entry).
    pub open: Callback<Possibility>,
}

/// How many rows of "who each hidden block may be" show before "Show all".
pub const FIRST_ROWS: usize = 8;

/// The section.
#[function_component]
pub fn FogSection(p: &FogProps) -> Html {
    let f = &p.fog;
    let mixture = use_memo(p.scenario.clone(), |s| Fog::new(s).ok());
    let percentile = use_state(|| 50u8);
    let expanded = use_state(Vec::<usize>::new);
    let viewer = f.report.sides[f.viewer.index()].house;
    let who = format!("{viewer} ({})", f.viewer.name());
    let spread = f.spread.as_ref();
    let fog = mixture.as_ref().as_ref();
    let open_of = |what: Possibility| {
        fog.and_then(|fog| opening(&p.scenario, fog, spread, &what).map(|o| (what, o)))
    };
    let button = |what: Possibility, o: &Opening, id: String| {
        let open = p.open.clone();
        html! {
            <button class="small open-as" data-testid={id} title="Open it as a battle of its own, every block revealed (Undo comes back)"
                onclick={Callback::from(move |_| open.emit(what.clone()))}>{o.button()}</button>
        }
    };
    let spread_html = spread.map(|s| {
        let q = |k: usize| s.quantiles.get(k).map_or(0.0, |x| x[1]);
        let example = |e: &bosworth::solve::fog::Example, words: &str, id: &str| {
            let o = Opening { blocks: e.blocks.clone(), holds: Some(e.viewer_holds) };
            html! {
                <li><span data-testid={format!("spread-{id}")}>{format!("{words}:")}</span>
                    {" "}{button(Possibility::Composition(e.composition), &o, format!("open-{id}"))}</li>
            }
        };
        let at = s.at(f64::from(*percentile) / 100.0);
        let picked = at.and_then(|k| open_of(Possibility::Composition(k)));
        let on_percentile = {
            let percentile = percentile.clone();
            Callback::from(move |e: Event| {
                let v = e.target_unchecked_into::<HtmlInputElement>().value();
                if let Ok(n) = v.trim().parse::<f64>() {
                    percentile.set(n.round().clamp(0.0, 100.0) as u8);
                }
            })
        };
        html! {
            <>
            <p data-testid="spread-words">{format!(
                "In a quarter of what they may be, {who} holds with at most {}; in half, at most {}; in three quarters, at most {}.",
                pct(q(1)), pct(q(2)), pct(q(3))
            )}</p>
            <ul class="examples">
                {example(&s.worst, "As bad as it likely gets (10%)", "worst")}
                {example(&s.best, "As good as it likely gets (90%)", "best")}
                <li class="percentile">
                    <label>{"At the percentile "}
                        <input type="number" min="0" max="100" step="1" inputmode="numeric" value={percentile.to_string()}
                            data-testid="spread-percentile" onchange={on_percentile}
                            aria-describedby="spread-at" />
                        {":"}
                    </label>
                    <span id="spread-at" class="visually-hidden">{format!(
                        "The composition at that share of what the hidden blocks may be, worst first for {who}, as bosworth reveal P{} opens it",
                        *percentile
                    )}</span>
                    {" "}{picked.map(|(what, o)| button(what, &o, "open-percentile".into())).unwrap_or_else(|| html! { <span>{"not listed"}</span> })}
                </li>
            </ul>
            </>
        }
    });
    let averaged = "each figure beside a block is averaged over what the other hidden blocks may be; its button opens the most likely composition with that block and gives that battle's own figure";
    let cell = |s: &bosworth::solve::fog::Scout, id: &Identity, end: &str, label: &str| {
        let opened = open_of(Possibility::Block(s.hidden, id.block.clone(), id.strength));
        html! {
            <td data-label={label.to_string()}>
                <span>{format!("{} {} → {} on average", id.block, id.strength, pct(id.viewer_holds))}</span>
                { opened.map(|(what, o)| html! { <div>{button(what, &o, format!("open-scout-{}-{end}", s.hidden))}</div> }).unwrap_or_default() }
            </td>
        }
    };
    // Hidden blocks described alike have one list.
    let mut lists: Vec<(Vec<String>, usize, &HiddenReport)> = Vec::new();
    for (i, h) in f.hidden.iter().enumerate() {
        match lists
            .iter_mut()
            .find(|(_, _, r)| r.side == h.side && r.who == h.who)
        {
            Some((labels, _, _)) => labels.push(h.label.clone()),
            None => lists.push((vec![h.label.clone()], i, h)),
        }
    }
    html! {
        <section class="fog" aria-labelledby="fog-h" data-testid="fog">
            <h3 id="fog-h">{"Against blocks you cannot see"}</h3>
            if let Some(svg_text) = &p.spread_svg {
                <figure><figcaption>{format!("Chance {who} holds, across what the hidden blocks may be")}{save("spread", svg_text)}</figcaption>
                    <div data-testid="spread-chart">{svg(svg_text)}</div></figure>
            }
            {spread_html.unwrap_or_default()}
            <p data-testid="royal">{format!(
                "Chance the enemy King is among the hidden blocks: {}; the Pretender: {}; an heir: {}.",
                pct(f.royal.king), pct(f.royal.pretender), pct(f.royal.heir)
            )}</p>
            <div class="table-wrap" tabindex="0" role="region" aria-label="What scouting would tell">
            <table class="blocks-table scouting" data-testid="scouting">
                <caption>{format!("What scouting a hidden block would tell {who}")}</caption>
                <thead><tr><th scope="col">{"Block"}</th><th scope="col">{"Moves the chance by"}</th><th scope="col">{"Worst if it is"}</th><th scope="col">{"Best if it is"}</th></tr></thead>
                <tbody>
                    { for f.scouting.iter().map(|s| html! {
                        <tr>
                            <th scope="row">{format!("{} ({})", s.label, s.side.name())}</th>
                            <td data-label="Moves the chance by">{format!("{:.1} points", s.value * 100.0)}</td>
                            {cell(s, &s.worst, "worst", "Worst if it is")}
                            {cell(s, &s.best, "best", "Best if it is")}
                        </tr>
                    }) }
                </tbody>
            </table>
            </div>
            <p class="muted small" data-testid="scouting-note">{sentence(averaged)}{"."}</p>
            { for lists.iter().map(|(labels, i, h)| {
                let shown: Vec<String> = h.who.iter().take(FIRST_ROWS).map(|w| format!("{} {} ({})", w.block, w.strength, pct(w.chance))).collect();
                let more = h.who.len().saturating_sub(FIRST_ROWS);
                let (i, label) = (*i, h.label.clone());
                let all = expanded.contains(&i);
                let toggle = {
                    let expanded = expanded.clone();
                    Callback::from(move |_| {
                        let mut e = (*expanded).clone();
                        if all { e.retain(|&x| x != i) } else { e.push(i) }
                        expanded.set(e);
                    })
                };
                let rows = if all { h.who.len() } else { FIRST_ROWS };
                html! {
                    <div class="hidden-who">
                        <p class="small" data-testid="hidden-who">{format!(
                            "{} ({}) may {}be: {}{}",
                            labels.join(", "), h.side.name(), if labels.len() > 1 { "each " } else { "" },
                            shown.join(", "), if more > 0 { format!(", and {more} more") } else { String::new() }
                        )}</p>
                        <details class="open-who" data-testid={format!("open-who-{i}")}>
                            <summary>{format!("Open as a battle with {label} as…")}</summary>
                            <p class="muted small">{format!("{who} holds: {averaged}.")}</p>
                            <ul class="open-list rows">
                                { for h.who.iter().take(rows).enumerate().map(|(n, w)| {
                                    let opened = open_of(Possibility::Block(i, w.block.clone(), w.strength));
                                    html! {
                                        <li data-testid={format!("who-row-{i}-{n}")}>
                                            <span>{format!("{} {} ({} likely): {} on average", w.block, w.strength, pct(w.chance), pct(w.viewer_holds))}</span>
                                            { opened.map(|(what, o)| button(what, &o, format!("open-who-{i}-{n}"))).unwrap_or_default() }
                                        </li>
                                    }
                                }) }
                            </ul>
                            if h.who.len() > FIRST_ROWS {
                                <button class="small" aria-expanded={all.to_string()} data-testid={format!("open-who-all-{i}")} onclick={toggle}>
                                    { if all { format!("Show the first {FIRST_ROWS}") } else { format!("Show all {}", h.who.len()) } }
                                </button>
                            }
                        </details>
                    </div>
                }
            }) }
        </section>
    }
}
