//! The app's one reducer: the battle being edited, the engine's latest answer, the replay and the
//! view. This module knows nothing of `Html`; components read [`State`] and send [`Action`]s.

use crate::battle::borders::{self, Arriving};
use bosworth::data::House;
use bosworth::scenario::{Army, BlockEntry, CustomBlock, Held, HiddenBlock, SidePolicy};
use bosworth::{Battle, FogReport, Report, Scenario, ScenarioError, Side};
use std::rc::Rc;
use yew::Reducible;

/// An edit of the battle.
#[derive(Debug, Clone, PartialEq)]
pub enum Edit {
    /// The attacking house; the armies change sides if it differs.
    AttackingHouse(House),
    /// The house holding the throne.
    King(House),
    /// The area of the battle (`None`: no area, no bonuses).
    Area(Option<String>),
    /// Who holds the Treason card.
    Treason(Option<Side>),
    /// Adds a block by reference id at full strength.
    Add(Side, String),
    /// Removes a side's block.
    Remove(Side, usize),
    /// Sets a block's strength.
    Strength(Side, usize, u8),
    /// Toggles a block's reserve flag.
    Reserve(Side, usize),
    /// Moves a block one place earlier (`true`) or later in its side's order.
    Move(Side, usize, bool),
    /// A side's retreat capacity (`None`: no limit).
    RetreatCapacity(Side, Option<u8>),
    /// Marks a block dead before the battle, or alive again.
    Dead(String, bool),
    /// Lists a defected heir or Neville as elsewhere on the map (`true`) or not (3.21, 9.1).
    DefectedElsewhere(String, bool),
    /// Replaces a side's choices (charges, Treachery, Treason target, retreat).
    Policy(Side, SidePolicy),
    /// Adds a what-if block at full strength.
    AddCustom(Side, CustomBlock),
    /// Adds a hidden block (any block of the side's house, at full strength).
    AddHidden(Side),
    /// Replaces a side's hidden block's description.
    Hidden(Side, usize, HiddenBlock),
    /// Removes a side's hidden block.
    RemoveHidden(Side, usize),
    /// Where a block came from, the neighbour whose border it crossed (`None`: not said); the
    /// attacker's reserves follow the Main Attack (6.3, R20, `battle::borders`).
    From(Side, Arriving, Option<String>),
    /// The Main Attack by border: the attacker's blocks from this neighbour fight in round 1,
    /// the others wait in reserve (6.3).
    MainAttack(String),
    /// Who holds a neighbour of the area (`None`: vacant), for retreats (6.6, D12, R20).
    Held(String, Option<Held>),
    /// Lists blocks as not in this area (`true`: seen elsewhere, in the pool, known to be away;
    /// the scenario's `seen_elsewhere`), or takes them off the list: no hidden block can be one
    /// of them (R13). One edit for a quick pick of several.
    NotHere(Vec<String>, bool),
}

/// What the engine is doing for the current battle.
#[derive(Debug, Clone, PartialEq)]
pub enum Calc {
    /// Nothing asked yet, or the battle is invalid.
    Idle,
    /// Working; Monte Carlo reports `runs` of `total`.
    Running {
        /// Monte Carlo progress: battles so far.
        runs: u64,
        /// Monte Carlo: battles planned (0 while solving exactly).
        total: u64,
    },
    /// The answer for the current battle.
    Done,
    /// Stopped by the user; the partial figures stay.
    Cancelled,
    /// The worker failed.
    Failed(String),
}

impl Calc {
    /// The word the results panel names it by (`data-calc`), for whoever waits on the page: the
    /// end-to-end tests wait for `done` rather than for a time.
    pub fn word(&self) -> &'static str {
        match self {
            Calc::Idle => "idle",
            Calc::Running { .. } => "running",
            Calc::Done => "done",
            Calc::Cancelled => "cancelled",
            Calc::Failed(_) => "failed",
        }
    }
}

/// With hidden blocks, the exact figures while Monte Carlo ones are shown.
#[derive(Debug, Clone, PartialEq)]
pub enum Refine {
    /// Nothing to say: the figures are exact, or not yet known to be slow.
    None,
    /// The exact mixture is being solved in the background (over the worker pool); its figures
    /// replace the Monte Carlo. `solved` of its `battles` distinct battles are done.
    Working {
        /// Distinct battles solved so far (those kept from earlier edits included).
        solved: usize,
        /// Distinct battles of the mixture.
        battles: usize,
    },
    /// The exact mixture will not be solved, and why (in players' words).
    Refused(String),
}

