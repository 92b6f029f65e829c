//! Iterated best response for two players' discards: the crib's value of
//! each discard ([`CribValues`]) when both players keep, deal after deal,
//! the four cards worth most against the table before.
//!
//! # A pass
//!
//! Over seeded deals (the same deals in every pass: deal `i` of seed `s`
//! is the deck shuffled by `derive_seed(s, i)`, six cards to the dealer,
//! then six to the pone) each player keeps the four cards with the most
//! net points:
//!
//! - the hand's exact expectation over the 46 starters the keeper has not
//!   seen;
//! - plus, for the dealer, or minus, for the pone, the crib's value of the
//!   two cards thrown, by their ranks and whether they share a suit, from
//!   the pass's table;
//! - plus the keep's net points in the play ([`ValuedDeals`]): the
//!   expert's own search of the play, which in each world it samples sees
//!   every card and searches the play to its end ([`NetPoints`]), run over
//!   `samples` hands of the opponent drawn as the expert's search draws
//!   them (six unseen cards, of which the opponent keeps the sensible four:
//!   the best hand plus or minus the crib), the same hands for each of the
//!   keeper's fifteen keeps.
//!
//! The crib the two discards make is then counted with every one of the 40
//! starters left (crib rules: a flush only with all five cards), and
//! added to each discard's totals for its role ([`BestResponseRound`]).
//! The next table is each discard's mean crib.
//!
//! Why the search rather than the expert's own play of the cards? Playing
//! a round out as the expert plays it takes about 20 ms (each play samples
//! 256 worlds), and a keep needs many rounds against many hands: some
//! seconds a deal. The search of one world takes about 40 µs, and it is
//! what the expert's play itself is made of: its value of a card is the
//! mean of these searches over its sampled worlds. The values are
//! remembered by the ranks of the two hands (suits never peg), so common
//! keeps are searched once.
//!
//! # Iterating
//!
//! The first pass chooses by the crib's exact expectation under the
//! measured model of throws ([`CribValues::from_model`]); each pass after
//! it by the table the pass before made ([`BestResponseRound::table_after`]).
//! A pass after the first also finds the keep the table before would have
//! chosen and values both with its own table: the mean gain of its choice
//! over the old one is the old table's exploitability, how much a player
//! gains by answering the cribs that its keeps make rather than keeping
//! them ([`BestResponseRound::exploitability`]). [`iterate`] passes until
//! it stops falling.
//!
//! # Shards
//!
//! A pass splits into shards ([`Shard`]), each a run of the deals, whose
//! rounds merge exactly in any order ([`BestResponseRound::merge`]): the
//! totals are whole numbers, the gains whole millionths of a point.

pub(crate) mod round;
pub(crate) mod shard;

use std::cell::RefCell;
use std::sync::OnceLock;
use std::sync::atomic::{AtomicI16, Ordering};

use crib_core::{
    Card, CardSet, Deck, GameConfig, Pegging, Rules, Seat, derive_seed, score_unchecked,
};
use rayon::prelude::*;

use crate::expect::best_response::{CribValues, MICRO, discard_index};
use crate::expect::ranks::{Unseen, hand_points};
use crate::expect::sensible::{CribTable, sensible_discard};
use crate::expect::throw_model::{Stake, ThrowModel};
use crate::measure::best_response::round::{BestResponseJob, BestResponseRound, RoundError};
use crate::measure::best_response::shard::Shard;
use crate::search::memo::Memo;
use crate::search::opponents::PlayStyle;
use crate::search::points::NetPoints;
use crate::search::worlds::draw;

/// Where a pass starts: which pass it is, the table it chooses by, and
/// the table before (whose choices it measures its gain over).
#[derive(Clone, Debug, PartialEq)]
pub struct Start {
    iteration: u32,
    table: CribValues,
    previous: Option<CribValues>,
    /// The exploitability the pass before measured.
    exploitability: Option<f64>,
}

impl Start {
    /// The first pass: the crib's exact expectation under the measured
    /// model of throws.
    #[must_use]
    pub fn first() -> Start {
        let table = CribValues::from_model(ThrowModel::reasonable());
        Start { iteration: 1, table, previous: None, exploitability: None }
    }

