//! Opening books: a Polyglot book written here and probed with the specification's keys,
//! ply's own books built from ply's searches for xiangqi and caro (and chess) and read back,
//! the built-in books, and the errors a bad or unfitting book gives.

use std::io::Write;

use ply_games::book::build::{BuildSettings, build};
use ply_games::book::own::{Header, OwnBook, write_book};
use ply_games::book::polyglot::encoding::encode;
use ply_games::book::polyglot::{PolyglotBook, PolyglotEntry, write_book as write_polyglot};
use ply_games::book::{BookChoice, BookError, OpeningBook, builtin, choose};
use ply_games::{GameOptions, OptionValue, Record, Table, new_game};
use ply_search::{Limits, SearchControl};

/// The Polyglot specification's keys: the start position and the position after 1.e4.
const START_KEY: u64 = 0x463b96181691fc9c;
const AFTER_E4_KEY: u64 = 0x823c9b50fd114196;

fn entry(key: u64, mv: &str, weight: u16) -> PolyglotEntry {
    PolyglotEntry {
        key,
        raw_move: encode(mv.parse().expect("a move")),
        weight,
        learn: 0,
    }
}

fn write_file(bytes: &[u8]) -> tempfile::NamedTempFile {
    let mut file = tempfile::NamedTempFile::new().expect("a temporary file");
    file.write_all(bytes).expect("written");
    file.flush().expect("flushed");
    file
}

fn chess() -> Box<dyn Record> {
    new_game("chess", &GameOptions::default()).expect("chess")
}

fn play(record: &mut dyn Record, moves: &str) {
    for text in moves.split_whitespace() {
        record.play_text(text).expect("a legal move");
    }
}

fn names(moves: &[ply_games::book::BookMove]) -> Vec<(String, u16)> {
    moves
        .iter()
        .map(|mv| (mv.name.clone(), mv.weight))
        .collect()
}

/// A small Polyglot book: keys as the specification publishes them (so the probe's key
/// function is what is tested), castling as king takes rook, an illegal entry, and filler
/// entries around so the binary search has work to do.
fn polyglot_file() -> tempfile::NamedTempFile {
    // 1.e4 e5 2.Nf3 Nc6 3.Bc4 Bc5: white may castle; its key was computed with python-chess's
    // polyglot module (ITALIAN_KEY below), a second, independent implementation.
    let mut entries = vec![
        entry(START_KEY, "e2e4", 60),
        entry(START_KEY, "d2d4", 30),
        entry(START_KEY, "g1f3", 0),
        entry(START_KEY, "e2e5", 99), // not a legal move: left out
        entry(AFTER_E4_KEY, "c7c5", 20),
        entry(AFTER_E4_KEY, "e7e5", 25),
        entry(ITALIAN_KEY, "e1h1", 7),
    ];
    for filler in 0..200u64 {
        entries.push(entry(filler.wrapping_mul(0x9E37_79B9_7F4A_7C15), "a2a3", 1));
    }
    let mut bytes = Vec::new();
    write_polyglot(&mut bytes, &entries).expect("written");
    write_file(&bytes)
}

/// python-chess: `chess.polyglot.zobrist_hash` after e4 e5 Nf3 Nc6 Bc4 Bc5.
const ITALIAN_KEY: u64 = 0xb663_577d_f5f2_41bb;

#[test]
fn a_polyglot_book_is_probed_with_the_specifications_keys() {
    let file = polyglot_file();
    let book = OpeningBook::open(file.path()).expect("a Polyglot book");
    assert!(book.describe().contains("Polyglot"), "{}", book.describe());
    let mut record = chess();
    let start = book.moves(record.as_ref()).expect("probed");
    assert_eq!(
        names(&start),
        vec![
            ("e2e4".to_string(), 60),
            ("d2d4".to_string(), 30),
            ("g1f3".to_string(), 0)
        ],
        "heaviest first, the illegal entry left out"
    );
    assert_eq!(
        choose(&start, BookChoice::Best).map(|mv| mv.name.as_str()),
        Some("e2e4")
    );
    for seed in 0..50 {
        let chosen = choose(&start, BookChoice::Weighted(seed)).expect("a move");
        assert_ne!(chosen.name, "g1f3", "weight 0 is never played");
    }
    play(record.as_mut(), "e4");
    let after = book.moves(record.as_ref()).expect("probed");
    assert_eq!(
        names(&after),
        vec![("e7e5".to_string(), 25), ("c7c5".to_string(), 20)]
    );
    play(record.as_mut(), "c5");
    assert!(book.moves(record.as_ref()).expect("probed").is_empty());
}

