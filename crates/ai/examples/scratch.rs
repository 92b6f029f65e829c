use crib_ai::*;
use crib_core::*;
use rand::RngExt;
fn main() {
    // Unseen from the dealer's view in the pair test: dealer holds 8H KD QS 2C, threw AH AD, starter 9C, pone led 8C.
    let known = CardSet::from_distinct(parse_cards("8H KD QS 2C AH AD 9C 8C").unwrap()).unwrap();
    let unseen: Vec<Card> = (!known).iter().collect();
    let mut rng = seeded_rng(1);
    let m = ThrowModel::reasonable();
    let (mut kept8, mut two8, mut hand_kept8, mut hand_two8) = (0, 0, 0, 0);
    for _ in 0..20000 {
        let mut pool = unseen.clone();
        let mut deal = CardSet::single("8C".parse().unwrap());
        for i in 0..5 { let j = rng.random_range(i..pool.len()); pool.swap(i, j); deal.insert(pool[i]); }
        let v = keep_values(GameConfig::default(), Seat::ALL[1], Seat::ALL[0], deal, m).unwrap();
        let keep = v[0].keep;
        let eights = (keep & CardSet::of_rank(Rank::Eight)).len();
        if keep.contains("8C".parse().unwrap()) { kept8 += 1; if eights >= 2 { two8 += 1; } }
        let b = best_keep(deal).unwrap().keep;
        if b.contains("8C".parse().unwrap()) { hand_kept8 += 1; if (b & CardSet::of_rank(Rank::Eight)).len() >= 2 { hand_two8 += 1; } }
    }
    println!("expert-like pone: P(another 8 | kept 8C) = {:.3} ({kept8} kept)", two8 as f64 / kept8 as f64);
    println!("hand-only pone:   P(another 8 | kept 8C) = {:.3} ({hand_kept8} kept)", hand_two8 as f64 / hand_kept8 as f64);
}
