//! Golden tests worked out by hand from the printed rules (section 6 of
//! `richard-iii-rules.md`) and the decisions D1-D15 of `notes/battle-rules.md`,
//! written without reading the engine's source.
//!
//! Every battle is small enough to enumerate on paper. The derivation is in
//! each test's doc comment; the assertions compare the engine's exact answer
//! with the hand fractions to 1e-12.
//!
//! Notation: `p` is the chance one die hits, i.e. firepower/6 (6.4). A custom
//! block rated `A6` hits with every die, which makes parts of a battle
//! deterministic.

mod common;
use common::hand::*;

const PLAIN: &str = r#"{"version": 1,
  "attacker": {"house": "York", "blocks": [{"id": "Exeter/Y", "strength": 1}]},
  "defender": {"house": "Lancaster", "blocks": [{"id": "Kent/L", "strength": 1}]}}"#;

/// Plain fire, 1 v 1, all four rounds, with the attacker's forced retreat in
/// round 4 (6.2, 6.4, D1, D12).
///
/// Exeter/Y (A1, p = 1/6) attacks Kent/L (A2, p = 1/3), both at strength 1, no
/// area (so no defensive bonus) and unlimited retreat capacity.
/// Both are A blocks, so the defending A (Kent) fires before the attacking A
/// (Exeter) every round (6.2, D1). One hit kills a strength-1 block.
///
/// Rounds 1-3 are identical: Kent kills Exeter with 1/3 (defender holds); else
/// (2/3) Exeter kills Kent with 1/6 (attacker holds); else (2/3 * 5/6 = 5/9)
/// the next round starts.
/// Round 4: Kent fires first (1/3 kills Exeter); if Exeter survives it must
/// retreat on its own turn (6.2), so the defender holds either way.
///
/// - attacker holds = (2/3)(1/6)(1 + 5/9 + 25/81) = (1/9)(151/81) = 151/729;
///   defender holds = 578/729; never vacant.
/// - ends in round r (r <= 3): (5/9)^(r-1) * (1/3 + 1/9) -> 4/9, 20/81,
///   100/729; round 4: (5/9)^3 = 125/729.
/// - Exeter/Y eliminated = (1/3)(1 + 5/9 + 25/81 + 125/729) = 1484/2187;
///   retreated = (125/729)(2/3) = 250/2187; it ends at strength 1 with
///   703/2187 (held or retreated). Kent/L eliminated = 151/729.
#[test]
fn plain_fire_one_v_one_four_rounds_attacker_retreats_in_round_4() {
    let r = solve(PLAIN);
    close(r.attacker_holds, 151.0 / 729.0, "attacker holds");
    close(r.defender_holds, 578.0 / 729.0, "defender holds");
    close(r.vacant, 0.0, "vacant");
    // 6.3/D5: the attacker/defender roles can only swap when the defender
    // has reserves; it has none here.
    close(r.control_changes, 0.0, "control changes (D5 role swap)");
    close_ends(&r, [4.0 / 9.0, 20.0 / 81.0, 100.0 / 729.0, 125.0 / 729.0]);

    assert_eq!(r.blocks[0].name, "Exeter/Y");
    close(
        r.blocks[0].eliminated,
        1484.0 / 2187.0,
        "Exeter/Y eliminated",
    );
    close(r.blocks[0].retreated, 250.0 / 2187.0, "Exeter/Y retreated");
    close(r.blocks[0].defected, 0.0, "Exeter/Y defected");
    close_fs(&r, 0, &[1484.0 / 2187.0, 703.0 / 2187.0]);
    close(
        r.blocks[0].expected_strength,
        703.0 / 2187.0,
        "Exeter/Y expected strength",
    );

    assert_eq!(r.blocks[1].name, "Kent/L");
    close(r.blocks[1].eliminated, 151.0 / 729.0, "Kent/L eliminated");
    close_fs(&r, 1, &[151.0 / 729.0, 578.0 / 729.0]);

    close(
        r.sides[0].steps_lost[0],
        703.0 / 2187.0,
        "attacker loses no step",
    );
    close(
        r.sides[0].steps_lost[1],
        1484.0 / 2187.0,
        "attacker loses one step",
    );
    close(
        r.sides[0].expected_steps_lost,
        1484.0 / 2187.0,
        "attacker expected steps lost",
    );
    close(
        r.sides[1].expected_steps_lost,
        151.0 / 729.0,
        "defender expected steps lost",
    );

    // 6.2/D1: defending A before attacking A.
    assert_eq!(turn_names(&order(PLAIN), 1), vec!["Kent/L", "Exeter/Y"]);
}

