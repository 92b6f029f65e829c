//! The review of a saved match: a seeded match that a person plays as the
//! reviewing expert would, but for three planted mistakes (a discard, a
//! play and a short count with muggins), is reviewed and exactly those are
//! flagged, with costs worked out here from the expert's analyses and the
//! scorer. The charts are checked point by point, and each game's split
//! into skill and luck adds up to its result.

use crib_ai::{ExpertPlayer, PlayMeasure, Player, Strategy};
use crib_core::{Action, Claims, Event, GameConfig, Match, Phase, Rules, Seat, Show};
use crib_store::{GameId, NewGame, Player as Saved, Store};
use crib_table::review::{
    Graded, Measure, REVIEW_SEED, ReviewError, chance_svg, chance_text, review, review_seat,
};

const ME: Seat = Seat::ALL[0];

/// What the test planted, and the cost it worked out for each.
#[derive(Debug, Default)]
struct Planted {
    /// The discard's ply and its cost: hand, crib, play, total.
    discard: Option<(u32, [f64; 4])>,
    /// The play's ply and its cost in points.
    play: Option<(u32, f64)>,
    /// The ply of the action that brought the short count, and the points
    /// missed.
    count: Option<(u32, u8)>,
    /// A discard near the end, where the expert keeps for the game: its ply
    /// and the chance of winning it gives up.
    late_discard: Option<(u32, f64)>,
}

/// The mistakes [`play_match`] plants.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Plant {
    /// None: the person plays as the expert throughout.
    Nothing,
    /// A discard, a play and a short count early in the match.
    Early,
    /// Only a discard near the end of the game.
    LateDiscard,
}

/// Plays match `seed` into `store`: seat 0 a person who plays as the
/// reviewing expert, seat 1 the basic player; with `plant`, the person's
/// first discard that the expert rates at least 2 points below its best is
/// that worse keep, its first play that gives up between 1 and 3 points is
/// that play, and its first hand worth at least 4 is claimed 2 short.
///
/// With [`Plant::LateDiscard`], only the person's first discard with a
/// chance of winning that has a keep at least 5% less likely to win is
/// that keep.
fn play_match(store: &Store, seed: u64, plant: Plant) -> (GameId, Planted) {
    let late = plant == Plant::LateDiscard;
    let plant = plant == Plant::Early;
    let setup = NewGame {
        seed,
        config: GameConfig::default(),
        length: 1.into(),
        muggins: true,
        muggins_pegging: false,
        players: vec![Saved::person("me"), Saved::computer("basic")],
    };
    let (mut play, opening) = Match::new(setup.config, 1, seed).unwrap();
    let id = store.start(&setup, &opening).unwrap();
    let expert = ExpertPlayer::new(REVIEW_SEED);
    let mut other = Strategy::Basic.player(seed);
    let mut planted = Planted::default();
    let mut ply = 0;
    while play.winner().is_none() {
        let game = play.game();
        let seat = game.to_act()[0];
        let view = play.view(seat);
        let mut action =
            if seat == ME { expert.clone().act(&view).unwrap() } else { other.act(&view).unwrap() };
        if late && seat == ME && planted.late_discard.is_none() {
            let keeps = expert.keep_analysis(&view);
            if let Some(best) = keeps.first().and_then(|keep| keep.win) {
                let worse =
                    keeps.iter().find(|keep| keep.win.is_some_and(|win| best - win >= 0.05));
                if let Some(worse) = worse {
                    action = Action::Discard(worse.discard);
                    planted.late_discard = Some((ply, best - worse.win.unwrap_or(0.0)));
                }
            }
        }
        if plant && seat == ME {
            match action {
                Action::Discard(_) if planted.discard.is_none() => {
                    let keeps = expert.keep_analysis(&view);
                    let best = keeps[0];
                    if let Some(worse) = keeps.iter().find(|keep| best.total - keep.total >= 2.0) {
                        action = Action::Discard(worse.discard);
                        let cost = [
                            best.hand.value() - worse.hand.value(),
                            best.crib_share() - worse.crib_share(),
                            best.pegging - worse.pegging,
                            best.total - worse.total,
                        ];
                        planted.discard = Some((ply, cost));
                    }
                }
                Action::Play(_) if planted.play.is_none() && view.playable().len() > 1 => {
                    let analysis = expert.play_analysis(&view);
                    let best =
                        analysis.values.iter().map(|&(_, value)| value).fold(f64::MIN, f64::max);
                    let worse = analysis
                        .values
                        .iter()
                        .find(|&&(_, value)| (1.0..3.0).contains(&(best - value)));
                    if analysis.measure == PlayMeasure::NetPoints
                        && let Some(&(card, value)) = worse
                    {
                        action = Action::Play(card);
                        planted.play = Some((ply, best - value));
                    }
                }
                _ => {}
            }
        }
        // With muggins the person claims its shows: right, but for one hand.
        let mut claims = Claims::NONE;
        let mut preview = game.clone();
        for event in preview.play(seat, action).unwrap() {
            match event {
                Event::Shown { seat: ME, .. } => {
                    let kept = game.view(ME).kept;
                    let starter = preview.view(ME).starter.unwrap();
                    let worth = Show::new(kept, starter).unwrap().score(Rules::Hand);
                    let short = plant && planted.count.is_none() && worth >= 4;
                    if short {
                        planted.count = Some((ply, 2));
                    }
                    claims = claims.with_hand(ME, if short { worth - 2 } else { worth });
                }
                Event::CribShown { dealer: ME, breakdown } => {
                    claims = claims.with_crib(breakdown.total());
                }
                _ => {}
            }
        }
        let events = play.play_claiming(seat, action, claims).unwrap();
        store.record(id, seat, action, claims, &events).unwrap();
        ply += 1;
    }
    assert_eq!(play.game().phase(), Phase::Over);
    (id, planted)
}

