//! The reset's odds: the throne afterwards in big numbers, King and Pretender after the reset,
//! each noble's and heir's fate, the Rebel; every column named with its event and decision.

use super::chart;
use crate::shell::charts::house_colour;
use crate::shell::charts::{save, svg};
use crate::shell::format::pct;
use bosworth::data::House;
use bosworth::reset::ResetOdds;
use std::rc::Rc;
use yew::prelude::*;

/// Props of the figures.
#[derive(Properties, PartialEq, Clone)]
pub struct OddsProps {
    /// The engine's odds.
    pub odds: Rc<ResetOdds>,
    /// The Rebel is on the map already.
    #[prop_or_default]
    pub rebel_on_map: bool,
    /// How long the engine took, in milliseconds.
    #[prop_or_default]
    pub took_ms: f64,
}

fn rgb(house: House) -> String {
    let c = house_colour(house);
    format!("rgb({},{},{})", c.0, c.1, c.2)
}

/// The throne after the reset: kept by its house, passed to the other (V10), or the game won.
pub struct Throne {
    /// The house on the throne keeps it, and nobody has won.
    pub keeps: f64,
    /// The crown passes to the other house (V10), and nobody has won.
    pub passes: f64,
    /// York wins at once (9.0, V13).
    pub york_wins: f64,
    /// Lancaster wins at once.
    pub lancaster_wins: f64,
}

/// The throne's figures from the odds.
pub fn throne(o: &ResetOdds) -> Throne {
    let sum = |f: &dyn Fn(&bosworth::reset::CrownOdds) -> bool| o.crown.iter().filter(|c| f(c)).map(|c| c.chance).fold(0.0, |a, b| a + b);
    Throne {
        keeps: sum(&|c| c.winner.is_none() && c.throne == o.throne),
        passes: sum(&|c| c.winner.is_none() && c.throne != o.throne),
        york_wins: sum(&|c| c.winner == Some(House::York)),
        lancaster_wins: sum(&|c| c.winner == Some(House::Lancaster)),
    }
}

/// The headline: the throne after the reset, as big numbers and a bar.
#[function_component]
pub fn Headline(p: &OddsProps) -> Html {
    let o = &p.odds;
    let t = throne(o);
    let (house, other) = (o.throne, o.throne.other());
    let wins = t.york_wins + t.lancaster_wins;
    let width = |x: f64| format!("width: {:.3}%", x * 100.0);
    let label = format!("{house} keeps the throne {}, it passes to {other} {}, a house wins {}", pct(t.keeps), pct(t.passes), pct(wins));
    let pretender = o.pretender.map_or("none (every living heir of his house has defected, 9.1)".to_string(), |p| format!("{p} ({other})"));
    html! {
        <section class="headline" aria-labelledby="reset-odds-h" data-testid="reset-headline" tabindex="-1" aria-live="polite">
            <h2 id="reset-odds-h" class="visually-hidden">{"The throne after the reset"}</h2>
            <p class="reset-before" data-testid="reset-before">{format!(
                "Before the reset: King {} ({house}), Pretender {pretender}. {}",
                o.king,
                if o.pledge { "A usurpation this turn: the Pledge of Loyalty is rolled (V6), then three events." } else { "No usurpation this turn: three events, no Pledge of Loyalty (V6)." }
            )}</p>
            <div class="odds">
                <div class="odd" style={format!("--c: {}", rgb(house))}>
                    <span class="num" data-testid="reset-keeps">{pct(t.keeps)}</span>
                    <span class="lbl">{format!("Chance {house} still holds the throne")}</span>
                </div>
                <div class="odd" style={format!("--c: {}", rgb(other))}>
                    <span class="num" data-testid="reset-passes">{pct(t.passes)}</span>
                    <span class="lbl">{format!("Chance the crown passes to {other}: {house}'s last heir dies (event 4, V10)")}</span>
                </div>
                <div class="odd vacant">
                    <span class="num" data-testid="reset-wins">{pct(wins)}</span>
                    <span class="lbl">{if wins > 0.0 {
                        format!("Chance a house wins at once (9.0, V13): York {}, Lancaster {}", pct(t.york_wins), pct(t.lancaster_wins))
                    } else {
                        "Chance a house wins at once: every heir of the other dead (9.0, V13)".to_string()
                    }}</span>
                </div>
            </div>
            <div class="bar" role="img" aria-label={label}>
                <span class="seg" style={format!("{}; background: {}", width(t.keeps), rgb(house))}></span>
                <span class="seg vacant" style={width(wins)}></span>
                <span class="seg" style={format!("{}; background: {}", width(t.passes), rgb(other))}></span>
            </div>
        </section>
    }
}

