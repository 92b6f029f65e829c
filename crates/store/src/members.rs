//! The club's members: each a name and a personal sign-in key, and the
//! sessions of the browsers they signed in with.
//!
//! A member's key is a [`Token`] handed out once, in their link; the
//! database keeps only its hash, so whoever reads the file cannot sign in
//! as anyone. Re-issuing a key replaces the hash (the old link stops
//! working) and ends the member's sessions. Removing a member keeps their
//! row, so that their name stays with their games and is not given to
//! anyone else, but drops their key's hash and their sessions: nothing
//! signs in as them again.
//!
//! A session is what a browser holds after signing in with a key: another
//! [`Token`], in a cookie, whose hash is kept here with its member. It
//! lasts [`SESSION_DAYS`] days, and a member keeps at most
//! [`SESSIONS_KEPT`] (the oldest go first).
//!
//! Names are unique whatever their case (`alice` is `Alice`), and
//! [`MemberName`] is the one check of what a name may be.

use rusqlite::{Connection, OptionalExtension, TransactionBehavior, params};

use crate::secret::Token;
use crate::{Line, Store, StoreError, Writer};

/// The most characters of a member's name.
pub const MAX_NAME_CHARS: usize = 24;

/// The days a session lasts from its sign-in.
pub const SESSION_DAYS: u32 = 400;

/// The most sessions a member keeps: one more, and their oldest ends.
pub const SESSIONS_KEPT: u32 = 16;

/// A member's name, checked: 1 to [`MAX_NAME_CHARS`] characters, each an
/// ASCII letter or digit, a space, `-`, `_` or `.`, with no space at either
/// end. Letters are ASCII so that two names never look alike while being
/// different names (a Cyrillic `а` beside a Latin `a`), and case makes no
/// other name.
///
/// ```
/// use crib_store::MemberName;
/// assert_eq!(MemberName::new("Ann-Marie J.").unwrap().as_str(), "Ann-Marie J.");
/// assert!(MemberName::new(" Ann").is_err());
/// assert!(MemberName::new("Zoë").is_err());
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct MemberName(String);

/// Why a text is not a member's name.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum NameError {
    /// Too short or too long: its length in characters.
    #[error("a member's name is 1 to {MAX_NAME_CHARS} characters, not {0}")]
    Length(usize),
    /// A character a name may not have.
    #[error("a member's name has letters (A to Z), digits, spaces, '-', '_' and '.', not {0:?}")]
    Character(char),
    /// A space at the start or the end.
    #[error("a member's name neither starts nor ends with a space")]
    Space,
}

impl MemberName {
    /// `text` as a member's name, if it is one.
    ///
    /// # Errors
    ///
    /// [`NameError`]: what is wrong with it.
    pub fn new(text: &str) -> Result<MemberName, NameError> {
        let length = text.chars().count();
        if !(1..=MAX_NAME_CHARS).contains(&length) {
            return Err(NameError::Length(length));
        }
        let allowed = |c: char| c.is_ascii_alphanumeric() || matches!(c, ' ' | '-' | '_' | '.');
        if let Some(bad) = text.chars().find(|&c| !allowed(c)) {
            return Err(NameError::Character(bad));
        }
        if text.starts_with(' ') || text.ends_with(' ') {
            return Err(NameError::Space);
        }
        Ok(MemberName(text.to_owned()))
    }