/// Everything the page shows.
#[derive(Debug, Clone, PartialEq)]
pub struct State {
    /// The battle as entered.
    pub scenario: Scenario,
    /// The validated battle, or the engine's message (with hidden blocks, always the message
    /// that they make a mixture: see [`State::check`]).
    pub battle: Result<Rc<Battle>, ScenarioError>,
    /// Whether the battle as entered can be fought: `Battle::new`'s answer, or with hidden blocks
    /// `bosworth::Fog::new`'s. Figures are shown only when it is `Ok`.
    pub check: Result<(), ScenarioError>,
    /// The battle has hidden blocks: its figures are averaged over what they may be.
    pub hidden: bool,
    /// The choices the rules set aside (R35): `Battle::warnings`, or with hidden blocks
    /// `Fog::warnings` (R44); empty while the battle is refused.
    pub warnings: Vec<bosworth::Warning>,
    /// With hidden blocks, the mixture's own figures (spread, scouting) for `report`.
    pub fog: Option<Rc<FogReport>>,
    /// Bumped on every change of the scenario; engine jobs carry it.
    pub revision: u64,
    /// The engine's state for this revision.
    pub calc: Calc,
    /// The latest figures (possibly partial Monte Carlo, possibly of an older revision while a
    /// new one is computed).
    pub report: Option<Rc<Report>>,
    /// The revision `report` belongs to.
    pub report_revision: u64,
    /// Why the figures are Monte Carlo, when the exact solver gave up.
    pub note: Option<String>,
    /// The figures are an exact answer this page had worked out before for the same battle
    /// (`crate::shell::solved`: a plan the map's planner solved, an edit undone), not solved
    /// again; the results panel says so as `data-source="solved-before"`.
    pub recalled: bool,
    /// With hidden blocks: whether exact figures are coming after the Monte Carlo ones shown.
    pub refine: Refine,
    /// A message about loading (a broken link), shown at the top.
    pub notice: Option<String>,
    /// Replay seed.
    pub seed: u64,
    /// Replay position: events shown so far.
    pub step: usize,
    /// Streamer view.
    pub overlay: bool,
    /// How the streamer view looks: its title, background and colour scheme (in its address).
    pub look: Look,
    /// Bumped on every change of the look, so the address follows it.
    pub look_revision: u64,
    /// Live play: the turns entered at the table so far, oldest first (for its Undo). Any other
    /// change of the battle clears it; Undo and Redo bring it back with their battle.
    pub live: Vec<LiveTurn>,
    /// The battles before this one, newest last: what Undo brings back (at most
    /// [`HISTORY_LIMIT`]).
    pub undo: Vec<Snapshot>,
    /// The battles undone, newest last: what Redo brings back. Any new change clears it.
    pub redo: Vec<Snapshot>,
    /// Plans pinned to compare (at most [`bosworth_link::MAX_PINS`]): each a battle with its
    /// figures, `None` until computed when the plan came from a link. Not part of Undo: pinning
    /// changes no battle. They travel in the address (`&p=`).
    pub pins: Vec<Pinned>,
    /// Bumped on every change of the pins, so the address follows them.
    pub pins_revision: u64,
    /// Counts the battles opened (New battle, a ready-made battle, a file, a point of a replay
    /// opened as a battle): the page gives each one its own entry in the browser's history, so
    /// Back returns to the battle before. Edits of a battle replace its entry.
    pub opened: u64,
}

/// How the streamer view looks (issue 26), carried in its address after `&overlay`.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Look {
    /// The battle's title on screen; `None`: the ready-made battle's, else who attacks whom where.
    pub title: Option<String>,
    /// `green` or `magenta` (a chroma key), `transparent`; `None`: the theme's page.
    pub background: Option<String>,
    /// `light` or `dark` whatever the browser keeps; `None`: the scheme kept.
    pub theme: Option<String>,
}

