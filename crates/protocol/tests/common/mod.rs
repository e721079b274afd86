//! What the transcript tests share: an output buffer the engine's threads write into, and
//! readings of what came out.

use std::io::Write;
use std::sync::{Arc, Mutex};

/// Output shared between the engine's threads and the test.
#[derive(Clone, Default)]
pub struct Shared(Arc<Mutex<Vec<u8>>>);

impl Write for Shared {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.0
            .lock()
            .map_err(|_| std::io::Error::other("poisoned"))?
            .extend_from_slice(buf);
        Ok(buf.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

impl Shared {
    pub fn lines(&self) -> Vec<String> {
        let bytes = self.0.lock().expect("output").clone();
        String::from_utf8_lossy(&bytes)
            .lines()
            .map(String::from)
            .collect()
    }
}

/// The moves of every `bestmove` line, in order.
pub fn bestmoves(lines: &[String]) -> Vec<String> {
    lines
        .iter()
        .filter_map(|l| l.strip_prefix("bestmove "))
        .map(|rest| rest.split_whitespace().next().unwrap_or("").to_string())
        .collect()
}

/// Whether `mv` is legal in `game` after `moves` from its start.
pub fn legal_after(game: &str, moves: &[String], mv: &str) -> bool {
    let mut record = ply_games::new_game(game, &ply_games::GameOptions::default()).expect("a game");
    for m in moves {
        record.play_text(m).expect("legal history");
    }
    record.parse_move(mv).is_ok()
}
