//! `bosworth::rtt::game` on the two sample exports (`tests/rtt-samples/`, from
//! `shared/rtt/samples/`): every battle of the log found, its winner, its blocks, its luck worked
//! out by hand for two short battles, z by its formula, and the odds in [0, 1].

use bosworth::data::House;
use bosworth::rtt::game::{self, GameBattle, RollKind};
use bosworth::rtt::{Export, format::Log};
use bosworth::{Battle, Side};

fn export(name: &str) -> Export {
    let path = format!(
        "{}/tests/rtt-samples/{name}.export.json",
        env!("CARGO_MANIFEST_DIR")
    );
    serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap()
}

fn log(e: &Export) -> Vec<String> {
    match &e.state.as_ref().unwrap().log {
        Log::Lines(l) => l.clone(),
        Log::Length(_) => panic!("the final state holds the log"),
    }
}

fn close(a: f64, b: f64) -> bool {
    (a - b).abs() < 1e-12
}

#[test]
fn every_battle_of_the_log_with_the_winner_it_names() {
    for (name, count) in [("game-1", 16), ("game-2", 20)] {
        let e = export(name);
        let lines = log(&e);
        let battles = game::battles(&e).unwrap();
        let in_log = lines.iter().filter(|l| l.starts_with("Battle in ")).count();
        assert_eq!(battles.len(), in_log, "{name}");
        assert_eq!(battles.len(), count, "{name}");
        // The winners, read here on their own: `York wins the battle in Oxford!`.
        let winners: Vec<(String, String)> = lines
            .iter()
            .filter_map(|l| {
                let (h, rest) = l.split_once(" wins the battle in ")?;
                Some((h.to_string(), rest.trim_end_matches('!').to_string()))
            })
            .collect();
        assert_eq!(
            winners.len(),
            battles.len(),
            "{name}: every battle has a winner line"
        );
        for (b, (h, area)) in battles.iter().zip(&winners) {
            assert_eq!(b.winner.map(|w| w.to_string()).as_deref(), Some(h.as_str()));
            assert_eq!(&b.area, area);
            assert_eq!(b.attacker_holds, b.winner == Some(b.attacker));
            assert_eq!(b.index, battles.iter().position(|x| x == b).unwrap() + 1);
            // Every battle of the samples is one the battle calculator builds.
            Battle::new(&b.scenario).unwrap_or_else(|e| panic!("{name} {}: {e}", b.index));
        }
    }
}

#[test]
fn oxford_by_hand_one_fire_each_way_then_a_second_york_fire() {
    // game-1, battle 1 (campaign 1, turn 4): Lancaster's French Mercenary 4 from Wilts against
    // York's Suffolk 3 in Oxford.
    //   Y: Suffolk B2+1 fires ❶❸⑥.  3 dice at 3: 2 hits, expected 1.5, variance 3/4
    //   L: French Mercenary B3 fires ⑤⑤.  2 dice at 3: 0 hits, expected 1, variance 1/2
    //   Y: Suffolk B2+1 fires ❷⑤❷.  2 hits, expected 1.5, variance 3/4
    // York: 4 hits, 3 expected, variance 3/2, z = 1/sqrt(3/2) = 0.8165;
    // Lancaster: 0 hits, 1 expected, variance 1/2, z = -1/sqrt(1/2) = -1.4142.
    let b = &game::battles(&export("game-1")).unwrap()[0];
    assert_eq!((b.campaign, b.turn, b.area.as_str()), (1, 4, "Oxford"));
    assert_eq!(
        (b.attacker, b.winner),
        (House::Lancaster, Some(House::York))
    );
    let [y, l] = b.luck;
    assert_eq!(y.hits, 4);
    assert!(close(y.expected, 3.0) && close(y.variance, 1.5));
    assert!(close(y.z, 1.0 / 1.5f64.sqrt()));
    assert!((y.z - 0.8165).abs() < 1e-4);
    assert_eq!(l.hits, 0);
    assert!(close(l.expected, 1.0) && close(l.variance, 0.5));
    assert!((l.z + 2f64.sqrt()).abs() < 1e-12);
    assert_eq!(b.rolls.len(), 3);
    assert_eq!(b.rolls[0].dice, vec![1, 3, 6]);
    assert_eq!((b.rolls[0].fire, b.rolls[0].hits), (3, 2));
    assert_eq!(b.rolls[1].block, "French Mercenary");
    // The blocks at the start, and where the attacker came from (`1 Sussex → Wilts → Oxford*`).
    let sc = &b.scenario;
    assert_eq!(sc.attacker.house, House::Lancaster);
    let ids = |a: &bosworth::scenario::Army| -> Vec<(String, u8)> {
        a.blocks
            .iter()
            .map(|e| (e.id.clone().unwrap(), e.strength))
            .collect()
    };
    assert_eq!(ids(&sc.attacker), vec![("French Mercenary".into(), 4)]);
    assert_eq!(ids(&sc.defender), vec![("Suffolk".into(), 3)]);
    assert_eq!(sc.attacker.blocks[0].from.as_deref(), Some("Wilts"));
    assert_eq!(sc.king, House::Lancaster);
}

