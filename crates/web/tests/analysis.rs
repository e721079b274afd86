//! A game's analysis through the API: started by its owner off the request path, its
//! progress and grades read by anyone who may watch, stopped and resumed, kept in the store
//! (a new server on the same store shows it), refused to a watcher; a branch tried from a
//! position of the game leaves the game as it was; the computer's searches are kept by move.

mod common;

use std::time::{Duration, Instant};

use axum::Router;
use axum::http::{Method, StatusCode};
use common::{app, call, call_as};
use serde_json::{Value, json};

const WATCHER: &str = "fedcba9876543210fedcba9876543210";

/// A tic-tac-toe game in ply's own text where O misses the block (2... c3??).
const MISSED_BLOCK: &str = "[Game \"tictactoe\"]\n[Position \"3/3/3 x\"]\nb2 a1 c1 c3 a3\n";

async fn import(app: &Router, text: &str) -> String {
    let (status, imported) = call(
        app,
        Method::POST,
        "/api/games/import",
        Some(json!({ "text": text })),
    )
    .await;
    assert_eq!(status, StatusCode::CREATED, "{imported}");
    match &imported["id"] {
        Value::String(id) => id.clone(),
        other => other.to_string(),
    }
}

/// Reads the analysis until `done` says it is over (at most 60 s).
async fn wait_for(app: &Router, id: &str, done: impl Fn(&Value) -> bool) -> Value {
    let started = Instant::now();
    loop {
        let (status, analysis) =
            call(app, Method::GET, &format!("/api/games/{id}/analysis"), None).await;
        assert_eq!(status, StatusCode::OK, "{analysis}");
        if done(&analysis) {
            return analysis;
        }
        assert!(
            started.elapsed() < Duration::from_secs(60),
            "still not there: {analysis}"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

#[tokio::test]
async fn a_missed_block_is_graded_a_blunder_and_kept() {
    let dir = tempfile::tempdir().expect("temp dir");
    let app = app(dir.path());
    let id = import(&app, MISSED_BLOCK).await;
    let (status, none) = call(
        &app,
        Method::GET,
        &format!("/api/games/{id}/analysis"),
        None,
    )
    .await;
    assert_eq!(
        (status, none["state"].as_str()),
        (StatusCode::OK, Some("none"))
    );

    let path = format!("/api/games/{id}/analysis");
    let (status, started) = call(&app, Method::POST, &path, None).await;
    assert_eq!(status, StatusCode::ACCEPTED, "{started}");
    assert_eq!(started["positions"], 6);
    let analysis = wait_for(&app, &id, |analysis| analysis["state"] == "done").await;
    assert_eq!(
        (analysis["done"].as_u64(), analysis["total"].as_u64()),
        (Some(6), Some(6))
    );
    let moves = analysis["moves"].as_array().expect("moves");
    assert_eq!(moves.len(), 5);
    assert_eq!(moves[3]["display"], "c3");
    assert_eq!(moves[3]["verdict"], "blunder", "{}", moves[3]);
    assert_eq!(moves[3]["better"]["name"], "a3");
    assert!(moves[3]["better"]["to"].is_number(), "an arrow's end");
    assert!(!moves[3]["line"].as_array().expect("a line").is_empty());
    for (index, graded) in moves.iter().enumerate() {
        if index != 3 {
            assert_eq!(graded["verdict"], Value::Null, "{graded}");
        }
    }
    assert_eq!(analysis["positions"][5]["expected"], 100.0, "X won");

    // Done already: asking again does not search again.
    let (status, again) = call(&app, Method::POST, &path, None).await;
    assert_eq!(
        (status, again["state"].as_str()),
        (StatusCode::OK, Some("done"))
    );

    // Kept in the store: a server started afresh on it shows the same grades.
    drop(app);
    let reopened = common::app(dir.path());
    let (status, kept) = call(&reopened, Method::GET, &path, None).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(kept["state"], "done");
    assert_eq!(kept["moves"], analysis["moves"]);
}

#[tokio::test]
async fn a_watcher_sees_the_analysis_but_may_not_start_or_stop_it() {
    let dir = tempfile::tempdir().expect("temp dir");
    let app = app(dir.path());
    let id = import(&app, MISSED_BLOCK).await;
    let path = format!("/api/games/{id}/analysis");
    for (method, target, body) in [
        (Method::POST, path.clone(), None),
        (Method::DELETE, path.clone(), None),
        (
            Method::POST,
            format!("/api/games/{id}/branch"),
            Some(json!({ "ply": 3, "moves": ["a3"] })),
        ),
    ] {
        for secret in [Some(WATCHER), None] {
            let (status, answer) =
                call_as(&app, secret, method.clone(), &target, body.clone()).await;
            assert_eq!(status, StatusCode::FORBIDDEN, "{method} {target}: {answer}");
            assert!(
                answer["error"]
                    .as_str()
                    .unwrap_or_default()
                    .contains("watch"),
                "{answer}"
            );
        }
    }
    let (status, _) = call(&app, Method::POST, &path, None).await;
    assert_eq!(status, StatusCode::ACCEPTED, "the owner may");
    wait_for(&app, &id, |analysis| analysis["state"] == "done").await;
    let (status, seen) = call_as(&app, Some(WATCHER), Method::GET, &path, None).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(
        seen["moves"][3]["verdict"], "blunder",
        "the watcher sees it"
    );
}

#[tokio::test]
async fn an_analysis_stops_on_request_and_goes_on_from_where_it_stopped() {
    let dir = tempfile::tempdir().expect("temp dir");
    let app = app(dir.path());
    let id = import(
        &app,
        "[Event \"x\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 *\n",
    )
    .await;
    let path = format!("/api/games/{id}/analysis");
    for (depth, expected) in [
        (0, StatusCode::UNPROCESSABLE_ENTITY),
        (99, StatusCode::UNPROCESSABLE_ENTITY),
    ] {
        let (status, answer) =
            call(&app, Method::POST, &path, Some(json!({ "depth": depth }))).await;
        assert_eq!(status, expected, "{answer}");
    }
    let (status, answer) = call(&app, Method::POST, &path, Some(json!({ "speed": 1 }))).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{answer}");

    // Deep enough that it cannot finish before it is stopped.
    let (status, _) = call(&app, Method::POST, &path, Some(json!({ "depth": 24 }))).await;
    assert_eq!(status, StatusCode::ACCEPTED);
    let running = wait_for(&app, &id, |analysis| analysis["state"] == "running").await;
    assert_eq!(running["total"], 11);
    let (status, twice) = call(&app, Method::POST, &path, Some(json!({ "depth": 24 }))).await;
    assert_eq!(status, StatusCode::CONFLICT, "{twice}");
    let (status, stopped) = call(&app, Method::DELETE, &path, None).await;
    assert_eq!(
        (status, stopped["stopped"].as_bool()),
        (StatusCode::OK, Some(true))
    );
    let stopped = wait_for(&app, &id, |analysis| analysis["state"] == "stopped").await;
    let done = stopped["done"].as_u64().expect("done");
    assert!(done < 11, "{stopped}");
    assert_eq!(
        stopped["moves"].as_array().map(Vec::len),
        Some(done.saturating_sub(1) as usize)
    );

    // Started again within the same limits, it keeps the positions done and goes on.
    let (status, _) = call(&app, Method::POST, &path, Some(json!({ "depth": 24 }))).await;
    assert_eq!(status, StatusCode::ACCEPTED);
    let resumed = wait_for(&app, &id, |analysis| analysis["state"] == "running").await;
    assert!(resumed["done"].as_u64().expect("done") >= done, "{resumed}");
    let (status, _) = call(&app, Method::DELETE, &path, None).await;
    assert_eq!(status, StatusCode::OK);
    wait_for(&app, &id, |analysis| analysis["state"] == "stopped").await;

    // A quick one over the same game finishes: every position, every move.
    let (status, _) = call(&app, Method::POST, &path, Some(json!({ "depth": 3 }))).await;
    assert_eq!(status, StatusCode::ACCEPTED);
    let done = wait_for(&app, &id, |analysis| analysis["state"] == "done").await;
    assert_eq!(done["moves"].as_array().map(Vec::len), Some(10));
    assert_eq!(done["limits"]["depth"], 3);
}

#[tokio::test]
async fn a_branch_answers_and_leaves_the_game_as_it_was() {
    let dir = tempfile::tempdir().expect("temp dir");
    let app = app(dir.path());
    let id = import(&app, MISSED_BLOCK).await;
    let path = format!("/api/games/{id}/branch");
    // At move 4 O blocks instead: the engine answers for X, and the game is a draw.
    let (status, branch) = call(
        &app,
        Method::POST,
        &path,
        Some(json!({ "ply": 3, "moves": ["a3"] })),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{branch}");
    assert_eq!(branch["moves"][0]["name"], "a3");
    assert_eq!(branch["status"]["state"], "ongoing");
    assert_eq!(branch["side_to_move"], "first");
    assert!(
        branch["legal"]
            .as_array()
            .is_some_and(|legal| !legal.is_empty())
    );
    let answer = &branch["answer"];
    assert!(answer["best_move"]["name"].is_string(), "{answer}");
    assert_eq!(answer["score"]["kind"], "value", "a draw: {answer}");
    assert_eq!(answer["score"]["value"], 0);

    // Bad branches change nothing and say why.
    for (body, said) in [
        (json!({ "ply": 9, "moves": [] }), "past the game"),
        (json!({ "ply": 3, "moves": ["a1"] }), "move 1 of the branch"),
    ] {
        let (status, answer) = call(&app, Method::POST, &path, Some(body)).await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{answer}");
        assert!(
            answer["error"].as_str().unwrap_or_default().contains(said),
            "{answer}"
        );
    }
    let (_, game) = call(&app, Method::GET, &format!("/api/games/{id}"), None).await;
    let history: Vec<&str> = game["history"]
        .as_array()
        .expect("history")
        .iter()
        .filter_map(|mv| mv["name"].as_str())
        .collect();
    assert_eq!(
        history,
        ["b2", "a1", "c1", "c3", "a3"],
        "the game is unchanged"
    );
}

#[tokio::test]
async fn the_computers_search_is_kept_for_each_move_it_played() {
    let dir = tempfile::tempdir().expect("temp dir");
    let app = app(dir.path());
    let (status, created) = call(
        &app,
        Method::POST,
        "/api/games",
        Some(json!({ "game": "tictactoe", "human": "first" })),
    )
    .await;
    assert_eq!(status, StatusCode::CREATED, "{created}");
    let id = created["id"].as_str().expect("an id").to_string();
    let (status, _) = call(
        &app,
        Method::POST,
        &format!("/api/games/{id}/moves"),
        Some(json!({ "move": "b2" })),
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    let kept = wait_for(&app, &id, |analysis| {
        analysis["searches"]
            .as_array()
            .is_some_and(|searches| !searches.is_empty())
    })
    .await;
    let search = &kept["searches"][0];
    assert_eq!(search["ply"], 2, "{search}");
    let (_, game) = call(&app, Method::GET, &format!("/api/games/{id}"), None).await;
    assert_eq!(search["move"], game["history"][1]["name"]);
    assert!(
        search["depth"].as_u64().is_some_and(|depth| depth > 0),
        "{search}"
    );
    assert!(search["nodes"].as_u64().is_some_and(|nodes| nodes > 0));
    assert!(!search["line"].as_array().expect("a line").is_empty());
    assert_eq!(search["score"]["kind"], "value", "a draw with best play");
}
