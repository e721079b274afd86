//! `Xiangqi`: a position with its past (what each move took, whether it checked, the
//! hashes before it), and the `search::Game` rules: legal moves, make/unmake, check,
//! the 60-move rule, repetition judged by [`super::repetition`], and a side with no legal
//! move losing.

use ply_search::{Game, Outcome, Side};

use super::fen::{self, Parsed};
use super::movegen::{self, Wanted};
use super::piece::{EMPTY, Kind, kind_of};
use super::position::{Move, Position, Taken};
use super::repetition;
use super::square::index90;

/// Plies without a capture after which the game is drawn (the 60-move rule).
pub const NO_CAPTURE_PLIES: u32 = 120;

/// One move of the game's past.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Record {
    /// The move.
    pub mv: Move,
    /// What it took.
    pub taken: Taken,
    /// The hash of the position before it.
    pub hash_before: u64,
    /// Plies since a capture before it.
    pub clock_before: u32,
    /// Whether the side that played it was in check before it.
    pub in_check_before: bool,
    /// Whether it gave check.
    pub gave_check: bool,
    /// The repetition floor before it (changed only by null moves in the search).
    pub floor_before: usize,
}

/// A xiangqi game: the position and the moves that led to it.
#[derive(Clone, Debug)]
pub struct Xiangqi {
    position: Position,
    clock: u32,
    start_move_number: u32,
    in_check: bool,
    history: Vec<Record>,
    /// The first history index a repetition may reach back to: a null move in the search
    /// starts a new stretch, since no cycle of real moves runs through a pass.
    floor: usize,
}

impl Default for Xiangqi {
    fn default() -> Self {
        Xiangqi::start()
    }
}

impl PartialEq for Xiangqi {
    fn eq(&self, other: &Self) -> bool {
        self.position == other.position && self.clock == other.clock
    }
}

impl Xiangqi {
    /// The start position.
    pub fn start() -> Xiangqi {
        match fen::parse(fen::START) {
            Ok(parsed) => Xiangqi::from_parsed(parsed),
            Err(error) => unreachable!("the start FEN is valid: {error}"),
        }
    }

    /// A game from a FEN.
    pub fn from_fen(text: &str) -> Result<Xiangqi, crate::session::PositionError> {
        fen::parse(text).map(Xiangqi::from_parsed)
    }

    fn from_parsed(parsed: Parsed) -> Xiangqi {
        let position = parsed.position;
        let in_check = position.general_attacked(position.side_to_move());
        Xiangqi {
            position,
            clock: parsed.clock,
            start_move_number: parsed.move_number,
            in_check,
            history: Vec::with_capacity(256),
            floor: 0,
        }
    }

    /// The position now.
    #[inline]
    pub fn position(&self) -> &Position {
        &self.position
    }

    /// The moves played since the position was set up, oldest first.
    pub fn history(&self) -> &[Record] {
        &self.history
    }

    /// Plies since the last capture.
    pub fn clock(&self) -> u32 {
        self.clock
    }

    /// The FEN of the position now.
    pub fn fen(&self) -> String {
        let plies =
            self.history.len() as u32 + u32::from(self.position_at_start_side() == Side::Second);
        fen::format(
            &self.position,
            self.clock,
            self.start_move_number + plies / 2,
        )
    }

    fn position_at_start_side(&self) -> Side {
        if self.history.len().is_multiple_of(2) {
            self.position.side_to_move()
        } else {
            self.position.side_to_move().opponent()
        }
    }

    /// The legal captures of the side to move.
    pub fn generate_captures(&self, moves: &mut Vec<Move>) {
        movegen::generate(&self.position, self.in_check, Wanted::Captures, moves);
    }

    /// Whether `mv` is legal here.
    pub fn is_legal(&self, mv: Move) -> bool {
        let mut moves = Vec::with_capacity(64);
        self.generate_moves(&mut moves);
        moves.contains(&mv)
    }

    /// The kind of the piece `mv` moves.
    #[inline]
    pub fn moving_kind(&self, mv: Move) -> Kind {
        kind_of(self.position.at(mv.from))
    }

