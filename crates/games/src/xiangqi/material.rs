//! Winning material: whether one side still has a piece that can cross the river and
//! attack (chariot, horse, cannon or soldier), the question a fallen flag asks. A side left
//! with its general, advisors and elephants cannot win, so its opponent's flag draws.

use ply_search::Side;

use super::Xiangqi;
use super::piece::{Kind, kind_of};

impl Xiangqi {
    /// Whether `side` has a chariot, horse, cannon or soldier: the pieces that can leave
    /// their own half of the board. Without one it cannot checkmate.
    pub fn has_attacking_piece(&self, side: Side) -> bool {
        let position = self.position();
        position.pieces(side).iter().any(|&square| {
            matches!(
                kind_of(position.at(square)),
                Kind::Chariot | Kind::Horse | Kind::Cannon | Kind::Soldier
            )
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn can_win(fen: &str, side: Side) -> bool {
        Xiangqi::from_fen(fen)
            .expect("a FEN")
            .has_attacking_piece(side)
    }

    #[test]
    fn only_pieces_that_cross_the_river_win() {
        // Red: general, two advisors, two elephants; Black: general and a soldier.
        let fen = "4k4/9/9/9/4p4/9/9/9/4A4/2B1KAB2 w - - 0 1";
        assert!(!can_win(fen, Side::First));
        assert!(can_win(fen, Side::Second));
        for attacker in ["R", "N", "C", "P"] {
            let fen = format!("5k3/9/9/9/3{attacker}5/9/9/9/9/4K4 w - - 0 1");
            assert!(can_win(&fen, Side::First), "{attacker}");
            assert!(!can_win(&fen, Side::Second), "{attacker}");
        }
        let start = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1";
        assert!(can_win(start, Side::First) && can_win(start, Side::Second));
    }
}
