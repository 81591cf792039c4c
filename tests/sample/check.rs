//! The test of a sampled frequency against an exact chance, shared by the Monte Carlo checks of
//! `tests/reset.rs` and `tests/kingmaker.rs`.

/// Checks one exact chance against its frequency in `runs` samples: within 4 standard
/// errors of the frequency, sqrt(p(1-p)/runs), plus half a run for the frequency being a whole
/// number of runs (without it a chance of 1 in a million seen once in 20,000 runs would fail).
/// An exact 0 must never be sampled, an exact 1 always. The gap in standard errors, or why not.
pub fn agrees(exact: f64, hits: u64, runs: u64) -> Result<f64, String> {
    let seen = hits as f64 / runs as f64;
    if !(1e-12..=1.0 - 1e-12).contains(&exact) {
        let all = if exact < 1e-12 { 0 } else { runs };
        return if hits == all {
            Ok(0.0)
        } else {
            Err(format!("exact {exact}, sampled {seen} ({hits} of {runs})"))
        };
    }
    let se = (exact * (1.0 - exact) / runs as f64).sqrt();
    let gap = (seen - exact).abs();
    if gap <= 4.0 * se + 0.5 / runs as f64 {
        Ok(gap / se)
    } else {
        Err(format!(
            "exact {exact}, sampled {seen} ({hits} of {runs}), {:.1} standard errors",
            gap / se
        ))
    }
}
