//! The map's reducer: the board (`docs/board.md`) being set up, with its history, and whether the
//! engine takes it (`bosworth::board::Position::new`, at every change: it only reads the board).
//! No `Html` here.
//!
//! Every edit names areas by name and blocks by their place in an area, so an edit means the same
//! whatever order the board lists its areas in. An area's entry is added when something is put
//! in it, at the end of the board's list (the order the player set the board up in), and dropped
//! when it is empty. Fields the map does not edit (a block's route, this turn's spent action
//! points, the enemy's attacks, `enemy_pool`...) are kept as a board file or link brought them.

use crate::shell::doc::{Doc, DocAction};
use bosworth::ScenarioError;
use bosworth::board::{AreaEntry, BOARD_VERSION, Board, BoardKind, Card, Known, Piece, Position};
use bosworth::data::{self, House};
use bosworth::scenario::StrengthPrior;
use std::rc::Rc;
use yew::{Properties, Reducible, UseReducerHandle};

/// The most unseen enemy blocks the map lets one area hold: a house has 24 blocks in play at the
/// start (R21), and an area holds any number of them.
pub const MAX_ENEMY: u8 = 24;

/// An edit of the board.
#[derive(Debug, Clone, PartialEq)]
pub enum MapEdit {
    /// The moving player's house. His blocks and the enemy's known blocks change places (each
    /// side sees its own blocks); the unseen counts stay where they stand.
    House(House),
    /// The house holding the throne (3.21).
    King(House),
    /// The moving player is Player 1 or 2 this turn (1.1).
    Player(u8),
    /// The action points of the card played: 2, 3 or 4 (5.1).
    Card(Card),
    /// A block is dead (6.8), or no longer listed as dead. A block marked dead leaves the board.
    Dead(String, bool),
    /// One of the moving player's blocks is placed in an area at full strength (3.11); a block
    /// standing elsewhere moves there.
    Add {
        /// The area's name.
        area: String,
        /// The block's id.
        id: String,
    },
    /// A block of the moving player's moves to another area (at the end of its list).
    Move {
        /// The area it stands in.
        from: String,
        /// Its place in that area's list.
        index: usize,
        /// The area it goes to.
        to: String,
    },
    /// A block of the moving player's leaves the board.
    Remove {
        /// The area.
        area: String,
        /// Its place in the area's list.
        index: usize,
    },
    /// A block's strength (1 to its maximum, 3.11).
    Strength {
        /// The area.
        area: String,
        /// Its place in the area's list.
        index: usize,
        /// The strength.
        strength: u8,
    },
    /// How many enemy blocks stand unseen in an area (Fog-of-War).
    Enemy {
        /// The area.
        area: String,
        /// How many.
        count: u8,
    },
    /// What the unseen enemy blocks' strengths may be, in an area.
    EnemyStrength {
        /// The area.
        area: String,
        /// The strengths they may have.
        prior: StrengthPrior,
    },
    /// An enemy block known by name and strength (revealed in an earlier battle) stands in an
    /// area, at full strength; one of the unseen blocks there, if any, is now this one.
    AddKnown {
        /// The area.
        area: String,
        /// The block's id.
        id: String,
    },
    /// A known enemy block leaves the board.
    RemoveKnown {
        /// The area.
        area: String,
        /// Its place in the area's known blocks.
        index: usize,
    },
    /// A known enemy block's strength.
    KnownStrength {
        /// The area.
        area: String,
        /// Its place in the area's known blocks.
        index: usize,
        /// The strength.
        strength: u8,
    },
    /// Everything in an area leaves the board.
    Clear(String),
}

/// An action of the map.
pub type MapAction = DocAction<Board, MapEdit>;

/// Everything the map's reducer holds.
#[derive(Debug, Clone, PartialEq)]
pub struct MapState {
    /// The board being set up, with its history.
    pub doc: Doc<Board>,
    /// Whether the engine takes the board: `Ok`, or the field that is wrong and why.
    pub check: Result<(), ScenarioError>,
}

/// The engine's verdict on a board (`Position::new`).
pub fn check(board: &Board) -> Result<(), ScenarioError> {
    Position::new(board).map(|_| ())
}

