//! Battles with hidden blocks (R13) from the terminal: `exact` and `simulate` of the mixture,
//! with the exact mixture's cost estimated before the work and refused at once when it will not
//! fit, and `reveal`, which prints one possibility as a battle of its own.

use crate::output::{Format, Warned, cut};
use crate::progress::{Meter, Stop};
use crate::{Cli, Command, check_runs, csv, text};
use bosworth::solve::fog::{Cost, FogMemo, MAX_COMPOSITION_STATES, Pick};
use bosworth::{Fog, FogReport, Scenario, Side};

/// `exact` and `simulate` of a battle with hidden blocks: the mixture's figures; `advise`: best
/// play in each possibility (R24). Other commands need every block known.
pub fn run(cli: &Cli, scenario: &Scenario) -> Result<String, Stop> {
    let fog = Fog::new(scenario).map_err(|e| e.to_string())?;
    match &cli.command {
        Command::Exact {
            json: as_json,
            format,
            budget,
            ..
        } => {
            let f = exact(&fog, *budget, cli.quiet)?;
            let warnings = fog.warnings();
            Ok(Warned::with(&f, &warnings).show(
                Format::of(*as_json, *format),
                text::fog,
                csv::fog,
                None,
            ))
        }
        Command::Simulate {
            runs,
            seed,
            threads,
            json: as_json,
            format,
            ..
        } => {
            check_runs(*runs)?;
            if *threads != 1 {
                return Err(Stop::Error(
                    "--threads: a battle with hidden blocks is simulated on one thread".into(),
                ));
            }
            let meter = Meter::battles(*runs, cli.quiet);
            let f = fog.simulate_watched(*runs, *seed, &|n| meter.add(n))?;
            drop(meter);
            let cut = cut(&f.report, *runs)?;
            let warnings = fog.warnings();
            Ok(Warned::with(&f, &warnings).show(
                Format::of(*as_json, *format),
                text::fog,
                csv::fog,
                cut,
            ))
        }
        Command::Advise {
            objective,
            players,
            choose_order,
            hit_order,
            budget,
            estimate,
            samples,
            seed,
            look_ahead,
            live,
            draws,
            json: as_json,
            ..
        } => {
            use bosworth::solve::advice::{Decisions, Drawing, advise_hidden};
            crate::check_samples(*samples)?;
            if !(2..=10_000).contains(draws) {
                return Err(Stop::Error(format!("--draws: {draws} is not 2 to 10000")));
            }
            let (budget, sampling) =
                crate::advise_sampling(*live, *budget, *samples, *seed, *look_ahead);
            let drawing = Drawing {
                draws: *draws,
                seed: *seed,
                draw_all: *estimate,
                threads: std::thread::available_parallelism().map_or(1, |n| n.get()),
            };
            let decide = Decisions {
                tie_hits: !*hit_order,
                group_order: *choose_order,
            };
            let meter = Meter::states(budget, cli.quiet);
            let a = advise_hidden(
                &fog,
                objective.objective(),
                players.players(),
                budget,
                decide,
                &drawing,
                &sampling,
                &|n| meter.add(n),
                &|_, _, _| {},
            )
            .map_err(|e| match e {
                bosworth::SolveError::Cancelled => Stop::Interrupted,
                e => Stop::Error(e.to_string()),
            })?;
            drop(meter);
            Ok(if *as_json {
                crate::output::json(&a)
            } else {
                text::hidden_advice(scenario, &a, budget)
            })
        }
        _ => Err(Stop::Error(
            "this command needs every block known, and this battle has hidden blocks; \
             bosworth exact and bosworth simulate average over what they may be, and \
             bosworth reveal prints one possibility as a battle of its own"
                .into(),
        )),
    }
}

/// The exact mixture on every core: its cost estimated first (a small sample of its battles,
/// solved into the memo the rest then joins), and refused at once when it will not fit.
fn exact(fog: &Fog, budget: usize, quiet: bool) -> Result<FogReport, Stop> {
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    let meter = Meter::states(budget, quiet);
    let mut memo = FogMemo::new();
    let refuse = |cost: Option<&Cost>| Stop::Error(too_large(fog, cost, budget));
    let cost = fog
        .estimate(&mut memo, budget, &|n| meter.add(n))
        .map_err(|e| match e {
            bosworth::SolveError::Cancelled => Stop::Interrupted,
            _ => refuse(None),
        })?;
    if !cost.fits(budget) {
        return Err(refuse(Some(&cost)));
    }
    let f = fog
        .solve_memo(&mut memo, budget, threads, &|n| meter.add(n))
        .map_err(|e| match e {
            bosworth::SolveError::Cancelled => Stop::Interrupted,
            _ => refuse(Some(&fog.cost(&memo))),
        })?;
    drop(meter);
    Ok(f)
}

