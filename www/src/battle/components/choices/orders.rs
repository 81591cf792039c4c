//! The order of a side's blocks apart from their listing order: which acts first within an
//! initiative letter (D2) and which of equally strong blocks takes the hits first (6.4, D3),
//! with the enemy blocks this side might turn, by the version they would become (R5).

use super::retreat::label;
use super::ctx::{Ctx, Named};
use bosworth::scenario::SidePolicy;
use yew::prelude::*;

/// Which order.
#[derive(Clone, Copy, PartialEq)]
pub(crate) enum Which {
    /// Hits among equally strong blocks (D3).
    Hits,
    /// Acting within an initiative letter (D2).
    Fire,
}

impl Which {
    fn list(self, p: &SidePolicy) -> &Vec<String> {
        match self {
            Which::Hits => &p.hit_order,
            Which::Fire => &p.fire_order,
        }
    }
    fn list_mut(self, p: &mut SidePolicy) -> &mut Vec<String> {
        match self {
            Which::Hits => &mut p.hit_order,
            Which::Fire => &mut p.fire_order,
        }
    }
    fn id(self) -> &'static str {
        match self {
            Which::Hits => "hit-order",
            Which::Fire => "fire-order",
        }
    }
    fn words(self) -> &'static str {
        match self {
            Which::Hits => "hit order",
            Which::Fire => "fire order",
        }
    }
}

/// The order as the engine reads it: the named blocks first, then the others as listed, then
/// the defectors not named (R5). Each is an index into `blocks`.
fn effective(blocks: &[Named], names: &[String]) -> Vec<usize> {
    let mut out: Vec<usize> = Vec::new();
    for n in names {
        if let Some(i) = blocks.iter().position(|b| b.is(n))
            && !out.contains(&i)
        {
            out.push(i);
        }
    }
    let rest: Vec<usize> = (0..blocks.len()).filter(|i| !out.contains(i)).collect();
    out.extend(rest);
    out
}

/// What to store for an order: nothing when it is the default (listing order, defectors last).
fn stored(blocks: &[Named], order: &[usize]) -> Vec<String> {
    if order.iter().copied().eq(0..blocks.len()) {
        Vec::new()
    } else {
        order.iter().map(|&i| blocks[i].name.clone()).collect()
    }
}

/// The hit order "Protect heirs" stores (D3): the heirs last, everyone else keeping their place
/// in the order as it stands (`names`, the policy's `hit_order`); `None` when the heirs are
/// last already. The Choices panel's button and the summary line's both set this.
pub fn protect_heirs(blocks: &[Named], names: &[String]) -> Option<Vec<String>> {
    let order = effective(blocks, names);
    let mut o: Vec<usize> = order.iter().copied().filter(|&i| !blocks[i].heir).collect();
    o.extend(order.iter().copied().filter(|&i| blocks[i].heir));
    (o != order).then(|| stored(blocks, &o))
}

/// Puts the focus back on the control that moved a block (found by `data-focus`), after the
/// page has redrawn; on the other arrow when this one is now disabled (first or last place).
fn refocus(key: String, other: String) {
    let at = |k: &str| format!("[data-focus=\"{k}\"]:not([disabled])");
    crate::shell::focus::focus_soon(vec![at(&key), at(&other)]);
}

/// The section for one order.
pub(crate) fn section(c: &Ctx, which: Which) -> Html {
    let blocks = c.o.blocks.clone();
    if blocks.len() < 2 {
        return html! {};
    }
    let (sid, id) = (c.sid, which.id());
    let order = effective(&blocks, which.list(&c.policy));
    let set_order = |order: Vec<usize>| {
        let blocks = blocks.clone();
        c.edit(move |p, _: MouseEvent| *which.list_mut(p) = stored(&blocks, &order))
    };
    let rows = order.iter().enumerate().map(|(k, &i)| {
        let b = &blocks[i];
        let swap = |to: usize| {
            let mut o = order.clone();
            o.swap(k, to);
            o
        };
        let key = |dir: &str| format!("{id}-{sid}-{i}-{dir}");
        let up = if k > 0 { Some(set_order(swap(k - 1))) } else { None };
        let down = if k + 1 < order.len() { Some(set_order(swap(k + 1))) } else { None };
        let then = |cb: Option<Callback<MouseEvent>>, mine: String, other: String| {
            cb.map(|cb| Callback::from(move |e: MouseEvent| {
                cb.emit(e);
                refocus(mine.clone(), other.clone());
            }))
        };
        let (ku, kd) = (key("up"), key("down"));
        html! {
            <li data-testid={format!("{id}-{sid}-{k}")}>
                <span class="order-n" aria-hidden="true">{format!("{}.", k + 1)}</span>
                <span class="order-name">{label(b)}
                    if b.heir { {" "}<span class="tag">{"heir"}</span> }
                </span>
                <button class="icon" data-focus={ku.clone()} disabled={up.is_none()}
                    aria-label={format!("Move {} earlier in the {}", b.name, which.words())}
                    onclick={then(up, ku.clone(), kd.clone())}>{"↑"}</button>
                <button class="icon" data-focus={kd.clone()} disabled={down.is_none()}
                    aria-label={format!("Move {} later in the {}", b.name, which.words())}
                    onclick={then(down, kd, ku)}>{"↓"}</button>
            </li>
        }
    });
    let default = which.list(&c.policy).is_empty();
    let reset = c.edit(move |p, _: MouseEvent| which.list_mut(p).clear());
    // "Protect heirs" (D3): the heirs last, everyone else keeping their place.
    let protect = (which == Which::Hits)
        .then(|| protect_heirs(&blocks, which.list(&c.policy)))
        .flatten()
        .map(|names| c.edit(move |p, _: MouseEvent| p.hit_order = names.clone()));
    let heirs = blocks.iter().any(|b| b.heir);
    let (title, help) = match which {
        Which::Hits => ("Hit order ", "among equally strong blocks, the first here takes the hits (6.4, D3)"),
        Which::Fire => ("Fire order ", "within an initiative letter, the first here acts first (6.2, D2)"),
    };
    html! {
        <div class="choice">
            <h3>{title}<small class="muted">{help}</small></h3>
            <ol class="order" data-testid={format!("{id}-{sid}")}>{ for rows }</ol>
            <div class="plan">
                if which == Which::Hits && heirs {
                    <button class="small" data-testid={format!("protect-heirs-{sid}")} disabled={protect.is_none()}
                        onclick={protect.unwrap_or_default()}>{"Protect heirs (heirs last)"}</button>
                }
                <button class="small" data-testid={format!("{id}-reset-{sid}")} disabled={default} onclick={reset}>
                    {"As listed"}
                </button>
                if default { <span class="muted small">{"(as the blocks are listed, turned blocks last)"}</span> }
            </div>
            { c.error_at(&format!("{}.{}", c.prefix, match which { Which::Hits => "hit_order", Which::Fire => "fire_order" })) }
        </div>
    }
}