impl MapState {
    /// A state showing `board`, checked.
    pub fn new(board: Board) -> MapState {
        let check = check(&board);
        MapState {
            doc: Doc::new(board),
            check,
        }
    }

    /// The board as set up.
    pub fn board(&self) -> &Board {
        &self.doc.scenario
    }

    /// Applies an action (pure).
    pub fn apply(self, action: MapAction) -> MapState {
        let revision = self.doc.revision;
        let doc = self.doc.apply(action, apply_edit);
        let check = if doc.revision == revision {
            self.check
        } else {
            check(&doc.scenario)
        };
        MapState { doc, check }
    }
}

impl Reducible for MapState {
    type Action = MapAction;

    fn reduce(self: Rc<Self>, action: MapAction) -> Rc<Self> {
        Rc::new((*self).clone().apply(action))
    }
}

/// Props of the map's parts.
#[derive(Properties, PartialEq, Clone)]
pub struct MapProps {
    /// The reducer.
    pub state: UseReducerHandle<MapState>,
}

/// Sends an edit.
pub fn edit(state: &UseReducerHandle<MapState>, e: MapEdit) {
    state.dispatch(DocAction::Edit(e));
}

/// An empty board: York to move with a 2-AP card, Lancaster on the throne, nothing on the map.
pub fn empty_board() -> Board {
    Board {
        kind: BoardKind::Board,
        version: BOARD_VERSION,
        house: House::York,
        king: House::Lancaster,
        player: 1,
        card: Some(Card::Points(2)),
        spent: None,
        enemy_card: None,
        dead: Vec::new(),
        defected: Vec::new(),
        enemy_pool: Vec::new(),
        note: None,
        areas: Vec::new(),
    }
}

/// The entry of an area, if the board lists it.
pub fn entry<'a>(board: &'a Board, area: &str) -> Option<&'a AreaEntry> {
    board.areas.iter().find(|a| a.area == area)
}

fn entry_mut<'a>(board: &'a mut Board, area: &str) -> &'a mut AreaEntry {
    match board.areas.iter().position(|a| a.area == area) {
        Some(i) => &mut board.areas[i],
        None => {
            board.areas.push(AreaEntry {
                area: area.to_string(),
                blocks: Vec::new(),
                enemy: 0,
                enemy_known: Vec::new(),
                enemy_strength: StrengthPrior::Full,
                attacked_from: Vec::new(),
                main: None,
            });
            board.areas.last_mut().expect("just pushed")
        }
    }
}

/// True when an entry says nothing: no block, no enemy, no attack, no Main Attack.
fn empty(a: &AreaEntry) -> bool {
    a.blocks.is_empty()
        && a.enemy == 0
        && a.enemy_known.is_empty()
        && a.attacked_from.is_empty()
        && a.main.is_none()
}

/// Drops the entries of areas left empty.
fn tidy(board: &mut Board) {
    board.areas.retain(|a| !empty(a));
}

/// The person a block id or name stands for (`Stanley` for `Stanley/Y`), or the text itself.
pub fn person(id: &str) -> &str {
    data::block(id).map_or(id, |b| b.person)
}

fn same_person(a: &str, b: &str) -> bool {
    person(a).eq_ignore_ascii_case(person(b))
}

/// Every person on the board or dead: own blocks, known enemy blocks, the dead.
pub fn taken(board: &Board) -> Vec<String> {
    board
        .areas
        .iter()
        .flat_map(|a| {
            a.blocks
                .iter()
                .map(|b| b.id.clone())
                .chain(a.enemy_known.iter().map(|k| k.id.clone()))
        })
        .chain(board.dead.iter().cloned())
        .collect()
}

/// Takes every block of this person off the board (own or known), wherever it stands.
fn lift(board: &mut Board, id: &str) {
    for a in &mut board.areas {
        a.blocks.retain(|b| !same_person(&b.id, id));
        a.enemy_known.retain(|k| !same_person(&k.id, id));
    }
}

/// A block's maximum strength (3.11); 4 for an id the map does not know (the engine says why).
pub fn max_strength(id: &str, house: House) -> u8 {
    data::block(id)
        .or_else(|| data::block_by_person_and_house(id, house))
        .map_or(4, |b| b.max_strength)
}