    /// The name as text.
    #[must_use]
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl std::str::FromStr for MemberName {
    type Err = NameError;

    fn from_str(text: &str) -> Result<MemberName, NameError> {
        MemberName::new(text)
    }
}

impl std::fmt::Display for MemberName {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

/// A member's number in the database.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct MemberId(pub i64);

/// A member as the database has them: never their key, nor its hash.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Member {
    /// Their number.
    pub id: MemberId,
    /// Their name, as it was given.
    pub name: String,
    /// When they were added (UTC, `2026-11-25T14:06:01Z`).
    pub created_at: String,
    /// When their present key was issued.
    pub key_issued_at: String,
    /// When they were removed, if they were.
    pub removed_at: Option<String>,
}

impl Member {
    /// Whether the member was removed.
    #[must_use]
    pub fn removed(&self) -> bool {
        self.removed_at.is_some()
    }
}

/// The columns [`read_member`] reads, of `members`.
const COLUMNS: &str = "members.id, members.name, members.created_at, members.key_issued_at, \
                       members.removed_at";

/// The time now, as the store writes times.
const NOW: &str = "strftime('%Y-%m-%dT%H:%M:%SZ', 'now')";

fn read_member(row: &rusqlite::Row<'_>) -> rusqlite::Result<Member> {
    Ok(Member {
        id: MemberId(row.get(0)?),
        name: row.get(1)?,
        created_at: row.get(2)?,
        key_issued_at: row.get(3)?,
        removed_at: row.get(4)?,
    })
}

/// The member whose row is `where_` (SQL over `members`, its parameter
/// `?1`), if any.
fn one(
    conn: &Connection,
    where_: &str,
    value: impl rusqlite::ToSql,
) -> Result<Option<Member>, StoreError> {
    let sql = format!("SELECT {COLUMNS} FROM members WHERE {where_}");
    Ok(conn.prepare_cached(&sql)?.query_row([value], read_member).optional()?)
}

/// The member called `name`, whatever its case, removed or not.
fn by_name(conn: &Connection, name: &MemberName) -> Result<Option<Member>, StoreError> {
    one(conn, "name = ?1 COLLATE NOCASE", name.as_str())
}

/// The member called `name` who has not been removed.
fn present(conn: &Connection, name: &MemberName) -> Result<Member, StoreError> {
    match by_name(conn, name)? {
        None => Err(StoreError::NoSuchMember(name.to_string())),
        Some(member) if member.removed() => Err(StoreError::MemberRemoved(member.name)),
        Some(member) => Ok(member),
    }
}

/// Adds the member `name` with the key whose hash is `key_hash`, in the
/// caller's transaction.
pub(crate) fn insert_member(
    conn: &Connection,
    name: &MemberName,
    key_hash: &str,
) -> Result<Member, StoreError> {
    if let Some(member) = by_name(conn, name)? {
        return Err(if member.removed() {
            StoreError::NameOfRemoved(member.name)
        } else {
            StoreError::NameTaken(member.name)
        });
    }
    conn.execute(
        "INSERT INTO members (name, key_hash) VALUES (?1, ?2)",
        params![name.as_str(), key_hash],
    )?;
    let id = conn.last_insert_rowid();
    one(conn, "id = ?1", id)?.ok_or(StoreError::NoSuchMember(name.to_string()))
}

/// Gives the member `name` the key whose hash is `key_hash` and ends their
/// sessions, in the caller's transaction.
fn reissue(conn: &Connection, name: &MemberName, key_hash: &str) -> Result<Member, StoreError> {
    let member = present(conn, name)?;
    conn.execute(
        &format!("UPDATE members SET key_hash = ?2, key_issued_at = {NOW} WHERE id = ?1"),
        params![member.id.0, key_hash],
    )?;
    conn.execute("DELETE FROM member_sessions WHERE member_id = ?1", [member.id.0])?;
    Ok(one(conn, "id = ?1", member.id.0)?.unwrap_or(member))
}

/// Removes the member `name`: their key and sessions go, their row stays.
fn remove(conn: &Connection, name: &MemberName) -> Result<Member, StoreError> {
    let member = present(conn, name)?;
    conn.execute(
        &format!("UPDATE members SET key_hash = NULL, removed_at = {NOW} WHERE id = ?1"),
        [member.id.0],
    )?;
    conn.execute("DELETE FROM member_sessions WHERE member_id = ?1", [member.id.0])?;
    Ok(one(conn, "id = ?1", member.id.0)?.unwrap_or(member))
}

/// The present member whose key's hash is `key_hash`.
fn by_key_hash(conn: &Connection, key_hash: &str) -> Result<Option<Member>, StoreError> {
    one(conn, "key_hash = ?1 AND removed_at IS NULL", key_hash)
}

/// The time [`SESSION_DAYS`] days ago, as SQL: sessions begun before it
/// have ended.
fn session_cutoff() -> String {
    format!("strftime('%Y-%m-%dT%H:%M:%SZ', 'now', '-{SESSION_DAYS} days')")
}

/// Opens a session, known by `session_hash`, for the present member whose
/// key's hash is `key_hash`; ends their sessions past [`SESSIONS_KEPT`] and
/// those over [`SESSION_DAYS`] old. In the caller's transaction.
pub(crate) fn open_session(
    conn: &Connection,
    key_hash: &str,
    session_hash: &str,
) -> Result<Member, StoreError> {
    let member = by_key_hash(conn, key_hash)?.ok_or(StoreError::UnknownKey)?;
    conn.execute(
        "INSERT INTO member_sessions (token_hash, member_id) VALUES (?1, ?2)",
        params![session_hash, member.id.0],
    )?;
    conn.execute(
        &format!(
            "DELETE FROM member_sessions WHERE member_id = ?1
             AND (created_at <= {} OR id NOT IN (
                 SELECT id FROM member_sessions WHERE member_id = ?1 ORDER BY id DESC LIMIT ?2))",
            session_cutoff()
        ),
        params![member.id.0, SESSIONS_KEPT],
    )?;
    Ok(member)
}

/// Ends the session known by `session_hash`, if there is one.
pub(crate) fn close_session(conn: &Connection, session_hash: &str) -> Result<(), StoreError> {
    conn.execute("DELETE FROM member_sessions WHERE token_hash = ?1", [session_hash])?;
    Ok(())
}

impl Store {
    /// Adds a member called `name`, with a new key: the member, and the key
    /// for their link, which is not kept (only its hash is).
    ///
    /// # Errors
    ///
    /// [`StoreError::NameTaken`] (whatever its case), or
    /// [`StoreError::NameOfRemoved`] for the name of a removed member; no
    /// randomness; a failed write.
    pub fn add_member(&self, name: &MemberName) -> Result<(Member, Token), StoreError> {
        let key = Token::new()?;
        let member = self.write(|conn| insert_member(conn, name, &key.hash()))?;
        Ok((member, key))
    }