#[test]
fn a_polyglot_castling_entry_is_the_kings_castling_move() {
    let file = polyglot_file();
    let book = PolyglotBook::open(file.path()).expect("a Polyglot book");
    let mut record = chess();
    play(record.as_mut(), "e4 e5 Nf3 Nc6 Bc4 Bc5");
    let moves = book.moves(record.as_ref()).expect("probed");
    assert_eq!(names(&moves), vec![("e1g1".to_string(), 7)]);
    let castle = record.play(moves[0].id).expect("legal").display.clone();
    assert_eq!(castle, "O-O");
}

#[test]
fn bad_polyglot_files_are_clear_errors() {
    let missing =
        OpeningBook::open(std::path::Path::new("/nonexistent/book.bin")).expect_err("no such file");
    assert!(matches!(missing, BookError::Io { .. }), "{missing}");
    assert!(
        missing.to_string().contains("/nonexistent/book.bin"),
        "{missing}"
    );
    let ragged = write_file(&[0u8; 17]);
    let error = OpeningBook::open(ragged.path()).expect_err("17 bytes");
    assert!(error.to_string().contains("16-byte"), "{error}");
    let empty = write_file(&[]);
    let error = OpeningBook::open(empty.path()).expect_err("empty");
    assert!(error.to_string().contains("empty"), "{error}");
    let mut unsorted = Vec::new();
    unsorted.extend_from_slice(&entry(9, "e2e4", 1).bytes());
    unsorted.extend_from_slice(&entry(1, "e2e4", 1).bytes());
    let unsorted = write_file(&unsorted);
    let error = OpeningBook::open(unsorted.path()).expect_err("unsorted");
    assert!(error.to_string().contains("sorted"), "{error}");
    // A chess book asked about xiangqi says so.
    let file = polyglot_file();
    let book = OpeningBook::open(file.path()).expect("a Polyglot book");
    let xiangqi = new_game("xiangqi", &GameOptions::default()).expect("xiangqi");
    let error = book.moves(xiangqi.as_ref()).expect_err("not chess");
    assert!(error.to_string().contains("for chess"), "{error}");
}

/// Builds a small book of ply's own for `game` with `options` (width 2, 2 plies), writes it
/// and opens it; `first` is how many moves the start position keeps (caro's engine
/// considers only the centre of an empty board), each of which keeps 2.
fn own_book(game: &str, options: &GameOptions, first: usize) -> (tempfile::NamedTempFile, OwnBook) {
    let mut table = Table::start(game, options).expect("a game");
    let settings = BuildSettings {
        plies: 2,
        width: 2,
        margin: 1_000,
        limits: Limits::nodes(3_000),
    };
    let mut searched = 0;
    let entries = build(
        &mut table,
        &settings,
        &SearchControl::default(),
        &mut |done| {
            searched = done.searched;
            assert!(
                !done.kept.is_empty(),
                "a searched position keeps its best move"
            );
        },
    )
    .expect("built");
    // The start, then the positions its moves reach, each keeping two moves.
    assert_eq!(searched, 1 + first, "{game}");
    assert_eq!(entries.len(), first + 2 * first, "{game}");
    let header = Header::for_record(table.record.as_ref(), "test");
    let mut bytes = Vec::new();
    write_book(&mut bytes, &header, &entries).expect("written");
    let file = write_file(&bytes);
    let book = OwnBook::open(file.path()).expect("ply's own book");
    assert_eq!(book.len(), entries.len() as u64);
    let keys = book.keys().expect("keys");
    assert!(keys.windows(2).all(|pair| pair[0] <= pair[1]), "sorted");
    (file, book)
}

/// Probes `book` from the start and along its first move: both positions have book moves,
/// every one legal, the best weighted 100.
fn probe_two_plies(book: &OwnBook, game: &str, options: &GameOptions, moves: usize) {
    let mut record = new_game(game, options).expect("a game");
    let first = book.moves(record.as_ref()).expect("probed");
    assert_eq!(first.len(), moves, "{game}: {first:?}");
    assert_eq!(first[0].weight, 100, "{game}: the best move first");
    assert!(first.iter().all(|mv| record.legal_move(mv.id).is_some()));
    record.play(first[0].id).expect("a legal book move");
    let second = book.moves(record.as_ref()).expect("probed");
    assert_eq!(second.len(), 2, "{game}: {second:?}");
    record.play(second[0].id).expect("a legal book move");
    assert!(
        book.moves(record.as_ref()).expect("probed").is_empty(),
        "{game}: out of book after the book's plies"
    );
}

