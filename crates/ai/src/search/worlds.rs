//! The worlds the expert samples for a decision in the play: deals of the
//! cards it cannot see.
//!
//! The player knows its own cards, the starter and every card played. The
//! other hands are unseen, but not unknown: a player who has played a
//! seven kept it, and kept it with three other cards that made a hand it
//! liked. So each other seat's deal is sampled, with a seeded generator, as
//! the cards it has played plus unseen cards drawn at random to make up its
//! deal (six with two players, five with three or four); a model of its
//! discard ([`inferred_keep`]) then keeps four, and the deal is kept only
//! if those four include every card it has played (rejection sampling: the
//! kept worlds are distributed as the model's keeps conditioned on the
//! cards seen). A go says the seat held no card that fitted the count, in
//! any count of the round; it holds none of them still, and deals that
//! disagree are rejected too. Each world also draws how the other sides
//! play in it ([`draw_styles`]), and a world whose model of a seat's play
//! does not explain the plays the seat has made is rejected
//! ([`explained`]).
//!
//! With two players a decision tries a few times as many deals as it wants
//! worlds, and draws the worlds the models explain too rarely to find
//! uniformly. With three or four the other seats are drawn one after
//! another, each from the cards the ones before left, a seat whose deal the
//! model explains too rarely to find in a few tries getting cards drawn
//! uniformly; the crib's unseen cards (the other seats' throws, and with
//! three players the deck's card) complete the world, and a world whose
//! models of the play do not explain the round is drawn again, a few times
//! at most. With three or four players fewer worlds are drawn, each
//! searched wider ([`worlds_wanted`]).

use crib_core::{Card, CardSet, Pegging, Rules, Seat, Side, View, score_unchecked};
use rand::RngExt;

use crate::expect::throw_model::Stake;
use crate::search::opponents::{
    PlayStyle, RoundPlays, draw_keep_model, draw_styles, inferred_keep, plays_greedily,
};
use crate::search::options::PegOptions;

/// One sample of the hidden cards.
#[derive(Clone, Copy, Debug)]
pub(crate) struct World {
    /// The cards each seat holds, the player's own included.
    pub(crate) held: [CardSet; 4],
    /// The other seats' cards in the crib and, with three players, the
    /// deck's.
    pub(crate) crib: CardSet,
    /// How each seat of the other sides plays in this world, by seat (see
    /// [`PlayStyle`]); the player's own side's seats search.
    pub(crate) styles: [PlayStyle; 4],
}

/// With three or four players a decision samples `PegOptions::worlds`
/// divided by this: each world is searched wider than with two. Half as
/// many (128) won a little more than a quarter (64) at three and four
/// players, within the noise, for twice the time.
const WORLDS_DIVISOR: u32 = 2;

/// With three players, whose search goes to the end of the play, a
/// decision samples `PegOptions::worlds` divided by this: a quarter (64),
/// which pegged as well as half (128) over the same 3,000 rounds
/// (`examples/peg3.rs`) for half the time.
const WORLDS_DIVISOR_THREE: u32 = 4;

/// The worlds a decision samples with `players` at the table:
/// `options.worlds` with two, fewer with three or four
/// ([`WORLDS_DIVISOR`], [`WORLDS_DIVISOR_THREE`]).
pub(crate) fn worlds_wanted(players: u8, options: &PegOptions) -> usize {
    let divisor = match players {
        2 => return options.worlds as usize,
        3 => WORLDS_DIVISOR_THREE,
        _ => WORLDS_DIVISOR,
    };
    (options.worlds / divisor).max(1) as usize
}

