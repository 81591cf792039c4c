//! Valid battles built from fuzz bytes, solved under a small budget, simulated and replayed:
//! no panic, and every exact result accounts for all its probability.
#![no_main]

use bosworth::data::{BLOCKS, House};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if data.len() < 4 {
        return;
    }
    let mut bytes = data.iter().copied();
    let mut next = || bytes.next().unwrap_or(0) as usize;
    let king = if next() % 2 == 0 { House::York } else { House::Lancaster };
    let attacker = if next() % 2 == 0 { House::York } else { House::Lancaster };
    let areas: Vec<_> = bosworth::data::AREAS.iter().filter(|a| a.exile.is_none()).collect();
    let area = areas[next() % areas.len()].name;
    let mut used = Vec::new();
    let mut army = |house: House, next: &mut dyn FnMut() -> usize| {
        let pool: Vec<_> = BLOCKS.iter().filter(|b| b.house() == Some(house)).collect();
        let n = 1 + next() % 3;
        let mut blocks = Vec::new();
        for k in 0..n {
            let b = pool[next() % pool.len()];
            if used.contains(&b.person) {
                continue;
            }
            used.push(b.person);
            let strength = 1 + next() % b.max_strength as usize;
            let reserve = k > 0 && next() % 3 == 0;
            blocks.push(serde_json::json!({"id": b.id, "strength": strength, "reserve": reserve}));
        }
        serde_json::json!({"house": house, "blocks": blocks})
    };
    let a = army(attacker, &mut next);
    let d = army(attacker.other(), &mut next);
    let json = serde_json::json!({"version": 1, "king": king, "area": area, "attacker": a, "defender": d});
    let Ok(scenario) = serde_json::from_value::<bosworth::Scenario>(json) else { return };
    let Ok(battle) = bosworth::Battle::new(&scenario) else { return };
    if let Ok(r) = bosworth::solve(&battle, 20_000) {
        assert!((r.mass - 1.0).abs() < 1e-12, "mass {}", r.mass);
    }
    let seed = next() as u64;
    let _ = bosworth::simulate(&battle, 50, seed);
    let _ = bosworth::replay(&battle, seed);
    let _ = bosworth::solve::advice::advise(&battle, bosworth::solve::advice::Objective::Hold, bosworth::solve::advice::Players::Both, 5_000);
    // Past a small budget, best play is estimated, from the start and at the first decision.
    let sampling = bosworth::solve::advice::Sampling { samples: 3, seed, look_ahead: 2, attempt: 500 };
    let none = bosworth::solve::advice::Decisions::default();
    let objective = bosworth::solve::advice::Objective::Hold;
    let players = bosworth::solve::advice::Players::Both;
    let _ = bosworth::solve::advice::estimate_with(&battle, objective, players, 2_000, none, &sampling, bosworth::solve::watch::UNWATCHED);
    let (_, start) = bosworth::solve::advice::openings(&battle).pop().expect("an opening");
    let _ = bosworth::solve::advice::best_here(&battle, &start, objective, players, none, 2_000, &sampling, bosworth::solve::watch::UNWATCHED);
});
