//! The streamer view (issue 26): the battle's title, the blocks as the builder's tiles, the odds
//! bar, and one battle fought fire by fire from the keyboard (Space or the right arrow: the next
//! fire; the left arrow: back; Home, End; Escape leaves). Each fire shows its dice, its hits and
//! the narration with the rules, and the odds bar moves to the exact odds from that point (the
//! replay's checkpoint solved as a battle of its own). Nothing on screen but what the audience
//! watches: no button, no field.

use crate::battle::engine::{Reply, Request};
use crate::battle::helper::use_helper;
use crate::battle::narrate::{describe_all, hits_word, swapped_after};
use crate::battle::state::{Action, State};
use crate::battle::stream::beats::{
    Piece, Standing, back_step, beats, field, next_step, round_of, shown, summary, touched,
};
use crate::battle::stream::dice::Dice;
use crate::battle::stream::tiles::Tile;
use crate::battle::words::area_label;
use crate::shell::charts::house_colour;
use crate::shell::format::pct;
use bosworth::Side;
use bosworth::data::House;
use bosworth::play::order::role;
use bosworth::rules::log::Event;
use std::rc::Rc;
use yew::prelude::*;

/// The title on screen: the one typed, else the ready-made battle's, else who attacks whom.
pub fn title_of(state: &State) -> String {
    if let Some(t) = &state.look.title {
        return t.clone();
    }
    if let Some(p) = crate::battle::presets::preset_of(&state.scenario) {
        return p.title.to_string();
    }
    subtitle_of(state)
}

/// Who attacks whom, where.
fn subtitle_of(state: &State) -> String {
    let s = &state.scenario;
    format!(
        "{} attacks {} in {}",
        s.attacker.house,
        s.defender.house,
        area_label(s.area.as_deref())
    )
}

fn rgb(house: House) -> String {
    let c = house_colour(house);
    format!("rgb({},{},{})", c.0, c.1, c.2)
}

/// How many earlier fires the view lists under the current one.
const EARLIER: usize = 4;

/// Chances that the attacker holds, the defender holds, the area is left vacant.
type Odds = (f64, f64, f64);

/// With hidden blocks, what the odds are averaged over, in words an audience follows.
fn fog_words(state: &State) -> Option<String> {
    let f = state.fog.as_ref()?;
    let viewer = match f.viewer {
        Side::Attacker => state.scenario.attacker.house,
        Side::Defender => state.scenario.defender.house,
    };
    let other = match f.viewer {
        Side::Attacker => state.scenario.defender.house,
        Side::Defender => state.scenario.attacker.house,
    };
    let n = f.hidden.len();
    let blocks = if n == 1 {
        format!("one of {other}'s blocks")
    } else {
        format!("{n} of {other}'s blocks")
    };
    let (is, they, stand) = if n == 1 {
        ("is", "it", "stands")
    } else {
        ("are", "they", "stand")
    };
    let ways = if f.possibilities > 0 {
        format!("the {} things {they} might be", f.possibilities)
    } else {
        format!("everything {they} might be")
    };
    Some(format!(
        "{viewer} cannot see who {blocks} {is}: {they} {stand} face down. These odds are the average over {ways}."
    ))
}

/// The blocks of a battle with hidden blocks, as the attacker sees them: the known ones, then a
/// face-down tile for each hidden one.
fn known_pieces(state: &State, side: Side) -> Vec<Piece> {
    let army = state.army(side);
    let mut out: Vec<Piece> = army
        .blocks
        .iter()
        .map(|b| {
            let data = crate::battle::roster::lookup(b, army.house);
            Piece {
                name: data
                    .map(|d| d.id.to_string())
                    .or_else(|| b.id.clone())
                    .or_else(|| b.custom.as_ref().map(|c| c.name.clone()))
                    .unwrap_or_default(),
                side,
                colour: data.map(|d| d.colour),
                rating: data
                    .map(|d| d.rating.to_string())
                    .or_else(|| b.custom.as_ref().map(|c| c.rating.clone()))
                    .unwrap_or_default(),
                mark: data.map(crate::battle::roster::badge).unwrap_or_default(),
                strength: b.strength,
                max: data
                    .map(|d| d.max_strength)
                    .or_else(|| b.custom.as_ref().map(|c| c.max_strength))
                    .unwrap_or(b.strength),
                standing: if b.reserve {
                    Standing::Reserve
                } else {
                    Standing::Fighting
                },
                turned: false,
            }
        })
        .collect();
    for _ in &army.hidden {
        out.push(Piece {
            name: "?".into(),
            side,
            colour: None,
            rating: "?".into(),
            mark: Default::default(),
            strength: 0,
            max: 0,
            standing: Standing::Fighting,
            turned: false,
        });
    }
    out
}

