//! Human-readable tables for the terminal.

use bosworth::play::order::RoundOrder;
use bosworth::play::replay::Replay;
use bosworth::rules::log::Event;
use bosworth::solve::report::{Method, Report};
use bosworth::{Battle, Side};
use std::fmt::Write;

fn pct(p: f64) -> String {
    format!("{:5.1}%", p * 100.0)
}

fn side_name(b: &Battle, side: Side) -> String {
    format!("{} ({})", side.name(), b.house(side))
}

/// The outcome report as tables.
pub fn report(r: &Report) -> String {
    let side_name = |side: Side| format!("{} ({})", side.name(), r.sides[side.index()].house);
    let mut o = String::new();
    let area = r.area.as_deref().unwrap_or("the area");
    match r.method {
        Method::Exact {
            states,
            peak_states,
        } => {
            let _ = writeln!(
                o,
                "Exact result ({states} states, at most {peak_states} held at once)"
            );
        }
        Method::MonteCarlo { runs, seed } => {
            let _ = writeln!(o, "Monte Carlo estimate: {runs} battles, seed {seed}");
        }
    }
    let se = |p: f64| match r.method {
        Method::Exact { .. } => String::new(),
        Method::MonteCarlo { .. } => format!("  ± {:.2}% (1 s.e.)", r.std_error(p) * 100.0),
    };
    let _ = writeln!(o);
    let _ = writeln!(
        o,
        "Chance the {} holds {area}: {}{}",
        side_name(Side::Attacker),
        pct(r.attacker_holds),
        se(r.attacker_holds)
    );
    let _ = writeln!(
        o,
        "Chance the {} holds {area}: {}{}",
        side_name(Side::Defender),
        pct(r.defender_holds),
        se(r.defender_holds)
    );
    let _ = writeln!(
        o,
        "Chance {area} is left vacant:        {}{}",
        pct(r.vacant),
        se(r.vacant)
    );
    if let Some(t) = &r.treason {
        let _ = writeln!(o);
        let how = match t.runs {
            None => "exactly".to_string(),
            Some(n) => format!("by {n} battles each, the same dice"),
        };
        let _ = writeln!(
            o,
            "Treason card: the {} rolls at {}, its best target (R45), each target tried {how}:",
            side_name(t.holder),
            t.target
        );
        for v in &t.targets {
            let dice = if v.dice == 1 { "die" } else { "dice" };
            let _ = writeln!(
                o,
                "  {:<22} {} {dice:<4} holds {area}: {}",
                v.block,
                v.dice,
                pct(v.holds)
            );
        }
    }
    if r.control_changes > 0.0 {
        let _ = writeln!(
            o,
            "Chance control changes in round 1 (D5): {}",
            pct(r.control_changes)
        );
    }
    let _ = writeln!(o);
    let _ = writeln!(
        o,
        "Battle ends in round:  1 {}  2 {}  3 {}  4 {}",
        pct(r.ends_in_round[0]),
        pct(r.ends_in_round[1]),
        pct(r.ends_in_round[2]),
        pct(r.ends_in_round[3])
    );
    let _ = writeln!(o);
    let _ = writeln!(
        o,
        "{:<24} {:<9} {:>5} {:>10} {:>10} {:>10} {:>9}",
        "block", "side", "start", "eliminated", "retreats", "defects", "expected"
    );
    for blk in &r.blocks {
        let _ = writeln!(
            o,
            "{:<24} {:<9} {:>5} {:>10} {:>10} {:>10} {:>9.2}",
            blk.name,
            blk.side.name(),
            // A hidden block's start is unknown (its report line says 0).
            if blk.strength == 0 {
                "?".to_string()
            } else {
                blk.strength.to_string()
            },
            pct(blk.eliminated),
            pct(blk.retreated),
            pct(blk.defected),
            blk.expected_strength
        );
    }
    let _ = writeln!(o);
    for s in &r.sides {
        let _ = writeln!(
            o,
            "Expected steps lost by the {}: {:.2}",
            side_name(s.side),
            s.expected_steps_lost
        );
    }
    let lines = [
        ("the King dies", r.king_dies),
        ("the Pretender dies", r.pretender_dies),
        ("a York heir dies", r.york_heir_dies),
        ("a Lancaster heir dies", r.lancaster_heir_dies),
    ];
    for (what, p) in lines {
        if let Some(p) = p {
            let _ = writeln!(o, "Chance {what}: {}", pct(p));
        }
    }
    let _ = write!(o, "Probability accounted for: {:.15}", r.mass);
    o
}