#[test]
fn lincoln_by_hand_with_a_charge_and_its_counter_attack() {
    // game-1, battle 5 (campaign 2, turn 2): York's Rutland 3 (B1) attacks Beaumont 3 (B2, +1
    // on his shield: fires at 3) in Lincoln.
    //   L: Beaumont B2+1 fires ⑥④⑤.          3 dice at 3, 0 hits
    //   Y: Rutland B1 fires ⑥❶⑤.             3 dice at 1, 1 hit
    //   L: Beaumont B2+1 fires ④❷.           2 dice at 3, 1 hit
    //   Y: Rutland B1 charges Beaumont ②④.   2 dice at 1, 0 hits (6.5: York's)
    //   L: Beaumont B2+1 counter-attacks ❸④. 2 dice at 3, 1 hit (D9: Lancaster's)
    //   L: Beaumont B2+1 fires ⑥❶.           2 dice at 3, 1 hit
    // York: 5 dice at 1/6: 1 hit, expected 5/6, variance 5 x 5/36 = 25/36, z = (1/6)/(5/6) = 0.2.
    // Lancaster: 9 dice at 1/2: 3 hits, expected 4.5, variance 9/4, z = -1.5/1.5 = -1.
    let b = &game::battles(&export("game-1")).unwrap()[4];
    assert_eq!((b.campaign, b.turn, b.area.as_str()), (2, 2, "Lincoln"));
    assert_eq!(
        (b.attacker, b.winner),
        (House::York, Some(House::Lancaster))
    );
    let kinds: Vec<(House, RollKind)> = b.rolls.iter().map(|r| (r.side, r.kind)).collect();
    use House::{Lancaster as L, York as Y};
    use RollKind::{Charge, CounterAttack, Fire};
    assert_eq!(
        kinds,
        vec![
            (L, Fire),
            (Y, Fire),
            (L, Fire),
            (Y, Charge),
            (L, CounterAttack),
            (L, Fire)
        ]
    );
    let [y, l] = b.luck;
    assert_eq!(y.hits, 1);
    assert!(close(y.expected, 5.0 / 6.0) && close(y.variance, 25.0 / 36.0));
    assert!(close(y.z, 0.2));
    assert_eq!(l.hits, 3);
    assert!(close(l.expected, 4.5) && close(l.variance, 2.25));
    assert!(close(l.z, -1.0));
    assert_eq!(b.scenario.attacker.blocks[0].id.as_deref(), Some("Rutland"));
    assert_eq!(
        b.scenario.defender.blocks[0].id.as_deref(),
        Some("Beaumont")
    );
}

