//! The page's parts. Each takes the reducer handle (or plain data) and sends actions up.

pub mod advice_hidden;
pub mod advice_words;
pub mod advisor;
pub mod army;
pub mod block;
pub mod borders;
pub mod choices;
pub mod compare;
pub mod custom;
pub mod fire_order;
pub mod fog;
pub mod live;
pub mod not_here;
pub mod headline;
pub mod hidden;
pub mod picker;
pub mod problem;
pub mod replay;
pub mod results;
pub mod settings;
pub mod share;
pub mod summary;
pub mod toolbar;

use crate::battle::state::State;
use yew::prelude::*;

/// The props of a part that reads the state and sends actions.
#[derive(Properties, PartialEq, Clone)]
pub struct StateProps {
    /// The reducer.
    pub state: UseReducerHandle<State>,
}

/// The id of a side in test ids and element ids: `attacker` or `defender`.
pub fn side_id(side: bosworth::Side) -> &'static str {
    side.name()
}
