//! Secrets and their hashes: the one way a secret handed to a browser (a
//! seat's token, a member's sign-in key, a session) is kept in the
//! database, as the SHA-256 of its text, never the text itself; and the
//! tokens of the club, drawn from the operating system's generator.
//!
//! A hash is enough to recognise a secret sent again, and useless to anyone
//! who reads the file: the secrets are drawn at random, far too many to
//! try.

use base64::Engine;
use sha2::{Digest, Sha256};

use crate::StoreError;

/// The random bytes of a [`Token`].
const TOKEN_BYTES: usize = 32;

/// The SHA-256 of `secret`'s text, as 64 lower-case hexadecimal digits: how
/// every secret is kept in the database.
///
/// ```
/// assert_eq!(
///     crib_store::token_hash("abc"),
///     "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
/// );
/// ```
#[must_use]
pub fn token_hash(secret: &str) -> String {
    Sha256::digest(secret.as_bytes()).iter().map(|byte| format!("{byte:02x}")).collect()
}

/// A secret of the club's: 256 random bits from the operating system's
/// generator, as URL-safe base64 without padding (43 characters), to sit in
/// a link's fragment or a cookie as it is. A member's sign-in key is one,
/// and so is a browser's session after sign-in.
///
/// Its `Debug` form hides it, so that it stays out of logs and panic
/// messages.
#[derive(Clone, PartialEq, Eq)]
pub struct Token(String);

impl std::fmt::Debug for Token {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Token(..)")
    }
}

impl Token {
    /// A fresh token.
    ///
    /// # Errors
    ///
    /// [`StoreError::NoRandomness`]: the system's generator failed.
    pub fn new() -> Result<Token, StoreError> {
        let mut bytes = [0u8; TOKEN_BYTES];
        getrandom::fill(&mut bytes).map_err(|_| StoreError::NoRandomness)?;
        Ok(Token(base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(bytes)))
    }

    /// The token's text: what its holder sends.
    #[must_use]
    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// Its [`token_hash`]: what the database keeps.
    #[must_use]
    pub fn hash(&self) -> String {
        token_hash(&self.0)
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]

    use super::*;

    #[test]
    fn a_token_is_43_url_safe_characters_and_never_the_same_twice() {
        let tokens: Vec<Token> = (0..64).map(|_| Token::new().unwrap()).collect();
        for token in &tokens {
            assert_eq!(token.as_str().len(), 43);
            assert!(
                token.as_str().chars().all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_')
            );
            let bytes =
                base64::engine::general_purpose::URL_SAFE_NO_PAD.decode(token.as_str()).unwrap();
            assert_eq!(bytes.len(), TOKEN_BYTES);
            assert_eq!(token.hash(), token_hash(token.as_str()));
            assert_eq!(format!("{token:?}"), "Token(..)");
        }
        let mut texts: Vec<&str> = tokens.iter().map(Token::as_str).collect();
        texts.sort_unstable();
        texts.dedup();
        assert_eq!(texts.len(), tokens.len());
    }

    #[test]
    fn the_hash_is_sha_256_in_hexadecimal() {
        // `printf '' | sha256sum`
        assert_eq!(
            token_hash(""),
            "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"
        );
        assert_eq!(token_hash("a").len(), 64);
    }
}
