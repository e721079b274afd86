//! Perft: counting the leaves of the legal-move tree, the standard test of move generators.
//! Leaves are counted in bulk at the last ply (the moves are counted, not played), as
//! Stockfish and Fairy-Stockfish count them.

use crate::game::Game;

/// Reusable move buffers, one per ply, so counting allocates only once.
struct Buffers<M> {
    per_ply: Vec<Vec<M>>,
}

impl<M> Buffers<M> {
    fn new(depth: u32) -> Self {
        Buffers {
            per_ply: (0..=depth).map(|_| Vec::with_capacity(128)).collect(),
        }
    }
}

/// The number of legal move sequences of length `depth` from `game`.
pub fn perft<G: Game>(game: &mut G, depth: u32) -> u64 {
    let mut buffers = Buffers::new(depth);
    count(game, depth, 0, &mut buffers)
}

/// Perft split by root move: each legal root move with the leaves below it, in the game's
/// natural order, and the total.
pub fn perft_divide<G: Game>(game: &mut G, depth: u32) -> (Vec<(G::Move, u64)>, u64) {
    let mut roots = Vec::new();
    game.generate_moves(&mut roots);
    if depth == 0 {
        return (Vec::new(), 1);
    }
    let mut buffers = Buffers::new(depth);
    let mut total = 0;
    let mut split = Vec::with_capacity(roots.len());
    for mv in roots {
        game.make_move(mv);
        let leaves = count(game, depth - 1, 1, &mut buffers);
        game.unmake_move(mv);
        total += leaves;
        split.push((mv, leaves));
    }
    (split, total)
}

fn count<G: Game>(game: &mut G, depth: u32, ply: usize, buffers: &mut Buffers<G::Move>) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut moves = std::mem::take(&mut buffers.per_ply[ply]);
    moves.clear();
    game.generate_moves(&mut moves);
    let leaves = if depth == 1 {
        moves.len() as u64
    } else {
        let mut sum = 0;
        for &mv in &moves {
            game.make_move(mv);
            sum += count(game, depth - 1, ply + 1, buffers);
            game.unmake_move(mv);
        }
        sum
    };
    buffers.per_ply[ply] = moves;
    leaves
}
