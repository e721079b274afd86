//! Fuzz target: any bytes as moves, one per line, played from the start of every game. Each
//! line is read in any notation the game accepts; a bad one is refused and changes nothing.

#![no_main]

use libfuzzer_sys::fuzz_target;
use ply_games::{GameOptions, games};

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    for spec in games().iter().filter(|spec| spec.is_available()) {
        let Ok(mut session) = spec.new_session(&GameOptions::default()) else {
            continue;
        };
        for line in text.lines().take(64) {
            let before = session.position();
            match session.play(line) {
                Ok(played) => {
                    assert_eq!(
                        session.history().last().map(|m| m.name.clone()),
                        Some(played.name)
                    );
                }
                Err(_) => assert_eq!(session.position(), before),
            }
        }
        let _ = session.export();
    }
});
