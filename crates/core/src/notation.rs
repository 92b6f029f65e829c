//! Reading cards written by people, programs and the original documents.
//!
//! One card can be written in any of these forms, case-insensitively:
//!
//! - the canonical notation, rank then suit: `5H`, `TS`, `AC` (also `10H`);
//! - rank then suit symbol: `5♥`, `10♠` (the white symbols `♡ ♢ ♤ ♧` too);
//! - the Prolog term of the original documents: `card(5, hearts)`,
//!   `card(ace, spades)`, `card(queen, clubs)`.
//!
//! A list of cards is those forms separated by white space or commas,
//! optionally in square brackets as a Prolog list:
//! `[card(7,clubs), card(queen,hearts)]`. Errors name the token at fault,
//! whole when it is short and cut with an ellipsis when it is long, so that a
//! mistyped argument of any length gives a message of one line.
//!
//! Answers that come back from a Prolog program are read more strictly, by
//! [`parse_prolog_list`]: a list of card terms exactly as Prolog writes one,
//! and nothing else; [`prolog_list`] writes cards that way.

use std::str::FromStr;

use crate::{Card, Rank, Suit};

/// Why a card or a list of cards could not be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ParseCardError {
    /// Nothing where a card was expected.
    #[error("expected a card, found nothing")]
    Empty,
    /// The rank part of a token is not a rank (and its suit part is a
    /// suit, or it is a `card(Rank, Suit)` term).
    #[error("card {token}: unknown rank {rank}")]
    Rank {
        /// The token, cut short if it is long.
        token: String,
        /// The part that should have been a rank, cut short if it is long.
        rank: String,
    },
    /// The suit part of a token is not a suit (and its rank part is a rank,
    /// or it is a `card(Rank, Suit)` term).
    #[error("card {token}: unknown suit {suit}")]
    Suit {
        /// The token, cut short if it is long.
        token: String,
        /// The part that should have been a suit, cut short if it is long.
        suit: String,
    },
    /// A token that is neither a card nor a `card(Rank, Suit)` term.
    #[error("card {0}: not a card (write it like 5H, 10h, 5♥ or card(5, hearts))")]
    Malformed(String),
    /// A card index outside `0..52`.
    #[error("card index {0} is not below 52")]
    Index(u8),
    /// Square brackets that do not pair up.
    #[error("unbalanced brackets in card list")]
    Brackets,
    /// Text that is not a proper Prolog list of card terms.
    #[error("{0}: not a Prolog list of card terms like [card(5,hearts),card(jack,clubs)]")]
    NotAList(String),
}

impl TryFrom<u8> for Card {
    type Error = ParseCardError;

    fn try_from(index: u8) -> Result<Card, Self::Error> {
        Card::from_index(index).ok_or(ParseCardError::Index(index))
    }
}

impl FromStr for Card {
    type Err = ParseCardError;

    /// Reads one card in any notation of this module.
    ///
    /// ```
    /// use crib_core::Card;
    /// for text in ["5H", "5h", "5♥", "card(5, hearts)", "card(5,Hearts)"] {
    ///     assert_eq!(text.parse::<Card>()?.to_string(), "5H");
    /// }
    /// assert_eq!("card(ace,spades)".parse::<Card>()?.to_string(), "AS");
    /// assert_eq!(
    ///     "1H".parse::<Card>().unwrap_err().to_string(),
    ///     "card 1H: unknown rank 1"
    /// );
    /// # Ok::<(), crib_core::ParseCardError>(())
    /// ```
    fn from_str(text: &str) -> Result<Card, ParseCardError> {
        let token = text.trim();
        if token.is_empty() {
            return Err(ParseCardError::Empty);
        }
        if is_term(token) { parse_term(token) } else { parse_code(token) }
    }
}

/// Reads a list of cards in any notation of this module, in the order given.
///
/// Duplicates are kept: whether they are allowed depends on what the cards are
/// for (see [`CardSet::from_distinct`](crate::CardSet::from_distinct)).
///
/// ```
/// use crib_core::parse_cards;
/// let cards = parse_cards("[card(7,clubs), card(queen,hearts), 2C, J♣]")?;
/// let text: Vec<String> = cards.iter().map(ToString::to_string).collect();
/// assert_eq!(text, ["7C", "QH", "2C", "JC"]);
/// # Ok::<(), crib_core::ParseCardError>(())
/// ```
///
/// # Errors
///
/// The first token that is not a card, or unbalanced brackets.
pub fn parse_cards(text: &str) -> Result<Vec<Card>, ParseCardError> {
    tokens(text)?.into_iter().map(str::parse).collect()
}

