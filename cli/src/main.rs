//! `bosworth`: Richard III battle odds, replays and fire order from the terminal.

mod bench;
mod text;

use bosworth::{Battle, Scenario, ScenarioError};
use clap::{CommandFactory, Parser, Subcommand};
use std::io::{Read, Write};
use std::process::ExitCode;

#[derive(Parser)]
#[command(
    name = "bosworth",
    version,
    about = "Battle calculator for Columbia Games' Richard III"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Exact outcome distribution of a battle
    Exact {
        /// Scenario JSON file, an app link (…#s=…), or - for standard input
        file: String,
        /// Print JSON instead of tables
        #[arg(long)]
        json: bool,
        /// Stop after this many distinct battle states
        #[arg(long, default_value_t = bosworth::DEFAULT_STATE_BUDGET)]
        budget: usize,
    },
    /// Shell completions on standard output (e.g. `bosworth completions bash > /etc/bash_completion.d/bosworth`)
    Completions {
        /// The shell
        shell: clap_complete::Shell,
    },
    /// The manual page, as roff on standard output (e.g. `bosworth manual > bosworth.1; man ./bosworth.1`)
    Manual,
    /// The app's share link for a scenario (to open in a browser or paste in a post)
    Link {
        /// Scenario JSON file, an app link, or - for standard input
        file: String,
        /// The app's address [default: $BOSWORTH_BASE, else http://127.0.0.1:8080/]
        #[arg(long)]
        base: Option<String>,
    },
    /// Monte Carlo estimate from simulated battles
    Simulate {
        /// Scenario JSON file, an app link (…#s=…), or - for standard input
        file: String,
        /// Battles to simulate
        #[arg(long, default_value_t = 1_000_000)]
        runs: u64,
        /// Seed of the random stream (same seed and threads, same figures)
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Threads, each with its own seed stream, merged
        #[arg(long, default_value_t = 1)]
        threads: usize,
        /// Print JSON instead of tables
        #[arg(long)]
        json: bool,
    },
    /// One battle, die by die
    Replay {
        /// Scenario JSON file, an app link (…#s=…), or - for standard input
        file: String,
        /// Seed of the dice
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Print JSON instead of text
        #[arg(long)]
        json: bool,
    },
    /// Best play: the value of every choice at the first decision, and what best play gains
    Advise {
        /// Scenario JSON file, an app link (…#s=…), or - for standard input
        file: String,
        /// What each side plays for
        #[arg(long, value_enum, default_value_t = ObjectiveArg::Hold)]
        objective: ObjectiveArg,
        /// Who plays best: both, attacker or defender (the other follows the scenario's policy)
        #[arg(long, value_enum, default_value_t = PlayersArg::Both)]
        players: PlayersArg,
        /// Also choose which block of a group acts first (D2), not the fire order (more states)
        #[arg(long)]
        choose_order: bool,
        /// Take tied hits by the hit order (D3), not by best play's choice
        #[arg(long)]
        hit_order: bool,
        /// Stop after this many distinct battle states
        #[arg(long, default_value_t = 5_000_000)]
        budget: usize,
        /// Print JSON instead of text
        #[arg(long)]
        json: bool,
    },
    /// Time the benchmark suite in bench/ (see docs/PERFORMANCE.md)
    Bench {
        /// Folder with small.json, medium.json, large.json, huge.json, policy.json
        #[arg(long, default_value = "bench")]
        dir: String,
        /// A smoke run: tiny sizes, no meaningful figures
        #[arg(long)]
        quick: bool,
        /// Print JSON instead of a table
        #[arg(long)]
        json: bool,
    },
    /// The fire order of each round, with the rule behind every step
    Order {
        /// Scenario JSON file, an app link (…#s=…), or - for standard input
        file: String,
        /// Print JSON instead of text
        #[arg(long)]
        json: bool,
    },
}

#[derive(Clone, Copy, clap::ValueEnum)]
enum ObjectiveArg {
    /// Hold the area
    Hold,
    /// Kill the enemy King or Pretender
    KillRoyal,
    /// Keep own heirs alive
    KeepHeirs,
    /// Enemy steps destroyed minus own steps lost
    Steps,
}

#[derive(Clone, Copy, clap::ValueEnum)]
enum PlayersArg {
    Both,
    Attacker,
    Defender,
}