    /// The pass after `round`'s.
    ///
    /// # Errors
    ///
    /// A round that lacks some of its pass's shards.
    pub fn after(round: &BestResponseRound) -> Result<Start, RoundError> {
        Ok(Start::following(round.complete()?))
    }

    /// The pass after `round`'s, whatever shards it counts.
    fn following(round: &BestResponseRound) -> Start {
        Start {
            iteration: round.iteration() + 1,
            table: round.table_after(),
            previous: Some(round.table().clone()),
            exploitability: round.exploitability(),
        }
    }

    /// Which pass this is, from 1.
    #[must_use]
    pub fn iteration(&self) -> u32 {
        self.iteration
    }
}

/// What one keep is worth apart from the crib (the keeps of a deal in the
/// order of `CardSet::subsets`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct KeepWorth {
    /// The hand's points over the 46 starters.
    hand: u16,
    /// The play's net points summed over the sampled hands of the opponent.
    play: i32,
}

/// One deal: the two hands dealt, and each one's keeps.
#[derive(Clone, Debug)]
struct ValuedDeal {
    /// The dealer's six cards, then the pone's.
    dealt: [CardSet; 2],
    keeps: [[KeepWorth; 15]; 2],
}

/// The deals of one shard of a job, each keep of each valued in hand and
/// play: the costly part of a pass, done once for every pass over them.
#[derive(Clone, Debug)]
pub struct ValuedDeals {
    job: BestResponseJob,
    shard: Shard,
    deals: Vec<ValuedDeal>,
}

/// The role of each of a deal's two hands: the dealer throws to their own
/// crib, the pone to the dealer's.
const ROLES: [Stake; 2] = [Stake::Own, Stake::Balk];

impl ValuedDeals {
    /// Deals `shard`'s deals of `job` and values each keep, on every core,
    /// calling `progress` after each deal.
    #[must_use]
    pub fn new(job: BestResponseJob, shard: Shard, progress: &(dyn Fn() + Sync)) -> ValuedDeals {
        let deals = shard
            .deals(job.deals)
            .into_par_iter()
            .map(|index| {
                let deal = ValuedDeal::new(job, index);
                progress();
                deal
            })
            .collect();
        ValuedDeals { job, shard, deals }
    }

    /// The number of deals.
    #[must_use]
    pub fn len(&self) -> usize {
        self.deals.len()
    }

    /// Whether there are none.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.deals.is_empty()
    }

    /// One pass over the deals from `start`: the keeps the best response
    /// makes and the cribs they make.
    #[must_use]
    pub fn pass(&self, start: &Start) -> BestResponseRound {
        let empty = || {
            let (table, previous) = (start.table.clone(), start.previous.clone());
            BestResponseRound::empty(self.job, self.shard, start.iteration, table, previous)
        };
        let samples = self.job.samples;
        self.deals
            .par_iter()
            .fold(empty, |mut round, deal| {
                deal.count(&mut round, start, samples);
                round
            })
            .reduce(empty, |mut a, b| {
                // The counts of a shard's deals, which are held in memory:
                // far too few to overflow.
                a.absorb(&b).expect("a shard's counts fit");
                a
            })
    }
}

impl ValuedDeal {
    fn new(job: BestResponseJob, index: u64) -> ValuedDeal {
        let seed = derive_seed(job.seed, index);
        let mut deck = Deck::shuffled(seed);
        let mut deal = || deck.deal_set(6).expect("a deck holds twelve cards");
        let dealt = [deal(), deal()];
        let keeps = [0, 1].map(|role| {
            let rng = &mut crib_core::seeded_rng(derive_seed(seed, 1 + role as u64));
            keep_worths(dealt[role], ROLES[role], job.samples, rng)
        });
        ValuedDeal { dealt, keeps }
    }

