//! How `exact` and `simulate` print their figures (`--format`), how a Monte Carlo run cut short by
//! Ctrl-C says so, and how every command ends: its output and exit code.

use crate::progress::{INTERRUPTED_EXIT, Stop};
use serde::Serialize;
use std::io::Write;
use std::process::ExitCode;

/// How `exact` and `simulate` print their figures.
#[derive(Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum Format {
    /// Tables and sentences, for reading
    Table,
    /// JSON, the engine's report as is (the same as --json)
    Json,
    /// CSV for spreadsheets: figure,subject,value,std_error, one row per figure
    Csv,
}

/// Pretty JSON.
pub fn json<T: Serialize>(value: &T) -> String {
    serde_json::to_string_pretty(value).expect("reports always serialise")
}

impl Format {
    /// `--json`, else `--format`, else tables (clap refuses both at once).
    pub fn of(json: bool, format: Option<Format>) -> Format {
        if json {
            Format::Json
        } else {
            format.unwrap_or(Format::Table)
        }
    }
}

/// The JSON of a Monte Carlo run that Ctrl-C cut short: its figures, then these fields, present
/// only then (a run that ends prints its figures alone, byte for byte as ever).
#[derive(Serialize)]
struct Cut<'a, T: Serialize> {
    #[serde(flatten)]
    figures: &'a T,
    /// Always `true`.
    interrupted: bool,
    /// Battles fought: the figures are theirs (as `method.runs` says).
    runs: u64,
    /// Battles asked for with `--runs`.
    runs_requested: u64,
}

/// Figures in the format asked for. `cut`: the battles fought and asked for, when Ctrl-C cut a
/// Monte Carlo run short: said on the first line of the table, in JSON fields ([`Cut`]), and on
/// stderr for CSV (whose rows then have `runs`).
fn show<T: Serialize>(
    format: Format,
    figures: &T,
    table: impl Fn(&T) -> String,
    csv: impl Fn(&T) -> String,
    cut: Option<(u64, u64)>,
) -> String {
    let Some((runs, runs_requested)) = cut else {
        return match format {
            Format::Table => table(figures),
            Format::Json => json(figures),
            Format::Csv => csv(figures),
        };
    };
    match format {
        Format::Table => format!(
            "Interrupted after {runs} battles: figures below are from those battles.\n\n{}",
            table(figures)
        ),
        Format::Json => json(&Cut {
            figures,
            interrupted: true,
            runs,
            runs_requested,
        }),
        Format::Csv => {
            eprintln!("Interrupted after {runs} battles: the figures are from those battles.");
            csv(figures)
        }
    }
}

/// A battle's figures with the policy's choices the rules set aside (R35): in JSON a
/// `warnings` list after the figures, left out when there are none (so a battle without any
/// prints its figures byte for byte as ever); in tables a paragraph before them; with CSV on
/// stderr.
#[derive(Serialize)]
pub struct Warned<'a, T: Serialize> {
    #[serde(flatten)]
    figures: &'a T,
    #[serde(skip_serializing_if = "<[_]>::is_empty")]
    warnings: &'a [bosworth::Warning],
}

impl<'a, T: Serialize> Warned<'a, T> {
    /// `figures` of `battle`, with its warnings.
    pub fn new(figures: &'a T, battle: &'a bosworth::Battle) -> Self {
        Warned {
            figures,
            warnings: battle.warnings(),
        }
    }

    /// `figures` with `warnings`: those of a battle with hidden blocks (`Fog::warnings`, R44).
    pub fn with(figures: &'a T, warnings: &'a [bosworth::Warning]) -> Self {
        Warned { figures, warnings }
    }

    /// The figures with their warnings in `format` ([`show`]): as `table` writes them after the
    /// warnings, as JSON with a `warnings` list, or as `csv` writes them with the warnings on
    /// stderr; `cut` says a Monte Carlo run was cut short.
    pub fn show(
        &self,
        format: Format,
        table: fn(&T) -> String,
        csv: fn(&T) -> String,
        cut: Option<(u64, u64)>,
    ) -> String {
        show(
            format,
            self,
            |w| format!("{}{}", warnings_text(w.warnings), table(w.figures)),
            |w| {
                for warning in w.warnings {
                    eprintln!("warning: {warning}");
                }
                csv(w.figures)
            },
            cut,
        )
    }
}

/// The warnings as a paragraph ending in a blank line, or nothing when there are none.
pub fn warnings_text(warnings: &[bosworth::Warning]) -> String {
    if warnings.is_empty() {
        return String::new();
    }
    let mut o = String::from("Choices the rules set aside (the figures are without them):\n");
    for w in warnings {
        o.push_str(&format!("  warning: {w}\n"));
    }
    o.push('\n');
    o
}

/// The battles a Monte Carlo report comes from, and whether Ctrl-C cut the run short:
/// `Some((fought, asked))`, or stopped it before the first battle.
pub fn cut(report: &bosworth::Report, asked: u64) -> Result<Option<(u64, u64)>, Stop> {
    let fought = match report.method {
        bosworth::solve::report::Method::MonteCarlo { runs, .. } => runs,
        bosworth::solve::report::Method::Exact { .. } => asked,
    };
    match fought {
        0 if asked > 0 => Err(Stop::Interrupted),
        n if n < asked => Ok(Some((n, asked))),
        _ => Ok(None),
    }
}

/// Prints the output (exit code 0), or the error (2), or `interrupted` (130).
pub fn finish(outcome: Result<String, Stop>) -> ExitCode {
    match outcome {
        Ok(out) => {
            // A closed pipe (`| head`) is not an error worth a panic.
            let _ = writeln!(std::io::stdout().lock(), "{out}");
            ExitCode::SUCCESS
        }
        Err(Stop::Error(e)) => {
            eprintln!("error: {e}");
            ExitCode::from(2)
        }
        Err(Stop::Interrupted) => {
            eprintln!("interrupted");
            ExitCode::from(INTERRUPTED_EXIT)
        }
    }
}
