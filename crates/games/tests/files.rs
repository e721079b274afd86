//! Standard files: export then import gives the same game (chess PGN, xiangqi PGN, caro
//! `.psq`), files as other programs write them read, and bad files give errors that name
//! the line.

use ply_games::files::{self, FileFormat, FileHeader, ImportError};
use ply_games::{GameOptions, OptionValue, Record, SetupProblem, Status, new_game};
use ply_search::Side;

fn header(record: &dyn Record) -> FileHeader {
    FileHeader {
        players: ["human".to_string(), "ply level 3".to_string()],
        date: Some("2026.11.30".to_string()),
        time_control: Some("300+3".to_string()),
        status: record.status().clone(),
    }
}

fn play(game: &str, options: GameOptions, moves: &[&str]) -> Box<dyn Record> {
    let mut record = new_game(game, &options).expect("a game");
    for mv in moves {
        record.play_text(mv).unwrap_or_else(|e| panic!("{mv}: {e}"));
    }
    record
}

fn names(record: &dyn Record) -> Vec<String> {
    record.history().iter().map(|mv| mv.name.clone()).collect()
}

fn round_trip(record: &dyn Record) -> files::ImportedGame {
    let file = files::export(record, &header(record));
    let back = files::import(&file.text).unwrap_or_else(|e| panic!("{e}\n{}", file.text));
    assert_eq!(back.record.spec().name, record.spec().name);
    assert_eq!(back.record.start_position(), record.start_position());
    assert_eq!(names(back.record.as_ref()), names(record), "{}", file.text);
    assert_eq!(back.record.status(), record.status());
    assert_eq!(back.record.options(), record.options());
    back
}

#[test]
fn chess_pgn_round_trips_with_roster_time_control_and_result() {
    let record = play("chess", GameOptions::default(), &["f3", "e5", "g4", "Qh4#"]);
    let file = files::export(record.as_ref(), &header(record.as_ref()));
    assert_eq!(file.format, FileFormat::Pgn);
    for tag in [
        "[Event \"ply game\"]",
        "[Site \"?\"]",
        "[Date \"2026.11.30\"]",
        "[Round \"?\"]",
        "[White \"human\"]",
        "[Black \"ply level 3\"]",
        "[Result \"0-1\"]",
        "[TimeControl \"300+3\"]",
        "[Termination \"checkmate\"]",
    ] {
        assert!(file.text.contains(tag), "{tag} missing:\n{}", file.text);
    }
    assert!(
        file.text.contains("1. f3 e5 2. g4 Qh4# 0-1"),
        "{}",
        file.text
    );
    let back = round_trip(record.as_ref());
    assert_eq!(back.players[0].as_deref(), Some("human"));
    assert_eq!(back.result, None, "the moves give the result");
}

#[test]
fn chess_from_a_set_up_position_and_chess960_keep_their_start() {
    let fen = "4k3/8/8/8/8/8/4P3/4K3 b - - 0 40";
    let record = play(
        "chess",
        GameOptions::default().at(fen),
        &["Kd7", "e4", "Ke6"],
    );
    let file = files::export(record.as_ref(), &header(record.as_ref()));
    assert!(
        file.text
            .contains("[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/4P3/4K3 b - - 0 40\"]")
    );
    assert!(
        file.text.contains("40... Kd7 41. e4 Ke6 *"),
        "{}",
        file.text
    );
    round_trip(record.as_ref());

    let frc = "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9";
    let options = GameOptions::default()
        .with("chess960", OptionValue::Flag(true))
        .at(frc);
    let record = play("chess", options, &["Nb4", "a6"]);
    let file = files::export(record.as_ref(), &header(record.as_ref()));
    assert!(
        file.text.contains("[Variant \"Chess960\"]"),
        "{}",
        file.text
    );
    round_trip(record.as_ref());
}