    /// Adds this deal's keeps and crib to `round`, the keeps chosen by
    /// `start`'s table.
    fn count(&self, round: &mut BestResponseRound, start: &Start, samples: u32) {
        let mut crib = CardSet::EMPTY;
        let mut discards = [CardSet::EMPTY; 2];
        for (role, &stake) in ROLES.iter().enumerate() {
            let dealt = self.dealt[role];
            let mut keeps = [CardSet::EMPTY; 15];
            for (slot, keep) in keeps.iter_mut().zip(dealt.subsets(4)) {
                *slot = keep;
            }
            let worths = &self.keeps[role];
            let value = |choice: usize, table: &CribValues| {
                keep_value(worths[choice], dealt - keeps[choice], stake, table, samples)
            };
            // The first of the keeps worth most.
            let best =
                |table: &CribValues| {
                    (1..15).fold(0, |best, keep| {
                        if value(keep, table) > value(best, table) { keep } else { best }
                    })
                };
            let chosen = best(&start.table);
            let totals = &mut round.roles[role];
            totals.hand += u64::from(worths[chosen].hand);
            totals.play += i64::from(worths[chosen].play);
            if let Some(previous) = &start.previous {
                let old = best(previous);
                let gain = value(chosen, &start.table) - value(old, &start.table);
                totals.gain += (gain * MICRO).round() as i64;
                totals.changed += u64::from(old != chosen);
            }
            discards[role] = dealt - keeps[chosen];
            crib |= discards[role];
        }
        let points = crib_points(crib, self.dealt[0] | self.dealt[1]);
        for (role, &stake) in ROLES.iter().enumerate() {
            let index = discard_index(discards[role]).expect("a keep of four from six throws two");
            round.discards[stake.index()][index].add(points);
        }
        round.deals += 1;
    }
}

/// What a keep worth `worth` apart from the crib is to a keeper of `stake`
/// throwing `discard`, with `table`'s crib: its hand, the crib's value of
/// its discard (plus for the dealer, minus for the pone), and its play.
fn keep_value(
    worth: KeepWorth,
    discard: CardSet,
    stake: Stake,
    table: &CribValues,
    samples: u32,
) -> f64 {
    f64::from(worth.hand) / 46.0
        + stake.sign() * table.get(stake, discard)
        + f64::from(worth.play) / f64::from(samples)
}

/// The crib's points summed over every starter not in `dealt` (crib
/// rules).
fn crib_points(crib: CardSet, dealt: CardSet) -> u64 {
    (!dealt).iter().map(|starter| u64::from(score_unchecked(crib, starter, Rules::Crib))).sum()
}

/// Each keep of `dealt` for a keeper of `stake`, with its hand's points
/// over the unseen starters and its play's net points summed over
/// `samples` hands of the opponent drawn with `rng`.
fn keep_worths(
    dealt: CardSet,
    stake: Stake,
    samples: u32,
    rng: &mut impl rand::Rng,
) -> [KeepWorth; 15] {
    let other = match stake {
        Stake::Own => Stake::Balk,
        Stake::Balk => Stake::Own,
    };
    let mut pool: Vec<Card> = (!dealt).iter().collect();
    let theirs: Vec<CardSet> = (0..samples)
        .map(|_| {
            let deal = draw(&mut pool, 6, rng);
            deal - sensible_discard(deal, other, CribTable::reasonable())
        })
        .collect();
    let unseen = Unseen::new(dealt);
    let mut keeps = dealt.subsets(4).map(|keep| {
        let play = theirs
            .iter()
            .map(|&their_keep| match stake {
                Stake::Own => dealer_net(keep, their_keep),
                Stake::Balk => -dealer_net(their_keep, keep),
            })
            .sum();
        // At most 29 points with each of 46 starters.
        let hand = u16::try_from(hand_points(keep, &unseen)).unwrap_or(u16::MAX);
        KeepWorth { hand, play }
    });
    std::array::from_fn(|_| keeps.next().expect("six cards have fifteen keeps of four"))
}

/// The number of hands of four by ranks: multisets of four of 13 ranks.
const RANK_HANDS: usize = 1820;

/// The place of a hand of four by its ranks among the [`RANK_HANDS`]: its
/// ranks in order, `r0 <= r1 <= r2 <= r3`, made distinct as `r_i + i`,
/// then numbered as a combination of four of 16.
fn rank_hand(hand: CardSet) -> usize {
    let mut place = 0;
    for (i, card) in hand.iter().take(4).enumerate() {
        // Cards come in rank order: `r_i + i` grows strictly.
        place += binomial(card.rank().index() + i, i + 1);
    }
    place
}

