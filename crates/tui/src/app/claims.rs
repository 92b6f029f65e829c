//! Muggins claims: with muggins the person counts their own hand and crib,
//! and with muggins for the pegging also what each card they play pegs.
//! Their count must be known before those points are pegged, so a move that
//! brings one is tried on a copy of the game first and held back while the
//! person types the count. This module owns the move held back, the card
//! waiting for its count, the count being typed, and the test of a
//! previewed move: take it now, or hold it for the person's count.

use crib_core::{Action, Card, Claims, Event, Seat};

use crate::app::setup::HUMAN;

/// The most points a show can make, and so the longest count a person types.
const MAX_CLAIM: u8 = 29;

/// The digits of the longest count.
const MAX_DIGITS: usize = 2;

/// A move tried on a copy of the game and not yet taken, while the person
/// counts what it brings (muggins).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Pending {
    /// Who moves.
    pub(crate) seat: Seat,
    /// The move.
    pub(crate) action: Action,
    /// The counts claimed with it so far.
    pub(crate) claims: Claims,
    /// The events of the move already presented.
    pub(crate) presented: usize,
}

/// What becomes of a move tried on a copy of the game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Hold {
    /// Take it now: no count of the person's is in it.
    Take,
    /// Hold it: its events are presented from the preview up to the
    /// person's show, which waits for their count.
    Show,
    /// Hold it before anything is presented: the card the person played
    /// pegs, and waits for their count of it.
    Pegging,
}

/// The person's counts with muggins: which they make, the move held back
/// for them, and the count being typed.
#[derive(Clone, Debug, Default)]
pub(crate) struct Muggins {
    /// Whether the person counts their own hand and crib.
    shows: bool,
    /// Whether they also count what each card they play pegs.
    pegging: bool,
    pending: Option<Pending>,
    /// The card the person played and the count with it, while they say
    /// what it pegs.
    pegging_claim: Option<(Card, u8)>,
    /// What the person has typed of their count.
    typed: String,
}

impl Muggins {
    /// The claims of a match where the person counts their shows (`shows`)
    /// and, with them, their pegging (`pegging`).
    pub(crate) fn new(shows: bool, pegging: bool) -> Muggins {
        Muggins { shows, pegging: shows && pegging, ..Muggins::default() }
    }

    /// What the person has typed of their count.
    pub(crate) fn typed(&self) -> &str {
        &self.typed
    }

    /// The card the person played and the count with it, while they type
    /// what it pegs.
    pub(crate) const fn pegging_claim(&self) -> Option<(Card, u8)> {
        self.pegging_claim
    }

    /// Whether a move is held back for the person's count.
    pub(crate) const fn holding(&self) -> bool {
        self.pending.is_some()
    }

    /// One more event of the move held back is on screen.
    pub(crate) fn presented_one(&mut self) {
        if let Some(pending) = &mut self.pending {
            pending.presented += 1;
        }
    }

    /// Whether `pending`, tried on a copy of the game with the events
    /// `preview`, is taken now or held for the person's count.
    pub(crate) fn hold(&mut self, pending: Pending, preview: &[Event]) -> Hold {
        if let Some(played) = self.pegging_to_claim(&pending, preview) {
            self.pending = Some(pending);
            self.pegging_claim = Some(played);
            return Hold::Pegging;
        }
        if self.shows && preview.iter().any(awaits_claim) {
            self.pending = Some(pending);
            Hold::Show
        } else {
            self.pending = None;
            Hold::Take
        }
    }

    /// The card and count of the person's play that pegs, when they count
    /// their own pegging and have not yet said what it pegs.
    fn pegging_to_claim(&self, pending: &Pending, preview: &[Event]) -> Option<(Card, u8)> {
        if !self.pegging || pending.seat != HUMAN || pending.claims.pegging().is_some() {
            return None;
        }
        crib_table::pegging_to_count(preview)
    }

    /// A digit typed (not past the longest count).
    pub(crate) fn type_digit(&mut self, digit: u8) {
        if digit <= 9 && self.typed.len() < MAX_DIGITS {
            self.typed.push(char::from(b'0' + digit));
        }
    }

    /// The last digit typed rubbed out.
    pub(crate) fn rub_out(&mut self) {
        self.typed.pop();
    }

    /// The count typed, or what to tell the person instead: a count more
    /// than any show makes is rubbed out.
    pub(crate) fn count(&mut self) -> Result<u8, String> {
        match self.typed.parse::<u8>() {
            Ok(points) if points <= MAX_CLAIM => Ok(points),
            Ok(_) => {
                self.typed.clear();
                Err(format!("No show makes more than {MAX_CLAIM}."))
            }
            Err(_) => Err("Type your count, then enter.".to_owned()),
        }
    }

    /// The move held back for the person's count, if one is.
    pub(crate) const fn pending(&self) -> Option<Pending> {
        self.pending
    }

