//! Fuzz target: any bytes as moves, one per line, played from the start of every game. Each
//! line is read in any notation the game accepts; a bad one is refused and changes nothing.

#![no_main]

use libfuzzer_sys::fuzz_target;
use ply_games::{GameOptions, games};

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    for spec in games() {
        let Ok(mut record) = spec.new_game(&GameOptions::default()) else {
            continue;
        };
        for line in text.lines().take(64) {
            let before = record.position();
            let played = record.play_text(line).map(|played| played.clone());
            match played {
                Ok(played) => {
                    assert_eq!(record.history().last(), Some(&played));
                }
                Err(_) => assert_eq!(record.position(), before),
            }
        }
        let _ = record.export();
    }
});
