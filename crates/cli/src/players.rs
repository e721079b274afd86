//! Player specifications as typed on the command line: `strong`, `classic`,
//! `alphabeta:depth=4`, `strong:movetime=200,threads=2`.

use std::fmt;
use std::str::FromStr;
use std::time::Duration;

use ply_games::{Algorithm, Level, ThinkRequest};
use ply_search::{EngineOptions, Limits};

/// One of ply's own players.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayerSpec {
    /// As typed, for reports.
    pub label: String,
    /// Whose judgement.
    pub level: Level,
    /// Which search; `None` for the level's own.
    pub algorithm: Option<Algorithm>,
    /// Limits that override the match's.
    pub depth: Option<u32>,
    /// Milliseconds per move, overriding the match's.
    pub movetime: Option<u64>,
    /// Nodes per move, overriding the match's.
    pub nodes: Option<u64>,
    /// Engine threads.
    pub threads: Option<usize>,
    /// Engine table in MiB.
    pub hash: Option<usize>,
}

const KEYS: &str = "level, algorithm, depth, movetime, nodes, threads, hash";

impl FromStr for PlayerSpec {
    type Err = String;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let text = text.trim();
        let (head, rest) = text.split_once(':').unwrap_or((text, ""));
        let mut spec = PlayerSpec {
            label: text.to_string(),
            level: Level::Strong,
            algorithm: None,
            depth: None,
            movetime: None,
            nodes: None,
            threads: None,
            hash: None,
        };
        if let Ok(level) = head.parse::<Level>() {
            spec.level = level;
        } else if let Ok(algorithm) = head.parse::<Algorithm>() {
            spec.algorithm = Some(algorithm);
            spec.level = match algorithm {
                Algorithm::Engine => Level::Strong,
                _ => Level::Classic,
            };
        } else {
            return Err(format!(
                "unknown player '{head}': expected classic, strong, minimax, alphabeta or engine, optionally followed by :key=value,… ({KEYS})"
            ));
        }
        for pair in rest.split(',').map(str::trim).filter(|p| !p.is_empty()) {
            let (key, value) = pair
                .split_once('=')
                .ok_or_else(|| format!("'{pair}' in player '{text}' is not key=value ({KEYS})"))?;
            let number = || {
                value
                    .trim()
                    .parse::<u64>()
                    .map_err(|_| format!("{key}={value}: expected a whole number"))
            };
            match key.trim() {
                "level" => spec.level = value.parse().map_err(|e| format!("{e}"))?,
                "algorithm" => spec.algorithm = Some(value.parse().map_err(|e| format!("{e}"))?),
                "depth" => spec.depth = Some(number()?.min(u64::from(u32::MAX)) as u32),
                "movetime" => spec.movetime = Some(number()?),
                "nodes" => spec.nodes = Some(number()?),
                "threads" => spec.threads = Some(number()?.clamp(1, 256) as usize),
                "hash" => spec.hash = Some(number()?.min(65_536) as usize),
                other => {
                    return Err(format!(
                        "unknown key '{other}' in player '{text}': expected {KEYS}"
                    ));
                }
            }
        }
        Ok(spec)
    }
}

impl fmt::Display for PlayerSpec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.label)
    }
}

impl PlayerSpec {
    /// The request this player makes for a move, given the match's limits.
    pub fn request(&self, base: &Limits) -> ThinkRequest {
        let mut limits = base.clone();
        if self.depth.is_some() || self.movetime.is_some() || self.nodes.is_some() {
            limits = Limits {
                depth: self.depth,
                nodes: self.nodes,
                movetime: self.movetime.map(Duration::from_millis),
                ..Limits::default()
            };
        }
        let mut request = ThinkRequest::new(self.level, limits);
        request.algorithm = self.algorithm;
        request
    }

    /// The engine resources this player asks for, on top of `base`.
    pub fn engine_options(&self, base: EngineOptions) -> EngineOptions {
        EngineOptions {
            hash_mib: self.hash.unwrap_or(base.hash_mib),
            threads: self.threads.unwrap_or(base.threads),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn levels_algorithms_and_options_are_read() {
        let strong: PlayerSpec = "strong".parse().expect("valid");
        assert_eq!((strong.level, strong.algorithm), (Level::Strong, None));
        let teaching: PlayerSpec = "alphabeta:depth=4".parse().expect("valid");
        assert_eq!(teaching.level, Level::Classic);
        assert_eq!(teaching.algorithm, Some(Algorithm::Alphabeta));
        assert_eq!(teaching.depth, Some(4));
        let tuned: PlayerSpec = "strong:movetime=250, threads=2,hash=64"
            .parse()
            .expect("valid");
        assert_eq!(
            (tuned.movetime, tuned.threads, tuned.hash),
            (Some(250), Some(2), Some(64))
        );
        let request = tuned.request(&Limits::depth(3));
        assert_eq!(request.limits.movetime, Some(Duration::from_millis(250)));
        assert_eq!(request.limits.depth, None);
    }

    #[test]
    fn bad_specs_say_what_is_accepted() {
        for (text, expected) in [
            ("grandmaster", "unknown player"),
            ("strong:depth", "not key=value"),
            ("strong:depth=deep", "expected a whole number"),
            ("strong:colour=red", "unknown key 'colour'"),
            ("classic:level=godlike", "unknown level"),
        ] {
            let error = text.parse::<PlayerSpec>().expect_err("invalid");
            assert!(error.contains(expected), "{text}: {error}");
        }
    }
}