    /// Every member, removed ones too, by name.
    ///
    /// # Errors
    ///
    /// A failed read.
    pub fn members(&self) -> Result<Vec<Member>, StoreError> {
        self.read(|conn| {
            let mut query = conn
                .prepare(&format!("SELECT {COLUMNS} FROM members ORDER BY name COLLATE NOCASE"))?;
            let members = query.query_map([], read_member)?.collect::<Result<_, _>>()?;
            Ok(members)
        })
    }

    /// Gives the member `name` a new key: the old one stops working, and
    /// every browser signed in as them is signed out. The member, and the
    /// key for their new link.
    ///
    /// # Errors
    ///
    /// [`StoreError::NoSuchMember`], [`StoreError::MemberRemoved`]; no
    /// randomness; a failed write.
    pub fn reissue_member(&self, name: &MemberName) -> Result<(Member, Token), StoreError> {
        let key = Token::new()?;
        let member = self.write(|conn| reissue(conn, name, &key.hash()))?;
        Ok((member, key))
    }

    /// Removes the member `name`: their key stops working and their
    /// browsers are signed out; their row (and name) stay, marked removed.
    ///
    /// # Errors
    ///
    /// [`StoreError::NoSuchMember`], [`StoreError::MemberRemoved`] (removed
    /// already); a failed write.
    pub fn remove_member(&self, name: &MemberName) -> Result<Member, StoreError> {
        self.write(|conn| remove(conn, name))
    }

    /// The member whose key's hash is `key_hash`, unless they were removed.
    ///
    /// # Errors
    ///
    /// A failed read.
    pub fn member_by_key_hash(&self, key_hash: &str) -> Result<Option<Member>, StoreError> {
        self.read(|conn| by_key_hash(conn, key_hash))
    }

    /// The member signed in with the session whose hash is `session_hash`,
    /// if the session is theirs, has not ended, and they were not removed.
    ///
    /// # Errors
    ///
    /// A failed read.
    pub fn member_by_session_hash(&self, session_hash: &str) -> Result<Option<Member>, StoreError> {
        self.read(|conn| {
            let sql = format!(
                "SELECT {COLUMNS} FROM member_sessions
                 JOIN members ON members.id = member_sessions.member_id
                 WHERE member_sessions.token_hash = ?1 AND members.removed_at IS NULL
                   AND member_sessions.created_at > {}",
                session_cutoff()
            );
            Ok(conn.prepare_cached(&sql)?.query_row([session_hash], read_member).optional()?)
        })
    }