fn z_by_formula(b: &GameBattle, side: House) -> (u32, f64, f64) {
    let (mut hits, mut expected, mut variance) = (0u32, 0.0, 0.0);
    for r in b.rolls.iter().filter(|r| r.side == side) {
        // Each die hits on f or less (6.4): the log's marks agree with the faces here.
        for &d in &r.dice {
            let p = f64::from(r.fire) / 6.0;
            expected += p;
            variance += p * (1.0 - p);
            hits += u32::from(d <= r.fire);
        }
        assert_eq!(
            u32::from(r.hits),
            r.dice.iter().filter(|&&d| d <= r.fire).count() as u32
        );
    }
    let z = if variance > 0.0 {
        (f64::from(hits) - expected) / variance.sqrt()
    } else {
        0.0
    };
    (hits, expected, z)
}

#[test]
fn z_is_hits_less_expected_over_the_standard_deviation_and_totals_add_up() {
    for name in ["game-1", "game-2"] {
        let battles = game::battles(&export(name)).unwrap();
        for b in &battles {
            for (s, side) in [House::York, House::Lancaster].into_iter().enumerate() {
                let (hits, expected, z) = z_by_formula(b, side);
                assert_eq!(b.luck[s].hits, hits);
                assert!((b.luck[s].expected - expected).abs() < 1e-9);
                assert!((b.luck[s].z - z).abs() < 1e-9, "{name} {}", b.index);
            }
        }
        let totals = game::totals(&battles);
        for s in 0..2 {
            let hits: u32 = battles.iter().map(|b| b.luck[s].hits).sum();
            let exp: f64 = battles.iter().map(|b| b.luck[s].expected).sum();
            let var: f64 = battles.iter().map(|b| b.luck[s].variance).sum();
            assert_eq!(totals[s].hits, hits);
            assert!((totals[s].z - (f64::from(hits) - exp) / var.sqrt()).abs() < 1e-9);
        }
    }
}

#[test]
fn the_treason_card_is_in_the_battle_and_its_roll_in_no_sides_luck() {
    // game-1, battle 7: `L: Treason event ① ❻ ① fails to convert Warwick.` Lancaster defends
    // Middlesex and plays the card against York's Warwick (D11); its three dice count for no one
    // (R32): Lancaster's luck is Wiltshire's one fire, 3 dice at 2.
    let b = &game::battles(&export("game-1")).unwrap()[6];
    assert_eq!(b.area, "Middlesex");
    assert_eq!(b.scenario.treason, Some(Side::Defender));
    assert_eq!(
        b.scenario.policy.defender.treason_target.as_deref(),
        Some("Warwick/Y")
    );
    assert_eq!(b.luck[1].hits, 1);
    assert!(close(b.luck[1].expected, 1.0));
    assert!(b.rolls.iter().all(|r| r.block != "Treason event"));
}

#[test]
fn odds_are_chances_exact_where_the_battle_is_small() {
    for name in ["game-1", "game-2"] {
        for b in game::battles(&export(name)).unwrap() {
            let o = game::odds(&b, 2_000_000, 2_000, 7);
            assert!(
                (0.0..=1.0).contains(&o.attacker_holds),
                "{name} {}",
                b.index
            );
            let blocks = b.scenario.attacker.blocks.len() + b.scenario.defender.blocks.len();
            if blocks <= 4 {
                assert!(o.exact && o.std_error.is_none(), "{name} {}", b.index);
            }
            let p = o.of_result(&b).unwrap();
            assert!((0.0..=1.0).contains(&p));
        }
    }
    // Past the budget: Monte Carlo with its standard error.
    let b = &game::battles(&export("game-2")).unwrap()[4];
    let mc = game::odds(b, 1, 4_000, 7);
    assert!(!mc.exact);
    let se = mc.std_error.unwrap();
    assert!(se >= 0.0 && se < 0.01);
    let exact = game::odds(b, 2_000_000, 1, 7).attacker_holds;
    assert!((mc.attacker_holds - exact).abs() <= 5.0 * se + 1e-3);
}

#[test]
fn an_export_that_cannot_be_read_names_the_field() {
    let mut other = export("game-1");
    other.setup.as_mut().unwrap().title_id = Some("hammer-of-the-scots".into());
    assert_eq!(game::battles(&other).unwrap_err().field, "setup.title_id");
    let mut bare = export("game-1");
    bare.snaps.clear();
    assert_eq!(game::battles(&bare).unwrap_err().field, "snaps");
}
