//! ply-protocol: the engine protocols that let other programs drive ply — UCI (chess, and
//! xiangqi through `UCI_Variant`), UCCI and Gomocup — as line parsers and loops over any
//! game record, with one search thread and one output for UCI and UCCI; the first line
//! decides between those two. Nothing here searches; nothing in the search prints.

pub mod book;
pub mod first_line;
pub mod gomocup;
pub mod lag;
pub mod output;
pub mod search_thread;
pub mod strength;
pub mod ucci;
pub mod uci;

pub use first_line::run_first_line;
pub use output::Output;
pub use search_thread::{Dialect, Finished, Hold, Reply, SearchThread};
