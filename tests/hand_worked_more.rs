//! More battles worked out by hand (continuing `hand_worked.rs`), one for each rule that had no
//! such test: the cathedral (2.5) and Wales (2.6) bonuses, the firepower cap (R11), the end of
//! round 4 for attacking blocks still in the area (D13, R7), and the end of a battle whose
//! defender leaves in round 4 (D13: held, never vacant).
//!
//! Every figure below comes from the rulebook (`shared/seeds/richard-iii-rules.md`), the
//! decisions D1-D15 (`shared/notes/battle-rules.md`) and `docs/rules.md`, worked on paper; the
//! derivation is in each test's doc comment, and the engine's exact answer must equal it to 1e-12.
//!
//! Notation as in `hand_worked.rs`: `p` is the chance one die hits, firepower/6 (6.4).
//!
//! Most battles here are duels of two strength-1 blocks, fought the same way every round until
//! one falls: if the defender fires first (an earlier letter, or the same letter: 6.2, D1), with
//! `d` = its p and `a` = the attacker's p, a round ends with the attacker dead with `d`, the
//! defender dead with `(1 - d) a`, and goes on with `c = (1 - d)(1 - a)`. In round 4 the defender
//! fires once more and the survivor among the attackers retreats on its turn (6.2, D12). So
//! attacker holds = `(1 - d) a (1 + c + c^2)`, the battle ends in round r <= 3 with
//! `c^(r-1) (d + (1 - d) a)` and in round 4 with `c^3`; the attacker is eliminated with
//! `d (1 + c + c^2 + c^3)` and retreats with `c^3 (1 - d)`. If the attacker fires first (an
//! earlier letter), the round ends with the defender dead with `a`, the attacker dead with
//! `(1 - a) d`, and goes on with the same `c`; in round 4 the attacker retreats on its turn before
//! the defender fires, so attacker holds = `a (1 + c + c^2)` and it retreats with `c^3`.

mod common;
use common::hand::*;

/// The index of the block named `name` in a report (scenario order).
fn at(r: &bosworth::Report, name: &str) -> usize {
    r.blocks
        .iter()
        .position(|b| b.name == name)
        .unwrap_or_else(|| panic!("no block {name}"))
}

const CATHEDRAL: &str = r#"{"version": 1, "area": "Kent",
  "attacker": {"house": "Lancaster", "blocks": [{"id": "York (church)/L", "strength": 1}]},
  "defender": {"house": "York", "blocks": [{"id": "Canterbury (church)/Y", "strength": 1}]}}"#;

