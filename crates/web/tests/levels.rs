//! The computer's levels over the API: a level 1 to 8 or classic is stored with the game and
//! plays, a level that is not one is refused, and a game stored before the ladder, whose
//! computer is `strong`, still loads and plays as level 8.

use std::time::{Duration, Instant};

mod common;

use axum::Router;
use axum::http::{Method, StatusCode};
use common::{app, call};
use serde_json::{Value, json};

/// Waits until nothing is thinking for the game.
async fn settled(app: &Router, id: &str) -> Value {
    let deadline = Instant::now() + Duration::from_secs(120);
    loop {
        let (status, state) = call(app, Method::GET, &format!("/api/games/{id}"), None).await;
        assert_eq!(status, StatusCode::OK, "{state}");
        if state["thinking"].is_null() {
            return state;
        }
        assert!(Instant::now() < deadline, "still thinking: {state}");
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_level_is_stored_and_plays_and_a_wrong_one_is_refused() {
    let dir = tempfile::tempdir().expect("temp dir");
    let app = app(dir.path());
    for (asked, stored) in [
        ("1", "1"),
        ("level 5", "5"),
        ("strong", "8"),
        ("classic", "classic"),
    ] {
        let body =
            json!({ "game": "chess", "human": "second", "level": asked, "movetime_ms": 100 });
        let (status, state) = call(&app, Method::POST, "/api/games", Some(body)).await;
        assert_eq!(status, StatusCode::CREATED, "{state}");
        assert_eq!(state["players"]["level"], stored, "{asked}: {state}");
        let id = state["id"].as_str().expect("id").to_string();
        let state = settled(&app, &id).await;
        assert_eq!(
            state["history"].as_array().map(Vec::len),
            Some(1),
            "{asked}: the computer moved: {state}"
        );
    }
    let (status, default) = call(
        &app,
        Method::POST,
        "/api/games",
        Some(json!({ "game": "ttt", "human": "both" })),
    )
    .await;
    assert_eq!(status, StatusCode::CREATED);
    assert_eq!(default["players"]["level"], "8", "level 8 unless asked");
    for bad in ["9", "0", "grandmaster"] {
        let body = json!({ "game": "ttt", "level": bad });
        let (status, error) = call(&app, Method::POST, "/api/games", Some(body)).await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{bad}: {error}");
        let message = error["error"].as_str().expect("an error");
        assert!(message.contains("1 to 8"), "{bad}: {message}");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_stored_with_the_strong_player_loads_as_level_eight() {
    let dir = tempfile::tempdir().expect("temp dir");
    let id = {
        let app = app(dir.path());
        let body = json!({ "game": "ttt", "human": "both" });
        let (status, state) = call(&app, Method::POST, "/api/games", Some(body)).await;
        assert_eq!(status, StatusCode::CREATED, "{state}");
        state["id"].as_str().expect("id").to_string()
    };
    // As a row written before the ladder: the computer plays first, level "strong".
    let old =
        json!({ "first": "computer", "second": "human", "level": "strong", "movetime_ms": 100 });
    let connection = rusqlite::Connection::open(dir.path().join("ply.sqlite3")).expect("opens");
    let changed = connection
        .execute(
            "UPDATE games SET players = ?1 WHERE public_id = ?2",
            rusqlite::params![old.to_string(), id],
        )
        .expect("updates");
    assert_eq!(changed, 1);
    drop(connection);
    let app = app(dir.path());
    let state = settled(&app, &id).await;
    assert_eq!(state["players"]["level"], "strong");
    assert_eq!(
        state["history"].as_array().map(Vec::len),
        Some(1),
        "the strong player moved: {state}"
    );
}