/// The worlds for a decision, [`worlds_wanted`] of them. With two players,
/// up to a few tries a world wanted at an inferred world
/// ([`inferred_world`]), then the rest uniformly (the worlds the models
/// explain too rarely to find). With three or four, one world at a time
/// ([`sample_world`]): up to a few tries at a world whose models of the
/// play explain the round, else one whose other seats search.
pub(crate) fn sample_worlds(
    view: &View,
    options: &PegOptions,
    round: &RoundPlays,
    rng: &mut impl rand::Rng,
) -> Vec<World> {
    let unseen: Vec<Card> = (!view.known_cards()).iter().collect();
    let wanted = worlds_wanted(view.config.players(), options);
    if view.config.players() != 2 {
        return (0..wanted)
            .map(|_| {
                // The models of the play drawn for each try, as with two
                // players: each opponent's plays must be its model's
                // (greedy, or the rules of thumb) in a world
                // ([`explained`]), or it is drawn again.
                let tried = (0..options.tries()).find_map(|_| {
                    let styles = draw_styles(view, options, rng);
                    let world = sample_world(view, options, &unseen, rng);
                    explained(view, World { styles, ..world }, round)
                });
                tried.unwrap_or_else(|| sample_world(view, options, &unseen, rng))
            })
            .collect();
    }
    let mut worlds = Vec::with_capacity(wanted);
    if options.infers() {
        let mut tries = wanted * options.tries() as usize;
        while worlds.len() < wanted && tries > 0 {
            tries -= 1;
            worlds.extend(inferred_world(view, &unseen, options, round, rng));
        }
    }
    while worlds.len() < wanted {
        worlds.push(uniform_world(view, &unseen, rng));
    }
    worlds
}

/// One world in which the opponent's deal is its played cards and unseen
/// cards, and its kept cards are what the model of its discard keeps from
/// that deal ([`inferred_cards`]), played as the model of its play draws;
/// `None` if they do not include the cards it has played, disagree with its
/// go, or (a greedy player) are not its greedy plays ([`explained`]).
fn inferred_world(
    view: &View,
    unseen: &[Card],
    options: &PegOptions,
    round: &RoundPlays,
    rng: &mut impl rand::Rng,
) -> Option<World> {
    let other = view.seat.next(view.config.players());
    let (held, thrown) = inferred_cards(view, other, options, &mut unseen.to_vec(), rng)?;
    let styles = draw_styles(view, options, rng);
    let mut world = World { held: [CardSet::EMPTY; 4], crib: thrown, styles };
    world.held[view.seat.index()] = view.hand;
    world.held[other.index()] = held;
    explained(view, world, round)
}

/// One world: each other seat's cards inferred from its deal where the
/// model finds one, else drawn uniformly, then the rest of the crib.
fn sample_world(
    view: &View,
    options: &PegOptions,
    unseen: &[Card],
    rng: &mut impl rand::Rng,
) -> World {
    let pegging = &view.pegging;
    let mut world =
        World { held: [CardSet::EMPTY; 4], crib: CardSet::EMPTY, styles: [PlayStyle::Search; 4] };
    world.held[view.seat.index()] = view.hand;
    let mut pool = unseen.to_vec();
    for seat in most_constrained_first(view) {
        let inferred =
            (0..options.tries()).find_map(|_| inferred_cards(view, seat, options, &mut pool, rng));
        let (held, thrown) =
            inferred.unwrap_or_else(|| (uniform_held(pegging, seat, &pool, rng), CardSet::EMPTY));
        pool.retain(|&card| !held.contains(card) && !thrown.contains(card));
        world.held[seat.index()] = held;
        world.crib |= thrown;
    }
    // The crib's four cards: the player's throw, the throws just inferred,
    // and the rest from the cards no one holds.
    let missing = 4usize.saturating_sub(view.discards.len() + world.crib.len());
    world.crib |= draw(&mut pool, missing, rng);
    world
}

/// The cards `seat` holds and the card it threw, by the model of its
/// discard from a deal of its played cards and cards drawn from `pool`;
/// `None` if the model's keep does not explain its plays and gos.
fn inferred_cards(
    view: &View,
    seat: Seat,
    options: &PegOptions,
    pool: &mut [Card],
    rng: &mut impl rand::Rng,
) -> Option<(CardSet, CardSet)> {
    if !options.infers() {
        return None;
    }
    let config = view.config;
    let played = view.pegging.played_by(seat);
    let deal = played | draw(pool, config.dealt().saturating_sub(played.len()), rng);
    let stake = Stake::of(config, seat, view.dealer);
    let keep = inferred_keep(deal, stake, draw_keep_model(options, seat, rng))?;
    let held = keep - played;
    (played.is_subset(keep) && agrees_with_go(&view.pegging, seat, held))
        .then_some((held, deal - keep))
}

