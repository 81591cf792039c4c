//! The combat's exact odds: the ratio on the Table of Odds, who wins or why nothing is decided,
//! each encounter, each Noble's and royal heir's chance to be killed and the Loyalty Table's
//! chances for his successor, each figure as a fraction and a percentage, with its rule.

use crate::shell::format::pct;
use bosworth::kingmaker::{Chance, CombatKind, EncounterFigures, Game, Odds, Outcome, PieceType, Ratio, Report, Scenario, Side, table_row};
use std::rc::Rc;
use yew::prelude::*;

/// Props of the figures.
#[derive(Properties, PartialEq, Clone)]
pub struct FiguresProps {
    /// The engine's report.
    pub report: Rc<Report>,
    /// The combat it is for.
    pub scenario: Scenario,
}

/// A fraction as the CLI writes it: `1/6`, `0`.
pub fn fraction(c: Chance) -> String {
    if c == Chance::ZERO { "0".to_string() } else { c.to_string() }
}

/// A ratio in words, with the decision that says what it means.
pub fn ratio_words(r: Ratio) -> String {
    match (r.larger, r.odds) {
        (None, _) => "even (1-1): no victory ratio is reached (K3)".to_string(),
        (Some(s), Some(o)) => format!("{o} for the {}", s.name()),
        (Some(s), None) => format!("below 5-4 for the {}: no victory ratio is reached (K3)", s.name()),
    }
}

/// The Table of Odds row of the weaker force, rebuilt from its rule (K1): the least troops in
/// tens that reach each column.
fn row_words(game: Game, smaller: u32) -> String {
    let row = table_row(smaller);
    let cells: Vec<String> = Odds::ALL
        .iter()
        .zip(row)
        .filter(|(o, _)| game == Game::Advanced || **o != Odds::Majority)
        .map(|(o, e)| format!("{o} {}", e.map_or("–".to_string(), |e| e.to_string())))
        .collect();
    format!("Row {smaller} of the Table of Odds (rebuilt from its rule, K1): {}.", cells.join(" · "))
}

/// One figure of the headline: the percentage, its fraction, what it is.
fn figure(id: &str, colour: &str, c: Chance, label: String) -> Html {
    html! {
        <div class="odd" style={format!("--c: {colour}")}>
            <span class="num" data-testid={format!("km-{id}")}>{pct(c.value())}</span>
            <span class="pm" data-testid={format!("km-{id}-fraction")}>{if c == Chance::ZERO { String::new() } else { fraction(c) }}</span>
            <span class="lbl">{label}</span>
        </div>
    }
}

const ATT: &str = "var(--km-att)";
const DEF: &str = "var(--km-def)";
const GREY: &str = "var(--vacant)";
const WEATHER: &str = "var(--km-weather)";

/// A bar of exclusive chances that add up to 1.
fn bar(parts: &[(Chance, &str)], label: String) -> Html {
    html! {
        <div class="bar" role="img" aria-label={label}>
            { for parts.iter().map(|(c, colour)| html! {
                <span class="seg" style={format!("width: {:.3}%; background: {colour}", c.value() * 100.0)}></span>
            }) }
        </div>
    }
}

fn encounter(i: usize, e: &EncounterFigures, game: Game) -> Html {
    let names = |s: Side| {
        e.participants.iter().filter(|p| p.side == s).map(|p| format!("{} {}", p.name, p.troops)).collect::<Vec<_>>().join(", ")
    };
    let net = match e.shift {
        Some(s) => Some(format!("Net: one step for the {}: {} (Encounter Modifications 3-4, K6).", s.name(), ratio_words(e.ratio))),
        None if !e.modifications.is_empty() => Some(format!("Net: the steps cancel: {} (K6).", ratio_words(e.ratio))),
        None => None,
    };
    let label = format!(
        "attacker wins {}, defender wins {}, indecisive {}, Bad Weather {}",
        pct(e.attacker_wins.value()), pct(e.defender_wins.value()), pct(e.indecisive.value()), pct(e.bad_weather.value())
    );
    html! {
        <li class="km-encounter" data-testid={format!("km-encounter-{i}")}>
            <h3>{format!("Encounter in column {}: {} (attacker) against {} (defender)", e.column, names(Side::Attacker), names(Side::Defender))}</h3>
            <p class="small">{format!("Troops {} to {}: {} (K7).", e.attacker, e.defender, ratio_words(e.troop_ratio))}</p>
            if !e.modifications.is_empty() {
                <ul class="small km-mods">
                    { for e.modifications.iter().map(|m| html! { <li>{format!("A step for the {}: {}", m.side.name(), m.reason)}</li> }) }
                </ul>
            }
            if let Some(n) = net { <p class="small">{n}</p> }
            <p class="muted small">{row_words(game, e.attacker.min(e.defender))}</p>
            <div class="odds km-odds small-odds">
                {figure(&format!("enc-{i}-attacker"), ATT, e.attacker_wins, "Attacker wins".into())}
                {figure(&format!("enc-{i}-defender"), DEF, e.defender_wins, "Defender wins".into())}
                {figure(&format!("enc-{i}-indecisive"), GREY, e.indecisive, "Indecisive: a card above the ratio".into())}
                {figure(&format!("enc-{i}-weather"), WEATHER, e.bad_weather, "Bad Weather: indecisive too (Individual Encounter 5, K4)".into())}
            </div>
            {bar(&[(e.attacker_wins, ATT), (e.indecisive, GREY), (e.bad_weather, WEATHER), (e.defender_wins, DEF)], label)}
        </li>
    }
}

