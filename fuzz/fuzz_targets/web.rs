//! Fuzz target: any bytes as the JSON body of the web API's POST requests, sent through the
//! real axum router in-process (one store in a temporary directory for the whole run). The
//! first byte picks the route: a new game, a move in one of four human-vs-human games (all
//! four games, undone when it plays so the games stay near their start), undo/redo/resign,
//! or the lab (at most 2 plies deep). Every answer must be a JSON body with a status that is
//! not a server error, and nothing may panic.

#![no_main]

use std::sync::OnceLock;

use axum::Router;
use axum::body::{Body, to_bytes};
use axum::http::{Method, Request, StatusCode, header};
use libfuzzer_sys::fuzz_target;
use ply_web::{AppState, Config, router};
use tokio::runtime::Runtime;
use tower::ServiceExt;

struct World {
    runtime: Runtime,
    app: Router,
    games: Vec<String>,
}

async fn send(app: &Router, method: Method, path: &str, body: Vec<u8>) -> (StatusCode, Vec<u8>) {
    let request = Request::builder()
        .method(method)
        .uri(path)
        .header(header::CONTENT_TYPE, "application/json")
        // One browser throughout: the games are its own to play (they belong to their
        // creator's owner cookie).
        .header(header::COOKIE, "ply_owner=0123456789abcdef0123456789abcdef")
        .body(Body::from(body))
        .expect("a request");
    let response = app.clone().oneshot(request).await.expect("an answer");
    let status = response.status();
    let bytes = to_bytes(response.into_body(), 1 << 24)
        .await
        .expect("a body");
    (status, bytes.to_vec())
}

fn world() -> &'static World {
    static WORLD: OnceLock<World> = OnceLock::new();
    WORLD.get_or_init(|| {
        let dir = std::env::temp_dir().join(format!("ply-fuzz-web-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("a data directory");
        let mut config = Config::new(&dir);
        config.max_searches = 2;
        let app = router(AppState::open(&config).expect("the store opens"));
        let runtime = tokio::runtime::Builder::new_multi_thread()
            .worker_threads(1)
            .enable_all()
            .build()
            .expect("a runtime");
        let mut games = Vec::new();
        for game in ["tictactoe", "caro", "xiangqi", "chess"] {
            let body = format!(r#"{{"game":"{game}","human":"both"}}"#).into_bytes();
            let (status, bytes) = runtime.block_on(send(&app, Method::POST, "/api/games", body));
            assert_eq!(status, StatusCode::CREATED);
            let value: serde_json::Value = serde_json::from_slice(&bytes).expect("json");
            games.push(value["id"].as_str().expect("an id").to_string());
        }
        World {
            runtime,
            app,
            games,
        }
    })
}

/// A lab body with its depth cut to 2 plies when it is valid JSON: a deeper lab search is
/// capped at 5 million positions and may take half a minute before it is refused, which is
/// the design (see the report) but would drown a fuzz run. Invalid JSON goes as it is.
fn tame_lab(body: &[u8]) -> Vec<u8> {
    match serde_json::from_slice::<serde_json::Value>(body) {
        Ok(mut value) => {
            if let Some(depth) = value.get_mut("depth")
                && depth.as_u64().is_some_and(|d| d > 2)
            {
                *depth = serde_json::Value::from(2);
            }
            serde_json::to_vec(&value).unwrap_or_else(|_| body.to_vec())
        }
        Err(_) => body.to_vec(),
    }
}

fn check(status: StatusCode, bytes: &[u8], what: &str) {
    assert!(
        !status.is_server_error(),
        "{what}: {status} {}",
        String::from_utf8_lossy(bytes)
    );
    assert!(
        status == StatusCode::NO_CONTENT
            || serde_json::from_slice::<serde_json::Value>(bytes).is_ok(),
        "{what}: {status} answered with a body that is not JSON"
    );
}

fuzz_target!(|data: &[u8]| {
    let [route, pick, body @ ..] = data else {
        return;
    };
    let world = world();
    let game = &world.games[usize::from(*pick) % world.games.len()];
    let app = &world.app;
    world.runtime.block_on(async {
        match route % 6 {
            0 => {
                let (status, bytes) = send(app, Method::POST, "/api/games", body.to_vec()).await;
                check(status, &bytes, "create");
                if status == StatusCode::CREATED {
                    let value: serde_json::Value = serde_json::from_slice(&bytes).expect("json");
                    let id = value["id"].as_str().expect("a created game has an id").to_string();
                    let path = format!("/api/games/{id}");
                    let (status, bytes) = send(app, Method::DELETE, &path, Vec::new()).await;
                    check(status, &bytes, "delete");
                }
            }
            1 | 2 => {
                let path = format!("/api/games/{game}/moves");
                let (status, bytes) = send(app, Method::POST, &path, body.to_vec()).await;
                check(status, &bytes, "move");
                if status.is_success() {
                    let path = format!("/api/games/{game}/undo");
                    let (status, bytes) = send(app, Method::POST, &path, Vec::new()).await;
                    assert_eq!(status, StatusCode::OK, "undo after a move");
                    check(status, &bytes, "undo");
                }
            }
            3 => {
                let action = ["undo", "redo"][usize::from(*pick / 4) % 2];
                let path = format!("/api/games/{game}/{action}");
                let (status, bytes) = send(app, Method::POST, &path, body.to_vec()).await;
                check(status, &bytes, action);
            }
            4 => {
                let (status, bytes) = send(app, Method::POST, "/api/lab", tame_lab(body)).await;
                check(status, &bytes, "lab");
            }
            _ => {
                // Resign a throwaway game so the four shared ones stay playable.
                let create = br#"{"game":"tictactoe","human":"both"}"#.to_vec();
                let (status, bytes) = send(app, Method::POST, "/api/games", create).await;
                check(status, &bytes, "create");
                let value: serde_json::Value = serde_json::from_slice(&bytes).expect("json");
                let id = value["id"].as_str().expect("an id").to_string();
                let path = format!("/api/games/{id}/resign");
                let (status, bytes) = send(app, Method::POST, &path, body.to_vec()).await;
                check(status, &bytes, "resign");
                let (status, bytes) =
                    send(app, Method::DELETE, &format!("/api/games/{id}"), Vec::new()).await;
                check(status, &bytes, "delete");
            }
        }
    });
});