fn store() -> (tempfile::TempDir, Store) {
    let dir = tempfile::tempdir().unwrap();
    let store = Store::open(&dir.path().join("crib.db")).unwrap();
    (dir, store)
}

#[test]
fn exactly_the_planted_mistakes_are_flagged_with_their_costs() {
    let (_dir, store) = store();
    let (id, planted) = play_match(&store, 11, Plant::Early);
    let (Some((discard_ply, discard)), Some((play_ply, play_cost)), Some((count_ply, missed))) =
        (planted.discard, planted.play, planted.count)
    else {
        panic!("the seed plants all three mistakes: {planted:?}");
    };
    let reviewed = review(&store, id, REVIEW_SEED).unwrap();
    assert_eq!(reviewed.expert.seed, REVIEW_SEED);
    assert_eq!(reviewed.expert.level, "expert");
    assert_eq!(reviewed.people, vec![ME]);
    let mistakes: Vec<_> = reviewed.mistakes().collect();
    assert_eq!(
        mistakes.iter().map(|decision| decision.ply).collect::<Vec<_>>(),
        {
            let mut plies = vec![discard_ply, play_ply, count_ply];
            plies.sort_unstable();
            plies
        },
        "{mistakes:#?}"
    );
    for decision in &mistakes {
        assert_eq!(decision.seat, ME);
        assert_eq!(decision.measure, Measure::Points);
        match &decision.graded {
            Graded::Discard { lost, .. } => {
                assert!((decision.cost - discard[3]).abs() < 1e-9);
                assert!((lost.hand - discard[0]).abs() < 1e-9);
                assert!((lost.crib - discard[1]).abs() < 1e-9);
                assert!((lost.pegging - discard[2]).abs() < 1e-9);
            }
            Graded::Play { value, best_value, .. } => {
                assert!((decision.cost - play_cost).abs() < 1e-9);
                assert!((best_value - value - play_cost).abs() < 1e-9);
            }
            Graded::Count { claimed, worth, missed: lost, crib } => {
                assert!(!crib);
                assert_eq!(*lost, missed);
                assert_eq!(claimed + missed, *worth);
                assert!((decision.cost - f64::from(missed)).abs() < 1e-9);
            }
            Graded::PegCount { .. } => panic!("the person counts no pegging here"),
        }
    }
    // Every other decision is the expert's own: nothing given up.
    for decision in reviewed.decisions.iter().filter(|decision| !decision.mistake) {
        assert!(decision.cost < 1e-9, "{decision:?}");
    }
    // The summary adds the mistakes up, by where they were made.
    let total = reviewed.total();
    assert!((total.discards - discard[3]).abs() < 1e-9);
    assert!((total.pegging - play_cost).abs() < 1e-9);
    assert!((total.counting - f64::from(missed)).abs() < 1e-9);
    assert!((total.total - discard[3] - play_cost - f64::from(missed)).abs() < 1e-9);
    assert_eq!(reviewed.games.len(), 1);
    assert_eq!(reviewed.games[0].mistakes, 3);
    let by_round: f64 = reviewed.games[0].rounds.iter().map(|round| round.losses.total).sum();
    assert!((by_round - total.total).abs() < 1e-9);
}

