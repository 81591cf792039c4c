//! Best play solved exactly: a depth-first search over the engine's states with a memo
//! (`memo.rs`). At every decision point each side playing its best takes the legal move that
//! maximises its own objective, and the value of every move is known.
//!
//! A decision is solved in one go: every state its moves may lead to is worked out first (each
//! result of each move, and with tied hits every way the owner may take them, 6.4, D3), the
//! memo's slot of each is read at once so that the reads overlap ([`Memo::touch`]), then each
//! is looked up, and solved in turn where the memo does not hold it yet. The states are solved
//! in the order of the moves, results and choices, as the plain recursion would, so the memo
//! holds the same states at every moment (and the budget stops a solve at the same place).
//! The buffers of each level of the search are kept and reused: nothing is allocated once the
//! search has been as deep once.

use crate::rules::action::{Action, chances, legal_actions_into, result_into};
use crate::rules::battle::Battle;
use crate::rules::log::Silent;
use crate::rules::policy;
use crate::rules::round::{Ending, Point, advance, may_act_next};
use crate::rules::state::State;
use crate::scenario::Side;
use crate::solve::advice::memo::{Memo, normal};
use crate::solve::advice::{Decisions, Objective, Players};
use crate::solve::error::SolveError;
use crate::solve::key::Codec;
use crate::solve::table::hash;
use crate::solve::watch::{EVERY, Watch};

/// A state one move of a decision may lead to.
#[derive(Clone, Copy)]
pub(crate) struct Kid<K> {
    /// The state, moved on to its next decision point or its end.
    pub(crate) state: State,
    /// The block to act there; `None` at an end.
    actor: Option<usize>,
    key: K,
    hash: u64,
    /// Its value, once known.
    pub(crate) v: [f64; 2],
    known: bool,
}

/// The moves of one decision and where each leads: one level of the search, kept for reuse.
pub(crate) struct Frame<K> {
    /// The moves: which block acts (D2, when best play decides it), and its action.
    pub(crate) moves: Vec<(usize, Action)>,
    /// For each move, where its results start in `rolls`; one more entry at the end.
    spans: Vec<u32>,
    /// For each result of a move: its chance, and where its states start in `kids`; one more
    /// entry at the end.
    rolls: Vec<(f64, u32)>,
    /// The states of every result: one, or with a choice of tied blocks each state the owner
    /// may choose (his hit order's first).
    pub(crate) kids: Vec<Kid<K>>,
    points: Vec<(State, Point)>,
    scratch: Vec<State>,
}

impl<K> Default for Frame<K> {
    fn default() -> Self {
        Frame {
            moves: Vec::new(),
            spans: Vec::new(),
            rolls: Vec::new(),
            kids: Vec::new(),
            points: Vec::new(),
            scratch: Vec::new(),
        }
    }
}

impl<K> Frame<K> {
    /// The results of move `m`: (chance, the range of its states in `kids`).
    pub(crate) fn results(
        &self,
        m: usize,
    ) -> impl Iterator<Item = (f64, std::ops::Range<usize>)> + '_ {
        let (from, to) = (self.spans[m] as usize, self.spans[m + 1] as usize);
        (from..to).map(move |r| {
            let (p, start) = self.rolls[r];
            (p, start as usize..self.rolls[r + 1].1 as usize)
        })
    }
}

/// Best play on one battle, its states keyed by codec `C`.
pub(crate) struct Game<'b, C: Codec> {
    pub(crate) battle: &'b Battle,
    pub(crate) objective: Objective,
    pub(crate) players: Players,
    pub(crate) decide: Decisions,
    /// The states the memo may hold.
    pub(crate) budget: usize,
    /// The memo's size at which a solve stops: the budget, or less for an attempt that must
    /// stay small (the estimate's, `estimate.rs`).
    pub(crate) limit: usize,
    pub(crate) watch: &'b Watch<'b>,
    codec: C,
    pub(crate) memo: Memo<C::Key>,
    frames: Vec<Frame<C::Key>>,
    /// The estimate's look-ahead choices (`estimate.rs`): each state's move, by its place.
    pub(crate) guesses: std::collections::HashMap<C::Key, u16, Fx>,
}