    /// Opens a session, as [`Writer::open_session`] does.
    ///
    /// # Errors
    ///
    /// [`StoreError::UnknownKey`]: no present member has that key; a failed
    /// write.
    pub fn open_session(&self, key_hash: &str, session_hash: &str) -> Result<Member, StoreError> {
        self.write(|conn| open_session(conn, key_hash, session_hash))
    }

    /// Runs `write` in one immediate transaction of the writer.
    pub(crate) fn write<T>(
        &self,
        write: impl FnOnce(&Connection) -> Result<T, StoreError>,
    ) -> Result<T, StoreError> {
        let mut conn = self.writer();
        let tx = conn.transaction_with_behavior(TransactionBehavior::Immediate)?;
        let value = write(&tx)?;
        tx.commit()?;
        Ok(value)
    }
}

impl Writer {
    /// Queues adding the member `name` on `line`, with the key whose hash
    /// is `key_hash`, as [`Store::add_member`] does with a key of its own.
    pub fn add_member(&self, line: &Line, name: MemberName, key_hash: String) {
        self.submit(line, move |conn| insert_member(conn, &name, &key_hash).map(drop));
    }

    /// Queues opening a session on `line`, known by `session_hash`, for the
    /// member whose key's hash is `key_hash`; it fails with
    /// [`StoreError::UnknownKey`] if no present member has that key by the
    /// time it is written.
    pub fn open_session(&self, line: &Line, key_hash: String, session_hash: String) {
        self.submit(line, move |conn| open_session(conn, &key_hash, &session_hash).map(drop));
    }

    /// Queues ending the session known by `session_hash` on `line`.
    pub fn close_session(&self, line: &Line, session_hash: String) {
        self.submit(line, move |conn| close_session(conn, &session_hash));
    }
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;

    /// Whether `text` is a member's name, said plainly: the reference the
    /// check is held to.
    fn is_name(text: &str) -> bool {
        let chars: Vec<char> = text.chars().collect();
        let allowed = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 -_.";
        !chars.is_empty()
            && chars.len() <= 24
            && chars.iter().all(|&c| allowed.contains(c))
            && chars[0] != ' '
            && chars[chars.len() - 1] != ' '
    }

    proptest! {
        #[test]
        fn names_are_checked_as_the_reference_says(
            text in "[a-zA-Z0-9 ._\\-é\u{430}\t!/]{0,30}"
        ) {
            let checked = MemberName::new(&text);
            prop_assert_eq!(checked.is_ok(), is_name(&text), "{:?}: {:?}", text, checked);
            if let Ok(name) = checked {
                prop_assert_eq!(name.as_str(), text.as_str());
                prop_assert_eq!(name.to_string(), text.clone());
                prop_assert_eq!(text.parse::<MemberName>(), Ok(name));
            }
        }

        #[test]
        fn any_text_is_answered_without_a_panic(text in any::<String>()) {
            prop_assert_eq!(MemberName::new(&text).is_ok(), is_name(&text));
        }
    }

    #[test]
    fn each_refusal_says_what_is_wrong() {
        assert_eq!(MemberName::new(""), Err(NameError::Length(0)));
        assert_eq!(MemberName::new(&"a".repeat(25)), Err(NameError::Length(25)));
        assert!(MemberName::new(&"a".repeat(24)).is_ok());
        assert_eq!(MemberName::new("Zoë"), Err(NameError::Character('ë')));
        assert_eq!(MemberName::new("a/b"), Err(NameError::Character('/')));
        assert_eq!(MemberName::new("Ann "), Err(NameError::Space));
        assert_eq!(MemberName::new(" "), Err(NameError::Space));
        assert_eq!(
            NameError::Length(30).to_string(),
            "a member's name is 1 to 24 characters, not 30"
        );
    }
}
