//! Whole games: a small referee built on `crib_core::Game`, which owns the
//! truth, drives a session through the protocol as the contract says, with
//! built-in players at the other seats. Every move the engine answers must
//! be legal in the real game, every show and crib it counts must match the
//! game's count, and its board must match the game's after every round and
//! at the end, for 2, 3 and 4 players.
//!
//! The same referee serves the property tests, which slip junk lines in
//! before every command it sends (the hook of [`Referee::new`]).

use crib_ai::{BasicPlayer, BuiltIn, Player, Strategy};
use crib_core::{Action, Card, CardSet, Event, Game, GameConfig, Phase, Seat};
use crib_protocol::{Command, Response, Session};

/// The hook asked the referee to stop: its junk changed the engine's state,
/// so the game and the engine no longer agree.
#[derive(Debug)]
pub(crate) struct Stopped;

/// Called before each command the referee sends; `false` stops the game.
type Hook<'h, P> = Box<dyn FnMut(&mut Session<P>) -> bool + 'h>;

/// A referee for one game, and the session it drives.
pub(crate) struct Referee<'h, P> {
    pub(crate) session: Session<P>,
    game: Game,
    engine: Seat,
    others: Vec<BuiltIn>,
    hook: Hook<'h, P>,
    /// Every move of the game, in order.
    pub(crate) moves: Vec<(Seat, Action)>,
}

impl<'h, P: Player> Referee<'h, P> {
    /// A game of `players` from `seed`, the engine at `engine` with
    /// `player`, basic players elsewhere.
    pub(crate) fn new(
        players: u8,
        engine: Seat,
        seed: u64,
        player: P,
        hook: impl FnMut(&mut Session<P>) -> bool + 'h,
    ) -> Referee<'h, P> {
        let config = GameConfig::new(players, 121).unwrap();
        let first_dealer = Seat::ALL[(seed % u64::from(players)) as usize];
        Referee {
            session: Session::new(player),
            game: Game::new(config, first_dealer, seed).unwrap(),
            engine,
            others: (0..players).map(|_| BuiltIn::Basic(BasicPlayer)).collect(),
            hook: Box::new(hook),
            moves: Vec::new(),
        }
    }

    /// The same game with `strategy` in place of `basic` at the other seats.
    pub(crate) fn against(mut self, strategy: Strategy, seed: u64) -> Referee<'h, P> {
        self.others = self.others.iter().map(|_| strategy.player(seed)).collect();
        self
    }

    /// Sends `command` and returns the payload of its `ok`; a refusal fails
    /// the test.
    fn send(&mut self, command: &Command) -> Result<String, Stopped> {
        if !(self.hook)(&mut self.session) {
            return Err(Stopped);
        }
        match self.session.handle(command) {
            Response::Ok(payload) => Ok(payload.unwrap_or_default()),
            Response::Error(message) => panic!("{command} was refused: {message}"),
        }
    }

    fn board(&mut self) -> Result<(), Stopped> {
        let expected: Vec<String> = self.game.board().scores().iter().map(u16::to_string).collect();
        let board = self.send(&Command::Board)?;
        assert_eq!(board, expected.join(" "), "round {}", self.game.round());
        Ok(())
    }

    /// Tells the engine what the events of a move show it.
    fn tell(&mut self, events: &[Event]) -> Result<(), Stopped> {
        let seat_number = |seat: &Seat| seat.index() as u8;
        for event in events {
            match event {
                Event::Dealt { dealer, .. } => {
                    self.send(&Command::Deal { dealer: seat_number(dealer) })?;
                    let hand = self.game.hand(self.engine).iter().collect();
                    self.send(&Command::Hand(hand))?;
                }
                Event::Cut { starter, .. } => {
                    self.send(&Command::Starter(*starter))?;
                }
                Event::Played { seat, card, .. } if *seat != self.engine => {
                    self.send(&Command::Played { seat: seat_number(seat), card: *card })?;
                }
                Event::Go { seat, .. } if *seat != self.engine => {
                    self.send(&Command::Go { seat: seat_number(seat) })?;
                }
                Event::Shown { seat, breakdown } => {
                    let cards = four(self.game.kept(*seat));
                    let points = self.send(&Command::Show { seat: seat_number(seat), cards })?;
                    assert_eq!(points, breakdown.total().to_string());
                }
                Event::CribShown { breakdown, .. } => {
                    let points = self.send(&Command::Crib(four(self.game.crib())))?;
                    assert_eq!(points, breakdown.total().to_string());
                    self.board()?;
                }
                _ => {}
            }
        }
        Ok(())
    }

    /// Plays the game to its end.
    pub(crate) fn play(&mut self) -> Result<(), Stopped> {
        let players = self.game.config().players();
        self.send(&Command::NewGame { players, seat: self.engine.index() as u8, target: None })?;
        while self.game.phase() != Phase::Over {
            let seat = self.game.to_act()[0];
            let action = if seat != self.engine {
                self.others[seat.index()].act(&self.game.view(seat)).unwrap()
            } else {
                match self.game.phase() {
                    Phase::Deal => Action::Deal,
                    Phase::Discard => {
                        let payload = self.send(&Command::Discard)?;
                        let cards = payload.split(' ').map(|word| word.parse().unwrap());
                        Action::Discard(cards.collect())
                    }
                    _ => match self.send(&Command::Play)?.as_str() {
                        "go" => Action::Go,
                        card => Action::Play(card.parse().unwrap()),
                    },
                }
            };
            let events = self
                .game
                .play(seat, action)
                .unwrap_or_else(|error| panic!("seat {seat}: {action} is illegal: {error}"));
            self.moves.push((seat, action));
            self.tell(&events)?;
        }
        self.board()
    }
}