/// Near the end of the game the expert ranks keeps by the chance of
/// winning: a discard there is graded in that chance, as plays are, and
/// its parts in points are still given.
#[test]
fn a_late_discard_is_graded_by_the_chance_of_winning() {
    let (_dir, store) = store();
    let (id, planted) = play_match(&store, 11, Plant::LateDiscard);
    let Some((ply, cost)) = planted.late_discard else {
        panic!("the seed plants a late discard: {planted:?}");
    };
    let reviewed = review(&store, id, REVIEW_SEED).unwrap();
    let mistakes: Vec<_> = reviewed.mistakes().collect();
    assert_eq!(mistakes.len(), 1, "{mistakes:#?}");
    let decision = mistakes[0];
    assert_eq!((decision.ply, decision.measure), (ply, Measure::WinChance));
    assert!(matches!(decision.graded, Graded::Discard { .. }));
    assert!((decision.cost - cost).abs() < 1e-9);
    let total = reviewed.total();
    assert!(total.discards.abs() < 1e-9 && (total.win_chance - cost).abs() < 1e-9);
    let who = crib_table::narrate::Perspective::new(
        GameConfig::default(),
        Some(ME),
        crib_core::BySeat::new(GameConfig::default(), |seat| format!("seat {}", seat.index())),
    );
    let text = decision.describe(&who);
    assert!(text.contains("% win chance given up (in points: hand"), "{text}");
}

#[test]
fn a_missed_pegging_claim_is_graded_as_counting() {
    // Both seats play as the basic player; the person counts its own
    // pegging, right every time but for its first scoring card, claimed 0.
    let (_dir, store) = store();
    let setup = NewGame {
        seed: 4,
        config: GameConfig::default(),
        length: 1.into(),
        muggins: true,
        muggins_pegging: true,
        players: vec![Saved::person("me"), Saved::computer("basic")],
    };
    let (mut play, opening) = Match::new(setup.config, 1, setup.seed).unwrap();
    let id = store.start(&setup, &opening).unwrap();
    let mut players = [Strategy::Basic.player(1), Strategy::Basic.player(2)];
    let mut planted = None;
    let mut ply = 0;
    while play.winner().is_none() {
        let seat = play.game().to_act()[0];
        let action = players[seat.index()].act(&play.view(seat)).unwrap();
        let mut claims = Claims::NONE;
        let mut preview = play.game().clone();
        for event in preview.play(seat, action).unwrap() {
            if let Event::Played { seat: ME, points, .. } = event
                && !points.is_empty()
            {
                let short = planted.is_none();
                if short {
                    planted = Some((ply, points.total()));
                }
                claims = claims.with_pegging(if short { 0 } else { points.total() });
            }
        }
        let events = play.play_claiming(seat, action, claims).unwrap();
        store.record(id, seat, action, claims, &events).unwrap();
        ply += 1;
    }
    let (planted_ply, worth) = planted.expect("the person pegs in a whole game");
    let reviewed = review(&store, id, REVIEW_SEED).unwrap();
    let counted: Vec<_> = reviewed
        .decisions
        .iter()
        .filter(|decision| matches!(decision.graded, Graded::PegCount { .. }))
        .collect();
    assert!(counted.len() > 1, "{counted:#?}");
    for decision in &counted {
        let Graded::PegCount { claimed, worth: card_worth, missed, .. } = decision.graded else {
            unreachable!()
        };
        if decision.ply == planted_ply {
            assert_eq!((claimed, card_worth, missed), (0, worth, worth));
            assert!((decision.cost - f64::from(worth)).abs() < 1e-9);
        } else {
            assert_eq!((claimed, missed), (card_worth, 0));
            assert!(decision.cost < 1e-9);
        }
    }
    assert!(counted.iter().any(|decision| decision.ply == planted_ply));
    assert!((reviewed.total().counting - f64::from(worth)).abs() < 1e-9);
}

#[test]
fn a_review_is_the_same_every_time() {
    let (_dir, store) = store();
    let (id, _) = play_match(&store, 5, Plant::Early);
    assert_eq!(review(&store, id, REVIEW_SEED).unwrap(), review(&store, id, REVIEW_SEED).unwrap());
}

