//! 8 Offensive and Defensive Bombardment: who may fire (8, 8.5), target selection (8.1), LOS
//! (8.2, in `los.rs`) and resolution (8.3).

use crate::PrussiasGlory;
use crate::action::Action;
use crate::data::{Arm, Cell, SideResult, UnitId};
use crate::event::{Event, Modifier};
use crate::state::{Bombard, Frame, LossStep, Losses, Morale, Stage, State};
use coupdoeil_engine::Side;

/// 8.1 Bombardment range.
pub const RANGE: u32 = 3;

/// A bombardment worked out before its die.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BombardOdds {
    /// Total Bombardment Strength.
    pub strength: u8,
    /// The Bombardment Table column, `None` below the first.
    pub column: Option<usize>,
    /// DRMs with their rules.
    pub modifiers: Vec<Modifier>,
    /// Canister: every gun is adjacent (10.8.1.2).
    pub canister: bool,
}

impl BombardOdds {
    /// The total DRM.
    #[must_use]
    pub fn drm(&self) -> i8 {
        self.modifiers.iter().map(|m| m.value).sum()
    }
}

impl PrussiasGlory {
    /// The side bombarding in the current stage.
    fn bombarding_side(&self, s: &State) -> Side {
        let offensive = match s.stage {
            Stage::OffensiveBombardment => true,
            Stage::DefensiveBombardment => false,
            _ => s.bombard.as_ref().is_none_or(|b| b.offensive),
        };
        if offensive {
            s.phasing
        } else {
            s.phasing.other()
        }
    }

    /// 8, 8.1, 8.5 Whether artillery `g` may fire at `target` now.
    #[must_use]
    pub fn gun_can_fire(&self, s: &State, g: UnitId, target: Cell, offensive: bool) -> bool {
        let d = &self.data.troops[g.ix()];
        let t = s.troop(g);
        let side = if offensive {
            s.phasing
        } else {
            s.phasing.other()
        };
        let Some(c) = t.cell else { return false };
        if d.arm != Arm::Artillery
            || d.side != side
            || t.in_column
            || t.morale == Morale::Routed
            || t.fired
            || (offensive && t.moved)
            || !self.acts(s, g)
            || !self.artillery_on_top(s, g)
        {
            return false;
        }
        let board = &self.data.board;
        let range = board.distance(c, target);
        let max = if offensive { RANGE } else { 1 };
        if range == 0 || range > max {
            return false;
        }
        if d.at(t.steps).bs[(range - 1) as usize] == 0 {
            return false;
        }
        // 8.1 Artillery next to enemy Units fires only at them.
        if range > 1
            && board
                .neighbors(c)
                .any(|n| self.has_unit_of(s, side.other(), n))
        {
            return false;
        }
        // 8.1 No fire at enemies next to friendly Units, unless stacked with or next to every
        // such Unit and next to the target.
        let friends: Vec<Cell> = board
            .neighbors(target)
            .filter(|&n| self.has_unit_of(s, side, n))
            .collect();
        if !friends.is_empty()
            && (range != 1 || friends.iter().any(|&f| f != c && !board.adjacent(f, c)))
        {
            return false;
        }
        self.los(s, c, target)
    }

    /// The guns that may fire at `target` now.
    #[must_use]
    pub fn guns_for(&self, s: &State, target: Cell, offensive: bool) -> Vec<UnitId> {
        (0..s.troops.len())
            .map(|i| UnitId(i as u8))
            .filter(|&g| self.gun_can_fire(s, g, target, offensive))
            .collect()
    }

    /// A gun's Bombardment Strength at `target`.
    fn strength_at(&self, s: &State, g: UnitId, target: Cell) -> u8 {
        let t = s.troop(g);
        let Some(c) = t.cell else { return 0 };
        let r = self.data.board.distance(c, target);
        if r == 0 || r > RANGE {
            return 0;
        }
        self.data.troops[g.ix()].at(t.steps).bs[(r - 1) as usize]
    }

    /// 8.3 The strength, column and DRMs of a bombardment by `guns` at `target`.
    #[must_use]
    pub fn bombard_odds(&self, s: &State, guns: &[UnitId], target: Cell) -> BombardOdds {
        let board = &self.data.board;
        let strength: u8 = guns.iter().map(|&g| self.strength_at(s, g, target)).sum();
        let column = self.data.charts.bombard.column(u32::from(strength));
        let terrain = &self.data.charts.terrain;
        let tdef = |c: Cell| &terrain[usize::from(board.cells[c.ix()].terrain)];
        let feats = &self.data.charts.features;
        // RULING (pg-rulings 16): the engine selects the firing hex for the firer.
        // 8.3 The firer selects one firing hex: the least favourable terrain of it and the
        // target, with the hexside between them when adjacent; the engine selects the best.
        let mut best: Option<(i8, String)> = None;
        for &g in guns {
            let Some(c) = s.troop(g).cell else { continue };
            let mut v = tdef(c).bombard.min(tdef(target).bombard);
            let mut name = if tdef(target).bombard <= tdef(c).bombard {
                tdef(target).name.clone()
            } else {
                tdef(c).name.clone()
            };
            if board.adjacent(c, target) {
                let bits = board.features_between(c, target);
                for (i, f) in feats.iter().enumerate() {
                    if bits & (1 << i) != 0 && f.bombard != 0 {
                        v += f.bombard;
                        name = format!("{name}, {}", f.name);
                    }
                }
            }
            if best.as_ref().is_none_or(|b| v > b.0) {
                best = Some((v, name));
            }
        }
        let mut modifiers = Vec::new();
        if let Some((v, name)) = best
            && v != 0
        {
            modifiers.push(Modifier {
                what: format!("terrain ({name})"),
                value: v,
                rule: "8.3".into(),
            });
        }
        let drm = &self.data.charts.bombard_drm;
        let (fh, _, ic) = self.stack_steps(s, target);
        if ic && drm.in_column != 0 {
            modifiers.push(Modifier {
                what: "target In Column".into(),
                value: drm.in_column,
                rule: "7.6.1".into(),
            });
        }
        if fh >= u32::from(drm.dense_steps) && drm.dense != 0 {
            modifiers.push(Modifier {
                what: format!("{fh} steps in the hex"),
                value: drm.dense,
                rule: "8.3".into(),
            });
        }
        let targets = self.top_steps(s, target);
        if targets.iter().any(|&u| s.troop(u).morale != Morale::Formed) && drm.disordered != 0 {
            modifiers.push(Modifier {
                what: "target Disordered or Routed".into(),
                value: drm.disordered,
                rule: "9.1".into(),
            });
        }
        // RULING (pg-rulings 24): canister when every gun is adjacent.
        let canister = !guns.is_empty()
            && guns
                .iter()
                .all(|&g| s.troop(g).cell.is_some_and(|c| board.adjacent(c, target)));
        if canister && drm.canister != 0 {
            modifiers.push(Modifier {
                what: "canister (range 1)".into(),
                value: drm.canister,
                rule: "10.8.1.2".into(),
            });
        }
        BombardOdds {
            strength,
            column,
            modifiers,
            canister,
        }
    }