/// Defensive bonus from a shield (2.2, 3.22, D6) and from a city (2.4, 3.24).
///
/// Devon (noble, B2) defends at strength 1 against Canterbury (church)/Y (C1,
/// p = 1/6) at strength 1. Devon's turn (defending B) always comes before
/// Canterbury's (attacking C).
///
/// In Cornwall, which holds the Devon shield, Devon is B3 (p = 1/2). A round
/// continues with (1/2)(5/6) = 5/12, the attacker wins a round with
/// (1/2)(1/6) = 1/12, so attacker holds = (1/12)(1 + 5/12 + 25/144) =
/// (1/12)(229/144) = 229/1728. Ends in round 1: 1/2 + 1/12 = 7/12, round 2:
/// (5/12)(7/12) = 35/144, round 3: (25/144)(7/12) = 175/1728, round 4 (the
/// church block's forced retreat, or Devon's round-4 kill): 125/1728.
///
/// In Dorset (no Devon shield) Devon is plain B2 (p = 1/3): a round continues
/// with (2/3)(5/6) = 5/9 and attacker holds = (2/3)(1/6)(1 + 5/9 + 25/81) =
/// 151/729.
///
/// A levy defending its own city is +1 too (2.4): the Bristol levy (C2) in
/// Somerset (Bristol city) is C3 = p 1/2, and being the defending C it fires
/// before the attacking C1 church, so that battle has the Cornwall numbers.
#[test]
fn shield_and_city_add_one_firepower_to_the_defender() {
    let cornwall = r#"{"version": 1, "area": "Cornwall",
      "attacker": {"house": "York", "blocks": [{"id": "Canterbury (church)/Y", "strength": 1}]},
      "defender": {"house": "Lancaster", "blocks": [{"id": "Devon", "strength": 1}]}}"#;
    let r = solve(cornwall);
    close(r.attacker_holds, 229.0 / 1728.0, "Cornwall: attacker holds");
    close(
        r.defender_holds,
        1499.0 / 1728.0,
        "Cornwall: defender holds",
    );
    close_ends(
        &r,
        [7.0 / 12.0, 35.0 / 144.0, 175.0 / 1728.0, 125.0 / 1728.0],
    );
    let o = order(cornwall);
    assert_eq!(rating_in(&o, 1, "Devon"), "B3");
    assert_eq!(rating_in(&o, 1, "Canterbury (church)/Y"), "C1");

    let dorset = cornwall.replace("Cornwall", "Dorset");
    let r = solve(&dorset);
    close(r.attacker_holds, 151.0 / 729.0, "Dorset: attacker holds");
    close(r.defender_holds, 578.0 / 729.0, "Dorset: defender holds");
    assert_eq!(rating_in(&order(&dorset), 1, "Devon"), "B2");

    let bristol = r#"{"version": 1, "area": "Somerset",
      "attacker": {"house": "York", "blocks": [{"id": "Canterbury (church)/Y", "strength": 1}]},
      "defender": {"house": "Lancaster", "blocks": [{"id": "Bristol (levy)", "strength": 1}]}}"#;
    let r = solve(bristol);
    close(r.attacker_holds, 229.0 / 1728.0, "Somerset: attacker holds");
    let o = order(bristol);
    assert_eq!(rating_in(&o, 1, "Bristol (levy)"), "C3");
    assert_eq!(
        turn_names(&o, 1),
        vec!["Bristol (levy)", "Canterbury (church)/Y"]
    );
}

const HITS: &str = r#"{"version": 1,
  "attacker": {"house": "York", "blocks": [
     {"custom": {"name": "Hammer", "rating": "A6", "max_strength": 2}, "strength": 2}]},
  "defender": {"house": "Lancaster", "blocks": [
     {"custom": {"name": "Big", "rating": "C1", "max_strength": 3}, "strength": 3},
     {"custom": {"name": "Small", "rating": "C1", "max_strength": 2}, "strength": 1}]}}"#;

