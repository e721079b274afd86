//! Timed games through the HTTP API: the clocks in the state, kept from stored timestamps
//! across a restart, a flag that the server's own timer drops (a loss, or a draw when the
//! other side cannot win), undo refused, and the computer never losing on time.

use std::time::{Duration, Instant};

mod common;

use axum::Router;
use axum::body::Body;
use axum::http::{Method, Request, StatusCode};
use common::{app, call};
use serde_json::{Value, json};
use tower::ServiceExt;

async fn create(app: &Router, body: Value) -> Value {
    let (status, state) = call(app, Method::POST, "/api/games", Some(body)).await;
    assert_eq!(status, StatusCode::CREATED, "{state}");
    state
}

fn remaining(state: &Value, side: usize) -> i64 {
    state["clock"]["remaining_ms"][side]
        .as_i64()
        .unwrap_or_else(|| panic!("a clock: {state}"))
}

async fn show(app: &Router, id: &str) -> Value {
    let (status, state) = call(app, Method::GET, &format!("/api/games/{id}"), None).await;
    assert_eq!(status, StatusCode::OK, "{state}");
    state
}

async fn play(app: &Router, id: &str, mv: &str) -> (StatusCode, Value) {
    call(
        app,
        Method::POST,
        &format!("/api/games/{id}/moves"),
        Some(json!({ "move": mv })),
    )
    .await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_timed_game_shows_its_clocks_and_refuses_undo() {
    let dir = tempfile::tempdir().expect("temp dir");
    let app = app(dir.path());
    let untimed = create(&app, json!({ "game": "ttt", "human": "both" })).await;
    assert!(untimed["clock"].is_null());
    let state = create(
        &app,
        json!({ "game": "ttt", "human": "both",
                "clock": { "initial_ms": 180_000, "increment_ms": 2_000 } }),
    )
    .await;
    let id = state["id"].as_str().expect("id").to_string();
    assert_eq!(state["clock"]["initial_ms"], 180_000);
    assert_eq!(state["clock"]["increment_ms"], 2_000);
    assert_eq!(state["clock"]["running"], "first");
    assert!(state["clock"]["server_time_ms"].as_i64() > Some(1_600_000_000_000));
    tokio::time::sleep(Duration::from_millis(300)).await;
    let (status, after) = play(&app, &id, "b2").await;
    assert_eq!(status, StatusCode::OK, "{after}");
    // Charged about 300 ms, then given the 2 s increment.
    let first = remaining(&after, 0);
    assert!((181_000..=181_750).contains(&first), "{first}");
    // Black's clock began to run as the state was written.
    assert!(
        (179_800..=180_000).contains(&remaining(&after, 1)),
        "{after}"
    );
    assert_eq!(after["clock"]["running"], "second");
    assert_eq!(after["can_undo"], false);
    let (status, refused) = call(&app, Method::POST, &format!("/api/games/{id}/undo"), None).await;
    assert_eq!(status, StatusCode::CONFLICT, "{refused}");
    assert!(
        refused["error"]
            .as_str()
            .is_some_and(|text| text.contains("timed game")),
        "{refused}"
    );
    // Resigning stops both clocks.
    let (status, over) = call(
        &app,
        Method::POST,
        &format!("/api/games/{id}/resign"),
        Some(json!({ "side": "second" })),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{over}");
    assert!(over["clock"]["running"].is_null());
    let stopped = remaining(&over, 1);
    tokio::time::sleep(Duration::from_millis(200)).await;
    assert_eq!(remaining(&show(&app, &id).await, 1), stopped);

    for bad in [
        json!({ "initial_ms": 10, "increment_ms": 0 }),
        json!({ "initial_ms": 60_000, "increment_ms": 999_999 }),
        json!({ "initial_ms": 60_000 }),
        json!({ "initial_ms": -5, "increment_ms": 0 }),
        json!("3+2"),
    ] {
        let (status, error) = call(
            &app,
            Method::POST,
            "/api/games",
            Some(json!({ "game": "ttt", "clock": bad })),
        )
        .await;
        assert!(status.is_client_error(), "{bad}: {status} {error}");
        assert!(error["error"].is_string(), "{error}");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn clocks_survive_a_restart_from_their_timestamps() {
    let dir = tempfile::tempdir().expect("temp dir");
    let (id, moved_at) = {
        let app = app(dir.path());
        let state = create(
            &app,
            json!({ "game": "chess", "human": "both",
                    "clock": { "initial_ms": 60_000, "increment_ms": 1_000 } }),
        )
        .await;
        let id = state["id"].as_str().expect("id").to_string();
        tokio::time::sleep(Duration::from_millis(400)).await;
        let (status, state) = play(&app, &id, "e4").await;
        assert_eq!(status, StatusCode::OK, "{state}");
        (id, Instant::now())
    };
    // The server is away for a while; Black's clock runs on.
    tokio::time::sleep(Duration::from_millis(700)).await;
    let app = app(dir.path());
    let state = show(&app, &id).await;
    let white = remaining(&state, 0);
    assert!((60_400..=60_650).contains(&white), "white {white}");
    let black = remaining(&state, 1);
    let away = moved_at.elapsed().as_millis() as i64;
    assert!(
        black <= 60_000 - 700 && black >= 60_000 - away - 100,
        "black {black} after {away} ms"
    );
    assert_eq!(state["clock"]["running"], "second");
    let (status, state) = play(&app, &id, "e5").await;
    assert_eq!(status, StatusCode::OK, "{state}");
    assert!(remaining(&state, 1) <= 61_000 - 700, "{state}");
    assert_eq!(state["clock"]["running"], "first");
}

/// Waits until the store says the game is over, asking nothing of the game's API: only the
/// server's own timer can have ended it.
fn finished_in_store(dir: &std::path::Path, id: &str, within: Duration) -> ply_web::StoredGame {
    let until = Instant::now() + within;
    loop {
        let mut store = ply_web::Store::open(dir).expect("the store opens");
        let number = store.find(id).expect("finds").expect("exists");
        let game = store.load(number).expect("loads").expect("exists");
        if game.status == "finished" {
            return game;
        }
        assert!(Instant::now() < until, "still going: {game:?}");
        std::thread::sleep(Duration::from_millis(50));
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_servers_timer_drops_the_flag_and_tells_the_page() {
    let dir = tempfile::tempdir().expect("temp dir");
    let app = app(dir.path());
    let state = create(
        &app,
        json!({ "game": "chess", "human": "both",
                "clock": { "initial_ms": 1_500, "increment_ms": 0 } }),
    )
    .await;
    let id = state["id"].as_str().expect("id").to_string();
    let response = app
        .clone()
        .oneshot(
            Request::get(format!("/api/games/{id}/events"))
                .body(Body::empty())
                .expect("request"),
        )
        .await
        .expect("answer");
    let mut body = response.into_body().into_data_stream();
    let (status, state) = play(&app, &id, "e4").await;
    assert_eq!(status, StatusCode::OK, "{state}");
    let dir_path = dir.path().to_path_buf();
    let waited = id.clone();
    let stored = tokio::task::spawn_blocking(move || {
        finished_in_store(&dir_path, &waited, Duration::from_secs(10))
    })
    .await
    .expect("waits");
    assert_eq!(stored.summary, "white wins (out of time)");
    let clock = stored.clock.expect("a clock");
    assert_eq!(clock.turn_started_ms, None, "stopped");
    assert_eq!(clock.remaining_ms[1], 0);

    // The page heard it on its stream without asking.
    use tokio_stream::StreamExt as _;
    let heard = tokio::time::timeout(Duration::from_secs(5), async {
        let mut text = String::new();
        while let Some(Ok(chunk)) = body.next().await {
            text.push_str(&String::from_utf8_lossy(&chunk));
            if text.contains("\"reason\":\"out of time\"") {
                return true;
            }
        }
        false
    })
    .await;
    assert_eq!(heard, Ok(true));

    let state = show(&app, &id).await;
    assert_eq!(state["status"]["state"], "finished");
    assert_eq!(state["status"]["winner"], "first");
    assert_eq!(state["status"]["reason"], "out of time");
    let (status, refused) = play(&app, &id, "e5").await;
    assert_eq!(status, StatusCode::CONFLICT, "{refused}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_flag_draws_when_the_other_side_cannot_win() {
    let dir = tempfile::tempdir().expect("temp dir");
    let app = app(dir.path());
    // A king and queen against a lone king: if the queen's side flags, the lone king
    // cannot mate by any sequence of moves, so it is a draw; if the lone king flags, it loses.
    let cases = [
        ("chess", "8/8/8/4k3/8/8/8/1Q2K3 w - - 0 1", None),
        ("chess", "8/8/8/4k3/8/8/8/1Q2K3 b - - 0 1", Some("first")),
        // Red has only general, advisors and elephants; Black has a chariot.
        ("xiangqi", "3k5/9/9/9/9/r8/9/9/4A4/2BAK1B2 b - - 0 1", None),
        (
            "xiangqi",
            "3k5/9/9/9/9/r8/9/9/4A4/2BAK1B2 w - - 0 1",
            Some("second"),
        ),
        ("caro", "", Some("second")),
    ];
    let mut ids = Vec::new();
    for (game, position, _) in cases {
        let mut body = json!({ "game": game, "human": "both",
                               "clock": { "initial_ms": 1_000, "increment_ms": 0 } });
        if !position.is_empty() {
            body["position"] = json!(position);
        }
        let state = create(&app, body).await;
        ids.push(state["id"].as_str().expect("id").to_string());
    }
    tokio::time::sleep(Duration::from_millis(1_200)).await;
    for ((game, position, winner), id) in cases.iter().zip(ids) {
        let deadline = Instant::now() + Duration::from_secs(10);
        let state = loop {
            let state = show(&app, &id).await;
            if state["status"]["state"] == "finished" || Instant::now() > deadline {
                break state;
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        };
        assert_eq!(state["status"]["state"], "finished", "{game} {position}");
        match winner {
            Some(side) => {
                assert_eq!(state["status"]["winner"], *side, "{game} {position}");
                assert_eq!(state["status"]["reason"], "out of time");
            }
            None => {
                assert!(state["status"]["winner"].is_null(), "{game} {position}");
                assert_eq!(
                    state["status"]["reason"], "out of time, opponent cannot win",
                    "{game} {position}"
                );
            }
        }
    }
}

/// Plays as the person (a legal move, at once) against the computer on a short
/// clock until the game ends or the computer has made `moves` moves; the computer must never
/// lose on time and must always keep time on its clock.
async fn computer_keeps_its_time(
    level: &str,
    game: &str,
    position: &str,
    initial_ms: u64,
    moves: usize,
) {
    let dir = tempfile::tempdir().expect("temp dir");
    let app = app(dir.path());
    let mut body = json!({ "game": game, "human": "first", "level": level,
                           "clock": { "initial_ms": initial_ms, "increment_ms": 0 } });
    if !position.is_empty() {
        body["position"] = json!(position);
    }
    let state = create(&app, body).await;
    let id = state["id"].as_str().expect("id").to_string();
    let mut computer_moves = 0;
    let deadline = Instant::now() + Duration::from_secs(120);
    loop {
        let state = show(&app, &id).await;
        if state["status"]["state"] == "finished" {
            assert_ne!(
                state["status"]["winner"], "first",
                "{level}: the computer lost: {}",
                state["status"]
            );
            break;
        }
        assert!(Instant::now() < deadline, "{state}");
        if state["human_to_move"] == true {
            // A varied choice, so the game neither repeats nor ends at once.
            let legal = state["legal"].as_array().expect("legal moves");
            let ply = state["history"].as_array().map_or(0, Vec::len);
            let choice = &legal[(ply * 7 + 3) % legal.len()];
            let (status, after) = play(&app, &id, choice["name"].as_str().expect("a move")).await;
            assert_eq!(status, StatusCode::OK, "{after}");
            computer_moves = after["history"].as_array().map_or(0, Vec::len) / 2;
            assert!(remaining(&after, 1) > 0, "{after}");
            if computer_moves >= moves {
                break;
            }
        } else {
            tokio::time::sleep(Duration::from_millis(10)).await;
        }
    }
    let state = show(&app, &id).await;
    eprintln!(
        "{level} {game} {initial_ms} ms: {computer_moves} computer moves, {} left, {}",
        remaining(&state, 1),
        state["status"]
    );
    assert!(computer_moves > 0);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_computer_never_loses_on_time() {
    // The strong engine's time manager and the classic depth-bound alpha-beta (stopped by
    // the server at its deadline) on a second or three for the whole game; rooks and pawns
    // on both sides make a long game against the person's first legal moves.
    let long = "6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1";
    computer_keeps_its_time("strong", "chess", long, 1_500, 80).await;
    computer_keeps_its_time("strong", "chess", "", 3_000, 40).await;
    computer_keeps_its_time("classic", "chess", long, 2_000, 60).await;
    computer_keeps_its_time("classic", "caro", "", 2_000, 30).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_flag_that_fell_while_the_server_was_away_falls_when_it_starts() {
    let dir = tempfile::tempdir().expect("temp dir");
    let id = {
        let app = app(dir.path());
        let state = create(
            &app,
            json!({ "game": "ttt", "human": "both",
                    "clock": { "initial_ms": 1_000, "increment_ms": 0 } }),
        )
        .await;
        state["id"].as_str().expect("id").to_string()
    };
    tokio::time::sleep(Duration::from_millis(1_200)).await;
    let mut store = ply_web::Store::open(dir.path()).expect("opens");
    let number = store.find(&id).expect("finds").expect("exists");
    assert_eq!(
        store.load(number).expect("loads").expect("exists").status,
        "ongoing"
    );
    drop(store);
    // The server starts again; nobody opens the game, yet its flag falls.
    let _app = app(dir.path());
    let dir_path = dir.path().to_path_buf();
    let waited = id.clone();
    let stored = tokio::task::spawn_blocking(move || {
        finished_in_store(&dir_path, &waited, Duration::from_secs(10))
    })
    .await
    .expect("waits");
    assert_eq!(stored.summary, "O wins (out of time)");
}
