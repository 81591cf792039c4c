//! Best play solved exactly: a depth-first search over the engine's states with a memo
//! (`memo.rs`). At every decision point each side playing its best takes the legal move that
//! maximises its own objective, and the value of every move is known.
//!
//! A decision is laid out in one go: every state its moves may lead to is worked out first
//! (each result of each move, and with tied hits every way the owner may take them, 6.4, D3),
//! the memo's slot of each is read at once so that the reads overlap ([`Memo::touch`]), then
//! each is looked up; the moves are then valued in order, each state solved where the memo does
//! not hold it yet, and the choice is the sequence of [`better`] over them (the first of equals
//! stays). The buffers of each level of the search are kept and reused: nothing is allocated
//! once the search has been as deep once.
//!
//! Two things spare work without changing a value, to the last bit (`certain.rs`):
//!
//! - once the best move so far is [unbeatable](Game::unbeatable), the moves after it are not
//!   valued (nor the tied states after such a one): the sequence would keep it whatever they
//!   are worth;
//! - where the outcome is settled whatever the attacker does ([`held`]), best play's moves are
//!   known: each side's first. Only those are followed, or, where every chance table adds up to
//!   exactly 1 and both sides play their best, the state is valued on the spot without
//!   following anything ([`Game::surely`]).
//!
//! [`Game::exhaustive`] turns both off: the plain search, for tests.

use crate::rules::action::{Action, chances, legal_actions_into, result_into};
use crate::rules::battle::Battle;
use crate::rules::log::Silent;
use crate::rules::policy;
use crate::rules::round::{Ending, Point, advance, may_act_next};
use crate::rules::state::State;
use crate::scenario::Side;
use crate::solve::advice::certain::{Rounding, Settling, TIE, held_exactly};
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
    /// For each move, the side that takes its hits and so picks among tied blocks: the enemy
    /// of the block that acts.
    owners: Vec<Side>,
    /// For each result of a move: its chance, and where its states start in `kids`; one more
    /// entry at the end.
    rolls: Vec<(f64, u32)>,
    /// The states of every result: one, or with a choice of tied blocks each state the owner
    /// may choose (his hit order's first).
    pub(crate) kids: Vec<Kid<K>>,
    /// For each result, the state its owner picks ([`Game::frame`] only).
    picks: Vec<u32>,
    points: Vec<(State, Point)>,
    scratch: Vec<State>,
}

impl<K> Default for Frame<K> {
    fn default() -> Self {
        Frame {
            moves: Vec::new(),
            spans: Vec::new(),
            owners: Vec::new(),
            rolls: Vec::new(),
            kids: Vec::new(),
            picks: Vec::new(),
            points: Vec::new(),
            scratch: Vec::new(),
        }
    }
}

