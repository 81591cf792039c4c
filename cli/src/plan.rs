//! `bosworth plan`: every way to attack this turn from a board (`docs/board.md`), ranked; the
//! tables, JSON and CSV it prints, and `--open N`, a plan's battle as a scenario to check with
//! `bosworth exact` or `bosworth simulate`.

use crate::csv::field;
use crate::output::Format;
use crate::progress::{Meter, Stop};
use bosworth::board::{
    Assessed, Board, Options, PlanError, Position, Ranking, Reinforce, Role, card_refusal,
    every_target, rank, target,
};
use bosworth::rules::movement::area_index;
use bosworth::solve::report::Method;
use serde_json::{Value, json};

/// What `bosworth plan` was asked.
pub struct Ask<'a> {
    /// The target's name, or every target.
    pub target: Option<&'a str>,
    /// The planner's options.
    pub options: Options,
    /// How to print.
    pub format: Format,
    /// Print this plan's battle (1-based rank) instead of the ranking.
    pub open: Option<usize>,
    /// No progress bar.
    pub quiet: bool,
}

/// Runs the planner on a board and prints what was asked.
pub fn run(board: &Board, ask: &Ask<'_>) -> Result<String, Stop> {
    let position = Position::new(board).map_err(|e| Stop::Error(e.to_string()))?;
    // Battles screened and fought, and states solved: units apart, but each a step of the work.
    let exact_best = match ask.target {
        Some(_) => ask.options.exact_best.min(ask.options.top) as u64,
        None => 0,
    };
    let estimate = ask.options.screen_budget
        + ask.options.runs * (ask.options.top as u64 + 4)
        + exact_best * ask.options.best_budget as u64;
    let meter = Meter::work(estimate, ask.quiet);
    let watch = |n: usize| meter.add(n);
    let stop = |e: PlanError| match e {
        PlanError::Cancelled => Stop::Interrupted,
        e => Stop::Error(e.to_string()),
    };
    let rankings: Vec<Ranking> = match ask.target {
        Some(name) => {
            let Some(area) = area_index(name) else {
                return Err(Stop::Error(format!(
                    "--target: '{name}' is not an area of the map"
                )));
            };
            let t = target(&position, area).map_err(|e| Stop::Error(format!("--target: {e}")))?;
            vec![rank(&position, t, &ask.options, &watch).map_err(stop)?]
        }
        None => every_target(&position, &ask.options, &watch).map_err(stop)?,
    };
    drop(meter);
    if let Some(n) = ask.open {
        let plans: Vec<&Assessed> = match ask.target {
            Some(_) => rankings[0].plans.iter().collect(),
            None => rankings.iter().filter_map(|r| r.plans.first()).collect(),
        };
        let Some(p) = n.checked_sub(1).and_then(|i| plans.get(i)) else {
            return Err(Stop::Error(format!(
                "--open: {n}: there {} {} plan{} (1 to {})",
                if plans.len() == 1 { "is" } else { "are" },
                plans.len(),
                if plans.len() == 1 { "" } else { "s" },
                plans.len()
            )));
        };
        return Ok(bosworth_link::to_pretty_json(&p.scenario));
    }
    Ok(match (ask.format, ask.target) {
        (Format::Json, Some(_)) => crate::output::json(&ranking_json(&position, &rankings[0])),
        (Format::Json, None) => crate::output::json(&Value::Array(
            rankings
                .iter()
                .map(|r| ranking_json(&position, r))
                .collect(),
        )),
        (Format::Csv, _) => csv(&position, &rankings),
        (Format::Table, Some(_)) => table(&position, &rankings[0]),
        (Format::Table, None) => every_table(&position, &rankings),
    })
}

/// A place's name: an area, or the sea zone a sea attack sails (R42).
pub(crate) fn name(place: usize) -> &'static str {
    bosworth::rules::sea::place_name(place)
}

pub(crate) fn pct(x: f64) -> String {
    format!("{:.1}%", 100.0 * x)
}

/// A block's id, and where it starts when it passes through the border's area: `Norfolk from
/// Essex` (by the group's area).
fn block_way(position: &Position, w: &bosworth::board::Way) -> String {
    let id = position.own[w.block].block.id;
    match (w.path.len(), w.sea) {
        (3, _) | (_, Some(_)) => format!("{id} from {}", name(w.path[0])),
        _ => id.to_string(),
    }
}

