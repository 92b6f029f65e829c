//! The best response's costs (`crib stats best-response`): one deal's
//! keeps valued and chosen once every play they need has been searched,
//! as in a long pass, and (with the `lab` feature) one search of a play,
//! which a deal needs up to a few thousand of until the process has
//! searched them.

use crib_ai::{BestResponseJob, Shard, Start, ValuedDeals};

fn main() {
    divan::main();
}

/// Jobs of one deal each, with `samples` hands of the opponent a keep, the
/// plays they need searched beforehand.
fn searched_deals(samples: u32) -> Vec<BestResponseJob> {
    let jobs: Vec<BestResponseJob> =
        (0..32).map(|seed| BestResponseJob { deals: 1, seed, samples }).collect();
    for &job in &jobs {
        let _ = ValuedDeals::new(job, Shard::WHOLE, &|| {});
    }
    jobs
}

/// One deal: its two hands' fifteen keeps valued (hand, and play over
/// `samples` sampled hands of the opponent, every play searched before),
/// then each player's best response and the crib counted.
#[divan::bench(args = [16, 128])]
fn one_deal_plays_searched(bencher: divan::Bencher, samples: u32) {
    let jobs = searched_deals(samples);
    let start = Start::first();
    let mut next = jobs.iter().cycle();
    bencher.bench_local(|| {
        let job = *next.next().expect("cycles forever");
        ValuedDeals::new(job, Shard::WHOLE, &|| {}).pass(&start)
    });
}

/// One search of a play from its start, both hands seen (each new pair of
/// hands by rank costs one, once a process).
#[cfg(feature = "lab")]
#[divan::bench]
fn one_play_searched(bencher: divan::Bencher) {
    let hands: Vec<(crib_core::CardSet, crib_core::CardSet)> = (0..256)
        .map(|seed| {
            let mut deck = crib_core::Deck::shuffled(seed);
            (deck.deal_set(4).expect("52 cards"), deck.deal_set(4).expect("52 cards"))
        })
        .collect();
    let mut next = hands.iter().cycle();
    bencher.bench_local(|| {
        let &(dealer, pone) = next.next().expect("cycles forever");
        crib_ai::play_net(dealer, pone)
    });
}
