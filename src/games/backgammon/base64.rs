//! The base64 of GNU Backgammon's IDs (standard alphabet, no padding):
//! bytes to characters and back, six bits per character, most
//! significant first.

const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

fn sextet(c: u8) -> Option<u8> {
    ALPHABET.iter().position(|&a| a == c).map(|i| i as u8)
}

/// True when `c` is one of the 64 characters.
pub fn is_base64(c: char) -> bool {
    c.is_ascii() && sextet(c as u8).is_some()
}

/// The whole bytes that `text` encodes (trailing bits that do not fill a
/// byte are dropped); `None` on a character outside the alphabet.
pub fn decode(text: &str) -> Option<Vec<u8>> {
    let mut out = Vec::with_capacity(text.len() * 3 / 4);
    let mut acc: u32 = 0;
    let mut n = 0;
    for c in text.bytes() {
        acc = (acc << 6) | u32::from(sextet(c)?);
        n += 6;
        if n >= 8 {
            n -= 8;
            out.push((acc >> n) as u8);
            acc &= (1 << n) - 1;
        }
    }
    Some(out)
}

/// `bytes` as base64 without padding.
pub fn encode(bytes: &[u8]) -> String {
    let mut out = String::with_capacity(bytes.len().div_ceil(3) * 4);
    let mut acc: u32 = 0;
    let mut n = 0;
    let mut push = |i: u32| out.push(char::from(ALPHABET[(i & 63) as usize]));
    for &byte in bytes {
        acc = (acc << 8) | u32::from(byte);
        n += 8;
        while n >= 6 {
            n -= 6;
            push(acc >> n);
        }
        acc &= (1 << n) - 1;
    }
    if n > 0 {
        push(acc << (6 - n));
    }
    out
}

/// Bit `i` of a little-endian bit string (bit 0 = lowest bit of byte 0).
pub fn bit(bytes: &[u8], i: usize) -> bool {
    bytes.get(i / 8).is_some_and(|b| b >> (i % 8) & 1 == 1)
}

/// `width` bits from bit `at`, lowest first.
pub fn field(bytes: &[u8], at: usize, width: usize) -> u32 {
    (0..width).fold(0, |v, k| v | (u32::from(bit(bytes, at + k)) << k))
}

/// Writes `value` into `width` bits from bit `at`.
pub fn set_field(bytes: &mut [u8], at: usize, width: usize, value: u32) {
    for k in 0..width {
        if value >> k & 1 == 1
            && let Some(b) = bytes.get_mut((at + k) / 8)
        {
            *b |= 1 << ((at + k) % 8);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trips_and_refuses_foreign_characters() {
        let bytes = [0x70, 0x09, 0, 0, 0, 0, 0, 0, 0];
        assert_eq!(encode(&bytes), "cAkAAAAAAAAA");
        assert_eq!(decode("cAkAAAAAAAAA").as_deref(), Some(&bytes[..]));
        assert_eq!(decode("cAk-"), None);
        let mut b = [0u8; 9];
        set_field(&mut b, 15, 3, 5);
        assert_eq!(field(&b, 15, 3), 5);
        assert!(bit(&b, 15) && !bit(&b, 16) && bit(&b, 17));
    }
}
