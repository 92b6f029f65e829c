//! The examples' positional arguments: each optional, in order, with a
//! default; one that does not parse stops the example with its reason.

use std::fmt::Display;
use std::str::FromStr;

/// The command line's arguments after the program's name.
pub(crate) struct Args {
    example: &'static str,
    args: std::iter::Skip<std::env::Args>,
}

impl Args {
    /// The arguments of the example named `example` (for its messages).
    pub(crate) fn new(example: &'static str) -> Args {
        Args { example, args: std::env::args().skip(1) }
    }

    /// The next argument, read as `what`, or `default` when there are no
    /// more; one that does not read exits with status 2 and says why.
    pub(crate) fn next_or<T: FromStr>(&mut self, what: &str, default: T) -> T
    where
        T::Err: Display,
    {
        match self.args.next() {
            None => default,
            Some(text) => text.parse().unwrap_or_else(|error| {
                eprintln!("{}: {what} {text:?}: {error}", self.example);
                std::process::exit(2);
            }),
        }
    }
}