impl<K> Frame<K> {
    /// The results of move `m` of a frame from [`Game::frame`]: (chance, the range of its
    /// states in `kids`, the place in `kids` of the state its owner picks).
    pub(crate) fn results(
        &self,
        m: usize,
    ) -> impl Iterator<Item = (f64, std::ops::Range<usize>, usize)> + '_ {
        self.move_rolls(m).map(move |r| {
            let picked = self.picks[r] as usize;
            (self.rolls[r].0, self.roll_kids(r), picked)
        })
    }

    /// The range in `kids` of result `r`'s states.
    #[inline]
    fn roll_kids(&self, r: usize) -> std::ops::Range<usize> {
        self.rolls[r].1 as usize..self.rolls[r + 1].1 as usize
    }

    /// The range in `rolls` of move `m`'s results.
    #[inline]
    fn move_rolls(&self, m: usize) -> std::ops::Range<usize> {
        self.spans[m] as usize..self.spans[m + 1] as usize
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
    /// The least own value no move can beat ([`Game::unbeatable`]), for objectives worth 0 or
    /// 1 at every ending; `None` otherwise, or in the plain search.
    top: Option<f64>,
    /// The settled states' test (`certain.rs`), where best play may use it: the objective is
    /// the area and rounding is tight enough; `None` otherwise, or in the plain search.
    settling: Option<Settling>,
    /// Whether a settled state is valued on the spot ([`Game::surely`]): both sides play their
    /// best and every chance table adds up to exactly 1.
    sure: bool,
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
        let rounding = Rounding::new(battle);
        let top = (objective != Objective::Steps && rounding.tight).then_some(rounding.top);
        let settling =
            (objective == Objective::Hold && rounding.tight).then(|| Settling::new(battle));
        let sure = settling.as_ref().is_some_and(|s| s.exact_tables) && players == Players::Both;
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
            top,
            settling,
            sure,
        }
    }

    /// The plain search: every move of every decision valued, every state solved in the memo
    /// (for tests: the values are the same to the last bit, only the states met differ).
    pub(crate) fn exhaustive(&mut self) {
        self.top = None;
        self.settling = None;
        self.sure = false;
    }

    /// True if no move can be [`better`] for `side` than one worth `v`: its own value within
    /// [`TIE`] of the most any state can be worth, the enemy's within [`TIE`] of the least (0):
    /// the sequence of [`better`] keeps such a move whatever the moves after it are worth.
    #[inline]
    pub(crate) fn unbeatable(&self, side: Side, v: [f64; 2]) -> bool {
        self.top
            .is_some_and(|top| v[side.index()] >= top && v[side.other().index()] <= TIE)
    }

    /// Whether the outcome at `s` is settled and best play's moves there known (`certain.rs`):
    /// the side defending plays its best and holds the area whatever the other side does.
    #[inline]
    pub(crate) fn settled(&self, s: &State) -> bool {
        self.settling
            .as_ref()
            .is_some_and(|t| self.optimises(s.defender()) && t.held(self.battle, s))
    }

    /// The value of `s`, as the search would compute it, if it is settled and known without
    /// solving: 1 to the side defending, 0 to the other (`certain.rs`).
    #[inline]
    pub(crate) fn surely(&self, s: &State) -> Option<[f64; 2]> {
        (self.sure && self.settled(s)).then(|| held_exactly(s.defender()))
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

    /// A decision point where `actor` is next, solved: known on the spot, from the memo, or
    /// solved now.
    pub(crate) fn point(&mut self, s: &State, actor: usize) -> Result<[f64; 2], SolveError> {
        if let Some(v) = self.surely(s) {
            return Ok(v);
        }
        let (key, h) = self.key(s);
        if let Some(x) = self.memo.get(&key, h) {
            return Ok(x);
        }
        self.solve(s, actor, key, h)
    }

    /// The value of a decision point if known without solving anything.
    pub(crate) fn known(&self, s: &State) -> Option<[f64; 2]> {
        if let Some(v) = self.surely(s) {
            return Some(v);
        }
        let (key, h) = self.key(s);
        self.memo.get(&key, h)
    }

    /// Solves a decision point the memo does not hold, and holds it. At a settled state only
    /// the move best play takes there is followed (`certain.rs`).
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
            if self.settled(s) {
                f.moves.truncate(1);
            }
        } else {
            f.moves.clear();
            f.moves.push((actor, policy::choose(self.battle, s, actor)));
        }
        self.lay_out(&mut f, s);
        let v = self.choose(&mut f, side).map(|(_, v)| v);
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

    /// The move `side` takes among the moves of a laid-out frame, and its value: each move
    /// valued in turn (its states solved as needed) and kept if [`better`] than the best so far
    /// (the first of equals); once the best so far is [unbeatable](Game::unbeatable), the
    /// moves after it are not valued, as none of them would be kept.
    fn choose(
        &mut self,
        f: &mut Frame<C::Key>,
        side: Side,
    ) -> Result<(usize, [f64; 2]), SolveError> {
        let mut best = (0, [0.0; 2]);
        for m in 0..f.moves.len() {
            let q = self.settle_move(f, m)?;
            if m == 0 || better(side, q, best.1) {
                best = (m, q);
            }
            if self.unbeatable(side, best.1) {
                break;
            }
        }
        Ok(best)
    }

    /// The value of move `m` of a laid-out frame, solving the states it needs: each result's
    /// chance times the value of its state, or of the state the owner of tied blocks picks
    /// ([`Game::settle_pick`]).
    fn settle_move(&mut self, f: &mut Frame<C::Key>, m: usize) -> Result<[f64; 2], SolveError> {
        let owner = f.owners[m];
        let mut v = [0.0; 2];
        for r in f.move_rolls(m) {
            let p = f.rolls[r].0;
            let kids = f.roll_kids(r);
            let k = if kids.len() == 1 {
                self.settle_kid(f, kids.start)?;
                kids.start
            } else {
                self.settle_pick(f, kids, owner)?
            };
            let w = f.kids[k].v;
            v[0] += p * w[0];
            v[1] += p * w[1];
        }
        Ok(v)
    }

    /// The state `owner` picks among the tied states `kids` ([`pick_values`]), solving them in
    /// turn; those after an [`unbeatable`](Game::unbeatable) one are not solved.
    pub(crate) fn settle_pick(
        &mut self,
        f: &mut Frame<C::Key>,
        kids: std::ops::Range<usize>,
        owner: Side,
    ) -> Result<usize, SolveError> {
        let first = kids.start;
        self.settle_kid(f, first)?;
        let mut best = first;
        for k in kids.skip(1) {
            if self.unbeatable(owner, f.kids[best].v) {
                break;
            }
            self.settle_kid(f, k)?;
            if better(owner, f.kids[k].v, f.kids[best].v) {
                best = k;
            }
        }
        Ok(best)
    }

    /// Values state `k` of a laid-out frame: an ending or a settled state is valued already; a
    /// decision point from the memo, or solved now.
    #[inline]
    pub(crate) fn settle_kid(&mut self, f: &mut Frame<C::Key>, k: usize) -> Result<(), SolveError> {
        if f.kids[k].known {
            return Ok(());
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
        Ok(())
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
        if self.settled(s) {
            f.moves.truncate(1);
        }
        self.lay_out(&mut f, s);
        let r = self
            .choose(&mut f, s.side_of(actor))
            .map(|(m, v)| (f.moves[m], v));
        self.frames.push(f);
        r
    }

    /// [`Game::best_move`] with its frame: the moves laid out, the chosen one's place among
    /// them, and for each of its results the state its owner picks among tied blocks
    /// ([`Frame::results`]), for a caller that reads it and gives it back with
    /// [`Game::give_back`].
    pub(crate) fn chosen_frame(
        &mut self,
        s: &State,
        actor: usize,
    ) -> Result<(Frame<C::Key>, usize), SolveError> {
        let mut f = self.frames.pop().unwrap_or_default();
        self.moves_into(s, actor, &mut f.moves);
        if self.settled(s) {
            f.moves.truncate(1);
        }
        self.lay_out(&mut f, s);
        let chosen = self.choose(&mut f, s.side_of(actor)).and_then(|(m, _)| {
            self.pick_all(&mut f, m)?;
            Ok(m)
        });
        match chosen {
            Ok(m) => Ok((f, m)),
            Err(e) => {
                self.frames.push(f);
                Err(e)
            }
        }
    }

    /// Notes for each result of move `m` the state its owner picks among tied blocks, solving
    /// those it needs ([`Frame::results`]).
    fn pick_all(&mut self, f: &mut Frame<C::Key>, m: usize) -> Result<(), SolveError> {
        f.picks.clear();
        f.picks.resize(f.rolls.len(), 0);
        let owner = f.owners[m];
        for r in f.move_rolls(m) {
            let kids = f.roll_kids(r);
            let k = if kids.len() == 1 {
                self.settle_kid(f, kids.start)?;
                kids.start
            } else {
                self.settle_pick(f, kids, owner)?
            };
            f.picks[r] = k as u32;
        }
        Ok(())
    }

    /// Works out every state the moves of `f` may lead to from `s`: endings and settled states
    /// valued on the spot, and for the others the memo's slot read first, in a loop short
    /// enough for the reads to be under way together, then the memo looked up (in the cache).
    /// At a settled state the owner of tied blocks takes the hits by his hit order, as best
    /// play does there (`certain.rs`).
    fn lay_out(&self, f: &mut Frame<C::Key>, s: &State) {
        let battle = self.battle;
        f.spans.clear();
        f.owners.clear();
        f.rolls.clear();
        f.kids.clear();
        let settled = self.settled(s);
        for m in 0..f.moves.len() {
            let (who, action) = f.moves[m];
            f.spans.push(f.rolls.len() as u32);
            let owner = s.side_of(who).other();
            f.owners.push(owner);
            let ties = self.decide.tie_hits && self.optimises(owner) && !settled;
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
                        Point::Act(actor) => match self.surely(&state) {
                            Some(v) => Kid {
                                state,
                                actor: Some(actor),
                                key: C::Key::default(),
                                hash: 0,
                                v,
                                known: true,
                            },
                            None => {
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
                        },
                    };
                    f.kids.push(kid);
                }
            }
        }
        f.spans.push(f.rolls.len() as u32);
        f.rolls.push((0.0, f.kids.len() as u32));
        let mut seen = 0u64;
        for kid in f.kids.iter().filter(|k| !k.known) {
            seen ^= self.memo.touch(kid.hash);
        }
        std::hint::black_box(seen);
        for kid in f.kids.iter_mut().filter(|k| !k.known) {
            if let Some(v) = self.memo.get(&kid.key, kid.hash) {
                kid.v = v;
                kid.known = true;
            }
        }
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
        self.lay_out(&mut f, s);
        let r = self.settle_move(&mut f, 0);
        self.frames.push(f);
        r
    }

    /// A frame with `move` from `s` laid out and the state of each result valued, the one its
    /// owner picks among tied blocks ([`Frame::results`]) and those valued to find it, for a
    /// caller that reads it and gives it back with [`Game::give_back`].
    pub(crate) fn frame(
        &mut self,
        s: &State,
        mv: (usize, Action),
    ) -> Result<Frame<C::Key>, SolveError> {
        let mut f = self.frames.pop().unwrap_or_default();
        f.moves.clear();
        f.moves.push(mv);
        self.lay_out(&mut f, s);
        match self.pick_all(&mut f, 0) {
            Ok(()) => Ok(f),
            Err(e) => {
                self.frames.push(f);
                Err(e)
            }
        }
    }

    /// Gives back a frame taken with [`Game::frame`] or [`Game::chosen_frame`].
    pub(crate) fn give_back(&mut self, f: Frame<C::Key>) {
        self.frames.push(f);
    }
}

/// The owner's pick among the states his choice of tied blocks allows (6.4, D3), by their
/// values: his own objective first, then the enemy's lowest; the hit order's choice (the
/// first) on a tie.
pub(crate) fn pick_values(owner: Side, values: &[[f64; 2]]) -> usize {
    let mut best = 0;
    for k in 1..values.len() {
        if better(owner, values[k], values[best]) {
            best = k;
        }
    }
    best
}

/// True if `q` is better than `best` for `side`: its own objective, then the enemy's lowest.
#[inline]
pub(crate) fn better(side: Side, q: [f64; 2], best: [f64; 2]) -> bool {
    let i = side.index();
    q[i] > best[i] + TIE || ((q[i] - best[i]).abs() <= TIE && q[1 - i] < best[1 - i] - TIE)
}
