//! The store's tests, each on both backends (PostgreSQL when a test server is given).

use super::*;
use crate::test_postgres;

fn players() -> Players {
    Players {
        first: Seat::Human,
        second: Seat::Computer,
        level: "strong".into(),
        movetime_ms: 500,
    }
}

/// One store test on one backend: where it keeps the games (kept alive with it).
enum Place {
    Sqlite(tempfile::TempDir),
    Postgres(test_postgres::Scratch),
}

impl Place {
    fn database(&self) -> Database {
        match self {
            Place::Sqlite(dir) => Database::Sqlite(dir.path().to_path_buf()),
            Place::Postgres(scratch) => scratch.database(),
        }
    }
}

/// Both backends: SQLite always, PostgreSQL when a test server is given (else the test
/// says it skipped it, or fails when one is required).
fn places(test: &str) -> Vec<Place> {
    let mut places = vec![Place::Sqlite(tempfile::tempdir().expect("temp dir"))];
    if let Some(url) = test_postgres::url(test) {
        places.push(Place::Postgres(test_postgres::Scratch::new(&url)));
    }
    places
}

fn change<'a>(moves: &'a [String], redo: &'a [String]) -> GameChange<'a> {
    GameChange {
        moves,
        redo,
        result: None,
        status: "ongoing",
        summary: "",
        clock: None,
        computer_to_move: false,
    }
}

fn new_game(store: &mut Store, owner: Option<&str>) -> i64 {
    store
        .insert_owned(
            owner,
            "tictactoe",
            "Tic-tac-toe",
            &GameOptions::default(),
            "3/3/3 x",
            &players(),
            None,
        )
        .expect("inserts")
        .0
}

#[test]
fn a_game_round_trips_and_survives_reopening() {
    for place in places("a_game_round_trips_and_survives_reopening") {
        let database = place.database();
        let id = {
            let mut store = Store::connect(&database, "a").expect("opens");
            let id = new_game(&mut store, None);
            let moves = vec!["b2".to_string(), "a1".to_string()];
            let redo = vec!["c3".to_string()];
            store.update(id, &change(&moves, &redo)).expect("updates");
            id
        };
        let mut store = Store::connect(&database, "a").expect("reopens");
        assert_eq!(
            store.schema_versions().expect("versions"),
            [1, 2, 3, 4, 5, 6]
        );
        let game = store.load(id).expect("loads").expect("exists");
        assert_eq!(game.moves, ["b2", "a1"], "{}", store.backend());
        assert_eq!(game.redo, ["c3"]);
        assert_eq!(game.players, players());
        assert_eq!(game.revision, 1);
        assert_eq!(game.owner, None);
        assert_eq!(store.list(10, 0).expect("lists").len(), 1);
        assert_eq!(store.load(id + 1).expect("loads"), None);
        assert!(store.delete(id).expect("deletes"));
        assert!(!store.delete(id).expect("deletes nothing"));
        assert_eq!(store.count().expect("counts"), 0);
    }
}

#[test]
fn a_write_for_an_old_revision_is_refused() {
    for place in places("a_write_for_an_old_revision_is_refused") {
        let mut store = Store::connect(&place.database(), "a").expect("opens");
        let id = new_game(&mut store, None);
        let first = vec!["b2".to_string()];
        let second = vec!["a1".to_string()];
        assert_eq!(
            store
                .update_at(id, 0, &change(&first, &[]))
                .expect("writes"),
            Some(1)
        );
        // Another server wrote revision 1 first: this one's write for 0 changes nothing.
        assert_eq!(
            store
                .update_at(id, 0, &change(&second, &[]))
                .expect("refuses"),
            None
        );
        let game = store.load(id).expect("loads").expect("exists");
        assert_eq!(
            (game.moves, game.revision),
            (first, 1),
            "{}",
            store.backend()
        );
        assert_eq!(
            store
                .update_at(id + 100, 0, &change(&second, &[]))
                .expect("no game"),
            None
        );
    }
}

