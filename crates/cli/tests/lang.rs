//! `ply play` and `ply menu` in both languages: Vietnamese with `--lang vi` or a Vietnamese
//! locale (`LANG`, `LC_MESSAGES`, `LC_ALL`), English otherwise; moves written and typed in
//! the notation chosen with `--notation`.

use std::io::Write;
use std::process::{Command, Output, Stdio};

/// Runs `ply` with `args`, `input` on standard input and only the locale variables given.
fn run(args: &[&str], locale: &[(&str, &str)], input: &str) -> (bool, String, String) {
    let mut command = Command::new(env!("CARGO_BIN_EXE_ply"));
    command
        .args(args)
        .env_remove("LANG")
        .env_remove("LC_ALL")
        .env_remove("LC_MESSAGES")
        .env_remove("LANGUAGE")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    for (name, value) in locale {
        command.env(name, value);
    }
    let mut child = command.spawn().expect("ply starts");
    child
        .stdin
        .take()
        .expect("stdin")
        .write_all(input.as_bytes())
        .expect("input written");
    let output: Output = child.wait_with_output().expect("ply finishes");
    (
        output.status.success(),
        String::from_utf8_lossy(&output.stdout).into_owned(),
        String::from_utf8_lossy(&output.stderr).into_owned(),
    )
}

/// Locale variables to set: (name, value).
type Locale<'a> = &'a [(&'a str, &'a str)];

/// Two people play tic-tac-toe to a win, with a bad line on the way.
const TTT_WIN: &str = "a1\nzz\nb1\na2\nb2\na3\n";

#[test]
fn play_speaks_english_by_default_and_in_an_english_locale() {
    for locale in [&[][..], &[("LANG", "en_GB.UTF-8")][..]] {
        let (ok, out, err) = run(
            &["play", "ttt", "--human", "both", "--no-color"],
            locale,
            TTT_WIN,
        );
        assert!(ok, "{err}");
        assert!(out.contains("X moves first"), "{out}");
        assert!(out.contains("X to move> "), "{out}");
        assert!(out.contains("cannot read 'zz' as a move"), "{out}");
        assert!(out.contains("Game over: X wins (three in a row)."), "{out}");
        assert!(!out.contains("thắng"), "{out}");
    }
}

#[test]
fn play_speaks_vietnamese_with_the_flag_or_a_vietnamese_locale() {
    let cases: [(&[&str], Locale); 4] = [
        (&["--lang", "vi"], &[]),
        (&[], &[("LANG", "vi_VN.UTF-8")]),
        (
            &[],
            &[("LANG", "en_US.UTF-8"), ("LC_MESSAGES", "vi_VN.UTF-8")],
        ),
        (&[], &[("LANG", "en_US.UTF-8"), ("LC_ALL", "vi_VN.UTF-8")]),
    ];
    for (flags, locale) in cases {
        let mut args = vec!["play", "ttt", "--human", "both", "--no-color"];
        args.extend_from_slice(flags);
        let (ok, out, err) = run(&args, locale, &format!("help\n{TTT_WIN}"));
        assert!(ok, "{err}");
        assert!(
            out.contains("Cờ ca-rô 3×3 — X đi trước."),
            "{locale:?}: {out}"
        );
        assert!(out.contains("X đi> "), "{out}");
        assert!(out.contains("nhờ máy gợi ý một nước"), "{out}");
        assert!(out.contains("không đọc được 'zz' là một nước đi"), "{out}");
        assert!(
            out.contains("Hết ván: X thắng (ba quân thẳng hàng)."),
            "{out}"
        );
        for english in ["moves first", "to move>", "Game over", "cannot read"] {
            assert!(!out.contains(english), "{english} left in {out}");
        }
    }
    // The flag wins over the locale.
    let (_, out, _) = run(
        &["play", "ttt", "--human", "both", "--lang", "en"],
        &[("LC_ALL", "vi_VN.UTF-8")],
        "",
    );
    assert!(out.contains("X moves first"), "{out}");
}