/// All hits of one fire go to the strongest enemy block, surplus carries over,
/// ties go by the owner's hit order (6.4, D3).
///
/// Hammer (custom A6, strength 2: every die hits) attacks Big (C1, strength 3)
/// and Small (C1, strength 1). Hammer acts first every round (A before C).
///
/// Round 1: Hammer scores 2 hits, both on the strongest block: Big 3 -> 1 (not
/// one on each). Big then Small fire one die each at Hammer (p = 1/6):
/// Hammer ends round 1 at 2 with 25/36, at 1 with 10/36, dead with 1/36
/// (defender holds, round 1).
/// Round 2, Hammer at 2: 2 hits; Big and Small are tied at 1, the defender's
/// hit order is the listing order, so Big dies and the surplus hit kills
/// Small: attacker holds in round 2.
/// Round 2, Hammer at 1: 1 hit kills Big (first of the tie); Small fires, 1/6
/// kills Hammer (defender holds, round 2); else Hammer kills Small in round 3.
///
/// - attacker holds = 25/36 + (10/36)(5/6) = 200/216 = 25/27; defender 2/27.
/// - ends: round 1 = 1/36, round 2 = 25/36 + (10/36)(1/6) = 20/27,
///   round 3 = (10/36)(5/6) = 25/108.
/// - Big ends at 1 only if Hammer died in round 1: [35/36, 1/36, 0, 0] (never
///   at 2: the two round-1 hits are not split).
/// - Small: [25/27, 2/27]. Hammer: [2/27, 25/108, 75/108].
/// - Defender expected steps lost = 2 + 35/36 + 25/27 = 421/108.
///
/// With the defender's hit order `["Small"]` the tie in round 2 (Hammer at 1)
/// costs Small instead: Big then fires (1/6 kills Hammer) and survives at 1.
/// Same winner odds, but Big ends at 1 with 1/36 + (10/36)(1/6) = 2/27 and
/// Small is eliminated with 35/36.
#[test]
fn hits_go_to_the_strongest_block_and_surplus_carries_over() {
    let r = solve(HITS);
    close(r.attacker_holds, 25.0 / 27.0, "attacker holds");
    close(r.defender_holds, 2.0 / 27.0, "defender holds");
    close_ends(&r, [1.0 / 36.0, 20.0 / 27.0, 25.0 / 108.0, 0.0]);
    close_fs(&r, 0, &[2.0 / 27.0, 25.0 / 108.0, 75.0 / 108.0]);
    close_fs(&r, 1, &[35.0 / 36.0, 1.0 / 36.0, 0.0, 0.0]);
    close_fs(&r, 2, &[25.0 / 27.0, 2.0 / 27.0]);
    close(
        r.sides[1].expected_steps_lost,
        421.0 / 108.0,
        "defender expected steps lost",
    );

    let small_first = HITS.replace(
        r#"{"version": 1,"#,
        r#"{"version": 1, "policy": {"defender": {"hit_order": ["Small"]}},"#,
    );
    let r = solve(&small_first);
    close(r.attacker_holds, 25.0 / 27.0, "Small first: attacker holds");
    close_fs(&r, 1, &[25.0 / 27.0, 2.0 / 27.0, 0.0, 0.0]);
    close_fs(&r, 2, &[35.0 / 36.0, 1.0 / 36.0]);
}

const RESERVE: &str = r#"{"version": 1,
  "attacker": {"house": "York", "blocks": [
     {"custom": {"name": "Pawn", "rating": "C1", "max_strength": 2}, "strength": 1},
     {"custom": {"name": "Rook", "rating": "A6", "max_strength": 3}, "strength": 2, "reserve": true}]},
  "defender": {"house": "Lancaster", "blocks": [
     {"custom": {"name": "Anvil", "rating": "B1", "max_strength": 2}, "strength": 1},
     {"custom": {"name": "Spike", "rating": "C1", "max_strength": 2}, "strength": 1}]}}"#;