/// Why the exact mixture will not fit, and what would.
fn too_large(fog: &Fog, cost: Option<&Cost>, budget: usize) -> String {
    let narrow: Vec<String> = fog
        .hidden_fields()
        .iter()
        .map(|(field, blocks)| {
            format!(
                "{field} may be {}",
                crate::text::count(*blocks as u64, "block", "blocks")
            )
        })
        .collect();
    let advice = format!(
        "narrow what the hidden blocks may be ({}: give their candidates or kinds, or list \
         blocks seen elsewhere), or use bosworth simulate, which draws them",
        narrow.join(", ")
    );
    match cost {
        None if fog.compositions().is_none() => {
            format!("the hidden blocks may be too many things to list one by one; {advice}")
        }
        None => format!(
            "the hidden blocks may be {} different battles, more than {} to solve each exactly; \
             {advice}",
            fog.compositions().unwrap_or(0),
            bosworth::solve::fog::MAX_EXACT_COMPOSITIONS
        ),
        Some(c) if c.largest > MAX_COMPOSITION_STATES => format!(
            "one of the {} battles the hidden blocks may make needs more than {} states, more \
             than one battle of a mixture may have; {advice}",
            c.battles, MAX_COMPOSITION_STATES
        ),
        Some(c) => format!(
            "the hidden blocks may be {} different battles of about {} states each ({} of {} \
             solved to tell), some {} states in all: over the budget of {budget} (--budget); \
             about {} such battles would fit. {}{advice}",
            c.battles,
            c.per_battle(),
            c.solved,
            c.battles,
            c.estimate,
            c.battles_within(budget),
            if c.estimate <= 4 * budget {
                format!("A budget of {} would do; or ", c.estimate + c.estimate / 10)
            } else {
                "Otherwise ".to_string()
            }
        ),
    }
}

/// Which possibility `bosworth reveal` prints.
enum Which {
    Worst,
    Best,
    Percentile(f64),
    Rank(usize),
    Block { hidden: usize, pick: Pick },
}

fn parse_which(fog: &Fog, which: &str) -> Result<Which, String> {
    let w = which.trim();
    if w.eq_ignore_ascii_case("worst") {
        return Ok(Which::Worst);
    }
    if w.eq_ignore_ascii_case("best") {
        return Ok(Which::Best);
    }
    if let Some(q) = w.strip_prefix(['P', 'p']) {
        return match q.parse::<f64>() {
            Ok(q) if (0.0..=100.0).contains(&q) => Ok(Which::Percentile(q / 100.0)),
            _ => Err(format!("{w}: a percentile is P0 to P100")),
        };
    }
    if let Ok(n) = w.parse::<usize>() {
        return if n >= 1 {
            Ok(Which::Rank(n))
        } else {
            Err("compositions are numbered from 1 (see --list)".into())
        };
    }
    if let Some((field, what)) = w.split_once('=') {
        let (side, rest) = if let Some(r) = field.trim().strip_prefix("attacker.hidden[") {
            (Side::Attacker, r)
        } else if let Some(r) = field.trim().strip_prefix("defender.hidden[") {
            (Side::Defender, r)
        } else {
            return Err(format!(
                "{field}: name a hidden block as defender.hidden[0]"
            ));
        };
        let k: usize = rest
            .trim_end_matches(']')
            .parse()
            .map_err(|_| format!("{field}: name a hidden block as defender.hidden[0]"))?;
        let hidden = fog
            .hidden_index(side, k)
            .ok_or_else(|| format!("{field}: there is no such hidden block"))?;
        let what = what.trim();
        let (block, strength) = match what.rsplit_once(' ') {
            Some((b, s)) if s.parse::<u8>().is_ok() => (b.trim(), s.parse::<u8>().ok()),
            _ => (what, None),
        };
        let strength = match strength {
            Some(s) => s,
            None => bosworth::data::block(block)
                .map(|d| d.max_strength)
                .ok_or_else(|| format!("{what}: unknown block"))?,
        };
        return Ok(Which::Block {
            hidden,
            pick: Pick {
                block: block.to_string(),
                strength,
            },
        });
    }
    Err(format!(
        "{w}: say worst, best, P<percentile> (P25), a number from --list, or \
         defender.hidden[0]=BLOCK [STRENGTH]"
    ))
}