#[test]
fn a_xiangqi_book_of_plys_own_is_built_and_read() {
    let options = GameOptions::default();
    let (file, book) = own_book("xiangqi", &options, 2);
    assert_eq!(book.game(), "xiangqi");
    probe_two_plies(&book, "xiangqi", &options, 2);
    // The same file through the format-sniffing opener.
    let opened = OpeningBook::open(file.path()).expect("opened");
    assert!(opened.describe().contains("ply book for xiangqi"));
}

#[test]
fn a_caro_book_of_plys_own_is_built_and_read_for_its_board_and_rule_only() {
    let options = GameOptions::default()
        .with("size", OptionValue::Int(15))
        .with("rule", OptionValue::Text("renju".into()));
    let (_file, book) = own_book("caro", &options, 1);
    probe_two_plies(&book, "caro", &options, 1);
    let other = new_game("caro", &GameOptions::default()).expect("caro 10×10");
    let error = book.moves(other.as_ref()).expect_err("another board");
    assert!(error.to_string().contains("size=15"), "{error}");
    let xiangqi = new_game("xiangqi", &GameOptions::default()).expect("xiangqi");
    let error = book.moves(xiangqi.as_ref()).expect_err("another game");
    assert!(error.to_string().contains("caro book"), "{error}");
}

#[test]
fn a_chess_book_of_plys_own_is_built_and_read() {
    let options = GameOptions::default();
    let (_file, book) = own_book("chess", &options, 2);
    probe_two_plies(&book, "chess", &options, 2);
}

#[test]
fn a_book_whose_keys_are_not_this_builds_is_refused() {
    let record = new_game("xiangqi", &GameOptions::default()).expect("xiangqi");
    let mut header = Header::for_record(record.as_ref(), "test");
    let (name, key) = header.check.clone().expect("a check");
    header.check = Some((name, key ^ 1));
    let mut bytes = Vec::new();
    write_book(&mut bytes, &header, &[]).expect("written");
    let file = write_file(&bytes);
    let book = OwnBook::open(file.path()).expect("readable");
    let error = book.moves(record.as_ref()).expect_err("other keys");
    assert!(error.to_string().contains("rebuild"), "{error}");
}

#[test]
fn bad_own_books_are_clear_errors() {
    let mut cut = Vec::new();
    cut.extend_from_slice(b"PLYBOOK1");
    cut.extend_from_slice(&1000u32.to_be_bytes());
    cut.extend_from_slice(b"game=xiangqi\n");
    let file = write_file(&cut);
    let error = OpeningBook::open(file.path()).expect_err("cut short");
    assert!(error.to_string().contains("cut short"), "{error}");
    let mut unknown = Vec::new();
    let text = "game=checkers\n";
    unknown.extend_from_slice(b"PLYBOOK1");
    unknown.extend_from_slice(&(text.len() as u32).to_be_bytes());
    unknown.extend_from_slice(text.as_bytes());
    let file = write_file(&unknown);
    let error = OpeningBook::open(file.path()).expect_err("no such game");
    assert!(error.to_string().contains("checkers"), "{error}");
}

#[test]
fn the_built_in_books_are_read_and_give_legal_moves_from_the_start() {
    let books = builtin::open_all().expect("every built-in book opens");
    assert_eq!(books.len(), 4);
    for (game, options) in [
        ("chess", GameOptions::default()),
        ("xiangqi", GameOptions::default()),
        ("caro", GameOptions::default()),
        (
            "caro",
            GameOptions::default()
                .with("size", OptionValue::Int(15))
                .with("rule", OptionValue::Text("renju".into())),
        ),
    ] {
        let record = new_game(game, &options).expect("a game");
        let book = builtin::for_record(record.as_ref()).expect("a built-in book");
        assert!(book.len() >= 10, "{}: {} entries", book.name(), book.len());
        let moves = builtin::moves(record.as_ref());
        assert!(!moves.is_empty(), "{}: moves from the start", book.name());
        for mv in &moves {
            assert!(
                record.legal_move(mv.id).is_some(),
                "{}: {}",
                book.name(),
                mv.name
            );
        }
    }
    // Tic-tac-toe has no book, and a caro board no book was built for has none either.
    let ttt = new_game("tictactoe", &GameOptions::default()).expect("ttt");
    assert!(builtin::for_record(ttt.as_ref()).is_none());
    let caro12 = new_game(
        "caro",
        &GameOptions::default().with("size", OptionValue::Int(12)),
    )
    .expect("caro 12×12");
    assert!(builtin::moves(caro12.as_ref()).is_empty());
}