/// A plan pinned to compare.
#[derive(Debug, Clone, PartialEq)]
pub struct Pinned {
    /// Its name (`Plan A` unless renamed).
    pub label: String,
    /// The battle.
    pub scenario: Scenario,
    /// Its figures as they were shown when pinned; `None` for a plan from a link, until the
    /// helper worker has computed them.
    pub report: Option<Rc<Report>>,
}

/// What live play, which plays one battle die by die, says when blocks are hidden.
pub const KNOWN_ONLY: &str = "This needs every block known. With hidden blocks, the odds above are averaged over what they may be; state who they are (or open a possibility as its own battle) to play it out.";

/// How many changes Undo can take back.
pub const HISTORY_LIMIT: usize = 200;

/// The battle as it was at one point: what Undo and Redo restore, live turns included.
#[derive(Debug, Clone, PartialEq)]
pub struct Snapshot {
    /// The battle.
    pub scenario: Scenario,
    /// The live turns played to reach it.
    pub live: Vec<LiveTurn>,
}

/// One turn played live: the battle before it, what happened, and how the battle ended if it did
/// (then the battle shown stays the one before the turn).
#[derive(Debug, Clone, PartialEq)]
pub struct LiveTurn {
    /// The battle before the turn.
    pub before: Scenario,
    /// The turn as entered: who did what with which dice.
    pub said: String,
    /// What happened, as in a replay.
    pub events: Vec<bosworth::rules::log::Event>,
    /// How the battle ended, if this turn ended it.
    pub ending: Option<bosworth::rules::round::Ending>,
}

/// Everything that changes the state.
#[derive(Debug, Clone, PartialEq)]
pub enum Action {
    /// Edit the battle.
    Edit(Edit),
    /// Open another battle (New battle, a ready-made battle, a file, a point of a replay): it can
    /// be undone, and gets its own entry in the browser's history.
    Load(Scenario),
    /// Show the battle of the address after Back, Forward or a pasted link: it can be undone;
    /// the browser already has its entry.
    Navigate(Scenario),
    /// Take back the last change of the battle.
    Undo,
    /// Make again the last change taken back.
    Redo,
    /// A battle could not be loaded.
    Notice(Option<String>),
    /// The engine started on a revision.
    Started(u64),
    /// Monte Carlo progress with figures so far.
    Progress {
        /// The revision.
        revision: u64,
        /// Battles so far.
        runs: u64,
        /// Battles planned.
        total: u64,
        /// Figures so far.
        report: Rc<Report>,
        /// Why Monte Carlo.
        note: Option<String>,
        /// With hidden blocks, the mixture's figures so far (`report` is its averaged report).
        fog: Option<Rc<FogReport>>,
    },
    /// With hidden blocks: whether the exact figures are coming (the estimate's answer).
    Refine {
        /// The revision.
        revision: u64,
        /// Working on them, or why not.
        refine: Refine,
    },
    /// The final figures.
    Done {
        /// The revision.
        revision: u64,
        /// The figures.
        report: Rc<Report>,
        /// Why Monte Carlo, if it is.
        note: Option<String>,
        /// With hidden blocks, the mixture's figures (`report` is its averaged report).
        fog: Option<Rc<FogReport>>,
    },
    /// The exact figures of a battle solved before in this page (`crate::shell::solved`),
    /// shown at once as [`Action::Done`] shows the engine's.
    Recalled {
        /// The revision.
        revision: u64,
        /// The figures.
        report: Rc<Report>,
        /// With hidden blocks, the mixture's figures.
        fog: Option<Rc<FogReport>>,
    },
    /// The engine failed.
    Failed {
        /// The revision.
        revision: u64,
        /// Why.
        message: String,
    },
    /// The user stopped the computation.
    Cancel,
    /// New replay seed (back to the start).
    Seed(u64),
    /// Replay position.
    Step(usize),
    /// Streamer view on or off.
    Overlay(bool),
    /// The streamer view's look.
    Look(Look),
    /// A turn played live (`bosworth::play::live`): the battle goes on from `next` (`None`: it ended).
    Live {
        /// What happened and how the battle ended.
        turn: LiveTurn,
        /// The battle after the turn, when it goes on.
        next: Option<Scenario>,
    },
    /// Takes back the last live turn.
    LiveUndo,
    /// Pin the battle on screen with its figures, to compare (only with figures for it).
    Pin,
    /// Let go of a pinned plan.
    Unpin(usize),
    /// Rename a pinned plan.
    RenamePin(usize, String),
    /// The plans of a link (figures to compute).
    SetPins(Vec<bosworth_link::Pin>),
}

