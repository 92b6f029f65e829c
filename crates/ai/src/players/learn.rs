//! What the expert learns of the other players over a game: whether each
//! plays greedily or by the rules of thumb, whether each keeps the best
//! hand or weighs the crib too, and what each has played this round.
//!
//! The play's samples give the other sides' seats the greedy play of
//! `basic` (the card that pegs the most now, the highest of equals) or the
//! rules of thumb of `classic` with some chance, else a search (see
//! [`PlayStyle`]). Every play is public and every
//! hand is shown at the end of the round, so once a seat shows its hand
//! each of its plays can be checked: was it the greedy play from the cards
//! the seat held then, and was it the rules' play? A greedy player's always
//! is the greedy play; a player who is not greedy makes it about seven
//! times in ten where the cards it may play are of more than one rank (the
//! classic player 0.68 to 0.73, the expert 0.54 to 0.62, at two to four
//! players). The rules often play the greedy card too (the highest, when
//! nothing scores).
//!
//! The chance that a seat is greedy, and the chance that it plays by the
//! rules, each start at even odds and move with each such play by Bayes'
//! rule: a play the model makes multiplies its odds by 1/0.7, a play it
//! does not by [`SLIP`]/0.3. A seat more likely to play by the rules than
//! greedily, and more likely than not, gives the samples of the rules its
//! chance; any other seat gives the greedy samples its chance of being
//! greedy, but never below one half: against a player shown to play by
//! neither the mixed model stays, which beat a model of searching opponents
//! against `classic` as well as against `basic` (before the rules were
//! learnt).
//!
//! The discard is learnt in the same way from the shows. Each sample
//! infers a seat's keep with the best-hand model or the sensible one
//! ([`KeepModel`]); once the crib is shown, the player knows what
//! the others threw (with two players, the crib less its own throw; with
//! three or four, one card each of the rest), so each seat's hand can be
//! checked against what each model keeps from its deal, and the odds move
//! by Bayes' rule ([`KEEP_SLIP`], [`KEEP_CHANCE_MAX`]). Against `basic`,
//! which keeps the best hand, the samples come to infer its keeps by that
//! model; against `classic` and the expert mostly by the sensible one.
//!
//! The plays seen also serve before the show: a greedy sample (or one of
//! the rules) must explain every play each opponent has made this round,
//! in earlier counts too, from the cards the sample gives it
//! ([`RoundPlays::follows_throughout`]).

use crib_core::{CardSet, GameConfig, Pegging, Seat};

use crate::expect::throw_model::Stake;
use crate::players::player::Observed;
use crate::search::opponents::{
    KeepModel, PlayStyle, RoundPlays, each_play, keeps as keeps_hand, playable,
};

/// How often a player who is not greedy still makes the greedy play, where
/// the cards it may play are of more than one rank (measured: 0.54 to 0.73).
/// The rules of thumb are learnt with the same odds (not measured for
/// them).
const NOT_GREEDY_MATCHES: f64 = 0.7;

/// The chance that a greedy player makes a play that is not greedy: not 0,
/// so that one slip does not rule a greedy player out for good.
const SLIP: f64 = 0.02;

/// How often a player keeps one of its deal's keeps at random rather than
/// its model's (not measured): so that one keep does not rule a model out
/// for good.
const KEEP_SLIP: f64 = 0.2;

/// The most that the shows may make one model of a seat's discard over the
/// other: the samples keep a few of the other model's, as a player may
/// change its ways.
const KEEP_CHANCE_MAX: f64 = 0.95;

/// The chance that the log of the odds `log_odds` stands for.
fn chance(log_odds: f64) -> f64 {
    1.0 / (1.0 + (-log_odds).exp())
}

/// Every way to give each of `seats` seats a different one of `throws`
/// throws: the throw of each seat, by index (none if there are too few).
fn assignments(seats: usize, throws: usize) -> Vec<Vec<usize>> {
    let mut all: Vec<Vec<usize>> = vec![Vec::new()];
    for _ in 0..seats {
        let mut longer = Vec::new();
        for given in &all {
            for throw in (0..throws).filter(|throw| !given.contains(throw)) {
                let mut more = given.clone();
                more.push(throw);
                longer.push(more);
            }
        }
        all = longer;
    }
    all
}

