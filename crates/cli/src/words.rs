//! Every word `ply play` and `ply menu` say, in English and Vietnamese: the language comes
//! from `--lang`, else from `LC_ALL`, `LC_MESSAGES` or `LANG` (a `vi…` locale speaks
//! Vietnamese). Game words the rules send in English (sides, reasons) are translated here;
//! the protocols and the tools for programs (analyze, perft, bench, match) stay English.

use std::fmt;
use std::str::FromStr;

use ply_games::{GameOptions, GameSpec, MoveError, OptionValue};
use ply_search::Side;

/// A language the terminal speaks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Lang {
    /// English.
    En,
    /// Tiếng Việt.
    Vi,
}

impl FromStr for Lang {
    type Err = String;
    fn from_str(text: &str) -> Result<Lang, String> {
        match text.trim().to_ascii_lowercase().as_str() {
            "en" | "english" => Ok(Lang::En),
            "vi" | "vn" | "vietnamese" | "tiếng việt" => Ok(Lang::Vi),
            other => Err(format!("unknown language '{other}': expected en or vi")),
        }
    }
}

impl Lang {
    /// `given` if any, else the locale: the first of `LC_ALL`, `LC_MESSAGES`, `LANG` that is
    /// set and not empty decides, as C programs read them.
    pub fn choose(given: Option<Lang>) -> Lang {
        given.unwrap_or_else(|| {
            Lang::from_locale(
                ["LC_ALL", "LC_MESSAGES", "LANG"]
                    .iter()
                    .find_map(|name| std::env::var(name).ok().filter(|value| !value.is_empty())),
            )
        })
    }

    /// The language of a locale name (`vi_VN.UTF-8` is Vietnamese; anything else English).
    pub fn from_locale(locale: Option<String>) -> Lang {
        match locale {
            Some(name) if name.to_ascii_lowercase().starts_with("vi") => Lang::Vi,
            _ => Lang::En,
        }
    }
}

/// The terminal's words in one language.
#[derive(Clone, Copy, Debug)]
pub struct Words(pub Lang);

/// Picks the English or the Vietnamese text.
macro_rules! say {
    ($lang:expr, $en:expr, $vi:expr) => {
        match $lang {
            Lang::En => $en,
            Lang::Vi => $vi,
        }
    };
}

impl Words {
    /// A game's title with its settings: in English the record's own (`english`, "Caro
    /// 15×15, renju"), in Vietnamese built from the spec's name and the option values
    /// ("Cờ ca-rô 15×15, luật renju").
    pub fn title(self, spec: &GameSpec, options: &GameOptions, english: &str) -> String {
        if self.0 == Lang::En {
            return english.to_string();
        }
        let mut parts = Vec::new();
        for option in spec.options {
            match spec.value(options, option.name) {
                Some(OptionValue::Int(size)) if option.name == "size" => {
                    parts.push(format!("{size}×{size}"))
                }
                Some(OptionValue::Text(rule)) => parts.push(self.rule(&rule)),
                Some(OptionValue::Flag(true)) => parts.push(option.name.replace("chess", "Chess")),
                _ => {}
            }
        }
        let name = spec.title.vi;
        if parts.is_empty() {
            name.to_string()
        } else {
            format!("{name} {}", parts.join(", "))
        }
    }

    fn rule(self, rule: &str) -> String {
        match (self.0, rule) {
            (Lang::Vi, "freestyle") => "tự do".into(),
            (Lang::Vi, "standard") => "chuẩn (đúng năm)".into(),
            (Lang::Vi, "caro") => "chặn hai đầu".into(),
            (Lang::Vi, "caro5") => "chặn hai đầu, đúng năm".into(),
            (Lang::Vi, "renju") => "luật renju".into(),
            (_, other) => other.to_string(),
        }
    }

    /// What players call a side ("red" → "Đỏ").
    pub fn side(self, name: &str) -> String {
        match (self.0, name) {
            (Lang::Vi, "red") => "Đỏ".into(),
            (Lang::Vi, "black") => "Đen".into(),
            (Lang::Vi, "white") => "Trắng".into(),
            (_, other) => other.to_string(),
        }
    }

