//! Generated battles for the tests: random valid battles of a few blocks a side, drawn from a
//! seed, with the rules' variety (areas, heirs, Bombards, the Treason card, plans).

use bosworth::data::{self, BLOCKS, Colour, House};
use bosworth::rules::dice::rng_from_seed;
use bosworth::{Battle, Scenario};
use rand::Rng;

/// A number below `n`, drawn from `rng`.
pub fn pick<R: Rng>(rng: &mut R, n: usize) -> usize {
    (rng.next_u64() % n as u64) as usize
}

/// A random valid battle with at most `per_side` blocks a side (one of them maybe a reserve),
/// with areas, heirs, Bombards, the Treason card and random charges, Treachery and retreats.
pub fn random_battle(seed: u64, per_side: usize) -> Battle {
    let mut rng = rng_from_seed(seed);
    loop {
        let king = if pick(&mut rng, 2) == 0 {
            House::York
        } else {
            House::Lancaster
        };
        let attacker = if pick(&mut rng, 2) == 0 {
            House::York
        } else {
            House::Lancaster
        };
        let land: Vec<_> = data::AREAS.iter().filter(|a| a.exile.is_none()).collect();
        let area =
            (pick(&mut rng, 4) != 0).then(|| land[pick(&mut rng, land.len())].name.to_string());
        let mut used: Vec<&str> = Vec::new();
        let mut army = |house: House, rng: &mut bosworth::rules::dice::BattleRng| {
            let pool: Vec<_> = BLOCKS
                .iter()
                .filter(|b| {
                    b.house() == Some(house) || (b.colour == Colour::Rebel && house == king.other())
                })
                .collect();
            let n = 1 + pick(rng, per_side);
            let mut blocks = Vec::new();
            while blocks.len() < n {
                let b = pool[pick(rng, pool.len())];
                if used.contains(&b.person) {
                    continue;
                }
                used.push(b.person);
                let strength = 1 + pick(rng, b.max_strength as usize) as u8;
                let reserve = !blocks.is_empty() && pick(rng, 3) == 0;
                blocks.push(
                    serde_json::json!({"id": b.id, "strength": strength, "reserve": reserve}),
                );
            }
            let cap = match rng.next_u64() % 4 {
                0 => serde_json::json!(0),
                1 => serde_json::json!(1),
                _ => serde_json::Value::Null,
            };
            (
                serde_json::json!({"house": house, "blocks": blocks, "retreat_capacity": cap}),
                blocks,
            )
        };
        let (a, a_blocks) = army(attacker, &mut rng);
        let (d, d_blocks) = army(attacker.other(), &mut rng);
        let name = |v: &serde_json::Value| v["id"].as_str().unwrap().to_string();
        let mut policy = serde_json::json!({"attacker": {}, "defender": {}});
        for (side, own, enemy) in [
            ("attacker", &a_blocks, &d_blocks),
            ("defender", &d_blocks, &a_blocks),
        ] {
            let target = name(&enemy[pick(&mut rng, enemy.len())]);
            let round = 1 + pick(&mut rng, 3);
            match rng.next_u64() % 7 {
                0 => {
                    policy[side]["charges"] =
                        serde_json::json!([{"target": target, "round": round}])
                }
                1 => {
                    let by = name(&own[pick(&mut rng, own.len())]);
                    policy[side]["treachery"] = serde_json::json!([{"by": by, "target": target}]);
                }
                2 => {
                    policy[side]["retreat"] =
                        serde_json::json!({"from_round": 2 + pick(&mut rng, 3)})
                }
                3 => policy[side]["retreat"] = serde_json::json!({"below_ratio": 0.5}),
                4 => {
                    // A block's own plan (6.6, R3): the wounded go, or all go when outmatched.
                    let block = name(&own[pick(&mut rng, own.len())]);
                    policy[side]["retreats"] = serde_json::json!([
                        {"block": block, "below_strength": 2},
                        {"block": block, "from_round": 3, "below_ratio": 0.8}
                    ]);
                }
                5 => {
                    // An enemy block that may defect, first in this side's hit and fire orders
                    // (D2, D3, R5), named as the version it would become.
                    let target = target
                        .replace("/Y", "/?")
                        .replace("/L", "/Y")
                        .replace("/?", "/L");
                    policy[side]["hit_order"] = serde_json::json!([target]);
                    policy[side]["fire_order"] = serde_json::json!([target]);
                }
                _ => {}
            }
        }
        let treason = ["attacker", "defender", ""][pick(&mut rng, 3)];
        let mut json = serde_json::json!({
            "version": 1, "king": king, "area": area, "attacker": a, "defender": d, "policy": policy,
        });
        if !treason.is_empty() {
            json["treason"] = serde_json::json!(treason);
        }
        strip_nulls(&mut json);
        let scenario: Scenario =
            serde_json::from_value(json).expect("generated JSON follows the format");
        match Battle::new(&scenario) {
            Ok(b) => return b,
            Err(_) => continue, // a random policy the rules forbid: draw again
        }
    }
}