fn apply_edit(board: &mut Board, edit: MapEdit) {
    match edit {
        MapEdit::House(h) => {
            if h != board.house {
                for a in &mut board.areas {
                    let own: Vec<Known> = a
                        .blocks
                        .drain(..)
                        .map(|b| Known {
                            id: b.id,
                            strength: b.strength,
                        })
                        .collect();
                    a.blocks = a
                        .enemy_known
                        .drain(..)
                        .map(|k| Piece {
                            id: k.id,
                            strength: k.strength,
                            route: Vec::new(),
                            moved: false,
                        })
                        .collect();
                    a.enemy_known = own;
                    // The enemy's attacks and one's own Main Attack are the other side's now.
                    a.attacked_from.clear();
                    a.main = None;
                }
                board.house = h;
                board.enemy_pool.clear();
                tidy(board);
            }
        }
        MapEdit::King(h) => board.king = h,
        MapEdit::Player(p) => board.player = p,
        MapEdit::Card(c) => board.card = Some(c),
        MapEdit::Dead(id, on) => {
            board.dead.retain(|d| !same_person(d, &id));
            if on {
                lift(board, &id);
                board.dead.push(id);
                tidy(board);
            }
        }
        MapEdit::Add { area, id } => {
            lift(board, &id);
            board.dead.retain(|d| !same_person(d, &id));
            let strength = max_strength(&id, board.house);
            entry_mut(board, &area).blocks.push(Piece {
                id,
                strength,
                route: Vec::new(),
                moved: false,
            });
            tidy(board);
        }
        MapEdit::Move { from, index, to } => {
            if from == to {
                return;
            }
            let Some(i) = board.areas.iter().position(|a| a.area == from) else {
                return;
            };
            if index >= board.areas[i].blocks.len() {
                return;
            }
            let mut piece = board.areas[i].blocks.remove(index);
            // Placed anew: where it came from this turn no longer holds.
            piece.route.clear();
            entry_mut(board, &to).blocks.push(piece);
            tidy(board);
        }
        MapEdit::Remove { area, index } => {
            if let Some(a) = board.areas.iter_mut().find(|a| a.area == area)
                && index < a.blocks.len()
            {
                a.blocks.remove(index);
            }
            tidy(board);
        }
        MapEdit::Strength {
            area,
            index,
            strength,
        } => {
            if let Some(b) = board
                .areas
                .iter_mut()
                .find(|a| a.area == area)
                .and_then(|a| a.blocks.get_mut(index))
            {
                b.strength = strength;
            }
        }
        MapEdit::Enemy { area, count } => {
            let a = entry_mut(board, &area);
            a.enemy = count.min(MAX_ENEMY);
            if a.enemy == 0 {
                a.enemy_strength = StrengthPrior::Full;
            }
            tidy(board);
        }
        MapEdit::EnemyStrength { area, prior } => {
            if let Some(a) = board.areas.iter_mut().find(|a| a.area == area) {
                a.enemy_strength = prior;
            }
        }
        MapEdit::AddKnown { area, id } => {
            lift(board, &id);
            board.dead.retain(|d| !same_person(d, &id));
            let strength = max_strength(&id, board.house.other());
            let a = entry_mut(board, &area);
            a.enemy = a.enemy.saturating_sub(1);
            a.enemy_known.push(Known { id, strength });
            tidy(board);
        }
        MapEdit::RemoveKnown { area, index } => {
            if let Some(a) = board.areas.iter_mut().find(|a| a.area == area)
                && index < a.enemy_known.len()
            {
                a.enemy_known.remove(index);
            }
            tidy(board);
        }
        MapEdit::KnownStrength {
            area,
            index,
            strength,
        } => {
            if let Some(k) = board
                .areas
                .iter_mut()
                .find(|a| a.area == area)
                .and_then(|a| a.enemy_known.get_mut(index))
            {
                k.strength = strength;
            }
        }
        MapEdit::Clear(area) => {
            board.areas.retain(|a| a.area != area);
        }
    }
}