/// The evidence of each seat's play over a game.
#[derive(Clone, Debug, Default)]
pub(crate) struct PlayTypes {
    config: Option<GameConfig>,
    /// The play of the round as far as seen; `None` before the first play
    /// of a round is seen.
    pegging: Option<Pegging>,
    dealer: Option<Seat>,
    /// Each seat's plays this round.
    plays: RoundPlays,
    /// The log of the odds that each seat plays greedily.
    log_odds: [f64; 4],
    /// The log of the odds that each seat plays by the rules of thumb.
    rules_log_odds: [f64; 4],
    /// The player's own seat and the cards it gave to this round's crib,
    /// once it has discarded.
    thrown: Option<(Seat, CardSet)>,
    /// The hands shown this round, by seat (empty until shown).
    shown: [CardSet; 4],
    /// The log of the odds that each seat keeps the best hand rather than
    /// the sensible keep ([`KeepModel`]).
    hand_log_odds: [f64; 4],
}

impl PlayTypes {
    /// Takes note of `observed`.
    pub(crate) fn see(&mut self, observed: &Observed) {
        match *observed {
            Observed::NewGame => *self = PlayTypes::default(),
            Observed::Deal { dealer } => {
                self.dealer = Some(dealer);
                self.pegging = None;
                self.plays = RoundPlays::default();
                self.thrown = None;
                self.shown = [CardSet::EMPTY; 4];
            }
            Observed::Played { seat, card } => {
                let Some(mut pegging) = self.pegging_now() else { return };
                self.plays.note(seat, pegging, card);
                pegging.play_unchecked(seat, card);
                self.pegging = Some(pegging);
            }
            Observed::Go { seat } => {
                let Some(mut pegging) = self.pegging_now() else { return };
                pegging.go_unchecked(seat);
                self.pegging = Some(pegging);
            }
            Observed::Shown { seat, hand } => {
                self.shown[seat.index()] = hand;
                self.judge(seat, hand);
            }
            Observed::CribShown { crib } => self.judge_keeps(crib),
        }
    }

    /// Takes note that the player at `seat` gave `thrown` to the crib.
    pub(crate) fn note_throw(&mut self, seat: Seat, thrown: CardSet) {
        self.thrown = Some((seat, thrown));
    }

    /// Checks each other seat's hand shown this round against the two
    /// models of the discard, now that the crib shows what the seats threw.
    /// With two players the other seat's throw is the crib less the
    /// player's own. With three or four each other seat threw one of the
    /// crib's other cards (with three, one of them is the deck's), each
    /// seat a different one: every such assignment is weighed by how well
    /// it explains the other seats' hands (each by its chances so far), so
    /// a card that only one seat's hand explains is taken as that seat's.
    /// A model's chance of a hand from a deal is 1 less [`KEEP_SLIP`] if
    /// the model keeps it, else nothing, plus [`KEEP_SLIP`] spread evenly
    /// over every keep of the deal.
    fn judge_keeps(&mut self, crib: CardSet) {
        let (Some(config), Some(dealer), Some((me, own))) = (self.config, self.dealer, self.thrown)
        else {
            return;
        };
        let seats: Vec<Seat> = config.seats().filter(|&seat| seat != me).collect();
        if seats.iter().any(|seat| self.shown[seat.index()].len() != 4) {
            return;
        }
        let others = crib - own;
        let throws: Vec<CardSet> = if config.discards() == 1 {
            others.iter().map(CardSet::single).collect()
        } else {
            vec![others]
        };
        let keeps = if config.dealt() == 6 { 15.0 } else { 5.0 };
        // Each seat's chance of its hand from its hand and each throw, by
        // the best hand and by the sensible keep.
        let chances: Vec<Vec<[f64; 2]>> = seats
            .iter()
            .map(|&seat| {
                let hand = self.shown[seat.index()];
                let stake = Stake::of(config, seat, dealer);
                let chance = |throw: CardSet, model: KeepModel| {
                    let fits = throw.len() == config.discards()
                        && throw.is_disjoint(hand)
                        && keeps_hand(hand | throw, stake, model, hand);
                    (1.0 - KEEP_SLIP) * f64::from(u8::from(fits)) + KEEP_SLIP / keeps
                };
                let by_model = |&throw: &CardSet| {
                    [chance(throw, KeepModel::BestHand), chance(throw, KeepModel::Sensible)]
                };
                throws.iter().map(by_model).collect()
            })
            .collect();
        let best_hand = self.best_hand();
        let mixed = |at: usize, throw: usize| {
            let chance = best_hand[seats[at].index()];
            let [hand, sensible] = chances[at][throw];
            chance * hand + (1.0 - chance) * sensible
        };
        let assignments = assignments(seats.len(), throws.len());
        for (at, seat) in seats.iter().enumerate() {
            let likelihood = |model: usize| -> f64 {
                assignments
                    .iter()
                    .map(|throw_of| {
                        let others: f64 = (0..seats.len())
                            .filter(|&other| other != at)
                            .map(|other| mixed(other, throw_of[other]))
                            .product();
                        others * chances[at][throw_of[at]][model]
                    })
                    .sum()
            };
            self.hand_log_odds[seat.index()] += (likelihood(0) / likelihood(1)).ln();
        }
    }