/// One side's column: its house, its role now, its blocks.
fn side_column(
    house: House,
    side: Side,
    swapped: bool,
    pieces: &[Piece],
    acted: &[String],
    hit: &[String],
    before: &[Piece],
) -> Html {
    let mine: Vec<&Piece> = pieces.iter().filter(|p| p.side == side).collect();
    let steps: u32 = mine
        .iter()
        .filter(|p| matches!(p.standing, Standing::Fighting | Standing::Reserve))
        .map(|p| p.strength as u32)
        .sum();
    // Rows of two tiles the larger army needs: both columns draw their tiles at one size, as
    // large as the frame lets that many rows be (style.css, `--rows`).
    let most = [Side::Attacker, Side::Defender]
        .iter()
        .map(|&s| pieces.iter().filter(|p| p.side == s).count())
        .max()
        .unwrap_or(0);
    let rows = most.div_ceil(2).max(2);
    let role_now = match role(side, swapped) {
        "attacker" => "attacking",
        "defender" => "defending",
        other => other,
    };
    html! {
        <section class={classes!("stream-side", side.name())} style={format!("--c: {}", rgb(house))}
            aria-label={format!("{house}, {role_now}")} data-testid={format!("stream-{}", side.name())}>
            <h2 class="stream-house">
                <span>{house.to_string()}</span>
                <small data-testid={format!("stream-role-{}", side.name())}>{role_now}</small>
            </h2>
            <p class="stream-steps">{format!("{steps} step{} in the field", if steps == 1 { "" } else { "s" })}</p>
            <ul class={classes!("stream-tiles", (mine.len() > 8).then_some("many"))} style={format!("--rows: {rows}")}>
                { for mine.iter().map(|p| {
                    let was = before.iter().find(|b| b.name == p.name).map(|b| b.strength).filter(|w| *w != p.strength);
                    html! { <Tile piece={(*p).clone()} acting={acted.contains(&p.name)} hit={hit.contains(&p.name)} {was} /> }
                }) }
            </ul>
        </section>
    }
}

/// The odds bar across the foot of the screen.
fn odds_bar(
    state: &State,
    odds: Option<Odds>,
    caption: &str,
    working: bool,
    swapped: bool,
) -> Html {
    let s = &state.scenario;
    let area = area_label(s.area.as_deref());
    let width = |x: f64| format!("width: {:.3}%", x * 100.0);
    let (att_role, def_role) = (role(Side::Attacker, swapped), role(Side::Defender, swapped));
    let label = odds
        .map(|(a, d, v)| {
            format!(
                "{} ({att_role}) {}, {} ({def_role}) {}, vacant {}",
                s.attacker.house,
                pct(a),
                s.defender.house,
                pct(d),
                pct(v)
            )
        })
        .unwrap_or_else(|| "working out the odds".into());
    html! {
        <section class={classes!("stream-odds", working.then_some("working"))} aria-label={format!("Chance each side holds {area}")}
            data-testid="stream-odds" data-working={working.to_string()}>
            <div class="stream-odds-row">
                <span class="stream-odd" style={format!("--c: {}", rgb(s.attacker.house))}>
                    <b data-testid="stream-odds-attacker">{odds.map(|o| pct(o.0)).unwrap_or_else(|| "…".into())}</b>
                    <span>{format!("{} holds {area}", s.attacker.house)}</span>
                </span>
                <span class="stream-caption" data-testid="stream-caption">{caption.to_string()}</span>
                <span class="stream-odd right" style={format!("--c: {}", rgb(s.defender.house))}>
                    <span>{format!("{} holds {area}", s.defender.house)}</span>
                    <b data-testid="stream-odds-defender">{odds.map(|o| pct(o.1)).unwrap_or_else(|| "…".into())}</b>
                </span>
            </div>
            <div class="bar stream-bar" role="img" aria-label={label}>
                if let Some((a, d, v)) = odds {
                    <span class="seg" style={format!("{}; background: {}", width(a), rgb(s.attacker.house))}></span>
                    <span class="seg vacant" style={width(v)}></span>
                    <span class="seg" style={format!("{}; background: {}", width(d), rgb(s.defender.house))}></span>
                }
            </div>
        </section>
    }
}