/// The figures.
#[function_component]
pub fn Figures(p: &FiguresProps) -> Html {
    let r = &p.report;
    let game = r.game;
    let what = format!(
        "{}: {}",
        if game == Game::Basic { "Basic Game" } else { "Advanced Game" },
        match r.combat {
            CombatKind::Battle => "battle",
            CombatKind::Siege => "siege",
            CombatKind::Ambush => "ambush",
        }
    );
    let (lines, figures, parts): (Vec<String>, Html, Vec<(Chance, &str)>) = match &r.outcome {
        Outcome::Battle { attacker, defender, ratio, attacker_wins, defender_wins, indecisive, bad_weather } => (
            vec![
                format!("Table of Odds: {attacker} to {defender} troops, {} (Combat 2, K1).", ratio_words(*ratio)),
                row_words(game, (*attacker).min(*defender)),
            ],
            html! { <>
                {figure("attacker-wins", ATT, *attacker_wins, "Attacker wins: a card not above his ratio (Combat 4a)".into())}
                {figure("defender-wins", DEF, *defender_wins, "Defender wins (Combat 4a)".into())}
                {figure("indecisive", GREY, *indecisive, "Indecisive: a card above the ratio (Combat 4b)".into())}
                {figure("bad-weather", WEATHER, *bad_weather, "Bad Weather: no battle (Combat 4c, K4)".into())}
            </> },
            vec![(*attacker_wins, ATT), (*indecisive, GREY), (*bad_weather, WEATHER), (*defender_wins, DEF)],
        ),
        Outcome::Siege { besiegers, garrison, defenders, captured, under_siege } => (
            vec![format!("Siege: {besiegers} troops against a garrison of {garrison} and the Nobles inside, {defenders}; the odds are ignored (Siege 2-3).")],
            html! { <>
                {figure("captured", ATT, *captured, "The place and all inside are captured (Siege 3)".into())}
                {figure("under-siege", WEATHER, *under_siege, "Bad Weather: the place is still under siege (K4)".into())}
            </> },
            vec![(*captured, ATT), (*under_siege, WEATHER)],
        ),
        Outcome::Ambush { ambushers, target, ratio, table_row, ambushers_captured, postponed } => {
            let mut lines = vec![format!("Ambush: {ambushers} troops against {target}, {} (Ambush).", ratio_words(*ratio))];
            if let Some(row) = table_row {
                lines.push(match row {
                    bosworth::kingmaker::AmbushChoice::Each => "Nobles Killed Table, the ambusher's choice: each of the target force, on 2 or 12 (K12).".to_string(),
                    bosworth::kingmaker::AmbushChoice::Selected(n) => format!("Nobles Killed Table, the ambusher's choice: {n} selected, on 2, 3 or 4 (K12)."),
                });
            }
            (
                lines,
                html! { <>
                    {figure("ambushers-captured", DEF, *ambushers_captured, "The ambush takes place: the target force wins, surviving ambushers are captured (Ambush)".into())}
                    {figure("postponed", WEATHER, *postponed, "Bad Weather: the ambush is postponed (K4)".into())}
                </> },
                vec![(*ambushers_captured, DEF), (*postponed, WEATHER)],
            )
        }
        Outcome::Encounters { initiator, postponed, .. } => (
            vec![format!(
                "The {} attacks in this half-round{}.",
                initiator.name(),
                if postponed.is_none() { ": a counter-attack draws no step-1 card (Advanced Battle 7, K4)" } else { "" }
            )],
            match postponed {
                Some(c) => html! { <>
                    {figure("postponed", WEATHER, *c, "Step 1: Bad Weather postpones the battle (K4); the encounters below assume it goes ahead".into())}
                    {figure("goes-ahead", GREY, c.complement(), "The battle goes ahead".into())}
                </> },
                None => html! {},
            },
            postponed.map(|c| vec![(c.complement(), GREY), (c, WEATHER)]).unwrap_or_default(),
        ),
    };
    let bar_label = parts.iter().map(|(c, _)| pct(c.value())).collect::<Vec<_>>().join(", ");
    let encounters = match &r.outcome {
        Outcome::Encounters { encounters, .. } => encounters.clone(),
        _ => Vec::new(),
    };
    let loyalty = r.pieces.iter().any(|x| x.successor_loyal.is_some());
    let d = &r.deck;
    let mut deck = vec![format!("{} Bad Weather", d.bad_weather)];
    deck.extend(d.victory.iter().map(|v| format!("{} of {}", v.cards, v.odds)));
    html! {
        <>
        <section class="headline km-headline" aria-labelledby="km-odds-h" data-testid="km-headline" tabindex="-1" aria-live="polite">
            <h2 id="km-odds-h" class="km-what">{what}</h2>
            { for lines.iter().map(|l| html! { <p class="small km-line" data-testid="km-ratio">{l.clone()}</p> }) }
            if !parts.is_empty() {
                <div class="odds km-odds">{figures}</div>
                {bar(&parts, bar_label)}
            }
        </section>
        if !encounters.is_empty() {
            <section class="card" aria-labelledby="km-encs-h" data-testid="km-encounter-figures">
                <h2 id="km-encs-h">{"Each encounter, if the battle goes ahead"}</h2>
                <ul class="km-encounters">{ for encounters.iter().enumerate().map(|(i, e)| encounter(i, e, game)) }</ul>
            </section>
        }
        <section class="card results" aria-labelledby="km-killed-h" data-testid="km-results">
            <h2 id="km-killed-h">{"Who may be killed"}</h2>
            <p class="method">{format!(
                "Exact fractions: {} Each Noble and royal heir not killed on the losing side is captured (Combat 4a); executions and ransoms are the players' choice.",
                if game == Game::Basic {
                    "one card of the deck as described, each equally likely; deaths on one card exclude each other."
                } else {
                    "the Nobles Killed Table's two dice, each roll independent (K9), and the Loyalty Table for a titled Noble or crowned heir (K11)."
                }
            )}</p>
            <div class="table-wrap">
                <table class="blocks-table cards-on-phone" data-testid="km-pieces">
                    <caption>{"Each Noble and royal heir"}</caption>
                    <thead><tr>
                        <th scope="col">{"Piece"}</th><th scope="col">{"Side"}</th><th scope="col">{"Killed"}</th>
                        if loyalty {
                            <th scope="col">{"Successor loyal (K11)"}</th><th scope="col">{"Successor lost"}</th>
                        }
                    </tr></thead>
                    <tbody>
                        { for r.pieces.iter().enumerate().map(|(i, x)| html! {
                            <>
                            <tr data-testid={format!("piece-{i}")}>
                                <th scope="row">
                                    {x.name.clone()}
                                    if x.piece == PieceType::RoyalHeir { <span class="tag">{ if x.crowned { "crowned heir" } else { "royal heir" } }</span> }
                                    if x.titled { <span class="tag">{"titled"}</span> }
                                    if let Some(st) = x.strength { <small class="muted">{format!(" {st}")}</small> }
                                </th>
                                <td data-label="Side">{x.side.name()}</td>
                                <td data-label="Killed"><span data-testid={format!("piece-{i}-killed")}>{pct(x.killed.value())}</span>
                                    if x.killed != Chance::ZERO {
                                        <small class="muted" data-testid={format!("piece-{i}-killed-fraction")}>{format!(" {}", fraction(x.killed))}</small>
                                    }</td>
                                if loyalty {
                                    <td data-label="Successor loyal" data-testid={format!("piece-{i}-loyal")}>{x.successor_loyal.map_or("—".to_string(), |c| pct(c.value()))}</td>
                                    <td data-label="Successor lost" data-testid={format!("piece-{i}-lost")}>{x.successor_lost.map_or("—".to_string(), |c| pct(c.value()))}</td>
                                }
                            </tr>
                            if !x.how.is_empty() {
                                <tr class="how"><td colspan={if loyalty { "5" } else { "3" }}>
                                    <ul>{ for x.how.iter().map(|h| html! { <li>{h.clone()}</li> }) }</ul>
                                </td></tr>
                            }
                            </>
                        }) }
                    </tbody>
                </table>
            </div>
            if loyalty {
                <p class="small">{"The Loyalty Table is rolled for every titled Noble and crowned royal heir killed: on 2 through 7, 21 chances in 36, the successor stays with the faction (K11)."}</p>
            }
            { for r.notes.iter().map(|n| html! { <p class="note" role="note" data-testid="km-note">{n.clone()}</p> }) }
            <p class="muted small" data-testid="km-deck-summary">{format!("Deck: {} cards with a combat result: {}.", d.cards, deck.join(", "))}</p>
            if let Some(note) = &p.scenario.note {
                <p class="muted small km-about" data-testid="km-about">{note.clone()}</p>
            }
        </section>
        </>
    }
}