    /// Each seat's chance of keeping the best hand rather than the
    /// sensible keep, from the hands and cribs seen, by seat
    /// ([`PegOptions::best_hand`](crate::PegOptions)): even odds before
    /// any, and never beyond [`KEEP_CHANCE_MAX`] either way.
    pub(crate) fn best_hand(&self) -> [f64; 4] {
        self.hand_log_odds
            .map(|log_odds| chance(log_odds).clamp(1.0 - KEEP_CHANCE_MAX, KEEP_CHANCE_MAX))
    }

    /// The table, from any view of the game.
    pub(crate) fn set_config(&mut self, config: GameConfig) {
        self.config = Some(config);
    }

    /// The play as it stands, from a view of it: what was seen is
    /// replaced, in case anything was missed.
    pub(crate) fn sync(&mut self, pegging: &Pegging) {
        self.pegging = Some(*pegging);
    }

    /// The play now: as seen, or the start of the round's play.
    fn pegging_now(&self) -> Option<Pegging> {
        self.pegging.or_else(|| Pegging::new(self.config?, self.dealer?).ok())
    }

    /// Checks each play of `seat` this round against its shown `hand`.
    /// From a card the hand does not hold on (not the hand it played
    /// from), nothing is learnt.
    fn judge(&mut self, seat: Seat, hand: CardSet) {
        let plays = self.plays.take(seat);
        // Evidence for `style`: the odds it does, and does not, explain a play.
        let ratio = |follows: bool| {
            let ratio =
                if follows { 1.0 / NOT_GREEDY_MATCHES } else { SLIP / (1.0 - NOT_GREEDY_MATCHES) };
            ratio.ln()
        };
        for (before, card, then) in each_play(&plays, hand) {
            if playable(before, then).len() > 1 {
                // The greedy play does not ask who deals.
                let greedy = PlayStyle::Greedy.chooses(before, seat, seat, then, card);
                self.log_odds[seat.index()] += ratio(greedy);
                // The rules pair as the dealer otherwise: learnt once the
                // dealer is known.
                if let Some(dealer) = self.dealer {
                    let rules = PlayStyle::Rules.chooses(before, seat, dealer, then, card);
                    self.rules_log_odds[seat.index()] += ratio(rules);
                }
            }
        }
    }

    /// Each seat's plays this round as far as seen.
    pub(crate) fn round(&self) -> &RoundPlays {
        &self.plays
    }

    /// The chance that `seat` plays greedily, from what was seen.
    pub(crate) fn greedy(&self, seat: Seat) -> f64 {
        chance(self.log_odds[seat.index()])
    }

    /// The chance that `seat` plays by the rules of thumb, from what was
    /// seen.
    pub(crate) fn rules(&self, seat: Seat) -> f64 {
        chance(self.rules_log_odds[seat.index()])
    }

    /// The chances of a greedy sample and of a sample of the rules of thumb
    /// for `seat`: a seat more likely to play by the rules than greedily,
    /// and more likely than not, gives the rules its chance of playing by
    /// them; any other seat gives the greedy play its chance of being
    /// greedy, at least one half.
    fn seat_chances(&self, seat: Seat) -> [f64; 2] {
        let (chance, by_rules) = (self.greedy(seat), self.rules(seat));
        if by_rules > chance.max(0.5) { [0.0, by_rules] } else { [chance.max(0.5), 0.0] }
    }

    /// The chances of a greedy sample and of a sample of the rules of
    /// thumb for the player at `me`: the means over the other sides' seats
    /// of each seat's ([`PegOptions::greedy`](crate::PegOptions),
    /// `rules`).
    pub(crate) fn reply_samples(&self, config: GameConfig, me: Seat) -> (f64, f64) {
        let side = config.side_of(me);
        let (greedy, rules, count) = config
            .seats()
            .filter(|&seat| config.side_of(seat) != side)
            .map(|seat| self.seat_chances(seat))
            .fold((0.0, 0.0, 0.0), |(greedy, rules, count), [by_greed, by_rules]| {
                (greedy + by_greed, rules + by_rules, count + 1.0)
            });
        if count == 0.0 { (0.5, 0.0) } else { (greedy / count, rules / count) }
    }

