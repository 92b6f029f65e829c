//! What the person is asked to do ([`Stage`]), and the windows that open
//! over the table ([`Overlay`]): what both the key map and the model read.

use crib_ai::Hint;
use crib_table::advice::HintText;

/// What the person is asked to do, or waits for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stage {
    /// Choose the cards for the crib: two with two players, else one.
    Discard,
    /// Play a card, or say go.
    Play,
    /// The computer is to move.
    Waiting,
    /// A show is being counted.
    Show,
    /// Muggins: the person types the count of their hand or crib, or of
    /// the card they played (see [`App::pegging_claim`](crate::App::pegging_claim)).
    Claim,
    /// The hand is over: enter deals the next.
    RoundOver,
    /// A game is won: enter starts the next.
    GameOver,
    /// The match is won: enter starts a new match.
    MatchOver,
    /// The computer failed; only quitting is left.
    Failed,
}

/// A question the person answers with `y` or `n`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Question {
    /// Leave the program?
    Quit,
    /// Give up this match and start a new one?
    Restart,
}

/// A window over the table.
#[derive(Clone, Debug, PartialEq)]
pub enum Overlay {
    /// The keys and the rules.
    Help,
    /// Advice for the person's move: the expert's facts and their words.
    Hint(Hint, HintText),
    /// A question to answer with `y` or `n`.
    Question(Question),
}

/// How far a window over the table (help or a hint) is scrolled: the first
/// of its lines that shows, from 0, and how many show at once.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct WindowScrolled {
    /// The first line that shows.
    pub top: usize,
    /// How many lines show (0 before the window is drawn).
    pub shown: usize,
}