/// A reserve sits out round 1 and arrives in round 2 (6.3, D4), including the
/// 6.3 EXCEPTION (the reserve deploys at once when the front line is gone and
/// takes hits from the enemy blocks that have not fired yet).
///
/// Attacker: Pawn (C1, strength 1) in the main attack, Rook (A6, strength 2)
/// in reserve. Defender: Anvil (B1, 1), Spike (C1, 1). Every die of a C1/B1
/// block hits with 1/6.
///
/// Round 1 (Rook neither acts nor can be hit): Anvil fires at Pawn, the only
/// target. Case A (1/6): Pawn dies, Rook deploys at once; Spike has not fired
/// yet, so it fires at Rook: 1/6 -> Rook 2 -> 1. Case B ((5/6)(1/6) = 5/36):
/// Spike kills Pawn, Rook deploys, no defender is left to fire. Case C (25/36):
/// Pawn survives and fires (1/6 kills Anvil, the first of the tie).
///
/// Round 2: Rook (A6) acts first. At strength 2 its two hits clear both
/// defenders (each at 1; surplus carries, D3): attacker holds in round 2.
/// Only case A with the Spike hit (1/36) leaves Rook at 1: it kills Anvil,
/// Spike fires back (1/6 kills Rook: defender holds, round 2), else Rook kills
/// Spike in round 3.
///
/// - defender holds = (1/36)(1/6) = 1/216; attacker holds = 215/216.
/// - ends: round 1 never; round 3 = (1/36)(5/6) = 5/216; round 2 = 211/216.
/// - Rook: [1/216, 5/216, 210/216]; Pawn: [11/36, 25/36]; Anvil always dies;
///   Spike survives (at 1) with 1/216.
///
/// Had Rook fought in round 1 it would have won in round 1; had it been a
/// round-1 target, Anvil's hit would have gone to it (the stronger block).
///
/// Second battle, the defender's reserve and the control change (6.3
/// control passes when every defending block falls in round 1, D5):
/// Hammer (custom A6, strength 1) attacks Small (C1, 1), whose side has Kent/L
/// (A2, p = 1/3, strength 1) in reserve. Round 1: Hammer's hit kills Small;
/// Lancaster has no active block but a reserve, so Kent/L deploys at once (no
/// unfired York block is left to shoot at it) and the roles swap: York is now
/// the defender. Round 2: both blocks are A and the defending A acts first
/// (6.2, D1) - now Hammer, whose hit kills Kent/L. York (the attacker as
/// entered) holds in round 2 with certainty, control changes = 1. (Without
/// the swap Kent would fire first and kill Hammer with 1/3.)
#[test]
fn reserve_sits_out_round_1_and_arrives_in_round_2() {
    let r = solve(RESERVE);
    close(r.attacker_holds, 215.0 / 216.0, "attacker holds");
    close(r.defender_holds, 1.0 / 216.0, "defender holds");
    close_ends(&r, [0.0, 211.0 / 216.0, 5.0 / 216.0, 0.0]);
    close_fs(&r, 0, &[11.0 / 36.0, 25.0 / 36.0]);
    close_fs(&r, 1, &[1.0 / 216.0, 5.0 / 216.0, 210.0 / 216.0]);
    close_fs(&r, 2, &[1.0, 0.0]);
    close_fs(&r, 3, &[215.0 / 216.0, 1.0 / 216.0]);

    let o = order(RESERVE);
    let r1 = turn_names(&o, 1);
    assert!(
        !r1.iter().any(|b| b == "Rook"),
        "Rook acts in round 1: {r1:?}"
    );
    let r2 = turn_names(&o, 2);
    assert_eq!(
        r2.first().map(String::as_str),
        Some("Rook"),
        "round 2 order {r2:?}"
    );

    let r = solve(
        r#"{"version": 1,
      "attacker": {"house": "York", "blocks": [
         {"custom": {"name": "Hammer", "rating": "A6", "max_strength": 2}, "strength": 1}]},
      "defender": {"house": "Lancaster", "blocks": [
         {"custom": {"name": "Small", "rating": "C1", "max_strength": 2}, "strength": 1},
         {"id": "Kent/L", "strength": 1, "reserve": true}]}}"#,
    );
    close(r.attacker_holds, 1.0, "swap: attacker holds");
    close(r.defender_holds, 0.0, "swap: defender holds");
    close(r.control_changes, 1.0, "swap: control changes");
    close_ends(&r, [0.0, 1.0, 0.0, 0.0]);
    close_fs(&r, 0, &[0.0, 1.0]);
    close(r.blocks[1].eliminated, 1.0, "swap: Small eliminated");
    close(r.blocks[2].eliminated, 1.0, "swap: Kent/L eliminated");
}

const CHARGE: &str = r#"{"version": 1, "dead": ["York"],
  "attacker": {"house": "York", "blocks": [{"id": "March", "strength": 1}]},
  "defender": {"house": "Lancaster", "blocks": [
     {"custom": {"name": "Anvil", "rating": "C1", "max_strength": 2}, "strength": 2}]},
  "policy": {"attacker": {"charges": [{"target": "Anvil", "round": 1}], "retreat": {"from_round": 2}}}}"#;

