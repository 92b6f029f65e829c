//! Types that are written as text: the impls that read and write them,
//! and carry them through serde as that text, written once.

/// `Display` and `FromStr` for an enum with `ALL` and `name()`, whose
/// parse error is a tuple struct of the text refused, and serde through
/// that text ([`as_text!`]).
macro_rules! named {
    ($type:ident, $error:ident) => {
        impl std::fmt::Display for $type {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str(self.name())
            }
        }

        impl std::str::FromStr for $type {
            type Err = $error;

            fn from_str(text: &str) -> Result<$type, $error> {
                $type::ALL
                    .into_iter()
                    .find(|named| named.name() == text)
                    .ok_or_else(|| $error(text.to_owned()))
            }
        }

        crate::text::as_text!($type, $error);
    };
}

/// The conversions through `String` that `#[serde(into = "String",
/// try_from = "String")]` needs, for a type with `Display` and `FromStr`.
macro_rules! as_text {
    ($type:ident, $error:ident) => {
        impl From<$type> for String {
            fn from(value: $type) -> String {
                value.to_string()
            }
        }

        impl TryFrom<String> for $type {
            type Error = $error;

            fn try_from(text: String) -> Result<$type, $error> {
                text.parse()
            }
        }
    };
}

pub(crate) use {as_text, named};