#[test]
fn a_listing_shows_the_owners_games_and_the_unowned_on_request() {
    for place in places("a_listing_shows_the_owners_games_and_the_unowned_on_request") {
        let mut store = Store::connect(&place.database(), "a").expect("opens");
        let old = new_game(&mut store, None);
        let mine = new_game(&mut store, Some("secret-a"));
        new_game(&mut store, Some("secret-b"));
        let ids = |store: &mut Store, listing| -> Vec<i64> {
            let mut ids: Vec<i64> = store
                .list_games(listing, 10, 0)
                .expect("lists")
                .iter()
                .map(|game| game.id)
                .collect();
            ids.sort_unstable();
            ids
        };
        let owned = |owner, unowned| Listing::Owned { owner, unowned };
        assert_eq!(ids(&mut store, owned(Some("secret-a"), false)), [mine]);
        assert_eq!(ids(&mut store, owned(Some("secret-a"), true)), [old, mine]);
        assert_eq!(ids(&mut store, owned(None, false)), Vec::<i64>::new());
        assert_eq!(ids(&mut store, owned(None, true)), [old]);
        assert_eq!(store.count_games(Listing::All).expect("counts"), 3);
        assert_eq!(
            store
                .count_games(owned(Some("secret-b"), true))
                .expect("counts"),
            2
        );
        let game = store.load(mine).expect("loads").expect("exists");
        assert_eq!(
            game.owner.as_deref(),
            Some("secret-a"),
            "{}",
            store.backend()
        );
    }
}

#[test]
fn a_lease_belongs_to_one_server_until_it_runs_out() {
    for place in places("a_lease_belongs_to_one_server_until_it_runs_out") {
        let database = place.database();
        let mut first = Store::connect(&database, "server-a").expect("opens");
        let mut second = Store::connect(&database, "server-b").expect("opens");
        let id = new_game(&mut first, None);
        let waiting = |computer_to_move| GameChange {
            computer_to_move,
            ..change(&[], &[])
        };
        first.update(id, &waiting(true)).expect("writes");
        assert_eq!(
            first.orphans(10).expect("orphans"),
            [id],
            "{}",
            first.backend()
        );
        first.set_lease_ms(300);
        assert!(first.take_lease(id).expect("takes"));
        assert!(first.take_lease(id).expect("renews"));
        assert!(!second.take_lease(id).expect("refused"));
        assert_eq!(
            second.lease_holder(id).expect("holder").as_deref(),
            Some("server-a")
        );
        assert_eq!(second.orphans(10).expect("orphans"), Vec::<i64>::new());
        // The holder dies: once its lease runs out the game is an orphan and another
        // server takes it.
        std::thread::sleep(std::time::Duration::from_millis(400));
        assert_eq!(second.lease_holder(id).expect("holder"), None);
        assert_eq!(second.orphans(10).expect("orphans"), [id]);
        assert!(second.take_lease(id).expect("takes over"));
        assert!(!first.take_lease(id).expect("refused"));
        first
            .release_lease(id)
            .expect("releases nothing of its own");
        assert_eq!(
            first.lease_holder(id).expect("holder").as_deref(),
            Some("server-b")
        );
        second.release_lease(id).expect("releases");
        assert_eq!(first.lease_holder(id).expect("holder"), None);
        // A finished game or the person's turn is nobody's to take over.
        first.update(id, &waiting(false)).expect("writes");
        assert_eq!(first.orphans(10).expect("orphans"), Vec::<i64>::new());
        // A deleted game takes its lease with it.
        assert!(first.take_lease(id).expect("takes"));
        assert!(first.delete(id).expect("deletes"));
        assert_eq!(first.lease_holder(id).expect("holder"), None);
    }
}

/// The schema SQLite files had before migrations existed, with a game in it.
const OLD_SCHEMA: &str = "
CREATE TABLE games (
id             INTEGER PRIMARY KEY AUTOINCREMENT,
game           TEXT    NOT NULL,
title          TEXT    NOT NULL,
options        TEXT    NOT NULL,
start_position TEXT    NOT NULL,
moves          TEXT    NOT NULL DEFAULT '[]',
redo           TEXT    NOT NULL DEFAULT '[]',
players        TEXT    NOT NULL,
result         TEXT,
status         TEXT    NOT NULL DEFAULT 'ongoing',
summary        TEXT    NOT NULL DEFAULT '',
created_at     INTEGER NOT NULL,
updated_at     INTEGER NOT NULL
);
CREATE INDEX games_by_update ON games (updated_at DESC, id DESC);
INSERT INTO games (game, title, options, start_position, moves, players, created_at, updated_at)
VALUES ('tictactoe', 'Tic-tac-toe', '{}', '3/3/3 x', '[\"b2\"]',
    '{\"first\":\"human\",\"second\":\"computer\",\"level\":\"strong\",\"movetime_ms\":500}',
    100, 100);
";