    /// Why a game ended, in the rules' words translated.
    pub fn reason(self, reason: &str) -> String {
        if self.0 == Lang::En {
            return reason.to_string();
        }
        match reason {
            "three in a row" => "ba quân thẳng hàng",
            "five in a row" => "năm quân liên tiếp",
            "exactly five in a row" => "đúng năm quân liên tiếp",
            "five in a row, not blocked at both ends" => {
                "năm quân liên tiếp, không bị chặn hai đầu"
            }
            "exactly five, not blocked at both ends" => "đúng năm quân, không bị chặn hai đầu",
            "full board" => "hết chỗ trống",
            "checkmate" => "chiếu hết",
            "stalemate" => "hết nước đi (pat)",
            "stalemate: no legal move, which loses in xiangqi" => {
                "hết nước đi (trong cờ tướng là thua)"
            }
            "insufficient material" => "không đủ quân để chiếu hết",
            "fifty-move rule" => "luật 50 nước",
            "threefold repetition" => "lặp lại ba lần",
            "repetition" => "lặp lại nước đi",
            "perpetual check" => "chiếu mãi",
            "perpetual chase" => "đuổi bắt mãi",
            "60 moves without a capture" => "60 nước không ăn quân",
            "draw" => "hoà",
            "out of time" => "hết giờ",
            "out of time, opponent cannot win" => "hết giờ, bên kia không đủ quân để thắng",
            "an overline (six or more) is forbidden for black in renju" => {
                "luật renju cấm Đen tạo hàng sáu quân trở lên"
            }
            "a four-four is forbidden for black in renju" => "luật renju cấm Đen tạo bốn-bốn",
            "a three-three is forbidden for black in renju" => "luật renju cấm Đen tạo ba-ba",
            other => other,
        }
        .to_string()
    }

    /// The first line of a game.
    pub fn intro(self, title: &str, first: &str) -> String {
        say!(
            self.0,
            format!("{title} — {first} moves first. Type 'help' for commands."),
            format!("{title} — {first} đi trước. Gõ 'help' (trợ giúp) để xem các lệnh.")
        )
    }

    /// The commands and how to type moves, `example` a move in the chosen notation.
    pub fn help(self, example: &str) -> String {
        say!(
            self.0,
            format!(
                "Type a move (e.g. {example}; any notation the game reads) or a command:
  undo     take back your last move (and the computer's reply)
  hint     ask the computer for a move
  moves    list the legal moves
  board    draw the board again        flip   turn the board around
  position print the position string   export print the whole game
  new      start again                 quit   leave (so does end of input)"
            ),
            format!(
                "Gõ một nước đi (ví dụ {example}; cách ghi nào trò chơi đọc được cũng được) hoặc một lệnh:
  undo     đi lại nước vừa rồi (và nước máy đáp)
  hint     nhờ máy gợi ý một nước
  moves    liệt kê các nước hợp lệ
  board    vẽ lại bàn cờ                flip   xoay bàn cờ
  position in chuỗi thế cờ             export in cả ván
  new      chơi ván mới                 quit   thoát (hết đầu vào cũng thoát)"
            )
        )
    }

    /// The prompt when `side` is to move.
    pub fn prompt(self, side: &str) -> String {
        say!(self.0, format!("{side} to move> "), format!("{side} đi> "))
    }

    /// The prompt once the game is over.
    pub fn prompt_over(self) -> &'static str {
        say!(
            self.0,
            "game over (undo, new, export, quit)> ",
            "hết ván (undo: đi lại, new: ván mới, export: in ván, quit: thoát)> "
        )
    }

    /// The end of a game.
    pub fn game_over(self, winner: Option<&str>, reason: &str) -> String {
        let verdict = match (self.0, winner) {
            (Lang::En, Some(side)) => format!("{side} wins"),
            (Lang::En, None) => "Draw".to_string(),
            (Lang::Vi, Some(side)) => format!("{side} thắng"),
            (Lang::Vi, None) => "Hoà".to_string(),
        };
        say!(
            self.0,
            format!("Game over: {verdict} ({reason})."),
            format!("Hết ván: {verdict} ({reason}).")
        )
    }

    /// The legal moves.
    pub fn legal(self, moves: &[String]) -> String {
        say!(
            self.0,
            format!("{} legal: {}", moves.len(), moves.join(" ")),
            format!("{} nước hợp lệ: {}", moves.len(), moves.join(" "))
        )
    }

    /// Moves taken back.
    pub fn took_back(self, moves: &[String]) -> String {
        say!(
            self.0,
            format!("took back {}", moves.join(", ")),
            format!("đã đi lại {}", moves.join(", "))
        )
    }