/// `n` choose `k`, for the small numbers of [`rank_hand`].
const fn binomial(n: usize, k: usize) -> usize {
    let mut value = 1;
    let mut i = 0;
    while i < k {
        if n < i {
            return 0;
        }
        value = value * (n - i) / (i + 1);
        i += 1;
    }
    value
}

/// A play's value not searched yet.
const UNKNOWN: i16 = i16::MIN;

/// The values of the play searched so far in this process, shared by
/// every thread: the dealer's net points, by the ranks of the dealer's
/// hand and the pone's ([`rank_hand`]), [`UNKNOWN`] until searched. Two
/// threads may search the same hands at once; both write the same value.
fn plays() -> &'static [AtomicI16] {
    static PLAYS: OnceLock<Box<[AtomicI16]>> = OnceLock::new();
    PLAYS.get_or_init(|| (0..RANK_HANDS * RANK_HANDS).map(|_| AtomicI16::new(UNKNOWN)).collect())
}

thread_local! {
    /// The search's memo of positions, one for each thread.
    static MEMO: RefCell<Memo> = RefCell::new(Memo::new());
}

/// The dealer's net points in the play of `dealer` against `pone`, each
/// seeing both hands and searching the play to its end ([`NetPoints`]):
/// searched once for each two hands' ranks (suits never peg).
fn dealer_net(dealer: CardSet, pone: CardSet) -> i32 {
    let slot = &plays()[rank_hand(dealer) * RANK_HANDS + rank_hand(pone)];
    let known = slot.load(Ordering::Relaxed);
    if known != UNKNOWN {
        return i32::from(known);
    }
    let value = MEMO.with_borrow_mut(|memo| search_play(dealer, pone, memo));
    slot.store(value, Ordering::Relaxed);
    i32::from(value)
}

/// The dealer's net points in the play of `dealer` against `pone` (four
/// cards each, none shared), each seeing both hands: the search behind a
/// keep's play, run afresh each time, with this thread's memo of
/// positions (for experiments and the benchmarks: `lab`).
#[cfg(feature = "lab")]
#[must_use]
pub fn play_net(dealer: CardSet, pone: CardSet) -> i32 {
    i32::from(MEMO.with_borrow_mut(|memo| search_play(dealer, pone, memo)))
}

/// [`dealer_net`] searched afresh.
fn search_play(dealer: CardSet, pone: CardSet, memo: &mut Memo) -> i16 {
    let config = GameConfig::default();
    let seat = Seat::ALL[0];
    let search = NetPoints {
        config,
        me: config.side_of(seat),
        depth: u32::MAX,
        remember: true,
        styles: [PlayStyle::Search; 4],
        dealer: seat,
    };
    let pegging = Pegging::new(config, seat).expect("seat 0 deals at a table of two");
    let mut held = [dealer, pone, CardSet::EMPTY, CardSet::EMPTY];
    let net = search.value(&pegging, &mut held, f64::NEG_INFINITY, f64::INFINITY, 0, memo);
    // Whole points, a few dozen at most.
    net.round() as i16
}

/// Passes over `deals` from `start`, each reported to `report` as it
/// ends, until the exploitability stops falling (a pass measures it no
/// lower than the pass before) or `passes` passes are made; the last
/// pass's round.
pub fn iterate(
    deals: &ValuedDeals,
    start: Start,
    passes: u32,
    mut report: impl FnMut(&BestResponseRound),
) -> BestResponseRound {
    let mut start = start;
    let mut made = 0;
    loop {
        let round = deals.pass(&start);
        made += 1;
        report(&round);
        let stopped = match (start.exploitability, round.exploitability()) {
            (Some(before), Some(now)) => now >= before,
            _ => false,
        };
        if stopped || made >= passes.max(1) {
            return round;
        }
        start = Start::following(&round);
    }
}

#[cfg(test)]
mod tests {
    use std::sync::OnceLock;

    use crib_core::{Rank, Suit};
    use proptest::prelude::*;

