//! Zobrist keys: one random 64-bit key per piece code and point, and one for Black to move,
//! fixed at compile time (SplitMix64), so hashes are the same in every run.

use super::piece::Code;
use super::square::Square;

const fn splitmix(state: u64) -> (u64, u64) {
    let state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    (state, z ^ (z >> 31))
}

const fn piece_keys() -> [[u64; 256]; 16] {
    let mut keys = [[0; 256]; 16];
    let mut state = 0x5849_414E_4751_4921; // "XIANGQI!"
    let mut code = 1;
    while code < 16 {
        let mut sq = 0;
        while sq < 256 {
            let (next, key) = splitmix(state);
            state = next;
            keys[code][sq] = key;
            sq += 1;
        }
        code += 1;
    }
    keys
}

static PIECE_KEYS: [[u64; 256]; 16] = piece_keys();

/// Xor-ed into the hash when Black is to move.
pub const BLACK_TO_MOVE: u64 = splitmix(0x0BAC_C0DE_0BAC_C0DE).1;

/// The key of piece `code` standing on `sq`.
#[inline]
pub fn piece_key(code: Code, sq: Square) -> u64 {
    PIECE_KEYS[usize::from(code & 15)][usize::from(sq)]
}