/// The figures of a battle with hidden blocks: the averaged report, then who the hidden blocks
/// may be, the spread across what they may be, and what scouting each would tell.
pub fn fog(f: &bosworth::FogReport) -> String {
    let mut o = String::new();
    let viewer = format!(
        "{} ({})",
        f.viewer.name(),
        f.report.sides[f.viewer.index()].house
    );
    let area = f.report.area.as_deref().unwrap_or("the area");
    let ways = if f.possibilities > 0 {
        count(f.possibilities as u64, "possibility", "possibilities")
    } else {
        "more possibilities than can be listed".to_string()
    };
    let _ = writeln!(
        o,
        "Averaged over what the hidden blocks may be: {ways}, {}{}.",
        count(
            f.compositions as u64,
            "distinct composition",
            "distinct compositions"
        ),
        if f.spread.is_some() {
            format!(
                ", fought as {} solved exactly",
                count(f.battles as u64, "battle", "battles")
            )
        } else {
            " drawn".to_string()
        }
    );
    let _ = writeln!(o);
    let _ = writeln!(o, "{}", report(&f.report));
    let _ = writeln!(o);
    // Hidden blocks described alike have the same list: one line for them all.
    let mut done = vec![false; f.hidden.len()];
    for (i, h) in f.hidden.iter().enumerate() {
        if done[i] {
            continue;
        }
        let alike: Vec<usize> = (i..f.hidden.len())
            .filter(|&j| f.hidden[j].side == h.side && f.hidden[j].who == h.who)
            .collect();
        alike.iter().for_each(|&j| done[j] = true);
        let labels: Vec<&str> = alike.iter().map(|&j| f.hidden[j].label.as_str()).collect();
        let shown: Vec<String> = h
            .who
            .iter()
            .take(6)
            .map(|w| format!("{} {} ({})", w.block, w.strength, pct(w.chance).trim()))
            .collect();
        let more = h.who.len().saturating_sub(6);
        let _ = writeln!(
            o,
            "{} ({}) may {}be: {}{}",
            labels.join(", "),
            h.side.name(),
            if alike.len() > 1 { "each " } else { "" },
            shown.join(", "),
            if more > 0 {
                format!(", and {more} more")
            } else {
                String::new()
            }
        );
    }
    if let Some(s) = &f.spread {
        let _ = writeln!(o);
        let _ = writeln!(
            o,
            "Spread of the {viewer}'s chance to hold {area} across what they may be:"
        );
        for [q, x] in &s.quantiles {
            let _ = writeln!(
                o,
                "  in {:>3.0}% of them it is at most {}",
                q * 100.0,
                pct(*x)
            );
        }
        let _ = writeln!(
            o,
            "  as bad as it likely gets (10%): {} -> {}",
            s.worst.blocks.join(", "),
            pct(s.worst.viewer_holds).trim()
        );
        let _ = writeln!(
            o,
            "  as good as it likely gets (90%): {} -> {}",
            s.best.blocks.join(", "),
            pct(s.best.viewer_holds).trim()
        );
    }
    let _ = writeln!(o);
    let _ = writeln!(
        o,
        "Chance the enemy King is hidden among them: {}; the Pretender: {}; an heir: {}",
        pct(f.royal.king).trim(),
        pct(f.royal.pretender).trim(),
        pct(f.royal.heir).trim()
    );
    let _ = writeln!(o);
    let _ = writeln!(o, "What scouting a hidden block would tell the {viewer}:");
    for s in &f.scouting {
        let _ = writeln!(
            o,
            "  {} ({}): moves the chance by {:.1} points on average; worst {} {} -> {}, best {} {} -> {}",
            s.label,
            s.side.name(),
            s.value * 100.0,
            s.worst.block,
            s.worst.strength,
            pct(s.worst.viewer_holds).trim(),
            s.best.block,
            s.best.strength,
            pct(s.best.viewer_holds).trim()
        );
    }
    o.trim_end().to_string()
}