/// Reads a Prolog list of card terms as Prolog writes it, strictly:
/// square brackets around the whole list, commas between the elements, and
/// each element a term `card(Rank, Suit)` spelled as Prolog spells the
/// atoms of the original documents (lower case: `ace`, `2` … `10`, `jack`,
/// `queen`, `king`; `clubs`, `diamonds`, `hearts`, `spades`). White space
/// between the parts is allowed. Unlike [`parse_cards`], a lone card, a
/// partial list `[X|T]`, nested lists and `card(Jack,hearts)` (a variable)
/// are all refused.
///
/// ```
/// use crib_core::{parse_prolog_list, prolog_list};
/// let cards = parse_prolog_list("[card(jack,hearts), card(10,clubs)]")?;
/// assert_eq!(prolog_list(cards.iter().copied()), "[card(jack,hearts),card(10,clubs)]");
/// assert!(parse_prolog_list("card(jack,hearts)").is_err());
/// assert!(parse_prolog_list("[card(jack,hearts)|_]").is_err());
/// assert!(parse_prolog_list("[card(Jack,hearts)]").is_err());
/// # Ok::<(), crib_core::ParseCardError>(())
/// ```
///
/// # Errors
///
/// [`ParseCardError::NotAList`] when the text is not one flat list; the
/// error of the first element that is not a card term otherwise.
pub fn parse_prolog_list(text: &str) -> Result<Vec<Card>, ParseCardError> {
    let not_a_list = || ParseCardError::NotAList(text.trim().to_owned());
    let body = text
        .trim()
        .strip_prefix('[')
        .and_then(|rest| rest.strip_suffix(']'))
        .ok_or_else(not_a_list)?;
    if body.trim().is_empty() {
        return Ok(Vec::new());
    }
    let mut elements = Vec::new();
    let (mut parens, mut from) = (0usize, 0);
    for (at, ch) in body.char_indices() {
        match ch {
            '(' => parens += 1,
            ')' => parens = parens.checked_sub(1).ok_or_else(not_a_list)?,
            '[' | ']' | '|' if parens == 0 => return Err(not_a_list()),
            ',' if parens == 0 => {
                elements.push(&body[from..at]);
                from = at + 1;
            }
            _ => {}
        }
    }
    elements.push(&body[from..]);
    elements.into_iter().map(strict_term).collect()
}

/// Writes cards as a Prolog list of card terms, the way Prolog writes one:
/// `[card(5,hearts),card(jack,clubs)]`, in the order given.
#[must_use]
pub fn prolog_list(cards: impl IntoIterator<Item = Card>) -> String {
    let terms: Vec<String> = cards.into_iter().map(|card| card.prolog().to_string()).collect();
    format!("[{}]", terms.join(","))
}

/// One element of [`parse_prolog_list`]: `card(Rank, Suit)` in Prolog's
/// spelling, case and all.
fn strict_term(element: &str) -> Result<Card, ParseCardError> {
    let token = element.trim();
    if token.is_empty() {
        return Err(ParseCardError::Empty);
    }
    let malformed = || ParseCardError::Malformed(token.to_owned());
    let (rank, suit) = token
        .strip_prefix("card")
        .map(str::trim_start)
        .and_then(|rest| rest.strip_prefix('('))
        .and_then(|rest| rest.strip_suffix(')'))
        .and_then(|arguments| arguments.split_once(','))
        .ok_or_else(malformed)?;
    let (rank, suit) = (rank.trim(), suit.trim());
    let rank = Rank::ALL
        .into_iter()
        .find(|candidate| candidate.term() == rank)
        .ok_or_else(|| ParseCardError::Rank { token: token.to_owned(), rank: rank.to_owned() })?;
    let suit = Suit::ALL
        .into_iter()
        .find(|candidate| candidate.name() == suit)
        .ok_or_else(|| ParseCardError::Suit { token: token.to_owned(), suit: suit.to_owned() })?;
    Ok(Card::new(rank, suit))
}

/// Splits a card list into one token per card: white space, commas and
/// brackets separate tokens, except inside the parentheses of a term.
pub(crate) fn tokens(text: &str) -> Result<Vec<&str>, ParseCardError> {
    let mut tokens = Vec::new();
    let mut brackets = 0usize;
    let mut parens = 0usize;
    let mut start = None;
    for (at, ch) in text.char_indices() {
        let separator = parens == 0 && (ch.is_whitespace() || matches!(ch, ',' | '[' | ']'));
        if separator {
            if let Some(from) = start.take() {
                tokens.push(&text[from..at]);
            }
            match ch {
                '[' => brackets += 1,
                ']' => brackets = brackets.checked_sub(1).ok_or(ParseCardError::Brackets)?,
                _ => {}
            }
            continue;
        }
        start.get_or_insert(at);
        match ch {
            '(' => parens += 1,
            ')' => parens = parens.saturating_sub(1),
            _ => {}
        }
    }
    if let Some(from) = start {
        tokens.push(&text[from..]);
    }
    if brackets != 0 {
        return Err(ParseCardError::Brackets);
    }
    Ok(tokens)
}

