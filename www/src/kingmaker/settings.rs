//! The combat as a whole: Basic or Advanced Game; battle, siege or ambush; the garrison, the
//! counter-attack, the ambusher's row; the note.

use crate::kingmaker::state::{KingmakerProps, edit};
use crate::kingmaker::state::{KingmakerEdit, advanced_battle, force};
use bosworth::kingmaker::{AmbushChoice, CombatKind, Game, Side};
use web_sys::{HtmlInputElement, HtmlSelectElement, HtmlTextAreaElement};
use yew::prelude::*;

/// The settings card.
#[function_component]
pub fn Settings(p: &KingmakerProps) -> Html {
    let state = &p.state;
    let s = state.scenario();
    let radio = |name: &'static str, value: &'static str, label: &'static str, checked: bool, e: KingmakerEdit| {
        let state = state.clone();
        let onchange = Callback::from(move |_| edit(&state, e.clone()));
        html! {
            <label class="seg-option">
                <input type="radio" {name} value={value} {checked} {onchange} data-testid={format!("km-{name}-{value}")} />
                <span>{label}</span>
            </label>
        }
    };
    let garrison = {
        let state = state.clone();
        Callback::from(move |e: Event| {
            let v = e.target_unchecked_into::<HtmlInputElement>().value();
            edit(&state, KingmakerEdit::Garrison(v.trim().parse::<u32>().ok()));
        })
    };
    let counter = {
        let state = state.clone();
        Callback::from(move |e: Event| edit(&state, KingmakerEdit::Counterattack(e.target_unchecked_into::<HtmlInputElement>().checked())))
    };
    let ambush = {
        let state = state.clone();
        Callback::from(move |e: Event| {
            let v = e.target_unchecked_into::<HtmlSelectElement>().value();
            let choice = match v.as_str() {
                "" => None,
                "each" => Some(AmbushChoice::Each),
                name => Some(AmbushChoice::Selected(name.trim_start_matches("selected:").to_string())),
            };
            edit(&state, KingmakerEdit::Ambush(choice));
        })
    };
    let note = {
        let state = state.clone();
        Callback::from(move |e: Event| {
            let v = e.target_unchecked_into::<HtmlTextAreaElement>().value();
            edit(&state, KingmakerEdit::Note(Some(v)));
        })
    };
    let target = force(s, Side::Defender);
    let targets: Vec<String> = target.heirs.iter().map(|h| h.name.clone()).chain(target.nobles.iter().map(|n| n.name.clone())).collect();
    let selected = match &s.ambush {
        None => String::new(),
        Some(AmbushChoice::Each) => "each".into(),
        Some(AmbushChoice::Selected(n)) => format!("selected:{n}"),
    };
    html! {
        <section class="card" aria-labelledby="km-combat-h" data-testid="km-settings">
            <h2 id="km-combat-h">{"The combat"}</h2>
            <fieldset class="segmented" data-field="game">
                <legend>{"Game"}</legend>
                {radio("game", "basic", "Basic Game", s.game == Game::Basic, KingmakerEdit::Game(Game::Basic))}
                {radio("game", "advanced", "Advanced Game", s.game == Game::Advanced, KingmakerEdit::Game(Game::Advanced))}
            </fieldset>
            <fieldset class="segmented" data-field="combat">
                <legend>{"Combat"}</legend>
                {radio("combat", "battle", "Battle", s.combat == CombatKind::Battle, KingmakerEdit::Combat(CombatKind::Battle))}
                {radio("combat", "siege", "Siege", s.combat == CombatKind::Siege, KingmakerEdit::Combat(CombatKind::Siege))}
                {radio("combat", "ambush", "Ambush", s.combat == CombatKind::Ambush, KingmakerEdit::Combat(CombatKind::Ambush))}
            </fieldset>
            <p class="hint">{ match (s.game, s.combat) {
                (Game::Basic, CombatKind::Battle) => "One Event card settles the battle: the larger force wins on a card whose victory ratio is not above its own (Combat 4a); the card's list names the Nobles killed (Combat 5).",
                (Game::Advanced, CombatKind::Battle) => "Encounters along the battle line, each settled by a card, with the Nobles Killed Table and the Loyalty Table (Advanced Battle, Individual Encounter).",
                (_, CombatKind::Siege) => "The odds are ignored: the place falls unless Bad Weather delays the siege (Siege 2-3).",
                (_, CombatKind::Ambush) => "A force too weak to do battle ambushes one at least 4 times stronger: every card but Bad Weather goes to the target force (Ambush, K12).",
            } }</p>
            if s.combat == CombatKind::Siege {
                <label class="inline-field">{"Garrison of the place"}
                    <input type="number" min="1" step="10" value={s.garrison.map(|g| g.to_string()).unwrap_or_default()}
                        onchange={garrison} data-testid="km-garrison" data-field="garrison" />
                </label>
                <p class="hint">{"Terrain Key: castle 100; town, open town and royal castle 200; city 300."}</p>
            }
            if advanced_battle(s) {
                <label class="check">
                    <input type="checkbox" checked={s.counterattack} onchange={counter} data-testid="km-counterattack" data-field="counterattack" />
                    {"The original defender counter-attacks: no defender's step (Advanced Battle 7)"}
                </label>
            }
            if s.combat == CombatKind::Ambush {
                <label class="inline-field">{"The ambusher's row of the Nobles Killed Table (K12)"}
                    <select onchange={ambush} data-testid="km-ambush" data-field="ambush">
                        <option value="" selected={selected.is_empty()}>{"default: the first royal heir of the target, else its first Noble"}</option>
                        <option value="each" selected={selected == "each"}>{"each of the target force (2 or 12)"}</option>
                        { for targets.iter().map(|n| {
                            let v = format!("selected:{n}");
                            html! { <option value={v.clone()} selected={selected == v}>{format!("{n} selected (2, 3 or 4)")}</option> }
                        }) }
                    </select>
                </label>
                <p class="hint">{"Read when the table is: in the Advanced Game, or on an optional card without a list (K14)."}</p>
            }
            <label class="note-field">{"Note, shown with the figures"}
                <textarea rows="2" value={s.note.clone().unwrap_or_default()} onchange={note} data-testid="km-note" data-field="note" />
            </label>
        </section>
    }
}