#[test]
fn the_chance_of_winning_starts_each_round_and_ends_with_the_game() {
    let (_dir, store) = store();
    let (id, _) = play_match(&store, 3, Plant::Nothing);
    let reviewed = review(&store, id, REVIEW_SEED).unwrap();
    let resumed = store.resume(id).unwrap();
    let rounds = resumed.summary.results[0].rounds;
    assert_eq!(reviewed.chance.len() as u32, rounds + 1);
    let first = reviewed.chance[0];
    assert_eq!(first.scores, [0, 0]);
    let dealing = matches!(resumed.events[0], Event::CutForDeal { dealer: ME, .. });
    assert!((first.chance - crib_ai::win_chance(121, 121, dealing)).abs() < 1e-12);
    let last = reviewed.chance.last().unwrap();
    let won = resumed.summary.winner.unwrap().index() == 0;
    assert_eq!(last.chance, if won { 1.0 } else { 0.0 });
}

#[test]
fn a_match_of_computers_is_not_reviewed() {
    let (_dir, store) = store();
    let setup = NewGame {
        seed: 4,
        config: GameConfig::default(),
        length: 1.into(),
        muggins: false,
        muggins_pegging: false,
        players: vec![Saved::computer("basic"), Saved::computer("random")],
    };
    let id = crib_store::testing::play_with(&store, &setup).unwrap();
    let error = review(&store, id, REVIEW_SEED).unwrap_err();
    assert!(matches!(error, ReviewError::NoPerson(_)));
    assert!(error.to_string().contains("no person"), "{error}");
    assert!(review(&store, GameId(999), REVIEW_SEED).is_err());
}

#[test]
fn four_players_have_their_sides_chart() {
    let (_dir, store) = store();
    let setup = NewGame {
        seed: 8,
        config: GameConfig::new(4, 121).unwrap(),
        length: 1.into(),
        muggins: false,
        muggins_pegging: false,
        players: vec![
            Saved::person("me"),
            Saved::computer("random"),
            Saved::computer("random"),
            Saved::computer("random"),
        ],
    };
    let id = crib_store::testing::play_with(&store, &setup).unwrap();
    let reviewed = review(&store, id, REVIEW_SEED).unwrap();
    // The first point is the table's chance for the person's side at the
    // start, the last the game's result.
    let first = reviewed.chance.first().expect("a chart");
    let four = crib_ai::WinTable::for_players(4).unwrap();
    let dealing = [four.chance(121, 121, true), four.chance(121, 121, false)];
    assert!(dealing.iter().any(|&chance| (first.chance - chance).abs() < 1e-12), "{first:?}");
    let last = reviewed.chance.last().unwrap();
    assert!(last.chance == 0.0 || last.chance == 1.0, "{last:?}");
}

#[test]
fn three_players_have_a_chart_of_their_own() {
    let (_dir, store) = store();
    let setup = NewGame {
        seed: 8,
        config: GameConfig::new(3, 121).unwrap(),
        length: 1.into(),
        muggins: false,
        muggins_pegging: false,
        players: vec![Saved::person("me"), Saved::computer("random"), Saved::computer("random")],
    };
    let id = crib_store::testing::play_with(&store, &setup).unwrap();
    let reviewed = review(&store, id, REVIEW_SEED).unwrap();
    // The first point is the person's seat's chance at the start of the
    // game, from the three players' table, at its place in the round.
    let first = reviewed.chance.first().expect("a chart");
    let start = crib_ai::ThreeTable::stored().chances([121; 3]);
    assert!(start.iter().any(|&chance| (first.chance - chance).abs() < 1e-12), "{first:?}");
    let last = reviewed.chance.last().unwrap();
    assert!(last.chance == 0.0 || last.chance == 1.0, "{last:?}");
    assert!(!reviewed.decisions.is_empty());
}

/// Plays match `setup` into `store`, each seat by its built-in level in
/// `levels`, seat 0 first (no muggins).
fn play_levels(store: &Store, setup: &NewGame, levels: &[Strategy]) -> GameId {
    let (mut play, opening) = Match::new(setup.config, setup.length, setup.seed).unwrap();
    let id = store.start(setup, &opening).unwrap();
    let mut players: Vec<_> =
        levels.iter().zip(setup.seed..).map(|(level, seed)| level.player(seed)).collect();
    while play.winner().is_none() {
        let seat = play.game().to_act()[0];
        let action = players[seat.index()].act(&play.view(seat)).unwrap();
        let events = play.play_claiming(seat, action, Claims::NONE).unwrap();
        store.record(id, seat, action, Claims::NONE, &events).unwrap();
    }
    id
}