/// Whether the token opens a Prolog term, `card(`.
fn is_term(token: &str) -> bool {
    token.get(..4).is_some_and(|head| head.eq_ignore_ascii_case("card"))
        && token[4..].trim_start().starts_with('(')
}

/// The most characters of a token that an error quotes: more than the
/// longest way of writing a card, `card( queen , diamonds )`.
const QUOTED: usize = 32;

/// `text` as an error quotes it: whole up to [`QUOTED`] characters, else its
/// first [`QUOTED`] characters and an ellipsis.
fn quoted(text: &str) -> String {
    match text.char_indices().nth(QUOTED) {
        Some((cut, _)) => format!("{}…", &text[..cut]),
        None => text.to_owned(),
    }
}

/// Reads `card(Rank, Suit)`; the caller has checked that it opens with `card(`.
fn parse_term(token: &str) -> Result<Card, ParseCardError> {
    let malformed = || ParseCardError::Malformed(quoted(token));
    let arguments = token[4..]
        .trim_start()
        .strip_prefix('(')
        .and_then(|rest| rest.strip_suffix(')'))
        .ok_or_else(malformed)?;
    let (rank, suit) = arguments.split_once(',').ok_or_else(malformed)?;
    let (rank, suit) = (rank.trim(), suit.trim());
    let rank = rank_word(rank)
        .ok_or_else(|| ParseCardError::Rank { token: quoted(token), rank: quoted(rank) })?;
    let suit = suit_word(suit)
        .ok_or_else(|| ParseCardError::Suit { token: quoted(token), suit: quoted(suit) })?;
    Ok(Card::new(rank, suit))
}

/// Reads a code, rank then suit (`5H`, `10♠`). Only a token shaped like one
/// (a character or a number, then a character) is said to have a bad rank or
/// a bad suit, and only when the other part is good: `ten`, `bad` or
/// `garbage` is not a card with an unknown rank `te`, `ba` or `garbag`, it is
/// not a card.
fn parse_code(token: &str) -> Result<Card, ParseCardError> {
    let malformed = || ParseCardError::Malformed(quoted(token));
    if token.chars().count() > 3 {
        return Err(malformed());
    }
    // The suit is the last character; everything before it is the rank.
    let (split, last) = token.char_indices().next_back().ok_or(ParseCardError::Empty)?;
    let rank_text = &token[..split];
    if rank_text.is_empty() {
        return Err(malformed());
    }
    // A rank part of two characters is one only as a number (`10`, `11`):
    // `bad` is not a card with the rank `ba`.
    let rank_shaped =
        rank_text.chars().count() == 1 || rank_text.bytes().all(|b| b.is_ascii_digit());
    match (rank_code(rank_text), suit_code(last)) {
        (Some(rank), Some(suit)) => Ok(Card::new(rank, suit)),
        (None, Some(_)) if rank_shaped => {
            Err(ParseCardError::Rank { token: token.to_owned(), rank: rank_text.to_owned() })
        }
        (Some(_), None) => {
            Err(ParseCardError::Suit { token: token.to_owned(), suit: last.to_string() })
        }
        _ => Err(malformed()),
    }
}

/// A rank code of the canonical notation (`A 2 … 9 T J Q K`, or `10`).
fn rank_code(text: &str) -> Option<Rank> {
    if text == "10" {
        return Some(Rank::Ten);
    }
    let mut chars = text.chars();
    let code = chars.next()?.to_ascii_uppercase();
    if chars.next().is_some() {
        return None;
    }
    Rank::ALL.into_iter().find(|rank| rank.code() == code)
}

fn suit_code(code: char) -> Option<Suit> {
    match code {
        '♣' | '♧' => Some(Suit::Clubs),
        '♦' | '♢' => Some(Suit::Diamonds),
        '♥' | '♡' => Some(Suit::Hearts),
        '♠' | '♤' => Some(Suit::Spades),
        _ => {
            let code = code.to_ascii_uppercase();
            Suit::ALL.into_iter().find(|suit| suit.code() == code)
        }
    }
}

