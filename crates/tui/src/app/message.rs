//! What the person asks of the game on screen, one [`Message`] for each
//! thing a key asks (the keys themselves are mapped in `keys`), and the
//! [`Message::Tick`] that time brings.

use crate::app::stage::Question;

/// One thing the person asks of the game, or the passing of time: what
/// [`App::update`](crate::App::update) takes.
///
/// What a key asks depends on what is on screen: a digit chooses a card
/// while the person discards or plays, and is a digit of their count while
/// they count a show (muggins); enter gives the marked cards, plays the
/// chosen card, gives the count, or goes on, as the prompt says.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Message {
    /// The card at this place in the hand, from 0 (the key is one more):
    /// the chosen card; while discarding it is also marked for the crib,
    /// or unmarked.
    Choose(usize),
    /// The card to the left of the chosen one (in the play, the nearest
    /// card not yet played).
    PreviousCard,
    /// The card to the right of the chosen one (in the play, the nearest
    /// card not yet played).
    NextCard,
    /// Marks the chosen card for the crib, or unmarks it.
    MarkCard,
    /// Does what the prompt says: gives the marked cards to the crib, plays
    /// the chosen card (or says go when no card fits), gives the count
    /// typed, hurries the computer or the count, deals the next hand,
    /// starts the next game or a new match.
    Confirm,
    /// Says go, when no card the person holds fits.
    SayGo,
    /// A digit of the person's count (muggins).
    Digit(u8),
    /// Rubs out the last digit of the count.
    Backspace,
    /// Opens the hint: the expert's advice for the person's move.
    Hint,
    /// Shows or hides the chance of winning.
    ToggleWinChance,
    /// Opens the help: the keys and the rules.
    Help,
    /// Closes the help or the hint.
    Close,
    /// Asks a question (whether to quit, or to start a new match), to be
    /// answered with [`Message::Yes`] or [`Message::No`].
    Ask(Question),
    /// Yes to the question asked.
    Yes,
    /// No to the question asked.
    No,
    /// Leaves the program at once, without asking.
    QuitNow,
    /// Scrolls the log.
    ScrollLog(Scroll),
    /// Scrolls the window open over the table (help or a hint), when it
    /// has more lines than the screen shows.
    ScrollWindow(WindowScroll),
    /// A key that asks nothing of what is on screen: like every key, it
    /// dismisses the notice about the last one.
    Dismiss,
    /// Time has passed: the next step of a count, or the computer's move,
    /// when one is due (see [`App::wants_tick`](crate::App::wants_tick)).
    Tick,
}

/// Which way the log scrolls.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Scroll {
    /// A page back, towards older lines.
    Older,
    /// A page forward, towards newer lines.
    Newer,
    /// To the newest line.
    Newest,
}

/// Which way a window over the table scrolls, when it does not fit.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WindowScroll {
    /// A line towards the top.
    Up,
    /// A line towards the bottom.
    Down,
    /// A window's height towards the top.
    PageUp,
    /// A window's height towards the bottom.
    PageDown,
    /// To the first line.
    Top,
    /// To the last line.
    Bottom,
}