/// A match of `players` to `target`, first to `games` games, with a person
/// at seat 0 and computers at the others.
fn setup(seed: u64, players: u8, target: u8, games: u32, muggins: bool) -> NewGame {
    let mut seats = vec![Saved::person("me")];
    seats.extend((1..players).map(|_| Saved::computer("basic")));
    NewGame {
        seed,
        config: GameConfig::new(players, target).unwrap(),
        length: games.into(),
        muggins,
        muggins_pegging: muggins,
        players: seats,
    }
}

/// Every game of a seeded set of matches (two, three and four players, to
/// 121 and to 61, the person playing at random or as the easy level, with
/// muggins and without) has skill and luck that add up to its result,
/// round by round and over the game; the rounds' changes are the steps of
/// the chart; skill is never positive and comes only from the side's own
/// decisions.
#[test]
fn every_games_skill_and_luck_add_up_to_its_result() {
    use Strategy::{Basic, Easy};
    let (_dir, store) = store();
    let ids = [
        crib_store::testing::play_with(&store, &setup(1, 2, 121, 2, true)).unwrap(),
        crib_store::testing::play_with(&store, &setup(2, 2, 61, 2, true)).unwrap(),
        play_levels(&store, &setup(3, 2, 61, 2, false), &[Easy, Basic]),
        play_levels(&store, &setup(4, 4, 121, 1, false), &[Easy, Basic, Basic, Basic]),
        crib_store::testing::play_with(&store, &setup(5, 4, 61, 2, true)).unwrap(),
        play_levels(&store, &setup(6, 3, 121, 1, false), &[Easy, Basic, Basic]),
        crib_store::testing::play_with(&store, &setup(7, 3, 61, 2, true)).unwrap(),
    ];
    let (mut by_chance, mut counted, mut split) = (0, 0, 0);
    for id in ids {
        let reviewed = review(&store, id, REVIEW_SEED).unwrap();
        let resumed = store.resume(id).unwrap();
        let config = resumed.summary.setup.config;
        let ours = config.side_of(ME);
        assert_eq!(resumed.summary.results.len(), reviewed.games.len(), "match {id}");
        let (mut result, mut skill, mut luck) = (0.0, 0.0, 0.0);
        for (game, played) in reviewed.games.iter().zip(&resumed.summary.results) {
            let at = format!("match {id} ({} players), game {}", config.players(), game.game);
            let of = game.luck_skill.as_ref().unwrap_or_else(|| panic!("{at}: not split"));
            assert_eq!(of.won, played.winner == ours, "{at}");
            // The result, from the chart's first and last points.
            let points: Vec<f64> = reviewed
                .chance
                .iter()
                .filter(|point| point.game == game.game)
                .map(|point| point.chance)
                .collect();
            assert_eq!(of.start, points[0], "{at}");
            assert_eq!(points.last(), Some(&if of.won { 1.0 } else { 0.0 }), "{at}");
            assert_eq!(of.result, points[points.len() - 1] - points[0], "{at}");
            assert!((of.skill + of.luck - of.result).abs() < 1e-12, "{at}: {of:?}");
            // Round by round: each round's change is a step of the chart.
            assert_eq!(of.rounds.len(), points.len() - 1, "{at}");
            assert_eq!(of.rounds.len() as u32, played.rounds, "{at}");
            for (index, round) in of.rounds.iter().enumerate() {
                assert_eq!(round.round, index as u32 + 1, "{at}");
                assert_eq!(round.change, points[index + 1] - points[index], "{at}");
                assert!((round.skill + round.luck - round.change).abs() < 1e-12, "{at}");
                assert!(round.skill <= 0.0, "{at}: {round:?}");
                // Only the side's own decisions that gave something up
                // count as skill.
                let gave_up = reviewed.decisions.iter().any(|decision| {
                    (decision.game, decision.round) == (game.game, round.round)
                        && config.side_of(decision.seat) == ours
                        && decision.cost > 0.0
                });
                if !gave_up {
                    assert_eq!(round.skill, 0.0, "{at}: {round:?}");
                }
            }
            let rounds_skill: f64 = of.rounds.iter().map(|round| round.skill).sum();
            let rounds_luck: f64 = of.rounds.iter().map(|round| round.luck).sum();
            assert!((rounds_skill - of.skill).abs() < 1e-12, "{at}");
            assert!((rounds_luck - of.luck).abs() < 1e-9, "{at}");
            (result, skill, luck) = (result + of.result, skill + of.skill, luck + of.luck);
            split += 1;
        }
        // The match's totals are the games' sums.
        let total = reviewed.luck_skill.unwrap();
        assert_eq!(total.games as usize, reviewed.games.len());
        assert!((total.result - result).abs() < 1e-12 && (total.skill - skill).abs() < 1e-12);
        assert!((total.luck - luck).abs() < 1e-12);
        assert!((total.skill + total.luck - total.result).abs() < 1e-9);
        // A weak player gives something up.
        assert!(total.skill < 0.0, "match {id}: {total:?}");
        by_chance += reviewed.mistakes().filter(|d| d.measure == Measure::WinChance).count();
        counted += reviewed
            .decisions
            .iter()
            .filter(|d| matches!(d.graded, Graded::Count { .. } | Graded::PegCount { .. }))
            .filter(|d| d.cost > 0.0)
            .count();
    }
    assert!(by_chance > 0, "no decision near the end graded by the chance of winning");
    assert!(counted > 0, "no count missed with muggins");
    assert!(split >= 10, "{split} games");
}