impl State {
    /// A state showing `scenario`.
    pub fn new(scenario: Scenario) -> State {
        let (battle, check, hidden, warnings) = build(&scenario);
        State {
            battle,
            check,
            hidden,
            warnings,
            fog: None,
            scenario,
            revision: 1,
            calc: Calc::Idle,
            report: None,
            report_revision: 0,
            note: None,
            recalled: false,
            refine: Refine::None,
            notice: None,
            seed: 1,
            step: 0,
            overlay: false,
            look: Look::default(),
            look_revision: 0,
            live: Vec::new(),
            undo: Vec::new(),
            redo: Vec::new(),
            opened: 0,
            pins: Vec::new(),
            pins_revision: 0,
        }
    }

    /// True when the battle on screen can be pinned: its own figures are shown, in full, and
    /// there is room.
    pub fn can_pin(&self) -> bool {
        self.pins.len() < bosworth_link::MAX_PINS
            && self.check.is_ok()
            && self.report_is_current()
            && matches!(self.calc, Calc::Done)
    }

    /// The pins as the address carries them.
    pub fn link_pins(&self) -> Vec<bosworth_link::Pin> {
        self.pins.iter().map(|p| bosworth_link::Pin { label: p.label.clone(), scenario: p.scenario.clone() }).collect()
    }

    /// The army of a side.
    pub fn army(&self, side: Side) -> &Army {
        match side {
            Side::Attacker => &self.scenario.attacker,
            Side::Defender => &self.scenario.defender,
        }
    }

    /// True when the engine's answers for `revision` are still wanted: it is the battle shown
    /// and its computation was not cancelled. A Cancel is final: the workers are terminated
    /// after the page redraws, and any answer they sent before that is dropped here, so the
    /// figures stay those shown when Cancel was pressed.
    fn awaits(&self, revision: u64) -> bool {
        revision == self.revision && self.calc != Calc::Cancelled
    }

    /// True when the figures shown are for the battle as it is now.
    pub fn report_is_current(&self) -> bool {
        self.report_revision == self.revision
    }

    /// How the battle ended, when the last live turn ended it.
    pub fn live_ending(&self) -> Option<bosworth::rules::round::Ending> {
        self.live.last().and_then(|t| t.ending)
    }