/// The plan's groups by the area they enter from: `Middlesex: March, Norfolk from Essex`, the
/// Main Attack first.
fn groups(position: &Position, a: &Assessed) -> (String, String) {
    let plan = &a.plan;
    let mut main = Vec::new();
    let mut reserves: Vec<(usize, Vec<String>)> = Vec::new();
    for w in &plan.ways {
        if Some(w.entry()) == plan.main {
            main.push(block_way(position, w));
        } else {
            match reserves.iter_mut().find(|r| r.0 == w.entry()) {
                Some(r) => r.1.push(block_way(position, w)),
                None => reserves.push((w.entry(), vec![block_way(position, w)])),
            }
        }
    }
    let main = match plan.main {
        Some(m) if !main.is_empty() => format!("{}: {}", name(m), main.join(", ")),
        Some(m) => format!("{}: (those already there)", name(m)),
        None => "-".to_string(),
    };
    let reserves = if reserves.is_empty() {
        "-".to_string()
    } else {
        reserves
            .iter()
            .map(|(e, b)| format!("{}: {}", name(*e), b.join(", ")))
            .collect::<Vec<_>>()
            .join("; ")
    };
    (main, reserves)
}

fn method_words(m: &Method) -> String {
    match m {
        Method::Exact { .. } => "exact".to_string(),
        Method::MonteCarlo { runs, seed } => format!("Monte Carlo {runs} seed {seed}"),
    }
}

pub(crate) fn heirs_words(a: &Assessed) -> String {
    let mut parts: Vec<String> = a
        .figures
        .heirs
        .iter()
        .map(|h| format!("{} {}", h.id, pct(h.dies)))
        .collect();
    if let Some(k) = a.figures.king_dies.filter(|k| *k > 0.0) {
        parts.push(format!("the King {}", pct(k)));
    }
    if let Some(k) = a.figures.pretender_dies.filter(|k| *k > 0.0) {
        parts.push(format!("the Pretender {}", pct(k)));
    }
    if parts.is_empty() {
        "-".to_string()
    } else {
        parts.join(", ")
    }
}

/// The event card played, if it is one, as the first line names it: `"Surprise: one group,
/// border limits +1; "` (Event Cards); nothing for an action card, whose action points follow.
pub(crate) fn event_words(position: &Position) -> String {
    match position.card.event() {
        Some(_) => format!("{}; ", position.card.summary()),
        None => String::new(),
    }
}

/// What attacking the target means, in words.
fn headline(position: &Position, r: &Ranking) -> String {
    let t = r.target;
    let spot = &position.spots[t.area];
    let enemy = position.enemy();
    let what = match t.role {
        Role::Attack => format!("{} attacks {}", position.house, name(t.area)),
        Role::Join { .. } => format!("{} adds to its attack on {}", position.house, name(t.area)),
        Role::Reinforce => format!(
            "{} reinforces its defence of {}",
            position.house,
            name(t.area)
        ),
    };
    let mut held = Vec::new();
    if spot.hidden > 0 {
        held.push(format!(
            "{} unseen {enemy} block{}",
            spot.hidden,
            if spot.hidden == 1 { "" } else { "s" }
        ));
    }
    for s in &spot.seen {
        held.push(format!("{} {}", s.block.id, s.strength));
    }
    format!(
        "{what} ({}), Player {}, {}{} action point{} left: {} plan{} considered{}.",
        held.join(", "),
        position.player,
        event_words(position),
        position.ap,
        if position.ap == 1 { "" } else { "s" },
        r.considered,
        if r.considered == 1 { "" } else { "s" },
        if r.truncated {
            " (the search stopped at its limit)"
        } else {
            ""
        }
    )
}