    /// Each other side's seat's own chances `[greedy, rules]`, by seat, when
    /// those seats play differently (one by the rules of thumb, another
    /// not), for [`PegOptions::by_seat`](crate::PegOptions); `None` when
    /// they play alike, and the means serve.
    pub(crate) fn by_seat(&self, config: GameConfig, me: Seat) -> Option<[[f64; 2]; 4]> {
        let side = config.side_of(me);
        let mut chances = [[0.5, 0.0]; 4];
        let mut by_rules = Vec::with_capacity(3);
        for seat in config.seats().filter(|&seat| config.side_of(seat) != side) {
            chances[seat.index()] = self.seat_chances(seat);
            by_rules.push(chances[seat.index()][1] > 0.0);
        }
        by_rules.windows(2).any(|pair| pair[0] != pair[1]).then_some(chances)
    }
}

#[cfg(test)]
mod tests {
    use crib_core::{Action, Game, Phase};

    use super::*;
    use crate::{Player, Strategy};

    /// A game of `players`, watched by a fresh [`PlayTypes`] from its
    /// events, until `done` says stop: the types learnt. The watcher is
    /// told what seat 3 is: every play at a table of two or three, where
    /// seat 3 is not at the table (at four, not seat 3's own, which the
    /// discard's evidence does not need); and it throws with seat 0.
    fn watch(players: &[Strategy], seed: u64, done: impl Fn(&Game) -> bool) -> PlayTypes {
        let config = GameConfig::new(players.len() as u8, 121).unwrap();
        let mut game = Game::new(config, Seat::ALL[0], seed).unwrap();
        let mut seats: Vec<_> = players.iter().map(|strategy| strategy.player(seed)).collect();
        let mut types = PlayTypes::default();
        types.set_config(config);
        while game.phase() != Phase::Over && !done(&game) {
            let seat = game.to_act()[0];
            let action = seats[seat.index()].act(&game.view(seat)).unwrap();
            // The watcher throws with seat 0, so that the crib shows what
            // the others threw.
            if let (0, Action::Discard(cards)) = (seat.index(), action) {
                types.note_throw(seat, cards);
            }
            for event in game.play(seat, action).unwrap() {
                // Seat 3 is not at a table of two or three: it is told
                // every play.
                if let Some(observed) = Observed::of(&event, Seat::ALL[3]) {
                    types.see(&observed);
                }
            }
        }
        types
    }

    #[test]
    fn greedy_players_and_players_of_the_rules_are_learnt_and_others_stay_at_even_odds() {
        let (expert, basic, classic) = (Strategy::Expert, Strategy::Basic, Strategy::Classic);
        let config = GameConfig::default();
        let rounds = |game: &Game| game.view(Seat::ALL[0]).round > 6;
        let [first, second] = [Seat::ALL[0], Seat::ALL[1]];
        for seed in 0..6 {
            // `basic` plays greedily: after a few rounds it is nearly sure.
            // The rules often play the same card (the highest when nothing
            // scores), so they may explain `basic` as well, never better.
            let types = watch(&[expert, basic], seed, rounds);
            let (greedy, rules) = (types.greedy(second), types.rules(second));
            assert!(greedy > 0.95 && rules <= greedy, "seed {seed}: {greedy} {rules}");
            let (greedy, rules) = types.reply_samples(config, first);
            assert!(greedy > 0.95 && rules == 0.0, "seed {seed}: {greedy} {rules}");
            // `classic` plays by the rules, not greedily; the expert by
            // neither, so its samples stay at even odds.
            let types = watch(&[classic, expert], seed, rounds);
            let (greedy, rules) = (types.greedy(first), types.rules(first));
            assert!(greedy < 0.5 && rules > 0.95, "seed {seed}: {greedy} {rules}");
            let (greedy, rules) = types.reply_samples(config, second);
            assert!(greedy == 0.0 && rules > 0.95, "seed {seed}: {greedy} {rules}");
            let (greedy, rules) = (types.greedy(second), types.rules(second));
            assert!(greedy < 0.5 && rules < 0.5, "seed {seed}: {greedy} {rules}");
            assert_eq!(types.reply_samples(config, first), (0.5, 0.0));
        }
    }

