//! The realm during the reset: who lives, whom each person serves and whether he is on the map
//! (V1), who holds the throne, and from that who is King and who is Pretender (V2).

use crate::data::{BLOCKS, BlockData, House, Kind, Loyalty};
use std::sync::OnceLock;

/// A person the variant's events can touch: an heir (3.21) or a non-rose noble (3.22), with the
/// block of each version he has. Church blocks are not among them (V4).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Person {
    /// The person's name, the same for both versions (`Stanley`, `Clarence`).
    pub name: &'static str,
    /// His block while he serves York, if he has one.
    pub york: Option<&'static BlockData>,
    /// His block while he serves Lancaster, if he has one.
    pub lancaster: Option<&'static BlockData>,
}

impl Person {
    /// His block while he serves `house`.
    pub fn version(&self, house: House) -> Option<&'static BlockData> {
        match house {
            House::York => self.york,
            House::Lancaster => self.lancaster,
        }
    }

    /// The house whose heir he is, and his rank (3.21); `None` for a noble.
    pub fn heir(&self) -> Option<(House, u8)> {
        [self.york, self.lancaster]
            .into_iter()
            .flatten()
            .find_map(|b| Some((b.house()?, b.heir_rank?)))
    }

    /// The dice of a Treachery roll against him while he serves `house` as a non-rose noble: his
    /// version's loyalty (6.9, V6). `None` when that version is no such noble (a loyal heir, 3.21).
    pub fn noble_dice(&self, house: House) -> Option<u8> {
        let b = self.version(house)?;
        (b.kind == Kind::Noble).then(|| b.loyalty.dice()).flatten()
    }
}

/// Every heir and non-rose noble, in the order of the block list (`data::BLOCKS`).
pub fn people() -> &'static [Person] {
    static PEOPLE: OnceLock<Vec<Person>> = OnceLock::new();
    PEOPLE.get_or_init(|| {
        let mut out: Vec<Person> = Vec::new();
        let counts = |b: &BlockData| {
            b.kind == Kind::Heir || (b.kind == Kind::Noble && matches!(b.loyalty, Loyalty::Dice(_)))
        };
        for b in BLOCKS.iter().filter(|b| counts(b)) {
            let at = match out.iter().position(|p| p.name == b.person) {
                Some(at) => at,
                None => {
                    out.push(Person {
                        name: b.person,
                        york: None,
                        lancaster: None,
                    });
                    out.len() - 1
                }
            };
            match b.house() {
                Some(House::York) => out[at].york = Some(b),
                Some(House::Lancaster) => out[at].lancaster = Some(b),
                None => {}
            }
        }
        out
    })
}

/// The index in [`people`] of a person, by name.
pub fn person(name: &str) -> Option<usize> {
    people()
        .iter()
        .position(|p| p.name.eq_ignore_ascii_case(name.trim()))
}

/// How a person died.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Death {
    /// Dead before the reset (the scenario's `dead`).
    Before,
    /// Of fatal illness as the King's or Pretender's senior heir (event 4).
    Illness,
    /// Tried and executed for treason (event 3).
    Trial,
    /// Caught spreading rumours against the King and executed (event 5).
    Disgrace,
}

/// Where one person stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Standing {
    /// Alive, serving `house` (by that house's version of his block), on the map or not (V1).
    Serves {
        /// The house he serves.
        house: House,
        /// On the map, exile areas included (V1). Unused for loyal heirs, whom no one names.
        on_map: bool,
    },
    /// Alive, but the scenario does not say where or for whom: a non-rose noble listed neither
    /// on the map nor in a pool. Nothing can touch him; naming him wastes the name (V5).
    Unlisted,
    /// Dead.
    Dead(Death),
}

/// The realm at one point of the reset: everything the rest of the reset and the report depend
/// on, and nothing else, so that equal realms can be merged.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Realm {
    /// The house holding the throne (3.21, V2, V10).
    pub throne: House,
    /// Each person of [`people`], by index.
    pub standing: Vec<Standing>,
    /// The Rebel is on the map (event 5 places it only if not).
    pub rebel_on_map: bool,
    /// The Rebel was placed during this reset (event 5).
    pub rebel_placed: bool,
    /// The persons who defected in the Pledge of Loyalty, one bit each by index.
    pub pledged: u64,
    /// A house that won at once: every heir of the other house is dead (9.0, V13). The reset stops.
    pub winner: Option<House>,
}

impl Realm {
    /// The house a person serves, if alive.
    pub fn serves(&self, p: usize) -> Option<House> {
        match self.standing[p] {
            Standing::Serves { house, .. } => Some(house),
            Standing::Unlisted | Standing::Dead(_) => None,
        }
    }

    /// Dead, before or during the reset.
    pub fn is_dead(&self, p: usize) -> bool {
        matches!(self.standing[p], Standing::Dead(_))
    }

    /// Alive and on the map (V1).
    pub fn on_map(&self, p: usize) -> bool {
        matches!(self.standing[p], Standing::Serves { on_map: true, .. })
    }

    /// The senior living heir of `house` who serves it (3.21): an heir who has defected is no heir
    /// of his house until he comes back (9.1).
    pub fn senior(&self, house: House) -> Option<usize> {
        people()
            .iter()
            .enumerate()
            .filter_map(|(i, p)| match p.heir() {
                Some((h, rank)) if h == house && self.serves(i) == Some(house) => Some((rank, i)),
                _ => None,
            })
            .min()
            .map(|(_, i)| i)
    }

    /// The King: the senior heir of the house on the throne (3.21, V2).
    pub fn king(&self) -> Option<usize> {
        self.senior(self.throne)
    }

    /// The Pretender: the senior heir of the other house (3.21, V2).
    pub fn pretender(&self) -> Option<usize> {
        self.senior(self.throne.other())
    }

    /// The person changes sides, by the other version of his block, staying where he is (V1): a
    /// defected heir who comes back is an heir again (9.1).
    pub fn turn(&mut self, p: usize) {
        if let Standing::Serves { house, on_map } = self.standing[p] {
            self.standing[p] = Standing::Serves {
                house: house.other(),
                on_map,
            };
        }
    }

    /// The person dies; if that leaves a house with no heir alive, the other house wins at once
    /// (9.0, V13).
    pub fn kill(&mut self, p: usize, death: Death) {
        self.standing[p] = Standing::Dead(death);
        for house in [House::York, House::Lancaster] {
            if self.winner.is_none() && self.heirs_all_dead(house) {
                self.winner = Some(house.other());
            }
        }
    }

    /// Every heir of `house` is dead (9.0).
    pub fn heirs_all_dead(&self, house: House) -> bool {
        people()
            .iter()
            .enumerate()
            .filter(|(_, p)| p.heir().is_some_and(|(h, _)| h == house))
            .all(|(i, _)| self.is_dead(i))
    }
}
