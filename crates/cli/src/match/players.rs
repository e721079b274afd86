//! Player specifications as typed on the command line: ply's own (`strong`, `classic`,
//! a level `level3` or `3:nodes=…`, `alphabeta:depth=4`, `strong:movetime=200,threads=2`) or
//! another program
//! (`uci:cmd=/usr/games/stockfish,option.UCI_Elo=1500`, `ucci:cmd=…`, `gomocup:cmd=…`).

use std::fmt;
use std::str::FromStr;
use std::time::Duration;

use ply_games::{Algorithm, Level, PlayerLevel, ThinkRequest};
use ply_search::skill::{Rung, Skill};
use ply_search::{EngineOptions, Limits};

use super::contestants::Protocol;

/// A player in a match.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PlayerSpec {
    /// One of ply's own players.
    Ply(PlySpec),
    /// Another program, spoken to over a protocol.
    Program(ProgramSpec),
}

/// One of ply's own players.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlySpec {
    /// As typed, for reports.
    pub label: String,
    /// Whose judgement.
    pub level: Level,
    /// A level of the ladder (its node limit, noise and choice); `None` or 8: full strength.
    pub rung: Option<Rung>,
    /// Which search; `None` for the level's own.
    pub algorithm: Option<Algorithm>,
    /// Limits that override the match's.
    pub own: OwnLimits,
    /// Engine threads.
    pub threads: Option<usize>,
    /// Engine table in MiB.
    pub hash: Option<usize>,
}

const KEYS: &str = "level, algorithm, depth, movetime, nodes, threads, hash";

/// The whole number of `key=value`, or what was expected.
fn whole_number(key: &str, value: &str) -> Result<u64, String> {
    value
        .trim()
        .parse::<u64>()
        .map_err(|_| format!("{key}={value}: expected a whole number"))
}

/// A player's own limits (`depth=`, `movetime=`, `nodes=`), which replace the match's for
/// that player alone: a match at unequal nodes, or a program held to a node count.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct OwnLimits {
    /// Plies per move.
    pub depth: Option<u32>,
    /// Milliseconds per move.
    pub movetime: Option<u64>,
    /// Nodes per move.
    pub nodes: Option<u64>,
}

impl OwnLimits {
    /// Reads `key=value` when the key is one of the limits: `None` for another key.
    fn read(&mut self, key: &str, value: &str) -> Option<Result<(), String>> {
        let number = || whole_number(key, value);
        let read = match key {
            "depth" => number().map(|n| self.depth = Some(n.min(u64::from(u32::MAX)) as u32)),
            "movetime" => number().map(|n| self.movetime = Some(n)),
            "nodes" => number().map(|n| self.nodes = Some(n)),
            _ => return None,
        };
        Some(read)
    }

    /// Whether any limit is set (then a match's clock does not apply to the player).
    pub fn any(&self) -> bool {
        self.depth.is_some() || self.movetime.is_some() || self.nodes.is_some()
    }

    /// The limits a player with these asks under the match's `base`.
    pub fn over(&self, base: &Limits) -> Limits {
        if !self.any() {
            return base.clone();
        }
        Limits {
            depth: self.depth,
            nodes: self.nodes,
            movetime: self.movetime.map(Duration::from_millis),
            ..Limits::default()
        }
    }
}

impl FromStr for PlayerSpec {
    type Err = String;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let head = text.trim().split(':').next().unwrap_or("");
        match head.parse::<Protocol>() {
            Ok(protocol) => ProgramSpec::parse(protocol, text.trim()).map(PlayerSpec::Program),
            Err(_) => text.parse().map(PlayerSpec::Ply),
        }
    }
}

impl PlayerSpec {
    /// The limits of its own that replace the match's for this player.
    pub fn own_limits(&self) -> OwnLimits {
        match self {
            PlayerSpec::Ply(spec) => spec.own,
            PlayerSpec::Program(spec) => spec.own,
        }
    }
}

impl fmt::Display for PlayerSpec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PlayerSpec::Ply(spec) => spec.fmt(f),
            PlayerSpec::Program(spec) => f.write_str(&spec.label),
        }
    }
}

/// Another program: how to start it and what to tell it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ProgramSpec {
    /// The name reports use.
    pub label: String,
    /// The protocol it speaks.
    pub protocol: Protocol,
    /// The program and its arguments.
    pub command: Vec<String>,
    /// Options to set (`option.NAME=VALUE`), in order.
    pub options: Vec<(String, String)>,
    /// Whether xiangqi ranks on the wire run 1–10 (Fairy-Stockfish) rather than 0–9;
    /// `None` to decide from the program's name.
    pub ranks_from_one: Option<bool>,
    /// Limits that override the match's (`gomocup:cmd=…,nodes=200000`).
    pub own: OwnLimits,
}

