//! Each game's options from its spec, through the API: the catalogue lists them, a new
//! game takes them (as an `options` map, or the older top-level `size` and `rule`), they
//! are stored and survive a restart; a Chess960 game from a pasted X-FEN castles by move
//! id as a page's clicks send it.

mod common;

use axum::http::{Method, StatusCode};
use common::{app, call};
use serde_json::{Value, json};

fn option<'a>(catalog: &'a Value, game: &str, name: &str) -> &'a Value {
    catalog["games"]
        .as_array()
        .expect("games")
        .iter()
        .find(|entry| entry["name"] == game)
        .and_then(|entry| entry["options"].as_array())
        .and_then(|options| options.iter().find(|option| option["name"] == name))
        .unwrap_or_else(|| panic!("{game} lists {name}: {catalog}"))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_catalogue_lists_each_games_options_from_its_spec() {
    let dir = tempfile::tempdir().expect("temp dir");
    let (status, catalog) = call(&app(dir.path()), Method::GET, "/api/catalog", None).await;
    assert_eq!(status, StatusCode::OK);
    let size = option(&catalog, "caro", "size");
    assert_eq!(size["type"], "range");
    assert_eq!(
        (size["min"].as_i64(), size["max"].as_i64()),
        (Some(5), Some(25))
    );
    assert!(size["default"].is_number());
    assert!(size["label"]["en"].is_string() && size["label"]["vi"].is_string());
    let rule = option(&catalog, "caro", "rule");
    assert_eq!(rule["type"], "choice");
    assert!(
        rule["values"]
            .as_array()
            .is_some_and(|values| values.contains(&json!("renju")))
    );
    let chess960 = option(&catalog, "chess", "chess960");
    assert_eq!(chess960["type"], "flag");
    assert_eq!(chess960["default"], false);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn options_are_taken_as_a_map_or_the_old_way_and_survive_a_restart() {
    let dir = tempfile::tempdir().expect("temp dir");
    let (id, old) = {
        let app = app(dir.path());
        let (status, state) = call(
            &app,
            Method::POST,
            "/api/games",
            Some(json!({ "game": "caro", "human": "both", "options": { "size": 9, "rule": "RENJU" } })),
        )
        .await;
        assert_eq!(status, StatusCode::CREATED, "{state}");
        assert_eq!(state["options"], json!({ "size": 9, "rule": "renju" }));
        assert_eq!(state["board"]["files"], 9);
        let (status, old) = call(
            &app,
            Method::POST,
            "/api/games",
            Some(json!({ "game": "caro", "human": "both", "size": 11, "rule": "standard" })),
        )
        .await;
        assert_eq!(status, StatusCode::CREATED, "{old}");
        assert_eq!(old["options"], json!({ "size": 11, "rule": "standard" }));
        let (status, refused) = call(
            &app,
            Method::POST,
            "/api/games",
            Some(json!({ "game": "caro", "options": { "size": 99 } })),
        )
        .await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{refused}");
        assert!(
            refused["error"]
                .as_str()
                .is_some_and(|error| error.contains("5 to 25"))
        );
        (
            state["id"].as_str().expect("id").to_string(),
            old["id"].as_str().expect("id").to_string(),
        )
    };
    let app = app(dir.path());
    let (_, state) = call(&app, Method::GET, &format!("/api/games/{id}"), None).await;
    assert_eq!(state["options"], json!({ "size": 9, "rule": "renju" }));
    assert_eq!(state["board"]["files"], 9);
    let (_, state) = call(&app, Method::GET, &format!("/api/games/{old}"), None).await;
    assert_eq!(state["options"], json!({ "size": 11, "rule": "standard" }));
}

/// Kings on b1 and h8, rooks on a1 and g1 (a Chess960 back rank with the pieces gone).
const XFEN: &str = "r6k/8/8/8/8/8/8/RK4R1 w GA - 0 1";
const B1: u64 = 57;
const C1: u64 = 58;
const F1: usize = 61;
const G1: u64 = 62;

fn moves_between(state: &Value, from: u64, to: u64) -> Vec<Value> {
    state["legal"]
        .as_array()
        .expect("legal")
        .iter()
        .filter(|mv| mv["from"].as_u64() == Some(from) && mv["to"].as_u64() == Some(to))
        .cloned()
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_chess960_game_from_an_xfen_castles_by_click() {
    let dir = tempfile::tempdir().expect("temp dir");
    let id = {
        let app = app(dir.path());
        let (status, state) = call(
            &app,
            Method::POST,
            "/api/games",
            Some(json!({ "game": "chess", "human": "both", "options": { "chess960": true }, "position": XFEN })),
        )
        .await;
        assert_eq!(status, StatusCode::CREATED, "{state}");
        assert_eq!(state["title"], "Chess960");
        assert_eq!(state["options"], json!({ "chess960": true }));
        // The long castle and the king's step share their cells; the page asks which.
        let long = moves_between(&state, B1, C1);
        let shown: Vec<&str> = long
            .iter()
            .filter_map(|mv| mv["display"].as_str())
            .collect();
        assert!(
            shown.contains(&"O-O-O") && shown.contains(&"Kc1"),
            "{shown:?}"
        );
        let short = moves_between(&state, B1, G1);
        assert_eq!(short.len(), 1, "{short:?}");
        assert_eq!(short[0]["display"], "O-O");
        let id = state["id"].as_str().expect("id").to_string();
        let moves = format!("/api/games/{id}/moves");
        // A click meant for another position, an unknown id, and two moves at once.
        let refused = [
            (
                json!({ "id": short[0]["id"], "ply": 3 }),
                StatusCode::CONFLICT,
            ),
            (json!({ "id": 65_535 }), StatusCode::UNPROCESSABLE_ENTITY),
            (
                json!({ "id": short[0]["id"], "move": "O-O" }),
                StatusCode::UNPROCESSABLE_ENTITY,
            ),
        ];
        for (body, expected) in refused {
            let (status, answer) = call(&app, Method::POST, &moves, Some(body)).await;
            assert_eq!(status, expected, "{answer}");
        }
        let (status, state) = call(
            &app,
            Method::POST,
            &moves,
            Some(json!({ "id": short[0]["id"], "ply": 0 })),
        )
        .await;
        assert_eq!(status, StatusCode::OK, "{state}");
        assert_eq!(state["history"][0]["display"], "O-O");
        assert_eq!(state["board"]["cells"][G1 as usize]["kind"], "K");
        assert_eq!(state["board"]["cells"][F1]["kind"], "R");
        id
    };
    // Stored as played: the game comes back after a restart.
    let app = app(dir.path());
    let (_, state) = call(&app, Method::GET, &format!("/api/games/{id}"), None).await;
    assert_eq!(state["history"][0]["display"], "O-O");
    assert_eq!(
        state["start_position"]
            .as_str()
            .map(|fen| fen.starts_with("r6k/")),
        Some(true)
    );
    assert_eq!(state["title"], "Chess960");
}
