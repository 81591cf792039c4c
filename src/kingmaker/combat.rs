//! The validated combat: every Noble and royal heir once, the deck compiled, the encounters with
//! the troops each participant brings. Only [`Combat::new`] (`validate.rs`) builds one, so the
//! code that computes the odds may assume the rules hold.

use super::deck::Deck;
use super::format::{AmbushChoice, CombatKind, Game, Line, Scenario, Side};

/// The most cards the deck may hold in all (the printed Event deck has 90).
pub const MAX_CARDS: u32 = 10_000;
/// The most Nobles a force may have (the game has 25 Noble cards).
pub const MAX_NOBLES: usize = 32;
/// The most royal heirs a force may have (the game has 8).
pub const MAX_HEIRS: usize = 16;
/// The largest troop strength of a Noble or a garrison.
pub const MAX_STRENGTH: u32 = 100_000;

/// A Noble or a royal heir in the combat.
#[derive(Debug, Clone, PartialEq)]
pub struct Piece {
    /// The name as entered.
    pub name: String,
    /// The force he is with.
    pub side: Side,
    /// Where in the scenario: `attacker.nobles[1]`, `defender.heirs[0]`.
    pub field: String,
    /// Noble or royal heir, and what that carries.
    pub kind: PieceKind,
}

/// What a piece is.
#[derive(Debug, Clone, PartialEq)]
pub enum PieceKind {
    /// A Noble.
    Noble {
        /// Troop strength.
        strength: u32,
        /// Titled (Loyalty Table).
        titled: bool,
        /// His place in an Advanced Game battle formation: line and column (none in reserve).
        line: Line,
        /// His column in the battle or secondary line.
        column: Option<u8>,
    },
    /// A royal heir.
    Heir {
        /// The piece (a Noble of the same force) he is attached to, if the scenario says.
        with: Option<usize>,
        /// Crowned (Loyalty Table).
        crowned: bool,
    },
}

impl Piece {
    /// The Noble's troop strength; 0 for a royal heir (royal heirs cannot fight alone and add
    /// no troops, Counter Key).
    pub fn strength(&self) -> u32 {
        match self.kind {
            PieceKind::Noble { strength, .. } => strength,
            PieceKind::Heir { .. } => 0,
        }
    }

    /// True for a Noble.
    pub fn is_noble(&self) -> bool {
        matches!(self.kind, PieceKind::Noble { .. })
    }
}

/// One participant of an encounter and the troops he brings to it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Participant {
    /// The Noble (an index into [`Combat::pieces`]).
    pub piece: usize,
    /// His troops in this encounter: all of them, less what he strips off for others, or what
    /// he strips off to join this one (Individual Encounter 4).
    pub troops: u32,
}

/// A validated encounter (Individual Encounter).
#[derive(Debug, Clone, PartialEq)]
pub struct Fight {
    /// Its column.
    pub column: u8,
    /// Everyone in it: the two battle-line Nobles of the column first (the initiating side's,
    /// then the one he attacks), then those joining, then those lending troops.
    pub participants: Vec<Participant>,
}

/// The ambusher's row of the Nobles Killed Table, resolved to a piece.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AmbushRow {
    /// Each Noble and royal heir of the target force: 2 or 12.
    Each,
    /// One selected piece of the target force: 2, 3 or 4.
    Selected(usize),
}

/// A combat that follows the rules, ready to be resolved into its [`Report`].
///
/// [`Report`]: super::report::Report
#[derive(Debug, Clone, PartialEq)]
pub struct Combat {
    pub(crate) scenario: Scenario,
    pub(crate) pieces: Vec<Piece>,
    pub(crate) deck: Deck,
    pub(crate) fights: Vec<Fight>,
    pub(crate) ambush: Option<AmbushRow>,
}

impl Combat {
    /// The scenario it was built from.
    pub fn scenario(&self) -> &Scenario {
        &self.scenario
    }

    /// Basic or Advanced Game.
    pub fn game(&self) -> Game {
        self.scenario.game
    }

    /// Battle, siege or ambush.
    pub fn kind(&self) -> CombatKind {
        self.scenario.combat
    }

    /// Every Noble and royal heir: the attacker's Nobles, his heirs, the defender's Nobles, his
    /// heirs, each in the order entered.
    pub fn pieces(&self) -> &[Piece] {
        &self.pieces
    }

    /// The Event deck as described.
    pub fn deck(&self) -> &Deck {
        &self.deck
    }

    /// The encounters of an Advanced Game battle, in the order entered.
    pub fn fights(&self) -> &[Fight] {
        &self.fights
    }

    /// The ambusher's row, when the ambush reads the Nobles Killed Table.
    pub fn ambush_row(&self) -> Option<AmbushRow> {
        self.ambush
    }

    /// The ambusher's row as a choice of the scenario's kind (the default made explicit).
    pub fn ambush_choice(&self) -> Option<AmbushChoice> {
        self.ambush.map(|row| match row {
            AmbushRow::Each => AmbushChoice::Each,
            AmbushRow::Selected(p) => AmbushChoice::Selected(self.pieces[p].name.clone()),
        })
    }

    /// The side that attacks in this half of an Advanced Game battle round: the original
    /// defender when it is his counter-attack (Advanced Battle 7), else the attacker.
    pub fn initiator(&self) -> Side {
        if self.scenario.counterattack {
            Side::Defender
        } else {
            Side::Attacker
        }
    }

    /// The total troop strength of a side's Nobles.
    pub fn nobles_strength(&self, side: Side) -> u32 {
        self.pieces
            .iter()
            .filter(|p| p.side == side)
            .map(Piece::strength)
            .sum()
    }

    /// The troops `side` has in an encounter.
    pub fn troops(&self, fight: &Fight, side: Side) -> u32 {
        fight
            .participants
            .iter()
            .filter(|q| self.pieces[q.piece].side == side)
            .map(|q| q.troops)
            .sum()
    }

    /// The garrison of a siege (0 otherwise).
    pub fn garrison(&self) -> u32 {
        self.scenario.garrison.unwrap_or(0)
    }

    /// The Noble a royal heir is attached to, if any.
    pub fn heir_with(&self, heir: usize) -> Option<usize> {
        match self.pieces[heir].kind {
            PieceKind::Heir { with, .. } => with,
            PieceKind::Noble { .. } => None,
        }
    }

    /// The piece a name on an Event card means: the Noble of that name (case and surrounding
    /// spaces ignored). Cards name Nobles only (K10).
    pub fn noble_named(&self, name: &str) -> Option<usize> {
        self.pieces
            .iter()
            .position(|p| p.is_noble() && same_name(&p.name, name))
    }
}

/// Two names for the same piece: equal but for case and surrounding spaces.
pub fn same_name(a: &str, b: &str) -> bool {
    a.trim().eq_ignore_ascii_case(b.trim())
}
