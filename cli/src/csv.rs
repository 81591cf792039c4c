//! `--format csv`: the figures of `exact` and `simulate` as rows to paste in a spreadsheet.
//!
//! One row per figure: `figure,subject,value,std_error`. `figure` is the JSON field the value
//! comes from (`attacker_holds`, `ends_in_round`, `blocks.eliminated`...), `subject` says which
//! element of it when there are several (a round, a side, a block's name), `value` is the number
//! as JSON prints it (every digit, so it reads back the same), and `std_error` its Monte Carlo
//! standard error (one s.e.; empty for exact figures, and for the hidden blocks' extra figures).
//! Fields are quoted as RFC 4180 says when they hold a comma, a quote or a line break; a name a
//! spreadsheet would take for a formula gets a leading `'`.

use bosworth::FogReport;
use bosworth::solve::report::{Method, Report};

/// The header row.
const HEADER: &str = "figure,subject,value,std_error";

/// One CSV field: as is, or quoted with its quotes doubled when it holds `,` `"` or a line break.
/// A text a spreadsheet would take for a formula (a custom block named `=1+1`: it starts with
/// `=`, `+`, `-`, `@` or a tab) is kept as text by a leading `'`. Only names go through here;
/// numbers are written as they are.
pub fn field(text: &str) -> String {
    let text = if text.starts_with(['=', '+', '-', '@', '\t']) {
        format!("'{text}")
    } else {
        text.to_string()
    };
    if text.contains([',', '"', '\n', '\r']) {
        format!("\"{}\"", text.replace('"', "\"\""))
    } else {
        text
    }
}

/// Rows being written.
struct Rows {
    out: String,
    /// Battles behind the figures (Monte Carlo), for the standard errors.
    runs: Option<f64>,
}

impl Rows {
    fn new(method: &Method) -> Rows {
        Rows {
            out: format!("{HEADER}\n"),
            runs: match method {
                Method::Exact { .. } => None,
                Method::MonteCarlo { runs, .. } => Some((*runs).max(1) as f64),
            },
        }
    }

    fn row(&mut self, figure: &str, subject: &str, value: f64, std_error: Option<f64>) {
        let se = std_error.map_or(String::new(), |s| s.to_string());
        self.out.push_str(&format!(
            "{},{},{value},{se}\n",
            field(figure),
            field(subject)
        ));
    }

    /// A probability, with sqrt(p(1-p)/runs) for Monte Carlo.
    fn chance(&mut self, figure: &str, subject: &str, p: f64) {
        let se = self.runs.map(|n| (p * (1.0 - p) / n).sqrt());
        self.row(figure, subject, p, se);
    }

    /// The mean of a distribution over 0, 1, 2...: with sqrt(variance/runs) for Monte Carlo.
    fn mean(&mut self, figure: &str, subject: &str, mean: f64, distribution: &[f64]) {
        let se = self.runs.map(|n| {
            let square: f64 = distribution
                .iter()
                .enumerate()
                .map(|(k, p)| (k * k) as f64 * p)
                .sum();
            ((square - mean * mean).max(0.0) / n).sqrt()
        });
        self.row(figure, subject, mean, se);
    }
}

/// The rows of an outcome report.
fn rows(r: &Report, o: &mut Rows) {
    o.chance("attacker_holds", "", r.attacker_holds);
    o.chance("defender_holds", "", r.defender_holds);
    o.chance("vacant", "", r.vacant);
    o.chance("control_changes", "", r.control_changes);
    for (k, p) in r.ends_in_round.iter().enumerate() {
        o.chance("ends_in_round", &(k + 1).to_string(), *p);
    }
    for s in &r.sides {
        o.mean(
            "sides.expected_steps_lost",
            s.side.name(),
            s.expected_steps_lost,
            &s.steps_lost,
        );
    }
    for b in &r.blocks {
        o.chance("blocks.eliminated", &b.name, b.eliminated);
        o.chance("blocks.retreated", &b.name, b.retreated);
        o.chance("blocks.defected", &b.name, b.defected);
        o.mean(
            "blocks.expected_strength",
            &b.name,
            b.expected_strength,
            &b.final_strength,
        );
    }
    let deaths = [
        ("king_dies", r.king_dies),
        ("pretender_dies", r.pretender_dies),
        ("york_heir_dies", r.york_heir_dies),
        ("lancaster_heir_dies", r.lancaster_heir_dies),
    ];
    for (figure, p) in deaths {
        if let Some(p) = p {
            o.chance(figure, "", p);
        }
    }
    if let Some(n) = o.runs {
        o.row("runs", "", n, None);
    }
}

/// An outcome report as CSV.
pub fn report(r: &Report) -> String {
    let mut o = Rows::new(&r.method);
    rows(r, &mut o);
    o.out.trim_end().to_string()
}

/// The figures of a battle with hidden blocks as CSV: the averaged report's rows, then who each
/// hidden block may be (`hidden.who.chance`, and the viewer's chance to hold if it is,
/// `hidden.who.viewer_holds`), the chance the enemy King, Pretender or an heir is among them
/// (`royal`), what scouting each would tell (`scouting.value`), and the spread across the
/// compositions (`spread.quantiles`, exact only).
pub fn fog(f: &FogReport) -> String {
    let mut o = Rows::new(&f.report.method);
    rows(&f.report, &mut o);
    for h in &f.hidden {
        for w in &h.who {
            let subject = format!(
                "{} ({}) = {} {}",
                h.label,
                h.side.name(),
                w.block,
                w.strength
            );
            o.row("hidden.who.chance", &subject, w.chance, None);
            o.row("hidden.who.viewer_holds", &subject, w.viewer_holds, None);
        }
    }
    o.row("royal.king", "", f.royal.king, None);
    o.row("royal.pretender", "", f.royal.pretender, None);
    o.row("royal.heir", "", f.royal.heir, None);
    for s in &f.scouting {
        let subject = format!("{} ({})", s.label, s.side.name());
        o.row("scouting.value", &subject, s.value, None);
    }
    if let Some(s) = &f.spread {
        for [q, x] in &s.quantiles {
            o.row("spread.quantiles", &q.to_string(), *x, None);
        }
    }
    o.out.trim_end().to_string()
}

#[cfg(test)]
mod tests {
    use super::field;

    #[test]
    fn fields_are_quoted_only_when_they_must_be() {
        assert_eq!(field("Oxford"), "Oxford");
        assert_eq!(field("Stanley, Lord"), "\"Stanley, Lord\"");
        assert_eq!(field("the \"Kingmaker\""), "\"the \"\"Kingmaker\"\"\"");
        assert_eq!(field("two\nlines"), "\"two\nlines\"");
        assert_eq!(field(""), "");
        // Names a spreadsheet would run as formulas stay text.
        assert_eq!(field("=HYPERLINK(\"x\")"), "\"'=HYPERLINK(\"\"x\"\")\"");
        assert_eq!(field("+Oxford"), "'+Oxford");
        assert_eq!(field("@cmd"), "'@cmd");
    }
}