/// The fire order as numbered turns with reasons.
pub fn order(rounds: &[RoundOrder]) -> String {
    let mut o = String::new();
    for r in rounds {
        let _ = writeln!(o, "Round {}", r.round);
        if let Some(t) = &r.treason {
            let _ = writeln!(o, "  {t}");
        }
        for (k, t) in r.turns.iter().enumerate() {
            let _ = writeln!(
                o,
                "  {}. {} ({}, {}, printed {})",
                k + 1,
                t.block,
                t.side.name(),
                t.rating,
                t.printed
            );
            for why in &t.reasons {
                let _ = writeln!(o, "       - {why}");
            }
            if let Some(plan) = &t.plan {
                let _ = writeln!(o, "       > {plan}");
            }
        }
        for w in &r.waiting {
            let _ = writeln!(o, "  waiting: {w}");
        }
    }
    o.trim_end().to_string()
}

/// "1 hit", "2 hits": a count and its noun, singular for one.
pub(crate) fn count(n: impl Into<u64>, one: &str, many: &str) -> String {
    let n: u64 = n.into();
    format!("{n} {}", if n == 1 { one } else { many })
}

/// A replay as one line per event. After a control change in round 1 each side is named by the
/// role it now has ("now defending", 6.3, D5), and a fire above the printed rating says why.
pub fn replay(b: &Battle, r: &Replay) -> String {
    use bosworth::play::order::role;
    let mut o = String::new();
    let _ = writeln!(o, "Replay, seed {}", r.seed);
    let _ = writeln!(o, "Round 1");
    // Control changes (D5) as the events go: from then on the sides are named by their new role.
    let mut swapped = b.initial_state().control_changed();
    for e in &r.events {
        let line = match e {
            Event::RoundStarts { round, arrive } if arrive.is_empty() => format!("Round {round}"),
            Event::RoundStarts { round, arrive } => format!(
                "Round {round}: from reserve: {} (6.3, D4)",
                arrive.join(", ")
            ),
            Event::Acts {
                block,
                side,
                action,
                target,
                rating,
                dice,
                hits,
                rule,
                bonus,
                ..
            } => {
                let t = target.as_ref().map(|t| format!(" {t}")).unwrap_or_default();
                let rt = rating
                    .as_ref()
                    .map(|r| format!(" at {r}"))
                    .unwrap_or_default();
                let why = if bonus.is_empty() {
                    String::new()
                } else {
                    format!(" ({})", bonus.join("; "))
                };
                let d = if dice.is_empty() {
                    String::new()
                } else if action == "treachery" || action == "treason" {
                    let result = if *hits > 0 { "it works" } else { "it fails" };
                    format!(" rolls {dice:?}: {result}")
                } else {
                    format!(" rolls {dice:?}: {}", count(*hits, "hit", "hits"))
                };
                format!(
                    "  {block} ({}){rt}{why}: {action}{t}{d}  [{rule}]",
                    role(*side, swapped)
                )
            }
            Event::Hit {
                block,
                hits,
                strength,
                rule,
            } => format!(
                "    {block} takes {}, now {strength}  [{rule}]",
                count(*hits, "hit", "hits")
            ),
            Event::Eliminated { block, fate } => format!("    {block} is eliminated: {fate}"),
            Event::HitsLost { hits, rule } => {
                format!("    {} lost  [{rule}]", count(*hits, "hit", "hits"))
            }
            Event::Defects { block, becomes, to } => format!(
                "    {block} defects: now {becomes}, in the {}'s reserve (6.9)",
                role(*to, swapped)
            ),
            Event::Deploys { side, blocks } => format!(
                "    the {}'s reserves deploy at once: {} (6.3, D4)",
                role(*side, swapped),
                blocks.join(", ")
            ),
            Event::ControlChanges { defender } => {
                swapped = !swapped;
                format!(
                    "    control changes: the {} ({}) now defends, the {} ({}) now attacks (6.3, D5)",
                    defender.name(),
                    b.house(*defender),
                    defender.other().name(),
                    b.house(defender.other())
                )
            }
            Event::Retreats { block, strength } => {
                format!("    {block} retreats at strength {strength} (6.6)")
            }
            Event::CannotRetreat { block } => {
                format!("    {block} must retreat but has no way out (D12)")
            }
            Event::Ends { round, holder } => match holder {
                Some(s) if swapped => format!(
                    "Battle over in round {round}: the {} ({}, {}) holds the area",
                    s.name(),
                    b.house(*s),
                    role(*s, true)
                ),
                Some(s) => format!(
                    "Battle over in round {round}: the {} holds the area",
                    side_name(b, *s)
                ),
                None => format!("Battle over in round {round}: the area is left vacant"),
            },
        };
        let _ = writeln!(o, "{line}");
    }
    o.trim_end().to_string()
}

