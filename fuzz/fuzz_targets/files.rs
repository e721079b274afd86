//! Fuzz target: any bytes as a standard game file (chess PGN, xiangqi PGN, Piskvork
//! `.psq`), the first byte choosing a header to put in front so every parser is reached.
//! Reading may fail, never panic; a file that reads must export and read back to the same
//! moves, start and status.

#![no_main]

use libfuzzer_sys::fuzz_target;
use ply_games::files::{self, FileHeader};

const HEADERS: [&str; 4] = [
    "",
    "[Event \"fuzz\"]\n",
    "[Game \"Chinese Chess\"]\n",
    "Piskvorky 15x15, 11:11, 4\n",
];

fuzz_target!(|data: &[u8]| {
    let Some((&choice, rest)) = data.split_first() else {
        return;
    };
    let text = format!(
        "{}{}",
        HEADERS[usize::from(choice) % HEADERS.len()],
        String::from_utf8_lossy(rest)
    );
    let Ok(game) = files::import(&text) else {
        return;
    };
    let record = game.record;
    let header = FileHeader {
        players: ["a".to_string(), "b".to_string()],
        date: None,
        time_control: None,
        status: record.status().clone(),
    };
    let file = files::export(record.as_ref(), &header);
    if file.format == files::FileFormat::Text {
        return;
    }
    let back = files::import(&file.text).expect("an exported file reads back");
    let names = |r: &dyn ply_games::Record| -> Vec<String> {
        r.history().iter().map(|mv| mv.name.clone()).collect()
    };
    assert_eq!(names(back.record.as_ref()), names(record.as_ref()));
    assert_eq!(back.record.start_position(), record.start_position());
    assert_eq!(back.record.status(), record.status());
});