/// One turn's roll: who, what, the dice and what they scored; `houses` are the attacker's and
/// the defender's.
fn act_row(e: &Event, swapped: bool, houses: (House, House)) -> Html {
    let Event::Acts {
        block,
        side,
        action,
        target,
        rating,
        dice,
        hits,
        ..
    } = e
    else {
        return html! {};
    };
    let treachery = action == "treachery" || action == "treason";
    let firepower = rating
        .as_ref()
        .and_then(|r| r[1..].parse::<u8>().ok())
        .unwrap_or(0);
    let scores: Vec<bool> = dice
        .iter()
        .map(|d| {
            if treachery {
                d % 2 == 0
            } else {
                *d <= firepower
            }
        })
        .collect();
    let verb = match action.as_str() {
        "fire" => "fires".to_string(),
        "counter-fire" => format!("fires back at {}", target.clone().unwrap_or_default()),
        "charge" => format!("charges {}", target.clone().unwrap_or_default()),
        "treachery" => format!(
            "rolls Treachery against {}",
            target.clone().unwrap_or_default()
        ),
        "treason" => format!("is played against {}", target.clone().unwrap_or_default()),
        "pass" => "passes".to_string(),
        "retreat" => "retreats".to_string(),
        other => other.to_string(),
    };
    let result = if dice.is_empty() {
        String::new()
    } else if treachery {
        (if *hits > 0 {
            "every die even: he turns"
        } else {
            "an odd die: he stays"
        })
        .to_string()
    } else {
        hits_word(*hits)
    };
    let dice_label = format!(
        "rolls {}: {result}",
        dice.iter().map(u8::to_string).collect::<Vec<_>>().join(" ")
    );
    html! {
        <div class={classes!("stream-act", side.name())} data-testid="stream-act"
            style={format!("--c: {}", rgb(if *side == Side::Attacker { houses.0 } else { houses.1 }))}>
            <p class="stream-actor">
                <b>{block.clone()}</b>
                if let Some(r) = rating { <span class="stream-rating" title="rating now">{r.clone()}</span> }
                if swapped && block != "Treason card" { <span class="stream-role">{role(*side, true)}</span> }
                <span class="stream-verb">{format!(" {verb}")}</span>
            </p>
            if !dice.is_empty() {
                <div class="stream-roll">
                    <Dice dice={dice.clone()} {scores} label={dice_label} />
                    <span class={classes!("stream-result", (*hits > 0).then_some("scored"))} data-testid="stream-result">{result}</span>
                </div>
            }
        </div>
    }
}

/// Props of the streamer view.
#[derive(Properties, PartialEq, Clone)]
pub struct StreamProps {
    /// The reducer.
    pub state: UseReducerHandle<State>,
    /// What the address holds, as `data-revision` (`shell::address`).
    pub revision: String,
}