/// The figures under the headline: King and Pretender after the reset, the nobles, the heirs,
/// the Rebel.
#[function_component]
pub fn Figures(p: &OddsProps) -> Html {
    let o = p.odds.clone();
    let drawn = use_memo(o.clone(), |o| (chart::crown(o), chart::nobles(o)));
    let (crown_svg, nobles_svg) = &*drawn;
    let key = |house: House, text: String| {
        let c = house_colour(house);
        html! { <span class="key" style={format!("--k: rgb({},{},{})", c.0, c.1, c.2)}>{text}</span> }
    };
    html! {
        <section class="card results" aria-labelledby="reset-results-h" data-testid="reset-results">
            <h2 id="reset-results-h">{"What the reset may bring"}</h2>
            <p class="method" data-testid="reset-method">{format!(
                "Exact: every die and every Treachery roll weighed, over {} three events, each applied at once; {} distinct realms afterwards. ",
                if o.pledge { "the Pledge and" } else { "no Pledge and" }, o.outcomes
            )}<span data-testid="reset-took">{format!("Computed in {:.1} ms in your browser.", p.took_ms)}</span></p>
            <div class="charts">
                <figure class="wide">
                    <figcaption>{"King · Pretender after the reset "}
                        {key(House::York, "York on the throne".into())}{key(House::Lancaster, "Lancaster on the throne".into())}
                        {save("reset-crown", crown_svg)}
                    </figcaption>
                    <div data-testid="reset-crown-chart">{svg(crown_svg)}</div>
                </figure>
            </div>
            <div class="table-wrap">
                <table class="blocks-table crown-table" data-testid="reset-crown">
                    <caption>{"King and Pretender after the reset, most likely first (V2, V10)"}</caption>
                    <thead><tr><th scope="col">{"King · Pretender"}</th><th scope="col">{"Chance"}</th></tr></thead>
                    <tbody>
                        { for o.crown.iter().enumerate().map(|(i, c)| html! {
                            <tr data-testid={format!("crown-{i}")}>
                                <th scope="row">{ match (c.winner, c.king) {
                                    (Some(w), _) => format!("{w} wins at once: every {} heir is dead (9.0, V13)", w.other()),
                                    (None, k) => format!(
                                        "King {} ({}) · Pretender {}",
                                        k.unwrap_or("none"),
                                        c.throne,
                                        c.pretender.map_or("none".to_string(), |p| format!("{p} ({})", c.throne.other()))
                                    ),
                                } }</th>
                                <td class="chance" data-testid={format!("crown-{i}-chance")}>{pct(c.chance)}</td>
                            </tr>
                        }) }
                    </tbody>
                </table>
            </div>
            if !o.nobles.is_empty() {
                <div class="charts">
                    <figure class="wide">
                        <figcaption>{"Each noble after the reset: serves "}
                            {key(House::York, "York".into())}{key(House::Lancaster, "Lancaster".into())}
                            <span class="key k0">{" or executed (grey)"}</span>
                            {save("reset-nobles", nobles_svg)}
                        </figcaption>
                        <div data-testid="reset-nobles-chart">{svg(nobles_svg)}</div>
                    </figure>
                </div>
                <div class="table-wrap">
                    <table class="blocks-table cards-on-phone" data-testid="reset-noble-table">
                        <caption>{"Each noble's fate"}</caption>
                        <thead><tr>
                            <th scope="col">{"Noble"}</th><th scope="col">{"Serves"}</th><th scope="col">{"Dice"}</th>
                            <th scope="col">{"Pledge (V6)"}</th>
                            <th scope="col" title="Turned an odd number of times: the Pledge, event 2, event 6">{"Other side (V8, V12)"}</th>
                            <th scope="col">{"Executed (event 5, V11)"}</th>
                        </tr></thead>
                        <tbody>
                            { for o.nobles.iter().enumerate().map(|(i, n)| html! {
                                <tr data-testid={format!("noble-{i}")}>
                                    <th scope="row">{if n.on_map { n.noble.to_string() } else { format!("{} (pool)", n.noble) }}</th>
                                    <td data-label="Serves">{n.house.to_string()}</td>
                                    <td data-label="Dice">{n.dice}</td>
                                    <td data-label="Pledge" data-testid={format!("noble-{i}-pledge")}>{if o.pledge { pct(n.pledge) } else { "—".into() }}</td>
                                    <td data-label="Other side" data-testid={format!("noble-{i}-turned")}>{pct(n.turned)}</td>
                                    <td data-label="Executed" data-testid={format!("noble-{i}-executed")}>{pct(n.executed)}</td>
                                </tr>
                            }) }
                        </tbody>
                    </table>
                </div>
            }
            <div class="table-wrap">
                <table class="blocks-table cards-on-phone" data-testid="reset-heir-table">
                    <caption>{"Each heir's fate after the reset (the King's house first, by rank)"}</caption>
                    <thead><tr>
                        <th scope="col">{"Heir"}</th><th scope="col">{"House"}</th>
                        <th scope="col">{"Illness (event 4, V10)"}</th>
                        <th scope="col">{"Trial (event 3, V9)"}</th>
                        <th scope="col">{"Disgrace (event 5, V11)"}</th>
                        <th scope="col">{"Alive"}</th><th scope="col">{"King"}</th>
                    </tr></thead>
                    <tbody>
                        { for o.heirs.iter().enumerate().map(|(i, h)| html! {
                            <tr data-testid={format!("heir-{i}")}>
                                <th scope="row">{format!("{} ({})", h.heir, h.rank)}</th>
                                <td data-label="House">{h.house.to_string()}</td>
                                <td data-label="Illness" data-testid={format!("heir-{i}-illness")}>{pct(h.illness)}</td>
                                <td data-label="Trial" data-testid={format!("heir-{i}-trial")}>{pct(h.trial)}</td>
                                <td data-label="Disgrace" data-testid={format!("heir-{i}-disgrace")}>{pct(h.disgrace)}</td>
                                <td data-label="Alive" data-testid={format!("heir-{i}-alive")}>{pct(h.alive)}</td>
                                <td data-label="King" data-testid={format!("heir-{i}-king")}>{pct(h.king)}</td>
                            </tr>
                        }) }
                    </tbody>
                </table>
            </div>
            <p data-testid="reset-rebel-placed">{if p.rebel_on_map {
                "The Rebel is already on the map: event 5 cannot place it (V11).".to_string()
            } else {
                format!("Chance event 5 places the Rebel (V11): {}.", pct(o.rebel_placed))
            }}</p>
        </section>
    }
}
