//! Seeded chance. `rand`'s own samplers may change between versions, so the project samples with
//! its own code on top of the ChaCha8 stream, which is stable. Chance draw `k` of a game uses
//! stream `k` of the game's seed, so a resumed game continues exactly as an uninterrupted one.

use rand_chacha::ChaCha8Rng;
use rand_chacha::rand_core::{Rng, SeedableRng};

pub fn stream(seed: u64, index: u64) -> ChaCha8Rng {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    rng.set_stream(index);
    rng
}

/// SplitMix64's increment (the golden ratio), also the step between seats' bot seeds.
const GAMMA: u64 = 0x9E37_79B9_7F4A_7C15;

/// SplitMix64: advances `state` and returns its next number. The rules use it where they need
/// a fixed, seedable shuffle without a generator (`vary_hidden`).
pub fn splitmix64(state: &mut u64) -> u64 {
    *state = state.wrapping_add(GAMMA);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// The number SplitMix64 gives from state `x`, without keeping the state.
pub fn mix(x: u64) -> u64 {
    let mut state = x;
    splitmix64(&mut state)
}

/// The seed of the computer player in `seat`, derived from the game's seed, so that one game
/// seed gives the same computer players from the command line, the launcher and `sim`.
pub fn bot_seed(seed: u64, seat: usize) -> u64 {
    seed.wrapping_mul(GAMMA).wrapping_add(seat as u64 + 1)
}

/// Uniform in `0..n` (n > 0) without modulo bias.
pub fn below(rng: &mut ChaCha8Rng, n: u64) -> u64 {
    if n <= 1 {
        return 0;
    }
    let zone = u64::MAX - (u64::MAX % n);
    loop {
        let x = rng.next_u64();
        if x < zone {
            return x % n;
        }
    }
}

/// An index chosen with probability proportional to its weight; `None` if all are zero.
pub fn weighted(rng: &mut ChaCha8Rng, weights: &[u32]) -> Option<usize> {
    weighted_by(rng, weights, |&w| w)
}

/// [`weighted`] over `items` with the weight `weight` reads from each (a game's chance outcomes
/// and their weights), without a list of the weights: the same draw from the same generator.
pub fn weighted_by<T>(
    rng: &mut ChaCha8Rng,
    items: &[T],
    weight: impl Fn(&T) -> u32,
) -> Option<usize> {
    let total: u64 = items.iter().map(|x| u64::from(weight(x))).sum();
    if total == 0 {
        return None;
    }
    let mut pick = below(rng, total);
    for (i, x) in items.iter().enumerate() {
        let w = u64::from(weight(x));
        if pick < w {
            return Some(i);
        }
        pick -= w;
    }
    None
}

/// A fresh seed from the operating system's clock and process id, for games started without one.
pub fn fresh_seed() -> u64 {
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_nanos() as u64)
        .unwrap_or(0);
    let mut rng = ChaCha8Rng::seed_from_u64(nanos ^ (u64::from(std::process::id()) << 32));
    rng.next_u64()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn streams_are_reproducible_and_distinct() {
        let a = stream(7, 0).next_u64();
        assert_eq!(a, stream(7, 0).next_u64());
        assert_ne!(a, stream(7, 1).next_u64());
    }

    #[test]
    fn weighted_respects_zero_weights() {
        let mut rng = stream(1, 0);
        for _ in 0..1000 {
            let i = weighted(&mut rng, &[0, 3, 0, 1]);
            assert!(matches!(i, Some(1) | Some(3)));
        }
        assert_eq!(weighted(&mut rng, &[0, 0]), None);
    }

    #[test]
    fn splitmix_matches_its_reference_values() {
        // The first outputs of SplitMix64 from state 0 (Vigna's reference implementation).
        let mut s = 0;
        assert_eq!(splitmix64(&mut s), 0xE220_A839_7B1D_CDAF);
        assert_eq!(splitmix64(&mut s), 0x6E78_9E6A_A1B9_65F4);
        assert_eq!(mix(0), 0xE220_A839_7B1D_CDAF);
        assert_ne!(bot_seed(7, 0), bot_seed(7, 1));
    }

    #[test]
    fn below_covers_range() {
        let mut rng = stream(3, 0);
        let mut seen = [false; 6];
        for _ in 0..600 {
            seen[below(&mut rng, 6) as usize] = true;
        }
        assert!(seen.iter().all(|&s| s));
    }
}