#[test]
fn xiangqi_moves_are_typed_and_written_in_vietnamese_notation() {
    let (ok, out, err) = run(
        &[
            "play",
            "xiangqi",
            "--human",
            "both",
            "--no-color",
            "--lang",
            "vi",
            "--notation",
            "vietnamese",
        ],
        &[],
        "P2-5\nM8.7\nX1/1\nundo\nmoves\n",
    );
    assert!(ok, "{err}");
    assert!(out.contains("Cờ tướng — Đỏ đi trước."), "{out}");
    assert!(out.contains("Đỏ đi> "), "{out}");
    assert!(out.contains("Đen đi> "), "{out}");
    assert!(out.contains("nước X1/1 không hợp lệ ở thế này"), "{out}");
    assert!(out.contains("đã đi lại M8.7"), "{out}");
    assert!(out.contains("nước hợp lệ: "), "{out}");
    assert!(
        out.contains("X9.1"),
        "the moves are listed in Vietnamese: {out}"
    );
    // The board's files are numbered as the notation numbers them: Black's 1–9 along the
    // top, Red's 9–1 along the bottom.
    assert!(out.contains("\n   1  2  3  4  5  6  7  8  9\n"), "{out}");
    assert!(out.contains("\n   9  8  7  6  5  4  3  2  1\n"), "{out}");
    // In WXF the same game reads the WXF names.
    let (ok, out, _) = run(
        &["play", "xiangqi", "--human", "both", "--notation", "wxf"],
        &[],
        "C2=5\nmoves\n",
    );
    assert!(ok);
    assert!(out.contains("R9+1"), "{out}");
    let (ok, out, _) = run(
        &[
            "play",
            "xiangqi",
            "--human",
            "both",
            "--notation",
            "chinese",
        ],
        &[],
        "",
    );
    assert!(ok);
    assert!(out.contains("\n   九 八 七 六 五 四 三 二 一\n"), "{out}");
}

#[test]
fn chess_moves_in_vietnamese_san_and_the_computer_answers_in_it() {
    let (ok, out, err) = run(
        &[
            "play",
            "chess",
            "--human",
            "white",
            "--depth",
            "1",
            "--notation",
            "vietnamese",
            "--lang",
            "vi",
        ],
        &[],
        "Mf3\nhint\n",
    );
    assert!(ok, "{err}");
    assert!(out.contains("Đen đi "), "{out}");
    assert!(out.contains("gợi ý: "), "{out}");
    // Black's answer is written with Vietnamese letters when it moves a piece, and never
    // with English ones.
    let answer = out
        .lines()
        .find_map(|line| line.strip_prefix("Đen đi "))
        .and_then(|rest| rest.split_whitespace().next())
        .expect("black's move");
    assert!(!answer.contains(['N', 'B', 'R', 'Q', 'K']), "{answer}");
    let (ok, _, err) = run(&["play", "chess", "--notation", "wxf"], &[], "");
    assert!(!ok);
    assert!(err.contains("chess has no wxf notation"), "{err}");
}

#[test]
fn the_menu_speaks_the_locale() {
    let (ok, out, err) = run(&["menu"], &[("LANG", "vi_VN.UTF-8")], "9\n");
    assert!(!ok);
    assert!(out.contains("Cờ tướng"), "{out}");
    assert!(out.contains("Chọn trò chơi số [1]: "), "{out}");
    assert!(
        err.contains("'9' không phải số trò chơi từ 1 đến 4"),
        "{err}"
    );
    let (_, out, _) = run(&["menu", "--lang", "en"], &[("LANG", "vi_VN.UTF-8")], "");
    assert!(out.contains("Game number [1]: "), "{out}");
    assert!(out.contains("Xiangqi (cờ tướng)"), "{out}");
}
