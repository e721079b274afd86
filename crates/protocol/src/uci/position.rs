//! `position startpos|fen … moves …` on the engine's game record: each move read once into
//! a move id and played. GUIs resend the whole game before every move; when a command
//! only extends the one applied last (and the record is as that one left it), only the
//! new moves are played, which is what replaying them all would give.

use ply_games::{MoveError, Record};

use super::command::Start;

/// The last `position` applied, and what it left.
#[derive(Debug, Default)]
pub struct Positions {
    last: Option<Applied>,
}

#[derive(Debug)]
struct Applied {
    start: Start,
    moves: Vec<String>,
    /// The record's position and number of moves right after.
    position: String,
    plies: usize,
}

impl Positions {
    /// Sets `record` to `start` and `moves`. On a bad start the record is at the usual
    /// start; on a bad move, at the position before it; the error says so.
    pub fn apply(
        &mut self,
        record: &mut dyn Record,
        start: &Start,
        moves: &[String],
    ) -> Result<(), String> {
        let last = self.last.take();
        let played = match &last {
            Some(last)
                if last.start == *start
                    && moves.starts_with(&last.moves)
                    && record.history().len() == last.plies
                    && record.position() == last.position =>
            {
                last.moves.len()
            }
            _ => {
                let started = match start {
                    Start::StartPos => {
                        record.reset();
                        Ok(())
                    }
                    Start::Fen(fen) => record.set_position(fen),
                };
                if let Err(error) = started {
                    record.reset();
                    return Err(format!("{error}; using the start position"));
                }
                0
            }
        };
        for (index, text) in moves.iter().enumerate().skip(played) {
            if let Err(error) = play(record, text) {
                return Err(format!(
                    "move {} ({text}): {error}; position set up to the move before",
                    index + 1
                ));
            }
        }
        self.last = Some(Applied {
            start: start.clone(),
            moves: moves.to_vec(),
            position: record.position(),
            plies: record.history().len(),
        });
        Ok(())
    }
}

/// Reads `text` as a move of `record`'s position and plays it.
fn play(record: &mut dyn Record, text: &str) -> Result<(), MoveError> {
    let mv = match record.parse_move(text) {
        // The GUI plays on past a draw it did not claim: go on from this position.
        Err(MoveError::GameOver { .. }) => {
            rebase(record);
            record.parse_move(text)?
        }
        read => read?,
    };
    record.play(mv)?;
    Ok(())
}

/// Starts the record afresh from its current position, with a fifty-move counter below
/// the limit: for GUIs that play on after a draw that could have been claimed.
pub fn rebase(record: &mut dyn Record) {
    let position = record.position();
    let mut fields: Vec<String> = position.split_whitespace().map(String::from).collect();
    if let Some(clock) = fields.get_mut(4)
        && clock.parse::<u32>().is_ok_and(|n| n >= 100)
    {
        *clock = "99".to_string();
    }
    let _ = record.set_position(&fields.join(" "));
}

#[cfg(test)]
mod tests {
    use super::*;
    use ply_games::{GameOptions, new_game};

    fn moves(text: &str) -> Vec<String> {
        text.split_whitespace().map(String::from).collect()
    }

    #[test]
    fn an_extension_plays_only_the_new_moves_and_matches_a_replay() {
        let mut positions = Positions::default();
        let mut record = new_game("chess", &GameOptions::default()).expect("chess");
        let start = Start::StartPos;
        positions
            .apply(record.as_mut(), &start, &moves("e2e4 e7e5"))
            .expect("legal");
        positions
            .apply(record.as_mut(), &start, &moves("e2e4 e7e5 g1f3 b8c6"))
            .expect("legal");
        let mut replay = new_game("chess", &GameOptions::default()).expect("chess");
        Positions::default()
            .apply(replay.as_mut(), &start, &moves("e2e4 e7e5 g1f3 b8c6"))
            .expect("legal");
        assert_eq!(record.position(), replay.position());
        assert_eq!(record.history(), replay.history());
        // Another line from the start replays it all.
        positions
            .apply(record.as_mut(), &start, &moves("d2d4"))
            .expect("legal");
        assert_eq!(record.history().len(), 1);
        // A record changed behind its back is replayed too.
        positions
            .apply(record.as_mut(), &start, &moves("d2d4 d7d5"))
            .expect("legal");
        record.undo();
        positions
            .apply(record.as_mut(), &start, &moves("d2d4 d7d5 c2c4"))
            .expect("legal");
        assert_eq!(record.history().len(), 3);
    }

    #[test]
    fn a_bad_move_stops_before_it_and_is_not_remembered() {
        let mut positions = Positions::default();
        let mut record = new_game("chess", &GameOptions::default()).expect("chess");
        let error = positions
            .apply(record.as_mut(), &Start::StartPos, &moves("e2e4 e2e4"))
            .expect_err("illegal");
        assert!(error.starts_with("move 2 (e2e4)"), "{error}");
        assert_eq!(record.history().len(), 1);
        positions
            .apply(record.as_mut(), &Start::StartPos, &moves("e2e4 e2e4 g1f3"))
            .expect_err("still illegal");
        let error = positions
            .apply(record.as_mut(), &Start::Fen("nonsense".into()), &[])
            .expect_err("bad fen");
        assert!(error.ends_with("using the start position"), "{error}");
    }
}