#[test]
fn an_sqlite_file_from_before_migrations_upgrades_in_place() {
    let dir = tempfile::tempdir().expect("temp dir");
    {
        let old = rusqlite::Connection::open(dir.path().join("ply.sqlite3")).expect("creates");
        old.execute_batch(OLD_SCHEMA).expect("the old schema");
    }
    let mut store = Store::open(dir.path()).expect("upgrades");
    assert_eq!(
        store.schema_versions().expect("versions"),
        [1, 2, 3, 4, 5, 6]
    );
    let game = store.load(1).expect("loads").expect("kept");
    assert_eq!(game.moves, ["b2"]);
    assert_eq!((game.revision, game.owner), (0, None));
    assert_eq!(game.players, players());
    // Step 5 gave the old game a random public id, which finds it.
    assert_eq!(game.public_id.as_str().len(), 24);
    assert_eq!(store.find(game.public_id.as_str()).expect("finds"), Some(1));
    assert_eq!(store.find("1").expect("finds"), None);
    // Upgraded once: opening again applies nothing and keeps the game.
    drop(store);
    let mut store = Store::open(dir.path()).expect("reopens");
    assert_eq!(
        store.schema_versions().expect("versions"),
        [1, 2, 3, 4, 5, 6]
    );
    assert_eq!(store.count().expect("counts"), 1);
}

#[test]
fn a_file_from_when_user_version_counted_the_clocks_column_upgrades() {
    use crate::clock::{GameClock, TimeControl};
    let dir = tempfile::tempdir().expect("temp dir");
    {
        let old = rusqlite::Connection::open(dir.path().join("ply.sqlite3")).expect("creates");
        old.execute_batch(OLD_SCHEMA).expect("the old schema");
        old.execute_batch("ALTER TABLE games ADD COLUMN clock TEXT; PRAGMA user_version = 1;")
            .expect("the clocks' step as it was counted");
    }
    let mut store = Store::open(dir.path()).expect("upgrades");
    assert_eq!(
        store.schema_versions().expect("versions"),
        [1, 2, 3, 4, 5, 6]
    );
    let old = store.load(1).expect("loads").expect("kept");
    assert_eq!((old.moves, old.clock), (vec!["b2".to_string()], None));
    assert_eq!(store.timed_games().expect("lists"), Vec::<i64>::new());
    let clock = GameClock::start(TimeControl::new(5_000, 1_000).expect("valid"), 42);
    let id = store
        .insert(
            "chess",
            "Chess",
            &GameOptions::default(),
            "startpos",
            &players(),
            Some(&clock),
        )
        .expect("inserts");
    drop(store);
    let mut store = Store::open(dir.path()).expect("opens again, migrated once");
    assert_eq!(
        store.load(id).expect("loads").expect("exists").clock,
        Some(clock)
    );
    assert_eq!(store.timed_games().expect("lists"), vec![id]);
}

#[test]
fn a_timed_game_keeps_its_clocks_on_both_backends() {
    use crate::clock::{GameClock, TimeControl};
    for place in places("a_timed_game_keeps_its_clocks_on_both_backends") {
        let mut store = Store::connect(&place.database(), "a").expect("opens");
        let untimed = new_game(&mut store, None);
        let mut clock = GameClock::start(TimeControl::new(60_000, 0).expect("valid"), 7);
        let id = store
            .insert(
                "chess",
                "Chess",
                &GameOptions::default(),
                "startpos",
                &players(),
                Some(&clock),
            )
            .expect("inserts");
        assert_eq!(
            store.timed_games().expect("lists"),
            vec![id],
            "{}",
            store.backend()
        );
        clock.moved(ply_search::Side::First, 1_007);
        let moves = vec!["e4".to_string()];
        let change = GameChange {
            clock: Some(&clock),
            ..change(&moves, &[])
        };
        store.update(id, &change).expect("writes");
        let game = store.load(id).expect("loads").expect("exists");
        assert_eq!(game.clock, Some(clock));
        assert_eq!(
            store.load(untimed).expect("loads").expect("exists").clock,
            None
        );
    }
}

#[test]
fn a_store_written_by_a_newer_ply_is_refused() {
    let dir = tempfile::tempdir().expect("temp dir");
    drop(Store::open(dir.path()).expect("opens"));
    {
        let file = rusqlite::Connection::open(dir.path().join("ply.sqlite3")).expect("opens");
        file.execute(
            "INSERT INTO schema_migrations (version, name, applied_at) VALUES (99, 'future', 0)",
            [],
        )
        .expect("a future step");
    }
    let error = Store::open(dir.path()).err().expect("refused");
    assert!(error.to_string().contains("schema step 99"), "{error}");
}