type Fx = std::hash::BuildHasherDefault<crate::solve::table::FxHasher>;

impl<'b, C: Codec> Game<'b, C> {
    /// A game with nothing solved yet.
    pub(crate) fn new(
        battle: &'b Battle,
        objective: Objective,
        players: Players,
        budget: usize,
        codec: C,
        watch: &'b Watch<'b>,
    ) -> Self {
        Game {
            battle,
            objective,
            players,
            decide: Decisions::default(),
            budget,
            limit: budget,
            watch,
            codec,
            memo: Memo::new(),
            frames: Vec::new(),
            guesses: Default::default(),
        }
    }

    /// The memo's key of a decision state, and its hash.
    #[inline]
    pub(crate) fn key(&self, s: &State) -> (C::Key, u64) {
        let key = self.codec.pack(&normal(s, self.objective));
        (key, hash(&key))
    }

    /// The state of a memo key.
    pub(crate) fn unpack(&self, key: &C::Key) -> State {
        self.codec.unpack(key)
    }

    /// Whether `side` plays its best.
    #[inline]
    pub(crate) fn optimises(&self, side: Side) -> bool {
        match self.players {
            Players::Both => true,
            Players::Only(s) => s == side,
            Players::Neither => false,
        }
    }

    /// The moves open at a decision point where `actor` is next by the fire order, into `out`:
    /// each block that may act next (D2, when chosen) with each of its legal actions.
    pub(crate) fn moves_into(&self, state: &State, actor: usize, out: &mut Vec<(usize, Action)>) {
        out.clear();
        if self.decide.group_order {
            for a in may_act_next(self.battle, state) {
                legal_actions_into(self.battle, state, a, &mut |x| out.push((a, x)));
            }
        } else {
            legal_actions_into(self.battle, state, actor, &mut |x| out.push((actor, x)));
        }
    }

    /// [`Game::moves_into`] as a new list.
    pub(crate) fn moves(&self, state: &State, actor: usize) -> Vec<(usize, Action)> {
        let mut out = Vec::new();
        self.moves_into(state, actor, &mut out);
        out
    }

    /// The objective value of an ending, for each side (attacker, defender).
    pub(crate) fn terminal(&self, state: &State, ending: Ending) -> [f64; 2] {
        let b = self.battle;
        let mut v = [0.0; 2];
        for side in Side::BOTH {
            let house = b.house(side);
            v[side.index()] = match self.objective {
                Objective::Hold => (ending.holder == Some(side)) as u8 as f64,
                Objective::KillRoyal => {
                    let dead = |slot: Option<usize>| {
                        slot.is_some_and(|k| b.slots[k].side != side && state.strength[k] == 0)
                    };
                    (dead(b.king()) || dead(b.pretender())) as u8 as f64
                }
                Objective::KeepHeirs => {
                    let lost = (0..b.slots.len()).any(|i| {
                        let v = state.version(b, i);
                        state.strength[i] == 0 && v.heir_rank.is_some() && v.house == house
                    });
                    (!lost) as u8 as f64
                }
                Objective::Steps => {
                    state.lost[side.other().index()] as f64 - state.lost[side.index()] as f64
                }
            };
        }
        v
    }

    /// The value of a state (moved on here to its decision point or end) for both sides.
    pub(crate) fn value(&mut self, state: &State) -> Result<[f64; 2], SolveError> {
        let mut s = *state;
        match advance(self.battle, &mut s, &mut Silent) {
            Point::End(ending) => Ok(self.terminal(&s, ending)),
            Point::Act(actor) => self.point(&s, actor),
        }
    }

    /// A decision point where `actor` is next, solved: from the memo, or solved now.
    pub(crate) fn point(&mut self, s: &State, actor: usize) -> Result<[f64; 2], SolveError> {
        let (key, h) = self.key(s);
        if let Some(x) = self.memo.get(&key, h) {
            return Ok(x);
        }
        self.solve(s, actor, key, h)
    }

