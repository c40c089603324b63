//! Table codes and reconnect codes: eight characters of Crockford's base-32 alphabet drawn from
//! the operating system's randomness (40 bits: not worth guessing through the server's limits
//! on connections and attempts), typed in any case, with or without a dash, and with the
//! letters people confuse with digits read as those digits.

/// Crockford's base 32: the digits and the letters but I, L, O and U.
const ALPHABET: &[u8; 32] = b"0123456789ABCDEFGHJKMNPQRSTVWXYZ";

/// How many characters a code has.
pub const LEN: usize = 8;

/// A fresh code. 256 is a multiple of 32, so every character is equally likely.
pub fn fresh() -> String {
    let mut bytes = [0u8; LEN];
    if rand::TryRng::try_fill_bytes(&mut rand::rngs::SysRng, &mut bytes).is_err() {
        // The thread generator is a CSPRNG seeded from the same source.
        rand::fill(&mut bytes);
    }
    bytes
        .iter()
        .map(|b| char::from(ALPHABET[usize::from(b % 32)]))
        .collect()
}

/// A fresh code not in `taken`.
pub fn fresh_unused(taken: impl Fn(&str) -> bool) -> String {
    loop {
        let c = fresh();
        if !taken(&c) {
            return c;
        }
    }
}

/// A code as typed, in its canonical form: upper case, without dashes or spaces, with O read
/// as 0 and I or L as 1. `None` when it cannot be a code.
pub fn normalize(typed: &str) -> Option<String> {
    let mut out = String::new();
    for c in typed.chars() {
        let c = match c.to_ascii_uppercase() {
            '-' | ' ' => continue,
            'O' => '0',
            'I' | 'L' => '1',
            c => c,
        };
        if !c.is_ascii() || !ALPHABET.contains(&(c as u8)) {
            return None;
        }
        out.push(c);
    }
    (out.len() == LEN).then_some(out)
}

/// The table code an SSH user name carries, for an invite (`ssh -p 2222 7K2M-9PQR@host`): the
/// shown form with its dash, or eight code characters with a digit among them. A name of eight
/// letters ("Beatrice") stays a name: no code is read into it.
pub fn in_user_name(user: &str) -> Option<String> {
    let dashed = user.len() == LEN + 1 && user.as_bytes().get(LEN / 2) == Some(&b'-');
    let digit = user.bytes().any(|b| b.is_ascii_digit());
    if !(dashed || digit) || user.contains(' ') {
        return None;
    }
    normalize(user)
}

/// A code as shown: two groups of four, easier to read out.
pub fn show(code: &str) -> String {
    if code.len() == LEN && code.is_ascii() {
        format!("{}-{}", &code[..4], &code[4..])
    } else {
        code.to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fresh_codes_are_canonical_and_differ() {
        let a = fresh();
        assert_eq!(a.len(), LEN);
        assert_eq!(normalize(&a).as_deref(), Some(a.as_str()));
        let many: std::collections::BTreeSet<String> = (0..200).map(|_| fresh()).collect();
        assert_eq!(many.len(), 200, "40 random bits do not repeat in 200 draws");
    }

    #[test]
    fn typing_is_forgiving_but_not_loose() {
        assert_eq!(normalize("abcd-efgh").as_deref(), Some("ABCDEFGH"));
        assert_eq!(normalize(" 7k2m 9pqr ").as_deref(), Some("7K2M9PQR"));
        assert_eq!(normalize("OIL0-1234").as_deref(), Some("01101234"));
        assert_eq!(normalize("ABCDEFG"), None, "too short");
        assert_eq!(normalize("ABCDEFGHJ"), None, "too long");
        assert_eq!(normalize("ABCDEFGU"), None, "U is not in the alphabet");
        assert_eq!(normalize("ABCDÉFGH"), None);
        assert_eq!(show("ABCDEFGH"), "ABCD-EFGH");
    }

    #[test]
    fn an_invites_user_name_is_a_code_only_when_it_looks_like_one() {
        assert_eq!(in_user_name("7K2M-9PQR").as_deref(), Some("7K2M9PQR"));
        assert_eq!(in_user_name("abcd-efgh").as_deref(), Some("ABCDEFGH"));
        assert_eq!(in_user_name("7k2m9pqr").as_deref(), Some("7K2M9PQR"));
        assert_eq!(in_user_name("Beatrice"), None, "eight letters: a name");
        assert_eq!(in_user_name("alexandr"), None);
        assert_eq!(in_user_name("ann"), None);
        assert_eq!(in_user_name("7K2M 9PQR"), None);
        assert_eq!(in_user_name("ann2"), None, "too short for a code");
    }
}
