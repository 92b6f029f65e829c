//! `cargo xtask`: the repository's own checks.
//!
//! - `cargo xtask modules`: module import cycles in every crate;
//! - `cargo xtask links`: broken relative links in the Markdown documents.
//!
//! Each prints what it found and exits 1 if anything, 2 for a bad command.

use std::process::ExitCode;

fn main() -> ExitCode {
    let root = xtask::repository();
    let command = std::env::args().nth(1).unwrap_or_default();
    let problems: Result<Vec<String>, Box<dyn std::error::Error>> = match command.as_str() {
        "modules" => xtask::modules::workspace_cycles(&root.join("crates"))
            .map(|cycles| cycles.iter().map(ToString::to_string).collect())
            .map_err(Into::into),
        "links" => {
            let documents = xtask::links::documents(&root);
            xtask::links::broken_links(&root, &documents)
                .map(|broken| broken.iter().map(ToString::to_string).collect())
                .map_err(Into::into)
        }
        _ => {
            eprintln!("usage: cargo xtask modules|links");
            return ExitCode::from(2);
        }
    };
    match problems {
        Ok(problems) if problems.is_empty() => {
            println!("{command}: nothing found");
            ExitCode::SUCCESS
        }
        Ok(problems) => {
            for problem in &problems {
                println!("{problem}");
            }
            ExitCode::FAILURE
        }
        Err(error) => {
            eprintln!("xtask {command}: {error}");
            ExitCode::FAILURE
        }
    }
}