fn four(cards: CardSet) -> [Card; 4] {
    let cards: Vec<Card> = cards.iter().collect();
    [cards[0], cards[1], cards[2], cards[3]]
}

fn play(players: u8, engine: Seat, seed: u64, level: Strategy) {
    let mut referee = Referee::new(players, engine, seed, level.player(seed), |_| true);
    referee.play().unwrap();
}

#[test]
fn two_players() {
    for seed in 0..60 {
        play(2, Seat::ALL[(seed % 2) as usize], seed, Strategy::Basic);
    }
}

#[test]
fn three_players() {
    for seed in 0..45 {
        play(3, Seat::ALL[(seed % 3) as usize], seed, Strategy::Basic);
    }
}

#[test]
fn four_players() {
    for seed in 0..40 {
        play(4, Seat::ALL[(seed % 4) as usize], seed, Strategy::Basic);
    }
}

#[test]
fn random_engine() {
    for seed in 0..60 {
        let players = 2 + (seed % 3) as u8;
        play(players, Seat::ALL[(seed % 2) as usize], seed, Strategy::Random);
    }
}

/// The expert learns the same from the protocol's commands as in-process
/// from what a seat is told (the deal, the others' plays and gos, the hands
/// and the crib shown): over whole games against `basic`, and against
/// `classic`, the engine and a built-in expert with the same seed make the
/// same moves, and both come to see every `basic` seat as greedy and every
/// `classic` seat as playing by the rules of thumb, and learn the same of
/// each seat's discard; a new game forgets it.
#[test]
fn the_engine_learns_as_the_built_in_expert_does() {
    use crib_ai::{ExpertPlayer, Observed};
    let games = [(2u8, 3u64), (3, 4), (4, 5)].into_iter().flat_map(|(players, seed)| {
        [(players, seed, Strategy::Basic), (players, seed, Strategy::Classic)]
    });
    for (players, seed, opponents) in games {
        let engine = Seat::ALL[1];
        let mut referee = Referee::new(players, engine, seed, ExpertPlayer::new(9), |_| true)
            .against(opponents, seed);
        referee.play().unwrap();
        // The same game with the expert in-process.
        let config = GameConfig::new(players, 121).unwrap();
        let first_dealer = Seat::ALL[(seed % u64::from(players)) as usize];
        let mut game = Game::new(config, first_dealer, seed).unwrap();
        let mut expert = ExpertPlayer::new(9);
        let mut moves = Vec::new();
        while game.phase() != Phase::Over {
            let seat = game.to_act()[0];
            let view = game.view(seat);
            let action = if seat == engine {
                expert.act(&view).unwrap()
            } else {
                opponents.player(seed).act(&view).unwrap()
            };
            moves.push((seat, action));
            for event in game.play(seat, action).unwrap() {
                if let Some(observed) = Observed::of(&event.redacted(engine), engine) {
                    expert.observe(&observed);
                }
            }
        }
        assert_eq!(referee.moves, moves, "{players} players");
        let chances = |player: &ExpertPlayer, seat| match opponents {
            Strategy::Basic => player.greedy_chance(seat),
            _ => player.rules_chance(seat),
        };
        for seat in config.seats().filter(|&seat| config.side_of(seat) != config.side_of(engine)) {
            let (built_in, engine) =
                (chances(&expert, seat), chances(referee.session.player(), seat));
            assert!(built_in > 0.9, "{players} players, {opponents:?}, {seat}: {built_in}");
            assert!((built_in - engine).abs() < 1e-12, "{built_in} against {engine}");
        }
        // The model of each seat's discard, learnt from the hands and the
        // crib shown, the same in both; `basic` keeps the best hand.
        let mut learnt = 0.0;
        for seat in config.seats().filter(|&seat| seat != engine) {
            let built_in = expert.best_hand_chance(seat);
            let engine = referee.session.player().best_hand_chance(seat);
            assert!((built_in - engine).abs() < 1e-12, "{built_in} against {engine}");
            learnt += (built_in - 0.5).abs();
            if opponents == Strategy::Basic && players == 2 {
                assert!(built_in > 0.9, "{players} players, {seat}: {built_in}");
            }
        }
        assert!(learnt > 0.1, "{players} players, {opponents:?}: nothing learnt");
        // A new game starts from even odds, as a built-in player does.
        let again = Command::NewGame { players, seat: 1, target: None };
        assert!(matches!(referee.session.handle(&again), Response::Ok(_)));
        for seat in config.seats() {
            let player = referee.session.player();
            let chances = (player.greedy_chance(seat), player.rules_chance(seat));
            assert!(chances == (0.5, 0.5), "{players} players");
            assert_eq!(player.best_hand_chance(seat), 0.5, "{players} players");
        }
    }
}
