//! Contestants: whatever plays a seat as a program, in-process or not.
//!
//! The table owns the game and tells each [`Contestant`] what its seat may
//! know, as [`Notice`]s in the order the protocol gives them, and asks it for
//! its decisions; anything the contract does not allow is a [`Fault`]. A
//! [`BuiltIn`](BuiltInContestant) player decides from the seat's [`View`]
//! and what it has seen of the plays and shows (a new one each game); an
//! engine process (`crib_referee`'s `EngineContestant`) is told each notice
//! as a protocol command.

use crib_ai::{BuiltIn, ExpertOptions, ExpertPlayer, Observed, Player, Strategy};
use crib_core::{Board, Card, CardSet, Event, GameConfig, Seat, Show, View};

use crate::Fault;

/// What a seat is told by the referee, beyond being asked for decisions.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Notice {
    /// A round begins: who deals, and the seat's own dealt cards.
    Deal {
        /// The dealer.
        dealer: Seat,
        /// The seat's cards: 6 with two players, else 5.
        hand: CardSet,
    },
    /// The starter was cut.
    Starter(Card),
    /// Another seat played a card.
    Played {
        /// The seat that played.
        seat: Seat,
        /// The card.
        card: Card,
    },
    /// Another seat said go.
    Go {
        /// The seat.
        seat: Seat,
    },
    /// A seat (this one included) shows its hand.
    Show {
        /// The seat.
        seat: Seat,
        /// The four cards it kept, with the starter.
        show: Show,
        /// What they count, by the referee's count.
        points: u8,
    },
    /// The dealer shows the crib.
    Crib {
        /// The four cards of the crib, with the starter.
        show: Show,
        /// What they count under crib rules, by the referee's count.
        points: u8,
    },
    /// The referee's board, after points that the seat cannot count from
    /// what it was told: a person who counts their own (muggins) pegs what
    /// they claim, never more than the true count, and the points they
    /// miss go to the seat that calls them, where a program counts the
    /// true count.
    Board(Board),
}

impl Notice {
    /// What a built-in player takes note of ([`Player::observe`]): the
    /// deal, the plays, the gos, the hands and the crib shown.
    #[must_use]
    pub fn observed(&self) -> Option<Observed> {
        match *self {
            Notice::Deal { dealer, .. } => Some(Observed::Deal { dealer }),
            Notice::Played { seat, card } => Some(Observed::Played { seat, card }),
            Notice::Go { seat } => Some(Observed::Go { seat }),
            Notice::Show { seat, show, .. } => Some(Observed::Shown { seat, hand: show.hand() }),
            Notice::Crib { show, .. } => Some(Observed::CribShown { crib: show.hand() }),
            Notice::Starter(_) | Notice::Board(_) => None,
        }
    }

    /// What `seat` is told of `event`, if anything. The event must already be
    /// redacted for the seat ([`Event::for_seat`]); a seat is never told of
    /// its own plays and gos, which it made itself.
    #[must_use]
    pub fn of(event: &Event, seat: Seat) -> Option<Notice> {
        match *event {
            Event::Dealt { dealer, ref hands, .. } => {
                hands.get(seat.index()).copied().flatten().map(|hand| Notice::Deal { dealer, hand })
            }
            Event::Cut { starter, .. } => Some(Notice::Starter(starter)),
            Event::Played { seat: by, card, .. } if by != seat => {
                Some(Notice::Played { seat: by, card })
            }
            Event::Go { seat: by, .. } if by != seat => Some(Notice::Go { seat: by }),
            // A hand or crib counted by a person with muggins is shown all
            // the same; what it pegs follows as the board.
            Event::Shown { seat: by, ref breakdown }
            | Event::Claimed { seat: by, crib: false, ref breakdown, .. } => {
                Some(Notice::Show { seat: by, show: breakdown.show, points: breakdown.total() })
            }
            Event::CribShown { ref breakdown, .. }
            | Event::Claimed { crib: true, ref breakdown, .. } => {
                Some(Notice::Crib { show: breakdown.show, points: breakdown.total() })
            }
            _ => None,
        }
    }
}

/// Whatever plays one seat of a game for the referee.
///
/// A game goes: [`new_game`](Contestant::new_game), then notices and
/// decisions in the order of play, with [`check_board`](Contestant::check_board)
/// at the end of every round and of the game. A game cut short by any seat's
/// fault ends with [`abandon`](Contestant::abandon) for the others.
pub trait Contestant {
    /// Who this is, for reports: the built-in player's name, or the engine's
    /// command line and its answer to `name;`.
    fn describe(&self) -> String;

    /// What saves this player so that the same player can be started again
    /// (a resumed match): a built-in player's level, an engine's command
    /// line. By default, [`Contestant::describe`].
    fn saved_name(&self) -> String {
        self.describe()
    }

    /// Whether the player decides from the seat's view (and what it is
    /// told, which a resumed match tells it again), keeping no game of its
    /// own: then a resumed match may take a saved move it would not choose
    /// now (a match saved by an older program), since nothing of it goes
    /// out of step. An engine keeps its own game, so by default no.
    fn decides_from_view(&self) -> bool {
        false
    }

    /// A new game: the table and this contestant's seat. `seed` drives any
    /// random choices of an in-process player, so a game replays exactly.
    ///
    /// # Errors
    ///
    /// The contestant cannot start or refuses the game.
    fn new_game(&mut self, config: GameConfig, seat: Seat, seed: u64) -> Result<(), Fault>;

    /// Tells the contestant what it may know.
    ///
    /// # Errors
    ///
    /// The contestant refuses or garbles what it was told.
    fn notify(&mut self, notice: &Notice) -> Result<(), Fault>;