/// Heir charge with the target's counter-fire (6.5, D9).
///
/// March (York heir, A3, p = 1/2; the Duke of York is dead, so March is the
/// Pretender and the senior heir present) at strength 1 charges Anvil (C1,
/// strength 2) in round 1, then retreats on his turn in round 2 (before Anvil,
/// A before C), so only round 1 can kill him.
///
/// Round 1, March charges (one die):
/// - hit (1/2): Anvil 2 -> 1 survives, so it fires back at once with its
///   reduced strength: 1 die, 1/6 kills March. Then Anvil still has its own
///   turn (the counter-fire does not use it up): another 1/6.
///   March survives with (5/6)^2 = 25/36.
/// - miss (1/2): Anvil fires back anyway (D9) with 2 dice, then its own turn
///   with 2 dice: March survives with (25/36)^2 = 625/1296.
///
/// March dies = 1 - [(1/2)(25/36) + (1/2)(625/1296)] = 1 - 1525/2592 =
/// 1067/2592, all in round 1; otherwise he retreats in round 2. Defender
/// holds = 1. Anvil ends at 1 or 2 with 1/2 each.
///
/// Without the charge, March fires normally and only Anvil's own turn answers:
/// dies = (1/2)(1/6) + (1/2)(11/36) = 17/72.
#[test]
fn heir_charge_draws_counter_fire_even_on_a_miss() {
    let r = solve(CHARGE);
    let dies = 1067.0 / 2592.0;
    close(r.defender_holds, 1.0, "defender holds");
    close_ends(&r, [dies, 1525.0 / 2592.0, 0.0, 0.0]);
    close(r.blocks[0].eliminated, dies, "March eliminated");
    close(r.blocks[0].retreated, 1525.0 / 2592.0, "March retreated");
    close(
        r.pretender_dies.expect("March is the Pretender"),
        dies,
        "Pretender dies",
    );
    close(
        r.york_heir_dies.expect("a York heir fights"),
        dies,
        "York heir dies",
    );
    assert!(r.king_dies.is_none());
    close_fs(&r, 1, &[0.0, 0.5, 0.5]);

    let no_charge = CHARGE.replace(r#""charges": [{"target": "Anvil", "round": 1}], "#, "");
    assert_ne!(no_charge, CHARGE);
    let r = solve(&no_charge);
    close(
        r.blocks[0].eliminated,
        17.0 / 72.0,
        "no charge: March eliminated",
    );
    close(
        r.pretender_dies.unwrap(),
        17.0 / 72.0,
        "no charge: Pretender dies",
    );
}

/// A charge that kills its target forfeits the surplus and draws no
/// counter-fire (6.5, D9).
///
/// March (A3, p = 1/2) at strength 2, York dead, charges Small (C1, 1) in round
/// 1 while Big (C1, 2) stands by; March retreats in round 2 (A, before any C).
///
/// The charge rolls 2 dice. With 1 - 1/4 = 3/4 at least one hits: Small dies,
/// a second hit is lost (Big stays at 2, never hit), no counter-fire; Big's
/// own turn (2 dice, 1/6) leaves March at 2/1/0 with 25/36, 10/36, 1/36.
/// With 1/4 both miss: Small counter-fires (1 die), then Big (2 dice) and
/// Small (1 die) take their turns: 4 dice at 1/6 on a strength-2 March:
/// 0 hits 625/1296, 1 hit 500/1296, 2+ hits 171/1296.
///
/// - March dies = (3/4)(1/36) + (1/4)(171/1296) = 279/5184 = 31/576 (round 1);
///   ends at 2 with 3325/5184, at 1 with 1580/5184.
/// - Small eliminated 3/4; Big ends at 2 with certainty.
#[test]
fn charge_surplus_is_forfeit_and_a_killed_target_cannot_answer() {
    let r = solve(
        r#"{"version": 1, "dead": ["York"],
      "attacker": {"house": "York", "blocks": [{"id": "March", "strength": 2}]},
      "defender": {"house": "Lancaster", "blocks": [
         {"custom": {"name": "Big", "rating": "C1", "max_strength": 2}, "strength": 2},
         {"custom": {"name": "Small", "rating": "C1", "max_strength": 2}, "strength": 1}]},
      "policy": {"attacker": {"charges": [{"target": "Small", "round": 1}], "retreat": {"from_round": 2}}}}"#,
    );
    close(r.defender_holds, 1.0, "defender holds");
    close_ends(&r, [31.0 / 576.0, 545.0 / 576.0, 0.0, 0.0]);
    close_fs(&r, 0, &[279.0 / 5184.0, 1580.0 / 5184.0, 3325.0 / 5184.0]);
    close(r.pretender_dies.unwrap(), 31.0 / 576.0, "Pretender dies");
    close_fs(&r, 1, &[0.0, 0.0, 1.0]);
    close_fs(&r, 2, &[0.75, 0.25]);
}

