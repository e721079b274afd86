//! Who may do what: a game belongs to the browser that started it. Another browser may
//! watch it (state, positions, export, events) but every route that changes it or spends
//! the server's time on it answers 403 with a clear error; the owner's cookie is HTTP-only
//! and SameSite; the list shows a browser its own games; games stored before owners are
//! the local machine's.

mod common;

use axum::body::{Body, to_bytes};
use axum::extract::ConnectInfo;
use axum::http::{Method, Request, StatusCode, header};
use common::{SECRET, app, call, call_as};
use ply_web::{AppState, Config, GameChange, Players, Seat, Store, router};
use serde_json::{Value, json};
use tower::ServiceExt;

const STRANGER: &str = "fedcba9876543210fedcba9876543210";

fn error_of(value: &Value) -> String {
    value["error"].as_str().unwrap_or_default().to_string()
}

#[tokio::test]
async fn a_second_browser_watches_but_changes_nothing() {
    let dir = tempfile::tempdir().expect("temp dir");
    let app = app(dir.path());
    let (status, state) = call(
        &app,
        Method::POST,
        "/api/games",
        Some(json!({ "game": "tictactoe", "human": "both" })),
    )
    .await;
    assert_eq!(status, StatusCode::CREATED);
    let id = state["id"].as_str().expect("an id").to_string();
    let (status, _) = call(
        &app,
        Method::POST,
        &format!("/api/games/{id}/moves"),
        Some(json!({ "move": "b2" })),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "the owner moves");

    // Watching is open to anyone with the link.
    let (_, mine) = call(&app, Method::GET, &format!("/api/games/{id}"), None).await;
    assert_eq!(mine["yours"], true, "the owner may change it: {mine}");
    let (_, theirs) = call_as(
        &app,
        Some(STRANGER),
        Method::GET,
        &format!("/api/games/{id}"),
        None,
    )
    .await;
    assert_eq!(theirs["yours"], false, "a stranger only watches: {theirs}");
    assert_eq!(theirs["history"], mine["history"], "both see the same game");
    for path in [
        format!("/api/games/{id}"),
        format!("/api/games/{id}/position?ply=0"),
        format!("/api/games/{id}/export"),
    ] {
        let (status, answer) = call_as(&app, Some(STRANGER), Method::GET, &path, None).await;
        assert_eq!(status, StatusCode::OK, "{path}: {answer}");
    }
    let events = Request::get(format!("/api/games/{id}/events"))
        .header(header::COOKIE, format!("ply_owner={STRANGER}"))
        .body(Body::empty())
        .expect("a request");
    let response = app.clone().oneshot(events).await.expect("an answer");
    assert_eq!(
        response.status(),
        StatusCode::OK,
        "a stranger watches the events"
    );

    // Every write route refuses a stranger, and a browser with no cookie at all.
    let writes: [(Method, String, Option<Value>); 8] = [
        (
            Method::POST,
            format!("/api/games/{id}/moves"),
            Some(json!({ "move": "a1" })),
        ),
        (Method::POST, format!("/api/games/{id}/undo"), None),
        (Method::POST, format!("/api/games/{id}/redo"), None),
        (Method::POST, format!("/api/games/{id}/resign"), None),
        (Method::POST, format!("/api/games/{id}/hint"), None),
        (Method::POST, format!("/api/games/{id}/analyze"), None),
        (Method::POST, format!("/api/games/{id}/stop"), None),
        (Method::DELETE, format!("/api/games/{id}"), None),
    ];
    for secret in [Some(STRANGER), None] {
        for (method, path, body) in &writes {
            let (status, answer) = call_as(&app, secret, method.clone(), path, body.clone()).await;
            assert_eq!(status, StatusCode::FORBIDDEN, "{method} {path}: {answer}");
            assert!(
                error_of(&answer).contains("belongs to the browser that started it"),
                "{method} {path}: {answer}"
            );
            assert_eq!(answer["code"], "not_yours", "{method} {path}: {answer}");
        }
    }
    // Nothing changed: the owner's move is there, and the owner may still play.
    let (_, state) = call(&app, Method::GET, &format!("/api/games/{id}"), None).await;
    assert_eq!(state["history"].as_array().map(Vec::len), Some(1));
    assert_eq!(state["status"]["state"], "ongoing");
    let (status, _) = call(
        &app,
        Method::POST,
        &format!("/api/games/{id}/moves"),
        Some(json!({ "move": "a1" })),
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    let (status, _) = call(&app, Method::DELETE, &format!("/api/games/{id}"), None).await;
    assert_eq!(status, StatusCode::NO_CONTENT, "the owner deletes");
}

#[tokio::test]
async fn a_new_browser_gets_an_http_only_same_site_cookie_and_its_own_list() {
    let dir = tempfile::tempdir().expect("temp dir");
    let app = app(dir.path());
    let create = Request::post("/api/games")
        .header(header::CONTENT_TYPE, "application/json")
        .header(header::COOKIE, "other=1")
        .body(Body::from(
            json!({ "game": "tictactoe", "human": "both" }).to_string(),
        ))
        .expect("a request");
    let response = app.clone().oneshot(create).await.expect("an answer");
    assert_eq!(response.status(), StatusCode::CREATED);
    let cookie = response
        .headers()
        .get(header::SET_COOKIE)
        .and_then(|value| value.to_str().ok())
        .expect("a cookie is set")
        .to_string();
    assert!(cookie.starts_with("ply_owner="), "{cookie}");
    assert!(
        cookie.contains("HttpOnly") && cookie.contains("SameSite=Strict"),
        "{cookie}"
    );
    let secret = cookie["ply_owner=".len()..]
        .split(';')
        .next()
        .expect("a value")
        .to_string();
    assert_eq!(secret.len(), 32);
    let body = to_bytes(response.into_body(), 1 << 20)
        .await
        .expect("a body");
    let state: Value = serde_json::from_slice(&body).expect("JSON");
    let id = state["id"].as_str().expect("an id").to_string();
    // The cookie is the key: with it the new browser plays its game.
    let (status, _) = call_as(
        &app,
        Some(&secret),
        Method::POST,
        &format!("/api/games/{id}/moves"),
        Some(json!({ "move": "b2" })),
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    // A browser that has a cookie is not given another.
    let again = Request::post("/api/games")
        .header(header::CONTENT_TYPE, "application/json")
        .header(header::COOKIE, format!("ply_owner={SECRET}"))
        .body(Body::from(json!({ "game": "tictactoe" }).to_string()))
        .expect("a request");
    let response = app.clone().oneshot(again).await.expect("an answer");
    assert!(response.headers().get(header::SET_COOKIE).is_none());
    // Each browser lists its own games.
    let (_, list) = call_as(&app, Some(&secret), Method::GET, "/api/games", None).await;
    assert_eq!(list["total"], 1, "{list}");
    assert_eq!(list["games"][0]["id"], id);
    let (_, list) = call(&app, Method::GET, "/api/games", None).await;
    assert_eq!(list["total"], 1, "{list}");
    assert_ne!(list["games"][0]["id"], id);
    let (_, list) = call_as(&app, Some(STRANGER), Method::GET, "/api/games", None).await;
    assert_eq!(list["total"], 0, "{list}");
}

#[tokio::test]
async fn a_game_from_before_owners_is_the_local_machines() {
    let dir = tempfile::tempdir().expect("temp dir");
    let id = {
        let mut store = Store::open(dir.path()).expect("opens");
        let players = Players {
            first: Seat::Human,
            second: Seat::Human,
            level: "strong".into(),
            movetime_ms: 500,
        };
        let id = store
            .insert(
                "tictactoe",
                "Tic-tac-toe",
                &Default::default(),
                "3/3/3 x",
                &players,
                None,
            )
            .expect("inserts");
        let change = GameChange {
            moves: &["b2".to_string()],
            redo: &[],
            result: None,
            status: "ongoing",
            summary: "",
            clock: None,
            computer_to_move: false,
        };
        store.update(id, &change).expect("writes");
        // Its link names it by the public id the store gave it, never by its number.
        let stored = store.load(id).expect("loads").expect("stored");
        stored.public_id.to_string()
    };
    let app = app(dir.path());
    let moves = format!("/api/games/{id}/moves");
    let request = |peer: &str, forwarded: bool, mv: &str| {
        let mut request = Request::post(&moves)
            .header(header::CONTENT_TYPE, "application/json")
            .header(header::COOKIE, format!("ply_owner={STRANGER}"));
        if forwarded {
            request = request.header("x-forwarded-for", "198.51.100.7");
        }
        let mut request = request
            .body(Body::from(json!({ "move": mv }).to_string()))
            .expect("a request");
        let addr: std::net::SocketAddr = peer.parse().expect("an address");
        request.extensions_mut().insert(ConnectInfo(addr));
        request
    };
    // From another machine, or through a proxy: refused.
    let response = app
        .clone()
        .oneshot(request("192.0.2.8:4000", false, "a1"))
        .await;
    assert_eq!(response.expect("an answer").status(), StatusCode::FORBIDDEN);
    let response = app
        .clone()
        .oneshot(request("127.0.0.1:4000", true, "a1"))
        .await;
    assert_eq!(response.expect("an answer").status(), StatusCode::FORBIDDEN);
    // From the machine itself: its owner's, whatever the cookie.
    let response = app
        .clone()
        .oneshot(request("127.0.0.1:4000", false, "a1"))
        .await;
    assert_eq!(response.expect("an answer").status(), StatusCode::OK);
    // And the local list shows it.
    let (_, list) = call(&app, Method::GET, "/api/games", None).await;
    assert_eq!(list["total"], 1, "{list}");
    // Behind a proxy every request comes from the proxy's loopback: nobody is local.
    let config = Config {
        behind_proxy: true,
        ..Config::new(dir.path())
    };
    let proxied = router(AppState::open(&config).expect("opens"));
    let response = proxied
        .oneshot(request("127.0.0.1:4000", false, "c3"))
        .await;
    assert_eq!(response.expect("an answer").status(), StatusCode::FORBIDDEN);
}
