//! Caro (gomoku).
pub mod board;
pub mod line;
pub mod rule;
pub mod threat;
