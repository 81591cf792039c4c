//! Any text as a scenario: parsing and validation must answer, never panic.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Ok(scenario) = serde_json::from_slice::<bosworth::Scenario>(data)
        && let Ok(battle) = bosworth::Battle::new(&scenario)
    {
        let _ = bosworth::fire_order(&battle);
        let _ = bosworth::play::resume::scenario_at(&battle, &battle.initial_state());
    }
});