#[test]
fn a_change_notice_reads_back() {
    let told = Changed {
        id: 12,
        revision: Some(7),
        server: "host 1".to_string(),
    };
    assert_eq!(Changed::parse(&told.payload()), Some(told));
    let deleted = Changed {
        id: 3,
        revision: None,
        server: "b".to_string(),
    };
    assert_eq!(Changed::parse("3 - b"), Some(deleted));
    assert_eq!(Changed::parse("x 1 a"), None);
    assert_eq!(Changed::parse("1"), None);
}

#[test]
fn a_password_is_not_shown() {
    let database = Database::choose(Some("postgres://ply:hunter2@db:5432/ply"), Path::new("/x"));
    assert_eq!(database.describe(), "postgres://ply:***@db:5432/ply");
    assert_eq!(
        Database::choose(Some("  "), Path::new("/x")),
        Database::Sqlite(PathBuf::from("/x"))
    );
}

#[test]
fn options_stored_before_game_options_still_read() {
    let options: GameOptions =
        serde_json::from_str(r#"{"size":15,"rule":"renju"}"#).expect("reads");
    assert_eq!(options.int("size"), Some(15));
    assert_eq!(options.text("rule"), Some("renju"));
    assert_eq!(to_json(&options), r#"{"rule":"renju","size":15}"#);
    assert_eq!(
        serde_json::from_str::<GameOptions>("{}").expect("reads"),
        GameOptions::default()
    );
}

fn eval(expected: f64, nodes: u64) -> ply_games::session::analysis::PositionEval {
    ply_games::session::analysis::PositionEval {
        score: ply_games::ScoreView::Value(0),
        expected,
        best: None,
        line: vec!["b2".to_string()],
        depth: 9,
        nodes,
        time_ms: 1,
        proven: true,
    }
}

#[test]
fn an_analysis_is_kept_as_it_runs_and_goes_with_its_game() {
    for place in places("an_analysis_is_kept_as_it_runs_and_goes_with_its_game") {
        let database = place.database();
        let mut store = Store::connect(&database, "a").expect("opens");
        let id = new_game(&mut store, Some("owner"));
        let other = new_game(&mut store, Some("owner"));
        assert_eq!(store.load_analysis(id).expect("reads"), None);
        let mut analysis = StoredAnalysis {
            state: AnalysisState::Running,
            moves: 2,
            limits: serde_json::json!({ "depth": null }),
            positions: vec![eval(50.0, 10)],
            error: None,
            server: "a".to_string(),
            started_at: 7,
            updated_at: 0,
        };
        store.save_analysis(id, &analysis).expect("saves");
        analysis.positions.push(eval(40.0, 20));
        analysis.positions.push(eval(0.0, 0));
        analysis.state = AnalysisState::Done;
        store.save_analysis(id, &analysis).expect("saves again");
        drop(store);
        let mut store = Store::connect(&database, "b").expect("reopens");
        let read = store.load_analysis(id).expect("reads").expect("kept");
        assert_eq!(read.state, AnalysisState::Done);
        assert_eq!(read.positions, analysis.positions);
        assert_eq!((read.moves, read.started_at), (2, 7));
        assert!(read.updated_at > 0);
        assert_eq!(store.load_analysis(other).expect("reads"), None);
        assert!(store.delete(id).expect("deletes"));
        assert_eq!(
            store.load_analysis(id).expect("reads"),
            None,
            "gone with its game"
        );
    }
}

#[test]
fn the_computers_searches_are_kept_by_move() {
    for place in places("the_computers_searches_are_kept_by_move") {
        let database = place.database();
        let mut store = Store::connect(&database, "a").expect("opens");
        let id = new_game(&mut store, Some("owner"));
        let search = |depth, line: &str| MoveSearch {
            depth,
            seldepth: depth + 2,
            score: ply_games::ScoreView::WinIn(3),
            line: line.split_whitespace().map(str::to_string).collect(),
            nodes: 1234,
            time_ms: 5,
        };
        store
            .save_move_search(id, 2, "a1", &search(4, "a1 c3"))
            .expect("saves");
        store
            .save_move_search(id, 4, "c3", &search(5, "c3"))
            .expect("saves");
        // Move 2 taken back and another played: its search replaces the old one.
        store
            .save_move_search(id, 2, "c1", &search(6, "c1 a3"))
            .expect("replaces");
        let kept = store.move_searches(id).expect("reads");
        assert_eq!(kept.len(), 2);
        assert_eq!((kept[0].ply, kept[0].mv.as_str()), (2, "c1"));
        assert_eq!(kept[0].search, search(6, "c1 a3"));
        assert_eq!((kept[1].ply, kept[1].search.depth), (4, 5));
        assert!(store.delete(id).expect("deletes"));
        assert!(store.move_searches(id).expect("reads").is_empty());
    }
}
