//! The HTTP API, request by request: playing, undo and redo, the computer's move and "move
//! now", export, the list, review, the lab, bad requests answered with 4xx JSON errors,
//! games surviving a restart, and many games at once.

use std::time::{Duration, Instant};

mod common;

use axum::Router;
use axum::body::{Body, to_bytes};
use axum::http::{Method, Request, StatusCode, header};
use common::{app, call, raw};
use serde_json::{Value, json};
use tower::ServiceExt;

async fn create(app: &Router, body: Value) -> Value {
    let (status, state) = call(app, Method::POST, "/api/games", Some(body)).await;
    assert_eq!(status, StatusCode::CREATED, "{state}");
    state
}

fn names(state: &Value) -> Vec<String> {
    state["history"]
        .as_array()
        .expect("history")
        .iter()
        .map(|mv| mv["name"].as_str().expect("name").to_string())
        .collect()
}

/// Waits until nothing is thinking for the game.
async fn settled(app: &Router, id: &str) -> Value {
    // The thinks awaited here are bounded by 50-100 ms move times or a stop; only one that never
    // ends should fail, not a slow, loaded machine (move_now_stops_a_long_think times its stop).
    let deadline = Instant::now() + Duration::from_secs(120);
    loop {
        let (status, state) = call(app, Method::GET, &format!("/api/games/{id}"), None).await;
        assert_eq!(status, StatusCode::OK);
        if state["thinking"].is_null() {
            return state;
        }
        assert!(Instant::now() < deadline, "still thinking: {state}");
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

fn error_of(value: &Value) -> &str {
    value["error"]
        .as_str()
        .unwrap_or_else(|| panic!("a JSON error: {value}"))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_people_play_undo_redo_export_and_review() {
    let dir = tempfile::tempdir().expect("temp dir");
    let app = app(dir.path());
    let state = create(&app, json!({ "game": "ttt", "human": "both" })).await;
    let id = state["id"].as_str().expect("id").to_string();
    assert_eq!(state["game"], "tictactoe");
    assert_eq!(state["legal"].as_array().map(Vec::len), Some(9));
    for mv in ["b2", "a3", "c1"] {
        let (status, _) = call(
            &app,
            Method::POST,
            &format!("/api/games/{id}/moves"),
            Some(json!({ "move": mv })),
        )
        .await;
        assert_eq!(status, StatusCode::OK);
    }
    let (_, state) = call(&app, Method::POST, &format!("/api/games/{id}/undo"), None).await;
    assert_eq!(
        names(&state),
        ["b2", "a3"],
        "two people: undo takes back one move"
    );
    assert_eq!(state["can_redo"], true);
    let (_, state) = call(&app, Method::POST, &format!("/api/games/{id}/redo"), None).await;
    assert_eq!(names(&state), ["b2", "a3", "c1"]);
    let (status, body) = call(&app, Method::POST, &format!("/api/games/{id}/redo"), None).await;
    assert_eq!(status, StatusCode::CONFLICT, "{body}");

    let (status, review) = call(
        &app,
        Method::GET,
        &format!("/api/games/{id}/position?ply=1"),
        None,
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(review["ply"], 1);
    let stones = review["board"]["cells"]
        .as_array()
        .expect("cells")
        .iter()
        .filter(|c| !c.is_null())
        .count();
    assert_eq!(stones, 1);

    let response = app
        .clone()
        .oneshot(
            Request::get(format!("/api/games/{id}/export"))
                .body(Body::empty())
                .expect("request"),
        )
        .await
        .expect("answer");
    assert_eq!(response.status(), StatusCode::OK);
    assert!(
        response.headers()[header::CONTENT_DISPOSITION]
            .to_str()
            .expect("ascii")
            .contains("attachment")
    );
    let text = String::from_utf8(
        to_bytes(response.into_body(), 1 << 20)
            .await
            .expect("body")
            .to_vec(),
    )
    .expect("utf-8");
    assert!(text.contains("b2 a3 c1"), "{text}");

    let (_, list) = call(&app, Method::GET, "/api/games?limit=10", None).await;
    assert_eq!(list["total"], 1);
    assert_eq!(list["games"][0]["moves"], 3);

    let (_, state) = call(&app, Method::POST, &format!("/api/games/{id}/resign"), None).await;
    assert_eq!(state["status"]["state"], "finished");
    assert_eq!(state["status"]["reason"], "resignation");
    assert_eq!(
        state["status"]["winner"], "first",
        "O was to move and resigned"
    );
    let (status, _) = call(
        &app,
        Method::POST,
        &format!("/api/games/{id}/moves"),
        Some(json!({ "move": "a1" })),
    )
    .await;
    assert_eq!(status, StatusCode::CONFLICT);

    let (status, _) = call(&app, Method::DELETE, &format!("/api/games/{id}"), None).await;
    assert_eq!(status, StatusCode::NO_CONTENT);
    let (status, _) = call(&app, Method::GET, &format!("/api/games/{id}"), None).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_computer_answers_and_undo_goes_back_to_the_person() {
    let dir = tempfile::tempdir().expect("temp dir");
    let app = app(dir.path());
    for level in ["classic", "strong"] {
        let state = create(
            &app,
            json!({ "game": "tictactoe", "human": "first", "level": level, "movetime_ms": 100 }),
        )
        .await;
        let id = state["id"].as_str().expect("id").to_string();
        let (status, _) = call(
            &app,
            Method::POST,
            &format!("/api/games/{id}/moves"),
            Some(json!({ "move": "b2" })),
        )
        .await;
        assert_eq!(status, StatusCode::OK);
        let state = settled(&app, &id).await;
        assert_eq!(
            names(&state).len(),
            2,
            "{level}: the computer replied: {state}"
        );
        assert_eq!(state["human_to_move"], true);
        let corner = ["a1", "a3", "c1", "c3"].contains(&names(&state)[1].as_str());
        assert!(
            corner,
            "{level}: against the centre only a corner holds the draw"
        );
        let (_, state) = call(&app, Method::POST, &format!("/api/games/{id}/undo"), None).await;
        assert!(
            names(&state).is_empty(),
            "undo takes back the reply and the move"
        );
        assert_eq!(state["human_to_move"], true);

        let (status, _) = call(&app, Method::POST, &format!("/api/games/{id}/hint"), None).await;
        assert_eq!(status, StatusCode::ACCEPTED);
        let state = settled(&app, &id).await;
        assert_eq!(state["last_think"]["purpose"], "hint");
        assert!(state["last_think"]["result"]["best_move"]["name"].is_string());

        let (status, _) = call(
            &app,
            Method::POST,
            &format!("/api/games/{id}/analyze"),
            None,
        )
        .await;
        assert_eq!(status, StatusCode::ACCEPTED);
        let state = settled(&app, &id).await;
        let scored = state["last_think"]["result"]["moves"]
            .as_array()
            .expect("moves")
            .len();
        assert_eq!(scored, 9, "{level}: every legal move scored");
    }
    // The computer moves first when the person takes the second side.
    let state = create(
        &app,
        json!({ "game": "tictactoe", "human": "second", "movetime_ms": 100 }),
    )
    .await;
    let state = settled(&app, state["id"].as_str().expect("id")).await;
    assert_eq!(names(&state).len(), 1);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn move_now_stops_a_long_think() {
    let dir = tempfile::tempdir().expect("temp dir");
    let app = app(dir.path());
    let (_, catalog) = call(&app, Method::GET, "/api/catalog", None).await;
    for game in catalog["games"].as_array().expect("games") {
        if game["available"] != true {
            continue;
        }
        let state = create(&app, json!({ "game": game["name"], "human": "second", "level": "strong", "movetime_ms": 30_000 })).await;
        let id = state["id"].as_str().expect("id").to_string();
        tokio::time::sleep(Duration::from_millis(200)).await;
        let started = Instant::now();
        let (status, _) = call(&app, Method::POST, &format!("/api/games/{id}/stop"), None).await;
        assert_eq!(status, StatusCode::OK);
        let state = settled(&app, &id).await;
        assert!(
            started.elapsed() < Duration::from_secs(10),
            "{}",
            game["name"]
        );
        assert_eq!(
            names(&state).len(),
            1,
            "{}: the computer moved",
            game["name"]
        );
        let (_, stop) = call(&app, Method::POST, &format!("/api/games/{id}/stop"), None).await;
        assert_eq!(stop["stopped"], false, "nothing left to stop");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn bad_requests_get_4xx_json_errors() {
    let dir = tempfile::tempdir().expect("temp dir");
    let app = app(dir.path());
    let state = create(
        &app,
        json!({ "game": "tictactoe", "human": "first", "movetime_ms": 100 }),
    )
    .await;
    let id = state["id"].as_str().expect("id").to_string();
    let moves = format!("/api/games/{id}/moves");

    let cases: Vec<(Request<Body>, StatusCode)> = vec![
        (
            Request::post(&moves)
                .header(header::CONTENT_TYPE, "application/json")
                .body(Body::from("{bad"))
                .expect("r"),
            StatusCode::BAD_REQUEST,
        ),
        (
            Request::post(&moves)
                .header(header::CONTENT_TYPE, "application/json")
                .body(Body::from("{}"))
                .expect("r"),
            StatusCode::UNPROCESSABLE_ENTITY,
        ),
        (
            Request::post(&moves)
                .header(header::CONTENT_TYPE, "application/json")
                .body(Body::from(r#"{"move": 3}"#))
                .expect("r"),
            StatusCode::UNPROCESSABLE_ENTITY,
        ),
        (
            Request::post(&moves)
                .body(Body::from(r#"{"move": "b2"}"#))
                .expect("r"),
            StatusCode::UNSUPPORTED_MEDIA_TYPE,
        ),
        (
            Request::post(&moves)
                .header(header::CONTENT_TYPE, "application/json")
                .body(Body::from(format!(
                    r#"{{"move": "{}"}}"#,
                    "x".repeat(40_000)
                )))
                .expect("r"),
            StatusCode::PAYLOAD_TOO_LARGE,
        ),
        (
            Request::put(&moves).body(Body::empty()).expect("r"),
            StatusCode::METHOD_NOT_ALLOWED,
        ),
        (
            Request::get("/api/nothing").body(Body::empty()).expect("r"),
            StatusCode::NOT_FOUND,
        ),
        (
            Request::get("/api/games/abc")
                .body(Body::empty())
                .expect("r"),
            StatusCode::NOT_FOUND,
        ),
        (
            Request::get("/api/games/999999")
                .body(Body::empty())
                .expect("r"),
            StatusCode::NOT_FOUND,
        ),
        (
            Request::get("/api/games/-1/events")
                .body(Body::empty())
                .expect("r"),
            StatusCode::NOT_FOUND,
        ),
        (
            Request::get(format!("/api/games/{id}/position?ply=99"))
                .body(Body::empty())
                .expect("r"),
            StatusCode::BAD_REQUEST,
        ),
        (
            Request::get("/api/games?limit=lots")
                .body(Body::empty())
                .expect("r"),
            StatusCode::BAD_REQUEST,
        ),
        // Pages that do not exist are HTML (see an_unknown_page_is_html…); the API is JSON.
        (
            Request::get("/api/nowhere").body(Body::empty()).expect("r"),
            StatusCode::NOT_FOUND,
        ),
    ];
    for (request, expected) in cases {
        let what = format!("{} {}", request.method(), request.uri());
        let (status, body) = raw(&app, request).await;
        assert_eq!(status, expected, "{what}: {body}");
        assert!(!error_of(&body).is_empty(), "{what}");
    }

    let posts = [
        ("/api/games", json!({ "game": "go" }), StatusCode::NOT_FOUND),
        (
            "/api/games",
            json!({ "game": "tictactoe", "size": 9 }),
            StatusCode::UNPROCESSABLE_ENTITY,
        ),
        (
            "/api/games",
            json!({ "game": "tictactoe", "position": "xxxx/zz" }),
            StatusCode::UNPROCESSABLE_ENTITY,
        ),
        (
            "/api/games",
            json!({ "game": "tictactoe", "position": "x".repeat(5_000) }),
            StatusCode::UNPROCESSABLE_ENTITY,
        ),
        (
            "/api/games",
            json!({ "game": "tictactoe", "movetime_ms": 10_000_000 }),
            StatusCode::UNPROCESSABLE_ENTITY,
        ),
        (
            "/api/games",
            json!({ "game": "tictactoe", "human": "nobody" }),
            StatusCode::UNPROCESSABLE_ENTITY,
        ),
        (
            "/api/games",
            json!({ "game": "tictactoe", "level": "grandmaster" }),
            StatusCode::UNPROCESSABLE_ENTITY,
        ),
        (
            "/api/games",
            json!({ "game": "tictactoe", "colour": "red" }),
            StatusCode::UNPROCESSABLE_ENTITY,
        ),
        (
            &moves,
            json!({ "move": "z9" }),
            StatusCode::UNPROCESSABLE_ENTITY,
        ),
        (
            "/api/lab",
            json!({ "game": "tictactoe", "depth": 0 }),
            StatusCode::UNPROCESSABLE_ENTITY,
        ),
        (
            "/api/lab",
            json!({ "game": "tictactoe", "depth": 99 }),
            StatusCode::UNPROCESSABLE_ENTITY,
        ),
        (
            "/api/lab",
            json!({ "game": "tictactoe", "depth": 2, "position": "xxx/ooo/3 x" }),
            StatusCode::UNPROCESSABLE_ENTITY,
        ),
    ];
    for (path, body, expected) in posts {
        let (status, answer) = call(&app, Method::POST, path, Some(body.clone())).await;
        assert_eq!(status, expected, "{path} {body}: {answer}");
        assert!(!error_of(&answer).is_empty());
    }
    // Unavailable games say so.
    let (_, catalog) = call(&app, Method::GET, "/api/catalog", None).await;
    for game in catalog["games"].as_array().expect("games") {
        if game["available"] == false {
            let (status, answer) = call(
                &app,
                Method::POST,
                "/api/games",
                Some(json!({ "game": game["name"] })),
            )
            .await;
            assert_eq!(status, StatusCode::NOT_FOUND, "{answer}");
        }
    }
    // A move on the computer's turn, after all that, changed nothing.
    call(&app, Method::POST, &moves, Some(json!({ "move": "b2" }))).await;
    let (status, answer) = call(&app, Method::POST, &moves, Some(json!({ "move": "a1" }))).await;
    assert!(
        status == StatusCode::CONFLICT || status == StatusCode::OK,
        "{answer}"
    );
    let state = settled(&app, &id).await;
    assert!(names(&state).len() <= 4);
    assert_eq!(names(&state)[0], "b2");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_survives_a_restart() {
    let dir = tempfile::tempdir().expect("temp dir");
    let id = {
        let app = app(dir.path());
        let state = create(&app, json!({ "game": "tictactoe", "human": "both" })).await;
        let id = state["id"].as_str().expect("id").to_string();
        for mv in ["b2", "a3", "c3"] {
            call(
                &app,
                Method::POST,
                &format!("/api/games/{id}/moves"),
                Some(json!({ "move": mv })),
            )
            .await;
        }
        call(&app, Method::POST, &format!("/api/games/{id}/undo"), None).await;
        id
    };
    let app = app(dir.path());
    let (status, state) = call(&app, Method::GET, &format!("/api/games/{id}"), None).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(names(&state), ["b2", "a3"]);
    assert_eq!(state["can_redo"], true, "the redo list is kept too");
    let (_, state) = call(&app, Method::POST, &format!("/api/games/{id}/redo"), None).await;
    assert_eq!(names(&state), ["b2", "a3", "c3"]);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn many_games_at_once() {
    let dir = tempfile::tempdir().expect("temp dir");
    let app = app(dir.path());
    let mut tasks = Vec::new();
    for game in 0..12 {
        let app = app.clone();
        tasks.push(tokio::spawn(async move {
            let state = create(
                &app,
                json!({ "game": "tictactoe", "human": "first", "movetime_ms": 50 }),
            )
            .await;
            let id = state["id"].as_str().expect("id").to_string();
            let opening = ["a1", "b2", "c3", "a3"][game % 4];
            let (status, _) = call(
                &app,
                Method::POST,
                &format!("/api/games/{id}/moves"),
                Some(json!({ "move": opening })),
            )
            .await;
            assert_eq!(status, StatusCode::OK);
            let state = settled(&app, &id).await;
            assert_eq!(names(&state)[0], opening);
            assert_eq!(names(&state).len(), 2);
            id
        }));
    }
    let mut ids = Vec::new();
    for task in tasks {
        ids.push(task.await.expect("the game went well"));
    }
    ids.sort_unstable();
    ids.dedup();
    assert_eq!(ids.len(), 12);
    let (_, list) = call(&app, Method::GET, "/api/games?limit=100", None).await;
    assert_eq!(list["total"], 12);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_lab_and_the_event_stream() {
    let dir = tempfile::tempdir().expect("temp dir");
    let app = app(dir.path());
    let (status, lab) = call(
        &app,
        Method::POST,
        "/api/lab",
        Some(json!({ "game": "tictactoe", "position": "x2/1o1/2x o", "depth": 6 })),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{lab}");
    let report = &lab["report"];
    assert_eq!(report["minimax"]["value"], 0);
    assert_eq!(report["alphabeta"]["value"], 0);
    assert!(report["alphabeta"]["nodes"].as_u64() < report["minimax"]["nodes"].as_u64());
    assert_eq!(lab["legal_moves"], 6);

    let state = create(&app, json!({ "game": "tictactoe", "human": "both" })).await;
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
    assert_eq!(response.status(), StatusCode::OK);
    assert!(
        response.headers()[header::CONTENT_TYPE]
            .to_str()
            .expect("ascii")
            .starts_with("text/event-stream")
    );
    let mut body = response.into_body().into_data_stream();
    use tokio_stream::StreamExt as _;
    let mut text = String::new();
    while !text.contains("\n\ndata: {") || !text.ends_with("\n\n") {
        let chunk = tokio::time::timeout(Duration::from_secs(5), body.next())
            .await
            .expect("an event")
            .expect("data")
            .expect("bytes");
        text.push_str(&String::from_utf8_lossy(&chunk));
    }
    // First how soon to reconnect (a client that falls behind is ended and comes back),
    // then the game's state.
    assert!(text.starts_with("retry: 250\n\n"), "{text}");
    let state = text.split("\n\n").nth(1).expect("a second block");
    assert!(
        state.starts_with("data: {") && state.contains("\"type\":\"state\""),
        "{text}"
    );
}

/// The whole answer to a GET.
async fn get(app: &Router, path: &str) -> axum::response::Response {
    app.clone()
        .oneshot(Request::get(path).body(Body::empty()).expect("request"))
        .await
        .expect("answer")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_pages_are_served() {
    let dir = tempfile::tempdir().expect("temp dir");
    let app = app(dir.path());
    for path in [
        "/",
        "/games",
        "/lab",
        "/play/0123456789abcdef01234567",
        "/static/js/app.js",
        "/static/css/style.css",
        "/favicon.svg",
    ] {
        let response = get(&app, path).await;
        assert_eq!(response.status(), StatusCode::OK, "{path}");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_unknown_page_is_html_and_an_unknown_api_route_is_json() {
    let dir = tempfile::tempdir().expect("temp dir");
    let app = app(dir.path());
    for (path, kind) in [
        ("/no/such/page", "text/html"),
        ("/play/abc", "text/html"),
        ("/play/12", "text/html"),
        ("/static/js/nothing.js", "text/html"),
        ("/api/nothing", "application/json"),
    ] {
        let response = get(&app, path).await;
        assert_eq!(response.status(), StatusCode::NOT_FOUND, "{path}");
        let content_type = response
            .headers()
            .get(header::CONTENT_TYPE)
            .and_then(|value| value.to_str().ok())
            .unwrap_or_default();
        assert!(content_type.starts_with(kind), "{path}: {content_type}");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn games_are_named_by_unguessable_ids_and_never_by_their_numbers() {
    let dir = tempfile::tempdir().expect("temp dir");
    let app = app(dir.path());
    let mut ids = Vec::new();
    for _ in 0..3 {
        let state = create(&app, json!({ "game": "ttt", "human": "both" })).await;
        let id = state["id"].as_str().expect("a text id").to_string();
        assert_eq!(id.len(), 24, "{id}");
        assert!(id.bytes().all(|b| b.is_ascii_hexdigit()), "{id}");
        ids.push(id);
    }
    // Random, not counted: no two alike and no id one more than the one before.
    ids.sort();
    ids.dedup();
    assert_eq!(ids.len(), 3, "{ids:?}");
    let numbers: Vec<u128> = ids
        .iter()
        .map(|id| u128::from_str_radix(id, 16).expect("hex"))
        .collect();
    assert!(
        numbers.windows(2).all(|pair| pair[1] - pair[0] > 1),
        "{ids:?}"
    );
    let (_, list) = call(&app, Method::GET, "/api/games", None).await;
    for game in list["games"].as_array().expect("games") {
        assert!(ids.contains(&game["id"].as_str().expect("text id").to_string()));
    }
    // The rows are numbered 1, 2, 3 inside: none of those numbers finds a game.
    for number in 1..=3 {
        for (method, path) in [
            (Method::GET, format!("/api/games/{number}")),
            (Method::GET, format!("/api/games/{number}/position")),
            (Method::GET, format!("/api/games/{number}/export")),
            (Method::GET, format!("/api/games/{number}/events")),
            (Method::POST, format!("/api/games/{number}/resign")),
            (Method::DELETE, format!("/api/games/{number}")),
        ] {
            let (status, body) = call(&app, method.clone(), &path, None).await;
            assert_eq!(status, StatusCode::NOT_FOUND, "{method} {path}: {body}");
            assert_eq!(body["code"], "no_game", "{body}");
        }
        let page = get_page(&app, &format!("/play/{number}")).await;
        assert_eq!(page, StatusCode::NOT_FOUND, "/play/{number}");
    }
    // Every game is still there.
    for id in &ids {
        let (status, _) = call(&app, Method::GET, &format!("/api/games/{id}"), None).await;
        assert_eq!(status, StatusCode::OK, "{id}");
    }
}

async fn get_page(app: &Router, path: &str) -> StatusCode {
    app.clone()
        .oneshot(Request::get(path).body(Body::empty()).expect("request"))
        .await
        .expect("answer")
        .status()
}
