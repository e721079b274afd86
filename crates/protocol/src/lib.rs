//! ply-protocol: the engine protocols that let other programs drive ply — UCI (chess, and
//! xiangqi through `UCI_Variant`), UCCI and Gomocup — as line parsers and loops over any
//! game session. Nothing here searches; nothing in the search prints.

pub mod gomocup;
pub mod lag;
pub mod ucci;
pub mod uci;
