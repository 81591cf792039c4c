//! The blocks on a stream: the builder's block tiles (the same face, corner mark, name, rating
//! and strength pips, from the stylesheet's `.block`), drawn to be looked at, not clicked: where
//! each stands (in reserve, eliminated, retreated, turned), who acts now and who was just hit.

use crate::battle::stream::beats::{Piece, Standing};
use bosworth::data::Colour;
use yew::prelude::*;

/// Props of one tile.
#[derive(Properties, PartialEq, Clone)]
pub struct TileProps {
    /// The block as it stands.
    pub piece: Piece,
    /// It acts in the beat shown.
    #[prop_or_default]
    pub acting: bool,
    /// It took hits (or was turned) in the beat shown.
    #[prop_or_default]
    pub hit: bool,
    /// Its strength before the beat shown, when the beat changed it.
    #[prop_or_default]
    pub was: Option<u8>,
}

/// What a tile says under its face.
fn standing_words(p: &Piece) -> Option<&'static str> {
    match (p.standing, p.turned) {
        (Standing::Eliminated, _) => Some("eliminated"),
        (Standing::Retreated, _) => Some("retreated"),
        (Standing::Reserve, true) => Some("turned: in reserve"),
        (Standing::Reserve, false) => Some("in reserve"),
        (Standing::Fighting, true) => Some("turned"),
        (Standing::Fighting, false) => None,
    }
}

/// One block.
#[function_component]
pub fn Tile(p: &TileProps) -> Html {
    let piece = &p.piece;
    let colour = match piece.colour {
        Some(Colour::York) => "york",
        Some(Colour::Lancaster) => "lancaster",
        Some(Colour::Rebel) => "rebel",
        None => "custom",
    };
    let gone = matches!(piece.standing, Standing::Eliminated | Standing::Retreated);
    let status = standing_words(piece);
    let lost = p
        .was
        .map(|w| w.saturating_sub(piece.strength))
        .filter(|l| *l > 0);
    let label = format!(
        "{}, {}, strength {} of {}{}{}",
        piece.name,
        piece.rating,
        piece.strength,
        piece.max,
        status.map(|s| format!(", {s}")).unwrap_or_default(),
        if p.acting { ", acting now" } else { "" }
    );
    html! {
        <li class={classes!("stream-tile", gone.then_some("gone"), (piece.standing == Standing::Reserve).then_some("reserve"),
                p.acting.then_some("acting"), p.hit.then_some("hit"))}
            data-testid="stream-tile" data-block={piece.name.clone()} data-strength={piece.strength.to_string()}>
            <div class={classes!("block", colour)} role="img" aria-label={label}>
                <span class="mark" aria-hidden="true">{piece.mark.0.clone()}</span>
                <span class="bname" aria-hidden="true">{piece.name.clone()}</span>
                <span class="rating" aria-hidden="true">{piece.rating.clone()}</span>
                <span class="pips" aria-hidden="true">
                    { for (1..=piece.max.max(piece.strength)).map(|k| html! {
                        <span class={classes!("pip", (k <= piece.strength).then_some("on"))}></span>
                    }) }
                </span>
            </div>
            if let Some(l) = lost { <span class="stream-loss" aria-hidden="true">{format!("−{l}")}</span> }
            if let Some(s) = status { <span class="stream-status" aria-hidden="true">{s}</span> }
        </li>
    }
}