    use super::*;
    use crate::expect::best_response::{best_response_build, pair_index, shipped_rows};

    /// A small job: its deals are valued in well under a second.
    const JOB: BestResponseJob = BestResponseJob { deals: 40, seed: 3, samples: 4 };

    /// The deals of `shard` of [`JOB`].
    fn valued(shard: Shard) -> ValuedDeals {
        ValuedDeals::new(JOB, shard, &|| {})
    }

    /// [`JOB`]'s second pass (which measures a gain), over the whole job
    /// and over each of six shards.
    fn second_pass() -> &'static (BestResponseRound, Vec<BestResponseRound>) {
        static PASS: OnceLock<(BestResponseRound, Vec<BestResponseRound>)> = OnceLock::new();
        PASS.get_or_init(|| {
            let whole = valued(Shard::WHOLE);
            let start = Start::after(&whole.pass(&Start::first())).unwrap();
            let shards =
                (0..6).map(|index| valued(Shard::new(index, 6).unwrap()).pass(&start)).collect();
            (whole.pass(&start), shards)
        })
    }

    /// The counts of a round, its shards aside.
    fn counts(round: &BestResponseRound) -> impl PartialEq + std::fmt::Debug + '_ {
        (
            round.job,
            round.iteration,
            &round.table,
            &round.previous,
            &round.discards,
            round.roles,
            round.deals,
        )
    }

    #[test]
    fn merging_the_shards_of_a_pass_counts_what_one_pass_over_every_deal_does() {
        let (whole, shards) = second_pass();
        assert!(whole.role(Stake::Own).gain + whole.role(Stake::Balk).gain > 0, "{whole:?}");
        let merged =
            shards[1..].iter().try_fold(shards[0].clone(), |merged, shard| merged.merge(shard));
        let merged = merged.unwrap();
        assert!(merged.is_complete() && merged.done() == [0, 1, 2, 3, 4, 5]);
        assert_eq!(counts(&merged), counts(whole));
        assert_eq!(merged.table_after(), whole.table_after());
        assert_eq!(merged.exploitability(), whole.exploitability());
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(64))]

        /// The shards merged in any order and any groups count the same.
        #[test]
        fn the_order_of_merging_changes_nothing(
            order in Just((0..6usize).collect::<Vec<_>>()).prop_shuffle(),
            split in 1..6usize,
        ) {
            let (whole, shards) = second_pass();
            let group = |indices: &[usize]| {
                indices[1..].iter().try_fold(shards[indices[0]].clone(), |merged, &index| {
                    merged.merge(&shards[index])
                })
            };
            // Two groups merged on their own, then together, either way.
            let (first, second) = (group(&order[..split]).unwrap(), group(&order[split..]).unwrap());
            let one_way = first.clone().merge(&second).unwrap();
            let other_way = second.merge(&first).unwrap();
            prop_assert_eq!(&one_way, &other_way);
            prop_assert_eq!(counts(&one_way), counts(whole));
            prop_assert!(one_way.is_complete());
        }
    }

    #[test]
    fn rounds_of_different_passes_or_with_a_shard_in_common_do_not_merge() {
        let (whole, shards) = second_pass();
        let again = shards[2].clone().merge(&shards[2]);
        assert_eq!(again, Err(RoundError::Overlap(Shard::new(2, 6).unwrap())));
        assert_eq!(shards[0].clone().merge(whole), Err(RoundError::Mismatch("shards")));
        let first = valued(Shard::new(1, 6).unwrap()).pass(&Start::first());
        assert_eq!(shards[0].clone().merge(&first), Err(RoundError::Mismatch("passes")));
        let missing = shards[0].clone().merge(&shards[3]).unwrap();
        assert_eq!(
            missing.complete().map(|_| ()),
            Err(RoundError::Incomplete { missing: 4, shards: 6, first: Shard::new(1, 6).unwrap() })
        );
        assert!(Start::after(&missing).is_err());
    }

    #[test]
    fn against_its_own_table_a_best_response_gains_nothing() {
        let deals = valued(Shard::WHOLE);
        let table = Start::first().table;
        let start = Start {
            iteration: 2,
            table: table.clone(),
            previous: Some(table),
            exploitability: None,
        };
        let round = deals.pass(&start);
        assert_eq!(round.exploitability(), Some(0.0));
        assert_eq!(round.role(Stake::Own).changed + round.role(Stake::Balk).changed, 0);
        // Against another table it gains, and never loses, on any deal.
        let (whole, _) = second_pass();
        for stake in Stake::ALL {
            assert!(whole.role(stake).gain >= 0);
            assert!(whole.role(stake).changed > 0 || whole.role(stake).gain == 0);
        }
    }

    /// A table that says two fives make a crib of 100 points: the dealer
    /// throws them whenever dealt them, the pone never.
    #[test]
    fn the_crib_counts_for_the_dealer_and_against_the_pone() {
        let five = Rank::Five.index();
        let fives = pair_index(five, five, false);
        let mut values = [
            Start::first().table.all_micro(Stake::Own).to_vec(),
            Start::first().table.all_micro(Stake::Balk).to_vec(),
        ];
        for stake in &mut values {
            stake[fives] = 100_000_000;
        }
        let table = CribValues::from_micro(&values[0], &values[1]).unwrap();
        let start = Start { iteration: 1, table, previous: None, exploitability: None };
        let job = BestResponseJob { deals: 400, seed: 9, samples: 1 };
        let round = ValuedDeals::new(job, Shard::WHOLE, &|| {}).pass(&start);
        let fives_dealt = |role: usize| {
            (0..job.deals)
                .filter(|&index| {
                    let mut deck = Deck::shuffled(derive_seed(job.seed, index));
                    let hands = [deck.deal_set(6).unwrap(), deck.deal_set(6).unwrap()];
                    (hands[role] & CardSet::of_rank(Rank::Five)).len() >= 2
                })
                .count() as u64
        };
        assert!(fives_dealt(0) > 10 && fives_dealt(1) > 10);
        assert_eq!(round.discards(Stake::Own)[fives].cribs, fives_dealt(0));
        assert_eq!(round.discards(Stake::Balk)[fives].cribs, 0);
    }

    /// Crib rules: four cards of a suit count a flush only with a starter
    /// of their suit, where hand rules count four without.
    #[test]
    fn the_crib_counts_a_flush_only_with_five_cards() {
        let hearts = |ranks: [Rank; 4]| {
            ranks.iter().map(|&rank| Card::new(rank, Suit::Hearts)).collect::<CardSet>()
        };
        let crib = hearts([Rank::Two, Rank::Four, Rank::Six, Rank::Eight]);
        let dealt = crib
            | Deck::shuffled(4)
                .remaining()
                .iter()
                .filter(|card| !crib.contains(*card))
                .take(8)
                .collect::<CardSet>();
        assert_eq!(dealt.len(), 12);
        let by_hand: u64 = (!dealt)
            .iter()
            .map(|starter| u64::from(score_unchecked(crib, starter, Rules::Hand)))
            .sum();
        let other_suits = (!dealt - CardSet::of_suit(Suit::Hearts)).len() as u64;
        assert_eq!(crib_points(crib, dealt) + 4 * other_suits, by_hand);
    }

    #[test]
    fn hands_by_rank_are_numbered_once_each() {
        let mut seen = vec![false; RANK_HANDS];
        for a in 0..13 {
            for b in a..13 {
                for c in b..13 {
                    for d in c..13 {
                        let ranks = [a, b, c, d];
                        let hand: CardSet = ranks
                            .iter()
                            .enumerate()
                            .map(|(i, &rank)| {
                                let before =
                                    ranks[..i].iter().filter(|&&other| other == rank).count();
                                Card::new(Rank::ALL[rank], Suit::ALL[before])
                            })
                            .collect();
                        let place = rank_hand(hand);
                        assert!(!seen[place], "{ranks:?}");
                        seen[place] = true;
                    }
                }
            }
        }
        assert!(seen.iter().all(|&seen| seen));
    }

    /// The play's values remembered by ranks are the search's, whatever
    /// the suits; the pone's keeps are valued with the dealer's sign
    /// turned.
    #[test]
    fn the_play_is_the_search_of_the_two_hands() {
        let mut memo = Memo::new();
        for seed in 0..200 {
            let mut deck = Deck::shuffled(seed);
            let (dealer, pone) = (deck.deal_set(4).unwrap(), deck.deal_set(4).unwrap());
            let value = i32::from(search_play(dealer, pone, &mut memo));
            assert_eq!(dealer_net(dealer, pone), value);
            // The same ranks in other suits (each card's suit moved on one).
            let moved = |hand: CardSet| -> CardSet {
                hand.iter()
                    .map(|card| Card::new(card.rank(), Suit::ALL[(card.suit().index() + 1) % 4]))
                    .collect()
            };
            let (dealer, pone) = (moved(dealer), moved(pone));
            if dealer.is_disjoint(pone) {
                assert_eq!(dealer_net(dealer, pone), value);
            }
        }
        let dealt = Deck::shuffled(1).deal_set(6).unwrap();
        let worths = keep_worths(dealt, Stake::Balk, 3, &mut crib_core::seeded_rng(5));
        let mut pool: Vec<Card> = (!dealt).iter().collect();
        let rng = &mut crib_core::seeded_rng(5);
        let theirs: Vec<CardSet> = (0..3)
            .map(|_| {
                let deal = draw(&mut pool, 6, rng);
                deal - sensible_discard(deal, Stake::Own, CribTable::reasonable())
            })
            .collect();
        for (worth, keep) in worths.iter().zip(dealt.subsets(4)) {
            let play: i32 = theirs.iter().map(|&their| -dealer_net(their, keep)).sum();
            assert_eq!(worth.play, play);
            assert_eq!(u32::from(worth.hand), hand_points(keep, &Unseen::new(dealt)));
        }
    }

    #[test]
    fn iterating_stops_once_the_exploitability_stops_falling() {
        let deals = valued(Shard::WHOLE);
        let mut seen = Vec::new();
        let last = iterate(&deals, Start::first(), 12, |round| seen.push(round.exploitability()));
        assert_eq!(seen.len() as u32, last.iteration());
        assert_eq!(seen[0], None);
        let gains: Vec<f64> = seen[1..].iter().map(|gain| gain.unwrap()).collect();
        // Falling until the last pass, which did not fall (or the twelfth).
        for pair in gains[..gains.len() - 1].windows(2) {
            assert!(pair[1] < pair[0], "{gains:?}");
        }
        let n = gains.len();
        assert!(seen.len() == 12 || (n >= 2 && gains[n - 1] >= gains[n - 2]), "{gains:?}");
        let once = iterate(&deals, Start::first(), 1, |_| {});
        assert_eq!(once.iteration(), 1);
    }

    /// A fresh pass from the shipped table, over other deals, finds each
    /// discard's crib where the shipped table has it, within the noise of
    /// the two measures, for every discard both measured often: the table
    /// is where its best response leaves it. (A minute or more of work:
    /// CI runs it.)
    #[test]
    #[ignore]
    fn a_fresh_pass_holds_the_shipped_table() {
        let samples = best_response_build().samples;
        let job = BestResponseJob { deals: 20_000, seed: 20_261_129, samples };
        let table = CribValues::best_response().clone();
        let start = Start {
            iteration: 2,
            table: table.clone(),
            previous: Some(table.clone()),
            exploitability: None,
        };
        let round = ValuedDeals::new(job, Shard::WHOLE, &|| {}).pass(&start);
        let mut compared = 0;
        for stake in Stake::ALL {
            for (index, (fresh, &(value, cribs, error))) in
                round.discards(stake).iter().zip(shipped_rows(stake)).enumerate()
            {
                if fresh.cribs < 40 || cribs < 400 {
                    continue;
                }
                let shipped = value as f64 / MICRO;
                let error = (error as f64 / MICRO).hypot(fresh.standard_error());
                assert!(
                    (fresh.mean() - shipped).abs() <= 4.0 * error,
                    "{stake:?} {index}: fresh {:.3} from {} cribs, shipped {shipped:.3} ± {error:.3}",
                    fresh.mean(),
                    fresh.cribs
                );
                compared += 1;
            }
        }
        assert!(compared >= 150, "only {compared} discards compared");
    }
}
