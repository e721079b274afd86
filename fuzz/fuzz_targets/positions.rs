//! Fuzz target: any bytes as a position string (FEN, board string) for every game. Reading
//! may fail, never panic; a position that reads must write back, list its moves and draw.

#![no_main]

use libfuzzer_sys::fuzz_target;
use ply_games::{GameOptions, games};

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    for spec in games().iter().filter(|spec| spec.is_available()) {
        let Ok(mut session) = spec.new_session(&GameOptions::default()) else {
            continue;
        };
        if session.set_position(&text).is_ok() {
            let written = session.position();
            let mut again = spec.new_session(&GameOptions::default()).expect("game starts");
            again.set_position(&written).expect("a written position reads back");
            assert_eq!(again.position(), written);
            let moves = session.legal_moves();
            let _ = session.board();
            let _ = session.status();
            if let Some(first) = moves.first() {
                session.play(&first.name).expect("a listed move plays");
                session.undo().expect("and undoes");
                assert_eq!(session.position(), written);
            }
        }
    }
});
