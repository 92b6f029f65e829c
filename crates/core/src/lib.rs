//! The rules of cribbage, with no input or output: cards and card sets, the
//! notations people and programs write them in, the deck, counting a show,
//! and the game itself: the pegging, rounds, games and matches for 2, 3 or 4
//! players, as a state machine of actions and events.
//!
//! Everything above this crate (the computer players, the engine protocol,
//! the referee, the terminal and web games) takes its rules from here, so no
//! rule is written twice.
//!
//! ```
//! use crib_core::{parse_cards, Rules, Show};
//! let cards = parse_cards("[card(5,hearts), card(5,spades), card(5,clubs), card(jack,diamonds)] 5D")?;
//! let show = Show::from_five(&cards)?;
//! assert_eq!(show.score(Rules::Hand), 29);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

#![deny(missing_docs)]
#![forbid(unsafe_code)]

mod card;
mod cardset;
mod deck;
mod drill;
mod game;
mod notation;
mod score;
mod speech;

pub use card::{Card, Prolog, Rank, Suit, Symbol};
pub use cardset::{CardSet, DuplicateCard, Iter, Subsets};
pub use deck::{Deck, SeededRng, derive_seed, seeded_rng};
pub use drill::{CountByKind, DrillHand, DrillRecord, Grade};
pub use game::action::{Action, Phase};
pub use game::board::Board;
pub use game::event::{Event, GameResult, Skunk, game_spread};
pub use game::game::{Claims, Game, IllegalAction, SourcePoints, Tally};
pub use game::length::{LengthError, MAX_MATCH_GAMES, MatchLength, ParseLengthError};
pub use game::matchplay::{ClubMerit, Match, MatchTally, cut_for_deal};
pub use game::pegging::{
    CARDS_TO_PLAY, MAX_COUNT, PegGo, PegPlay, PegPoints, PegReason, Pegging, PeggingError,
    count_points,
};
pub use game::seat::{BySeat, BySide, ConfigError, GameConfig, Seat, Side};
pub use game::view::View;
pub use notation::{ParseCardError, parse_cards, parse_prolog_list, prolog_list};
pub use score::{Breakdown, Category, Rules, Show, ShowError, score_unchecked};
pub use speech::{CountStep, number_words, points_phrase};