/// A Treachery roll against loyalty 2 succeeds with (1/2)^2 = 1/4 (6.9, D10).
///
/// York is King; the Duke of York (heir 1, B3) at strength 4 attacks Kent/L
/// (A2, p = 1/3, loyalty 2) at strength 1, no area. York rolls treachery on
/// his round-1 turn and retreats from round 2.
///
/// Round 1: Kent (defending A) fires first: York 4 -> 3 with 1/3. York (B)
/// rolls 2 dice; all even with 1/4: Kent defects to York's reserve, Lancaster
/// has no block left, the battle ends (D13) and York holds. Otherwise (3/4)
/// round 2: Kent fires again (1/3), York retreats; Lancaster holds.
///
/// - attacker holds = 1/4; defender holds = 3/4;
///   ends [1/4, 3/4, 0, 0]; Kent/L defected 1/4, never eliminated.
/// - York ends at 4: (1/4)(2/3) + (3/4)(4/9) = 1/2; at 3: (1/4)(1/3) +
///   (3/4)(4/9) = 5/12; at 2: (3/4)(1/9) = 1/12. The King never dies.
#[test]
fn king_treachery_against_loyalty_two_is_one_in_four() {
    let r = solve(
        r#"{"version": 1, "king": "York",
      "attacker": {"house": "York", "blocks": [{"id": "York", "strength": 4}]},
      "defender": {"house": "Lancaster", "blocks": [{"id": "Kent/L", "strength": 1}]},
      "policy": {"attacker": {"treachery": [{"by": "York", "target": "Kent/L", "round": 1}],
                              "retreat": {"from_round": 2}}}}"#,
    );
    close(r.attacker_holds, 0.25, "attacker holds");
    close(r.defender_holds, 0.75, "defender holds");
    // Kent's defection empties Lancaster's side, but with no Lancaster
    // reserve there is no D5 role swap: the battle simply ends.
    close(r.control_changes, 0.0, "control changes (D5 role swap)");
    close_ends(&r, [0.25, 0.75, 0.0, 0.0]);
    close(r.blocks[1].defected, 0.25, "Kent/L defected");
    close(r.blocks[1].eliminated, 0.0, "Kent/L eliminated");
    close(r.blocks[0].retreated, 0.75, "York retreated");
    close_fs(&r, 0, &[0.0, 0.0, 1.0 / 12.0, 5.0 / 12.0, 0.5]);
    close(r.king_dies.expect("the King fights"), 0.0, "King dies");
}

/// Warwick rolls one die against Kent or Salisbury (6.91, D10).
///
/// Warwick/Y (B3) at strength 4 attacks Salisbury/L (B2, p = 1/3, loyalty 2
/// but 1 against Warwick) at strength 1; treachery in round 1, retreat from
/// round 2. Both are B: Salisbury (defending) acts first each round.
///
/// Round 1: Salisbury hits Warwick with 1/3. Warwick rolls ONE die: even with
/// 1/2 -> Salisbury defects, Lancaster has nobody left, York holds (round 1).
/// Else round 2: Salisbury fires again (1/3), Warwick retreats.
///
/// - attacker holds = 1/2 (it would be 1/4 with two dice); ends [1/2, 1/2].
/// - Warwick ends at 4: (1/2)(2/3) + (1/2)(4/9) = 5/9; at 3: (1/2)(1/3) +
///   (1/2)(4/9) = 7/18; at 2: (1/2)(1/9) = 1/18.
#[test]
fn warwick_rolls_one_die_against_salisbury() {
    let r = solve(
        r#"{"version": 1,
      "attacker": {"house": "York", "blocks": [{"id": "Warwick/Y", "strength": 4}]},
      "defender": {"house": "Lancaster", "blocks": [{"id": "Salisbury/L", "strength": 1}]},
      "policy": {"attacker": {"treachery": [{"by": "Warwick/Y", "target": "Salisbury/L", "round": 1}],
                              "retreat": {"from_round": 2}}}}"#,
    );
    close(r.attacker_holds, 0.5, "attacker holds");
    close(r.defender_holds, 0.5, "defender holds");
    close_ends(&r, [0.5, 0.5, 0.0, 0.0]);
    close(r.blocks[1].defected, 0.5, "Salisbury/L defected");
    close_fs(&r, 0, &[0.0, 0.0, 1.0 / 18.0, 7.0 / 18.0, 5.0 / 9.0]);
}