/// Hands for the other seats drawn uniformly from the unseen cards, each
/// only from the cards its gos allow ([`uniform_held`]).
fn uniform_world(view: &View, unseen: &[Card], rng: &mut impl rand::Rng) -> World {
    let config = view.config;
    let mut world =
        World { held: [CardSet::EMPTY; 4], crib: CardSet::EMPTY, styles: [PlayStyle::Search; 4] };
    world.held[view.seat.index()] = view.hand;
    let mut pool: Vec<Card> = unseen.to_vec();
    for seat in most_constrained_first(view) {
        let held = uniform_held(&view.pegging, seat, &pool, rng);
        pool.retain(|&card| !held.contains(card));
        world.held[seat.index()] = held;
    }
    if config.players() == 2 {
        world.crib = draw(&mut pool, config.discards(), rng);
    }
    world
}

/// The other seats, the one that said go with the most room first: the
/// cards each may hold are the cards worth more than its room, so each
/// seat's cards are among the next one's, and drawing the seats' held
/// cards in this order leaves every seat enough (the cards it truly holds
/// are among them).
fn most_constrained_first(view: &View) -> Vec<Seat> {
    let mut seats: Vec<Seat> = view.config.seats().filter(|&seat| seat != view.seat).collect();
    seats.sort_by_key(|&seat| std::cmp::Reverse(view.pegging.go_room(seat)));
    seats
}

/// The cards `seat` still holds drawn uniformly from `pool`, only from the
/// cards its gos allow ([`Pegging::go_room`]); should the pool hold too few
/// of those (a seat drawn before took them), the rest from the others.
fn uniform_held(pegging: &Pegging, seat: Seat, pool: &[Card], rng: &mut impl rand::Rng) -> CardSet {
    let count = usize::from(pegging.held(seat));
    let (mut allowed, mut others): (Vec<Card>, Vec<Card>) =
        pool.iter().partition(|&&card| after_go(pegging, seat, card));
    let held = draw(&mut allowed, count, rng);
    held | draw(&mut others, count - held.len(), rng)
}

/// Draws `count` distinct cards from `pool` (which it reorders).
pub(crate) fn draw(pool: &mut [Card], count: usize, rng: &mut impl rand::Rng) -> CardSet {
    let mut cards = CardSet::EMPTY;
    for i in 0..count.min(pool.len()) {
        let j = rng.random_range(i..pool.len());
        pool.swap(i, j);
        cards.insert(pool[i]);
    }
    cards
}

/// Whether `held` agrees with the gos `seat` has said this round: a seat
/// that said go held no card that fitted then, and still holds none of
/// them ([`Pegging::go_room`]).
fn agrees_with_go(pegging: &Pegging, seat: Seat, held: CardSet) -> bool {
    held.iter().all(|card| after_go(pegging, seat, card))
}

/// Whether `seat` may still hold `card` after the gos it has said this
/// round.
fn after_go(pegging: &Pegging, seat: Seat, card: Card) -> bool {
    card.value() > pegging.go_room(seat)
}

/// `world`, unless its other sides play greedily or by the rules and some
/// seat of theirs did not, holding what `world` gives it: in any count of
/// the round where `round` holds every play the seat has made
/// ([`RoundPlays::follows_throughout`], exact: the play as it stood, go
/// and last card included); else, a greedy seat in this count
/// ([`plays_greedily`]), and a seat of the rules is not tested.
pub(crate) fn explained(view: &View, world: World, round: &RoundPlays) -> Option<World> {
    let me = view.config.side_of(view.seat);
    let follows = |seat: Seat| {
        let (held, style) = (world.held[seat.index()], world.styles[seat.index()]);
        if style == PlayStyle::Search {
            return true;
        }
        let seen = round.follows_throughout(&view.pegging, seat, held, style, view.dealer);
        seen.unwrap_or_else(|| {
            style != PlayStyle::Greedy || plays_greedily(&view.pegging, seat, held)
        })
    };
    let mut seats = view.config.seats().filter(|&seat| view.config.side_of(seat) != me);
    seats.all(follows).then_some(world)
}

