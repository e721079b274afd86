//! Matches between two players: who plays whom with which colour from which opening, the
//! referee of every game, the report (W/D/L, Elo, SPRT) and the players themselves.

pub mod contestants;
pub mod elo;
pub mod players;
pub mod record;
pub mod sprt;