    /// The kind of the piece `mv` captures, if any.
    #[inline]
    pub fn captured_kind(&self, mv: Move) -> Option<Kind> {
        let code = self.position.at(mv.to);
        (code != EMPTY).then(|| kind_of(code))
    }

    /// Whether the side to move has a piece that can attack across the river (chariot,
    /// horse, cannon or soldier): without one, passing is no longer a sound probe.
    fn has_attackers(&self) -> bool {
        let side = self.position.side_to_move();
        self.position.pieces(side).iter().any(|&sq| {
            matches!(
                kind_of(self.position.at(sq)),
                Kind::Chariot | Kind::Horse | Kind::Cannon
            )
        })
    }

    /// How the game ended by a rule that needs no move generation, and why: a third
    /// occurrence of a position judged by the repetition rules, or the 60-move rule.
    pub fn ending(&self) -> Option<(Outcome, &'static str)> {
        if let Some(judged) = self.repetition(2, None) {
            return Some(judged);
        }
        (self.clock >= NO_CAPTURE_PLIES).then_some((Outcome::Draw, "60 moves without a capture"))
    }

    /// The earliest index of the history the repetition rules may look back to.
    fn cycle_floor(&self) -> usize {
        self.history
            .len()
            .saturating_sub(self.clock as usize)
            .max(self.floor)
    }

    /// The judgement of a repetition of the position now, if it repeats one at least
    /// `times` times since the last capture.
    fn repetition(
        &self,
        times: usize,
        within_plies: Option<usize>,
    ) -> Option<(Outcome, &'static str)> {
        let len = self.history.len();
        if self.clock < 4 || len < 4 {
            return None;
        }
        let floor = self.cycle_floor();
        let hash = self.position.hash();
        let mut seen = 0;
        let mut latest = None;
        let mut index = len.checked_sub(4)?;
        loop {
            if index < floor {
                break;
            }
            if self.history[index].hash_before == hash {
                seen += 1;
                if latest.is_none() {
                    latest = Some(index);
                }
                let close = within_plies.is_some_and(|plies| len - index <= plies);
                if seen >= times || close {
                    let start = latest?;
                    return Some(repetition::judge(&self.position, &self.history[start..]));
                }
            }
            if index < 2 {
                break;
            }
            index -= 2;
        }
        None
    }
}

impl Game for Xiangqi {
    type Move = Move;

    #[inline]
    fn side_to_move(&self) -> Side {
        self.position.side_to_move()
    }

    #[inline]
    fn generate_moves(&self, moves: &mut Vec<Move>) {
        movegen::generate(&self.position, self.in_check, Wanted::All, moves);
    }

    #[inline]
    fn make_move(&mut self, mv: Move) {
        let hash_before = self.position.hash();
        let taken = self.position.play(mv);
        let in_check = self.position.general_attacked(self.position.side_to_move());
        self.history.push(Record {
            mv,
            taken,
            hash_before,
            clock_before: self.clock,
            in_check_before: self.in_check,
            gave_check: in_check,
            floor_before: self.floor,
        });
        self.clock = if taken.captured == EMPTY {
            self.clock + 1
        } else {
            0
        };
        self.in_check = in_check;
    }

    #[inline]
    fn unmake_move(&mut self, mv: Move) {
        if let Some(record) = self.history.pop() {
            debug_assert_eq!(record.mv, mv);
            self.position.take_back(record.mv, record.taken);
            self.clock = record.clock_before;
            self.in_check = record.in_check_before;
        }
    }

    fn outcome(&self) -> Option<Outcome> {
        self.ending().map(|(outcome, _)| outcome)
    }

    fn outcome_when_stuck(&self) -> Outcome {
        Outcome::Win(self.position.side_to_move().opponent())
    }

    #[inline]
    fn search_outcome(&self, ply: usize) -> Option<Outcome> {
        if let Some((outcome, _)) = self.repetition(2, Some(ply)) {
            return Some(outcome);
        }
        (self.clock >= NO_CAPTURE_PLIES).then_some(Outcome::Draw)
    }

    #[inline]
    fn hash(&self) -> u64 {
        self.position.hash()
    }

    #[inline]
    fn hash_after(&self, mv: Move) -> Option<u64> {
        Some(self.position.hash_after(mv))
    }

