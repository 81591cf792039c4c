//! One plan's screening so far ([`Tally`]): which of its battles on each draw the moving player
//! held, and the steps lost; and the paired comparison of two plans fought on the same draws and
//! dice ([`paired`]).

/// Battles fought on each draw of the hidden blocks for each plan (a bit each in a `u16`).
pub const BATTLES_PER_DRAW: u32 = 16;

/// One plan's screening so far: per draw, which of its battles the moving player held (a bit per
/// battle: every plan's battle `j` on draw `c` has the same dice, so two plans are compared
/// battle by battle) and his mean steps lost.
#[derive(Debug, Clone, Default)]
pub struct Tally {
    /// Per draw fought: bit `j` set if battle `j` was held.
    pub holds: Vec<u16>,
    /// Per draw fought: the mean steps lost by the moving player.
    pub lost: Vec<f32>,
    /// Per draw fought: the mean steps lost by the enemy.
    pub gained: Vec<f32>,
    /// The plan's battle could not be built for some draw (never for a valid plan).
    pub broken: bool,
}

impl Tally {
    /// The share of battles held over the draws fought.
    pub fn hold(&self) -> f64 {
        if self.holds.is_empty() {
            return 0.0;
        }
        let won: u32 = self.holds.iter().map(|m| m.count_ones()).sum();
        f64::from(won) / (self.holds.len() as f64 * f64::from(BATTLES_PER_DRAW))
    }

    /// The mean steps lost.
    pub fn lost(&self) -> f64 {
        mean(&self.lost)
    }

    /// The moving player's value of each draw fought, by `holds` (the share of its battles
    /// held) or by steps (the enemy's mean steps lost minus his own): their mean and its
    /// standard error, from the spread between draws (battles on one draw share the hidden
    /// blocks), never below `floor` per draw so that a few draws never look certain.
    pub fn per_draw(&self, steps: bool, floor: f64) -> (f64, f64) {
        let x: Vec<f64> = if steps {
            self.gained
                .iter()
                .zip(&self.lost)
                .map(|(g, l)| f64::from(*g) - f64::from(*l))
                .collect()
        } else {
            self.holds
                .iter()
                .map(|m| f64::from(m.count_ones()) / f64::from(BATTLES_PER_DRAW))
                .collect()
        };
        let n = x.len() as f64;
        if x.is_empty() {
            return (0.0, f64::INFINITY);
        }
        let m = x.iter().sum::<f64>() / n;
        let var = if x.len() < 2 {
            floor.max(0.25)
        } else {
            (x.iter().map(|v| (v - m).powi(2)).sum::<f64>() / (n - 1.0)).max(floor)
        };
        (m, (var / n).sqrt())
    }
}

fn mean(v: &[f32]) -> f64 {
    if v.is_empty() {
        0.0
    } else {
        v.iter().map(|&x| f64::from(x)).sum::<f64>() / v.len() as f64
    }
}

/// The mean and standard error of the paired differences `a - b` (held or not) over the
/// battles both fought, battle by battle. Battles on one draw share the hidden blocks, so this
/// understates the error while draws are few: the screening keeps a wide margin.
pub fn paired(a: &[u16], b: &[u16]) -> (f64, f64) {
    let draws = a.len().min(b.len());
    let n = draws as f64 * f64::from(BATTLES_PER_DRAW);
    if draws == 0 {
        return (0.0, f64::INFINITY);
    }
    // Each difference is -1, 0 or 1: their sum and the count of non-zero ones say it all.
    let (mut sum, mut nonzero) = (0i64, 0u32);
    for i in 0..draws {
        let (x, y) = (a[i], b[i]);
        sum += i64::from((x & !y).count_ones()) - i64::from((y & !x).count_ones());
        nonzero += (x ^ y).count_ones();
    }
    let m = sum as f64 / n;
    let var = (f64::from(nonzero) / n - m * m) * n / (n - 1.0).max(1.0);
    (m, (var.max(0.0) / n).sqrt())
}
