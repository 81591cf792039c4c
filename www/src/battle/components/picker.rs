//! Adding a block to a side from its house's roster: the shell's picker
//! (`crate::shell::picker`), with the battle's blocks and dead left out.

use super::side_id;
use crate::battle::state::{Action, Edit, State};
use crate::shell::picker::RosterPicker;
use bosworth::Side;
use bosworth::data::House;
use yew::prelude::*;

/// Props of the picker.
#[derive(Properties, PartialEq, Clone)]
pub struct PickerProps {
    /// The reducer.
    pub state: UseReducerHandle<State>,
    /// The side blocks are added to.
    pub side: Side,
    /// Its house.
    pub house: House,
}

/// The roster picker.
#[function_component]
pub fn Picker(p: &PickerProps) -> Html {
    let s = &p.state.scenario;
    let used: Vec<String> = s
        .attacker
        .blocks
        .iter()
        .chain(s.defender.blocks.iter())
        .filter_map(|b| b.id.clone())
        .chain(s.dead.iter().cloned())
        .collect();
    let on_add = {
        let (state, side) = (p.state.clone(), p.side);
        Callback::from(move |id: String| state.dispatch(Action::Edit(Edit::Add(side, id))))
    };
    html! { <RosterPicker house={p.house} king={s.king} {used} id={side_id(p.side)} {on_add} /> }
}