/// A value of the advisor's objective in its unit, with its standard error when it has one.
fn objective_value(
    objective: bosworth::solve::advice::Objective,
    v: f64,
    se: Option<f64>,
) -> String {
    use bosworth::solve::advice::Objective;
    match (se, objective) {
        (None, Objective::Steps) => format!("{v:+.2} steps"),
        (None, _) => format!("{:.1}%", v * 100.0),
        (Some(se), Objective::Steps) => format!("{v:+.2} ± {se:.2} steps"),
        (Some(se), _) => format!("{:.1}% ± {:.1}%", v * 100.0, se * 100.0),
    }
}

/// What the advisor's objective measures for a side (`who`: "attacker (York)").
fn objective_words(objective: bosworth::solve::advice::Objective, who: &str) -> String {
    use bosworth::solve::advice::Objective;
    match objective {
        Objective::Hold => format!("chance the {who} holds the area"),
        Objective::KillRoyal => format!("chance the {who} kills the enemy King or Pretender"),
        Objective::KeepHeirs => format!("chance the {who} loses no heir"),
        Objective::Steps => format!("enemy steps destroyed minus own lost, for the {who}"),
    }
}

/// The advisor's answer in words: exact, or estimated with each value's standard error, the way
/// it was estimated and `why` (the reason it is not exact) said first.
pub fn advice(b: &Battle, a: &bosworth::solve::advice::Advice, why: &str) -> String {
    use bosworth::solve::advice::{AdviceMethod, Objective};
    let mut o = String::new();
    let estimate = match &a.method {
        AdviceMethod::Estimated(e) => Some(e),
        AdviceMethod::Exact => None,
    };
    // A value, with its standard error when estimated.
    let fmt_se = |v: f64, se: Option<f64>| objective_value(a.objective, v, se);
    // The mark of each choice in a list, best first.
    let mark = |k: usize, av: &bosworth::solve::advice::ActionValue| match (k, av.apart_from_best) {
        (0, _) => "  <- best",
        (_, Some(false)) => "  cannot be told apart from the best",
        _ => "",
    };
    let what = |side: Side| objective_words(a.objective, &side_name(b, side));
    if let Some(e) = estimate {
        let _ = writeln!(o, "{}", e.explain(why));
    }
    if let Some(holder) = b.treason().filter(|_| !a.treason.is_empty()) {
        let _ = writeln!(
            o,
            "Treason card, before round 1 (D11): where the {} rolls it ({}):",
            holder.name(),
            what(holder)
        );
        for (k, av) in a.treason.iter().enumerate() {
            let _ = writeln!(
                o,
                "  {:<28} {:>8}{}",
                av.label,
                fmt_se(av.value, av.std_error),
                mark(k, av)
            );
        }
    }
    if let Some(d) = &a.first_decision {
        // With the Treason card, the first decision is the one after its roll has failed.
        let after = if a.after_treason {
            " (after a failed Treason roll)"
        } else {
            ""
        };
        let _ = writeln!(
            o,
            "First decision{after}: round {}, {} ({}) acts. Policy: {}.",
            d.round,
            d.block,
            d.side.name(),
            d.policy_action
        );
        let _ = writeln!(o, "Value of each choice ({}):", what(d.side));
        for (k, av) in d.actions.iter().enumerate() {
            let _ = writeln!(
                o,
                "  {:<28} {:>8}{}",
                av.label,
                fmt_se(av.value, av.std_error),
                mark(k, av)
            );
        }
    } else {
        let _ = writeln!(o, "The battle is decided before anyone acts.");
    }
    for side in [Side::Attacker, Side::Defender] {
        let i = side.index();
        let (p, q) = (
            fmt_se(a.policy[i], a.policy_std_error.map(|e| e[i])),
            fmt_se(a.best[i], a.best_std_error.map(|e| e[i])),
        );
        let _ = writeln!(o, "Best play vs policy, {}: {p} -> {q}", what(side));
    }
    if !a.outline.is_empty() {
        let _ = match estimate {
            None => writeln!(
                o,
                "Best play in outline (chance the turn comes with this choice; * where it departs from the policy):"
            ),
            Some(e) => writeln!(
                o,
                "Best play in outline, as played in the {} battles sampled from the start (share of them where the turn comes with this choice; * where it departs from the policy):",
                e.samples
            ),
        };
        // Turns that come in fewer than 1 battle in 2,000 round to 0.0%: counted, not listed.
        let rare = a.outline.iter().filter(|e| e.chance < 0.0005).count();
        for e in a.outline.iter().filter(|e| e.chance >= 0.0005) {
            let mark = if e.departs_from_policy { "*" } else { " " };
            let _ = writeln!(
                o,
                " {mark} round {}: {:<18} {:<28} {:>6.1}%  ({:.0}% of its turns)",
                e.round,
                e.block,
                e.action,
                e.chance * 100.0,
                e.share * 100.0
            );
        }
        if rare > 0 {
            let _ = writeln!(o, "   and {rare} more, each in fewer than 0.05% of battles");
        }
    }
    if !a.ties.is_empty() {
        // Choices worth less than the printed precision are counted, not listed.
        let small = match a.objective {
            Objective::Steps => 0.005,
            _ => 0.0005,
        };
        let shown: Vec<_> = a.ties.iter().filter(|t| t.gain >= small).collect();
        let _ = writeln!(
            o,
            "Tied hits taken otherwise than by the hit order (6.4, D3; chance such a fire comes; what it adds):"
        );
        for t in &shown {
            let gain = match a.objective {
                Objective::Steps => format!("{:+.2} steps", t.gain),
                _ => format!("{:+.1}%", t.gain * 100.0),
            };
            let what = format!(
                "{} takes the hits, sparing {} ({})",
                t.hit,
                t.spared,
                t.side.name()
            );
            let _ = writeln!(
                o,
                "   round {}: {what:<56} {:>6.1}%  {gain}",
                t.round,
                t.chance * 100.0,
            );
        }
        if shown.len() < a.ties.len() {
            let _ = writeln!(
                o,
                "   and {} more, each adding less than {}",
                a.ties.len() - shown.len(),
                match a.objective {
                    Objective::Steps => "0.005 steps",
                    _ => "0.05%",
                }
            );
        }
    }
    let _ = match estimate {
        None => write!(o, "(exact: {} states solved)", a.states),
        Some(_) => write!(
            o,
            "(estimated: {} states solved exactly within the budget)",
            a.states
        ),
    };
    o
}

