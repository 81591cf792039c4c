//! `bosworth`: Richard III battle odds, replays and fire order from the terminal.

mod bench;
mod bench_measure;
mod bench_plans;
mod bench_turns;
mod csv;
mod fog;
mod game;
mod kingmaker;
mod output;
mod plan;
mod progress;
mod reset;
mod rtt;
mod text;
mod turn;

use bosworth::{Battle, Scenario, ScenarioError};
use clap::{CommandFactory, Parser, Subcommand};
use output::{Format, Warned, cut, finish, json};
use progress::{Meter, Stop};
use std::io::{Read, Write};
use std::process::ExitCode;

#[derive(Parser)]
#[command(
    name = "bosworth",
    version,
    about = "Battle calculator for Columbia Games' Richard III",
    after_help = "exact, simulate, advise, plan and bench draw a progress bar on stderr when it \
                  is a terminal and the work lasts over half a second (not with --quiet). Ctrl-C \
                  stops simulate with the figures of the battles fought so far, marked as \
                  interrupted (exit code 0); it stops exact, advise, plan and bench at once (exit \
                  code 130, \
                  `interrupted` on stderr). Invalid input: exit code 2 and a message naming the \
                  field."
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
    /// No progress bar on stderr (there is none anyway when stderr is not a terminal)
    #[arg(long, short, global = true)]
    quiet: bool,
}

