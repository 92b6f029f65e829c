//! How a match at the terminal is set up: the person's [`Options`], the
//! table's setup from them, who sits where (the person at [`HUMAN`], the
//! programs after them) and what the seats are called.

use crib_core::{BySeat, GameConfig, MatchLength, Seat};
use crib_table::{Sitter, TableSetup};

/// The person's seat.
pub const HUMAN: Seat = Seat::ALL[0];

/// The name the person at the terminal plays and is saved under: what
/// `crib stats me` looks for.
pub const ME: &str = "me";

/// How a match is set up.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Options {
    /// The seed of the match: the cut for the deal and every deck.
    pub seed: u64,
    /// Whether the person counts their own hand and crib (muggins).
    pub muggins: bool,
    /// Whether, with muggins, the person also counts what each card they
    /// play pegs.
    pub muggins_pegging: bool,
    /// How long the match is.
    pub length: MatchLength,
    /// The players (2, 3 or 4, the person at seat 0) and the target.
    pub config: GameConfig,
    /// Whether the person's go is said for them when no card they hold
    /// fits (on unless they ask otherwise).
    pub auto_go: bool,
    /// Whether the chance of winning is shown from the start (`w` turns
    /// it on and off).
    pub win_chance: bool,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            seed: 0,
            muggins: false,
            muggins_pegging: false,
            length: MatchLength::BEST_OF_THREE,
            config: GameConfig::default(),
            auto_go: true,
            win_chance: false,
        }
    }
}

/// The table's setup from the options.
pub(crate) fn setup(options: &Options) -> TableSetup {
    TableSetup {
        config: options.config,
        length: options.length,
        seed: options.seed,
        muggins: options.muggins,
        muggins_pegging: options.muggins && options.muggins_pegging,
    }
}

/// The person at [`HUMAN`], `others` after them in playing order.
pub(crate) fn seats(config: GameConfig, others: Vec<Sitter>) -> BySeat<Sitter> {
    assert_eq!(others.len() + 1, usize::from(config.players()), "a sitter for every other seat");
    let mut seats = vec![Sitter::person(ME)];
    seats.extend(others);
    BySeat::from_vec(seats).expect("2 to 4 seats")
}

/// What the other seats are called at a table of `config`, the person's
/// seat first: the computer with two players, else the compass points of
/// a table where the person sits south and play passes to the left.
#[must_use]
pub fn seat_names(config: GameConfig) -> BySeat<String> {
    BySeat::new(config, |seat| {
        crib_table::narrate::seat_name(config, HUMAN, seat).unwrap_or("the computer").to_owned()
    })
}
