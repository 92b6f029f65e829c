//! How an error reaches the person: each thing said once, and a closed
//! pipe taken as the reader having had enough.

use std::io;

/// A command line that clap parses but the command refuses (cards given as
/// arguments, options that do not go together): the program exits with
/// status 2, as for clap's own usage errors, while a failure of the work
/// itself exits with 1.
#[derive(Debug)]
pub(crate) struct Usage(pub(crate) anyhow::Error);

impl std::fmt::Display for Usage {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        std::fmt::Display::fmt(&self.0, f)
    }
}

impl std::error::Error for Usage {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        self.0.source()
    }
}

/// `error` as a [`Usage`] error, with its causes.
pub(crate) fn usage(error: impl Into<anyhow::Error>) -> anyhow::Error {
    anyhow::Error::new(Usage(error.into()))
}

/// Whether `error` is a [`Usage`] error, under any context.
pub(crate) fn is_usage(error: &anyhow::Error) -> bool {
    error.chain().any(|cause| cause.is::<Usage>())
}

/// The error and its causes on one line, each thing said once: see
/// [`crib_table::error_chain`].
pub(crate) fn chain(error: &anyhow::Error) -> String {
    crib_table::error_chain(error.as_ref())
}

/// Whether the error comes from writing to a pipe that its reader closed
/// (`crib … | head`): then the output is no longer wanted, and the program
/// stops quietly with success, as a Unix filter does.
pub(crate) fn is_broken_pipe(error: &anyhow::Error) -> bool {
    error.chain().any(|cause| {
        cause.downcast_ref::<io::Error>().is_some_and(|io| io.kind() == io::ErrorKind::BrokenPipe)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// An error that says its source's text and also returns the source.
    #[derive(Debug)]
    struct Repeats(io::Error);

    impl std::fmt::Display for Repeats {
        fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
            write!(f, "cannot listen on 127.0.0.1:8121: {}", self.0)
        }
    }

    impl std::error::Error for Repeats {
        fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
            Some(&self.0)
        }
    }

    #[test]
    fn a_cause_already_said_is_left_out() {
        let io = io::Error::new(io::ErrorKind::AddrInUse, "Address already in use");
        let error = anyhow::Error::new(Repeats(io)).context("serving");
        assert_eq!(
            chain(&error),
            "serving: cannot listen on 127.0.0.1:8121: Address already in use"
        );
    }

    #[test]
    fn a_cause_that_only_adds_a_code_is_left_out() {
        let error = anyhow::anyhow!("Error code 26: file is not a database")
            .context("file is not a database")
            .context("cannot open the database x.db");
        assert_eq!(chain(&error), "cannot open the database x.db: file is not a database");
    }

    #[test]
    fn different_causes_are_all_said() {
        let error = anyhow::anyhow!("disk full").context("writing the log").context("saving");
        assert_eq!(chain(&error), "saving: writing the log: disk full");
    }

    #[test]
    fn a_closed_pipe_is_found_under_context() {
        let pipe = io::Error::from(io::ErrorKind::BrokenPipe);
        assert!(is_broken_pipe(&anyhow::Error::new(pipe).context("writing the table")));
        let other = io::Error::from(io::ErrorKind::PermissionDenied);
        assert!(!is_broken_pipe(&anyhow::Error::new(other).context("writing the table")));
    }
}
