//! Dice as the audience would see them on the table: one face per die, the dice that score
//! picked out (at or under the firepower for a fire, 6.4; even for a Treachery roll, 6.9).

use yew::prelude::*;

/// The pips of a face, as (column, row) on a 3 x 3 grid.
fn pips(n: u8) -> &'static [(u8, u8)] {
    match n {
        1 => &[(1, 1)],
        2 => &[(0, 0), (2, 2)],
        3 => &[(0, 0), (1, 1), (2, 2)],
        4 => &[(0, 0), (2, 0), (0, 2), (2, 2)],
        5 => &[(0, 0), (2, 0), (1, 1), (0, 2), (2, 2)],
        _ => &[(0, 0), (2, 0), (0, 1), (2, 1), (0, 2), (2, 2)],
    }
}

/// Props of a row of dice.
#[derive(Properties, PartialEq, Clone)]
pub struct DiceProps {
    /// The dice rolled, in order.
    pub dice: Vec<u8>,
    /// Which of them score.
    pub scores: Vec<bool>,
    /// The row's words for a screen reader, e.g. "rolls 5 2 4 6: 1 hit".
    pub label: String,
}

/// A row of dice.
#[function_component]
pub fn Dice(p: &DiceProps) -> Html {
    let list = p
        .dice
        .iter()
        .map(u8::to_string)
        .collect::<Vec<_>>()
        .join(" ");
    html! {
        <div class="stream-dice" role="img" aria-label={p.label.clone()} data-testid="stream-dice" data-dice={list}>
            { for p.dice.iter().zip(p.scores.iter().chain(std::iter::repeat(&false))).map(|(d, hit)| html! {
                <svg class={classes!("die", hit.then_some("scores"))} viewBox="0 0 30 30" aria-hidden="true">
                    <rect x="1.5" y="1.5" width="27" height="27" rx="6" />
                    { for pips(*d).iter().map(|(c, r)| html! {
                        <circle cx={(8 + 7 * *c as u32).to_string()} cy={(8 + 7 * *r as u32).to_string()} r="2.7" />
                    }) }
                </svg>
            }) }
        </div>
    }
}
