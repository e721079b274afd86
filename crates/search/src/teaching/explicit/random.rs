//! Seeded random trees for the quiz: the same seed and difficulty give the same tree on
//! every machine.

use super::{ExplicitTree, solve};
use crate::random::SplitMix64;

/// How big and how tricky a generated tree is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Difficulty {
    /// Two levels, two or three branches, values 0 to 9.
    Easy,
    /// Three levels, two or three branches, values 0 to 20.
    Medium,
    /// Three or four levels, two or three branches, some leaves higher up, values −20 to 20.
    Hard,
}

impl Difficulty {
    /// Every difficulty, easiest first.
    pub const ALL: [Difficulty; 3] = [Difficulty::Easy, Difficulty::Medium, Difficulty::Hard];

    /// Its name in the API: `easy`, `medium`, `hard`.
    pub fn name(self) -> &'static str {
        match self {
            Difficulty::Easy => "easy",
            Difficulty::Medium => "medium",
            Difficulty::Hard => "hard",
        }
    }

    /// The difficulty called `name`.
    pub fn from_name(name: &str) -> Option<Difficulty> {
        Difficulty::ALL.into_iter().find(|d| d.name() == name)
    }
}

struct Recipe {
    height: usize,
    branches: (usize, usize),
    values: (i32, i32),
    /// Chance in 100 that an inner node below the root is a leaf instead.
    early_leaf: usize,
}

fn recipe(difficulty: Difficulty, random: &mut SplitMix64) -> Recipe {
    match difficulty {
        Difficulty::Easy => Recipe {
            height: 2,
            branches: (2, 3),
            values: (0, 9),
            early_leaf: 0,
        },
        Difficulty::Medium => Recipe {
            height: 3,
            branches: (2, 3),
            values: (0, 20),
            early_leaf: 0,
        },
        Difficulty::Hard => Recipe {
            height: 3 + random.below(2),
            branches: (2, 3),
            values: (-20, 20),
            early_leaf: 15,
        },
    }
}

/// The tree of `seed` at `difficulty`, nodes named by letters. Of the first trees the seed
/// leads to, the first where alpha-beta cuts something is kept (a question about cuts with
/// none to find is rare and dull); after 16 tries any tree will do.
pub fn random_tree(seed: u64, difficulty: Difficulty) -> ExplicitTree {
    let mut random = SplitMix64::new(seed);
    let mut tree = grow(&mut random, difficulty);
    for _ in 0..16 {
        if !solve(&tree).alphabeta.cuts.is_empty() {
            break;
        }
        tree = grow(&mut random, difficulty);
    }
    tree
}

fn grow(random: &mut SplitMix64, difficulty: Difficulty) -> ExplicitTree {
    let recipe = recipe(difficulty, random);
    let mut tree = ExplicitTree::root("");
    branch(&mut tree, 0, &recipe, random);
    tree.name_by_letters();
    tree
}

fn branch(tree: &mut ExplicitTree, node: usize, recipe: &Recipe, random: &mut SplitMix64) {
    let (fewest, most) = recipe.branches;
    let count = fewest + random.below(most - fewest + 1);
    for _ in 0..count {
        // Sizes are far below the tree's limits, so adding cannot fail.
        let Ok(child) = tree.add(node, "") else {
            return;
        };
        let depth = tree.nodes()[child].depth;
        let leaf = depth >= recipe.height || (depth >= 2 && random.below(100) < recipe.early_leaf);
        if leaf {
            let (low, high) = recipe.values;
            let value = low + random.below((high - low + 1) as usize) as i32;
            let _ = tree.set_value(child, value);
        } else {
            branch(tree, child, recipe, random);
        }
    }
}