const PROGRAM_KEYS: &str = "cmd, name, option.NAME, ranks (0 or 1), depth, movetime, nodes";

impl ProgramSpec {
    fn parse(protocol: Protocol, text: &str) -> Result<ProgramSpec, String> {
        let rest = text.split_once(':').map_or("", |(_, rest)| rest);
        let mut command = Vec::new();
        let mut label = None;
        let mut options = Vec::new();
        let mut ranks_from_one = None;
        let mut own = OwnLimits::default();
        for pair in rest.split(',').map(str::trim).filter(|p| !p.is_empty()) {
            let (key, value) = pair.split_once('=').ok_or_else(|| {
                format!("'{pair}' in player '{text}' is not key=value ({PROGRAM_KEYS})")
            })?;
            if let Some(read) = own.read(key.trim(), value) {
                read?;
                continue;
            }
            match key.trim() {
                "cmd" => command = value.split_whitespace().map(String::from).collect(),
                "name" => label = Some(value.trim().to_string()),
                "ranks" => {
                    ranks_from_one = Some(match value.trim() {
                        "1" => true,
                        "0" => false,
                        other => {
                            return Err(format!(
                                "ranks={other}: expected 0 (ranks 0-9) or 1 (ranks 1-10)"
                            ));
                        }
                    })
                }
                option if option.starts_with("option.") && option.len() > 7 => {
                    options.push((option[7..].to_string(), value.trim().to_string()));
                }
                other => {
                    return Err(format!(
                        "unknown key '{other}' in player '{text}': expected {PROGRAM_KEYS}"
                    ));
                }
            }
        }
        let Some(program) = command.first() else {
            return Err(format!(
                "player '{text}' needs cmd=PROGRAM (e.g. {protocol}:cmd=/usr/games/stockfish)"
            ));
        };
        let label = label.unwrap_or_else(|| {
            let base = program.rsplit('/').next().unwrap_or(program).to_string();
            let tuned: Vec<String> = options
                .iter()
                .map(|(name, value)| format!("{name}={value}"))
                .collect();
            if tuned.is_empty() {
                base
            } else {
                format!("{base}({})", tuned.join(","))
            }
        });
        Ok(ProgramSpec {
            label,
            protocol,
            command,
            options,
            ranks_from_one,
            own,
        })
    }
}

impl FromStr for PlySpec {
    type Err = String;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let text = text.trim();
        let (head, rest) = text.split_once(':').unwrap_or((text, ""));
        let mut spec = PlySpec {
            label: text.to_string(),
            level: Level::Strong,
            rung: None,
            algorithm: None,
            own: OwnLimits::default(),
            threads: None,
            hash: None,
        };
        if let Ok(level) = head.parse::<PlayerLevel>() {
            spec.level = level.judgement();
            spec.rung = level.rung();
        } else if let Ok(algorithm) = head.parse::<Algorithm>() {
            spec.algorithm = Some(algorithm);
            spec.level = match algorithm {
                Algorithm::Engine => Level::Strong,
                _ => Level::Classic,
            };
        } else {
            return Err(format!(
                "unknown player '{head}': expected classic, strong, a level (level1 … level8), minimax, alphabeta or engine, optionally followed by :key=value,… ({KEYS}); or uci:, ucci:, gomocup: with cmd=PROGRAM"
            ));
        }
        for pair in rest.split(',').map(str::trim).filter(|p| !p.is_empty()) {
            let (key, value) = pair
                .split_once('=')
                .ok_or_else(|| format!("'{pair}' in player '{text}' is not key=value ({KEYS})"))?;
            if let Some(read) = spec.own.read(key.trim(), value) {
                read?;
                continue;
            }
            let number = || whole_number(key, value);
            match key.trim() {
                "level" => {
                    let level: PlayerLevel = value.parse().map_err(|e| format!("{e}"))?;
                    spec.level = level.judgement();
                    spec.rung = level.rung();
                }
                "algorithm" => spec.algorithm = Some(value.parse().map_err(|e| format!("{e}"))?),
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

impl fmt::Display for PlySpec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.label)
    }
}

impl PlySpec {
    /// Whether the spec sets its own limits (then a match's clock does not apply to it).
    pub fn has_own_limits(&self) -> bool {
        self.own.any()
    }

