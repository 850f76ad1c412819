//! Tables derived once from the map and the charts when a scenario is loaded, for the questions
//! the rules ask at every step of a search: a hex's class (15), the hexsides impassable to each
//! kind of mover, the hexsides a ZOC may reach across (10) and the facing arcs of each formation
//! table in each facing (7.1). Each answers exactly as the scan over the data it replaces.

use crate::data::{Arc, Board, Charts, Objective, PostDef, TerrainClass};
use coupdoeil_hex::{EdgeDir, Facing};

/// The number of [`crate::data::Mover`] columns.
pub const MOVERS: usize = 5;

/// The derived tables of one scenario.
#[derive(Clone, Debug)]
pub struct Tables {
    /// 15 The class of each cell: its Post's class where a Post is designated (unless the
    /// terrain is impassable).
    pub class: Vec<TerrainClass>,
    /// Per cell and [`crate::data::Mover`]: bits over [`EdgeDir`] of the hexsides with a feature
    /// impassable to that mover.
    pub blocked: Vec<[u8; MOVERS]>,
    /// 10 Per cell and mover: bits over [`EdgeDir`] of the hexsides a front of a unit of that
    /// mover in the cell reaches a ZOC across: a neighbour on the map, neither MDT, HDT nor
    /// impassable, and a hexside not impassable to it.
    pub zoc_reach: Vec<[u8; MOVERS]>,
    /// 7.1 The arcs of each hexside (by [`EdgeDir`] index) per chart table (Line, Column, Road
    /// Column) and facing.
    pub arcs: [[[Arc; 6]; 12]; 3],
    /// The distance in hexes from each objective (by index) to each cell.
    pub objective_distance: Vec<Vec<u32>>,
    /// 11 What the ground says of each line of sight within [`crate::los::MEMO_RANGE`] hexes,
    /// filled in as the lines are first asked for (shared by the clones of a game).
    pub los_memo: std::sync::Arc<crate::los::LosMemo>,
}

/// The position of direction `d` in the arc tables: 0 is the faced hexside, or for a vertex
/// facing the hexside just clockwise of the vertex.
#[must_use]
pub fn arc_offset(facing: Facing, d: EdgeDir) -> usize {
    let base = if facing.is_vertex() {
        i32::from(facing.index() / 2) + 1
    } else {
        i32::from(facing.index() / 2)
    };
    (i32::from(d.index()) - base).rem_euclid(6) as usize
}

impl Tables {
    /// Derives the tables of a board with its charts, Posts and objectives.
    #[must_use]
    pub fn new(
        board: &Board,
        charts: &Charts,
        posts: &[PostDef],
        objectives: &[Objective],
    ) -> Tables {
        let class: Vec<TerrainClass> = board
            .cells
            .iter()
            .map(|c| {
                let t = charts.terrain[usize::from(c.terrain)].class;
                match c.post {
                    Some(p) if t != TerrainClass::Impassable => posts[p.ix()].class,
                    _ => t,
                }
            })
            .collect();
        let blocked: Vec<[u8; MOVERS]> = board
            .cells
            .iter()
            .map(|c| {
                let mut b = [0u8; MOVERS];
                for (d, &bits) in c.features.iter().enumerate() {
                    for (i, f) in charts.features.iter().enumerate() {
                        if bits & (1 << i) == 0 {
                            continue;
                        }
                        for (m, x) in b.iter_mut().enumerate() {
                            if f.cost[m].is_none() {
                                *x |= 1 << d;
                            }
                        }
                    }
                }
                b
            })
            .collect();
        let zoc_reach = board
            .cells
            .iter()
            .zip(&blocked)
            .map(|(c, bl)| {
                let mut r = [0u8; MOVERS];
                for (d, n) in c.nbr.iter().enumerate() {
                    let Some(n) = n else { continue };
                    let k = class[n.ix()];
                    if k.dense() || k == TerrainClass::Impassable {
                        continue;
                    }
                    for (m, x) in r.iter_mut().enumerate() {
                        if bl[m] & (1 << d) == 0 {
                            *x |= 1 << d;
                        }
                    }
                }
                r
            })
            .collect();
        let mut arcs = [[[Arc::Front; 6]; 12]; 3];
        for (t, table) in arcs.iter_mut().enumerate() {
            for f in Facing::ALL {
                for d in EdgeDir::ALL {
                    table[usize::from(f.index())][d.index() as usize] =
                        charts.arcs[t][arc_offset(f, d)];
                }
            }
        }
        let objective_distance = objectives
            .iter()
            .map(|o| {
                (0..board.len())
                    .map(|c| board.distance(o.cell, crate::data::Cell(c as u16)))
                    .collect()
            })
            .collect();
        Tables {
            class,
            blocked,
            zoc_reach,
            arcs,
            objective_distance,
            los_memo: std::sync::Arc::new(crate::los::LosMemo::new(board.len())),
        }
    }
}