/// Best play with hidden blocks (R24): what the figures are, best play against the policy for
/// each side, best play's first choices over the possibilities, and the possibilities solved.
pub fn hidden_advice(
    sc: &bosworth::Scenario,
    a: &bosworth::solve::advice::HiddenAdvice,
    budget: usize,
) -> String {
    use bosworth::solve::advice::Objective;
    let mut o = String::new();
    let house = |side: Side| match side {
        Side::Attacker => sc.attacker.house,
        Side::Defender => sc.defender.house,
    };
    let name = |side: Side| format!("{} ({})", side.name(), house(side));
    let fmt = |v: f64| objective_value(a.objective, v, None);
    let fmt_se = |v: f64, se: Option<f64>| objective_value(a.objective, v, se);
    let what = |side: Side| objective_words(a.objective, &name(side));
    let _ = writeln!(o, "{}", a.explain(budget));
    for side in [Side::Attacker, Side::Defender] {
        let i = side.index();
        let gain = a.best[i] - a.policy[i];
        let gain = match (a.gain_std_error, a.objective) {
            (None, Objective::Steps) => format!("{gain:+.2} steps"),
            (None, _) => format!("{:+.1} points", gain * 100.0),
            (Some(se), Objective::Steps) => format!("{gain:+.2} ± {:.2} steps", se[i]),
            (Some(se), _) => format!("{:+.1} ± {:.1} points", gain * 100.0, se[i] * 100.0),
        };
        let _ = writeln!(
            o,
            "Best play vs policy, {}: {} -> {} ({gain})",
            what(side),
            fmt_se(a.policy[i], a.policy_std_error.map(|e| e[i])),
            fmt_se(a.best[i], a.best_std_error.map(|e| e[i])),
        );
    }
    if !a.first_choices.is_empty() {
        let _ = writeln!(
            o,
            "First decision, by what the hidden blocks are (chance; who acts; best play's choice):"
        );
        for f in &a.first_choices {
            let _ = writeln!(
                o,
                "  {:>6.1}%  {} ({}): {}",
                f.chance * 100.0,
                f.block,
                f.side.name(),
                f.action
            );
        }
    }
    const SHOWN: usize = 12;
    let _ = writeln!(
        o,
        "Possibilities solved ({}), likeliest first: what the hidden blocks are (chance); policy -> best play, {}; the first decision's best choices:",
        a.possibilities.len(),
        what(Side::Attacker)
    );
    for p in a.possibilities.iter().take(SHOWN) {
        let picks: Vec<String> = p.picks.iter().map(ToString::to_string).collect();
        let chance = match p.chance {
            Some(c) if c < 0.0005 => "<0.1%".to_string(),
            Some(c) => format!("{:.1}%", c * 100.0),
            None => String::new(),
        };
        let drawn = match p.drawn {
            0 => String::new(),
            1 => ", drawn".to_string(),
            d => format!(", drawn {d} times"),
        };
        let _ = writeln!(
            o,
            "  {}{}: {} -> {}",
            picks.join(", "),
            if chance.is_empty() && drawn.is_empty() {
                String::new()
            } else {
                format!(" ({chance}{drawn})").replace("(, ", "(")
            },
            fmt(p.advice.policy[0]),
            fmt(p.advice.best[0]),
        );
        match &p.advice.first_decision {
            None => {
                let _ = writeln!(o, "      nobody has a choice");
            }
            Some(d) => {
                let values: Vec<String> = d
                    .actions
                    .iter()
                    .take(3)
                    .map(|x| format!("{} {}", x.label, fmt(x.value)))
                    .collect();
                let _ = writeln!(
                    o,
                    "      first decision, {} ({}), for the {}: {}",
                    d.block,
                    d.side.name(),
                    d.side.name(),
                    values.join(", ")
                );
            }
        }
    }
    if a.possibilities.len() > SHOWN {
        let _ = writeln!(
            o,
            "  and {} more (--json lists them all)",
            a.possibilities.len() - SHOWN
        );
    }
    let _ = writeln!(o, "States solved: {}", a.states);
    o
}
