//! The lab's own tree and its quiz: a typed tree searched by the teaching minimax and
//! alpha-beta step by step; questions on seeded random trees and on tic-tac-toe positions
//! ("which branches will alpha-beta cut?", "what value reaches the root?"), graded here by
//! the same algorithms, with the steps and cuts that explain the answer.

use axum::Json;
use ply_games::tictactoe::quiz::{QUIZ_WIN, position_quiz};
use ply_search::teaching::explicit::{
    Difficulty, ExplicitTree, TreeProblem, TreeTextError, grade_cuts, parse_tree, random_tree,
    solve,
};
use serde::Deserialize;
use serde_json::{Value, json};

use super::Body;
use super::tree_view::{cut_json, solution_json, tree_json};
use crate::error::{ApiError, ApiResult};

/// Longest tree text read.
const MAX_TREE_TEXT: usize = 4_000;
/// Largest seed (seeds travel as JSON numbers, exact up to 2^53).
const MAX_SEED: u64 = (1 << 53) - 1;

/// A typed tree.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TreeBody {
    text: String,
}

/// Searches a typed tree both ways: `POST /api/lab/tree`.
pub async fn own_tree(Body(body): Body<TreeBody>) -> ApiResult<Json<Value>> {
    if body.text.len() > MAX_TREE_TEXT {
        return Err(ApiError::bad_request(format!(
            "the tree text is too long: at most {MAX_TREE_TEXT} characters"
        ))
        .coded("tree_too_long", Some(MAX_TREE_TEXT.to_string())));
    }
    let tree = parse_tree(&body.text).map_err(text_error)?;
    let solution = solve(&tree);
    Ok(Json(
        json!({ "tree": tree_json(&tree), "search": solution_json(&solution) }),
    ))
}

fn text_error(error: TreeTextError) -> ApiError {
    let code = match error.problem {
        TreeProblem::Empty => "tree_empty",
        TreeProblem::Unexpected(_) => "tree_unexpected",
        TreeProblem::Unclosed => "tree_unclosed",
        TreeProblem::UnmatchedClose => "tree_unmatched",
        TreeProblem::EmptyBranch => "tree_empty_branch",
        TreeProblem::BadNumber => "tree_bad_number",
        TreeProblem::ValueTooLarge => "tree_value",
        TreeProblem::Trailing => "tree_trailing",
        TreeProblem::NoBranches => "tree_no_branches",
        TreeProblem::TooManyNodes => "tree_too_many_nodes",
        TreeProblem::TooDeep => "tree_too_deep",
        TreeProblem::TooManyBranches => "tree_too_many_branches",
    };
    ApiError::bad_request(error.to_string()).coded(code, Some(error.at.to_string()))
}

/// Where a question's tree comes from.
#[derive(Clone, Copy, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "lowercase")]
enum Source {
    /// A seeded random tree.
    Random,
    /// A tic-tac-toe position's tree.
    Position,
}

/// What a question asks.
#[derive(Clone, Copy, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "lowercase")]
enum Ask {
    /// Which branches alpha-beta cuts.
    Cuts,
    /// The value that reaches the root.
    Value,
}

/// A question's tree, named by its source, difficulty and seed.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct QuestionBody {
    source: Source,
    level: String,
    seed: u64,
}

/// An answer to a question.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AnswerBody {
    source: Source,
    level: String,
    seed: u64,
    ask: Ask,
    /// For `cuts`: the nodes chosen (a branch stands for its leaves).
    #[serde(default)]
    cuts: Option<Vec<usize>>,
    /// For `value`: the value given.
    #[serde(default)]
    value: Option<i64>,
}

/// A question's tree and the branches alpha-beta cuts in it, from the real search.
struct Question {
    tree: ExplicitTree,
    pruned: Vec<usize>,
    value: i32,
    position: Option<(String, u32)>,
}

fn question(source: Source, level: &str, seed: u64) -> ApiResult<Question> {
    let difficulty = Difficulty::from_name(level).ok_or_else(|| {
        ApiError::bad_request(format!(
            "no quiz level '{}': easy, medium or hard",
            level.chars().take(16).collect::<String>()
        ))
        .coded("quiz_level", None)
    })?;
    if seed > MAX_SEED {
        return Err(
            ApiError::bad_request(format!("the seed is at most {MAX_SEED}"))
                .coded("quiz_seed", None),
        );
    }
    match source {
        Source::Random => {
            let tree = random_tree(seed, difficulty);
            let solution = solve(&tree);
            Ok(Question {
                pruned: solution.pruned_branches(),
                value: solution.alphabeta.value,
                tree,
                position: None,
            })
        }
        Source::Position => {
            let quiz = position_quiz(seed, difficulty)
                .map_err(|error| ApiError::internal(error.to_string()))?;
            Ok(Question {
                tree: quiz.tree.tree,
                pruned: quiz.tree.pruned,
                value: quiz.tree.value,
                position: Some((quiz.position, quiz.depth)),
            })
        }
    }
}

/// A question: `POST /api/lab/quiz`. Leaf values are shown; nothing else is given away.
pub async fn ask(Body(body): Body<QuestionBody>) -> ApiResult<Json<Value>> {
    let q = question(body.source, &body.level, body.seed)?;
    Ok(Json(json!({
        "tree": tree_json(&q.tree),
        "position": q.position.as_ref().map(|(text, _)| text),
        "depth": q.position.as_ref().map(|(_, depth)| depth),
        "win": q.position.as_ref().map(|_| QUIZ_WIN),
    })))
}

/// Grades an answer: `POST /api/lab/quiz/answer`, with the whole solution to explain it.
pub async fn answer(Body(body): Body<AnswerBody>) -> ApiResult<Json<Value>> {
    let q = question(body.source, &body.level, body.seed)?;
    let solution = solve(&q.tree);
    // The copied tree must answer as the position did (a test proves it for many seeds).
    if solution.pruned_branches() != q.pruned || solution.alphabeta.value != q.value {
        return Err(ApiError::internal(
            "the quiz tree disagrees with its position's search",
        ));
    }
    let verdict = match body.ask {
        Ask::Cuts => {
            let chosen = body.cuts.ok_or_else(|| {
                ApiError::bad_request("this question wants 'cuts': the branches you think are cut")
                    .coded("quiz_answer", None)
            })?;
            let grade = grade_cuts(&q.tree, &q.pruned, &chosen).ok_or_else(|| {
                ApiError::bad_request(format!(
                    "the tree has nodes 0 to {}",
                    q.tree.nodes().len() - 1
                ))
                .coded("quiz_answer", None)
            })?;
            json!({ "right": grade.right, "missed": grade.missed, "wrong": grade.wrong, "chosen": chosen })
        }
        Ask::Value => {
            let given = body.value.ok_or_else(|| {
                ApiError::bad_request("this question wants 'value': the value at the root")
                    .coded("quiz_answer", None)
            })?;
            json!({ "right": given == i64::from(q.value), "given": given })
        }
    };
    Ok(Json(json!({
        "verdict": verdict,
        "value": q.value,
        "pruned": q.pruned,
        "pruned_leaves": solution.pruned_leaves(&q.tree),
        "cuts": solution.alphabeta.cuts.iter().map(cut_json).collect::<Vec<_>>(),
        "search": solution_json(&solution),
    })))
}
