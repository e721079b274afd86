//! Notations and words for the page: a game's state lists the notations a player may choose
//! with the board's labels in each, moves carry their names in every one, a move typed in
//! the chosen notation is read in it; errors carry a code and subject the page translates;
//! the list of games gives options and a typed result.

mod common;

use axum::http::{Method, StatusCode};
use common::{app, call};
use serde_json::{Value, json};

async fn start(app: &axum::Router, game: &str) -> String {
    let (status, state) = call(
        app,
        Method::POST,
        "/api/games",
        Some(json!({ "game": game, "human": "both" })),
    )
    .await;
    assert_eq!(status, StatusCode::CREATED, "{state}");
    state["id"].as_str().expect("an id").to_string()
}

fn keys(state: &Value) -> Vec<&str> {
    state["notations"]
        .as_array()
        .expect("notations")
        .iter()
        .filter_map(|notation| notation["key"].as_str())
        .collect()
}

#[tokio::test]
async fn xiangqi_moves_are_named_and_typed_in_the_chosen_notation() {
    let dir = tempfile::tempdir().expect("a directory");
    let app = app(dir.path());
    let id = start(&app, "xiangqi").await;
    let (_, state) = call(&app, Method::GET, &format!("/api/games/{id}"), None).await;
    assert_eq!(
        keys(&state),
        ["wxf", "chinese", "vietnamese", "coordinates"]
    );
    let wxf = &state["notations"][0]["labels"];
    assert_eq!(wxf["near"][0], "9", "Red's file a is its ninth");
    assert_eq!(wxf["far"][0], "1", "Black's file a is its first");
    assert_eq!(state["notations"][1]["labels"]["near"][8], "一");
    let cannon = state["legal"]
        .as_array()
        .expect("legal")
        .iter()
        .find(|mv| mv["name"] == "h2e2")
        .expect("h2e2 is legal");
    assert_eq!(cannon["names"]["vietnamese"], "P2-5");
    assert_eq!(cannon["names"]["chinese"], "炮二平五");

    let (status, state) = call(
        &app,
        Method::POST,
        &format!("/api/games/{id}/moves"),
        Some(json!({ "move": "P2-5", "notation": "vietnamese" })),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{state}");
    assert_eq!(state["history"][0]["name"], "h2e2");
    let (status, state) = call(
        &app,
        Method::POST,
        &format!("/api/games/{id}/moves"),
        Some(json!({ "move": "M8.7", "notation": "vietnamese" })),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{state}");
    assert_eq!(state["history"][1]["names"]["wxf"], "H8+7");

    let (status, error) = call(
        &app,
        Method::POST,
        &format!("/api/games/{id}/moves"),
        Some(json!({ "move": "X1/1", "notation": "vietnamese" })),
    )
    .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(error["code"], "move_illegal", "{error}");
    assert_eq!(error["subject"], "X1/1");
    let (status, error) = call(
        &app,
        Method::POST,
        &format!("/api/games/{id}/moves"),
        Some(json!({ "move": "C2=5", "notation": "klingon" })),
    )
    .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(error["code"], "bad_notation", "{error}");
}

#[tokio::test]
async fn chess_offers_vietnamese_san() {
    let dir = tempfile::tempdir().expect("a directory");
    let app = app(dir.path());
    let id = start(&app, "chess").await;
    let (status, state) = call(
        &app,
        Method::POST,
        &format!("/api/games/{id}/moves"),
        Some(json!({ "move": "Mf3", "notation": "vietnamese" })),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{state}");
    assert_eq!(keys(&state), ["san", "vietnamese", "coordinates"]);
    assert_eq!(state["history"][0]["names"]["san"], "Nf3");
    assert_eq!(state["history"][0]["names"]["vietnamese"], "Mf3");
    assert_eq!(state["history"][0]["names"]["coordinates"], "g1f3");
}

#[tokio::test]
async fn errors_carry_a_code_and_the_list_a_typed_result() {
    let dir = tempfile::tempdir().expect("a directory");
    let app = app(dir.path());
    let (status, error) = call(&app, Method::GET, "/api/games/999", None).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    assert_eq!(error["code"], "no_game");
    assert_eq!(error["subject"], "999");
    assert_eq!(error["error"], "there is no game 999");
    let (_, error) = call(&app, Method::GET, "/api/nothing", None).await;
    assert_eq!(error["code"], "not_found", "{error}");

    let id = start(&app, "chess").await;
    let (_, state) = call(&app, Method::POST, &format!("/api/games/{id}/resign"), None).await;
    assert_eq!(state["status"]["reason"], "resignation");
    let (_, list) = call(&app, Method::GET, "/api/games", None).await;
    let game = &list["games"][0];
    assert_eq!(game["result"]["winner"], "second", "{game}");
    assert_eq!(game["result"]["reason"], "resignation");
    assert_eq!(game["options"], json!({}));
}