    /// 8.1 The hexes that may be bombarded now, and the end of the phase.
    pub(crate) fn target_actions(&self, s: &State, out: &mut Vec<Action>) {
        let offensive = s.stage == Stage::OffensiveBombardment;
        let side = self.bombarding_side(s);
        let mut cells: Vec<Cell> = s
            .troops
            .iter()
            .enumerate()
            .filter(|(i, _)| self.data.troops[*i].side != side)
            .filter_map(|(_, t)| t.cell)
            .collect();
        cells.sort_unstable();
        cells.dedup();
        for c in cells {
            if s.bombarded.contains(&c) {
                continue;
            }
            let guns = self.guns_for(s, c, offensive);
            let total: u32 = guns
                .iter()
                .map(|&g| u32::from(self.strength_at(s, g, c)))
                .sum();
            // RULING (pg-rulings 39).
            // Firing with 1 BS cannot cause any damage (8.3): such targets are not offered.
            if self.data.charts.bombard.column(total).is_some() {
                out.push(Action::Target(c));
            }
        }
        out.push(Action::EndPhase);
    }

    /// The guns that may still join the declared bombardment, and firing.
    pub(crate) fn gun_actions(&self, s: &State, out: &mut Vec<Action>) {
        let Some(b) = &s.bombard else { return };
        for g in self.guns_for(s, b.target, b.offensive) {
            if !b.guns.contains(&g) {
                out.push(Action::Gun(g));
            }
        }
        let odds = self.bombard_odds(s, &b.guns, b.target);
        if odds.column.is_some() {
            out.push(Action::Fire);
        }
    }

    /// Applies a bombardment decision.
    pub(crate) fn do_bombard_action(&self, s: &mut State, a: Action, ev: &mut Vec<Event>) {
        match a {
            Action::Target(c) => {
                s.bombard = Some(Bombard {
                    target: c,
                    guns: Vec::new(),
                    offensive: s.stage == Stage::OffensiveBombardment,
                });
                s.stage = Stage::BombardGuns;
            }
            Action::Gun(g) => {
                if let Some(b) = s.bombard.as_mut() {
                    b.guns.push(g);
                    b.guns.sort_unstable();
                }
            }
            Action::Fire => s.stage = Stage::BombardDie,
            Action::EndPhase => match s.stage {
                Stage::OffensiveBombardment => self.enter_rally(s, ev),
                _ => self.enter_close_combat(s, ev),
            },
            _ => {}
        }
    }

    /// 8.3 The bombardment die, and its result applied to the Units that are or would be
    /// Engaged in the target hex (10.8).
    pub(crate) fn bombard_die(&self, s: &mut State, die: u8, ev: &mut Vec<Event>) {
        let Some(b) = s.bombard.take() else { return };
        let odds = self.bombard_odds(s, &b.guns, b.target);
        let roll = die as i32 + i32::from(odds.drm());
        let result = odds.column.map_or(SideResult::default(), |c| {
            self.data.charts.bombard.result(c, roll)
        });
        for &g in &b.guns {
            s.troop_mut(g).fired = true;
        }
        s.bombarded.push(b.target);
        s.bombarded.sort_unstable();
        ev.push(Event::Bombardment {
            target: b.target,
            guns: b.guns.clone(),
            strength: odds.strength,
            column: odds.column.map(|c| c as u8),
            die,
            modifiers: odds.modifiers.clone(),
            result,
        });
        s.stage = if b.offensive {
            Stage::OffensiveBombardment
        } else {
            Stage::DefensiveBombardment
        };
        let Some(owner) = self.owner_of(s, b.target) else {
            return;
        };
        if result.is_none() {
            return;
        }
        s.pending.push(Frame::Losses(Losses {
            side: owner,
            hexes: vec![b.target],
            lp: result.lp,
            result,
            lead: None,
            required: if odds.canister { 2 } else { 1 },
            taken: Vec::new(),
            step: LossStep::Surrender,
            combat: false,
        }));
    }
}