#[test]
fn a_real_chess_game_with_comments_nags_and_variations_reads() {
    let text = r#"[Event "A Night at the Opera"]
[Site "Paris FRA"]
[Date "1858.??.??"]
[Round "?"]
[White "Paul Morphy"]
[Black "Duke Karl / Count Isouard"]
[Result "1-0"]
[ECO "C41"]

1. e4 e5 2. Nf3 d6 {This is the Philidor Defence.} 3. d4 Bg4?! (3... exd4 4. Nxd4)
4. dxe5 Bxf3 5. Qxf3 dxe5 6. Bc4 Nf6 7. Qb3 Qe7 8. Nc3 c6 9. Bg5 b5 $2 10. Nxb5!
cxb5 11. Bxb5+ Nbd7 12. O-O-O Rd8 13. Rxd7 Rxd7 14. Rd1 Qe6 15. Bxd7+ Nxd7
16. Qb8+ ; the queen sacrifice
16... Nxb8 17. Rd8# 1-0
"#;
    let game = files::import(text).expect("reads");
    assert_eq!(game.record.history().len(), 33);
    assert_eq!(game.players[0].as_deref(), Some("Paul Morphy"));
    assert!(matches!(
        game.record.status(),
        Status::Finished {
            winner: Some(Side::First),
            ..
        }
    ));
    assert_eq!(game.result, None);
}

#[test]
fn a_resigned_game_keeps_its_result() {
    let text = "[White \"a\"]\n[Black \"b\"]\n[Result \"0-1\"]\n[Termination \"White resigned\"]\n\n1. e4 e5 0-1\n";
    let game = files::import(text).expect("reads");
    let result = game.result.expect("a result beyond the moves");
    assert_eq!(result.winner, Some(Side::Second));
    assert_eq!(result.reason, "White resigned");
}

#[test]
fn xiangqi_pgn_round_trips_with_iccs_moves() {
    let record = play(
        "xiangqi",
        GameOptions::default(),
        &["h2e2", "h9g7", "h0g2", "i9h9"],
    );
    let file = files::export(record.as_ref(), &header(record.as_ref()));
    assert!(
        file.text.starts_with("[Game \"Chinese Chess\"]\n"),
        "{}",
        file.text
    );
    assert!(file.text.contains("[Red \"human\"]"));
    assert!(file.text.contains("[Format \"ICCS\"]"));
    assert!(
        !file.text.contains("[FEN "),
        "the usual start has no FEN tag"
    );
    assert!(
        file.text.contains("1. H2-E2 H9-G7 2. H0-G2 I9-H9 *"),
        "{}",
        file.text
    );
    round_trip(record.as_ref());

    let endgame = "3k5/9/9/9/9/9/9/9/4R4/4K4 b - - 0 30";
    let record = play("xiangqi", GameOptions::default().at(endgame), &["d9d8"]);
    let file = files::export(record.as_ref(), &header(record.as_ref()));
    assert!(
        file.text.contains(&format!("[FEN \"{endgame}\"]")),
        "{}",
        file.text
    );
    assert!(file.text.contains("30... D9-D8"), "{}", file.text);
    round_trip(record.as_ref());
}

#[test]
fn xiangqi_databases_wxf_is_read_full_width_and_run_together() {
    // As the wxf.ca database writes it: full-width WXF, Red's and Black's moves joined.
    let text = "[Event \"Zhongli Cup\"]\n[Red \"ZHAO\"]\n[Black \"KE\"]\n\n1. Ｃ２＝５Ｈ８＋７ 2. Ｈ２＋３Ｒ９＝８ 3. Ｐ７＋１Ｐ７＋１\n";
    let game = files::import(text).expect("reads");
    assert_eq!(game.record.spec().name, "xiangqi");
    assert_eq!(
        names(game.record.as_ref()),
        ["h2e2", "h9g7", "h0g2", "i9h9", "c3c4", "g6g5"]
    );
    assert_eq!(game.players[0].as_deref(), Some("ZHAO"));
    // Chinese moves with a Game tag.
    let text = "[Game \"Chinese Chess\"]\n1. 炮二平五 马８进７ 2. 马二进三 *\n";
    let game = files::import(text).expect("reads");
    assert_eq!(names(game.record.as_ref()), ["h2e2", "h9g7", "h0g2"]);
}

