//! ply-protocol: engine protocols (UCI, UCCI, Gomocup) over the erased game session.

pub mod gomocup;
pub mod ucci;
