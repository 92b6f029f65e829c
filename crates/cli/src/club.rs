//! `crib club`: the members of the club that `crib serve` serves, looked
//! after on the server's own machine, in its database. `add` makes a member
//! and prints their personal sign-in link, `list` lists the members,
//! `reissue` gives one a new link (the old one stops working), `remove`
//! removes one (their games stay). The work is the store's
//! (`crib_store::Store::add_member` and the rest); the link is
//! `crib_web::signin_link`'s. A running server sees every change at once.

use std::io::{self, Write};
use std::process::ExitCode;

use anyhow::Context;
use crib_store::{MemberName, Token};

use crate::output::minute;
use crate::saved::Db;
use crate::serve::DEFAULT_ADDR;

#[derive(Debug, clap::Subcommand)]
pub(crate) enum Command {
    /// Add a member, and print their personal sign-in link (shown only
    /// now: the database keeps a hash of its key, never the key).
    Add(LinkArgs),
    /// List the members: name, since when, when their present link was
    /// issued, and when they were removed. Never a key.
    List(ListArgs),
    /// Give a member a new sign-in link, and print it: the old link stops
    /// working, and every browser signed in as them is signed out.
    Reissue(LinkArgs),
    /// Remove a member: their link stops working and their browsers are
    /// signed out; their games stay, and so does their name, shown as
    /// removed.
    Remove(NameArgs),
}

/// A member's name, and where the club is reached, for their link.
#[derive(Debug, clap::Args)]
pub(crate) struct LinkArgs {
    #[command(flatten)]
    member: NameArgs,
    /// The club's address as its members reach it, the start of their
    /// links: e.g. `https://crib.example.org` for a server behind a
    /// reverse proxy.
    #[arg(long, value_name = "URL", default_value_t = format!("http://{DEFAULT_ADDR}"),
          value_parser = parse_url)]
    url: String,
}

/// A member's name, and the database.
#[derive(Debug, clap::Args)]
pub(crate) struct NameArgs {
    /// The member's name: 1 to 24 characters, letters (A to Z), digits,
    /// spaces, '-', '_' and '.', with no space at either end. Names are
    /// unique whatever their case.
    #[arg(value_name = "NAME", value_parser = parse_name)]
    name: MemberName,
    #[command(flatten)]
    db: Db,
}

#[derive(Debug, clap::Args)]
pub(crate) struct ListArgs {
    #[command(flatten)]
    db: Db,
}

pub(crate) fn run(command: &Command) -> anyhow::Result<ExitCode> {
    match command {
        Command::Add(args) => {
            let store = args.member.db.open()?;
            let (member, key) = store.add_member(&args.member.name)?;
            let said = format!("added {}; their sign-in link", member.name);
            said_link(&said, &key, &args.url)
        }
        Command::Reissue(args) => {
            let store = args.member.db.open()?;
            let (member, key) = store.reissue_member(&args.member.name)?;
            let said = format!("{}'s new sign-in link (the old one no longer works)", member.name);
            said_link(&said, &key, &args.url)
        }
        Command::Remove(args) => {
            let member = args.db.open()?.remove_member(&args.name)?;
            println!("Removed {}: their link no longer works; their games stay.", member.name);
            Ok(ExitCode::SUCCESS)
        }
        Command::List(args) => list(args),
    }
}

/// Prints the link of `key` at `url` on standard output, and what it is
/// (`said`) on standard error, so that the link alone can be piped on.
fn said_link(said: &str, key: &Token, url: &str) -> anyhow::Result<ExitCode> {
    eprintln!("crib: {said}, shown only now (send it to them alone):");
    println!("{}", crib_web::signin_link(url, key));
    Ok(ExitCode::SUCCESS)
}

fn list(args: &ListArgs) -> anyhow::Result<ExitCode> {
    let members = match args.db.open_read_only()? {
        Some(store) => store.members().context("reading the members")?,
        None => Vec::new(),
    };
    if members.is_empty() {
        eprintln!("crib: no members in {}", args.db.path()?.display());
        return Ok(ExitCode::SUCCESS);
    }
    let mut out = io::stdout().lock();
    let width = crib_store::MAX_NAME_CHARS;
    writeln!(out, "{:<width$}  {:<16}  {:<16}  removed", "name", "since (UTC)", "link issued")?;
    for member in &members {
        let removed = member.removed_at.as_deref().map(minute).unwrap_or_default();
        let line = format!(
            "{:<width$}  {:<16}  {:<16}  {removed}",
            member.name,
            minute(&member.created_at),
            minute(&member.key_issued_at),
        );
        writeln!(out, "{}", line.trim_end())?;
    }
    Ok(ExitCode::SUCCESS)
}

/// A member's name from the command line.
fn parse_name(text: &str) -> Result<MemberName, String> {
    MemberName::new(text).map_err(|error| error.to_string())
}

/// The club's address: `http://` or `https://`, a host (and perhaps a port
/// and a path), no query or fragment; without a trailing `/`.
fn parse_url(text: &str) -> Result<String, String> {
    let shape = "give the club's address, e.g. https://crib.example.org";
    let Some(rest) = text.strip_prefix("https://").or_else(|| text.strip_prefix("http://")) else {
        return Err(format!("{text:?} is not an http:// or https:// address: {shape}"));
    };
    let host = rest.split('/').next().unwrap_or_default();
    let host_ok = !host.is_empty()
        && host
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '.' | ':' | '[' | ']'));
    if !host_ok || text.contains(['?', '#']) || text.chars().any(char::is_whitespace) {
        return Err(format!("{text:?} is not an address to give members: {shape}"));
    }
    Ok(text.trim_end_matches('/').to_owned())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_club_is_reached_at_an_http_or_https_address() {
        for (given, kept) in [
            ("https://crib.example.org", "https://crib.example.org"),
            ("https://crib.example.org/", "https://crib.example.org"),
            ("http://127.0.0.1:8121", "http://127.0.0.1:8121"),
            ("http://[::1]:8121/", "http://[::1]:8121"),
            ("https://example.org/crib/", "https://example.org/crib"),
        ] {
            assert_eq!(parse_url(given).as_deref(), Ok(kept), "{given}");
        }
        for refused in [
            "crib.example.org",
            "ftp://crib.example.org",
            "https://",
            "https:///crib",
            "https://crib.example.org/#signin=x",
            "https://crib.example.org/?a=b",
            "https://crib example.org",
            "https://user@crib.example.org",
        ] {
            assert!(parse_url(refused).is_err(), "{refused}");
        }
    }
}