    /// The memo's answer for a decision point, without solving anything.
    pub(crate) fn known(&self, s: &State) -> Option<[f64; 2]> {
        let (key, h) = self.key(s);
        self.memo.get(&key, h)
    }

    /// Solves a decision point the memo does not hold, and holds it.
    fn solve(
        &mut self,
        s: &State,
        actor: usize,
        key: C::Key,
        h: u64,
    ) -> Result<[f64; 2], SolveError> {
        let mut f = self.frames.pop().unwrap_or_default();
        let side = s.side_of(actor);
        if self.optimises(side) {
            self.moves_into(s, actor, &mut f.moves);
        } else {
            f.moves.clear();
            f.moves.push((actor, policy::choose(self.battle, s, actor)));
        }
        let v = self.expand(&mut f, s).map(|()| self.best_of(&f, s, side).1);
        self.frames.push(f);
        let v = v?;
        if self.memo.len() >= self.limit {
            return Err(SolveError::TooLarge {
                budget: self.budget,
            });
        }
        self.memo.insert(key, h, v);
        if self.memo.len().is_multiple_of(EVERY) && !(self.watch)(EVERY) {
            return Err(SolveError::Cancelled);
        }
        Ok(v)
    }

    /// The best of the moves of an expanded frame for `side` ([`better`]; the first of equals),
    /// and its value.
    fn best_of(&self, f: &Frame<C::Key>, s: &State, side: Side) -> (usize, [f64; 2]) {
        let mut best = (0, [0.0; 2]);
        for m in 0..f.moves.len() {
            let q = self.move_value(f, s, m);
            if m == 0 || better(side, q, best.1) {
                best = (m, q);
            }
        }
        best
    }

    /// The move best play takes at a decision point where `actor` is next by the fire order,
    /// for the side to act (whether or not it plays its best), and its value.
    pub(crate) fn best_move(
        &mut self,
        s: &State,
        actor: usize,
    ) -> Result<((usize, Action), [f64; 2]), SolveError> {
        let mut f = self.frames.pop().unwrap_or_default();
        self.moves_into(s, actor, &mut f.moves);
        let r = self.expand(&mut f, s).map(|()| {
            let (m, v) = self.best_of(&f, s, s.side_of(actor));
            (f.moves[m], v)
        });
        self.frames.push(f);
        r
    }

    /// Works out every state the moves of `f` may lead to from `s`, reads their memo slots,
    /// then values each: an ending on the spot, a decision point from the memo or solved now.
    pub(crate) fn expand(&mut self, f: &mut Frame<C::Key>, s: &State) -> Result<(), SolveError> {
        let battle = self.battle;
        f.spans.clear();
        f.rolls.clear();
        f.kids.clear();
        for m in 0..f.moves.len() {
            let (who, action) = f.moves[m];
            f.spans.push(f.rolls.len() as u32);
            let owner = s.side_of(who).other();
            let ties = self.decide.tie_hits && self.optimises(owner);
            for &(p, roll) in chances(battle, s, who, action).iter() {
                f.rolls.push((p, f.kids.len() as u32));
                f.points.clear();
                result_into(
                    battle,
                    s,
                    who,
                    action,
                    roll,
                    ties,
                    &mut f.points,
                    &mut f.scratch,
                );
                for &(state, point) in &f.points {
                    let kid = match point {
                        Point::End(ending) => Kid {
                            state,
                            actor: None,
                            key: C::Key::default(),
                            hash: 0,
                            v: self.terminal(&state, ending),
                            known: true,
                        },
                        Point::Act(actor) => {
                            let (key, hash) = self.key(&state);
                            Kid {
                                state,
                                actor: Some(actor),
                                key,
                                hash,
                                v: [0.0; 2],
                                known: false,
                            }
                        }
                    };
                    f.kids.push(kid);
                }
            }
        }
        // Every slot read at once, in a loop short enough for the reads to be under way
        // together; the look-ups below then find them in the cache.
        let mut seen = 0u64;
        for kid in f.kids.iter().filter(|k| !k.known) {
            seen ^= self.memo.touch(kid.hash);
        }
        std::hint::black_box(seen);
        f.spans.push(f.rolls.len() as u32);
        f.rolls.push((0.0, f.kids.len() as u32));
        for k in 0..f.kids.len() {
            if f.kids[k].known {
                continue;
            }
            let kid = f.kids[k];
            let v = match self.memo.get(&kid.key, kid.hash) {
                Some(v) => v,
                None => {
                    let actor = kid.actor.expect("a decision point has an actor");
                    self.solve(&kid.state, actor, kid.key, kid.hash)?
                }
            };
            f.kids[k].v = v;
            f.kids[k].known = true;
        }
        Ok(())
    }

