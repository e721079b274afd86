//! The threat search allocates nothing per node: once a solver has searched a set of
//! positions, searching them again costs a few allocations per search (the working copy of
//! the board, the line it returns) however many positions it visits. A counting allocator
//! wraps the system's; it counts per thread, so tests beside it do not disturb the count.
//! Also: a solver reused for many searches answers as fresh ones do.

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;

use ply_games::Rules;
use ply_games::caro::vcf::{Solver, SolverLimits};
use ply_games::caro::vct::VctCache;
use ply_games::caro::{Caro, CaroConfig, Rule};
use ply_search::{Game, Side};

/// The system allocator, counting the allocations of each thread.
struct Counting;

thread_local! {
    static ALLOCATIONS: Cell<u64> = const { Cell::new(0) };
}

fn count_one() {
    // Never panics, even while the thread's locals are torn down.
    let _ = ALLOCATIONS.try_with(|count| count.set(count.get() + 1));
}

// SAFETY: every call is passed on unchanged to `System`, which upholds the contract.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        count_one();
        // SAFETY: the caller upholds `alloc`'s contract.
        unsafe { System.alloc(layout) }
    }

    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        count_one();
        // SAFETY: the caller upholds `alloc_zeroed`'s contract.
        unsafe { System.alloc_zeroed(layout) }
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        count_one();
        // SAFETY: the caller upholds `realloc`'s contract.
        unsafe { System.realloc(ptr, layout, new_size) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: the caller upholds `dealloc`'s contract.
        unsafe { System.dealloc(ptr, layout) }
    }
}

#[global_allocator]
static ALLOCATOR: Counting = Counting;

/// Allocations made by this thread so far.
fn allocations() -> u64 {
    ALLOCATIONS.with(Cell::get)
}

/// Allocations one search may make whatever its size: the board's copy (its vectors and
/// the growth of its move history) and the line it returns; about a dozen today.
const PER_SEARCH: u64 = 32;

/// Positions with a VCT or none for the side to move, from random play under every rule,
/// each a search of thousands to tens of thousands of positions: rule | size | board | the
/// side to move (not always the one the stones imply: the other side may have passed).
const POSITIONS: &str = "
caro5 | 10 | 10/5x4/3o6/1o2x5/1o5x2/3o6/3x6/10/10/10 | o
freestyle | 12 | 12/12/7x4/5x6/12/8o3/3o3o4/8o3/4x2x4/12/12/12 | o
caro5 | 10 | 8x1/4o3o1/10/8o1/1o2o5/10/x1x7/9x/10/x9 | o
renju | 10 | 10/2x1x5/3xo5/5x4/4o5/1ox7/7o2/2xoo5/10/10 | o
caro5 | 12 | 12/12/4xx1ox3/3o8/7o4/2x2xo5/3xo2x4/3oxo6/5o6/12/12/12 | o
renju | 12 | 12/12/10o1/9x2/8x1o1/12/5x6/8o1x1/8o3/5x6/4o2x4/12 | x
caro5 | 15 | 15/15/15/11o3/8x2o3/7o7/6x8/11x3/5x9/6ox7/15/6o8/15/15/15 | o
standard | 10 | 3xo5/2o1o2x1o/7oox/2x7/1x8/3xx4o/xx4xxo1/1o4o1ox/10/3o5x | o
standard | 15 | 15/15/7x7/2o4o7/15/15/15/2x7o4/6x8/8x6/6o8/10xo3/15/15/15 | x
caro | 12 | 12/12/8ox2/4x2o4/2o1x4o2/12/8x3/4x4o2/3xx2xo3/6o5/12/12 | o
freestyle | 10 | 10/5x2o1/1ox1o3x1/10/8o1/1x1xo5/6oo2/2xx6/10/10 | x
";

fn positions() -> Vec<Caro> {
    POSITIONS
        .lines()
        .filter(|row| !row.trim().is_empty())
        .map(|row| {
            let fields: Vec<&str> = row.split('|').map(str::trim).collect();
            let [rule, size, board, to_move] = fields.as_slice() else {
                panic!("bad row {row:?}");
            };
            let config = CaroConfig {
                size: size.parse().expect("size"),
                rule: rule.parse::<Rule>().expect("rule"),
            };
            let mut game = Caro::from_position(&config, board).expect("position");
            if (*to_move == "o") != (game.side_to_move() == Side::Second) {
                game.make_null_move();
            }
            game
        })
        .collect()
}

fn solver() -> Solver {
    Solver::new(SolverLimits {
        nodes: 200_000_000,
        deadline: None,
    })
}

#[test]
fn a_warm_solver_searches_without_allocating_per_node() {
    let positions = positions();
    let mut solver = solver();
    for game in &positions {
        let _ = solver.find_vct(game, &mut VctCache::default());
        let _ = solver.find_vcf(game);
    }
    let mut caches: Vec<VctCache> = positions.iter().map(|_| VctCache::default()).collect();
    let nodes_before = solver.nodes();
    let mut allocated = 0;
    for (game, cache) in positions.iter().zip(&mut caches) {
        let start = allocations();
        let _ = solver.find_vct(game, cache);
        let search = allocations() - start;
        assert!(
            search <= PER_SEARCH,
            "{search} allocations searching {}",
            game.position_text()
        );
        allocated += search;
    }
    let nodes = solver.nodes() - nodes_before;
    assert!(!solver.aborted(), "the limits stopped a search");
    assert!(
        nodes >= 100 * allocated,
        "{nodes} nodes are too few to tell ({allocated} allocations)"
    );
}

#[test]
fn a_reused_solver_answers_as_fresh_ones_do() {
    let positions = positions();
    let mut reused = solver();
    for _ in 0..2 {
        for game in &positions {
            let mut fresh = solver();
            assert_eq!(
                reused.find_vct(game, &mut VctCache::default()),
                fresh.find_vct(game, &mut VctCache::default()),
                "VCT in {}",
                game.position_text()
            );
            assert_eq!(
                reused.find_vcf(game),
                solver().find_vcf(game),
                "VCF in {}",
                game.position_text()
            );
        }
    }
    assert!(!reused.aborted(), "the limits stopped a search");
}