#[derive(Subcommand)]
enum Command {
    /// Exact outcome distribution of a battle
    Exact {
        /// Scenario JSON file, an app link (…#s=…), or - for standard input
        file: String,
        /// Print JSON instead of tables (the same as --format json)
        #[arg(long, conflicts_with = "format")]
        json: bool,
        /// How to print the figures [default: table]
        #[arg(long, value_enum)]
        format: Option<Format>,
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
        /// Print JSON instead of tables (the same as --format json)
        #[arg(long, conflicts_with = "format")]
        json: bool,
        /// How to print the figures [default: table]
        #[arg(long, value_enum)]
        format: Option<Format>,
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
        /// Exact best play within this many distinct battle states; past it, an estimate
        /// (whose exact parts hold as many)
        #[arg(long, default_value_t = ADVISE_STATE_BUDGET)]
        budget: usize,
        /// Estimate even where exact best play fits the budget
        #[arg(long)]
        estimate: bool,
        /// Battles sampled for each choice when estimating (more, smaller standard errors)
        #[arg(long, default_value_t = bosworth::solve::advice::DEFAULT_SAMPLES)]
        samples: u64,
        /// Seed of the sampled battles' dice (same seed, same figures)
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// When estimating, battles fought on by the policy to value each move at a later
        /// decision exact best play cannot solve (0: the policy's choice there)
        #[arg(long, default_value_t = bosworth::solve::advice::Sampling::default().look_ahead)]
        look_ahead: u32,
        /// With hidden blocks, when not every possibility fits the budget: possibilities drawn
        /// by their chances for the rest of the mixture, each solved by its own best play
        /// (more, smaller standard errors)
        #[arg(long, default_value_t = bosworth::solve::advice::DEFAULT_DRAWS)]
        draws: usize,
        /// As live play and replays ask it (the app's advisor on a battle in progress): the
        /// live budget (400,000 states) and, past it, the live sampling (500 battles a choice,
        /// the policy's choice where the rest is not solved), about a second of work
        #[arg(long, conflicts_with_all = ["budget", "samples", "look_ahead"])]
        live: bool,
        /// Print JSON instead of text
        #[arg(long)]
        json: bool,
    },
    /// Time the benchmark suite in bench/ (see docs/PERFORMANCE.md)
    Bench {
        /// Folder with small.json, medium.json, large.json, huge.json, policy.json, six.json,
        /// bosworth-1485.json, advise-five.json
        #[arg(long, default_value = "bench")]
        dir: String,
        /// A smoke run: tiny sizes, no meaningful figures
        #[arg(long)]
        quick: bool,
        /// Only issue 22's battles with hidden blocks (hidden-three.json, hidden-kent.json,
        /// hidden-four.json) and the planner's boards (board-six-three.json, board-ten.json,
        /// board-kent.json), for
        /// `scripts/performance --hidden-only`
        #[arg(long)]
        hidden_only: bool,
        /// Only best play (issue 25): bosworth-1485.json and advise-five.json as `bosworth
        /// advise` answers them, and the best choice here at the first decision and mid-battle
        /// of every battle, for `scripts/performance --advice-only`
        #[arg(long, conflicts_with = "hidden_only")]
        advice_only: bool,
        /// Only the whole turn (issue 34): the best turns of examples/board-turn.json and of the
        /// sample views of tests/rtt-samples/ with a 3- or 4-AP card, for `scripts/performance
        /// --turn-only`
        #[arg(long, conflicts_with_all = ["hidden_only", "advice_only"])]
        turn_only: bool,
        /// Print JSON instead of a table
        #[arg(long)]
        json: bool,
    },
    /// One solve of `bench` in a process of its own, so that its peak memory is its own: the
    /// exact solver or best play (both sides, hold) on a scenario file or `growth:N`, as JSON
    #[command(hide = true)]
    BenchSolve {
        /// Scenario JSON file, or growth:N (the growth battle of N blocks a side)
        target: String,
        /// Best play instead of the exact solver (with --hidden: as `bosworth advise` answers a
        /// battle with hidden blocks, --samples its draws)
        #[arg(long)]
        advise: bool,
        /// A battle with hidden blocks: its exact mixture, estimated first as `bosworth exact`
        /// does
        #[arg(long)]
        hidden: bool,
        /// With --advise: past the budget, estimate as `bosworth advise` does
        #[arg(long, requires = "advise")]
        estimate: bool,
        /// With --advise: the best choice at the first decision, as live play asks it (its
        /// sampling, within --budget)
        #[arg(long, requires = "advise", conflicts_with = "estimate")]
        here: bool,
        /// With --here: at the middle step of the battle's replay from seed 1 instead
        #[arg(long, requires = "here")]
        mid: bool,
        /// Battles sampled per choice when estimating (default: the command's)
        #[arg(long)]
        samples: Option<u64>,
        /// Stop after this many distinct battle states
        #[arg(long)]
        budget: usize,
        /// The target is a board: rank every plan to attack this area on one thread, then solve
        /// the best plan's exact mixture (issue 23)
        #[arg(long, value_name = "AREA", conflicts_with_all = ["advise", "hidden"])]
        plan: Option<String>,
        /// With --plan: the ranking only, not the best plan's exact mixture
        #[arg(long, requires = "plan")]
        quick_plan: bool,
        /// The target is a board or a Rally the Troops view: its best whole turns on one thread
        /// (issue 34)
        #[arg(long, conflicts_with_all = ["advise", "hidden", "plan"])]
        turn: bool,
    },
    /// Campaign Reset odds in the political-events variant: the Pledge of Loyalty and the three
    /// event rolls, exactly (docs/reset.md)
    Reset {
        /// Reset scenario JSON file, an app link (…#r=…), or - for standard input
        file: String,
        /// Print JSON instead of tables
        #[arg(long)]
        json: bool,
    },
    /// The attack planner: every way to attack this turn from a board (docs/board.md), each as a
    /// battle against the hidden defenders, ranked by the chance to hold
    /// A Rally the Troops game brought in: a play page's {player, view} as that player's board
    /// (docs/board.md) on standard output, for `bosworth plan -`; a finished game's export: its
    /// points to plan from (--list), the board at one (--at N). What the game does not tell goes
    /// to standard error as notes, and into the board's note
    Import {
        /// The view (copied by the bookmarklet) or the export (/api/export/GAME_ID), or - for
        /// standard input
        file: String,
        /// Whose board: needed for an Observer's view; for an export, default the house whose
        /// action phase it is
        #[arg(long, value_enum, ignore_case = true)]
        side: Option<SideArg>,
        /// List an export's points a player could plan from (each action phase)
        #[arg(long, conflicts_with = "at")]
        list: bool,
        /// The board at an export's point N (from --list)
        #[arg(long, value_name = "N")]
        at: Option<usize>,
    },
    /// A finished Rally the Troops game's battles: each one's odds before it, who won, each
    /// side's dice luck (6.4, 6.5), the game's totals and its least likely results
    Game {
        /// The game's export (/api/export/GAME_ID), or - for standard input
        file: String,
        /// Print JSON instead of tables
        #[arg(long)]
        json: bool,
        /// Print battle N (from 1) as a battle scenario, for exact, replay, advise or link
        #[arg(long, value_name = "N", conflicts_with = "json")]
        battle: Option<usize>,
        /// Solve a battle exactly within this many distinct battle states, else Monte Carlo
        #[arg(long, default_value_t = bosworth::board::rank::DEFAULT_EXACT_BUDGET)]
        budget: usize,
        /// Monte Carlo battles for a battle past the budget
        #[arg(long, default_value_t = bosworth::board::rank::DEFAULT_RUNS)]
        runs: u64,
        /// Seed of the Monte Carlo dice (same seed, same figures)
        #[arg(long, default_value_t = 1)]
        seed: u64,
    },
    Plan {
        /// Board JSON file, an app link (…#b=…), or - for standard input
        board: String,
        /// The area to attack [default: every area the player can attack, each with its best plan]
        #[arg(long, conflicts_with = "turn")]
        target: Option<String>,
        /// Rank whole turns: sets of attacks the card allows together (R37, R38)
        #[arg(long)]
        turn: bool,
        /// With --turn, what turns are ranked by: areas (expected areas held), steps (expected
        /// enemy steps lost minus own), or take:AREA[:HEIR] (the chance to hold AREA, keeping HEIR)
        #[arg(long, requires = "turn", value_name = "OBJECTIVE")]
        objective: Option<String>,
        /// With --turn, an attack every turn makes: AREA=BLOCK,BLOCK (exactly those blocks go)
        #[arg(long = "with", requires = "turn", value_name = "AREA=BLOCKS")]
        with: Vec<String>,
        /// Whether the enemy, moving second, reinforces the battle (6.3)
        #[arg(long, value_enum, default_value_t = plan::ReinforceArg::None)]
        reinforce: plan::ReinforceArg,
        /// How many of the best plans to assess and print (besides the best plan for each number
        /// of blocks committed, for the Pareto front); with --turn, how many turns [default: 10;
        /// 3 with --turn]
        #[arg(long)]
        top: Option<usize>,
        /// Print JSON instead of tables (the same as --format json)
        #[arg(long, conflicts_with = "format")]
        json: bool,
        /// How to print the plans [default: table]
        #[arg(long, value_enum)]
        format: Option<Format>,
        /// Print plan N (its rank; without --target, the N-th target's best plan) as a battle
        /// scenario, for bosworth exact, simulate or link
        #[arg(long, value_name = "N", conflicts_with = "turn")]
        open: Option<usize>,
        /// Seed of the screening and of each plan's Monte Carlo
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Monte Carlo battles for a plan whose exact mixture does not fit --budget
        #[arg(long, default_value_t = bosworth::board::rank::DEFAULT_RUNS)]
        runs: u64,
        /// The most states an exact mixture may take for one plan (but the --exact-best)
        #[arg(long, default_value_t = bosworth::board::rank::DEFAULT_EXACT_BUDGET)]
        budget: usize,
        /// How many of the best plans for a --target may take --best-budget states to be exact
        #[arg(long, value_name = "N", default_value_t = bosworth::board::rank::DEFAULT_EXACT_BEST)]
        exact_best: usize,
        /// The most states an exact mixture may take for one of the --exact-best plans
        #[arg(long, value_name = "STATES", default_value_t = bosworth::board::rank::DEFAULT_BEST_BUDGET)]
        best_budget: usize,
        /// The most battles the screening may fight for one target
        #[arg(long, default_value_t = bosworth::board::rank::DEFAULT_SCREEN_BUDGET)]
        screen: u64,
        /// Threads for assessing the best plans (the figures do not depend on it) [default: the
        /// machine's cores]
        #[arg(long)]
        threads: Option<usize>,
    },
    /// Kingmaker: the exact odds of a battle, siege or ambush (docs/kingmaker.md)
    Kingmaker {
        /// Kingmaker scenario JSON file, an app link (…#k=…), or - for standard input
        file: String,
        /// Print JSON instead of text
        #[arg(long)]
        json: bool,
    },
    /// One possibility of a battle with hidden blocks as a battle of its own, every block
    /// revealed (6.1): its scenario JSON on standard output, for `bosworth exact -` and the rest
    Reveal {
        /// Scenario JSON file, an app link (…#s=…), or - for standard input
        file: String,
        /// worst or best (the spread's 10% and 90% points for the side that cannot see them),
        /// P<percentile> (P50), N (the N-th of --list), or a hidden block's field and what it
        /// is (defender.hidden[0]=Somerset 3: the most likely composition where it is)
        which: Option<String>,
        /// List every composition, worst first, numbered for N
        #[arg(long, conflicts_with = "which")]
        list: bool,
        /// Stop after this many distinct battle states (the mixture is solved exactly to
        /// find worst, best, a percentile or N)
        #[arg(long, default_value_t = bosworth::DEFAULT_STATE_BUDGET)]
        budget: usize,
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

/// `bosworth advise`'s default state budget: the engine's, the app's advisor's too.
pub const ADVISE_STATE_BUDGET: usize = bosworth::solve::advice::DEFAULT_ADVICE_BUDGET;

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

impl ObjectiveArg {
    fn objective(self) -> bosworth::solve::advice::Objective {
        use bosworth::solve::advice::Objective;
        match self {
            ObjectiveArg::Hold => Objective::Hold,
            ObjectiveArg::KillRoyal => Objective::KillRoyal,
            ObjectiveArg::KeepHeirs => Objective::KeepHeirs,
            ObjectiveArg::Steps => Objective::Steps,
        }
    }
}

impl PlayersArg {
    fn players(self) -> bosworth::solve::advice::Players {
        use bosworth::solve::advice::Players;
        match self {
            PlayersArg::Both => Players::Both,
            PlayersArg::Attacker => Players::Only(bosworth::Side::Attacker),
            PlayersArg::Defender => Players::Only(bosworth::Side::Defender),
        }
    }
}

/// `advise`'s budget and sampling: the options', or with `--live` live play's (the app's advisor
/// on a battle in progress).
fn advise_sampling(
    live: bool,
    budget: usize,
    samples: u64,
    seed: u64,
    look_ahead: u32,
) -> (usize, bosworth::solve::advice::Sampling) {
    use bosworth::solve::advice::{LIVE_BUDGET, Sampling};
    if live {
        let sampling = Sampling {
            seed,
            ..Sampling::live()
        };
        (LIVE_BUDGET, sampling)
    } else {
        let sampling = Sampling {
            samples,
            seed,
            look_ahead,
            ..Sampling::default()
        };
        (budget, sampling)
    }
}

/// `--samples`, checked.
fn check_samples(samples: u64) -> Result<(), Stop> {
    if !(1..=bosworth::MAX_RUNS).contains(&samples) {
        return Err(Stop::Error(format!(
            "--samples: {samples} is not 1 to {}",
            bosworth::MAX_RUNS
        )));
    }
    Ok(())
}

/// A house, as `--side` names it.
#[derive(Clone, Copy, clap::ValueEnum)]
enum SideArg {
    York,
    Lancaster,
}

impl SideArg {
    fn house(self) -> bosworth::data::House {
        match self {
            SideArg::York => bosworth::data::House::York,
            SideArg::Lancaster => bosworth::data::House::Lancaster,
        }
    }
}

/// Reads a scenario and validates it; the error names the field.
fn load(file: &str) -> Result<Battle, ScenarioError> {
    Battle::new(&read(file)?)
}

/// Reads a scenario (`-`: standard input): a JSON file, or an app link (`http://.../#s=...`) or
/// its fragment (`#s=...`) given in place of the file; the error names the field.
fn read(file: &str) -> Result<Scenario, ScenarioError> {
    let text = if file != "-" && (file.contains("#s=") || file.starts_with("s=")) {
        file.to_string()
    } else {
        text_of(file)?
    };
    bosworth_link::read(&text)
}

/// The JSON of a Campaign Reset (`key` `r`) or a Kingmaker combat (`k`) given as a file, `-`, or
/// a link copied from the app (`…#r=…`, `#k=…`, or just that part).
fn doc_text(file: &str, key: &str) -> Result<String, ScenarioError> {
    let t = file.trim();
    let hash = match t.split_once('#') {
        Some((_, h)) => Some(h),
        None => t.starts_with(&format!("{key}=")).then_some(t),
    };
    let Some(hash) = hash.filter(|_| file != "-") else {
        return text_of(file);
    };
    let f = bosworth_link::fragment(hash);
    let broken = |e: String| ScenarioError::new("", e);
    match key {
        "r" => match f.reset {
            Some(v) => bosworth_link::decode_reset(&v)
                .map(|r| bosworth_link::reset_to_json(&r))
                .map_err(broken),
            None => Err(broken("this link holds no Campaign Reset (#r=...)".into())),
        },
        _ => match f.kingmaker {
            Some(v) => bosworth_link::decode_kingmaker(&v)
                .map(|k| bosworth_link::kingmaker_to_json(&k))
                .map_err(broken),
            None => Err(broken(
                "this link holds no Kingmaker combat (#k=...)".into(),
            )),
        },
    }
}

/// Reads a board (`-`: standard input): board JSON, or an app link (`…#b=…`) or its fragment.
fn read_board(file: &str) -> Result<bosworth::board::Board, ScenarioError> {
    let text = if file != "-" && (file.contains("#b=") || file.starts_with("b=")) {
        file.to_string()
    } else {
        text_of(file)?
    };
    bosworth_link::read_board(&text)
}

/// True if `file` holds a board: a `#b=` link, or JSON that says `"kind": "board"`.
fn is_board(file: &str) -> bool {
    if file.contains("#b=") || file.starts_with("b=") {
        return true;
    }
    file != "-"
        && std::fs::read_to_string(file)
            .is_ok_and(|t| bosworth_link::kind_of(&t) == Some(bosworth_link::Calculator::Board))
}

/// The text of a file (`-`: standard input).
fn text_of(file: &str) -> Result<String, ScenarioError> {
    if file == "-" {
        let mut s = String::new();
        std::io::stdin()
            .read_to_string(&mut s)
            .map_err(|e| ScenarioError::new("", format!("cannot read standard input: {e}")))?;
        Ok(s)
    } else {
        std::fs::read_to_string(file)
            .map_err(|e| ScenarioError::new("", format!("cannot read {file}: {e}")))
    }
}

/// `--runs`, checked.
fn check_runs(runs: u64) -> Result<(), Stop> {
    if runs > bosworth::MAX_RUNS {
        return Err(Stop::Error(format!(
            "--runs: {runs} exceeds the maximum {}",
            bosworth::MAX_RUNS
        )));
    }
    Ok(())
}

/// A command's work on a valid battle: its output, or why there is none.
type Work<'a> = Box<dyn Fn(&Battle) -> Result<String, Stop> + 'a>;

fn main() -> ExitCode {
    let cli = Cli::parse();
    let quiet = cli.quiet;
    if let Command::Exact { .. }
    | Command::Reveal { .. }
    | Command::Simulate { .. }
    | Command::Plan { .. }
    | Command::Advise { .. }
    | Command::Bench { .. }
    | Command::BenchSolve { .. } = &cli.command
    {
        progress::catch_interrupt();
    }
    if let Command::BenchSolve {
        target,
        advise,
        hidden,
        estimate,
        here,
        mid,
        samples,
        budget,
        plan,
        quick_plan,
        turn,
    } = &cli.command
    {
        if *turn {
            return finish(bench_turns::solve_turn(target));
        }
        if let Some(area) = plan {
            return finish(
                read_board(target)
                    .map_err(|e| Stop::Error(format!("{target}: {e}")))
                    .and_then(|b| bench_plans::solve_plan(&b, area, *quick_plan)),
            );
        }
        if *hidden && *advise {
            return finish(
                read(target)
                    .map_err(|e| Stop::Error(format!("{target}: {e}")))
                    .and_then(|sc| bench::advise_mixture(&sc, *budget, *samples)),
            );
        }
        if *hidden {
            return finish(
                read(target)
                    .map_err(|e| Stop::Error(format!("{target}: {e}")))
                    .and_then(|sc| bench::solve_mixture(&sc, *budget)),
            );
        }
        let kind = match (advise, estimate, here) {
            (false, _, _) => bench::Kind::Exact,
            (true, _, true) if *mid => bench::Kind::HereMid,
            (true, _, true) => bench::Kind::Here,
            (true, true, _) => bench::Kind::AdviseOrEstimate,
            (true, false, false) => bench::Kind::Advise,
        };
        return finish(bench::solve_one(target, kind, *budget, *samples, |f| {
            load(f).map_err(|e| format!("{f}: {e}"))
        }));
    }
    if let Command::Bench {
        dir,
        quick,
        hidden_only,
        advice_only,
        turn_only,
        json: as_json,
    } = &cli.command
    {
        if *turn_only {
            let meter = Meter::steps(bench::TURN_STEPS, quiet);
            let bench = bench::turn_only(dir, &meter);
            drop(meter);
            return finish(bench.map(|b| {
                if *as_json {
                    json(&b)
                } else {
                    bench::turn_table(&b)
                }
            }));
        }
        let meter = Meter::steps(bench::STEPS, quiet);
        let bench = bench::run(
            dir,
            *quick,
            *hidden_only,
            *advice_only,
            |f| load(f).map_err(|e| format!("{f}: {e}")),
            |f| read(f).map_err(|e| format!("{f}: {e}")),
            &meter,
        );
        drop(meter);
        return finish(bench.map(|b| if *as_json { json(&b) } else { bench::table(&b) }));
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
    if let Command::Import {
        file,
        side,
        list,
        at,
    } = &cli.command
    {
        return finish(
            text_of(file)
                .map_err(|e| Stop::Error(e.to_string()))
                .and_then(|text| {
                    rtt::run(&rtt::Ask {
                        text,
                        side: side.map(SideArg::house),
                        list: *list,
                        at: *at,
                    })
                }),
        );
    }
    if let Command::Game {
        file,
        json: as_json,
        battle,
        budget,
        runs,
        seed,
    } = &cli.command
    {
        if let Err(e) = check_runs(*runs) {
            return finish(Err(e));
        }
        return finish(
            text_of(file)
                .map_err(|e| Stop::Error(e.to_string()))
                .and_then(|text| {
                    game::run(&game::Ask {
                        text,
                        json: *as_json,
                        battle: *battle,
                        budget: *budget,
                        runs: *runs,
                        seed: *seed,
                    })
                }),
        );
    }
    if let Command::Reset {
        file,
        json: as_json,
    } = &cli.command
    {
        return finish(
            doc_text(file, "r")
                .and_then(|text| reset::run(&text, *as_json))
                .map_err(|e| Stop::Error(e.to_string())),
        );
    }
    if let Command::Kingmaker {
        file,
        json: as_json,
    } = &cli.command
    {
        return finish(
            doc_text(file, "k")
                .map_err(|e| Stop::Error(e.to_string()))
                .and_then(|text| kingmaker::run(&text, *as_json)),
        );
    }
    if let Command::Reveal {
        file,
        which,
        list,
        budget,
    } = &cli.command
    {
        return finish(
            read(file)
                .map_err(|e| Stop::Error(e.to_string()))
                .and_then(|sc| fog::reveal(&sc, which.as_deref(), *list, *budget, quiet)),
        );
    }
    if let Command::Plan {
        board,
        target,
        turn,
        objective,
        with,
        reinforce,
        top,
        json: as_json,
        format,
        open,
        seed,
        runs,
        budget,
        exact_best,
        best_budget,
        screen,
        threads,
    } = &cli.command
    {
        let threads = threads.unwrap_or_else(|| {
            std::thread::available_parallelism().map_or(1, std::num::NonZero::get)
        });
        if !(1..=256).contains(&threads) {
            return finish(Err(Stop::Error(format!(
                "--threads: {threads} is not 1 to 256"
            ))));
        }
        let options = bosworth::board::Options {
            reinforce: (*reinforce).into(),
            top: top.unwrap_or(if *turn { 3 } else { 10 }),
            seed: *seed,
            runs: *runs,
            exact_budget: *budget,
            exact_best: *exact_best,
            best_budget: *best_budget,
            screen_budget: *screen,
            threads,
        };
        if *turn {
            if let Err(e) = check_runs(*runs) {
                return finish(Err(e));
            }
            let ask = turn::Ask {
                options,
                objective: objective.as_deref(),
                pins: with,
                format: Format::of(*as_json, *format),
                quiet,
            };
            return finish(
                read_board(board)
                    .map_err(|e| Stop::Error(e.to_string()))
                    .and_then(|b| turn::run(&b, &ask)),
            );
        }
        let ask = plan::Ask {
            target: target.as_deref(),
            options,
            format: Format::of(*as_json, *format),
            open: *open,
            quiet,
        };
        if let Err(e) = check_runs(*runs) {
            return finish(Err(e));
        }
        return finish(
            read_board(board)
                .map_err(|e| Stop::Error(e.to_string()))
                .and_then(|b| plan::run(&b, &ask)),
        );
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
        if is_board(file) {
            return finish(
                read_board(file)
                    .and_then(|b| bosworth::board::Position::new(&b).map(|_| b))
                    .map(|b| bosworth_link::board_link(&base, &b))
                    .map_err(|e| Stop::Error(e.to_string())),
            );
        }
        let checked = read(file).and_then(|sc| {
            if bosworth::solve::fog::has_hidden(&sc) {
                bosworth::Fog::new(&sc).map(|_| sc)
            } else {
                Battle::new(&sc).map(|_| sc)
            }
        });
        return finish(
            checked
                .map(|sc| bosworth_link::link(&base, &sc))
                .map_err(|e| Stop::Error(e.to_string())),
        );
    }
    let (file, run): (&str, Work<'_>) = match &cli.command {
        Command::Exact {
            file,
            json: as_json,
            format,
            budget,
        } => (
            file,
            Box::new(move |b| {
                let meter = Meter::states(*budget, quiet);
                let r = bosworth::solve_watched(b, *budget, &|n| meter.add(n))?;
                drop(meter);
                Ok(Warned::new(&r, b).show(
                    Format::of(*as_json, *format),
                    text::report,
                    csv::report,
                    None,
                ))
            }),
        ),
        Command::Simulate {
            file,
            runs,
            seed,
            threads,
            json: as_json,
            format,
        } => (
            file,
            Box::new(move |b| {
                check_runs(*runs)?;
                if !(1..=256).contains(threads) {
                    return Err(Stop::Error(format!("--threads: {threads} is not 1 to 256")));
                }
                let meter = Meter::battles(*runs, quiet);
                let r =
                    bench_measure::simulate_threads(b, *runs, *seed, *threads, &|n| meter.add(n));
                drop(meter);
                let cut = cut(&r, *runs)?;
                Ok(Warned::new(&r, b).show(
                    Format::of(*as_json, *format),
                    text::report,
                    csv::report,
                    cut,
                ))
            }),
        ),
        Command::Replay {
            file,
            seed,
            json: as_json,
        } => (
            file,
            Box::new(move |b| {
                // R45: the Treason card's best target chosen before the dice.
                let b = &bosworth::with_treason_target(b.clone());
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
            estimate,
            samples,
            seed,
            look_ahead,
            live,
            json: as_json,
            ..
        } => (
            file,
            Box::new(move |b| {
                let (budget, sampling) =
                    advise_sampling(*live, *budget, *samples, *seed, *look_ahead);
                let budget = &budget;
                let (objective, players) = (objective.objective(), players.players());
                let decide = bosworth::solve::advice::Decisions {
                    tie_hits: !*hit_order,
                    group_order: *choose_order,
                };
                check_samples(*samples)?;
                let exact = if *estimate {
                    Err(bosworth::SolveError::TooLarge { budget: *budget })
                } else {
                    let meter = Meter::states(*budget, quiet);
                    bosworth::solve::advice::advise_with(
                        b,
                        objective,
                        players,
                        *budget,
                        decide,
                        &|n| meter.add(n),
                    )
                };
                // Past the budget, best play is estimated by sampling, and says so.
                let why = if *estimate {
                    "--estimate".to_string()
                } else {
                    format!("exact best play needs more than {budget} states here")
                };
                let a = match exact {
                    Err(bosworth::SolveError::TooLarge { .. }) => {
                        let total = bosworth::solve::advice::estimate_battles(
                            b, players, decide, &sampling,
                        );
                        let meter = Meter::battles(total, quiet);
                        bosworth::solve::advice::estimate_with(
                            b,
                            objective,
                            players,
                            *budget,
                            decide,
                            &sampling,
                            &|n| meter.add(n),
                        )?
                    }
                    answer => answer?,
                };
                Ok(if *as_json {
                    json(&a)
                } else {
                    text::advice(b, &a, &why)
                })
            }),
        ),
        Command::Bench { .. }
        | Command::BenchSolve { .. }
        | Command::Link { .. }
        | Command::Reset { .. }
        | Command::Import { .. }
        | Command::Game { .. }
        | Command::Plan { .. }
        | Command::Kingmaker { .. }
        | Command::Reveal { .. }
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
                let b = &bosworth::with_treason_target(b.clone());
                let o = bosworth::fire_order(b);
                Ok(if *as_json {
                    json(&o)
                } else {
                    format!("{}{}", output::warnings_text(b.warnings()), text::order(&o))
                })
            }),
        ),
    };
    finish(match read(file) {
        Ok(scenario) if bosworth::solve::fog::has_hidden(&scenario) => fog::run(&cli, &scenario),
        Ok(scenario) => match Battle::new(&scenario) {
            Ok(battle) => run(&battle),
            Err(e) => Err(Stop::Error(e.to_string())),
        },
        Err(e) => Err(Stop::Error(e.to_string())),
    })
}
