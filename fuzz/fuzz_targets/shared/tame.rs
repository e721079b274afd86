//! Shared by the protocol fuzz targets: turns fuzzed bytes into protocol lines and keeps the
//! work a line asks for tiny (shallow depths, few nodes, milliseconds, small tables), so
//! that a fuzz run explores many dialogues instead of one long search. The raw lines still
//! go through the parsers untouched; only what the state machines execute is tamed.

/// At most `max` lines of `data`, read as lossy UTF-8.
pub fn lines(data: &[u8], max: usize) -> Vec<String> {
    String::from_utf8_lossy(data)
        .lines()
        .take(max)
        .map(str::to_string)
        .collect()
}

/// `line` with every number after a word `cap` knows replaced by at most the cap it gives
/// (a line whose first word `commands` does not list is returned as it is).
pub fn tame(line: &str, commands: &[&str], cap: impl Fn(&str) -> u64) -> String {
    let mut words = line.split_whitespace();
    let Some(first) = words.next() else {
        return line.to_string();
    };
    if !commands.iter().any(|c| c.eq_ignore_ascii_case(first)) {
        return line.to_string();
    }
    let mut out = vec![first.to_string()];
    let mut previous = first.to_ascii_lowercase();
    for word in words {
        let limit = cap(&previous);
        let kept = match word.parse::<u128>() {
            Ok(number) if number > u128::from(limit) => limit.to_string(),
            _ => word.to_string(),
        };
        previous = word.to_ascii_lowercase();
        out.push(kept);
    }
    out.join(" ")
}
