//! Any text as a scenario: parsing and validation must answer, never panic; hidden blocks too
//! (their mixture is listed, solved under a small budget and drawn a few times).
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(scenario) = serde_json::from_slice::<bosworth::Scenario>(data) else {
        return;
    };
    if let Ok(battle) = bosworth::Battle::new(&scenario) {
        let _ = bosworth::fire_order(&battle);
        let _ = bosworth::play::resume::scenario_at(&battle, &battle.initial_state());
    }
    if bosworth::solve::fog::has_hidden(&scenario)
        && let Ok(fog) = bosworth::Fog::new(&scenario)
    {
        if let Ok(f) = fog.solve(20_000) {
            assert!((f.report.mass - 1.0).abs() < 1e-9, "mass {}", f.report.mass);
        }
        let _ = fog.simulate(5, 1);
    }
});