/// The streamer view.
#[function_component]
pub fn StreamView(props: &StreamProps) -> Html {
    let state = &props.state;
    let battle = state.battle.as_ref().ok().cloned();
    let replay = use_memo((battle.clone(), state.seed), |(b, seed)| {
        b.as_ref().map(|b| Rc::new(bosworth::replay(b, *seed)))
    });
    let cut = use_memo(replay.clone(), |r| {
        r.as_ref().as_ref().map(|r| beats(r)).unwrap_or_default()
    });
    let at_start = battle
        .as_ref()
        .is_some_and(|b| b.initial_state().control_changed());
    let lines = use_memo((replay.clone(), at_start), |(r, at)| {
        r.as_ref()
            .as_ref()
            .map(|r| describe_all(&r.events, *at))
            .unwrap_or_default()
    });
    let helper = use_helper();
    let main = use_node_ref();
    // While a point's odds are worked out, the last ones shown stay, marked as such.
    let last = use_mut_ref(|| None::<Odds>);
    let n = replay.as_ref().as_ref().map_or(0, |r| r.events.len());
    let step = state.step.min(n);
    // The checkpoint (as JSON) at or before a step: the battle as it stands there.
    let checkpoint = {
        let replay = replay.clone();
        move |at: usize| {
            replay.as_ref().as_ref().and_then(|r| {
                r.checkpoints
                    .iter()
                    .rev()
                    .find(|(i, _)| *i <= at)
                    .map(|(_, sc)| crate::shell::codec::to_json(sc))
            })
        }
    };
    // The point whose odds the bar shows (none before the first fire, where the headline's
    // figures are the battle's, nor once it is over), and the next one, asked ahead so the bar
    // is ready when the next key comes.
    let key = (step > 0 && step < n).then(|| checkpoint(step)).flatten();
    let ahead = (step < n)
        .then(|| next_step(&cut, step))
        .filter(|to| *to < n)
        .and_then(&checkpoint);
    {
        let helper = helper.clone();
        use_effect_with((key.clone(), ahead), move |(key, ahead)| {
            for k in key.iter().chain(ahead.iter()) {
                helper.ask(
                    k.clone(),
                    Request::Figures {
                        key: k.clone(),
                        scenario: k.clone(),
                    },
                    false,
                );
            }
        });
    }
    // The keys, on the whole page (nothing on it takes focus but the view itself).
    {
        let state = state.clone();
        let cut = cut.clone();
        use_effect_with((step, n, state.seed, state.revision), move |_| {
            let on_key = move |e: &web_sys::Event| {
                let Some(e) = e.dyn_ref::<web_sys::KeyboardEvent>() else {
                    return;
                };
                if e.ctrl_key() || e.alt_key() || e.meta_key() {
                    return;
                }
                let to = match e.key().as_str() {
                    " " | "Spacebar" | "ArrowRight" | "PageDown" => Some(next_step(&cut, step)),
                    "ArrowLeft" | "PageUp" => Some(back_step(&cut, step)),
                    "Home" => Some(0),
                    "End" => Some(n),
                    "Escape" => {
                        e.prevent_default();
                        state.dispatch(Action::Overlay(false));
                        return;
                    }
                    _ => None,
                };
                if let Some(to) = to {
                    e.prevent_default();
                    if to != step {
                        state.dispatch(Action::Step(to));
                    }
                }
            };
            let listener = gloo::events::EventListener::new_with_options(
                &gloo::utils::window(),
                "keydown",
                gloo::events::EventListenerOptions::enable_prevent_default(),
                on_key,
            );
            move || drop(listener)
        });
    }
    // The colour scheme the address asks for, while the view is open; after it (Escape, the
    // button, Back), the calculator keeps that scheme, kept as the header's button keeps one, so
    // a view opened with `&theme=dark` does not land on a light calculator. Without one, the
    // scheme kept before.
    {
        let theme = state.look.theme.clone();
        use_effect_with(theme, move |theme| {
            use crate::shell::theme::{THEME_KEY, Theme, apply_theme, stored_theme};
            let asked = match theme.as_deref() {
                Some("dark") => Some(Theme::Dark),
                Some("light") => Some(Theme::Light),
                _ => None,
            };
            apply_theme(asked.unwrap_or_else(stored_theme));
            move || {
                if let Some(t) = asked {
                    crate::shell::storage::save(THEME_KEY, if t == Theme::Dark { "dark" } else { "light" });
                }
                apply_theme(stored_theme());
            }
        });
    }
    // Focus the view, so a screen reader starts at its title and the keys are the page's.
    {
        let main = main.clone();
        use_effect_with((), move |_| {
            if let Some(el) = main.cast::<web_sys::HtmlElement>() {
                let _ = el.focus();
            }
        });
    }
    let s = &state.scenario;
    let area = area_label(s.area.as_deref());
    let title = title_of(state);
    let subtitle = subtitle_of(state);
    let background = state
        .look
        .background
        .clone()
        .unwrap_or_else(|| "page".into());
    let revision = props.revision.clone();
    let keys_help = "Streamer view. Space or the right arrow: the next fire; the left arrow: back; Home and End: the start and the end; Escape: back to the calculator.";

    // With hidden blocks there is no battle to replay: the averaged odds, in the audience's words.
    let Some(replay) = replay.as_ref().clone() else {
        let headline_odds = state
            .report
            .as_ref()
            .filter(|_| state.report_is_current())
            .map(|r| (r.attacker_holds, r.defender_holds, r.vacant));
        let caption = if state.check.is_err() {
            "this battle cannot be fought as it stands".to_string()
        } else if headline_odds.is_some() {
            format!("Chance each side holds {area}")
        } else {
            "working out the odds…".to_string()
        };
        let (pa, pd) = (
            known_pieces(state, Side::Attacker),
            known_pieces(state, Side::Defender),
        );
        let all: Vec<Piece> = pa.into_iter().chain(pd).collect();
        return html! {
            <main class={classes!("stream", format!("bg-{background}"))} data-testid="stream" data-revision={revision} tabindex="-1" aria-labelledby="stream-title" ref={main}>
                <p class="visually-hidden">{keys_help}</p>
                <header class="stream-head">
                    <h1 id="stream-title" data-testid="stream-title">{title}</h1>
                    <p class="stream-sub">{subtitle}</p>
                </header>
                <div class="stream-field">
                    {side_column(s.attacker.house, Side::Attacker, false, &all, &[], &[], &all)}
                    <section class="stream-now" aria-label="The battle" aria-live="polite">
                        if let Some(w) = fog_words(state) { <p class="stream-fog" data-testid="stream-fog">{w}</p> }
                        <p class="stream-quiet">{
                            if state.hidden { "The battle is fought fire by fire once every block is known." } else { "This battle cannot be fought as it stands: back in the calculator (Escape), the page says why." }
                        }</p>
                    </section>
                    {side_column(s.defender.house, Side::Defender, false, &all, &[], &[], &all)}
                </div>
                {odds_bar(state, headline_odds, &caption, headline_odds.is_none(), false)}
            </main>
        };
    };
    let battle = battle.expect("a replay has its battle");
    let k = shown(&cut, step);
    let current = k.checked_sub(1).map(|i| cut[i].clone());
    let swapped = swapped_after(&replay.events[..step], at_start);
    let before_beat = current.as_ref().map_or(0, |b| b.start);
    let pieces = field(&battle, &replay.events, step);
    let before = field(&battle, &replay.events, before_beat);
    let (acted, hit) = current
        .as_ref()
        .map(|b| touched(&replay.events[b.start..step]))
        .unwrap_or_default();

    // The odds from this point: the whole battle's before the first fire (the headline's), the
    // result once it is over, else the checkpoint at or before this step solved as a battle.
    let whole = state
        .report
        .as_ref()
        .filter(|_| state.report_is_current())
        .map(|r| (r.attacker_holds, r.defender_holds, r.vacant));
    let odds_now: Option<Odds> = if step >= n && n > 0 {
        Some(match replay.holder {
            Some(Side::Attacker) => (1.0, 0.0, 0.0),
            Some(Side::Defender) => (0.0, 1.0, 0.0),
            None => (0.0, 0.0, 1.0),
        })
    } else if step == 0 {
        whole
    } else {
        key.as_ref().and_then(|k| match helper.answer(k) {
            Some(Reply::Figures {
                report: Ok(json), ..
            }) => serde_json::from_str::<bosworth::Report>(&json)
                .ok()
                .map(|r| (r.attacker_holds, r.defender_holds, r.vacant)),
            _ => None,
        })
    };
    let working = odds_now.is_none();
    if let Some(o) = odds_now {
        *last.borrow_mut() = Some(o);
    }
    let odds = odds_now.or(*last.borrow());
    let caption = if step >= n && n > 0 {
        "the battle is over".to_string()
    } else if working {
        "working out the odds from here…".to_string()
    } else if step == 0 {
        format!("Chance each side holds {area}")
    } else {
        format!("Chance each side holds {area} from here")
    };
    let turns = cut.len();
    let round = current.as_ref().map_or(1, |b| round_of(&replay.events, b));
    let progress = if step >= n && n > 0 {
        format!("Round {} · the battle is over", replay.last_round)
    } else if k == 0 {
        "Before the battle".to_string()
    } else {
        format!("Round {round} · fire {k} of {turns}")
    };
    let area_end = area.clone();
    let now = match &current {
        None => {
            // Round 1's order of fire, as the rules set it (6.2, D1, D2).
            let order = bosworth::fire_order(&battle).into_iter().next();
            let house = |side: Side| {
                if side == Side::Attacker {
                    s.attacker.house
                } else {
                    s.defender.house
                }
            };
            let odds_words = whole.map(|(a, d, _)| {
                format!(
                    "{} holds {area} in {} of battles like this one, {} in {}.",
                    s.attacker.house,
                    pct(a),
                    s.defender.house,
                    pct(d)
                )
            });
            html! {
                <>
                <p class="stream-kicker">{"The armies are drawn up"}</p>
                <p class="stream-big">{subtitle.clone()}</p>
                if let Some(w) = odds_words { <p class="stream-line">{w}</p> }
                if let Some(r) = order {
                    <section class="stream-order" aria-label="Round 1's order of fire">
                        <h2>{"Round 1, in the order of fire (6.2)"}</h2>
                        <ol>
                            { for r.turns.iter().map(|t| html! {
                                <li style={format!("--c: {}", rgb(house(t.side)))}><b>{t.block.clone()}</b><span>{t.rating.clone()}</span></li>
                            }) }
                        </ol>
                        if !r.waiting.is_empty() {
                            <p>{format!("In reserve until round 2 (6.3, D4): {}.", r.waiting.iter().map(|w| w.split(':').next().unwrap_or_default().to_string()).collect::<Vec<_>>().join(", "))}</p>
                        }
                    </section>
                }
                </>
            }
        }
        Some(b) => {
            let shown_to = step.min(b.end);
            let evs = &replay.events[b.start..shown_to];
            let ends = evs.iter().find_map(|e| match e {
                Event::Ends { round, holder } => Some((*round, *holder)),
                _ => None,
            });
            let swapped_before = swapped_after(&replay.events[..b.start], at_start);
            html! {
                <>
                <p class="stream-kicker">{if b.start == 0 && evs.iter().any(|e| matches!(e, Event::Acts { action, .. } if action == "treason")) { "Before round 1".to_string() } else { format!("Round {round}") }}</p>
                { for evs.iter().filter(|e| matches!(e, Event::Acts { .. })).map(|e| act_row(e, swapped_before, (s.attacker.house, s.defender.house))) }
                <ol class="stream-narration" data-testid="stream-narration">
                    { for (b.start..shown_to).map(|i| html! {
                        <li class={classes!(matches!(replay.events[i], Event::Acts { .. }).then_some("act"))}>{lines[i].clone()}</li>
                    }) }
                </ol>
                if k >= 2 {
                    <section class="stream-earlier" aria-label="Earlier fires">
                        <h2>{"Earlier"}</h2>
                        <ol>
                            { for (k.saturating_sub(EARLIER + 1)..k - 1).rev().map(|i| {
                                let e = &cut[i];
                                html! { <li><span class="stream-earlier-n">{i + 1}</span>{summary(&replay.events[e.start..e.end])}</li> }
                            }) }
                        </ol>
                    </section>
                }
                if let Some((round, holder)) = ends {
                    <p class="stream-end" data-testid="stream-end">{
                        match holder {
                            Some(side) => format!("After round {round}: {} holds {area_end}.", match side { Side::Attacker => s.attacker.house, Side::Defender => s.defender.house }),
                            None => format!("After round {round}: {area_end} is left empty."),
                        }
                    }</p>
                    if let Some((a, d, v)) = whole {
                        <p class="stream-line muted" data-testid="stream-luck">{
                            format!("Before the battle, that came in {} of battles like this one.",
                                pct(match holder { Some(Side::Attacker) => a, Some(Side::Defender) => d, None => v }))
                        }</p>
                    }
                }
                </>
            }
        }
    };
    html! {
        <main class={classes!("stream", format!("bg-{background}"))} data-testid="stream" data-revision={revision} tabindex="-1" ref={main}
            aria-labelledby="stream-title" data-step={step.to_string()} data-beat={k.to_string()} data-beats={turns.to_string()} data-seed={state.seed.to_string()}>
            <p class="visually-hidden">{keys_help}</p>
            <header class="stream-head">
                <div>
                    <h1 id="stream-title" data-testid="stream-title">{title}</h1>
                    <p class="stream-sub">{subtitle.clone()}</p>
                </div>
                <p class="stream-progress" data-testid="stream-progress">{progress}</p>
            </header>
            <div class="stream-field">
                {side_column(s.attacker.house, Side::Attacker, swapped, &pieces, &acted, &hit, &before)}
                <section class="stream-now" aria-label="This fire" aria-live="polite" data-testid="stream-now">{now}</section>
                {side_column(s.defender.house, Side::Defender, swapped, &pieces, &acted, &hit, &before)}
            </div>
            {odds_bar(state, odds, &caption, working, swapped)}
        </main>
    }
}

use wasm_bindgen::JsCast;