/// One plan in a few lines: its figures, its groups by border, what it costs.
pub(crate) fn plan_lines(position: &Position, rank: &str, a: &Assessed) -> String {
    let f = &a.figures;
    let (main, reserves) = groups(position, a);
    let se = if f.std_error > 0.0 {
        format!(" ± {:.2}%", 100.0 * f.std_error)
    } else {
        " (exact)".to_string()
    };
    let n = a.plan.ways.len();
    let mut out = format!(
        "{rank:>4} holds {}{se}{}; {} AP, {n} block{}\n",
        pct(f.hold),
        if a.tied_with_next {
            ", tied with the next"
        } else {
            ""
        },
        a.plan.ap,
        if n == 1 { "" } else { "s" },
    );
    let pad = "     ";
    if main != "-" {
        out.push_str(&format!("{pad}Main Attack by {main}\n"));
    }
    if reserves != "-" {
        out.push_str(&format!("{pad}reserves by {reserves}\n"));
    }
    for g in &a.reinforcements {
        out.push_str(&format!(
            "{pad}enemy reserves by {}: {} from {}\n",
            name(g.entry()),
            g.blocks(),
            name(g.source)
        ));
    }
    let empty = if a.plan.left_empty.is_empty() {
        String::new()
    } else {
        format!(
            "; left empty: {}",
            a.plan
                .left_empty
                .iter()
                .map(|&x| name(x))
                .collect::<Vec<_>>()
                .join(", ")
        )
    };
    let dies = heirs_words(a);
    out.push_str(&format!(
        "{pad}steps lost {:.2} ({} {:.2}){}{empty}\n",
        f.own_steps_lost,
        position.enemy(),
        f.enemy_steps_lost,
        if dies == "-" {
            String::new()
        } else {
            format!("; dies: {dies}")
        },
    ));
    out
}

/// The ranking of one target as text.
fn table(position: &Position, r: &Ranking) -> String {
    let mut out = headline(position, r);
    out.push_str("\n\n");
    if r.plans.is_empty() {
        out.push_str("No plan: no block can reach it this turn.\n");
        return out;
    }
    for (i, a) in r.plans.iter().enumerate() {
        let rank = format!("{}{}", i + 1, if a.pareto { "*" } else { " " });
        out.push_str(&plan_lines(position, &rank, a));
    }
    let mut methods: Vec<String> = r
        .plans
        .iter()
        .map(|a| method_words(&a.figures.method))
        .collect();
    methods.sort();
    methods.dedup();
    out.push_str(&format!(
        "\n* on the Pareto front: no other plan holds as often with no more steps lost and \
         blocks committed.\nEach plan's figures are the fog of war's on its battle ({}): \
         bosworth plan --open N prints plan N's battle, to check with bosworth exact or \
         simulate. The screening fought {} battles.\n",
        methods.join("; "),
        r.screened_battles
    ));
    out
}

/// Every target with its best plan, as text.
fn every_table(position: &Position, rankings: &[Ranking]) -> String {
    let mut out = format!(
        "{} can attack {} area{} this turn, Player {}, {}{} action point{} left; each with its \
         best plan:\n\n",
        position.house,
        rankings.len(),
        if rankings.len() == 1 { "" } else { "s" },
        position.player,
        event_words(position),
        position.ap,
        if position.ap == 1 { "" } else { "s" },
    );
    if rankings.is_empty() {
        match card_refusal(position) {
            Some(why) => out.push_str(&format!("None: {why}.\n")),
            None => out.push_str("None: no block can reach an enemy area this turn.\n"),
        }
        return out;
    }
    for (i, r) in rankings.iter().enumerate() {
        let Some(a) = r.plans.first() else {
            continue;
        };
        out.push_str(&format!("{}. {}\n", i + 1, headline(position, r)));
        out.push_str(&plan_lines(position, "", a));
    }
    out.push_str(
        "\nbosworth plan BOARD --target AREA ranks every plan for one target; --open N prints \
         the N-th target's best plan as a battle.\n",
    );
    out
}