/// The Treason card (D11): one Treachery roll before round 1 by the card's
/// holder (here the defender, no King/Pretender/Warwick present); the convert
/// joins the holder's reserve, sits out round 1, fights from round 2.
///
/// York attacks with Hammer (custom A6, strength 2, no loyalty) and Stanley/Y
/// (B2, loyalty 1) at strength 2; Lancaster defends with Wall (C1, 3) and
/// holds Treason with no named target, so it rolls against the eligible enemy
/// with the fewest loyalty dice: Stanley/Y, one die, 1/2. York retreats from
/// round 3 (Hammer, an A block, retreats first in round 3).
///
/// Failure (1/2). Round 1: Hammer's 2 hits: Wall 3 -> 1; Stanley (2 dice at
/// 1/3) kills Wall with 5/9 (round 1); else (4/9) Wall fires one die at the
/// tied Hammer/Stanley, Hammer first in York's listing: Hammer 2 -> 1 with 1/6.
/// Round 2: Hammer kills Wall. York holds.
///
/// Success (1/2): Stanley/L (strength 2) is a Lancaster reserve. Round 1:
/// Hammer's 2 hits can only go to Wall (3 -> 1); Wall hits Hammer with 1/6.
/// Round 2: Stanley/L is active and now the strongest Lancaster block.
/// - S1 (5/6), Hammer at 2: 2 hits kill Stanley/L; Wall hits Hammer with 1/6;
///   round 3 Hammer retreats. Lancaster holds.
/// - S2 (1/6), Hammer at 1: Stanley/L 2 -> 1, then fires 1 die at 1/3, then
///   Wall 1/6: Hammer dies in round 2 with 1/3 + (2/3)(1/6) = 4/9, else
///   retreats in round 3.
///
/// - attacker holds = defender holds = 1/2.
/// - ends: round 1 = (1/2)(5/9) = 5/18; round 2 = (1/2)(4/9) + (1/12)(4/9) =
///   7/27; round 3 = 5/12 + (1/12)(5/9) = 25/54.
/// - Hammer: dead (1/12)(4/9) = 1/27; at 1: (1/2)(4/9)(1/6) + (5/12)(1/6) +
///   (1/12)(5/9) = 11/72; at 2: (1/2)(25/27) + (5/12)(5/6) = 175/216.
///   Retreated: 5/12 + 5/108 = 25/54.
/// - Stanley: defected 1/2; eliminated (S1) 5/12; ends at 1 (S2) 1/12, at 2
///   (failure, never hit) 1/2.
/// - Wall: dies on failure, ends at 1 on success: [1/2, 1/2, 0, 0].
#[test]
fn treason_card_converts_before_round_1_and_the_convert_fights_from_round_2() {
    let r = solve(
        r#"{"version": 1, "treason": "defender",
      "attacker": {"house": "York", "blocks": [
         {"custom": {"name": "Hammer", "rating": "A6", "max_strength": 4}, "strength": 2},
         {"id": "Stanley/Y", "strength": 2}],
        "retreat_capacity": 4},
      "defender": {"house": "Lancaster", "blocks": [
         {"custom": {"name": "Wall", "rating": "C1", "max_strength": 4}, "strength": 3}]},
      "policy": {"attacker": {"retreat": {"from_round": 3}}}}"#,
    );
    close(r.attacker_holds, 0.5, "attacker holds");
    close(r.defender_holds, 0.5, "defender holds");
    close_ends(&r, [5.0 / 18.0, 7.0 / 27.0, 25.0 / 54.0, 0.0]);
    close_fs(&r, 0, &[1.0 / 27.0, 11.0 / 72.0, 175.0 / 216.0]);
    close(r.blocks[0].retreated, 25.0 / 54.0, "Hammer retreated");
    close(r.blocks[1].defected, 0.5, "Stanley defected");
    close(r.blocks[1].eliminated, 5.0 / 12.0, "Stanley eliminated");
    close_fs(&r, 1, &[5.0 / 12.0, 1.0 / 12.0, 0.5]);
    close_fs(&r, 2, &[0.5, 0.5, 0.0, 0.0]);
}

/// Retreat capacity 0 turns the forced round-4 retreat into an elimination
/// (6.6: a block that must retreat and cannot is eliminated, D12).
///
/// The battle of the first test (Exeter/Y A1 v Kent/L A2, strength 1 each)
/// with the attacker's retreat capacity set to 0. Rounds 1-3 are unchanged;
/// in round 4 the Exeter/Y that survives Kent's fire (125/729 * 2/3 =
/// 250/2187) must retreat, cannot, and is eliminated instead.
///
/// - Exeter/Y eliminated = 1484/2187 + 250/2187 = 1734/2187 = 578/729;
///   retreated 0; defender holds 578/729 (unchanged), attacker 151/729.
#[test]
fn retreat_capacity_zero_eliminates_the_round_4_attacker() {
    let json = PLAIN.replace(
        r#"[{"id": "Exeter/Y", "strength": 1}]}"#,
        r#"[{"id": "Exeter/Y", "strength": 1}], "retreat_capacity": 0}"#,
    );
    assert_ne!(json, PLAIN);
    let r = solve(&json);
    close(r.attacker_holds, 151.0 / 729.0, "attacker holds");
    close(r.defender_holds, 578.0 / 729.0, "defender holds");
    close_ends(&r, [4.0 / 9.0, 20.0 / 81.0, 100.0 / 729.0, 125.0 / 729.0]);
    close(r.blocks[0].eliminated, 578.0 / 729.0, "Exeter/Y eliminated");
    close(r.blocks[0].retreated, 0.0, "Exeter/Y retreated");
    close_fs(&r, 0, &[578.0 / 729.0, 151.0 / 729.0]);
}