    /// The value of move `m` of an expanded frame: each result's chance times the value of its
    /// state, or of the state its owner picks among tied blocks ([`pick`]).
    pub(crate) fn move_value(&self, f: &Frame<C::Key>, s: &State, m: usize) -> [f64; 2] {
        let owner = s.side_of(f.moves[m].0).other();
        let mut v = [0.0; 2];
        for (p, kids) in f.results(m) {
            let k = if kids.len() == 1 {
                0
            } else {
                pick(owner, &f.kids[kids.clone()])
            };
            let w = f.kids[kids.start + k].v;
            v[0] += p * w[0];
            v[1] += p * w[1];
        }
        v
    }

    /// The value of one move (`who` does `action`) at a decision point.
    pub(crate) fn q(
        &mut self,
        s: &State,
        who: usize,
        action: Action,
    ) -> Result<[f64; 2], SolveError> {
        let mut f = self.frames.pop().unwrap_or_default();
        f.moves.clear();
        f.moves.push((who, action));
        let r = self.expand(&mut f, s).map(|()| self.move_value(&f, s, 0));
        self.frames.push(f);
        r
    }

    /// A frame with `moves` from `s` expanded and valued (every state solved), for a caller that
    /// reads it and gives it back with [`Game::give_back`].
    pub(crate) fn frame(
        &mut self,
        s: &State,
        moves: &[(usize, Action)],
    ) -> Result<Frame<C::Key>, SolveError> {
        let mut f = self.frames.pop().unwrap_or_default();
        f.moves.clear();
        f.moves.extend_from_slice(moves);
        match self.expand(&mut f, s) {
            Ok(()) => Ok(f),
            Err(e) => {
                self.frames.push(f);
                Err(e)
            }
        }
    }

    /// Gives back a frame taken with [`Game::frame`].
    pub(crate) fn give_back(&mut self, f: Frame<C::Key>) {
        self.frames.push(f);
    }
}

/// The owner's pick among the states his choice of tied blocks allows (6.4, D3): his own
/// objective first, then the enemy's lowest; the hit order's choice (the first) on a tie.
pub(crate) fn pick<K>(owner: Side, kids: &[Kid<K>]) -> usize {
    pick_by(owner, kids.len(), |k| kids[k].v)
}

/// [`pick`] among the values of the states.
pub(crate) fn pick_values(owner: Side, values: &[[f64; 2]]) -> usize {
    pick_by(owner, values.len(), |k| values[k])
}

fn pick_by(owner: Side, n: usize, value: impl Fn(usize) -> [f64; 2]) -> usize {
    let (me, them) = (owner.index(), owner.other().index());
    let mut best = 0;
    for k in 1..n {
        let (w, b) = (value(k), value(best));
        if w[me] > b[me] + 1e-12 || ((w[me] - b[me]).abs() <= 1e-12 && w[them] < b[them] - 1e-12) {
            best = k;
        }
    }
    best
}

/// True if `q` is better than `best` for `side`: its own objective, then the enemy's lowest.
pub(crate) fn better(side: Side, q: [f64; 2], best: [f64; 2]) -> bool {
    let i = side.index();
    q[i] > best[i] + 1e-12 || ((q[i] - best[i]).abs() <= 1e-12 && q[1 - i] < best[1 - i] - 1e-12)
}
