//! The lab's own tree and quiz over HTTP: a typed tree searched both ways, clear 400s for
//! text that is not a tree or too big a tree, questions on random trees and tic-tac-toe
//! positions graded right and wrong, and the same seed giving the same question.

mod common;

use axum::http::{Method, StatusCode};
use common::{app, call};
use serde_json::{Value, json};

async fn post(path: &str, body: Value) -> (StatusCode, Value) {
    let dir = tempfile::tempdir().expect("temp dir");
    let app = app(dir.path());
    call(&app, Method::POST, path, Some(body)).await
}

#[tokio::test]
async fn a_typed_tree_is_searched_both_ways_in_step() {
    let (status, answer) = post(
        "/api/lab/tree",
        json!({ "text": "[[3 12 8] [2 4 6] [14 5 2]]" }),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    let search = &answer["search"];
    assert_eq!(search["minimax"]["value"], 3);
    assert_eq!(search["alphabeta"]["value"], 3);
    assert_eq!(search["minimax"]["visited"], 13);
    assert_eq!(search["alphabeta"]["visited"], 11);
    let nodes = answer["tree"]["nodes"].as_array().expect("nodes");
    assert_eq!(nodes.len(), 13);
    assert_eq!(nodes[5]["label"], "F");
    let cut = search["alphabeta"]["steps"]
        .as_array()
        .expect("steps")
        .iter()
        .find(|step| step["kind"] == "cut")
        .expect("a cut")
        .clone();
    assert_eq!(cut["node"], 5);
    assert_eq!(cut["pruned"], json!([7, 8]));
    assert_eq!(
        (cut["alpha"].clone(), cut["beta"].clone()),
        (json!(3), json!(2))
    );
    assert_eq!(cut["bound_from"], json!([0, 1]));
    let timeline = search["timeline"].as_array().expect("timeline");
    assert_eq!(
        timeline.len(),
        search["minimax"]["steps"].as_array().expect("steps").len()
    );
}

#[tokio::test]
async fn text_that_is_not_a_tree_gets_a_400_naming_the_position() {
    let cases = [
        ("[[3 5] [2 x]]", "tree_unexpected", "11"),
        ("[[3 5] [2 9]", "tree_unclosed", "1"),
        ("[3 5]]", "tree_unmatched", "6"),
        ("[[3 5] []]", "tree_empty_branch", "8"),
        ("", "tree_empty", "1"),
        ("42", "tree_no_branches", "1"),
        ("[1 99999]", "tree_value", "4"),
        ("[1 2 3 4 5 6 7 8 9]", "tree_too_many_branches", "18"),
        ("[[[[[[[1]]]]]]]", "tree_too_deep", "8"),
    ];
    for (text, code, at) in cases {
        let (status, answer) = post("/api/lab/tree", json!({ "text": text })).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{text}: {answer}");
        assert_eq!(answer["code"], code, "{text}: {answer}");
        assert_eq!(answer["subject"], at, "{text}: {answer}");
        assert!(!answer["error"].as_str().unwrap_or_default().is_empty());
    }
    let eight = format!("[{}]", ["[1 2 3 4 5 6 7 8]"; 8].join(" "));
    let big = format!("[{}]", [eight.as_str(); 3].join(" "));
    let (status, answer) = post("/api/lab/tree", json!({ "text": big })).await;
    assert_eq!(
        (status, answer["code"].clone()),
        (StatusCode::BAD_REQUEST, json!("tree_too_many_nodes"))
    );
    assert!(
        answer["error"]
            .as_str()
            .unwrap_or_default()
            .contains("more than 150 nodes"),
        "{answer}"
    );
    let (status, answer) = post("/api/lab/tree", json!({ "text": "[".repeat(5_000) })).await;
    assert_eq!(
        (status, answer["code"].clone()),
        (StatusCode::BAD_REQUEST, json!("tree_too_long"))
    );
    let (status, _) = post("/api/lab/tree", json!({ "tree": "[1 2]" })).await;
    assert!(status.is_client_error());
}

#[tokio::test]
async fn questions_are_reproducible_and_graded_right_and_wrong() {
    let dir = tempfile::tempdir().expect("temp dir");
    let app = app(dir.path());
    for source in ["random", "position"] {
        for level in ["easy", "medium", "hard"] {
            let named = json!({ "source": source, "level": level, "seed": 7 });
            let (status, first) =
                call(&app, Method::POST, "/api/lab/quiz", Some(named.clone())).await;
            assert_eq!(status, StatusCode::OK, "{first}");
            let (_, again) = call(&app, Method::POST, "/api/lab/quiz", Some(named.clone())).await;
            assert_eq!(first, again, "same seed, same question");
            assert_eq!(first["position"].is_string(), source == "position");
            // Ask for the truth with a wrong value, then answer with it.
            let mut probe = named.clone();
            probe["ask"] = json!("value");
            probe["value"] = json!(100_000);
            let (status, graded) = call(
                &app,
                Method::POST,
                "/api/lab/quiz/answer",
                Some(probe.clone()),
            )
            .await;
            assert_eq!(status, StatusCode::OK, "{graded}");
            assert_eq!(graded["verdict"]["right"], false);
            probe["value"] = graded["value"].clone();
            let (_, right) = call(&app, Method::POST, "/api/lab/quiz/answer", Some(probe)).await;
            assert_eq!(right["verdict"]["right"], true, "{right}");
            // The cut branches are right; the root alone is wrong (it covers every leaf).
            let mut cuts = named.clone();
            cuts["ask"] = json!("cuts");
            cuts["cuts"] = graded["pruned"].clone();
            let (_, right) = call(
                &app,
                Method::POST,
                "/api/lab/quiz/answer",
                Some(cuts.clone()),
            )
            .await;
            assert_eq!(right["verdict"]["right"], true, "{right}");
            assert_eq!(right["verdict"]["missed"], json!([]));
            cuts["cuts"] = json!([0]);
            let (_, wrong) = call(&app, Method::POST, "/api/lab/quiz/answer", Some(cuts)).await;
            assert_eq!(wrong["verdict"]["right"], false);
            assert!(
                !wrong["verdict"]["wrong"]
                    .as_array()
                    .expect("wrong")
                    .is_empty()
            );
            // Every cut is explained with its window and the bound's origin.
            for cut in graded["cuts"].as_array().expect("cuts") {
                assert!(cut["alpha"].as_i64() >= cut["beta"].as_i64(), "{cut}");
                assert!(!cut["pruned"].as_array().expect("pruned").is_empty());
            }
        }
    }
}

#[tokio::test]
async fn bad_quiz_requests_are_refused_clearly() {
    let bad = [
        (
            "/api/lab/quiz",
            json!({ "source": "random", "level": "brutal", "seed": 1 }),
            StatusCode::BAD_REQUEST,
        ),
        (
            "/api/lab/quiz",
            json!({ "source": "random", "level": "easy", "seed": 1u64 << 60 }),
            StatusCode::BAD_REQUEST,
        ),
        (
            "/api/lab/quiz",
            json!({ "source": "dice", "level": "easy", "seed": 1 }),
            StatusCode::UNPROCESSABLE_ENTITY,
        ),
        (
            "/api/lab/quiz/answer",
            json!({ "source": "random", "level": "easy", "seed": 1, "ask": "cuts" }),
            StatusCode::BAD_REQUEST,
        ),
        (
            "/api/lab/quiz/answer",
            json!({ "source": "random", "level": "easy", "seed": 1, "ask": "value" }),
            StatusCode::BAD_REQUEST,
        ),
        (
            "/api/lab/quiz/answer",
            json!({ "source": "random", "level": "easy", "seed": 1, "ask": "cuts", "cuts": [999] }),
            StatusCode::BAD_REQUEST,
        ),
    ];
    for (path, body, expected) in bad {
        let (status, answer) = post(path, body.clone()).await;
        assert_eq!(status, expected, "{body}: {answer}");
        assert!(
            !answer["error"].as_str().unwrap_or_default().is_empty(),
            "{answer}"
        );
    }
}