/// Reads a scenario and validates it; the error names the field.
fn load(file: &str) -> Result<Battle, ScenarioError> {
    Battle::new(&read(file)?)
}

/// Reads a scenario (`-`: standard input): a JSON file, or an app link (`http://.../#s=...`) or
/// its fragment (`#s=...`) given in place of the file; the error names the field.
fn read(file: &str) -> Result<Scenario, ScenarioError> {
    let text = if file == "-" {
        let mut s = String::new();
        std::io::stdin()
            .read_to_string(&mut s)
            .map_err(|e| ScenarioError::new("", format!("cannot read standard input: {e}")))?;
        s
    } else if file.contains("#s=") || file.starts_with("s=") {
        file.to_string()
    } else {
        std::fs::read_to_string(file)
            .map_err(|e| ScenarioError::new("", format!("cannot read {file}: {e}")))?
    };
    bosworth_link::read(&text)
}

fn json<T: serde::Serialize>(value: &T) -> String {
    serde_json::to_string_pretty(value).expect("reports always serialise")
}

/// `exact` and `simulate` of a battle with hidden blocks: the mixture's figures. Other commands
/// need every block known.
fn fog(cli: &Cli, scenario: &Scenario) -> Result<String, String> {
    let fog = bosworth::Fog::new(scenario).map_err(|e| e.to_string())?;
    match &cli.command {
        Command::Exact {
            json: as_json,
            budget,
            ..
        } => {
            let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
            let f = fog.solve_threads(*budget, threads).map_err(|_| {
                format!(
                    "the hidden blocks may be {} different battles{}, too many to solve each exactly \
                     within the budget; use bosworth simulate, which draws them",
                    fog.compositions().map_or("more".to_string(), |n| n.to_string()),
                    if fog.compositions().is_some() { "" } else { " or more" }
                )
            })?;
            Ok(if *as_json { json(&f) } else { text::fog(&f) })
        }
        Command::Simulate {
            runs,
            seed,
            threads,
            json: as_json,
            ..
        } => {
            if *runs > bosworth::MAX_RUNS {
                return Err(format!(
                    "--runs: {runs} exceeds the maximum {}",
                    bosworth::MAX_RUNS
                ));
            }
            if *threads != 1 {
                return Err(
                    "--threads: a battle with hidden blocks is simulated on one thread".into(),
                );
            }
            let f = fog.simulate(*runs, *seed);
            Ok(if *as_json { json(&f) } else { text::fog(&f) })
        }
        _ => Err(
            "this command needs every block known, and this battle has hidden blocks; \
             bosworth exact and bosworth simulate average over what they may be"
                .into(),
        ),
    }
}

/// A command's work on a valid battle: its output, or an error message.
type Work<'a> = Box<dyn Fn(&Battle) -> Result<String, String> + 'a>;