/// A rank in a Prolog term: an integer from 2 to 10, or a court card or ace
/// by name.
fn rank_word(text: &str) -> Option<Rank> {
    if let Ok(number) = text.parse::<u8>() {
        return (2..=10).contains(&number).then(|| Rank::ALL[usize::from(number) - 1]);
    }
    [Rank::Ace, Rank::Jack, Rank::Queen, Rank::King]
        .into_iter()
        .find(|rank| rank.name().eq_ignore_ascii_case(text))
}

fn suit_word(text: &str) -> Option<Suit> {
    Suit::ALL.into_iter().find(|suit| suit.name().eq_ignore_ascii_case(text))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn card(text: &str) -> String {
        text.parse::<Card>().map_or_else(|e| format!("error: {e}"), |c| c.to_string())
    }

    #[test]
    fn reads_every_notation() {
        assert_eq!(card("5H"), "5H");
        assert_eq!(card("5h"), "5H");
        assert_eq!(card("10H"), "TH");
        assert_eq!(card("th"), "TH");
        assert_eq!(card("5♥"), "5H");
        assert_eq!(card("10♠"), "TS");
        assert_eq!(card("a♧"), "AC");
        assert_eq!(card("card(5, hearts)"), "5H");
        assert_eq!(card("CARD( ace , Spades )"), "AS");
        assert_eq!(card("card(10,diamonds)"), "TD");
        assert_eq!(card("card(king,clubs)"), "KC");
        assert_eq!(card("  qd "), "QD");
    }

    #[test]
    fn errors_name_the_token() {
        assert_eq!(card("1H"), "error: card 1H: unknown rank 1");
        assert_eq!(card("5X"), "error: card 5X: unknown suit X");
        assert_eq!(card("11H"), "error: card 11H: unknown rank 11");
        assert_eq!(
            card("H"),
            "error: card H: not a card (write it like 5H, 10h, 5♥ or card(5, hearts))"
        );
        assert_eq!(card("card(1, hearts)"), "error: card card(1, hearts): unknown rank 1");
        assert_eq!(card("card(ten, hearts)"), "error: card card(ten, hearts): unknown rank ten");
        assert_eq!(card("card(5, heart)"), "error: card card(5, heart): unknown suit heart");
        assert_eq!(
            card("card(5)"),
            "error: card card(5): not a card (write it like 5H, 10h, 5♥ or card(5, hearts))"
        );
        assert_eq!(
            card("card(5,hearts"),
            "error: card card(5,hearts: not a card (write it like 5H, 10h, 5♥ or card(5, hearts))"
        );
        assert_eq!(card(""), "error: expected a card, found nothing");
    }

    #[test]
    fn a_token_that_is_not_shaped_like_a_card_is_not_a_card() {
        let not_a_card = |token: &str| {
            format!(
                "error: card {token}: not a card (write it like 5H, 10h, 5♥ or card(5, hearts))"
            )
        };
        for token in ["garbage", "ten", "bad", "1X", "5hearts", "♥♥♥♥"] {
            assert_eq!(card(token), not_a_card(token), "{token}");
        }
        assert_eq!(card("QQ"), "error: card QQ: unknown suit Q");
    }

    #[test]
    fn a_long_token_is_quoted_cut_short_at_a_character() {
        let long = "♥".repeat(100_000);
        let error = card(&long);
        assert_eq!(error, not_a_card_cut(&"♥".repeat(32)));
        let term = format!("card({}, hearts)", "x".repeat(1000));
        let error = card(&term);
        assert_eq!(error.matches('…').count(), 2, "{error}");
        assert!(error.len() < 120, "{error}");
        assert!(error.starts_with("error: card card(xxx"), "{error}");
        // Quoted whole up to the limit.
        let limit = format!("card({}, hearts)", "x".repeat(16));
        assert_eq!(card(&limit), format!("error: card {limit}: unknown rank {}", "x".repeat(16)));
    }

    fn not_a_card_cut(head: &str) -> String {
        format!("error: card {head}…: not a card (write it like 5H, 10h, 5♥ or card(5, hearts))")
    }

    #[test]
    fn reads_lists() {
        let text = |s: &str| {
            parse_cards(s).map(|cards| cards.iter().map(ToString::to_string).collect::<Vec<_>>())
        };
        assert_eq!(text("5H 5S,5C\tJD").unwrap(), ["5H", "5S", "5C", "JD"]);
        assert_eq!(
            text("[card(7,clubs), card(queen,hearts), card(2,clubs), card(jack,clubs)] card(9,hearts)")
                .unwrap(),
            ["7C", "QH", "2C", "JC", "9H"]
        );
        assert_eq!(text("[]").unwrap(), Vec::<String>::new());
        assert_eq!(text("[5H").unwrap_err(), ParseCardError::Brackets);
        assert_eq!(text("5H]").unwrap_err(), ParseCardError::Brackets);
        assert_eq!(text("5H 6Z").unwrap_err().to_string(), "card 6Z: unknown suit Z");
    }

    fn prolog(text: &str) -> Result<Vec<String>, String> {
        parse_prolog_list(text)
            .map(|cards| cards.iter().map(ToString::to_string).collect())
            .map_err(|error| error.to_string())
    }

    #[test]
    fn reads_prolog_lists_strictly() {
        assert_eq!(
            prolog("[card(ace,spades),card(10,hearts),card(king,clubs)]").unwrap(),
            ["AS", "TH", "KC"]
        );
        assert_eq!(prolog(" [ card( 2 , diamonds ) , card(jack,hearts) ] ").unwrap(), ["2D", "JH"]);
        assert_eq!(prolog("[]").unwrap(), Vec::<String>::new());
        assert_eq!(prolog("[ ]").unwrap(), Vec::<String>::new());
        let not_a_list = |text: &str| {
            format!(
                "{text}: not a Prolog list of card terms like [card(5,hearts),card(jack,clubs)]"
            )
        };
        for text in [
            "card(5,hearts)",
            "[card(5,hearts)|_]",
            "[card(5,hearts)|[]]",
            "[[card(5,hearts)]]",
            "[card(5,hearts)",
            "[card(5,hearts))]",
            "5H",
            "",
        ] {
            assert_eq!(prolog(text).unwrap_err(), not_a_list(text), "{text:?}");
        }
        assert_eq!(prolog("[5H]").unwrap_err(), format!("card 5H: {}", MALFORMED));
        assert_eq!(prolog("[card(5,hearts),]").unwrap_err(), "expected a card, found nothing");
        assert_eq!(
            prolog("[card(Jack,hearts)]").unwrap_err(),
            "card card(Jack,hearts): unknown rank Jack"
        );
        assert_eq!(
            prolog("[card(five,hearts)]").unwrap_err(),
            "card card(five,hearts): unknown rank five"
        );
        assert_eq!(prolog("[card(1,hearts)]").unwrap_err(), "card card(1,hearts): unknown rank 1");
        assert_eq!(
            prolog("[card(05,hearts)]").unwrap_err(),
            "card card(05,hearts): unknown rank 05"
        );
        assert_eq!(
            prolog("[card(5,'hearts')]").unwrap_err(),
            "card card(5,'hearts'): unknown suit 'hearts'"
        );
        assert_eq!(
            prolog("[card(5,Hearts)]").unwrap_err(),
            "card card(5,Hearts): unknown suit Hearts"
        );
        assert_eq!(
            prolog("[card(5,hearts,x)]").unwrap_err(),
            "card card(5,hearts,x): unknown suit hearts,x"
        );
        assert_eq!(
            prolog("[CARD(5,hearts)]").unwrap_err(),
            format!("card CARD(5,hearts): {}", MALFORMED)
        );
        assert_eq!(
            prolog("[c(5,hearts)]").unwrap_err(),
            format!("card c(5,hearts): {}", MALFORMED)
        );
    }

    const MALFORMED: &str = "not a card (write it like 5H, 10h, 5♥ or card(5, hearts))";

    #[test]
    fn writes_prolog_lists() {
        let cards = parse_cards("AS TH KC 5D").unwrap();
        assert_eq!(
            prolog_list(cards.iter().copied()),
            "[card(ace,spades),card(10,hearts),card(king,clubs),card(5,diamonds)]"
        );
        assert_eq!(prolog_list([]), "[]");
    }

    proptest::proptest! {
        #[test]
        fn prolog_lists_round_trip(indices in proptest::collection::vec(0u8..52, 0..8)) {
            let cards: Vec<Card> = indices.iter().filter_map(|&i| Card::from_index(i)).collect();
            let text = prolog_list(cards.iter().copied());
            proptest::prop_assert_eq!(parse_prolog_list(&text), Ok(cards.clone()));
            // What the strict reader accepts, the lenient one reads the same.
            proptest::prop_assert_eq!(parse_cards(&text), Ok(cards));
        }

        #[test]
        fn strict_reader_never_panics(text in "[\\[\\]()|, a-z0-9_'A-Z]{0,40}") {
            if let Ok(cards) = parse_prolog_list(&text) {
                proptest::prop_assert_eq!(parse_prolog_list(&prolog_list(cards.iter().copied())), Ok(cards));
            }
        }
    }
}