    /// Applies an action (pure: the same state and action give the same result).
    pub fn apply(mut self, action: Action) -> State {
        match action {
            Action::Edit(edit) => {
                let mut scenario = self.scenario.clone();
                apply_edit(&mut scenario, edit);
                if scenario != self.scenario {
                    self.change(scenario, Vec::new());
                }
            }
            Action::Load(scenario) => {
                if scenario != self.scenario {
                    self.change(scenario, Vec::new());
                    self.opened += 1;
                }
                self.notice = None;
            }
            Action::Navigate(scenario) => {
                if scenario != self.scenario {
                    self.change(scenario, Vec::new());
                }
                self.notice = None;
            }
            Action::Live { turn, next } => {
                // Only a turn played from the battle as it is now (not a stale click).
                if turn.before == self.scenario && self.live_ending().is_none() {
                    let mut live = self.live.clone();
                    live.push(turn);
                    let scenario = next.unwrap_or_else(|| self.scenario.clone());
                    self.change(scenario, live);
                }
            }
            Action::LiveUndo => {
                let mut live = self.live.clone();
                if let Some(turn) = live.pop() {
                    self.change(turn.before, live);
                }
            }
            Action::Undo => {
                if let Some(back) = self.undo.pop() {
                    let now = self.snapshot();
                    self.redo.push(now);
                    self.restore(back);
                }
            }
            Action::Redo => {
                if let Some(again) = self.redo.pop() {
                    let now = self.snapshot();
                    self.undo.push(now);
                    self.restore(again);
                }
            }
            Action::Notice(n) => self.notice = n,
            Action::Pin => {
                if self.can_pin() {
                    // The first of Plan A-D not taken.
                    let label = ["A", "B", "C", "D"]
                        .iter()
                        .map(|l| format!("Plan {l}"))
                        .find(|l| !self.pins.iter().any(|p| &p.label == l))
                        .unwrap_or_else(|| format!("Plan {}", self.pins.len() + 1));
                    self.pins.push(Pinned { label, scenario: self.scenario.clone(), report: self.report.clone() });
                    self.pins_revision += 1;
                }
            }
            Action::Unpin(i) => {
                if i < self.pins.len() {
                    self.pins.remove(i);
                    self.pins_revision += 1;
                }
            }
            Action::RenamePin(i, label) => {
                let label = label.trim().chars().take(40).collect::<String>();
                if let Some(p) = self.pins.get_mut(i)
                    && !label.is_empty()
                    && p.label != label
                {
                    p.label = label;
                    self.pins_revision += 1;
                }
            }
            Action::SetPins(pins) => {
                let now: Vec<bosworth_link::Pin> = self.link_pins();
                if pins != now {
                    self.pins = pins
                        .into_iter()
                        .take(bosworth_link::MAX_PINS)
                        .map(|p| Pinned { label: p.label, scenario: p.scenario, report: None })
                        .collect();
                    self.pins_revision += 1;
                }
            }
            Action::Started(rev) if rev == self.revision => {
                self.calc = Calc::Running { runs: 0, total: 0 }
            }
            Action::Progress { revision, runs, total, report, note, fog } if self.awaits(revision) => {
                self.calc = Calc::Running { runs, total };
                self.report = Some(report);
                self.report_revision = revision;
                self.note = note;
                self.fog = fog;
                self.recalled = false;
            }
            Action::Refine { revision, refine } if self.awaits(revision) => self.refine = refine,
            Action::Done { revision, report, note, fog } if self.awaits(revision) => {
                if matches!(report.method, bosworth::solve::report::Method::Exact { .. }) {
                    self.refine = Refine::None;
                }
                self.calc = Calc::Done;
                self.report = Some(report);
                self.report_revision = revision;
                self.note = note;
                self.fog = fog;
                self.recalled = false;
            }
            Action::Recalled { revision, report, fog } if self.awaits(revision) => {
                self.refine = Refine::None;
                self.calc = Calc::Done;
                self.report = Some(report);
                self.report_revision = revision;
                self.note = None;
                self.fog = fog;
                self.recalled = true;
            }
            Action::Failed { revision, message } if self.awaits(revision) => {
                self.calc = Calc::Failed(message)
            }
            Action::Cancel => {
                if matches!(self.calc, Calc::Running { .. }) {
                    self.calc = Calc::Cancelled;
                    if matches!(self.refine, Refine::Working { .. }) {
                        self.refine = Refine::None;
                    }
                }
            }
            Action::Seed(seed) => {
                self.seed = seed;
                self.step = 0;
            }
            Action::Step(step) => self.step = step,
            Action::Overlay(o) => self.overlay = o,
            Action::Look(look) => {
                if look != self.look {
                    self.look = look;
                    self.look_revision += 1;
                }
            }
            // Answers for an older revision, or for one whose computation was cancelled, are
            // dropped.
            Action::Started(_)
            | Action::Progress { .. }
            | Action::Refine { .. }
            | Action::Done { .. }
            | Action::Recalled { .. }
            | Action::Failed { .. } => {}
        }
        self
    }

    /// True if there is a change to undo.
    pub fn can_undo(&self) -> bool {
        !self.undo.is_empty()
    }

    /// True if there is an undone change to make again.
    pub fn can_redo(&self) -> bool {
        !self.redo.is_empty()
    }

    fn snapshot(&self) -> Snapshot {
        Snapshot { scenario: self.scenario.clone(), live: self.live.clone() }
    }

    /// Makes `scenario` (after `live` turns) the battle, keeping the one before for Undo.
    fn change(&mut self, scenario: Scenario, live: Vec<LiveTurn>) {
        if scenario == self.scenario && live == self.live {
            return;
        }
        let before = self.snapshot();
        self.undo.push(before);
        if self.undo.len() > HISTORY_LIMIT {
            self.undo.remove(0);
        }
        self.redo.clear();
        self.restore(Snapshot { scenario, live });
    }

    fn restore(&mut self, to: Snapshot) {
        self.live = to.live;
        self.set_scenario(to.scenario);
    }