/// A church block is +1 defending its own cathedral (2.5, 3.23), and only its own, and only
/// defending (D6).
///
/// Kent holds the Canterbury cathedral (and the Buckingham shield, no crown, no city). The
/// Canterbury church block (printed C1) defends it at strength 1: C2, p = 1/3. The York church
/// block (C2, p = 1/3) attacks at strength 1: Kent is not its cathedral and it attacks anyway.
/// Nobody present can make a Treachery roll (no King, Pretender or Warwick, no Treason card), so
/// their loyalties never matter. Both are C: the defending C fires first (6.2, D1).
///
/// d = 1/3, a = 1/3, c = (2/3)(2/3) = 4/9:
/// - attacker holds = (2/3)(1/3)(1 + 4/9 + 16/81) = (2/9)(133/81) = 266/729; defender 463/729.
/// - ends: round 1 = 1/3 + 2/9 = 5/9, round 2 = (4/9)(5/9) = 20/81, round 3 = 80/729, round 4 =
///   (4/9)^3 = 64/729.
/// - York (church)/L eliminated = (1/3)(1 + 4/9 + 16/81 + 64/729) = (1/3)(1261/729) = 1261/2187,
///   retreated in round 4 = (64/729)(2/3) = 128/2187, still in Kent when it falls: 798/2187.
///
/// Without the cathedral (the same battle in Sussex) Canterbury is C1, p = 1/6: c = (5/6)(2/3) =
/// 5/9 and attacker holds = (5/6)(1/3)(1 + 5/9 + 25/81) = (5/18)(151/81) = 755/1458.
///
/// The York church block defending South Yorks (its cathedral, 2.5) is C3, p = 1/2; against the
/// Canterbury block attacking (C1, p = 1/6): c = (1/2)(5/6) = 5/12, attacker holds =
/// (1/2)(1/6)(1 + 5/12 + 25/144) = (1/12)(229/144) = 229/1728. There the Canterbury block would
/// get nothing (not its cathedral), nor would the York block attacking it (D6).
#[test]
fn cathedral_adds_one_firepower_to_its_own_church_block_defending() {
    let r = solve(CATHEDRAL);
    close(r.attacker_holds, 266.0 / 729.0, "Kent: attacker holds");
    close(r.defender_holds, 463.0 / 729.0, "Kent: defender holds");
    close(r.vacant, 0.0, "Kent: vacant");
    close_ends(&r, [5.0 / 9.0, 20.0 / 81.0, 80.0 / 729.0, 64.0 / 729.0]);
    let york = at(&r, "York (church)/L");
    close(
        r.blocks[york].eliminated,
        1261.0 / 2187.0,
        "York church eliminated",
    );
    close(
        r.blocks[york].retreated,
        128.0 / 2187.0,
        "York church retreated",
    );
    close_fs(&r, york, &[1261.0 / 2187.0, 926.0 / 2187.0]);
    let canterbury = at(&r, "Canterbury (church)/Y");
    close(
        r.blocks[canterbury].eliminated,
        266.0 / 729.0,
        "Canterbury eliminated",
    );
    let o = order(CATHEDRAL);
    assert_eq!(rating_in(&o, 1, "Canterbury (church)/Y"), "C2");
    assert_eq!(rating_in(&o, 1, "York (church)/L"), "C2");
    assert_eq!(
        turn_names(&o, 1),
        ["Canterbury (church)/Y", "York (church)/L"]
    );

    let sussex = CATHEDRAL.replace("\"Kent\"", "\"Sussex\"");
    assert_ne!(sussex, CATHEDRAL);
    let r = solve(&sussex);
    close(r.attacker_holds, 755.0 / 1458.0, "Sussex: attacker holds");
    assert_eq!(rating_in(&order(&sussex), 1, "Canterbury (church)/Y"), "C1");

    let south_yorks = r#"{"version": 1, "area": "South Yorks",
      "attacker": {"house": "Lancaster", "blocks": [{"id": "Canterbury (church)/L", "strength": 1}]},
      "defender": {"house": "York", "blocks": [{"id": "York (church)/Y", "strength": 1}]}}"#;
    let r = solve(south_yorks);
    close(
        r.attacker_holds,
        229.0 / 1728.0,
        "South Yorks: attacker holds",
    );
    let o = order(south_yorks);
    assert_eq!(rating_in(&o, 1, "York (church)/Y"), "C3");
    assert_eq!(rating_in(&o, 1, "Canterbury (church)/L"), "C1");

    // The wrong church gets nothing from a cathedral, and neither does the attacker.
    let swapped = r#"{"version": 1, "area": "South Yorks",
      "attacker": {"house": "Lancaster", "blocks": [{"id": "York (church)/L", "strength": 1}]},
      "defender": {"house": "York", "blocks": [{"id": "Canterbury (church)/Y", "strength": 1}]}}"#;
    let o = order(swapped);
    assert_eq!(rating_in(&o, 1, "Canterbury (church)/Y"), "C1");
    assert_eq!(rating_in(&o, 1, "York (church)/L"), "C2");
}

const WALES: &str = r#"{"version": 1, "area": "Powys",
  "attacker": {"house": "York", "blocks": [{"id": "Irish Mercenary", "strength": 1}]},
  "defender": {"house": "Lancaster", "blocks": [{"id": "Welsh Mercenary", "strength": 1}]}}"#;