fn main() -> ExitCode {
    let cli = Cli::parse();
    if let Command::Bench {
        dir,
        quick,
        json: as_json,
    } = &cli.command
    {
        return match bench::run(dir, *quick, |f| load(f).map_err(|e| format!("{f}: {e}"))) {
            Ok(b) => {
                let out = if *as_json { json(&b) } else { bench::table(&b) };
                let _ = writeln!(std::io::stdout().lock(), "{out}");
                ExitCode::SUCCESS
            }
            Err(e) => {
                eprintln!("error: {e}");
                ExitCode::from(2)
            }
        };
    }
    match &cli.command {
        Command::Completions { shell } => {
            clap_complete::generate(
                *shell,
                &mut Cli::command(),
                "bosworth",
                &mut std::io::stdout().lock(),
            );
            return ExitCode::SUCCESS;
        }
        Command::Manual => {
            let mut page = Vec::new();
            return match clap_mangen::Man::new(Cli::command()).render(&mut page) {
                Ok(()) => {
                    let _ = std::io::stdout().lock().write_all(&page);
                    ExitCode::SUCCESS
                }
                Err(e) => {
                    eprintln!("error: {e}");
                    ExitCode::from(2)
                }
            };
        }
        _ => {}
    }
    if let Command::Link { file, base } = &cli.command {
        let base = base
            .clone()
            .or_else(|| {
                std::env::var("BOSWORTH_BASE")
                    .ok()
                    .filter(|b| !b.trim().is_empty())
            })
            .unwrap_or_else(|| bosworth_link::DEFAULT_BASE.to_string());
        let checked = read(file).and_then(|sc| {
            if bosworth::solve::fog::has_hidden(&sc) {
                bosworth::Fog::new(&sc).map(|_| sc)
            } else {
                Battle::new(&sc).map(|_| sc)
            }
        });
        return match checked {
            Ok(sc) => {
                let _ = writeln!(
                    std::io::stdout().lock(),
                    "{}",
                    bosworth_link::link(&base, &sc)
                );
                ExitCode::SUCCESS
            }
            Err(e) => {
                eprintln!("error: {e}");
                ExitCode::from(2)
            }
        };
    }
    let (file, run): (&str, Work<'_>) = match &cli.command {
        Command::Exact {
            file,
            json: as_json,
            budget,
        } => (
            file,
            Box::new(move |b| {
                let r = bosworth::solve(b, *budget).map_err(|e| e.to_string())?;
                Ok(if *as_json { json(&r) } else { text::report(&r) })
            }),
        ),
        Command::Simulate {
            file,
            runs,
            seed,
            threads,
            json: as_json,
        } => (
            file,
            Box::new(move |b| {
                if *runs > bosworth::MAX_RUNS {
                    return Err(format!(
                        "--runs: {runs} exceeds the maximum {}",
                        bosworth::MAX_RUNS
                    ));
                }
                if !(1..=256).contains(threads) {
                    return Err(format!("--threads: {threads} is not 1 to 256"));
                }
                let r = bench::simulate_threads(b, *runs, *seed, *threads);
                Ok(if *as_json { json(&r) } else { text::report(&r) })
            }),
        ),
        Command::Replay {
            file,
            seed,
            json: as_json,
        } => (
            file,
            Box::new(move |b| {
                let r = bosworth::replay(b, *seed);
                Ok(if *as_json {
                    json(&r)
                } else {
                    text::replay(b, &r)
                })
            }),
        ),
        Command::Advise {
            file,
            objective,
            players,
            choose_order,
            hit_order,
            budget,
            json: as_json,
        } => (
            file,
            Box::new(move |b| {
                use bosworth::solve::advice::{Objective, Players};
                let objective = match objective {
                    ObjectiveArg::Hold => Objective::Hold,
                    ObjectiveArg::KillRoyal => Objective::KillRoyal,
                    ObjectiveArg::KeepHeirs => Objective::KeepHeirs,
                    ObjectiveArg::Steps => Objective::Steps,
                };
                let players = match players {
                    PlayersArg::Both => Players::Both,
                    PlayersArg::Attacker => Players::Only(bosworth::Side::Attacker),
                    PlayersArg::Defender => Players::Only(bosworth::Side::Defender),
                };
                let decide = bosworth::solve::advice::Decisions {
                    tie_hits: !*hit_order,
                    group_order: *choose_order,
                };
                let a =
                    bosworth::solve::advice::advise_with(b, objective, players, *budget, decide)
                        .map_err(|e| e.to_string())?;
                Ok(if *as_json {
                    json(&a)
                } else {
                    text::advice(b, &a)
                })
            }),
        ),
        Command::Bench { .. }
        | Command::Link { .. }
        | Command::Completions { .. }
        | Command::Manual => {
            unreachable!("handled above")
        }
        Command::Order {
            file,
            json: as_json,
        } => (
            file,
            Box::new(move |b| {
                let o = bosworth::fire_order(b);
                Ok(if *as_json { json(&o) } else { text::order(&o) })
            }),
        ),
    };
    let outcome = match read(file) {
        Ok(scenario) if bosworth::solve::fog::has_hidden(&scenario) => fog(&cli, &scenario),
        Ok(scenario) => match Battle::new(&scenario) {
            Ok(battle) => run(&battle),
            Err(e) => Err(e.to_string()),
        },
        Err(e) => Err(e.to_string()),
    };
    match outcome {
        Ok(out) => {
            // A closed pipe (`| head`) is not an error worth a panic.
            let mut stdout = std::io::stdout().lock();
            let _ = writeln!(stdout, "{out}");
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::from(2)
        }
    }
}
