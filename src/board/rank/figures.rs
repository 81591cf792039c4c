//! A plan's figures from the fog of war on its battle ([`Figures`], read from the battle's
//! report for the moving player's side), and the plan reported with them ([`Assessed`]).

use crate::board::plans::Plan;
use crate::board::reinforce::Group;
use crate::scenario::{Scenario, Side};
use crate::solve::fog::FogReport;
use crate::solve::report::{Method, Report};

/// One of the moving player's heirs in a plan's battle and the chance he dies.
#[derive(Debug, Clone, PartialEq)]
pub struct HeirRisk {
    /// The heir's id.
    pub id: String,
    /// The chance he is eliminated.
    pub dies: f64,
}

/// A plan's figures, from the fog of war on its battle.
#[derive(Debug, Clone, PartialEq)]
pub struct Figures {
    /// The moving player's chance to hold the target after the battle.
    pub hold: f64,
    /// Its standard error (0 when exact).
    pub std_error: f64,
    /// The chance the area is left vacant.
    pub vacant: f64,
    /// Expected steps lost by the moving player (R4).
    pub own_steps_lost: f64,
    /// Expected steps lost by the enemy.
    pub enemy_steps_lost: f64,
    /// The moving player's heirs in the battle, each with his chance to die.
    pub heirs: Vec<HeirRisk>,
    /// The chance the King dies, if he may be in the battle.
    pub king_dies: Option<f64>,
    /// The chance the Pretender dies, if he may be in the battle.
    pub pretender_dies: Option<f64>,
    /// Exact (with its states) or Monte Carlo (with its runs and seed).
    pub method: Method,
}

/// A plan with its battle and figures.
#[derive(Debug, Clone)]
pub struct Assessed {
    /// The plan.
    pub plan: Plan,
    /// The enemy's reinforcements its battle assumes.
    pub reinforcements: Vec<Group>,
    /// Its battle: the scenario the figures are of.
    pub scenario: Scenario,
    /// The fog of war's figures on the battle.
    pub figures: Figures,
    /// The screening's chance to hold and the draws it is over.
    pub screened: (f64, usize),
    /// No other reported plan holds at least as often, loses at most as many steps and commits
    /// at most as many blocks, and does better on one of them.
    pub pareto: bool,
    /// Within [`SEPARATED`](super::separation::SEPARATED) standard errors of the next plan's
    /// chance to hold: not told apart.
    pub tied_with_next: bool,
    /// The exact report the figures were read from, when they are exact: what `bosworth exact`
    /// (and a page's battle calculator) gives on [`Assessed::scenario`], bit for bit, for a page
    /// to show at once when the plan is opened as a battle. Not printed by `bosworth plan`.
    pub exact: Option<Solution>,
}

/// An exact report on a plan's battle, as the battle's own exact solver gives it.
#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
pub enum Solution {
    /// A battle with no hidden block (`solve::exact::solve`).
    Plain(Report),
    /// A battle with hidden blocks: the exact mixture (`Fog::solve`).
    Fog(FogReport),
}

/// The moving player's heirs in a battle, by id.
pub(super) fn battle_heirs(scenario: &Scenario, own: Side) -> Vec<String> {
    let army = match own {
        Side::Attacker => &scenario.attacker,
        Side::Defender => &scenario.defender,
    };
    army.blocks
        .iter()
        .filter_map(|b| b.id.as_deref())
        .filter(|id| crate::data::block(id).is_some_and(|d| d.heir_rank.is_some()))
        .map(String::from)
        .collect()
}

/// A plan's figures from its battle's report, for the moving player's side.
pub(super) fn figures(r: &Report, own: Side, heirs: &[String]) -> Figures {
    let hold = match own {
        Side::Attacker => r.attacker_holds,
        Side::Defender => r.defender_holds,
    };
    Figures {
        hold,
        std_error: r.std_error(hold),
        vacant: r.vacant,
        own_steps_lost: r.sides[own.index()].expected_steps_lost,
        enemy_steps_lost: r.sides[own.other().index()].expected_steps_lost,
        heirs: heirs
            .iter()
            .filter_map(|id| {
                r.blocks
                    .iter()
                    .find(|b| b.name == *id && b.side == own)
                    .map(|b| HeirRisk {
                        id: id.clone(),
                        dies: b.eliminated,
                    })
            })
            .collect(),
        king_dies: r.king_dies,
        pretender_dies: r.pretender_dies,
        method: r.method.clone(),
    }
}