/// The show of `world` with `starter`, in the order it is counted: each
/// hand from the dealer's left round to the dealer, then the crib, each
/// with the side that counts it; the first `players + 1` entries are the
/// show. A hand or crib the world leaves short of four cards counts 0.
pub(crate) fn world_show(view: &View, world: &World, starter: Card) -> [(Side, u16); 5] {
    let config = view.config;
    let count = |cards: CardSet, rules| {
        if cards.len() == 4 { u16::from(score_unchecked(cards, starter, rules)) } else { 0 }
    };
    let mut show = [(config.side_of(view.dealer), 0); 5];
    let mut seat = view.dealer;
    for slot in show.iter_mut().take(usize::from(config.players())) {
        seat = seat.next(config.players());
        let kept = if seat == view.seat {
            view.kept
        } else {
            view.pegging.played_by(seat) | world.held[seat.index()]
        };
        *slot = (config.side_of(seat), count(kept, Rules::Hand));
    }
    let crib = view.discards | world.crib;
    show[usize::from(config.players())] = (config.side_of(view.dealer), count(crib, Rules::Crib));
    show
}

/// The first party that `show` (each stage's party and points, in the order
/// it is counted, as [`world_show`] gives it) takes to `target` from
/// `scores` (by `index`); if none, the scores after the show. One reading
/// of the show for the searches near the end with two sides and three.
pub(crate) fn home_in_show<T: Copy, const N: usize>(
    show: &[(T, u16)],
    index: impl Fn(T) -> usize,
    mut scores: [u16; N],
    target: u16,
) -> Result<T, [u16; N]> {
    for &(party, points) in show {
        let score = &mut scores[index(party)];
        *score += points;
        if *score >= target {
            return Ok(party);
        }
    }
    Err(scores)
}

#[cfg(test)]
pub(crate) mod tests {
    use crib_core::{Action, Game, GameConfig, Phase};

    use super::*;
    // Whole games of the players, which stand above the search.
    use crate::{BasicPlayer, Player, Strategy};

    /// Every sampled world is a deal that could be, at every table: each
    /// other seat holds as many cards as it has left, no card is anywhere
    /// twice or is one the player can see, a seat holds nothing that fitted
    /// a count in which it said go (this count or an earlier one), the
    /// crib has its four cards, and the other sides of a greedy world (or
    /// one of the rules of thumb) played each card of the round so: with
    /// every seat played by `basic` and the default options, then by
    /// `classic` and every world of the rules; and at three players with
    /// two `basic` seats and a `classic` one, each seat greedy or of the
    /// rules by its own chances ([`PegOptions::by_seat`]).
    #[test]
    fn sampled_worlds_agree_with_the_table() {
        let rules = PegOptions { greedy: 0.0, rules: 1.0, ..PegOptions::default() };
        let (basic, classic) = (Strategy::Basic, Strategy::Classic);
        let mut tables: Vec<(u8, [Strategy; 4], PegOptions)> = [2, 3, 4]
            .into_iter()
            .flat_map(|players| {
                [(players, [basic; 4], PegOptions::default()), (players, [classic; 4], rules)]
            })
            .collect();
        let by_seat = Some([[1.0, 0.0], [1.0, 0.0], [0.0, 1.0], [0.5, 0.0]]);
        let mixed = PegOptions { by_seat, ..PegOptions::default() };
        tables.push((3, [basic, basic, classic, basic], mixed));
        for (players, strategies, options) in tables {
            let config = GameConfig::new(players, 121).unwrap();
            // Views in which a seat said go in an earlier count only.
            let (mut earlier_gos, mut simple) = (0, 0);
            for seed in 0..20 {
                let mut game = Game::new(config, Seat::ALL[0], seed).unwrap();
                game.play(Seat::ALL[0], Action::Deal).unwrap();
                let mut round = RoundPlays::default();
                let mut checked = 0;
                while game.phase() != Phase::Deal && checked < 12 {
                    let seat = game.to_act()[0];
                    let view = game.view(seat);
                    if view.phase == Phase::Pegging {
                        simple += check_worlds(&view, &options, &round, seed);
                        checked += 1;
                        earlier_gos += usize::from(config.seats().any(|other| {
                            other != seat
                                && view.pegging.go_room(other) > 0
                                && !view.pegging.has_said_go(other)
                                && view.pegging.held(other) > 0
                        }));
                    }
                    let action = strategies[seat.index()].player(seed).act(&view).unwrap();
                    if let Action::Play(card) = action {
                        round.note(seat, *game.pegging(), card);
                    }
                    game.play(seat, action).unwrap();
                }
            }
            assert!(earlier_gos > 0, "{players} players: no go from an earlier count was checked");
            // Every seat plays as the worlds say, so they stay.
            assert!(simple > 100, "{players} players, {strategies:?}: {simple} worlds");
        }
    }

