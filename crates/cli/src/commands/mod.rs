//! One file per subcommand.

pub mod analyze;
pub mod analyze_game;
pub mod bench;
pub mod book;
pub mod gomocup;
pub mod match_runner;
pub mod menu;
pub mod perft;
pub mod play;
pub mod play_clock;
pub mod serve;
pub mod ucci;
pub mod uci;