/// The Welsh mercenary is +1 defending any of the four areas of Wales (2.6), and only defending
/// (D6).
///
/// Powys is in Wales and has no shield, crown, city or cathedral. The Welsh Mercenary (printed
/// A2) defends it at strength 1: A3, p = 1/2. The Irish Mercenary (B2, p = 1/3) attacks at
/// strength 1. The Welsh (A) fire before the Irish (B) every round (6.2).
///
/// d = 1/2, a = 1/3, c = (1/2)(2/3) = 1/3:
/// - attacker holds = (1/2)(1/3)(1 + 1/3 + 1/9) = (1/6)(13/9) = 13/54; defender 41/54.
/// - ends: round 1 = 1/2 + 1/6 = 2/3, round 2 = 2/9, round 3 = 2/27, round 4 = 1/27.
/// - Irish eliminated = (1/2)(1 + 1/3 + 1/9 + 1/27) = (1/2)(40/27) = 20/27, retreated in round 4
///   = (1/27)(1/2) = 1/54; Welsh eliminated = 13/54.
///
/// In Hereford, next to Wales, the Welsh are plain A2 (p = 1/3): c = 4/9, attacker holds =
/// (2/3)(1/3)(1 + 4/9 + 16/81) = 266/729.
///
/// The Welsh attacking Glamorgan (in Wales) get nothing (D6): the Welsh (A2, p = 1/3) now fire
/// before the Irish defending (B2, p = 1/3): a = 1/3, c = (2/3)(2/3) = 4/9, attacker holds =
/// (1/3)(1 + 4/9 + 16/81) = (1/3)(133/81) = 133/243 (it would be (1/2)(1 + 1/3 + 1/9) = 13/18 at
/// A3); in round 4 the Welsh retreat at once, before the Irish fire: retreated (4/9)^3 = 64/729.
#[test]
fn wales_adds_one_firepower_to_the_welsh_defending_any_welsh_area() {
    let r = solve(WALES);
    close(r.attacker_holds, 13.0 / 54.0, "Powys: attacker holds");
    close(r.defender_holds, 41.0 / 54.0, "Powys: defender holds");
    close_ends(&r, [2.0 / 3.0, 2.0 / 9.0, 2.0 / 27.0, 1.0 / 27.0]);
    let irish = at(&r, "Irish Mercenary");
    close(r.blocks[irish].eliminated, 20.0 / 27.0, "Irish eliminated");
    close(r.blocks[irish].retreated, 1.0 / 54.0, "Irish retreated");
    let welsh = at(&r, "Welsh Mercenary");
    close(r.blocks[welsh].eliminated, 13.0 / 54.0, "Welsh eliminated");

    for area in ["Caernarvon", "Pembroke", "Powys", "Glamorgan"] {
        let json = WALES.replace("\"Powys\"", &format!("\"{area}\""));
        assert_eq!(
            rating_in(&order(&json), 1, "Welsh Mercenary"),
            "A3",
            "{area}"
        );
    }
    for area in ["Chester", "Hereford", "Gloucester"] {
        let json = WALES.replace("\"Powys\"", &format!("\"{area}\""));
        assert_eq!(
            rating_in(&order(&json), 1, "Welsh Mercenary"),
            "A2",
            "{area}"
        );
    }
    let hereford = WALES.replace("\"Powys\"", "\"Hereford\"");
    close(
        solve(&hereford).attacker_holds,
        266.0 / 729.0,
        "Hereford: attacker holds",
    );

    let attacking = r#"{"version": 1, "area": "Glamorgan",
      "attacker": {"house": "Lancaster", "blocks": [{"id": "Welsh Mercenary", "strength": 1}]},
      "defender": {"house": "York", "blocks": [{"id": "Irish Mercenary", "strength": 1}]}}"#;
    let r = solve(attacking);
    close(r.attacker_holds, 133.0 / 243.0, "Welsh attacking: holds");
    close_ends(&r, [5.0 / 9.0, 20.0 / 81.0, 80.0 / 729.0, 64.0 / 729.0]);
    close(
        r.blocks[at(&r, "Welsh Mercenary")].retreated,
        64.0 / 729.0,
        "Welsh attacking: retreated",
    );
    assert_eq!(rating_in(&order(attacking), 1, "Welsh Mercenary"), "A2");
}