    fn set_scenario(&mut self, scenario: Scenario) {
        if scenario == self.scenario && self.revision > 0 {
            return;
        }
        (self.battle, self.check, self.hidden, self.warnings) = build(&scenario);
        self.scenario = scenario;
        self.revision += 1;
        self.step = 0;
        self.calc = Calc::Idle;
        self.refine = Refine::None;
    }
}

impl Reducible for State {
    type Action = Action;

    fn reduce(self: Rc<Self>, action: Action) -> Rc<Self> {
        Rc::new((*self).clone().apply(action))
    }
}

/// A battle with no block yet: the area, the throne and the attacking house as asked, nothing
/// else (no dead block, no Treason card, no retreat limit, no choices).
pub fn empty_battle(area: Option<String>, king: House, attacker: House) -> Scenario {
    let army = |house| Army { house, blocks: Vec::new(), retreat_capacity: None, hidden: Vec::new() };
    Scenario {
        version: bosworth::scenario::SCENARIO_VERSION,
        area,
        king,
        dead: Vec::new(),
        treason: None,
        attacker: army(attacker),
        defender: army(attacker.other()),
        seen_elsewhere: Vec::new(),
        defected_elsewhere: Vec::new(),
        neighbours: Default::default(),
        defected: Vec::new(),
        policy: Default::default(),
        progress: None,
    }
}

/// The battle, whether it can be fought, whether it has hidden blocks, and the choices the
/// rules set aside (R35, R44).
#[allow(clippy::type_complexity)]
fn build(
    scenario: &Scenario,
) -> (Result<Rc<Battle>, ScenarioError>, Result<(), ScenarioError>, bool, Vec<bosworth::Warning>) {
    // The Treason card at its best target is fought (replayed, ordered, played live) at the
    // target chosen (R45); the solvers, in workers, choose it themselves.
    let battle = Battle::new(scenario).map(|b| Rc::new(bosworth::with_treason_target(b)));
    if bosworth::solve::fog::has_hidden(scenario) {
        match bosworth::Fog::new(scenario) {
            Ok(fog) => (battle, Ok(()), true, fog.warnings()),
            Err(e) => (battle, Err(e), true, Vec::new()),
        }
    } else {
        let check = battle.as_ref().map(|_| ()).map_err(Clone::clone);
        let warnings = battle.as_ref().map(|b| b.warnings().to_vec()).unwrap_or_default();
        (battle, check, false, warnings)
    }
}

fn army_mut(scenario: &mut Scenario, side: Side) -> &mut Army {
    match side {
        Side::Attacker => &mut scenario.attacker,
        Side::Defender => &mut scenario.defender,
    }
}