    /// Checks the worlds sampled for `view` with `options`, every play of
    /// the round seen in `round`; returns how many are greedy or of the
    /// rules for the next seat.
    fn check_worlds(view: &View, options: &PegOptions, round: &RoundPlays, seed: u64) -> usize {
        let mut rng = crib_core::seeded_rng(seed);
        let worlds = sample_worlds(view, options, round, &mut rng);
        let wanted = match view.config.players() {
            2 => options.worlds,
            3 => options.worlds / WORLDS_DIVISOR_THREE,
            _ => options.worlds / WORLDS_DIVISOR,
        };
        assert_eq!(worlds.len(), wanted as usize);
        for world in &worlds {
            let mut seen = view.known_cards();
            for seat in view.config.seats() {
                let held = world.held[seat.index()];
                assert_eq!(held.len(), usize::from(view.pegging.held(seat)));
                if seat == view.seat {
                    assert_eq!(held, view.hand);
                    continue;
                }
                assert!((held & seen).is_empty(), "{held} twice");
                seen |= held;
                let room = view.pegging.go_room(seat);
                assert!(held.iter().all(|card| card.value() > room), "{held} after a go at {room}");
                let opponent = view.config.side_of(seat) != view.config.side_of(view.seat);
                let style = world.styles[seat.index()];
                if style != PlayStyle::Search && opponent {
                    // Every play of the round, not only this count's.
                    let dealer = view.dealer;
                    let follows =
                        round.follows_throughout(&view.pegging, seat, held, style, dealer);
                    assert_eq!(follows, Some(true), "{held}: not {style:?}");
                }
                if view.pegging.has_said_go(seat) {
                    assert!(held.iter().all(|card| !view.pegging.fits(card)));
                }
            }
            assert!((world.crib & seen).is_empty());
            assert_eq!(world.crib.len() + view.discards.len(), 4);
        }
        let other = view.seat.next(view.config.players());
        worlds.iter().filter(|world| world.styles[other.index()] != PlayStyle::Search).count()
    }

    /// The inferred worlds are not uniform ones (`inference`, a knob of the
    /// lab): players who discard
    /// sensibly keep their fives, so the other seats hold more of them
    /// than cards drawn at random would give.
    #[cfg(feature = "lab")]
    #[test]
    fn other_seats_keep_their_fives() {
        use crate::search::options::Inference;
        let config = GameConfig::new(3, 121).unwrap();
        let fives = |inference| {
            let options = PegOptions { inference, ..PegOptions::default() };
            let mut count = 0;
            for seed in 0..40 {
                let mut game = Game::new(config, Seat::ALL[0], seed).unwrap();
                game.play(Seat::ALL[0], Action::Deal).unwrap();
                for seat in config.seats() {
                    let discard = BasicPlayer.discard(&game.view(seat));
                    game.play(seat, Action::Discard(discard)).unwrap();
                }
                let view = game.view(game.pegging().turn().unwrap());
                let mut rng = crib_core::seeded_rng(seed);
                for world in sample_worlds(&view, &options, &RoundPlays::default(), &mut rng) {
                    for seat in config.seats().filter(|&seat| seat != view.seat) {
                        let held = world.held[seat.index()];
                        count += held.iter().filter(|card| card.value() == 5).count();
                    }
                }
            }
            count
        };
        let (sensible, uniform) = (fives(Inference::Sensible), fives(Inference::Uniform));
        assert!(sensible * 100 > uniform * 105, "{sensible} fives against {uniform}");
    }

    /// Plays the first round of each of `games` seeded games at `config`'s
    /// table, every seat as `basic`, and shows `visit` the seed and the
    /// view of each seat whose turn it is to play a card, before it plays.
    pub(crate) fn each_turn_to_play(
        config: GameConfig,
        games: u64,
        mut visit: impl FnMut(u64, View),
    ) {
        for seed in 0..games {
            let mut game = Game::new(config, Seat::ALL[0], seed).unwrap();
            game.play(Seat::ALL[0], Action::Deal).unwrap();
            while game.phase() != Phase::Deal {
                let seat = game.to_act()[0];
                let view = game.view(seat);
                if view.phase == Phase::Pegging && view.pegging.turn() == Some(seat) {
                    visit(seed, view);
                }
                let action = BasicPlayer.act(&view).unwrap();
                game.play(seat, action).unwrap();
            }
        }
    }
}
