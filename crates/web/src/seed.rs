//! Seeds in the API. A seed is any 64-bit number, but a JavaScript number
//! holds 53 bits: 8033069816182806435 reads as 8033069816182807000, which
//! deals other hands. So a seed goes out as a string of decimal digits, and
//! comes in as such a string or as a JSON number (which a client that reads
//! 64-bit integers may send).

use std::fmt;

use serde::{Deserializer, Serializer, de};

/// Writes a seed as a string of its decimal digits.
pub(crate) fn as_text<S: Serializer>(seed: &u64, serializer: S) -> Result<S::Ok, S::Error> {
    serializer.collect_str(seed)
}

/// Reads a seed that may be left out (with `#[serde(default)]`) or `null`:
/// a whole number from 0 to 2^64 - 1, as a JSON number or a string of
/// decimal digits.
pub(crate) fn optional<'de, D: Deserializer<'de>>(
    deserializer: D,
) -> Result<Option<u64>, D::Error> {
    deserializer.deserialize_any(Seed)
}

struct Seed;

impl de::Visitor<'_> for Seed {
    type Value = Option<u64>;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(
            "a seed: a whole number from 0 to 18446744073709551615, as a number or a string",
        )
    }

    fn visit_unit<E: de::Error>(self) -> Result<Option<u64>, E> {
        Ok(None)
    }

    fn visit_u64<E: de::Error>(self, seed: u64) -> Result<Option<u64>, E> {
        Ok(Some(seed))
    }

    fn visit_i64<E: de::Error>(self, seed: i64) -> Result<Option<u64>, E> {
        u64::try_from(seed)
            .map(Some)
            .map_err(|_| E::invalid_value(de::Unexpected::Signed(seed), &self))
    }

    fn visit_str<E: de::Error>(self, text: &str) -> Result<Option<u64>, E> {
        // Digits only: `str::parse` would also take a sign.
        let digits = !text.is_empty() && text.bytes().all(|byte| byte.is_ascii_digit());
        digits
            .then(|| text.parse().ok())
            .flatten()
            .map(Some)
            .ok_or_else(|| E::invalid_value(de::Unexpected::Str(text), &self))
    }
}