const ARCHER: &str = r#"{"version": 1, "area": "Cornwall", "king": "Lancaster",
  "attacker": {"house": "York", "blocks": [{"id": "Kent/Y", "strength": 1}]},
  "defender": {"house": "Lancaster", "blocks": [
     {"custom": {"name": "Archer", "rating": "B5", "max_strength": 1}, "strength": 1}]}}"#;

/// Firepower is capped at 6, where every die hits; custom blocks get no defensive bonus anywhere
/// (R11).
///
/// What the cap can change: nothing reaches 7. A custom block is rated 1-6 and gets no bonus
/// (R11); a printed block's bonus is at most +2 (D7), and only heirs get +2, whose printed
/// firepower is at most 3, while the other blocks with a home are at most 3 + 1 (checked below on
/// the block data). So the cap never binds; what R11 makes testable is that a custom block stays
/// at its rating in an area full of bonuses, and that 6 hits with every die.
///
/// Archer (custom B5, p = 5/6) defends Cornwall (the Devon and Exeter shields and a crown, the
/// Lancaster King's) at strength 1; Kent/Y (A2, p = 1/3) attacks at strength 1 and fires first
/// (A before B). a = 1/3, Archer's d = 5/6, c = (2/3)(1/6) = 1/9:
/// - attacker holds = (1/3)(1 + 1/9 + 1/81) = (1/3)(91/81) = 91/243; defender 152/243.
/// - ends: round 1 = 1/3 + (2/3)(5/6) = 8/9, round 2 = 8/81, round 3 = 8/729, round 4 = 1/729
///   (Kent retreats at once in round 4, 6.2).
/// - Kent/Y eliminated = (2/3)(5/6)(1 + 1/9 + 1/81) = (5/9)(91/81) = 455/729; retreated 1/729.
///
/// Had Archer taken a bonus (B6), or rated B6 outright: every die hits, so Archer kills Kent
/// whenever Kent misses: attacker holds = 1/3, defender 2/3, the battle always ends in round 1.
#[test]
fn firepower_six_hits_with_every_die_and_custom_blocks_get_no_bonus() {
    let r = solve(ARCHER);
    close(r.attacker_holds, 91.0 / 243.0, "B5: attacker holds");
    close(r.defender_holds, 152.0 / 243.0, "B5: defender holds");
    close_ends(&r, [8.0 / 9.0, 8.0 / 81.0, 8.0 / 729.0, 1.0 / 729.0]);
    let kent = at(&r, "Kent/Y");
    close(
        r.blocks[kent].eliminated,
        455.0 / 729.0,
        "B5: Kent eliminated",
    );
    close(r.blocks[kent].retreated, 1.0 / 729.0, "B5: Kent retreated");
    assert_eq!(rating_in(&order(ARCHER), 1, "Archer"), "B5");

    let six = ARCHER.replace("\"B5\"", "\"B6\"");
    assert_ne!(six, ARCHER);
    let r = solve(&six);
    close(r.attacker_holds, 1.0 / 3.0, "B6: attacker holds");
    close(r.defender_holds, 2.0 / 3.0, "B6: defender holds");
    close_ends(&r, [1.0, 0.0, 0.0, 0.0]);
    assert_eq!(rating_in(&order(&six), 1, "Archer"), "B6");

    // The cap cannot bind on printed blocks: the most any of them reaches is 5 (2.3, D7).
    for b in &bosworth::data::BLOCKS {
        let most = match b.home {
            bosworth::data::Home::Nowhere => 0,
            bosworth::data::Home::Heir { .. } => 2,
            _ => 1,
        };
        assert!(b.rating.firepower + most <= 5, "{}", b.id);
    }
}

/// A battle in progress in round 4: the attacker (York) has Dud (custom A1) still to act and two
/// blocks that turned to it this round and wait in its reserve (D10, R6).
const ROUND_4: &str = r#"{"version": 1,
  "attacker": {"house": "York", "retreat_capacity": 2, "blocks": [
     {"custom": {"name": "Dud", "rating": "A1", "max_strength": 1}, "strength": 1},
     {"id": "Stanley/Y", "strength": 2, "reserve": true},
     {"id": "Rivers/Y", "strength": 1, "reserve": true}]},
  "defender": {"house": "Lancaster", "blocks": [
     {"custom": {"name": "Post", "rating": "B1", "max_strength": 1}, "strength": 1}]},
  "progress": {"round": 4, "defected": ["Stanley/Y", "Rivers/Y"]}}"#;