    /// The person's count is given: no card waits for it, nothing is
    /// typed.
    pub(crate) fn answered(&mut self) {
        self.pegging_claim = None;
        self.typed.clear();
    }

    /// A new match: no move held back, no card waiting for its count,
    /// nothing typed.
    pub(crate) fn restart(&mut self) {
        self.pending = None;
        self.pegging_claim = None;
        self.typed.clear();
    }
}

/// Whether an event is the person's show counted without their claim: with
/// muggins they must count it first.
fn awaits_claim(event: &Event) -> bool {
    matches!(event, Event::Shown { seat: HUMAN, .. } | Event::CribShown { dealer: HUMAN, .. })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crib_core::{GameConfig, PegPoints, Pegging, Rules, Show, parse_cards};

    const COMPUTER: Seat = Seat::ALL[1];

    fn card(text: &str) -> Card {
        text.parse().expect("a card")
    }

    /// The person plays 8♠ on a 7♥: fifteen two.
    fn fifteen_two() -> Event {
        let mut pegging = Pegging::new(GameConfig::default(), HUMAN).expect("a pegging");
        pegging.play(COMPUTER, card("7H")).expect("the lead");
        let play = pegging.play(HUMAN, card("8S")).expect("the reply");
        Event::Played {
            seat: HUMAN,
            card: card("8S"),
            count: 15,
            points: play.points,
            claimed: None,
        }
    }

    fn persons_show() -> Event {
        let cards = parse_cards("5H 5S JD 4C 6C").expect("cards");
        let breakdown = Show::from_five(&cards).expect("a show").breakdown(Rules::Hand);
        Event::Shown { seat: HUMAN, breakdown }
    }

    fn move_of(seat: Seat, claims: Claims) -> Pending {
        Pending { seat, action: Action::Play(card("8S")), claims, presented: 0 }
    }

    #[test]
    fn a_move_is_held_for_the_count_muggins_asks_of_the_person() {
        let play = [fifteen_two()];
        let show = [Event::Go { seat: COMPUTER, point_to: None }, persons_show()];
        // Without muggins every move is taken at once.
        let mut off = Muggins::new(false, true);
        assert_eq!(off.hold(move_of(HUMAN, Claims::NONE), &play), Hold::Take);
        assert_eq!(off.hold(move_of(HUMAN, Claims::NONE), &show), Hold::Take);
        assert!(!off.holding());
        // With muggins for the shows only, the person's show waits.
        let mut shows = Muggins::new(true, false);
        assert_eq!(shows.hold(move_of(HUMAN, Claims::NONE), &play), Hold::Take);
        assert_eq!(shows.hold(move_of(COMPUTER, Claims::NONE), &show), Hold::Show);
        assert!(shows.holding());
        assert_eq!(shows.pegging_claim(), None);
        // With the pegging too, the person's card that pegs waits, until
        // its count is claimed; another seat's card does not.
        let mut pegging = Muggins::new(true, true);
        assert_eq!(pegging.hold(move_of(COMPUTER, Claims::NONE), &play), Hold::Take);
        assert!(!pegging.holding());
        assert_eq!(pegging.hold(move_of(HUMAN, Claims::NONE), &play), Hold::Pegging);
        assert_eq!(pegging.pegging_claim(), Some((card("8S"), 15)));
        pegging.presented_one();
        assert_eq!(pegging.pending().map(|held| held.presented), Some(1));
        pegging.answered();
        assert_eq!(pegging.pegging_claim(), None);
        let claimed = Claims::NONE.with_pegging(2);
        assert_eq!(pegging.hold(move_of(HUMAN, claimed), &play), Hold::Take);
        let nothing = Event::Played {
            seat: HUMAN,
            card: card("8S"),
            count: 15,
            points: PegPoints::NONE,
            claimed: None,
        };
        assert_eq!(pegging.hold(move_of(HUMAN, Claims::NONE), &[nothing]), Hold::Take);
    }

    #[test]
    fn the_count_typed_takes_two_digits_and_at_most_29() {
        let mut muggins = Muggins::new(true, false);
        assert_eq!(muggins.count(), Err("Type your count, then enter.".to_owned()));
        for digit in [3, 12, 4, 5] {
            muggins.type_digit(digit);
        }
        assert_eq!(muggins.typed(), "34", "not a digit, then no third digit");
        assert_eq!(muggins.count(), Err("No show makes more than 29.".to_owned()));
        assert_eq!(muggins.typed(), "", "a count too large is rubbed out");
        muggins.type_digit(2);
        muggins.type_digit(7);
        muggins.rub_out();
        muggins.type_digit(9);
        assert_eq!(muggins.count(), Ok(29));
        assert_eq!(muggins.typed(), "29", "kept until the count is given");
        muggins.answered();
        assert_eq!(muggins.typed(), "");
    }
}