    #[inline]
    fn move_index(&self, mv: Move) -> usize {
        index90(mv.from) * 90 + index90(mv.to)
    }

    fn move_index_bound(&self) -> usize {
        90 * 90
    }

    /// Side × piece group × target point (900): the general shares a group with the
    /// soldiers and the advisor with the elephants, whose points never meet for one side,
    /// so the index stays below the engine's bound of 1024 and still names the piece.
    #[inline]
    fn continuation_index(&self, mv: Move) -> usize {
        let group = match self.moving_kind(mv) {
            Kind::General | Kind::Soldier => 0,
            Kind::Advisor | Kind::Elephant => 1,
            Kind::Horse => 2,
            Kind::Chariot => 3,
            Kind::Cannon => 4,
        };
        let side = self.position.side_to_move().index();
        (side * 5 + group) * 90 + index90(mv.to)
    }

    fn continuation_index_bound(&self) -> usize {
        2 * 5 * 90
    }

    #[inline]
    fn pack_move(mv: Move) -> u16 {
        (u16::from(mv.from) << 8) | u16::from(mv.to)
    }

    #[inline]
    fn in_check(&self) -> bool {
        self.in_check
    }

    fn null_move_allowed(&self) -> bool {
        !self.in_check && self.has_attackers()
    }

    fn make_null_move(&mut self) {
        let hash_before = self.position.hash();
        self.position.pass();
        self.history.push(Record {
            mv: Move::new(0, 0),
            taken: Taken {
                captured: EMPTY,
                slot: 0,
            },
            hash_before,
            clock_before: self.clock,
            in_check_before: self.in_check,
            gave_check: false,
            floor_before: self.floor,
        });
        self.floor = self.history.len();
        self.in_check = false;
    }

    fn unmake_null_move(&mut self) {
        if let Some(record) = self.history.pop() {
            self.position.pass();
            self.clock = record.clock_before;
            self.in_check = record.in_check_before;
            self.floor = record.floor_before;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::xiangqi::notation::parse_iccs;

    #[test]
    fn continuation_indices_name_side_piece_and_point_below_the_bound() {
        let game = Xiangqi::start();
        let bound = game.continuation_index_bound();
        assert!(
            bound <= 1024,
            "the engine keeps continuation history only up to 1024"
        );
        let mut moves = Vec::new();
        game.generate_moves(&mut moves);
        for &mv in &moves {
            assert!(game.continuation_index(mv) < bound);
        }
        // The general and an advisor stepping to the same point are told apart.
        let general = game.continuation_index(parse_iccs("e0e1").expect("coordinates"));
        let advisor = game.continuation_index(parse_iccs("d0e1").expect("coordinates"));
        assert_ne!(general, advisor);
        // The same piece to the same point is another index for the other side.
        let mut game = Xiangqi::from_fen("3k5/9/9/9/r8/9/9/9/9/R3K4 w - - 0 1").expect("valid");
        let red = game.continuation_index(parse_iccs("a0a3").expect("coordinates"));
        game.make_move(parse_iccs("e0e1").expect("coordinates"));
        let black = game.continuation_index(parse_iccs("a5a3").expect("coordinates"));
        assert_ne!(red, black);
        assert!(black < bound);
    }

    #[test]
    fn the_hash_after_a_move_is_known_before_it() {
        // A quiet move, a capture and a reply, from a position with captures on offer.
        let mut game = Xiangqi::from_fen("3k5/9/9/9/r8/9/9/9/9/R3K4 w - - 0 1").expect("valid");
        for text in ["a0a1", "a5a1"] {
            let mv = parse_iccs(text).expect("coordinates");
            let expected = game.hash_after(mv);
            game.make_move(mv);
            assert_eq!(expected, Some(game.hash()), "after {text}");
        }
        let mut game = Xiangqi::start();
        let mut moves = Vec::new();
        game.generate_moves(&mut moves);
        for &mv in &moves {
            let expected = game.hash_after(mv);
            game.make_move(mv);
            assert_eq!(expected, Some(game.hash()));
            game.unmake_move(mv);
        }
    }
}