#[test]
fn caro_psq_round_trips_with_size_and_rule() {
    let options = GameOptions::default()
        .with("size", OptionValue::Int(15))
        .with("rule", OptionValue::Text("renju".into()));
    let record = play("caro", options, &["h8", "h9", "i8", "i9", "j8"]);
    let file = files::export(record.as_ref(), &header(record.as_ref()));
    assert_eq!(file.format, FileFormat::Psq);
    let lines: Vec<&str> = file.text.lines().collect();
    assert_eq!(lines[0], "Piskvorky 15x15, 11:11, 4");
    assert_eq!(lines[1], "8,8,0");
    assert_eq!(lines[2], "8,7,0");
    assert_eq!(lines[lines.len() - 1], "-1");
    round_trip(record.as_ref());

    for rule in ["freestyle", "standard", "caro", "caro5"] {
        let options = GameOptions::default()
            .with("size", OptionValue::Int(9))
            .with("rule", OptionValue::Text(rule.into()));
        round_trip(play("caro", options, &["e5", "d4"]).as_ref());
    }
}

#[test]
fn a_piskvork_record_reads() {
    let text = "Piskvorky 20x20, 11:11, 0\n10,10,1234\n11,11,2000\n10,11,1500\n11,10,900\n10,12,12\n10,9,3\n10,13,5\npbrain-one.exe\npbrain-two.exe\n-1\n";
    let game = files::import(text).expect("reads");
    assert_eq!(game.record.options().int("size"), Some(20));
    assert_eq!(game.record.history().len(), 7);
    assert_eq!(game.players[1].as_deref(), Some("pbrain-two.exe"));
}

#[test]
fn bad_files_name_the_line() {
    let cases: [(&str, usize, &str); 6] = [
        ("[Event \"x\"]\n\n1. e4 e5 2. Ke3", 3, "move 2. 'Ke3'"),
        (
            "[Event \"x\"]\n[FEN \"nonsense\"]\n\n1. e4",
            2,
            "bad position",
        ),
        ("[Event \"x\"\n1. e4", 1, "tag pair"),
        ("Piskvorky 15x15, 11:11, 0\n8,8,0\n8,8,0\n-1", 3, "8,8"),
        (
            "Piskvorky 15x15, 11:11, 0\n8,8,0\n16,1,0\n-1",
            3,
            "off the 15×15 board",
        ),
        ("Piskvorky 30x30, 11:11, 0\n1,1,0", 1, "size"),
    ];
    for (text, line, words) in cases {
        let error = files::import(text)
            .err()
            .unwrap_or_else(|| panic!("{text} read"));
        let shown = error.to_string();
        match error {
            ImportError::Line { line: at, .. } | ImportError::Setup { line: at, .. } => {
                assert_eq!(at, line, "{shown}")
            }
            other => panic!("{other}"),
        }
        assert!(shown.contains(words), "{shown}");
    }
    assert!(matches!(files::import("  \n"), Err(ImportError::Empty)));
    assert!(matches!(
        files::import("hello"),
        Err(ImportError::UnknownFormat)
    ));
}

#[test]
fn garbage_never_panics() {
    let pieces = [
        "[",
        "]",
        "\"",
        "{",
        "}",
        "(",
        ")",
        ";",
        "$",
        "1.",
        "...",
        "e4",
        "O-O",
        "Piskvorky",
        "20x20",
        ",",
        "-1",
        "\n",
        "Ｃ２＝５",
        "炮二平五",
        "[FEN \"",
        "9/9",
        " ",
        "x",
        "H2-E2",
        "1-0",
        "[Game \"Chinese Chess\"]\n",
    ];
    let mut seed = 12345u64;
    for _ in 0..3000 {
        let mut text = String::new();
        for _ in 0..(seed % 12) {
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            text.push_str(pieces[(seed >> 33) as usize % pieces.len()]);
        }
        let _ = files::import(&text);
    }
}

#[test]
fn a_finished_position_is_refused_as_a_start() {
    let mated = new_game(
        "chess",
        &GameOptions::default().at("7k/6Q1/6K1/8/8/8/8/8 b - - 0 1"),
    )
    .expect("a legal position");
    let error = mated.check_playable().expect_err("mate");
    assert!(matches!(
        error.problem,
        Some(SetupProblem::AlreadyOver { .. })
    ));
    let open = new_game("chess", &GameOptions::default()).expect("start");
    assert!(open.check_playable().is_ok());
}
