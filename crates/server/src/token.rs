//! Secrets from the operating system's random number generator: seat tokens (128 bits), game
//! ids, dice seeds and the salts of their commitments.

use crate::ServerError;

fn random(bytes: &mut [u8]) -> Result<(), ServerError> {
    getrandom::fill(bytes).map_err(|e| ServerError::Random(e.to_string()))
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// A seat's private token: 128 random bits as 32 hex digits.
pub(crate) fn secret() -> Result<String, ServerError> {
    let mut b = [0u8; 16];
    random(&mut b)?;
    Ok(hex(&b))
}

/// A game's public id: 64 random bits as 16 hex digits.
pub(crate) fn game_id() -> Result<String, ServerError> {
    let mut b = [0u8; 8];
    random(&mut b)?;
    Ok(hex(&b))
}

/// A dice seed nobody can guess.
pub(crate) fn seed() -> Result<u64, ServerError> {
    let mut b = [0u8; 8];
    random(&mut b)?;
    Ok(u64::from_le_bytes(b))
}

/// The salt of a seed's commitment: 128 random bits as 32 hex digits, kept secret until the
/// game is over.
pub(crate) fn salt() -> Result<String, ServerError> {
    secret()
}

/// Could this be a game id (16 lower-case hex digits)? Checked before touching the store.
pub(crate) fn plausible_id(id: &str) -> bool {
    id.len() == 16
        && id
            .bytes()
            .all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b))
}

/// Compares a presented token with the stored one in time independent of where they differ.
pub(crate) fn same(given: &str, stored: &str) -> bool {
    let (a, b) = (given.as_bytes(), stored.as_bytes());
    if a.len() != b.len() {
        return false;
    }
    a.iter().zip(b).fold(0u8, |acc, (x, y)| acc | (x ^ y)) == 0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_are_long_distinct_and_hex() {
        let a = secret().unwrap();
        let b = secret().unwrap();
        assert_eq!(a.len(), 32);
        assert_ne!(a, b);
        assert!(a.bytes().all(|c| c.is_ascii_hexdigit()));
        assert!(plausible_id(&game_id().unwrap()));
        assert!(!plausible_id("../etc/passwd"));
        assert!(same(&a, &a.clone()));
        assert!(!same(&a, &b));
        assert!(!same("", &a));
    }
}