/// `bosworth reveal`: one possibility of a battle with hidden blocks as a battle of its own,
/// every block revealed (6.1), as scenario JSON; or, with `list`, every composition from the
/// viewer's worst to best. What needs the spread (all but a named block) solves the mixture
/// exactly first.
pub fn reveal(
    scenario: &Scenario,
    which: Option<&str>,
    list: bool,
    budget: usize,
    quiet: bool,
) -> Result<String, Stop> {
    if !bosworth::solve::fog::has_hidden(scenario) {
        return Err(Stop::Error(
            "this battle has no hidden block: every block is already revealed".into(),
        ));
    }
    let fog = Fog::new(scenario).map_err(|e| e.to_string())?;
    let which = match (which, list) {
        (_, true) => None,
        (Some(w), false) => Some(parse_which(&fog, w)?),
        (None, false) => {
            return Err(Stop::Error(
                "say which possibility (worst, best, P25, a number from --list, or \
                 defender.hidden[0]=BLOCK), or give --list"
                    .into(),
            ));
        }
    };
    if let Some(Which::Block { hidden, pick }) = &which {
        let picks = fog
            .possibility_with(*hidden, &pick.block, pick.strength)
            .ok_or_else(|| {
                Stop::Error(format!(
                    "{} {}: not something {} may be",
                    pick.block,
                    pick.strength,
                    fog.hidden_fields()[*hidden].0
                ))
            })?;
        let sc = fog.reveal(&picks).map_err(|e| e.to_string())?;
        return Ok(bosworth_link::to_pretty_json(&sc));
    }
    let f = exact(&fog, budget, quiet)?;
    let spread = f
        .spread
        .as_ref()
        .ok_or_else(|| Stop::Error("no spread to choose from".into()))?;
    let k = match which {
        None => return Ok(listing(&fog, &f)),
        Some(Which::Worst) => spread.worst.composition,
        Some(Which::Best) => spread.best.composition,
        Some(Which::Percentile(q)) => spread.at(q).unwrap_or(spread.worst.composition),
        Some(Which::Rank(n)) => *spread.compositions.get(n - 1).ok_or_else(|| {
            Stop::Error(format!(
                "{n}: there {}",
                match spread.compositions.len() {
                    1 => "is 1 composition".to_string(),
                    k => format!("are {k} compositions"),
                }
            ))
        })?,
        Some(Which::Block { .. }) => unreachable!("answered above"),
    };
    let picks = fog
        .possibility(k)
        .ok_or_else(|| Stop::Error("no such composition".into()))?;
    let sc = fog.reveal(&picks).map_err(|e| e.to_string())?;
    Ok(bosworth_link::to_pretty_json(&sc))
}

/// Every composition, worst first for the viewer: its number for `reveal N`, its chance, the
/// viewer's chance to hold, and what the hidden blocks are.
fn listing(fog: &Fog, f: &FogReport) -> String {
    use std::fmt::Write;
    let spread = f.spread.as_ref().expect("exact");
    let viewer = format!(
        "{} ({})",
        f.viewer.name(),
        f.report.sides[f.viewer.index()].house
    );
    let mut o = String::new();
    let _ = writeln!(
        o,
        "{}, worst first for the {viewer}; `bosworth reveal FILE N` prints the N-th as a battle",
        crate::text::count(
            spread.compositions.len() as u64,
            "composition",
            "compositions"
        )
    );
    let _ = writeln!(
        o,
        "{:>5}  {:>7}  {:>6}  hidden blocks",
        "N", "chance", "holds"
    );
    for (n, (p, &k)) in spread.points.iter().zip(&spread.compositions).enumerate() {
        let picks: Vec<String> = fog
            .possibility(k)
            .unwrap_or_default()
            .iter()
            .map(Pick::to_string)
            .collect();
        let _ = writeln!(
            o,
            "{:>5}  {:>6.2}%  {:>5.1}%  {}",
            n + 1,
            p[1] * 100.0,
            p[0] * 100.0,
            picks.join(", ")
        );
    }
    o.trim_end().to_string()
}