/// One plan as JSON.
pub(crate) fn plan_json(position: &Position, rank: usize, a: &Assessed) -> Value {
    let f = &a.figures;
    let way = |w: &bosworth::board::Way| {
        let mut v = json!({
            "id": position.own[w.block].block.id,
            "route": w.path.iter().map(|&x| name(x)).collect::<Vec<_>>(),
        });
        // A sea move's zone (Piracy, R43); absent by land.
        if let Some(z) = w.sea {
            v["sea"] = json!(bosworth::rules::sea::SEAS[z]);
        }
        v
    };
    let active: Vec<Value> = a
        .plan
        .ways
        .iter()
        .filter(|w| Some(w.entry()) == a.plan.main)
        .map(way)
        .collect();
    let reserves: Vec<Value> = a
        .plan
        .ways
        .iter()
        .filter(|w| Some(w.entry()) != a.plan.main)
        .map(|w| {
            let mut v = way(w);
            v["border"] = json!(name(w.entry()));
            v
        })
        .collect();
    json!({
        "rank": rank,
        "holds": f.hold,
        "std_error": f.std_error,
        "vacant": f.vacant,
        "own_steps_lost": f.own_steps_lost,
        "enemy_steps_lost": f.enemy_steps_lost,
        "heirs": f.heirs.iter().map(|h| json!({"id": h.id, "dies": h.dies})).collect::<Vec<_>>(),
        "king_dies": f.king_dies,
        "pretender_dies": f.pretender_dies,
        "method": f.method,
        "main": a.plan.main.map(name),
        "active": active,
        "reserves": reserves,
        "blocks_committed": a.plan.ways.len(),
        "action_points": a.plan.ap,
        "left_empty": a.plan.left_empty.iter().map(|&x| name(x)).collect::<Vec<_>>(),
        "reinforcements": a.reinforcements.iter().map(|g| json!({
            "from": name(g.source),
            "route": g.path.iter().map(|&x| name(x)).collect::<Vec<_>>(),
            "known": g.known.iter().map(|s| json!({"id": s.block.id, "strength": s.strength})).collect::<Vec<_>>(),
            "unseen": g.hidden,
        })).collect::<Vec<_>>(),
        "pareto": a.pareto,
        "tied_with_next": a.tied_with_next,
        "screened_holds": a.screened.0,
        "screened_draws": a.screened.1,
        "battle": a.scenario,
    })
}

/// One target's ranking as JSON.
fn ranking_json(position: &Position, r: &Ranking) -> Value {
    let mut v = json!({
        "target": name(r.target.area),
        "role": match r.target.role {
            Role::Attack => "attack",
            Role::Join { .. } => "join",
            Role::Reinforce => "reinforce",
        },
        "house": position.house,
        "player": position.player,
        "action_points": position.ap,
        "plans_considered": r.considered,
        "truncated": r.truncated,
        "screened_battles": r.screened_battles,
        "plans": r.plans.iter().enumerate().map(|(i, a)| plan_json(position, i + 1, a)).collect::<Vec<_>>(),
    });
    // An event card is named (Event Cards); an action card's points are `action_points` already.
    if position.card.event().is_some() {
        v["card"] = json!(position.card.words());
        v["card_allows"] = json!(position.card.summary());
    }
    v
}

/// Every plan reported, one row each.
fn csv(position: &Position, rankings: &[Ranking]) -> String {
    let mut out = String::from(
        "target,rank,holds,std_error,own_steps_lost,enemy_steps_lost,main,active,reserves,blocks_committed,action_points,left_empty,pareto,tied_with_next,method\n",
    );
    for r in rankings {
        for (i, a) in r.plans.iter().enumerate() {
            let f = &a.figures;
            let ids = |ws: Vec<usize>| {
                ws.iter()
                    .map(|&k| position.own[k].block.id)
                    .collect::<Vec<_>>()
                    .join("; ")
            };
            out.push_str(&format!(
                "{},{},{},{},{},{},{},{},{},{},{},{},{},{},{}\n",
                field(name(r.target.area)),
                i + 1,
                f.hold,
                f.std_error,
                f.own_steps_lost,
                f.enemy_steps_lost,
                field(a.plan.main.map_or("", name)),
                field(&ids(a.plan.active())),
                field(&ids(a.plan.reserves())),
                a.plan.ways.len(),
                a.plan.ap,
                field(
                    &a.plan
                        .left_empty
                        .iter()
                        .map(|&x| name(x))
                        .collect::<Vec<_>>()
                        .join("; ")
                ),
                a.pareto,
                a.tied_with_next,
                field(&method_words(&f.method)),
            ));
        }
    }
    out
}

/// `--reinforce`.
#[derive(Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum ReinforceArg {
    /// No enemy block joins the battle
    None,
    /// Every enemy block that can reach it as Player 2 joins, as reserves (6.3)
    All,
}

impl From<ReinforceArg> for Reinforce {
    fn from(r: ReinforceArg) -> Reinforce {
        match r {
            ReinforceArg::None => Reinforce::None,
            ReinforceArg::All => Reinforce::All,
        }
    }
}
