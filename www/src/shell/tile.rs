//! A block drawn like the real thing: loyalty or crown at the top left, name, rating, and its
//! strength as pips you click to reduce (as you would rotate the block). The battle's armies and
//! the map's areas draw their blocks with it.

use crate::shell::roster::badge;
use bosworth::data::{BlockData, Colour};
use yew::prelude::*;

/// The class of a block's face for its colour.
pub fn colour_class(block: Option<&BlockData>) -> &'static str {
    match block.map(|d| d.colour) {
        Some(Colour::York) => "york",
        Some(Colour::Lancaster) => "lancaster",
        Some(Colour::Rebel) => "rebel",
        None => "custom",
    }
}

/// Props of a block's face.
#[derive(Properties, PartialEq, Clone)]
pub struct FaceProps {
    /// Its colour's class ([`colour_class`]).
    pub colour: &'static str,
    /// The mark at the top left and what it means ([`badge`] for a printed block).
    pub mark: (String, String),
    /// Its name as shown.
    pub name: AttrValue,
    /// Its printed rating.
    pub printed: AttrValue,
    /// What the rating corner shows, when not the printed rating (the battle shows the rating
    /// with its bonus here).
    #[prop_or_default]
    pub rating: Option<Html>,
    /// The most steps it can have.
    pub max: u8,
    /// Its strength.
    pub strength: u8,
    /// The engine flags its strength.
    #[prop_or_default]
    pub invalid: bool,
    /// Each pip's `data-testid` is this and the strength it stands for (`pip-attacker-0-` + `3`).
    pub pip_id: AttrValue,
    /// A pip was pressed: the strength to set.
    pub on_strength: Callback<u8>,
    /// The field the strength is, carried by the pip of the strength it has (`data-field`), for
    /// the problem card's Go to the field.
    #[prop_or_default]
    pub field: Option<AttrValue>,
}

impl FaceProps {
    /// The face of a printed block at `strength`.
    pub fn of(
        block: &'static BlockData,
        strength: u8,
        pip_id: String,
        on_strength: Callback<u8>,
    ) -> FaceProps {
        FaceProps {
            colour: colour_class(Some(block)),
            mark: badge(block),
            name: block.id.into(),
            printed: block.rating.to_string().into(),
            rating: None,
            max: block.max_strength.max(strength),
            strength,
            invalid: false,
            pip_id: pip_id.into(),
            on_strength,
            field: None,
        }
    }
}

/// A block's face.
#[function_component]
pub fn BlockFace(p: &FaceProps) -> Html {
    let name = p.name.clone();
    let (mark, mark_title) = p.mark.clone();
    let printed = p.printed.clone();
    let pip = |k: u8| {
        let on = k <= p.strength;
        // Clicking the top pip of a full block reduces it by one, like rotating the real block.
        let target = if k == p.strength && k > 1 { k - 1 } else { k };
        let set = p.on_strength.reform(move |_: MouseEvent| target);
        let field = (k == p.strength).then(|| p.field.clone()).flatten();
        html! {
            <button class={classes!("pip", on.then_some("on"))}
                data-testid={format!("{}{k}", p.pip_id)}
                aria-label={format!("{name}: set strength to {target}")}
                title={format!("strength {target}")}
                data-field={field}
                onclick={set}>
            </button>
        }
    };
    html! {
        <div class={classes!("block", p.colour)} aria-label={format!("{name}, rating {printed}, strength {} of {}", p.strength, p.max)}>
            <span class="mark" title={mark_title}>{mark}</span>
            <span class="bname">{name.clone()}</span>
            { p.rating.clone().unwrap_or_else(|| html! { <span class="rating" title="combat rating">{printed.clone()}</span> }) }
            <span class={classes!("pips", p.invalid.then_some("invalid"))} role="group" aria-label={format!("strength {} of {}", p.strength, p.max)}>
                { for (1..=p.max).map(pip) }
            </span>
            <span class="strength-num" aria-hidden="true">{p.strength}</span>
        </div>
    }
}