/// A person who plays as the reviewing expert gives nothing up: all of each
/// game's result is luck. With mistakes planted, exactly the rounds that
/// hold them have skill, and a mistake graded in the chance of winning is
/// that round's skill.
#[test]
fn the_experts_own_play_has_no_skill_to_lose_and_mistakes_have_it_where_they_are() {
    let (_dir, store) = store();
    let (id, _) = play_match(&store, 3, Plant::Nothing);
    let reviewed = review(&store, id, REVIEW_SEED).unwrap();
    let of = reviewed.games[0].luck_skill.as_ref().unwrap();
    assert!(of.skill.abs() < 1e-12 && (of.luck - of.result).abs() < 1e-12, "{of:?}");
    assert!(of.rounds.iter().all(|round| round.skill.abs() < 1e-12));

    let (id, planted) = play_match(&store, 11, Plant::Early);
    let reviewed = review(&store, id, REVIEW_SEED).unwrap();
    let planted = [planted.discard.unwrap().0, planted.play.unwrap().0, planted.count.unwrap().0];
    let rounds: Vec<u32> = reviewed
        .decisions
        .iter()
        .filter(|decision| planted.contains(&decision.ply))
        .map(|decision| decision.round)
        .collect();
    assert_eq!(rounds.len(), 3);
    let of = reviewed.games[0].luck_skill.as_ref().unwrap();
    for round in &of.rounds {
        if rounds.contains(&round.round) {
            assert!(round.skill < 0.0, "{round:?}");
        } else {
            assert!(round.skill.abs() < 1e-12, "{round:?}");
        }
    }

    let (id, planted) = play_match(&store, 11, Plant::LateDiscard);
    let (ply, cost) = planted.late_discard.unwrap();
    let reviewed = review(&store, id, REVIEW_SEED).unwrap();
    let late = reviewed.decisions.iter().find(|decision| decision.ply == ply).unwrap();
    let of = reviewed.games[0].luck_skill.as_ref().unwrap();
    for round in &of.rounds {
        let expected = if round.round == late.round { -cost } else { 0.0 };
        assert!((round.skill - expected).abs() < 1e-9, "{round:?} against {expected}");
    }
}

/// A match given up in its first game has no split, and says so.
#[test]
fn a_game_not_finished_is_not_split() {
    let (_dir, store) = store();
    let setup = setup(12, 2, 121, 1, false);
    let (mut play, opening) = Match::new(setup.config, 1, setup.seed).unwrap();
    let id = store.start(&setup, &opening).unwrap();
    let mut players = [Strategy::Easy.player(1), Strategy::Basic.player(2)];
    // Two rounds and the deal of the third.
    while play.game().view(ME).round < 3 {
        let seat = play.game().to_act()[0];
        let action = players[seat.index()].act(&play.view(seat)).unwrap();
        let events = play.play_claiming(seat, action, Claims::NONE).unwrap();
        store.record(id, seat, action, Claims::NONE, &events).unwrap();
    }
    let reviewed = review(&store, id, REVIEW_SEED).unwrap();
    assert_eq!(reviewed.games.len(), 1);
    assert_eq!(reviewed.games[0].luck_skill, None);
    assert_eq!(reviewed.luck_skill, None);
    let who = crib_table::narrate::Perspective::new(
        setup.config,
        Some(ME),
        crib_core::BySeat::new(setup.config, |seat| format!("seat {}", seat.index())),
    );
    let text = reviewed.luck_skill_text(&who);
    assert_eq!(text.games, vec!["Not finished, so not split.".to_owned()]);
    assert_eq!(reviewed.luck_skill_lines(&who)[1], "Game 1: Not finished, so not split.");
    assert_eq!(text.total, None);
}

