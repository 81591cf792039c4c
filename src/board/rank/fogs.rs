//! Each assessed plan's fog of war ([`Fog::new`] on its battle), built once for every pass over
//! the same screening (the page's first pass, its share of the final pass, the final pass):
//! [`Fogs`].

use super::error::PlanError;
use crate::scenario::Scenario;
use crate::solve::fog::Fog;
use std::collections::HashMap;
use std::sync::{Arc, Mutex};

/// The fogs of a screening's assessed plans, by candidate and whether the battle is fought
/// without the Treason card. Each in a lock of its own (a fog keeps the battles it draws), taken
/// by the one thread that assesses its plan.
#[derive(Default)]
pub(in crate::board) struct Fogs(Mutex<HashMap<(usize, bool), Arc<Mutex<Fog>>>>);

impl Fogs {
    /// The fog of the plan `key` whose battle is `scenario`, built at its first use (outside the
    /// map's lock: threads assessing other plans do not wait for it).
    ///
    /// # Errors
    /// [`PlanError::Invalid`]: the battle's hidden blocks cannot be read.
    pub(in crate::board) fn get(
        &self,
        key: (usize, bool),
        scenario: &Scenario,
    ) -> Result<Arc<Mutex<Fog>>, PlanError> {
        if let Some(f) = self.0.lock().ok().and_then(|m| m.get(&key).cloned()) {
            return Ok(f);
        }
        let fog = Arc::new(Mutex::new(Fog::new(scenario).map_err(PlanError::Invalid)?));
        if let Ok(mut m) = self.0.lock() {
            m.insert(key, fog.clone());
        }
        Ok(fog)
    }
}
