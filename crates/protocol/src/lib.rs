//! Placeholder.

pub mod gomocup;
