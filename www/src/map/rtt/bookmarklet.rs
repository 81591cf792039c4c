//! The bookmarklet: a link the player drags to the bookmarks bar; clicked on his game's page on
//! Rally the Troops, it copies the page's `{player, view}` to the clipboard
//! (`navigator.clipboard.writeText`), or shows the text in a prompt to copy by hand when the
//! browser refuses the clipboard. Clicked here, it only says how to use it.

use yew::prelude::*;

/// The bookmarklet's script: `JSON.stringify({player:player,view:view})` to the clipboard, the
/// prompt when the clipboard is refused, a word when the page is no game of Rally the Troops.
pub const SCRIPT: &str = "(function(){\
if(typeof view==='undefined'||typeof player==='undefined'){alert('Bosworth: open your game on Rally the Troops, then click this bookmark.');return;}\
var t=JSON.stringify({player:player,view:view});\
function ask(){prompt('Bosworth: copy this text (Ctrl+C), then paste it into Bosworth.',t);}\
try{navigator.clipboard.writeText(t).then(function(){},ask);}catch(e){ask();}\
})()";

/// The link's address: `javascript:` and the script, its spaces written `%20`.
pub fn href() -> String {
    format!("javascript:{}", SCRIPT.replace(' ', "%20"))
}

/// The link to drag, a button copying its address (to make the bookmark by hand, or by
/// keyboard), and how to use it.
#[function_component]
pub fn Bookmarklet() -> Html {
    let said = use_state(|| None::<&'static str>);
    let click = {
        let said = said.clone();
        Callback::from(move |e: MouseEvent| {
            e.prevent_default();
            said.set(Some(
                "Drag it to your bookmarks bar (or copy its address into a new bookmark): it works on \
                 Rally the Troops, not here.",
            ));
        })
    };
    let copy = {
        let said = said.clone();
        Callback::from(move |_: MouseEvent| {
            let _ = gloo::utils::window()
                .navigator()
                .clipboard()
                .write_text(&href());
            said.set(Some(
                "Copied: make a new bookmark and paste this as its address (URL).",
            ));
        })
    };
    html! {
        <div class="bookmarklet" data-testid="bookmarklet-help">
            <p class="bookmarklet-row">
                <a href={href()} class="button bookmarklet-link" data-testid="bookmarklet" onclick={click}
                    title="Drag this link to your bookmarks bar">{"Copy for Bosworth"}</a>
                <button type="button" class="small" onclick={copy} data-testid="bookmarklet-copy"
                    title="Copies the bookmark's address, to paste into a new bookmark">{"Copy its address"}</button>
            </p>
            <p class="small muted">{"Drag the link to your bookmarks bar. On your game's page on Rally the Troops, click it, then paste here."}</p>
            if let Some(s) = *said {
                <p class="small" role="status" data-testid="bookmarklet-said">{s}</p>
            }
        </div>
    }
}