/// Attacking blocks still in the area after round 4 retreat while the round-4 capacity lasts,
/// in fire order, and are eliminated after (D13, R7); a reserve deployed too late to act takes
/// the hits of the enemy blocks that fire after it deploys (D4, R6).
///
/// Under D10 only the defender rolls in round 4, so a block joins the attacker in round 4 only in
/// a battle described that way (`progress`); the format takes it, and D13 says what follows.
/// Round 4 of this battle: Stanley/Y (strength 2) and Rivers/Y (1) turned to York this round and
/// sit in York's reserve; York's retreat capacity is 2 a round, none used yet.
///
/// - Dud (attacking A) acts first and must retreat (6.2, D12): capacity 2 -> 1 left.
/// - York has no active block left but two reserves: they deploy at once (D4), too late to act
///   this round (R6), and take hits from Lancaster blocks that fire later.
/// - Post (defending B) fires one die, p = 1/6, at the strongest: Stanley 2 -> 1 with 1/6.
/// - Round 4 is over with Stanley and Rivers in the area (D13): in York's fire order (the listing,
///   D2) Stanley retreats with the one retreat left, at 2 (5/6) or 1 (1/6); Rivers cannot and is
///   eliminated (R7). Lancaster holds, in round 4, always.
/// - York's steps lost (R4): Rivers' 1 step eliminated for want of a retreat, plus Stanley's hit:
///   1 with 5/6, 2 with 1/6. Lancaster loses nothing.
///
/// With Rivers first in York's fire order, Rivers retreats and Stanley is eliminated: York loses
/// Stanley's 2 steps whatever the die (a hit and 1 left, or 2 left). With capacity 1, Dud's
/// retreat uses it and both are eliminated: 3 steps. With no limit both retreat: 1 step with 1/6.
#[test]
fn attacking_blocks_left_after_round_4_retreat_in_fire_order_while_capacity_lasts() {
    let r = solve(ROUND_4);
    close(r.defender_holds, 1.0, "defender holds");
    close(r.vacant, 0.0, "vacant");
    close_ends(&r, [0.0, 0.0, 0.0, 1.0]);
    let (dud, stanley, rivers, post) = (
        at(&r, "Dud"),
        at(&r, "Stanley/Y"),
        at(&r, "Rivers/Y"),
        at(&r, "Post"),
    );
    close(r.blocks[dud].retreated, 1.0, "Dud retreated");
    close(r.blocks[stanley].retreated, 1.0, "Stanley retreated");
    close_fs(&r, stanley, &[0.0, 1.0 / 6.0, 5.0 / 6.0]);
    close(r.blocks[rivers].eliminated, 1.0, "Rivers eliminated");
    close(r.blocks[rivers].retreated, 0.0, "Rivers retreated");
    close_fs(&r, post, &[0.0, 1.0]);
    close(r.sides[0].steps_lost[1], 5.0 / 6.0, "York loses 1 step");
    close(r.sides[0].steps_lost[2], 1.0 / 6.0, "York loses 2 steps");
    close(
        r.sides[1].expected_steps_lost,
        0.0,
        "Lancaster's steps lost",
    );

    let rivers_first = ROUND_4.replace(
        r#""progress""#,
        r#""policy": {"attacker": {"fire_order": ["Rivers/Y"]}}, "progress""#,
    );
    let r = solve(&rivers_first);
    close(
        r.blocks[rivers].retreated,
        1.0,
        "Rivers first: Rivers retreated",
    );
    close(
        r.blocks[stanley].eliminated,
        1.0,
        "Rivers first: Stanley eliminated",
    );
    close(
        r.sides[0].steps_lost[2],
        1.0,
        "Rivers first: York loses 2 steps",
    );

    let one = ROUND_4.replace(r#""retreat_capacity": 2"#, r#""retreat_capacity": 1"#);
    let r = solve(&one);
    close(r.blocks[dud].retreated, 1.0, "capacity 1: Dud retreated");
    close(
        r.blocks[stanley].eliminated,
        1.0,
        "capacity 1: Stanley eliminated",
    );
    close(
        r.blocks[rivers].eliminated,
        1.0,
        "capacity 1: Rivers eliminated",
    );
    close(
        r.sides[0].steps_lost[3],
        1.0,
        "capacity 1: York loses 3 steps",
    );

    let open = ROUND_4.replace(r#""retreat_capacity": 2, "#, "");
    let r = solve(&open);
    close(
        r.blocks[stanley].retreated,
        1.0,
        "no limit: Stanley retreated",
    );
    close(
        r.blocks[rivers].retreated,
        1.0,
        "no limit: Rivers retreated",
    );
    close(
        r.sides[0].steps_lost[0],
        5.0 / 6.0,
        "no limit: York loses nothing",
    );
    close(
        r.sides[0].steps_lost[1],
        1.0 / 6.0,
        "no limit: York loses 1 step",
    );
}

const LEAVES: &str = r#"{"version": 1,
  "attacker": {"house": "York", "blocks": [{"id": "Essex", "strength": 1}]},
  "defender": {"house": "Lancaster", "blocks": [{"id": "Kent/L", "strength": 1}]},
  "policy": {"defender": {"retreat": {"from_round": 4}}}}"#;

/// The battle ends as soon as one side has no block left (D13): a defender that leaves in round 4
/// before the attacker's turn leaves the area to the attacker, who then has no round-4 turn in
/// which to retreat. Not vacant.
///
/// Kent/L (A2, p = 1/3) defends at strength 1 and retreats from round 4 (D12: the defender may
/// retreat in rounds 2-4); Essex (B1, p = 1/6) attacks at strength 1; no area. Rounds 1-3 are a
/// duel with the defender first: d = 1/3, a = 1/6, c = (2/3)(5/6) = 5/9. In round 4 Kent (A)
/// retreats on his turn, before Essex's (B): Lancaster has no block left and York holds.
///
/// - attacker holds = (2/3)(1/6)(1 + 5/9 + 25/81) + (5/9)^3 = (1/9)(151/81) + 125/729 = 276/729
///   = 92/243; defender holds = (1/3)(151/81) = 151/243; vacant 0.
/// - ends: round 1 = 1/3 + 1/9 = 4/9, round 2 = 20/81, round 3 = 100/729, round 4 = 125/729.
/// - Kent retreated = 125/729; Essex never retreats and is eliminated with 151/243.
///
/// No battle leaves the area vacant under D1-D15: the battle ends when one side has no block (a
/// fire, a charge's counter-fire, a retreat or an elimination for want of one empties at most one
/// side, and a defection moves a block to the other side); after round 4 only the attacker's
/// blocks leave (D13), and the defender still has one (otherwise the battle would have ended). D13
/// names vacancy as an outcome, with a block turned to the attacker in round 4 as its example, but
/// D10 lets the attacker roll only in rounds 1-3.
#[test]
fn a_defender_that_leaves_in_round_4_leaves_the_area_to_the_attacker() {
    let r = solve(LEAVES);
    close(r.attacker_holds, 92.0 / 243.0, "attacker holds");
    close(r.defender_holds, 151.0 / 243.0, "defender holds");
    close(r.vacant, 0.0, "vacant");
    close_ends(&r, [4.0 / 9.0, 20.0 / 81.0, 100.0 / 729.0, 125.0 / 729.0]);
    let (essex, kent) = (at(&r, "Essex"), at(&r, "Kent/L"));
    close(r.blocks[kent].retreated, 125.0 / 729.0, "Kent retreated");
    close(r.blocks[essex].retreated, 0.0, "Essex retreated");
    close(
        r.blocks[essex].eliminated,
        151.0 / 243.0,
        "Essex eliminated",
    );
}