fn strip_nulls(v: &mut serde_json::Value) {
    if let Some(map) = v.as_object_mut() {
        map.retain(|_, x| !x.is_null());
        map.values_mut().for_each(strip_nulls);
    } else if let Some(list) = v.as_array_mut() {
        list.iter_mut().for_each(strip_nulls);
    }
}

/// The battle with no plan (charges, Treachery, retreats) and no reserve: the default policy's
/// battle, fire and hit orders kept; `None` if that is not a valid battle.
pub fn plain(battle: &Battle) -> Option<Battle> {
    let mut v = serde_json::to_value(battle.scenario()).unwrap();
    if let Some(policy) = v.get_mut("policy").and_then(|p| p.as_object_mut()) {
        for side in policy.values_mut() {
            if let Some(side) = side.as_object_mut() {
                for plan in ["charges", "treachery", "retreat", "retreats", "treason"] {
                    side.remove(plan);
                }
            }
        }
    }
    for army in ["attacker", "defender"] {
        if let Some(blocks) = v[army]["blocks"].as_array_mut() {
            for b in blocks {
                if let Some(b) = b.as_object_mut() {
                    b.remove("reserve");
                }
            }
        }
    }
    let sc: Scenario = serde_json::from_value(v).ok()?;
    Battle::new(&sc).ok()
}

/// Every battle among the repository's scenario files (`bench/`, `examples/`), by file name:
/// boards, Kingmaker and Campaign Reset files and battles with hidden blocks (mixtures) left out.
pub fn repository_battles() -> Vec<(String, Battle)> {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut out = Vec::new();
    for dir in ["bench", "examples"] {
        for entry in std::fs::read_dir(root.join(dir)).unwrap() {
            let path = entry.unwrap().path();
            let Ok(text) = std::fs::read_to_string(&path) else {
                continue;
            };
            let Ok(sc) = serde_json::from_str::<Scenario>(&text) else {
                continue;
            };
            let Ok(battle) = Battle::new(&sc) else {
                continue;
            };
            out.push((
                path.file_name().unwrap().to_string_lossy().to_string(),
                battle,
            ));
        }
    }
    out
}

/// A random battle with hidden blocks, from [`random_battle`]`(seed, 3)`: one to three of the
/// defender's blocks hidden, each with its own block and up to three others of its house as
/// candidates and a random strength prior; with the Treason card, its holder's target `"best"`
/// (R45) one time in two. `None` when the fog of war refuses it (a plan naming a hidden block).
pub fn random_hidden(seed: u64) -> Option<Scenario> {
    let battle = random_battle(seed, 3);
    let mut rng = rng_from_seed(seed ^ 0x5eed);
    let mut v = serde_json::to_value(battle.scenario()).unwrap();
    let house: House = serde_json::from_value(v["defender"]["house"].clone()).unwrap();
    let mut known = v["defender"]["blocks"]
        .as_array()
        .cloned()
        .unwrap_or_default();
    let used: Vec<String> = ["attacker", "defender"]
        .iter()
        .flat_map(|a| v[*a]["blocks"].as_array().cloned().unwrap_or_default())
        .filter_map(|b| b["id"].as_str().map(str::to_string))
        .collect();
    let others: Vec<&str> = BLOCKS
        .iter()
        .filter(|b| b.house() == Some(house) && !used.iter().any(|u| u == b.id))
        .map(|b| b.id)
        .collect();
    let n = 1 + pick(&mut rng, known.len().min(3));
    let mut hidden = Vec::new();
    for _ in 0..n {
        let b = known.pop()?;
        let mut candidates = vec![b["id"].clone()];
        for _ in 0..pick(&mut rng, 4) {
            let o = others[pick(&mut rng, others.len())];
            if !candidates.iter().any(|c| c == o) {
                candidates.push(serde_json::json!(o));
            }
        }
        let strength = match pick(&mut rng, 3) {
            0 => serde_json::json!("any"),
            1 => serde_json::json!("full"),
            _ => serde_json::json!({"at_most": 1 + pick(&mut rng, 3)}),
        };
        let reserve = b["reserve"].as_bool().unwrap_or(false);
        hidden.push(
            serde_json::json!({"candidates": candidates, "strength": strength, "reserve": reserve}),
        );
    }
    if known.is_empty() && hidden.iter().all(|h| h["reserve"] == true) {
        return None;
    }
    v["defender"]["blocks"] = serde_json::json!(known);
    v["defender"]["hidden"] = serde_json::json!(hidden);
    if let Some(side) = v["treason"].as_str().map(str::to_string)
        && pick(&mut rng, 2) == 0
    {
        v["policy"][side.as_str()]["treason_target"] = serde_json::json!("best");
    }
    strip_nulls(&mut v);
    let sc: Scenario = serde_json::from_value(v).ok()?;
    bosworth::solve::fog::Fog::new(&sc).ok().map(|_| sc)
}
