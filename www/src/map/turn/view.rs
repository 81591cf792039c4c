//! The best turns as the page receives them from its worker (written from the engine's `Turns`
//! with the fields `bosworth plan --turn --json` prints), what the map draws of a turn (all its
//! attacks' arrows and the border limits they use together, 5.21), and a turn's value in words
//! with the objective's unit; the objective as the page asks it. No `Html` here.

use crate::map::ranking::{HeirRisk, PlanView};
use bosworth::board::{Objective, Pin, Position, Turns, targets, ways};
use bosworth::rules::movement::area_index;
use serde::{Deserialize, Serialize};

/// What a turn is ranked by, as the page asks it (R38).
#[derive(Debug, Clone, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
pub enum Goal {
    /// Expected areas held.
    #[default]
    Areas,
    /// Expected enemy steps lost minus own.
    Steps,
    /// The chance to hold `area`, keeping the heir `keep` (an id) if named.
    Take {
        /// The area's name.
        area: String,
        /// The heir's id.
        keep: Option<String>,
    },
}

impl Goal {
    /// The command-line words: `areas`, `steps`, `take:Kent:March`.
    pub fn words(&self) -> String {
        match self {
            Goal::Areas => "areas".into(),
            Goal::Steps => "steps".into(),
            Goal::Take { area, keep: None } => format!("take:{area}"),
            Goal::Take {
                area,
                keep: Some(h),
            } => format!("take:{area}:{h}"),
        }
    }

    /// The `bosworth plan` command that gives the same figures.
    pub fn command(&self) -> String {
        match self {
            Goal::Areas => "bosworth plan BOARD --turn".into(),
            g => format!("bosworth plan BOARD --turn --objective \"{}\"", g.words()),
        }
    }

    /// The `bosworth plan` command that gives the same figures with these attacks pinned.
    pub fn command_with(&self, pins: &[PinAsk]) -> String {
        let mut c = self.command();
        for p in pins {
            c.push_str(&format!(" --with \"{}\"", p.words()));
        }
        c
    }

    /// The engine's objective, checked against the board (the CLI's `--objective` messages).
    ///
    /// # Errors
    /// An area not of the map, or an heir who is none of the moving player's blocks.
    pub fn objective(&self, position: &Position) -> Result<Objective, String> {
        Ok(match self {
            Goal::Areas => Objective::Areas,
            Goal::Steps => Objective::Steps,
            Goal::Take { area, keep } => {
                let a = area_index(area)
                    .ok_or_else(|| format!("objective: '{area}' is not an area of the map"))?;
                let keep = match keep {
                    None => None,
                    Some(h) => {
                        let own = position
                            .own
                            .iter()
                            .find(|o| o.block.id == h.as_str())
                            .ok_or_else(|| {
                                format!(
                                    "objective: '{h}' is none of {}'s blocks on the board",
                                    position.house
                                )
                            })?;
                        if own.block.heir_rank.is_none() {
                            return Err(format!("objective: {h} is not an heir (3.21)"));
                        }
                        Some(h.clone())
                    }
                };
                Objective::Take { area: a, keep }
            }
        })
    }
}

/// An attack the player pins (R37: "I am attacking Kent with these"): every turn shown makes it,
/// with exactly these blocks, as `bosworth plan BOARD --turn --with AREA=BLOCK,BLOCK` asks.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
pub struct PinAsk {
    /// The target's name.
    pub area: String,
    /// The moving player's blocks that go (ids, in the board's order).
    pub blocks: Vec<String>,
}

impl PinAsk {
    /// The command-line words: `Kent=March,Herbert`.
    pub fn words(&self) -> String {
        format!("{}={}", self.area, self.blocks.join(","))
    }

    /// The engine's pin, checked against the board (the CLI's `--with` messages).
    ///
    /// # Errors
    /// An area not of the map, no block named, or a block that is none of the moving player's.
    pub fn pin(&self, position: &Position) -> Result<Pin, String> {
        let area = area_index(&self.area)
            .ok_or_else(|| format!("pin: '{}' is not an area of the map", self.area))?;
        if self.blocks.is_empty() {
            return Err(format!("pin: no block is named to attack {}", self.area));
        }
        let mut blocks = Vec::new();
        for id in &self.blocks {
            let k = position
                .own
                .iter()
                .position(|o| o.block.id == id.as_str())
                .ok_or_else(|| {
                    format!(
                        "pin: '{id}' is none of {}'s blocks on the board",
                        position.house
                    )
                })?;
            blocks.push(k);
        }
        blocks.sort_unstable();
        blocks.dedup();
        Ok(Pin { area, blocks })
    }
}

/// For each area the moving player can attack this turn (the map's order), the blocks (ids, in
/// the board's order) that have a way there (5.2, 5.22): what the Best turn offers to pin.
pub fn reach(position: &Position) -> Vec<(String, Vec<String>)> {
    targets(position)
        .into_iter()
        .map(|t| {
            let mut who: Vec<usize> = ways(position, t.area).iter().map(|w| w.block).collect();
            who.sort_unstable();
            who.dedup();
            (
                name(t.area),
                who.into_iter()
                    .map(|k| position.own[k].block.id.to_string())
                    .collect(),
            )
        })
        .collect()
}

/// One attack of a turn: its target and its plan with the fog of war's figures on its battle.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct AttackView {
    /// The target's name.
    pub target: String,
    /// The plan (its battle is `bosworth plan --turn --json`'s `battle`).
    pub plan: PlanView,
}

