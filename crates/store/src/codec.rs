//! How actions, claims and seeds are written in the database (a seed as
//! SQLite's `i64`, the same 64 bits); actions and claims as short text in the
//! words of the engine protocol (`deal`, `discard 4C 5H`, `play 5H`, `go`),
//! readable by a person with the `sqlite3` shell and parsed back exactly.

use crib_core::{Action, Card, CardSet, Claims, MatchLength, Seat, parse_cards};

/// A match's length as stored: the count of games (to win, or to play) in
/// `games_to_win`, and whether all of them are played in `all_played` (a
/// column of the eighth schema, 0 before it).
pub(crate) fn length_to_sql(length: MatchLength) -> (u32, bool) {
    match length {
        MatchLength::FirstTo(wins) => (wins, false),
        MatchLength::AllOf(games) => (games, true),
    }
}

/// Reads a length written by [`length_to_sql`].
pub(crate) fn length_from_sql(games: u32, all_played: bool) -> MatchLength {
    if all_played { MatchLength::AllOf(games) } else { MatchLength::FirstTo(games) }
}

/// An action as stored: its `Display` form.
pub(crate) fn action_text(action: Action) -> String {
    action.to_string()
}

/// Reads an action written by [`action_text`].
pub(crate) fn parse_action(text: &str) -> Option<Action> {
    let (verb, rest) = text.split_once(' ').unwrap_or((text, ""));
    match verb {
        "deal" if rest.is_empty() => Some(Action::Deal),
        "go" if rest.is_empty() => Some(Action::Go),
        "play" => rest.parse::<Card>().ok().map(Action::Play),
        "discard" => {
            let cards = parse_cards(rest).ok()?;
            CardSet::from_distinct(cards).ok().map(Action::Discard)
        }
        _ => None,
    }
}

/// Claims as stored: `None` for none, else `0=8 crib=4` (seat 0 claims 8
/// for its hand, the dealer 4 for the crib), or `play=2` (the seat that
/// plays claims its card pegs 2).
pub(crate) fn claims_text(claims: Claims) -> Option<String> {
    let mut parts: Vec<String> = Seat::ALL
        .iter()
        .filter_map(|&seat| claims.hand(seat).map(|points| format!("{seat}={points}")))
        .collect();
    if let Some(points) = claims.crib() {
        parts.push(format!("crib={points}"));
    }
    if let Some(points) = claims.pegging() {
        parts.push(format!("play={points}"));
    }
    (!parts.is_empty()).then(|| parts.join(" "))
}

/// Reads claims written by [`claims_text`].
pub(crate) fn parse_claims(text: Option<&str>) -> Option<Claims> {
    let mut claims = Claims::NONE;
    for part in text.unwrap_or_default().split_whitespace() {
        let (who, points) = part.split_once('=')?;
        let points: u8 = points.parse().ok()?;
        claims = if who == "crib" {
            claims.with_crib(points)
        } else if who == "play" {
            claims.with_pegging(points)
        } else {
            claims.with_hand(Seat::new(who.parse().ok()?)?, points)
        };
    }
    Some(claims)
}

/// A `u64` seed as SQLite's `i64`: the same 64 bits.
pub(crate) const fn seed_to_sql(seed: u64) -> i64 {
    i64::from_ne_bytes(seed.to_ne_bytes())
}

/// A seed read back from SQLite's `i64`.
pub(crate) const fn seed_from_sql(value: i64) -> u64 {
    u64::from_ne_bytes(value.to_ne_bytes())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn actions_round_trip() {
        let cards = CardSet::from_distinct(parse_cards("4C 5H").unwrap()).unwrap();
        for action in
            [Action::Deal, Action::Go, Action::Play("JD".parse().unwrap()), Action::Discard(cards)]
        {
            assert_eq!(parse_action(&action_text(action)), Some(action));
        }
        for bad in ["", "deal 5H", "play", "play 1X", "discard 5H 5H", "fold"] {
            assert_eq!(parse_action(bad), None, "{bad:?}");
        }
    }

    #[test]
    fn claims_round_trip() {
        let claims = Claims::NONE.with_hand(Seat::ALL[0], 8).with_crib(4);
        assert_eq!(claims_text(claims).as_deref(), Some("0=8 crib=4"));
        assert_eq!(parse_claims(Some("0=8 crib=4")), Some(claims));
        let pegging = Claims::NONE.with_pegging(2);
        assert_eq!(claims_text(pegging).as_deref(), Some("play=2"));
        assert_eq!(parse_claims(Some("play=2")), Some(pegging));
        assert_eq!(claims_text(Claims::NONE), None);
        assert_eq!(parse_claims(None), Some(Claims::NONE));
        for bad in ["0", "5=1", "x=1", "crib=300"] {
            assert_eq!(parse_claims(Some(bad)), None, "{bad:?}");
        }
    }
}