fn apply_edit(s: &mut Scenario, edit: Edit) {
    match edit {
        Edit::AttackingHouse(house) => {
            if s.attacker.house != house {
                // Who came from where belonged to the attack (R20).
                borders::clear(s);
                std::mem::swap(&mut s.attacker, &mut s.defender);
                s.treason = s.treason.map(Side::other);
                std::mem::swap(&mut s.policy.attacker, &mut s.policy.defender);
            }
        }
        Edit::King(house) => s.king = house,
        Edit::Area(area) => {
            // The borders were the old area's (5.2): a new area starts without them.
            if area != s.area {
                borders::clear(s);
            }
            s.area = area;
        }
        Edit::Treason(t) => {
            // A target belongs to the card's holder (D11): another holder chooses his own.
            if s.treason != t {
                s.policy.attacker.treason_target = None;
                s.policy.defender.treason_target = None;
            }
            s.treason = t;
        }
        Edit::Add(side, id) => {
            let strength = bosworth::data::block(&id).map_or(1, |b| b.max_strength);
            army_mut(s, side).blocks.push(BlockEntry {
                id: Some(id),
                custom: None,
                strength,
                reserve: false,
                from: None,
            });
        }
        Edit::Remove(side, i) => {
            let before = borders::before_removal(s);
            let blocks = &mut army_mut(s, side).blocks;
            if i < blocks.len() {
                let gone = blocks.remove(i);
                if let Some(name) = gone.id.or(gone.custom.map(|c| c.name)) {
                    forget(s, &name);
                }
                borders::after_removal(s, before);
            }
        }
        Edit::Policy(side, p) => match side {
            Side::Attacker => s.policy.attacker = p,
            Side::Defender => s.policy.defender = p,
        },
        Edit::AddCustom(side, c) => {
            let strength = c.max_strength.clamp(1, 4);
            army_mut(s, side).blocks.push(BlockEntry { id: None, custom: Some(c), strength, reserve: false, from: None });
        }
        Edit::AddHidden(side) => army_mut(s, side).hidden.push(HiddenBlock::default()),
        Edit::Hidden(side, k, mut h) => {
            if let Some(slot) = army_mut(s, side).hidden.get_mut(k) {
                // Only the defender's reinforcements came into the battle (6.3).
                if side == Side::Defender && !h.reserve {
                    h.from = None;
                }
                *slot = h;
            }
        }
        Edit::RemoveHidden(side, k) => {
            let before = borders::before_removal(s);
            let hidden = &mut army_mut(s, side).hidden;
            if k < hidden.len() {
                hidden.remove(k);
                borders::after_removal(s, before);
            }
        }
        Edit::From(side, which, from) => borders::set_from(s, side, which, from),
        Edit::MainAttack(main) => borders::set_main_attack(s, &main),
        Edit::Held(neighbour, held) => borders::set_held(s, &neighbour, held),
        Edit::NotHere(ids, away) => {
            // Either version of a noble is one person (4.6): a name listed either way is the same.
            let person = |n: &str| bosworth::data::block(n).map(|d| d.person);
            let same = |a: &str, b: &str| a.trim().eq_ignore_ascii_case(b.trim()) || person(a).is_some_and(|p| person(b) == Some(p));
            s.seen_elsewhere.retain(|d| !ids.iter().any(|id| same(d, id)));
            if away {
                s.seen_elsewhere.extend(ids);
            }
        }
        Edit::Strength(side, i, k) => {
            if let Some(b) = army_mut(s, side).blocks.get_mut(i) {
                b.strength = k;
            }
        }
        Edit::Reserve(side, i) => {
            if let Some(b) = army_mut(s, side).blocks.get_mut(i) {
                b.reserve = !b.reserve;
                // Only the defender's reinforcements came into the battle (6.3).
                if side == Side::Defender && !b.reserve && b.from.is_some() {
                    let before = borders::before_removal(s);
                    if let Some(b) = army_mut(s, side).blocks.get_mut(i) {
                        b.from = None;
                    }
                    borders::after_removal(s, before);
                }
            }
        }
        Edit::Move(side, i, up) => {
            let blocks = &mut army_mut(s, side).blocks;
            let j = if up { i.checked_sub(1) } else { Some(i + 1) };
            if let Some(j) = j.filter(|&j| j < blocks.len() && i < blocks.len()) {
                blocks.swap(i, j);
            }
        }
        Edit::RetreatCapacity(side, c) => army_mut(s, side).retreat_capacity = c,
        Edit::Dead(id, dead) => {
            s.dead.retain(|d| !d.eq_ignore_ascii_case(&id));
            if dead {
                s.dead.push(id);
            }
        }
        Edit::DefectedElsewhere(id, away) => {
            s.defected_elsewhere.retain(|d| !d.eq_ignore_ascii_case(&id));
            if away {
                s.defected_elsewhere.push(id);
            }
        }
    }
}

/// Drops the choices that name a block no longer in the battle.
fn forget(s: &mut Scenario, name: &str) {
    // Either version of a noble is the same person (4.6): a defector named as he would become
    // (`Stanley/L`, R5) goes with `Stanley/Y`.
    let person = |n: &str| bosworth::data::block(n).map(|d| d.person);
    let same = |n: &str| n.trim().eq_ignore_ascii_case(name.trim()) || person(n).is_some_and(|p| person(name) == Some(p));
    for p in [&mut s.policy.attacker, &mut s.policy.defender] {
        p.fire_order.retain(|n| !same(n));
        p.hit_order.retain(|n| !same(n));
        p.retreats.retain(|r| !same(&r.block));
        p.charges.retain(|c| !same(&c.target) && !c.by.as_deref().is_some_and(same));
        p.treachery.retain(|t| !same(&t.target) && !same(&t.by));
        if p.treason_target.as_deref().is_some_and(same) {
            p.treason_target = None;
        }
    }
}