/// An area a turn leaves empty, with the enemy's areas a counter-attack may come from.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct OpenView {
    /// The area left with none of the moving player's blocks.
    pub area: String,
    /// The enemy's neighbouring areas holding blocks (by land, not across an estuary).
    pub from: Vec<String>,
}

/// One turn.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct TurnView {
    /// Its value by the objective.
    pub value: f64,
    /// The value's standard error (0 when every battle is exact).
    pub std_error: f64,
    /// The value is a lower bound (R38).
    pub at_least: bool,
    /// Action points it spends (5.2).
    pub action_points: u8,
    /// Its attacks, in the map's order of targets.
    pub attacks: Vec<AttackView>,
    /// The moving player's heirs in its battles, each with his chance to die.
    pub heirs_at_risk: Vec<HeirRisk>,
    /// Areas it leaves empty, each with where a counter-attack may come from.
    pub open: Vec<OpenView>,
}

/// The best turns on a board by an objective, best first.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct TurnsView {
    /// What they are ranked by.
    pub goal: Goal,
    /// The targets the moving player can attack this turn.
    pub targets: Vec<String>,
    /// Plans found over every target.
    pub plans_considered: usize,
    /// Turns the branch and bound valued.
    pub turns_searched: u64,
    /// Distinct battles given the fog of war's figures.
    pub battles_assessed: usize,
    /// Battles the screening fought.
    pub screened_battles: u64,
    /// The turns.
    pub turns: Vec<TurnView>,
}

fn name(a: usize) -> String {
    crate::map::ranking::name(a)
}

impl TurnsView {
    /// The engine's turns as the page shows them.
    pub fn of(position: &Position, goal: &Goal, t: &Turns) -> TurnsView {
        TurnsView {
            goal: goal.clone(),
            targets: t.targets.iter().map(|x| name(x.area)).collect(),
            plans_considered: t.plans,
            turns_searched: t.searched,
            battles_assessed: t.assessed,
            screened_battles: t.screened_battles,
            turns: t
                .turns
                .iter()
                .map(|turn| TurnView {
                    value: turn.value,
                    std_error: turn.std_error,
                    at_least: turn.at_least,
                    action_points: turn.ap,
                    attacks: turn
                        .attacks
                        .iter()
                        .map(|a| AttackView {
                            target: name(a.plan.target.area),
                            plan: PlanView::of(position, a),
                        })
                        .collect(),
                    heirs_at_risk: turn
                        .heirs_at_risk
                        .iter()
                        .map(|(id, dies)| HeirRisk {
                            id: id.clone(),
                            dies: *dies,
                        })
                        .collect(),
                    open: turn
                        .open
                        .iter()
                        .map(|(a, from)| OpenView {
                            area: name(*a),
                            from: from.iter().map(|&f| name(f)).collect(),
                        })
                        .collect(),
                })
                .collect(),
        }
    }
}

impl TurnView {
    /// The turn's attacks as one plan, for the map: every block's way (so the arrows are all the
    /// attacks' and each border's badge counts the crossings of all of them, 5.21, R37) and every
    /// enemy reinforcement.
    pub fn merged(&self) -> Option<PlanView> {
        let mut all = self.attacks.first()?.plan.clone();
        for a in &self.attacks[1..] {
            all.ways.extend(a.plan.ways.iter().cloned());
            all.reinforcements
                .extend(a.plan.reinforcements.iter().cloned());
        }
        Some(all)
    }

    /// The areas the turn brings into view: its targets and every area its blocks cross.
    pub fn areas(&self) -> Vec<String> {
        let mut a: Vec<String> = self
            .attacks
            .iter()
            .flat_map(|x| {
                x.plan
                    .ways
                    .iter()
                    .flat_map(|w| w.route.clone())
                    .chain([x.target.clone()])
            })
            .collect();
        a.sort();
        a.dedup();
        a
    }

    /// The blocks the turn commits.
    pub fn blocks(&self) -> usize {
        self.attacks.iter().map(|a| a.plan.ways.len()).sum()
    }
}

/// The objective in words, as `bosworth plan --turn` says it.
pub fn goal_words(g: &Goal) -> String {
    match g {
        Goal::Areas => "expected areas held".into(),
        Goal::Steps => "expected enemy steps lost minus own".into(),
        Goal::Take { area, keep: None } => format!("chance to hold {area}"),
        Goal::Take {
            area,
            keep: Some(h),
        } => format!("chance to hold {area} and keep {h}"),
    }
}

/// A turn's value with its unit, as `bosworth plan --turn` prints it: `1.472 areas`, `+2.31
/// steps`, `at least 40.6%`.
pub fn value_words(g: &Goal, t: &TurnView) -> String {
    let v = match g {
        Goal::Areas => format!("{:.3} areas", t.value),
        Goal::Steps => format!("{:+.2} steps", t.value),
        Goal::Take { .. } => crate::shell::format::pct(t.value),
    };
    format!("{}{v}", if t.at_least { "at least " } else { "" })
}

/// The value's standard error: ` ± 0.012`, ` ± 0.35%`, or ` (exact)`.
pub fn error_words(g: &Goal, t: &TurnView) -> String {
    if t.std_error > 0.0 {
        match g {
            Goal::Take { .. } => format!(" ± {:.2}%", 100.0 * t.std_error),
            _ => format!(" ± {:.3}", t.std_error),
        }
    } else {
        " (exact)".into()
    }
}