    /// Where the other seats play differently (one greedily, one by the
    /// rules of thumb) each has its own chances, and the means over them
    /// are as before; where they play alike, they share the means.
    #[test]
    fn each_seat_has_its_own_chances_where_the_seats_play_differently() {
        let (expert, basic, classic) = (Strategy::Expert, Strategy::Basic, Strategy::Classic);
        let config = GameConfig::new(3, 121).unwrap();
        let rounds = |game: &Game| game.view(Seat::ALL[0]).round > 8;
        let [me, second, third] = [Seat::ALL[0], Seat::ALL[1], Seat::ALL[2]];
        for seed in 0..4 {
            // One greedy seat and one of the rules: each its own chances,
            // and the means over them as before.
            let types = watch(&[expert, basic, classic], seed, rounds);
            let by_seat = types.by_seat(config, me).expect("the seats play differently");
            let [greedy, rules] = by_seat[second.index()];
            assert!(greedy > 0.9 && rules == 0.0, "seed {seed}: basic {greedy} {rules}");
            let [greedy, rules] = by_seat[third.index()];
            assert!(greedy == 0.0 && rules > 0.9, "seed {seed}: classic {greedy} {rules}");
            let means = types.reply_samples(config, me);
            let mean = |i: usize| (by_seat[second.index()][i] + by_seat[third.index()][i]) / 2.0;
            assert_eq!(means, (mean(0), mean(1)));
            // Seats that play alike share one draw a sample, as with two.
            for alike in [[basic, basic], [classic, classic]] {
                let types = watch(&[expert, alike[0], alike[1]], seed, rounds);
                assert_eq!(types.by_seat(config, me), None, "seed {seed}: {alike:?}");
            }
        }
        let types = watch(&[expert, basic], 1, |game: &Game| game.view(Seat::ALL[0]).round > 4);
        assert_eq!(types.by_seat(GameConfig::default(), me), None);
    }

    /// The model of each seat's discard, learnt over seven rounds of
    /// seeded games: `basic` keeps the best hand; `classic` (hand plus or
    /// minus its crib table) and the expert keep the sensible hand more
    /// often. With two players the crib less the watcher's throw is the
    /// other's throw, and a round where the two models keep different
    /// hands settles it; with three or four the other seat's throw is one
    /// of three cards, and the evidence comes more slowly.
    #[test]
    fn the_model_of_each_discard_is_learnt_from_the_hands_and_the_crib() {
        use Strategy::{Basic, Classic, Expert};
        let rounds = |game: &Game| game.view(Seat::ALL[0]).round > 6;
        for players in [2, 3, 4] {
            for other in [Basic, Classic, Expert] {
                let mut chances = Vec::new();
                for seed in 0..8 {
                    let mut seats = vec![Expert];
                    seats.extend(std::iter::repeat_n(other, players - 1));
                    let types = watch(&seats, seed, rounds);
                    chances.extend_from_slice(&types.best_hand()[1..players]);
                }
                let mean = chances.iter().sum::<f64>() / chances.len() as f64;
                let within = |&chance: &f64| (0.05..=0.95).contains(&chance);
                assert!(chances.iter().all(within), "{players} {other:?}: {chances:?}");
                // Measured: 0.89, 0.11 and 0.22 with two players; 0.74,
                // 0.44 and 0.44 with three; 0.76, 0.36 and 0.39 with four.
                let (basic, others) = if players == 2 { (0.8, 0.3) } else { (0.65, 0.5) };
                if other == Basic {
                    assert!(mean > basic, "{players} players, basic: {chances:?}");
                } else {
                    assert!(mean < others, "{players} players, {other:?}: {chances:?}");
                }
            }
        }
    }

    #[test]
    fn every_assignment_of_throws_to_seats_is_one_to_one() {
        assert_eq!(assignments(1, 1), [[0]]);
        let three = assignments(2, 3);
        assert_eq!(three.len(), 6);
        let four = assignments(3, 3);
        assert_eq!(four.len(), 6);
        for given in three.iter().chain(&four) {
            let mut sorted = given.clone();
            sorted.sort_unstable();
            sorted.dedup();
            assert_eq!(sorted.len(), given.len(), "{given:?}");
        }
        assert!(assignments(3, 2).is_empty());
    }

    #[test]
    fn nothing_is_learnt_before_a_hand_is_shown() {
        // Seven of the first round's eight cards played, no hand shown yet.
        let played = |game: &Game| game.pegging().played().len() == 7;
        let types = watch(&[Strategy::Expert, Strategy::Basic], 1, played);
        assert!(types.greedy(Seat::ALL[1]) == 0.5 && types.rules(Seat::ALL[1]) == 0.5);
        assert_eq!(types.reply_samples(GameConfig::default(), Seat::ALL[0]), (0.5, 0.0));
    }
}
