//! The variant's Random Events table, one die rolled by the King, the Pretender, then the King,
//! each result applied at once (V3).

use super::naming::{Purpose, named};
use super::realm::{Death, Realm, people, person};
use super::treachery::all_even;
use super::validate::Reset;
use crate::data::House;

/// Who rolls: the role as it stands at the moment of the roll (V3).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Role {
    /// The house on the throne.
    King,
    /// The other house.
    Pretender,
}

/// The three rolls, in order.
pub const ROLLS: [Role; 3] = [Role::King, Role::Pretender, Role::King];

/// The realms one roll of `die` (1-6) by `role` may leave, each with its chance given the die
/// (they sum to 1). A realm where a house has already won is left as it is (V13).
pub fn event(reset: &Reset, realm: &Realm, role: Role, die: u8) -> Vec<(f64, Realm)> {
    if realm.winner.is_some() {
        return vec![(1.0, realm.clone())];
    }
    let roller = match role {
        Role::King => realm.throne,
        Role::Pretender => realm.throne.other(),
    };
    match die {
        2 => vec![(1.0, kingmakers_treason(realm))],
        3 => trial_for_treason(realm, roller),
        4 => vec![(1.0, death_of_his_grace(realm, roller))],
        5 => vec![(1.0, disgrace(reset, realm, roller))],
        6 => double_game(reset, realm, roller),
        // 1, the Queen's Witchcraft: no effect.
        _ => vec![(1.0, realm.clone())],
    }
}

/// Event 2: Warwick changes sides, wherever he is, each time a 2 is rolled (V8).
fn kingmakers_treason(realm: &Realm) -> Realm {
    let mut out = realm.clone();
    if let Some(warwick) = person("Warwick") {
        out.turn(warwick);
    }
    out
}

/// Event 3: the King's Clarence (York) or Exeter (Lancaster) is tried with a Treachery roll and
/// executed if every die is even; nothing on the Pretender's roll, nor when that heir is dead,
/// has defected, or is the King (V9).
fn trial_for_treason(realm: &Realm, roller: House) -> Vec<(f64, Realm)> {
    if roller != realm.throne {
        return vec![(1.0, realm.clone())];
    }
    // V9: the heir of the roller's house whose heir block has a loyalty rating (3.13, 9.1).
    let subject = people().iter().position(|p| {
        p.heir().is_some_and(|(h, _)| h == roller)
            && p.version(roller)
                .is_some_and(|b| b.loyalty.dice().is_some())
    });
    let Some(p) = subject.filter(|&p| realm.serves(p) == Some(roller) && realm.king() != Some(p))
    else {
        return vec![(1.0, realm.clone())];
    };
    let dice = people()[p]
        .version(roller)
        .and_then(|b| b.loyalty.dice())
        .unwrap_or(0);
    let guilty = all_even(dice);
    let mut executed = realm.clone();
    executed.kill(p, Death::Trial);
    vec![(guilty, executed), (1.0 - guilty, realm.clone())]
}

/// Event 4: the roller's senior heir dies; the next heir of his house is King or Pretender at
/// once (3.21). A King who leaves his house no heir hands the crown to the other house, unless
/// that ends the game (9.0); a roller with no heir loses none (V10).
fn death_of_his_grace(realm: &Realm, roller: House) -> Realm {
    let mut out = realm.clone();
    let Some(heir) = realm.senior(roller) else {
        return out;
    };
    out.kill(heir, Death::Illness);
    if out.winner.is_none() && roller == out.throne && out.king().is_none() {
        // V10: only defected heirs of his house are left; the crown goes to the other house.
        if out.senior(roller.other()).is_some() {
            out.throne = roller.other();
        }
    }
    out
}

/// Event 5, on the King's roll only: the Pretender names a noble, who is executed if on the map,
/// and places the Rebel if it is not on the map and he wishes (V11).
fn disgrace(reset: &Reset, realm: &Realm, roller: House) -> Realm {
    let mut out = realm.clone();
    if roller != realm.throne {
        return out;
    }
    let namer = roller.other();
    let choices = reset.choices(namer);
    for p in named(reset, realm, namer, &choices.disgrace, Purpose::Execute, 1) {
        if realm.on_map(p) {
            out.kill(p, Death::Disgrace);
        }
    }
    // V11: "Also": the Rebel comes whether or not the named noble was on the map; not once the
    // execution has ended the game (9.0, V13).
    if choices.place_rebel && !out.rebel_on_map && out.winner.is_none() {
        out.rebel_on_map = true;
        out.rebel_placed = true;
    }
    out
}

/// Event 6, on either roll: the roller's opponent names a noble, who defects if on the map and
/// every die of his Treachery roll is even (V12).
fn double_game(reset: &Reset, realm: &Realm, roller: House) -> Vec<(f64, Realm)> {
    let namer = roller.other();
    let list = &reset.choices(namer).double_game;
    for p in named(reset, realm, namer, list, Purpose::Defect, 1) {
        let dice = realm
            .serves(p)
            .filter(|_| realm.on_map(p))
            .and_then(|house| people()[p].noble_dice(house));
        if let Some(dice) = dice {
            let turn = all_even(dice);
            let mut turned = realm.clone();
            turned.turn(p);
            return vec![(turn, turned), (1.0 - turn, realm.clone())];
        }
    }
    vec![(1.0, realm.clone())]
}