    /// Nothing to take back.
    pub fn nothing_to_undo(self) -> &'static str {
        say!(
            self.0,
            "✗ nothing to take back",
            "✗ không còn nước nào để đi lại"
        )
    }

    /// Undo asked for in a timed game.
    pub fn no_undo_on_clock(self) -> &'static str {
        say!(
            self.0,
            "✗ moves cannot be taken back in a timed game",
            "✗ ván có đồng hồ không được đi lại"
        )
    }

    /// A move typed after the player's flag fell.
    pub fn flag_fell(self) -> &'static str {
        say!(
            self.0,
            "✗ the flag fell before the move: the game is over",
            "✗ hết giờ trước khi đi: ván cờ đã kết thúc"
        )
    }

    /// A hint is asked for in a finished game.
    pub fn over_already(self) -> &'static str {
        say!(self.0, "✗ the game is over", "✗ ván cờ đã kết thúc")
    }

    /// A hint.
    pub fn hint(self, mv: &str, score: &str) -> String {
        say!(
            self.0,
            format!("hint: {mv} (score {score})"),
            format!("gợi ý: {mv} (điểm {score})")
        )
    }

    /// The computer's move.
    pub fn plays(self, side: &str, mv: &str, nodes: u64, ms: u64, score: &str) -> String {
        say!(
            self.0,
            format!("{side} plays {mv} (examined {nodes} positions, {ms} ms, score {score})"),
            format!(
                "{side} đi {mv} (đã xét {} thế cờ, {ms} ms, điểm {score})",
                grouped(nodes)
            )
        )
    }

    /// A typed move refused.
    pub fn refused(self, error: &MoveError) -> String {
        let text = match (self.0, error) {
            (Lang::En, error) => error.to_string(),
            (Lang::Vi, MoveError::Unreadable { text, .. }) => {
                format!(
                    "không đọc được '{text}' là một nước đi (gõ 'moves' để xem các nước hợp lệ)"
                )
            }
            (Lang::Vi, MoveError::Illegal { text, .. }) => {
                format!("nước {text} không hợp lệ ở thế này")
            }
            (Lang::Vi, MoveError::Ambiguous { text, candidates }) => {
                format!("'{text}' có thể là nhiều nước: {candidates}")
            }
            (Lang::Vi, MoveError::GameOver { reason }) => {
                format!("ván cờ đã kết thúc ({})", self.reason(reason))
            }
        };
        format!("✗ {text}")
    }

    /// The menu's heading.
    pub fn menu_heading(self) -> &'static str {
        say!(
            self.0,
            "ply — play board games against a searching computer\n",
            "ply — chơi cờ với máy tính biết tìm kiếm nước đi\n"
        )
    }

    /// The menu's questions: game, side, level.
    pub fn ask_game(self) -> &'static str {
        say!(self.0, "Game number [1]: ", "Chọn trò chơi số [1]: ")
    }

    /// Which side.
    pub fn ask_side(self) -> &'static str {
        say!(
            self.0,
            "Play first or second? [first]: ",
            "Bạn đi trước hay đi sau? (first: trước, second: sau) [first]: "
        )
    }

    /// Which level.
    pub fn ask_level(self) -> &'static str {
        say!(
            self.0,
            "Computer level, 1 (beginner) to 8 (full strength), or classic (the tutorial's)? [8]: ",
            "Cấp của máy, từ 1 (mới học) đến 8 (toàn lực), hay classic (cổ điển, của bài hướng dẫn)? [8]: "
        )
    }

    /// A game number out of range.
    pub fn no_such_game(self, choice: &str, count: usize) -> String {
        say!(
            self.0,
            format!("'{choice}' is not one of the game numbers 1 to {count}"),
            format!("'{choice}' không phải số trò chơi từ 1 đến {count}")
        )
    }

    /// A game's name in the menu.
    pub fn game_name(self, spec: &GameSpec) -> &'static str {
        say!(self.0, spec.title.en, spec.title.vi)
    }

    /// The side `side` of a game whose sides are `names`.
    pub fn side_of(self, names: [&str; 2], side: Side) -> String {
        self.side(names[side.index()])
    }
}

/// A count with its thousands grouped as Vietnamese writes them: 1.234.567.
fn grouped(count: u64) -> String {
    let digits = count.to_string();
    let mut out = String::with_capacity(digits.len() + digits.len() / 3);
    for (index, digit) in digits.chars().enumerate() {
        if index > 0 && (digits.len() - index).is_multiple_of(3) {
            out.push('.');
        }
        out.push(digit);
    }
    out
}

impl fmt::Display for Lang {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(say!(self, "en", "vi"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_locale_decides_when_no_flag_is_given() {
        assert_eq!(Lang::from_locale(Some("vi_VN.UTF-8".into())), Lang::Vi);
        assert_eq!(Lang::from_locale(Some("en_GB.UTF-8".into())), Lang::En);
        assert_eq!(Lang::from_locale(None), Lang::En);
        assert_eq!(Lang::choose(Some(Lang::Vi)), Lang::Vi);
        assert_eq!("VI".parse::<Lang>(), Ok(Lang::Vi));
        assert!("klingon".parse::<Lang>().is_err());
    }

    #[test]
    fn counts_group_as_vietnamese_writes_them() {
        assert_eq!(grouped(5), "5");
        assert_eq!(grouped(5_091), "5.091");
        assert_eq!(grouped(5_000_000), "5.000.000");
    }

    #[test]
    fn titles_come_from_the_spec_and_the_options() {
        let caro = ply_games::find_game("caro").expect("caro");
        let options = GameOptions::default()
            .with("size", OptionValue::Int(15))
            .with("rule", OptionValue::Text("renju".into()));
        assert_eq!(Words(Lang::En).title(caro, &options, "Caro"), "Caro");
        assert_eq!(
            Words(Lang::Vi).title(caro, &options, "Caro"),
            "Cờ ca-rô 15×15, luật renju"
        );
    }
}
