//! One part of a job split across machines: `I/N`, the `I`-th of `N`
//! shards (counted from 0, as a Kubernetes indexed job's
//! `JOB_COMPLETION_INDEX` and a Slurm array's `SLURM_ARRAY_TASK_ID` of
//! `--array=0-(N-1)` are), and the deals it takes.

use std::fmt;
use std::ops::Range;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

/// The most shards a job may be split into.
pub const MAX_SHARDS: u32 = 1_000_000;

/// The `index`-th of `count` shards of a job: the deals
/// [`Shard::deals`] gives it.
///
/// ```
/// use crib_ai::Shard;
/// let shard: Shard = "3/8".parse()?;
/// assert_eq!((shard.index(), shard.count()), (3, 8));
/// assert_eq!(shard.deals(100), 37..50);
/// assert_eq!(shard.to_string(), "3/8");
/// assert!("8/8".parse::<Shard>().is_err());
/// # Ok::<(), crib_ai::ShardError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Shard {
    index: u32,
    count: u32,
}

/// Why text is not a shard.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ShardError {
    /// Not two whole numbers with a slash between them.
    #[error("a shard is I/N, two whole numbers such as 3/8, not {0:?}")]
    Form(String),
    /// No shards, or more than [`MAX_SHARDS`].
    #[error("a job is split into 1 to {MAX_SHARDS} shards, not {0}")]
    Count(u64),
    /// A shard past the last (they are counted from 0).
    #[error("shard {index} of {count}: shards are counted from 0 to {last}", last = count - 1)]
    Index {
        /// The shard asked for.
        index: u64,
        /// The shards of the job.
        count: u32,
    },
}

impl Shard {
    /// The whole job as one shard: `0/1`.
    pub const WHOLE: Shard = Shard { index: 0, count: 1 };

    /// The `index`-th of `count` shards.
    ///
    /// # Errors
    ///
    /// No shards or more than [`MAX_SHARDS`], or `index` not below
    /// `count`.
    pub fn new(index: u32, count: u32) -> Result<Shard, ShardError> {
        if count == 0 || count > MAX_SHARDS {
            return Err(ShardError::Count(count.into()));
        }
        if index >= count {
            return Err(ShardError::Index { index: index.into(), count });
        }
        Ok(Shard { index, count })
    }

    /// Which shard this is, from 0.
    #[must_use]
    pub const fn index(self) -> u32 {
        self.index
    }

    /// The shards of the job.
    #[must_use]
    pub const fn count(self) -> u32 {
        self.count
    }

    /// The deals of a job of `deals` that this shard takes: a run of
    /// consecutive deals, the runs of the shards of one job in order,
    /// together every deal once, their lengths differing by one at most.
    #[must_use]
    pub fn deals(self, deals: u64) -> Range<u64> {
        let bound = |index: u32| {
            let bound = u128::from(deals) * u128::from(index) / u128::from(self.count);
            // At most `deals`, as `index <= count`.
            u64::try_from(bound).unwrap_or(deals)
        };
        bound(self.index)..bound(self.index + 1)
    }
}

impl FromStr for Shard {
    type Err = ShardError;

    fn from_str(text: &str) -> Result<Shard, ShardError> {
        let form = || ShardError::Form(text.to_owned());
        let (index, count) = text.split_once('/').ok_or_else(form)?;
        let number = |part: &str| {
            if part.is_empty() || !part.bytes().all(|byte| byte.is_ascii_digit()) {
                return Err(form());
            }
            // Digits only: more than a u64 holds is the only way to fail.
            part.parse::<u64>().map_err(|_| form())
        };
        let (index, count) = (number(index)?, number(count)?);
        let count = u32::try_from(count)
            .ok()
            .filter(|&count| (1..=MAX_SHARDS).contains(&count))
            .ok_or(ShardError::Count(count))?;
        let index = u32::try_from(index)
            .ok()
            .filter(|&index| index < count)
            .ok_or(ShardError::Index { index, count })?;
        Shard::new(index, count)
    }
}

impl fmt::Display for Shard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.index, self.count)
    }
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;

    #[test]
    fn refuses_what_is_not_a_shard() {
        for text in ["", "3", "/8", "3/", "3/8/1", "-1/8", "+3/8", " 3/8", "3/8 ", "3 / 8", "a/b"] {
            assert_eq!(text.parse::<Shard>(), Err(ShardError::Form(text.to_owned())), "{text:?}");
        }
        assert_eq!("0/0".parse::<Shard>(), Err(ShardError::Count(0)));
        assert_eq!("8/8".parse::<Shard>(), Err(ShardError::Index { index: 8, count: 8 }));
        assert_eq!("0/1000001".parse::<Shard>(), Err(ShardError::Count(1_000_001)));
        assert_eq!("0/99999999999".parse::<Shard>(), Err(ShardError::Count(99_999_999_999)));
        let far = ShardError::Index { index: 99_999_999_999, count: 8 };
        assert_eq!("99999999999/8".parse::<Shard>(), Err(far));
        let digits = "1".repeat(25);
        let long = format!("0/{digits}");
        assert_eq!(long.parse::<Shard>(), Err(ShardError::Form(long.clone())));
        assert_eq!(
            "8/8".parse::<Shard>().map_err(|error| error.to_string()),
            Err("shard 8 of 8: shards are counted from 0 to 7".to_owned())
        );
        assert_eq!("007/010".parse::<Shard>(), Shard::new(7, 10));
    }

    proptest! {
        /// Every shard is written as it is read.
        #[test]
        fn a_shard_reads_back_as_it_is_written(count in 1..=MAX_SHARDS, index in any::<u32>()) {
            let shard = Shard::new(index % count, count).unwrap();
            prop_assert_eq!(shard.to_string().parse::<Shard>(), Ok(shard));
        }

        /// Any text is a shard or an error, never a panic; a shard read is
        /// a valid one.
        #[test]
        fn any_text_is_read_without_panic(text in "\\PC{0,12}|[0-9]{1,22}/[0-9]{1,22}") {
            if let Ok(shard) = text.parse::<Shard>() {
                prop_assert!(shard.index() < shard.count() && shard.count() <= MAX_SHARDS);
                prop_assert_eq!(Shard::new(shard.index(), shard.count()), Ok(shard));
            }
        }

        /// The shards of a job take every deal once, in order.
        #[test]
        fn the_shards_take_every_deal_once(deals in 0..100_000u64, count in 1..300u32) {
            let mut next = 0;
            for index in 0..count {
                let range = Shard::new(index, count).unwrap().deals(deals);
                prop_assert_eq!(range.start, next);
                prop_assert!(range.end - range.start <= deals / u64::from(count) + 1);
                next = range.end;
            }
            prop_assert_eq!(next, deals);
        }
    }
}
