//! Set-up and standard files over HTTP: an impossible position refused with its typed
//! problem, a finished one refused, a game downloaded as PGN / `.psq` with its content type
//! and file name, and a file imported as a game that can be continued.

mod common;

use axum::body::{Body, to_bytes};
use axum::http::{Method, Request, StatusCode, header};
use common::{app, call};
use serde_json::json;
use tower::ServiceExt;

async fn download(app: &axum::Router, path: &str) -> (StatusCode, String, String, String) {
    let response = app
        .clone()
        .oneshot(Request::get(path).body(Body::empty()).expect("request"))
        .await
        .expect("answer");
    let status = response.status();
    let header_text = |name| {
        response
            .headers()
            .get(name)
            .and_then(|value| value.to_str().ok())
            .unwrap_or("")
            .to_string()
    };
    let (kind, disposition) = (
        header_text(header::CONTENT_TYPE),
        header_text(header::CONTENT_DISPOSITION),
    );
    let bytes = to_bytes(response.into_body(), 1 << 20).await.expect("body");
    (
        status,
        kind,
        disposition,
        String::from_utf8_lossy(&bytes).into_owned(),
    )
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn impossible_and_finished_set_ups_are_refused_with_their_problem() {
    let dir = tempfile::tempdir().expect("temp dir");
    let app = app(dir.path());
    let (status, error) = call(
        &app,
        Method::POST,
        "/api/games",
        Some(json!({ "game": "chess", "human": "both", "position": "4k3/4R3/8/8/8/8/8/4K3 w - - 0 1" })),
    )
    .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(error["problem"]["code"], "not_to_move_in_check", "{error}");
    assert_eq!(error["problem"]["side"], "second");
    assert!(error["error"].as_str().unwrap_or("").contains("in check"));

    let (status, error) = call(
        &app,
        Method::POST,
        "/api/games",
        Some(json!({ "game": "xiangqi", "position": "4k4/9/9/9/9/9/9/9/9/4K4 w" })),
    )
    .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(error["problem"]["code"], "generals_face_to_face", "{error}");

    let (status, error) = call(
        &app,
        Method::POST,
        "/api/games",
        Some(json!({ "game": "ttt", "position": "xxx/oo1/3 o" })),
    )
    .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(error["problem"]["code"], "already_over", "{error}");

    let (status, state) = call(
        &app,
        Method::POST,
        "/api/games",
        Some(json!({ "game": "chess", "human": "both", "position": "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1" })),
    )
    .await;
    assert_eq!(status, StatusCode::CREATED, "{state}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_exports_and_imports_back() {
    let dir = tempfile::tempdir().expect("temp dir");
    let app = app(dir.path());
    let (_, state) = call(
        &app,
        Method::POST,
        "/api/games",
        Some(json!({ "game": "chess", "human": "both" })),
    )
    .await;
    let id = state["id"].as_str().expect("id").to_string();
    for mv in ["e4", "e5", "Nf3"] {
        let (status, _) = call(
            &app,
            Method::POST,
            &format!("/api/games/{id}/moves"),
            Some(json!({ "move": mv })),
        )
        .await;
        assert_eq!(status, StatusCode::OK);
    }
    let (status, kind, disposition, text) =
        download(&app, &format!("/api/games/{id}/export")).await;
    assert_eq!(status, StatusCode::OK);
    assert!(kind.starts_with("application/x-chess-pgn"), "{kind}");
    assert_eq!(
        disposition,
        format!("attachment; filename=\"ply-chess-{id}.pgn\"")
    );
    assert!(
        text.contains("[White \"human\"]") && text.contains("1. e4 e5 2. Nf3 *"),
        "{text}"
    );
    let (_, _, disposition, plain) =
        download(&app, &format!("/api/games/{id}/export?format=text")).await;
    assert!(disposition.ends_with(".txt\""), "{disposition}");
    assert!(!plain.is_empty());
    let (status, ..) = download(&app, &format!("/api/games/{id}/export?format=docx")).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);

    let (status, imported) = call(
        &app,
        Method::POST,
        "/api/games/import",
        Some(json!({ "text": text })),
    )
    .await;
    assert_eq!(status, StatusCode::CREATED, "{imported}");
    let new_id = imported["id"].as_str().expect("id").to_string();
    assert_ne!(new_id, id);
    assert_eq!(imported["moves"], 3);
    let (_, state) = call(&app, Method::GET, &format!("/api/games/{new_id}"), None).await;
    let names: Vec<&str> = state["history"]
        .as_array()
        .expect("history")
        .iter()
        .filter_map(|mv| mv["name"].as_str())
        .collect();
    assert_eq!(names, ["e2e4", "e7e5", "g1f3"]);
    // The imported game goes on.
    let (status, body) = call(
        &app,
        Method::POST,
        &format!("/api/games/{new_id}/moves"),
        Some(json!({ "move": "Nc6" })),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{body}");

    // Caro as .psq, the rule kept.
    let (_, state) = call(
        &app,
        Method::POST,
        "/api/games",
        Some(
            json!({ "game": "caro", "human": "both", "options": { "size": 15, "rule": "renju" } }),
        ),
    )
    .await;
    let caro = state["id"].as_str().expect("id").to_string();
    call(
        &app,
        Method::POST,
        &format!("/api/games/{caro}/moves"),
        Some(json!({ "move": "h8" })),
    )
    .await;
    let (_, kind, disposition, psq) = download(&app, &format!("/api/games/{caro}/export")).await;
    assert!(kind.starts_with("text/plain"));
    assert!(disposition.ends_with(".psq\""), "{disposition}");
    assert!(
        psq.starts_with("Piskvorky 15x15, 11:11, 4\n8,8,0\n"),
        "{psq}"
    );
    let (status, imported) = call(
        &app,
        Method::POST,
        "/api/games/import",
        Some(json!({ "text": psq })),
    )
    .await;
    assert_eq!(status, StatusCode::CREATED, "{imported}");
    let (_, state) = call(
        &app,
        Method::GET,
        &format!("/api/games/{}", imported["id"].as_str().expect("id")),
        None,
    )
    .await;
    assert_eq!(state["options"]["rule"], "renju", "{state}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_bad_file_names_its_line_and_stores_nothing() {
    let dir = tempfile::tempdir().expect("temp dir");
    let app = app(dir.path());
    let (status, error) = call(
        &app,
        Method::POST,
        "/api/games/import",
        Some(json!({ "text": "[Event \"x\"]\n\n1. e4 e5\n2. Ke3 *" })),
    )
    .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(error["line"], 4, "{error}");
    let message = error["error"].as_str().unwrap_or("");
    assert!(message.contains("Ke3"), "{error}");
    assert!(
        !message.contains("line 4"),
        "the line is its own field: {error}"
    );
    let (status, error) = call(
        &app,
        Method::POST,
        "/api/games/import",
        Some(json!({ "text": "hello" })),
    )
    .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{error}");
    let (_, list) = call(&app, Method::GET, "/api/games", None).await;
    assert_eq!(list["total"], 0);
    // A file longer than the usual body limit is still read (a long game).
    let long = format!(
        "[Event \"long\"]\n\n{}*\n",
        "{a comment that makes the file long} ".repeat(1_000)
    );
    let (status, imported) = call(
        &app,
        Method::POST,
        "/api/games/import",
        Some(json!({ "text": long })),
    )
    .await;
    assert_eq!(status, StatusCode::CREATED, "{imported}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_editor_check_answers_with_the_position_or_its_problem() {
    let dir = tempfile::tempdir().expect("temp dir");
    let app = app(dir.path());
    let (status, answer) = call(
        &app,
        Method::POST,
        "/api/setup/check",
        Some(json!({ "game": "chess", "position": "" })),
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(answer["ok"], true);
    assert_eq!(
        answer["position"],
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
    );
    assert_eq!(answer["board"]["files"], 8);
    let (status, answer) = call(
        &app,
        Method::POST,
        "/api/setup/check",
        Some(json!({ "game": "caro", "options": { "size": 9 }, "position": "9/9/9/9/4x4/9/9/9/9 x" })),
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(answer["ok"], false, "{answer}");
    assert_eq!(answer["problem"]["code"], "wrong_turn");
    assert_eq!(answer["problem"]["implied"], "second");
    let (status, _) = call(
        &app,
        Method::POST,
        "/api/setup/check",
        Some(json!({ "game": "go", "position": "" })),
    )
    .await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    let (status, answer) = call(
        &app,
        Method::POST,
        "/api/games/import?check=1",
        Some(json!({ "text": "1. e4 e5 2. Ke3" })),
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(answer["ok"], false);
    assert_eq!(answer["line"], 1);
    let (_, list) = call(&app, Method::GET, "/api/games", None).await;
    assert_eq!(list["total"], 0, "a check stores nothing");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_timed_game_writes_its_time_control() {
    let dir = tempfile::tempdir().expect("temp dir");
    let app = app(dir.path());
    let (status, state) = call(
        &app,
        Method::POST,
        "/api/games",
        Some(json!({ "game": "chess", "human": "both", "clock": { "initial_ms": 180000, "increment_ms": 2000 } })),
    )
    .await;
    assert_eq!(status, StatusCode::CREATED, "{state}");
    let id = state["id"].as_str().expect("id").to_string();
    let (_, _, _, text) = download(&app, &format!("/api/games/{id}/export")).await;
    assert!(text.contains("[TimeControl \"180+2\"]"), "{text}");
}
