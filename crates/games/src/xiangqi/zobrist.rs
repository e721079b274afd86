//! Zobrist keys: one random 64-bit key per piece code and point, and one for Black to move,
//! fixed at compile time (SplitMix64), so hashes are the same in every run.

use ply_search::SplitMix64;

use super::piece::Code;
use super::square::Square;

const fn piece_keys() -> [[u64; 256]; 16] {
    let mut keys = [[0; 256]; 16];
    let mut random = SplitMix64::new(0x5849_414E_4751_4921); // "XIANGQI!"
    let mut code = 1;
    while code < 16 {
        let mut sq = 0;
        while sq < 256 {
            keys[code][sq] = random.next_u64();
            sq += 1;
        }
        code += 1;
    }
    keys
}

static PIECE_KEYS: [[u64; 256]; 16] = piece_keys();

/// Xor-ed into the hash when Black is to move.
pub const BLACK_TO_MOVE: u64 = SplitMix64::new(0x0BAC_C0DE_0BAC_C0DE).next_u64();

/// The key of piece `code` standing on `sq`.
#[inline]
pub fn piece_key(code: Code, sq: Square) -> u64 {
    PIECE_KEYS[usize::from(code & 15)][usize::from(sq)]
}
