//! How an error reaches the person: each thing said once, and a closed
//! pipe taken as the reader having had enough.

use std::io;

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
