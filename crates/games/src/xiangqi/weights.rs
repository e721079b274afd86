//! Weights of the strong xiangqi evaluation: a midgame and an endgame value per parameter
//! (see `params.rs` for the layout). Written by the Texel tuner
//! (`crates/games/examples/xiangqi_texel.rs`); edit by re-tuning, not by hand.
//!
//! These are the hand-set values the evaluation had before it was tuned: the seed's
//! placement tables doubled, linear mobility, the general's safety as before.

/// `[midgame, endgame]` per parameter.
pub const WEIGHTS: [[i16; 2]; super::params::COUNT] = [
    [0, 0],       // material general
    [200, 180],   // material advisor
    [200, 180],   // material elephant
    [420, 470],   // material horse
    [1000, 1100], // material chariot
    [450, 420],   // material cannon
    [80, 130],    // material soldier
    [-265, 0],    // placement general row 0 column 0
    [-255, 0],    // placement general row 0 column 1
    [-245, 0],    // placement general row 0 column 2
    [-235, 0],    // placement general row 0 column 3
    [-225, 0],    // placement general row 0 column 4
    [-240, 0],    // placement general row 1 column 0
    [-230, 0],    // placement general row 1 column 1
    [-220, 0],    // placement general row 1 column 2
    [-210, 0],    // placement general row 1 column 3
    [-200, 0],    // placement general row 1 column 4
    [-215, 0],    // placement general row 2 column 0
    [-205, 0],    // placement general row 2 column 1
    [-195, 0],    // placement general row 2 column 2
    [-185, 0],    // placement general row 2 column 3
    [-175, 0],    // placement general row 2 column 4
    [-190, 0],    // placement general row 3 column 0
    [-180, 0],    // placement general row 3 column 1
    [-170, 0],    // placement general row 3 column 2
    [-160, 0],    // placement general row 3 column 3
    [-150, 0],    // placement general row 3 column 4
    [-165, 0],    // placement general row 4 column 0
    [-155, 0],    // placement general row 4 column 1
    [-145, 0],    // placement general row 4 column 2
    [-135, 0],    // placement general row 4 column 3
    [-125, 0],    // placement general row 4 column 4
    [-140, 0],    // placement general row 5 column 0
    [-130, 0],    // placement general row 5 column 1
    [-120, 0],    // placement general row 5 column 2
    [-110, 0],    // placement general row 5 column 3
    [-100, 0],    // placement general row 5 column 4
    [-115, 0],    // placement general row 6 column 0
    [-105, 0],    // placement general row 6 column 1
    [-95, 0],     // placement general row 6 column 2
    [-85, 0],     // placement general row 6 column 3
    [-75, 0],     // placement general row 6 column 4
    [-90, 0],     // placement general row 7 column 0
    [-80, 0],     // placement general row 7 column 1
    [-70, 0],     // placement general row 7 column 2
    [-60, 0],     // placement general row 7 column 3
    [-50, 0],     // placement general row 7 column 4
    [-65, 0],     // placement general row 8 column 0
    [-55, 0],     // placement general row 8 column 1
    [-45, 0],     // placement general row 8 column 2
    [-35, 0],     // placement general row 8 column 3
    [-25, 0],     // placement general row 8 column 4
    [-40, 0],     // placement general row 9 column 0
    [-30, 0],     // placement general row 9 column 1
    [-20, 0],     // placement general row 9 column 2
    [-10, 0],     // placement general row 9 column 3
    [0, 0],       // placement general row 9 column 4
    [0, 0],       // placement advisor row 0 column 0
    [0, 0],       // placement advisor row 0 column 1
    [0, 0],       // placement advisor row 0 column 2
    [0, 0],       // placement advisor row 0 column 3
    [0, 0],       // placement advisor row 0 column 4
    [0, 0],       // placement advisor row 1 column 0
    [0, 0],       // placement advisor row 1 column 1
    [0, 0],       // placement advisor row 1 column 2
    [0, 0],       // placement advisor row 1 column 3
    [0, 0],       // placement advisor row 1 column 4
    [0, 0],       // placement advisor row 2 column 0
    [0, 0],       // placement advisor row 2 column 1
    [0, 0],       // placement advisor row 2 column 2
    [0, 0],       // placement advisor row 2 column 3
    [0, 0],       // placement advisor row 2 column 4
    [0, 0],       // placement advisor row 3 column 0
    [0, 0],       // placement advisor row 3 column 1
    [0, 0],       // placement advisor row 3 column 2
    [0, 0],       // placement advisor row 3 column 3
    [0, 0],       // placement advisor row 3 column 4
    [0, 0],       // placement advisor row 4 column 0
    [0, 0],       // placement advisor row 4 column 1
    [0, 0],       // placement advisor row 4 column 2
    [0, 0],       // placement advisor row 4 column 3
    [0, 0],       // placement advisor row 4 column 4
    [0, 0],       // placement advisor row 5 column 0
    [0, 0],       // placement advisor row 5 column 1
    [0, 0],       // placement advisor row 5 column 2
    [0, 0],       // placement advisor row 5 column 3
    [0, 0],       // placement advisor row 5 column 4
    [0, 0],       // placement advisor row 6 column 0
    [0, 0],       // placement advisor row 6 column 1
    [0, 0],       // placement advisor row 6 column 2
    [0, 0],       // placement advisor row 6 column 3
    [0, 0],       // placement advisor row 6 column 4
    [0, 0],       // placement advisor row 7 column 0
    [0, 0],       // placement advisor row 7 column 1
    [0, 0],       // placement advisor row 7 column 2
    [0, 0],       // placement advisor row 7 column 3
    [0, 0],       // placement advisor row 7 column 4
    [0, 0],       // placement advisor row 8 column 0
    [0, 0],       // placement advisor row 8 column 1
    [0, 0],       // placement advisor row 8 column 2
    [0, 0],       // placement advisor row 8 column 3
    [0, 0],       // placement advisor row 8 column 4
    [0, 0],       // placement advisor row 9 column 0
    [0, 0],       // placement advisor row 9 column 1
    [0, 0],       // placement advisor row 9 column 2
    [0, 0],       // placement advisor row 9 column 3
    [0, 0],       // placement advisor row 9 column 4
    [0, 0],       // placement elephant row 0 column 0
    [0, 0],       // placement elephant row 0 column 1
    [0, 0],       // placement elephant row 0 column 2
    [0, 0],       // placement elephant row 0 column 3
    [0, 0],       // placement elephant row 0 column 4
    [0, 0],       // placement elephant row 1 column 0
    [0, 0],       // placement elephant row 1 column 1
    [0, 0],       // placement elephant row 1 column 2
    [0, 0],       // placement elephant row 1 column 3
    [0, 0],       // placement elephant row 1 column 4
    [0, 0],       // placement elephant row 2 column 0
    [0, 0],       // placement elephant row 2 column 1
    [0, 0],       // placement elephant row 2 column 2
    [0, 0],       // placement elephant row 2 column 3
    [0, 0],       // placement elephant row 2 column 4
    [0, 0],       // placement elephant row 3 column 0
    [0, 0],       // placement elephant row 3 column 1
    [0, 0],       // placement elephant row 3 column 2
    [0, 0],       // placement elephant row 3 column 3
    [0, 0],       // placement elephant row 3 column 4
    [0, 0],       // placement elephant row 4 column 0
    [0, 0],       // placement elephant row 4 column 1
    [0, 0],       // placement elephant row 4 column 2
    [0, 0],       // placement elephant row 4 column 3
    [0, 0],       // placement elephant row 4 column 4
    [0, 0],       // placement elephant row 5 column 0
    [0, 0],       // placement elephant row 5 column 1
    [0, 0],       // placement elephant row 5 column 2
    [0, 0],       // placement elephant row 5 column 3
    [0, 0],       // placement elephant row 5 column 4
    [0, 0],       // placement elephant row 6 column 0
    [0, 0],       // placement elephant row 6 column 1
    [0, 0],       // placement elephant row 6 column 2
    [0, 0],       // placement elephant row 6 column 3
    [0, 0],       // placement elephant row 6 column 4
    [0, 0],       // placement elephant row 7 column 0
    [0, 0],       // placement elephant row 7 column 1
    [0, 0],       // placement elephant row 7 column 2
    [0, 0],       // placement elephant row 7 column 3
    [0, 0],       // placement elephant row 7 column 4
    [0, 0],       // placement elephant row 8 column 0
    [0, 0],       // placement elephant row 8 column 1
    [0, 0],       // placement elephant row 8 column 2
    [0, 0],       // placement elephant row 8 column 3
    [0, 0],       // placement elephant row 8 column 4
    [0, 0],       // placement elephant row 9 column 0
    [0, 0],       // placement elephant row 9 column 1
    [0, 0],       // placement elephant row 9 column 2
    [0, 0],       // placement elephant row 9 column 3
    [0, 0],       // placement elephant row 9 column 4
    [8, 8],       // placement horse row 0 column 0
    [16, 16],     // placement horse row 0 column 1
    [32, 32],     // placement horse row 0 column 2
    [24, 24],     // placement horse row 0 column 3
    [8, 8],       // placement horse row 0 column 4
    [8, 8],       // placement horse row 1 column 0
    [20, 20],     // placement horse row 1 column 1
    [56, 56],     // placement horse row 1 column 2
    [32, 32],     // placement horse row 1 column 3
    [16, 16],     // placement horse row 1 column 4
    [24, 24],     // placement horse row 2 column 0
    [28, 28],     // placement horse row 2 column 1
    [32, 32],     // placement horse row 2 column 2
    [40, 40],     // placement horse row 2 column 3
    [36, 36],     // placement horse row 2 column 4
    [16, 16],     // placement horse row 3 column 0
    [48, 48],     // placement horse row 3 column 1
    [36, 36],     // placement horse row 3 column 2
    [48, 48],     // placement horse row 3 column 3
    [40, 40],     // placement horse row 3 column 4
    [12, 12],     // placement horse row 4 column 0
    [32, 32],     // placement horse row 4 column 1
    [28, 28],     // placement horse row 4 column 2
    [36, 36],     // placement horse row 4 column 3
    [32, 32],     // placement horse row 4 column 4
    [8, 8],       // placement horse row 5 column 0
    [24, 24],     // placement horse row 5 column 1
    [32, 32],     // placement horse row 5 column 2
    [28, 28],     // placement horse row 5 column 3
    [24, 24],     // placement horse row 5 column 4
    [4, 4],       // placement horse row 6 column 0
    [12, 12],     // placement horse row 6 column 1
    [16, 16],     // placement horse row 6 column 2
    [12, 12],     // placement horse row 6 column 3
    [20, 20],     // placement horse row 6 column 4
    [8, 8],       // placement horse row 7 column 0
    [4, 4],       // placement horse row 7 column 1
    [16, 16],     // placement horse row 7 column 2
    [16, 16],     // placement horse row 7 column 3
    [8, 8],       // placement horse row 7 column 4
    [0, 0],       // placement horse row 8 column 0
    [4, 4],       // placement horse row 8 column 1
    [8, 8],       // placement horse row 8 column 2
    [8, 8],       // placement horse row 8 column 3
    [-4, -4],     // placement horse row 8 column 4
    [0, 0],       // placement horse row 9 column 0
    [-8, -8],     // placement horse row 9 column 1
    [0, 0],       // placement horse row 9 column 2
    [0, 0],       // placement horse row 9 column 3
    [0, 0],       // placement horse row 9 column 4
    [28, 28],     // placement chariot row 0 column 0
    [28, 28],     // placement chariot row 0 column 1
    [24, 24],     // placement chariot row 0 column 2
    [36, 36],     // placement chariot row 0 column 3
    [32, 32],     // placement chariot row 0 column 4
    [32, 32],     // placement chariot row 1 column 0
    [40, 40],     // placement chariot row 1 column 1
    [36, 36],     // placement chariot row 1 column 2
    [48, 48],     // placement chariot row 1 column 3
    [52, 52],     // placement chariot row 1 column 4
    [24, 24],     // placement chariot row 2 column 0
    [24, 24],     // placement chariot row 2 column 1
    [24, 24],     // placement chariot row 2 column 2
    [36, 36],     // placement chariot row 2 column 3
    [36, 36],     // placement chariot row 2 column 4
    [24, 24],     // placement chariot row 3 column 0
    [36, 36],     // placement chariot row 3 column 1
    [32, 32],     // placement chariot row 3 column 2
    [44, 44],     // placement chariot row 3 column 3
    [44, 44],     // placement chariot row 3 column 4
    [24, 24],     // placement chariot row 4 column 0
    [28, 28],     // placement chariot row 4 column 1
    [24, 24],     // placement chariot row 4 column 2
    [36, 36],     // placement chariot row 4 column 3
    [36, 36],     // placement chariot row 4 column 4
    [24, 24],     // placement chariot row 5 column 0
    [32, 32],     // placement chariot row 5 column 1
    [28, 28],     // placement chariot row 5 column 2
    [40, 40],     // placement chariot row 5 column 3
    [40, 40],     // placement chariot row 5 column 4
    [12, 12],     // placement chariot row 6 column 0
    [20, 20],     // placement chariot row 6 column 1
    [16, 16],     // placement chariot row 6 column 2
    [28, 28],     // placement chariot row 6 column 3
    [28, 28],     // placement chariot row 6 column 4
    [8, 8],       // placement chariot row 7 column 0
    [16, 16],     // placement chariot row 7 column 1
    [12, 12],     // placement chariot row 7 column 2
    [28, 28],     // placement chariot row 7 column 3
    [24, 24],     // placement chariot row 7 column 4
    [16, 16],     // placement chariot row 8 column 0
    [8, 8],       // placement chariot row 8 column 1
    [16, 16],     // placement chariot row 8 column 2
    [32, 32],     // placement chariot row 8 column 3
    [16, 16],     // placement chariot row 8 column 4
    [-4, -4],     // placement chariot row 9 column 0
    [20, 20],     // placement chariot row 9 column 1
    [12, 12],     // placement chariot row 9 column 2
    [28, 28],     // placement chariot row 9 column 3
    [24, 24],     // placement chariot row 9 column 4
    [12, 6],      // placement cannon row 0 column 0
    [8, 4],       // placement cannon row 0 column 1
    [0, 0],       // placement cannon row 0 column 2
    [-20, -10],   // placement cannon row 0 column 3
    [-24, -12],   // placement cannon row 0 column 4
    [4, 2],       // placement cannon row 1 column 0
    [4, 2],       // placement cannon row 1 column 1
    [0, 0],       // placement cannon row 1 column 2
    [-8, -4],     // placement cannon row 1 column 3
    [-28, -14],   // placement cannon row 1 column 4
    [4, 2],       // placement cannon row 2 column 0
    [4, 2],       // placement cannon row 2 column 1
    [0, 0],       // placement cannon row 2 column 2
    [-20, -10],   // placement cannon row 2 column 3
    [-16, -8],    // placement cannon row 2 column 4
    [0, 0],       // placement cannon row 3 column 0
    [0, 0],       // placement cannon row 3 column 1
    [-4, -2],     // placement cannon row 3 column 2
    [8, 4],       // placement cannon row 3 column 3
    [20, 10],     // placement cannon row 3 column 4
    [0, 0],       // placement cannon row 4 column 0
    [0, 0],       // placement cannon row 4 column 1
    [0, 0],       // placement cannon row 4 column 2
    [4, 2],       // placement cannon row 4 column 3
    [16, 8],      // placement cannon row 4 column 4
    [-4, -2],     // placement cannon row 5 column 0
    [0, 0],       // placement cannon row 5 column 1
    [8, 4],       // placement cannon row 5 column 2
    [4, 2],       // placement cannon row 5 column 3
    [12, 6],      // placement cannon row 5 column 4
    [0, 0],       // placement cannon row 6 column 0
    [0, 0],       // placement cannon row 6 column 1
    [0, 0],       // placement cannon row 6 column 2
    [4, 2],       // placement cannon row 6 column 3
    [8, 4],       // placement cannon row 6 column 4
    [8, 4],       // placement cannon row 7 column 0
    [0, 0],       // placement cannon row 7 column 1
    [16, 8],      // placement cannon row 7 column 2
    [12, 6],      // placement cannon row 7 column 3
    [20, 10],     // placement cannon row 7 column 4
    [0, 0],       // placement cannon row 8 column 0
    [4, 2],       // placement cannon row 8 column 1
    [8, 4],       // placement cannon row 8 column 2
    [12, 6],      // placement cannon row 8 column 3
    [12, 6],      // placement cannon row 8 column 4
    [0, 0],       // placement cannon row 9 column 0
    [0, 0],       // placement cannon row 9 column 1
    [4, 2],       // placement cannon row 9 column 2
    [12, 6],      // placement cannon row 9 column 3
    [12, 6],      // placement cannon row 9 column 4
    [0, 20],      // placement soldier row 0 column 0
    [6, 23],      // placement soldier row 0 column 1
    [12, 26],     // placement soldier row 0 column 2
    [18, 29],     // placement soldier row 0 column 3
    [24, 32],     // placement soldier row 0 column 4
    [36, 38],     // placement soldier row 1 column 0
    [72, 56],     // placement soldier row 1 column 1
    [112, 76],    // placement soldier row 1 column 2
    [160, 100],   // placement soldier row 1 column 3
    [240, 140],   // placement soldier row 1 column 4
    [28, 34],     // placement soldier row 2 column 0
    [52, 46],     // placement soldier row 2 column 1
    [84, 62],     // placement soldier row 2 column 2
    [120, 80],    // placement soldier row 2 column 3
    [160, 100],   // placement soldier row 2 column 4
    [20, 30],     // placement soldier row 3 column 0
    [40, 40],     // placement soldier row 3 column 1
    [60, 50],     // placement soldier row 3 column 2
    [68, 54],     // placement soldier row 3 column 3
    [80, 60],     // placement soldier row 3 column 4
    [12, 26],     // placement soldier row 4 column 0
    [24, 32],     // placement soldier row 4 column 1
    [36, 38],     // placement soldier row 4 column 2
    [36, 38],     // placement soldier row 4 column 3
    [40, 40],     // placement soldier row 4 column 4
    [4, 2],       // placement soldier row 5 column 0
    [0, 0],       // placement soldier row 5 column 1
    [16, 8],      // placement soldier row 5 column 2
    [0, 0],       // placement soldier row 5 column 3
    [16, 8],      // placement soldier row 5 column 4
    [0, 0],       // placement soldier row 6 column 0
    [0, 0],       // placement soldier row 6 column 1
    [-4, -2],     // placement soldier row 6 column 2
    [0, 0],       // placement soldier row 6 column 3
    [8, 4],       // placement soldier row 6 column 4
    [0, 0],       // placement soldier row 7 column 0
    [0, 0],       // placement soldier row 7 column 1
    [0, 0],       // placement soldier row 7 column 2
    [0, 0],       // placement soldier row 7 column 3
    [0, 0],       // placement soldier row 7 column 4
    [0, 0],       // placement soldier row 8 column 0
    [0, 0],       // placement soldier row 8 column 1
    [0, 0],       // placement soldier row 8 column 2
    [0, 0],       // placement soldier row 8 column 3
    [0, 0],       // placement soldier row 8 column 4
    [0, 0],       // placement soldier row 9 column 0
    [0, 0],       // placement soldier row 9 column 1
    [0, 0],       // placement soldier row 9 column 2
    [0, 0],       // placement soldier row 9 column 3
    [0, 0],       // placement soldier row 9 column 4
    [0, 0],       // chariot mobility 0
    [4, 6],       // chariot mobility 1
    [8, 12],      // chariot mobility 2
    [12, 18],     // chariot mobility 3
    [16, 24],     // chariot mobility 4
    [20, 30],     // chariot mobility 5
    [24, 36],     // chariot mobility 6
    [28, 42],     // chariot mobility 7
    [32, 48],     // chariot mobility 8
    [36, 54],     // chariot mobility 9
    [40, 60],     // chariot mobility 10
    [44, 66],     // chariot mobility 11
    [48, 72],     // chariot mobility 12
    [52, 78],     // chariot mobility 13
    [56, 84],     // chariot mobility 14
    [60, 90],     // chariot mobility 15
    [64, 96],     // chariot mobility 16
    [68, 102],    // chariot mobility 17
    [-30, -30],   // horse mobility 0
    [-18, -18],   // horse mobility 1
    [-6, -6],     // horse mobility 2
    [6, 6],       // horse mobility 3
    [18, 18],     // horse mobility 4
    [30, 30],     // horse mobility 5
    [42, 42],     // horse mobility 6
    [54, 54],     // horse mobility 7
    [66, 66],     // horse mobility 8
    [0, 0],       // cannon mobility 0
    [2, 1],       // cannon mobility 1
    [4, 2],       // cannon mobility 2
    [6, 3],       // cannon mobility 3
    [8, 4],       // cannon mobility 4
    [10, 5],      // cannon mobility 5
    [12, 6],      // cannon mobility 6
    [14, 7],      // cannon mobility 7
    [16, 8],      // cannon mobility 8
    [18, 9],      // cannon mobility 9
    [20, 10],     // cannon mobility 10
    [22, 11],     // cannon mobility 11
    [24, 12],     // cannon mobility 12
    [26, 13],     // cannon mobility 13
    [28, 14],     // cannon mobility 14
    [30, 15],     // cannon mobility 15
    [32, 16],     // cannon mobility 16
    [34, 17],     // cannon mobility 17
    [40, 20],     // chariot facing general
    [90, 30],     // hollow cannon
    [25, 10],     // cannon one screen
    [0, 0],       // bottom cannon
    [10, 30],     // soldier per missing advisor
    [-12, -6],    // missing defenders
    [-10, -5],    // missing per chariot
    [-4, -2],     // missing per attacker
    [-10, -5],    // pressure chariot
    [-12, -6],    // pressure horse
    [-8, -4],     // pressure cannon
    [-6, -3],     // pressure soldier
    [-3, -1],     // pressure missing chariot
    [-3, -2],     // pressure missing horse
    [-2, -1],     // pressure missing cannon
    [-2, -1],     // pressure missing soldier
    [-20, -10],   // palace intruder
    [8, 8],       // defender
    [15, 15],     // tempo
];