/// The numbers of a polyline's `points` attribute.
fn polyline(svg: &str) -> Vec<(f64, f64)> {
    let start = svg.find("<polyline").unwrap();
    let rest = &svg[start..];
    let attribute = rest.find("points=\"").unwrap() + "points=\"".len();
    let end = rest[attribute..].find('"').unwrap();
    rest[attribute..attribute + end]
        .split_whitespace()
        .map(|pair| {
            let (x, y) = pair.split_once(',').unwrap();
            (x.parse().unwrap(), y.parse().unwrap())
        })
        .collect()
}

#[test]
fn the_svg_chart_draws_every_point_of_the_series() {
    let series = [0.55, 0.61, 0.4, 0.0, 1.0, 0.123];
    let svg = chance_svg(&series);
    assert!(svg.starts_with("<svg"));
    assert!(svg.trim_end().ends_with("</svg>"));
    let points = polyline(&svg);
    assert_eq!(points.len(), series.len());
    // y = 10 + (1 - c) × 180, the x evenly spaced from left to right.
    for (&(_, y), &chance) in points.iter().zip(&series) {
        assert!((1.0 - (y - 10.0) / 180.0 - chance).abs() < 1e-4, "{y} for {chance}");
    }
    let steps: Vec<f64> = points.windows(2).map(|pair| pair[1].0 - pair[0].0).collect();
    assert!(steps.iter().all(|step| (step - steps[0]).abs() < 1e-3 && *step > 0.0));
    // A review's chart is its series.
    let (_dir, store) = store();
    let (id, _) = play_match(&store, 3, Plant::Nothing);
    let reviewed = review(&store, id, REVIEW_SEED).unwrap();
    let drawn = polyline(&chance_svg(&reviewed.chance_series()));
    assert_eq!(drawn.len(), reviewed.chance.len());
    for (&(_, y), point) in drawn.iter().zip(&reviewed.chance) {
        assert!((1.0 - (y - 10.0) / 180.0 - point.chance).abs() < 1e-4);
    }
}

#[test]
fn the_text_chart_puts_each_point_in_its_band() {
    let lines = chance_text(&[1.0, 0.5, 0.0, 0.3]);
    assert_eq!(lines.len(), 8);
    let columns: Vec<Vec<char>> =
        lines.iter().map(|line| line.split_once('│').unwrap().1.chars().collect()).collect();
    let row_of = |column: usize| columns.iter().position(|row| row[column] == '●').unwrap();
    assert_eq!(row_of(0), 0);
    assert_eq!(row_of(1), 3);
    assert_eq!(row_of(2), 7);
    // 30% is in the band from 25% to 37.5%: the sixth line.
    assert_eq!(row_of(3), 5);
    assert!(lines[0].starts_with("100%"));
    assert!(lines[3].starts_with(" 50%"));
    assert!(lines[7].starts_with("  0%"));
}

/// A move the clock made for the person is graded as theirs and said to be
/// the clock's, in the review's list of decisions and its words; the
/// person's own moves are not.
#[test]
fn a_move_made_by_the_clock_is_said_to_be_the_clocks() {
    use crib_core::BySeat;
    use crib_table::narrate::Perspective;
    let (_dir, store) = store();
    let setup = setup(23, 2, 61, 1, false);
    let (mut play, opening) = Match::new(setup.config, setup.length, setup.seed).unwrap();
    let id = store.start(&setup, &opening).unwrap();
    let mut basic = Strategy::Basic.player(0);
    let mut clocked = Vec::new();
    let mut ply = 0;
    while play.winner().is_none() {
        let seat = play.game().to_act()[0];
        let action = basic.act(&play.view(seat)).unwrap();
        let events = play.play_claiming(seat, action, Claims::NONE).unwrap();
        store.record(id, seat, action, Claims::NONE, &events).unwrap();
        // The clock makes every discard of the person's.
        if seat == ME && matches!(action, Action::Discard(_)) {
            store.moved_by_clock(id).unwrap();
            clocked.push(ply);
        }
        ply += 1;
    }
    let reviewed = review(&store, id, REVIEW_SEED).unwrap();
    let who =
        Perspective::new(setup.config, Some(ME), BySeat::new(setup.config, |_| "basic".into()));
    let mut discards = 0;
    for decision in &reviewed.decisions {
        let said = decision.describe(&who);
        let discard = matches!(decision.graded, Graded::Discard { .. });
        assert_eq!(decision.by_clock, discard, "{said}");
        assert_eq!(decision.by_clock, clocked.contains(&decision.ply), "{said}");
        assert_eq!(
            said.starts_with("Moved by the clock: you ran out of time. You "),
            discard,
            "{said}"
        );
        discards += usize::from(discard);
    }
    assert_eq!(discards, clocked.len());
    assert!(discards > 2, "a game to 61 has rounds");
}

