//! The tables of the crib's value of each two-card discard, as `crib
//! stats cribs` and `crib stats best-response` print them: two matrices
//! by ranks, or lines of JSON.

use std::io::{self, Write};

use crib_ai::CribRow;
use crib_core::Rank;
use serde::Serialize;

/// A discard's line of a crib table in JSON.
#[derive(Debug, Serialize)]
pub(crate) struct CribJson {
    ranks: String,
    suited: bool,
    dealer: f64,
    pone: f64,
}

impl CribJson {
    pub(crate) fn of(row: &CribRow) -> CribJson {
        CribJson {
            ranks: format!("{}{}", row.low.code(), row.high.code()),
            suited: row.suited,
            dealer: row.dealer,
            pone: row.pone,
        }
    }
}

/// A heading, then the dealer's and the pone's table of the crib's value
/// of each discard.
pub(crate) fn write_crib_tables(
    out: &mut impl Write,
    heading: &str,
    table: &[CribRow],
) -> io::Result<()> {
    writeln!(out, "{heading}")?;
    writeln!(out, "Above the diagonal: different suits; below: one suit; the diagonal: a pair.")?;
    writeln!(out)?;
    write_matrix(out, "The dealer's own throw:", table, |row| row.dealer)?;
    writeln!(out)?;
    write_matrix(out, "The pone's throw into the dealer's crib:", table, |row| row.pone)
}

fn write_matrix(
    out: &mut impl Write,
    title: &str,
    table: &[CribRow],
    value: impl Fn(&CribRow) -> f64,
) -> io::Result<()> {
    writeln!(out, "{title}")?;
    write!(out, "    ")?;
    for rank in Rank::ALL {
        write!(out, "{:>6}", rank.code())?;
    }
    writeln!(out)?;
    for row_rank in Rank::ALL {
        write!(out, "  {} ", row_rank.code())?;
        for column_rank in Rank::ALL {
            // Above the diagonal (row < column) the cards differ in suit.
            let (low, high, suited) = if row_rank <= column_rank {
                (row_rank, column_rank, false)
            } else {
                (column_rank, row_rank, true)
            };
            let cell =
                table.iter().find(|row| row.low == low && row.high == high && row.suited == suited);
            match cell {
                Some(row) => write!(out, "{:>6.2}", value(row))?,
                None => write!(out, "{:>6}", "")?,
            }
        }
        writeln!(out)?;
    }
    Ok(())
}
