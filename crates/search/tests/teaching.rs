//! The teaching algorithms reproduce the seed tutorial's figures on tic-tac-toe.

mod common;

use common::{Blind, Mnk};
use ply_search::teaching::{
    LeafValues, NodeKind, TeachingSettings, Tracer, alphabeta, minimax, score_root_moves,
};
use ply_search::{Game, Side};

const FULL: TeachingSettings = TeachingSettings {
    depth: 9,
    leaves: LeafValues::TEXTBOOK,
};

#[test]
fn minimax_visits_549946_positions_of_the_empty_board() {
    let mut game = Mnk::new(3, 3, 3);
    let result = minimax(&mut game, &Blind, FULL, &mut ());
    assert_eq!(result.value, 0);
    assert_eq!(result.nodes, 549_946);
    assert_eq!(
        result.best_move,
        Some(0),
        "first move reaching the value, reading order"
    );
}

#[test]
fn alphabeta_visits_18297_positions_of_the_empty_board() {
    let mut game = Mnk::new(3, 3, 3);
    let result = alphabeta(&mut game, &Blind, FULL, &mut ());
    assert_eq!(result.value, 0);
    assert_eq!(result.nodes, 18_297);
}

#[test]
fn opposite_corners_make_the_free_corners_lose() {
    // x . .
    // . o .
    // . . x   O to move: corners 2 and 6 lose, the edges 1, 3, 5, 7 draw.
    let mut game = Mnk::from_rows(3, 3, 3, "x../.o./..x", Side::Second);
    let (scored, nodes) = score_root_moves(&mut game, &Blind, FULL, true, &mut ());
    assert_eq!(
        scored,
        vec![(1, 0), (2, -1), (3, 0), (5, 0), (6, -1), (7, 0)]
    );
    assert!(nodes > 0);
    let (plain, plain_nodes) = score_root_moves(&mut game, &Blind, FULL, false, &mut ());
    assert_eq!(plain, scored, "minimax agrees with alpha-beta move by move");
    assert!(plain_nodes > nodes);
}

#[test]
fn depth_bonus_makes_sooner_wins_score_higher_at_the_root() {
    // x x .
    // o o .
    // . . .   X to move wins at once at the top right (cell 2).
    let mut game = Mnk::from_rows(3, 3, 3, "xx./oo./...", Side::First);
    let settings = TeachingSettings {
        depth: 3,
        leaves: LeafValues {
            win: 1_000,
            depth_bonus: true,
        },
    };
    let result = alphabeta(&mut game, &Blind, settings, &mut ());
    assert_eq!(result.best_move, Some(2));
    assert_eq!(
        result.value,
        1_000 + 3,
        "win with the first move keeps all depth"
    );
    assert_eq!(result.pv, vec![2]);
}

/// Counts what the tracer sees, to check it sees every node once.
#[derive(Default)]
struct Census {
    entered: u64,
    left: u64,
    terminal: u64,
    cutoffs: u64,
    pruned: u64,
}

impl Tracer<u8> for Census {
    fn enter(&mut self, _ply: usize, _mv: Option<u8>, alpha: i32, beta: i32) {
        assert!(alpha < beta);
        self.entered += 1;
    }
    fn leave(&mut self, _ply: usize, _value: i32, kind: NodeKind) {
        self.left += 1;
        if kind == NodeKind::Terminal {
            self.terminal += 1;
        }
    }
    fn cutoff(&mut self, _ply: usize, alpha: i32, beta: i32, pruned: &[u8]) {
        assert!(alpha >= beta);
        self.cutoffs += 1;
        self.pruned += pruned.len() as u64;
    }
}

#[test]
fn the_tracer_sees_every_node_enter_and_leave() {
    let mut game = Mnk::new(3, 3, 3);
    let mut census = Census::default();
    let result = alphabeta(&mut game, &Blind, FULL, &mut census);
    assert_eq!(census.entered, result.nodes);
    assert_eq!(census.left, result.nodes);
    assert!(census.cutoffs > 0 && census.pruned > 0);
    let mut plain = Census::default();
    minimax(&mut game, &Blind, FULL, &mut plain);
    assert_eq!(plain.cutoffs, 0);
    assert_eq!(plain.entered, 549_946);
    assert_eq!(
        plain.terminal, 255_168,
        "every finished game of tic-tac-toe"
    );
    assert_eq!(
        game.hash(),
        Mnk::new(3, 3, 3).hash(),
        "the walk restores the board"
    );
}

/// Stops the search after `cap` positions, remembering how many it saw.
struct NodeCap {
    cap: u64,
    entered: u64,
    left_after_stop: u64,
    stopped: bool,
}

impl Tracer<u8> for NodeCap {
    fn enter(&mut self, _ply: usize, _mv: Option<u8>, _alpha: i32, _beta: i32) {
        self.entered += 1;
    }

    fn leave(&mut self, _ply: usize, _value: i32, _kind: NodeKind) {
        if self.stopped {
            self.left_after_stop += 1;
        }
    }

    fn should_stop(&mut self) -> bool {
        self.stopped |= self.entered >= self.cap;
        self.stopped
    }
}

#[test]
fn a_tracer_can_stop_the_search_at_once() {
    for prune in [false, true] {
        let mut game = Mnk::new(3, 3, 3);
        let before = game.hash();
        let mut cap = NodeCap {
            cap: 1_000,
            entered: 0,
            left_after_stop: 0,
            stopped: false,
        };
        let result = if prune {
            alphabeta(&mut game, &Blind, FULL, &mut cap)
        } else {
            minimax(&mut game, &Blind, FULL, &mut cap)
        };
        assert!(cap.stopped);
        assert_eq!(cap.entered, 1_000, "no position entered after the stop");
        assert_eq!(result.nodes, 1_000);
        assert_eq!(cap.left_after_stop, 0, "nodes given up are not left");
        assert_eq!(game.hash(), before, "the position is restored");
    }
}