/// The senior royal heir defending his shield and a crown is +2 (2.3, 3.21,
/// D7, D8).
///
/// Lancaster is King (Henry VI alive but absent). Exeter/L (A1) defends
/// Cornwall, which has the Exeter shield and a crown. He is +1 on his own
/// shield and, as the senior Lancaster heir present, +1 on the crown: A3
/// (p = 1/2) - the rulebook's own example. March (A3, p = 1/2) attacks at
/// strength 1; Exeter (defending A) fires first each round.
///
/// A round continues with (1/2)(1/2) = 1/4; York wins a round with 1/4.
/// - attacker holds = (1/4)(1 + 1/4 + 1/16) = 21/64 = Lancaster heir dies;
///   defender holds 43/64.
/// - March dies = (1/2)(1 + 1/4 + 1/16 + 1/64) = 85/128 (round 4: shot before
///   his forced retreat).
/// - ends: 3/4, 3/16, 3/64, 1/64.
/// - Neither King (Henry VI) nor Pretender (Duke of York) fights: None.
///
/// If Prince Edward (heir 2, B1) also defends, he is the senior royal heir and
/// takes the crown (B2), leaving Exeter only his shield (A2). If York is King,
/// Exeter is not a royal heir and keeps only his shield (A2).
#[test]
fn senior_royal_heir_is_plus_two_on_his_shield_and_a_crown() {
    let json = r#"{"version": 1, "area": "Cornwall", "king": "Lancaster",
      "attacker": {"house": "York", "blocks": [{"id": "March", "strength": 1}]},
      "defender": {"house": "Lancaster", "blocks": [{"id": "Exeter/L", "strength": 1}]}}"#;
    let r = solve(json);
    close(r.attacker_holds, 21.0 / 64.0, "attacker holds");
    close(r.defender_holds, 43.0 / 64.0, "defender holds");
    close_ends(&r, [0.75, 3.0 / 16.0, 3.0 / 64.0, 1.0 / 64.0]);
    close(
        r.lancaster_heir_dies.expect("Exeter fights"),
        21.0 / 64.0,
        "Lancaster heir dies",
    );
    close(
        r.york_heir_dies.expect("March fights"),
        85.0 / 128.0,
        "York heir dies",
    );
    assert!(r.king_dies.is_none(), "Henry VI is not in the battle");
    assert!(
        r.pretender_dies.is_none(),
        "the Duke of York is not in the battle"
    );
    assert_eq!(rating_in(&order(json), 1, "Exeter/L"), "A3");

    let with_prince = json.replace(
        r#"[{"id": "Exeter/L", "strength": 1}]"#,
        r#"[{"id": "Exeter/L", "strength": 1}, {"id": "Prince Edward", "strength": 1}]"#,
    );
    let o = order(&with_prince);
    assert_eq!(rating_in(&o, 1, "Prince Edward"), "B2");
    assert_eq!(rating_in(&o, 1, "Exeter/L"), "A2");

    let york_king = json.replace(r#""king": "Lancaster""#, r#""king": "York""#);
    assert_eq!(rating_in(&order(&york_king), 1, "Exeter/L"), "A2");
}

/// The heir-death fields are None when no heir of that house fights (the API
/// contract: "None if no such block fights"; rules 9.1 and D8: the defected
/// versions Exeter/Y and Clarence/L are nobles, not heirs).
///
/// In the first test's battle (Exeter/Y v Kent/L, no area, no Treason card)
/// the only blocks are two nobles. No King, Pretender or Warwick is present
/// and nobody holds Treason, so no Treachery roll can turn Exeter/Y back into
/// the Lancaster heir Exeter/L during the battle (6.9, D10, D11). No heir of
/// either house fights, so all four heir fields should be None.
#[test]
fn heir_death_fields_are_none_when_only_a_defected_heir_fights() {
    let r = solve(PLAIN);
    assert_eq!(r.king_dies, None, "king_dies");
    assert_eq!(r.pretender_dies, None, "pretender_dies");
    assert_eq!(r.york_heir_dies, None, "york_heir_dies");
    assert_eq!(r.lancaster_heir_dies, None, "lancaster_heir_dies");
}
