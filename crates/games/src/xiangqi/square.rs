//! Points of the board in a padded array: `(rank + 2) * 16 + file + 3`, so that every step,
//! slide and horse jump from a real point lands inside the array, on a real point or on
//! the [`OFF`](super::piece::OFF) margin. Files a–i run from Red's left, ranks 0–9 from
//! Red's back rank, as Pikafish and UCCI write them.

use ply_search::Side;

/// A point of the padded array (0–255; real points are those with [`ON_BOARD`]).
pub type Square = u8;

/// Files on the board.
pub const FILES: u8 = 9;
/// Ranks on the board.
pub const RANKS: u8 = 10;

/// One rank towards Black.
pub const NORTH: i8 = 16;
/// One rank towards Red.
pub const SOUTH: i8 = -16;
/// One file towards Red's right (file i).
pub const EAST: i8 = 1;
/// One file towards Red's left (file a).
pub const WEST: i8 = -1;

/// The four orthogonal steps.
pub const ORTHOGONAL: [i8; 4] = [NORTH, SOUTH, EAST, WEST];
/// The four diagonal steps.
pub const DIAGONAL: [i8; 4] = [NORTH + EAST, NORTH + WEST, SOUTH + EAST, SOUTH + WEST];

/// The point on `file` (0–8) and `rank` (0–9).
#[inline]
pub const fn square(file: u8, rank: u8) -> Square {
    (rank + 2) * 16 + file + 3
}

/// The file (0–8) of a real point.
#[inline]
pub const fn file_of(sq: Square) -> u8 {
    (sq & 15).wrapping_sub(3)
}

/// The rank (0–9) of a real point.
#[inline]
pub const fn rank_of(sq: Square) -> u8 {
    (sq >> 4).wrapping_sub(2)
}

/// The point `step` away from `sq` (wrapping inside the array).
#[inline]
pub const fn offset(sq: Square, step: i8) -> Square {
    sq.wrapping_add(step as u8)
}

/// The dense index 0–89 of a real point: `rank * 9 + file`.
#[inline]
pub const fn index90(sq: Square) -> usize {
    rank_of(sq) as usize * FILES as usize + file_of(sq) as usize
}

/// The point with dense index 0–89.
#[cfg(test)]
#[inline]
pub const fn from_index90(index: usize) -> Square {
    square((index % 9) as u8, (index / 9) as u8)
}

const fn tables() -> [[bool; 256]; 5] {
    // 0: Red palace, 1: Black palace, 2: Red half, 3: Black half, 4: on the board.
    let mut out = [[false; 256]; 5];
    let mut rank = 0;
    while rank < RANKS {
        let mut file = 0;
        while file < FILES {
            let sq = square(file, rank) as usize;
            let palace_files = file >= 3 && file <= 5;
            out[0][sq] = palace_files && rank <= 2;
            out[1][sq] = palace_files && rank >= 7;
            out[2][sq] = rank <= 4;
            out[3][sq] = rank >= 5;
            out[4][sq] = true;
            file += 1;
        }
        rank += 1;
    }
    out
}

static TABLES: [[bool; 256]; 5] = tables();

/// Real points of the board.
pub static ON_BOARD: [bool; 256] = tables()[4];

/// Whether `sq` is inside `side`'s palace.
#[inline]
pub fn in_palace(side: Side, sq: Square) -> bool {
    TABLES[side.index()][usize::from(sq)]
}

/// Whether `sq` is on `side`'s own half (not across the river for it).
#[inline]
pub fn on_home_half(side: Side, sq: Square) -> bool {
    TABLES[2 + side.index()][usize::from(sq)]
}

/// One rank forward for `side`'s soldiers.
#[inline]
pub const fn forward(side: Side) -> i8 {
    match side {
        Side::First => NORTH,
        Side::Second => SOUTH,
    }
}

/// The ICCS name of a point: file letter a–i and rank digit 0–9 (`e0`).
pub fn name(sq: Square) -> String {
    format!("{}{}", (b'a' + file_of(sq)) as char, rank_of(sq))
}

/// Reads an ICCS point name (`h2`, `H2`); `None` when it is not one.
pub fn parse(text: &[u8]) -> Option<Square> {
    let [letter, digit] = text else {
        return None;
    };
    let file = letter.to_ascii_lowercase().checked_sub(b'a')?;
    let rank = digit.checked_sub(b'0')?;
    (file < FILES && rank < RANKS).then(|| square(file, rank))
}

/// Every real point, rank 0 file a first.
#[cfg(test)]
pub fn all() -> impl Iterator<Item = Square> {
    (0..90).map(from_index90)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_jump_from_the_board_stays_in_the_array() {
        for sq in all() {
            assert!(ON_BOARD[usize::from(sq)]);
            for step in [
                2 * NORTH + EAST,
                2 * SOUTH + WEST,
                NORTH + 2 * EAST,
                SOUTH + 2 * WEST,
            ] {
                let to = i32::from(sq) + i32::from(step);
                assert!((0..256).contains(&to));
            }
            assert_eq!(square(file_of(sq), rank_of(sq)), sq);
            assert_eq!(from_index90(index90(sq)), sq);
        }
        assert_eq!(ON_BOARD.iter().filter(|on| **on).count(), 90);
        assert_eq!(name(square(7, 2)), "h2");
        assert_eq!(parse(b"h2"), Some(square(7, 2)));
        assert_eq!(parse(b"j2"), None);
    }

    #[test]
    fn palaces_and_halves() {
        assert!(in_palace(Side::First, square(4, 0)));
        assert!(in_palace(Side::First, square(3, 2)));
        assert!(!in_palace(Side::First, square(4, 3)));
        assert!(in_palace(Side::Second, square(5, 9)));
        assert!(on_home_half(Side::First, square(0, 4)));
        assert!(!on_home_half(Side::First, square(0, 5)));
        assert!(!in_palace(Side::First, offset(square(3, 0), WEST)));
    }
}