/// The review of a seat grades only its side's people, from its side: at
/// two seats both people's, each seat's decisions graded as the whole
/// review grades them, its chance the other side's turned round and its
/// results the other's negated; at four seats a seat and its partner's,
/// that seat first. A computer's seat, or a seat the match has not, has no
/// review.
#[test]
fn the_review_of_a_seat_is_its_sides_from_its_side() {
    let (_dir, store) = store();
    let mut two = setup(31, 2, 61, 2, true);
    two.players = vec![Saved::person("ann"), Saved::person("bo")];
    let id = crib_store::testing::play_with(&store, &two).unwrap();
    let whole = review(&store, id, REVIEW_SEED).unwrap();
    let first = review_seat(&store, id, Seat::ALL[0], REVIEW_SEED).unwrap();
    let second = review_seat(&store, id, Seat::ALL[1], REVIEW_SEED).unwrap();
    assert_eq!(whole.people, [Seat::ALL[0], Seat::ALL[1]]);
    assert_eq!(
        (first.people.as_slice(), second.people.as_slice()),
        ([ME].as_slice(), [Seat::ALL[1]].as_slice())
    );
    for (seat, of_seat) in [(Seat::ALL[0], &first), (Seat::ALL[1], &second)] {
        let graded: Vec<_> =
            whole.decisions.iter().filter(|decision| decision.seat == seat).cloned().collect();
        assert!(!graded.is_empty());
        assert_eq!(of_seat.decisions, graded, "seat {seat}");
    }
    // The first person's side is the whole review's: the same chart and
    // split.
    assert_eq!(first.chance, whole.chance);
    assert_eq!(first.luck_skill, whole.luck_skill);
    for (theirs, ours) in whole.chance.iter().zip(&second.chance) {
        assert!((theirs.chance + ours.chance - 1.0).abs() < 1e-9, "{theirs:?} {ours:?}");
        assert_eq!(theirs.scores, [ours.scores[1], ours.scores[0]]);
    }
    let (theirs, ours) = (whole.luck_skill.unwrap(), second.luck_skill.unwrap());
    assert_eq!(ours.games, 2);
    assert!((theirs.result + ours.result).abs() < 1e-9, "{theirs:?} {ours:?}");
    assert!((ours.skill + ours.luck - ours.result).abs() < 1e-9, "{ours:?}");
    assert!(ours.skill < 0.0, "a person playing at random gives something up");

    let mut four = setup(32, 4, 61, 1, false);
    four.players[1] = Saved::person("bo");
    four.players[2] = Saved::person("cy");
    let id = crib_store::testing::play_with(&store, &four).unwrap();
    let partners = review_seat(&store, id, Seat::ALL[2], REVIEW_SEED).unwrap();
    assert_eq!(partners.people, [Seat::ALL[2], ME]);
    let seats: std::collections::BTreeSet<Seat> =
        partners.decisions.iter().map(|decision| decision.seat).collect();
    assert_eq!(seats.into_iter().collect::<Vec<_>>(), [ME, Seat::ALL[2]]);
    // Seat 0 and seat 2 are one side: the same chart.
    assert_eq!(partners.chance, review(&store, id, REVIEW_SEED).unwrap().chance);
    let alone = review_seat(&store, id, Seat::ALL[1], REVIEW_SEED).unwrap();
    assert_eq!(alone.people, [Seat::ALL[1]]);
    assert!(alone.decisions.iter().all(|decision| decision.seat == Seat::ALL[1]));

    let error = review_seat(&store, id, Seat::ALL[3], REVIEW_SEED).unwrap_err();
    assert!(matches!(error, ReviewError::NotAPerson(_, _)), "{error}");
    let two_seats = GameId(id.0 - 1);
    let error = review_seat(&store, two_seats, Seat::ALL[2], REVIEW_SEED).unwrap_err();
    assert!(matches!(error, ReviewError::NotAPerson(_, _)), "{error}");
}