    /// The request this player makes for a move, given the match's limits; `seed` (one per
    /// game) fixes a level's noise and choices.
    pub fn request(&self, base: &Limits, seed: u64) -> ThinkRequest {
        let mut request = ThinkRequest::new(self.level, self.own.over(base));
        request.algorithm = self.algorithm;
        request.skill = self
            .rung
            .filter(|_| self.level == Level::Strong)
            .map(|rung| Skill::level(rung, seed));
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
    fn programs_are_read_with_limits_of_their_own() {
        let spec: PlayerSpec = "gomocup:cmd=/work/rapfi/pbrain-rapfi,nodes=200000"
            .parse()
            .expect("valid");
        let PlayerSpec::Program(program) = spec else {
            panic!("a program");
        };
        assert_eq!(program.own.nodes, Some(200_000));
        let limits = program.own.over(&Limits::depth(3));
        assert_eq!((limits.nodes, limits.depth), (Some(200_000), None));
        let plain: PlayerSpec = "uci:cmd=stockfish".parse().expect("valid");
        let PlayerSpec::Program(plain) = plain else {
            panic!("a program");
        };
        assert_eq!(plain.own.over(&Limits::depth(3)).depth, Some(3));
        let error = "uci:cmd=stockfish,nodes=many"
            .parse::<PlayerSpec>()
            .expect_err("not a number");
        assert!(error.contains("expected a whole number"), "{error}");
    }

    #[test]
    fn programs_are_read_with_their_options() {
        let spec: PlayerSpec =
            "uci:cmd=/usr/games/stockfish,option.UCI_LimitStrength=true,option.UCI_Elo=1500"
                .parse()
                .expect("valid");
        let PlayerSpec::Program(program) = spec else {
            panic!("a program");
        };
        assert_eq!(program.protocol, Protocol::Uci);
        assert_eq!(program.command, vec!["/usr/games/stockfish"]);
        assert_eq!(program.options.len(), 2);
        assert_eq!(
            program.label,
            "stockfish(UCI_LimitStrength=true,UCI_Elo=1500)"
        );
        let named: PlayerSpec = "gomocup:cmd=./pbrain-x --fast,name=x"
            .parse()
            .expect("valid");
        assert_eq!(named.to_string(), "x");
        for (text, expected) in [
            ("uci:option.Hash=16", "needs cmd=PROGRAM"),
            ("ucci:cmd=x,ranks=2", "ranks=2"),
            ("uci:cmd=x,colour=red", "unknown key 'colour'"),
        ] {
            let error = text.parse::<PlayerSpec>().expect_err("invalid");
            assert!(error.contains(expected), "{text}: {error}");
        }
    }

    #[test]
    fn ladder_levels_are_read_and_ask_with_their_seed() {
        for text in ["level3", "3", "strong:level=3"] {
            let spec: PlySpec = text.parse().expect("valid");
            assert_eq!(
                (spec.level, spec.rung),
                (Level::Strong, Rung::new(3)),
                "{text}"
            );
            let request = spec.request(&Limits::default(), 5);
            assert_eq!(
                request.skill,
                Rung::new(3).map(|rung| Skill::level(rung, 5))
            );
        }
        let limited: PlySpec = "level8:nodes=1000".parse().expect("valid");
        assert_eq!(
            (limited.rung, limited.own.nodes),
            (Rung::new(8), Some(1000))
        );
        let classic: PlySpec = "classic".parse().expect("valid");
        assert_eq!(classic.request(&Limits::default(), 5).skill, None);
        let error = "level9".parse::<PlySpec>().expect_err("no level 9");
        assert!(error.contains("level1"), "{error}");
    }

    #[test]
    fn levels_algorithms_and_options_are_read() {
        let strong: PlySpec = "strong".parse().expect("valid");
        assert_eq!((strong.level, strong.algorithm), (Level::Strong, None));
        let teaching: PlySpec = "alphabeta:depth=4".parse().expect("valid");
        assert_eq!(teaching.level, Level::Classic);
        assert_eq!(teaching.algorithm, Some(Algorithm::Alphabeta));
        assert_eq!(teaching.own.depth, Some(4));
        let tuned: PlySpec = "strong:movetime=250, threads=2,hash=64"
            .parse()
            .expect("valid");
        assert_eq!(
            (tuned.own.movetime, tuned.threads, tuned.hash),
            (Some(250), Some(2), Some(64))
        );
        let request = tuned.request(&Limits::depth(3), 0);
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