    /// The cards the seat gives to the crib. The referee checks them.
    ///
    /// # Errors
    ///
    /// No usable answer.
    fn discard(&mut self, view: &View) -> Result<CardSet, Fault>;

    /// The card the seat plays, or `None` for go. The referee checks it.
    ///
    /// # Errors
    ///
    /// No usable answer.
    fn play(&mut self, view: &View) -> Result<Option<Card>, Fault>;

    /// Checks the contestant's board against the referee's.
    ///
    /// # Errors
    ///
    /// [`Fault::Board`] for a disagreement, or no usable answer.
    fn check_board(&mut self, board: &Board) -> Result<(), Fault>;

    /// The game ended early by another seat's fault: be ready for the next.
    fn abandon(&mut self);

    /// The match is over: say goodbye to any process.
    fn close(&mut self) {}

    /// The longest this contestant took to answer so far, and what it was
    /// asked, for a program that answers over a pipe; `None` for one that
    /// decides in-process, or before any answer.
    fn slowest_answer(&self) -> Option<SlowestAnswer> {
        None
    }
}

/// The longest a program took to answer one command, from the moment the
/// referee waited for it (as its time limit counts): the time and the
/// command.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SlowestAnswer {
    /// How long the answer took.
    pub took: std::time::Duration,
    /// The command it answered, as sent.
    pub command: String,
}

impl SlowestAnswer {
    /// The slower of `self` and `other`, either possibly missing.
    #[must_use]
    pub fn slower(
        this: Option<SlowestAnswer>,
        other: Option<SlowestAnswer>,
    ) -> Option<SlowestAnswer> {
        match (this, other) {
            (Some(this), Some(other)) => Some(if other.took > this.took { other } else { this }),
            (this, other) => this.or(other),
        }
    }
}

/// A built-in player, deciding in-process from the seat's view.
#[derive(Clone, Debug)]
pub struct BuiltInContestant {
    strategy: Strategy,
    /// The expert's thinking budget in milliseconds, if not the default.
    think_ms: Option<u32>,
    player: BuiltIn,
}

impl BuiltInContestant {
    /// A contestant playing `strategy`.
    #[must_use]
    pub fn new(strategy: Strategy) -> BuiltInContestant {
        BuiltInContestant { strategy, think_ms: None, player: strategy.player(0) }
    }

    /// The expert thinking for about `think_ms` milliseconds a play (see
    /// [`ExpertOptions::thinking`]).
    #[must_use]
    pub fn thinking(think_ms: u32) -> BuiltInContestant {
        let mut contestant = BuiltInContestant::new(Strategy::Expert);
        contestant.think_ms = Some(think_ms);
        contestant.player = contestant.player_for(0);
        contestant
    }

    fn player_for(&self, seed: u64) -> BuiltIn {
        match self.think_ms {
            Some(ms) => {
                BuiltIn::Expert(ExpertPlayer::with_options(seed, ExpertOptions::thinking(ms)))
            }
            None => self.strategy.player(seed),
        }
    }
}

impl Contestant for BuiltInContestant {
    fn describe(&self) -> String {
        match self.think_ms {
            Some(ms) => format!("{}:{ms}", self.strategy),
            None => self.strategy.name().to_owned(),
        }
    }

    fn decides_from_view(&self) -> bool {
        true
    }

    fn new_game(&mut self, _: GameConfig, _: Seat, seed: u64) -> Result<(), Fault> {
        self.player = self.player_for(seed);
        Ok(())
    }

    fn notify(&mut self, notice: &Notice) -> Result<(), Fault> {
        // The view has the rest; the expert learns from the plays and shows.
        if let Some(observed) = notice.observed() {
            self.player.observe(&observed);
        }
        Ok(())
    }

    fn discard(&mut self, view: &View) -> Result<CardSet, Fault> {
        Ok(self.player.discard(view))
    }

    fn play(&mut self, view: &View) -> Result<Option<Card>, Fault> {
        Ok(self.player.play(view))
    }

    fn check_board(&mut self, _: &Board) -> Result<(), Fault> {
        // It reads the referee's own board from its view.
        Ok(())
    }

    fn abandon(&mut self) {}
}

#[cfg(test)]
mod tests {
    use crib_ai::BasicPlayer;
    use crib_core::{Action, Game, Phase};

    use super::*;

    /// The built-in expert learns from what its seat is told: after a game
    /// against `basic`, it takes `basic` to play greedily and to keep the
    /// best hand.
    #[test]
    fn the_built_in_expert_learns_from_the_notices() {
        let config = GameConfig::default();
        let (basic, expert) = (Seat::ALL[0], Seat::ALL[1]);
        let mut contestant = BuiltInContestant::new(Strategy::Expert);
        contestant.new_game(config, expert, 9).unwrap();
        let mut game = Game::new(config, basic, 3).unwrap();
        while game.phase() != Phase::Over {
            let seat = game.to_act()[0];
            let view = game.view(seat);
            let action = match (seat == expert, view.phase) {
                (false, _) | (true, Phase::Deal) => BasicPlayer.act(&view).unwrap(),
                (true, Phase::Discard) => Action::Discard(contestant.discard(&view).unwrap()),
                (true, _) => contestant.play(&view).unwrap().map_or(Action::Go, Action::Play),
            };
            for event in game.play(seat, action).unwrap() {
                if let Some(notice) = Notice::of(&event.redacted(expert), expert) {
                    contestant.notify(&notice).unwrap();
                }
            }
        }
        let BuiltIn::Expert(player) = &contestant.player else { panic!("the expert") };
        assert!(player.greedy_chance(basic) > 0.9, "{}", player.greedy_chance(basic));
        // The crib shown tells it what `basic` threw: it keeps the best hand.
        assert!(player.best_hand_chance(basic) > 0.9, "{}", player.best_hand_chance(basic));
    }
}
