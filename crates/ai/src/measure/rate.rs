//! The rate of an outcome over many games, with its confidence interval.

use serde::Serialize;

/// A proportion with its 95% confidence interval (Wilson's score interval).
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Rate {
    /// How many times.
    pub count: u64,
    /// Out of how many.
    pub total: u64,
    /// `count / total`, or 0 when `total` is 0.
    pub rate: f64,
    /// The lower end of the 95% interval.
    pub low: f64,
    /// The upper end of the 95% interval.
    pub high: f64,
}

impl Rate {
    /// `count` out of `total`, with its interval.
    ///
    /// ```
    /// let rate = crib_ai::Rate::new(560, 1000);
    /// assert!((rate.rate - 0.56).abs() < 1e-12);
    /// assert!(rate.low < 0.56 && 0.56 < rate.high);
    /// assert!((rate.high - rate.low - 0.0614).abs() < 0.001);
    /// ```
    #[must_use]
    pub fn new(count: u64, total: u64) -> Rate {
        if total == 0 {
            return Rate { count, total, rate: 0.0, low: 0.0, high: 0.0 };
        }
        const Z: f64 = 1.959_963_984_540_054;
        let n = total as f64;
        let p = count as f64 / n;
        let z2 = Z * Z;
        let centre = (p + z2 / (2.0 * n)) / (1.0 + z2 / n);
        let half = Z * (p * (1.0 - p) / n + z2 / (4.0 * n * n)).sqrt() / (1.0 + z2 / n);
        Rate {
            count,
            total,
            rate: p,
            low: (centre - half).max(0.0),
            high: (centre + half).min(1.0),
        }
    }
}
