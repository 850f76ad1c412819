//! G17 Brigade Command (Brigade Game): a brigade leader's units are In Command through a Grand
//! Tactical Formation (GTF), a Grand Column or a Line of Battle, single or double (G17.1,
//! G17.2), or by the Battalion Game's method with a Command Range of 0 (G17.1.1).
//!
//! The GTF marker is kept on the brigade leader ([`Gtf`] in [`crate::state::Leader`]). The
//! scenario's `[[gtf]]` entries set the markers at the start; in each Command Attachment Phase a
//! brigade leader may drop his marker (the Battalion method) or, without one, take one (reform).
//! RULING: the method is chosen once a turn, in the Command Attachment Phase, and holds for both
//! Command Status Phases of the turn (ge-rulings 140). The evolutions (G17.3) change the
//! marker in the Movement Phase: the Easy ones between single and double GTFs at once, the
//! others under an Evolution in Progress marker ended by an Evolution Check (ge-rulings 148 to
//! 150); outside an evolution the Directing Unit does not turn (ge-rulings 154). Units moving
//! before their Directing Unit leave the GTF, and coming back into it is an illegal evolution
//! (G17.2.4, ge-rulings 153). The Directing Unit's move opens the phase's segment and the units
//! that follow it keep their place relative to it (G17.2.3, ge-rulings 132, 133); the moment an
//! evolution is complete the whole GTF has the MA left to the unit that spent the most in it
//! (G17.3.1, ge-rulings 130, 131).

use crate::GloryEmpire;
use crate::action::Action;
use crate::data::{Arm, Cell, Formation, LeaderId, Size, UnitId};
use crate::event::Event;
use crate::movement::StepOption;
use crate::state::{Frame, LeaderStatus, State};
use coupdoeil_engine::Side;
use coupdoeil_hex::Facing;
use serde::{Deserialize, Serialize};

/// G17.2 The kinds of Grand Tactical Formation, the GTF markers of Figure 30.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum GtfKind {
    /// G17.2.1 Grand Column: one string of units behind the Directing Unit.
    GrandColumn,
    /// G17.2.1 Double Grand Column: two strings.
    DoubleGrandColumn,
    /// G17.2.2 Line of Battle: one line through the Directing Unit.
    LineOfBattle,
    /// G17.2.2 Double Line of Battle: two lines.
    DoubleLineOfBattle,
}

impl GtfKind {
    /// All kinds, in marker order.
    pub const ALL: [GtfKind; 4] = [
        GtfKind::GrandColumn,
        GtfKind::DoubleGrandColumn,
        GtfKind::LineOfBattle,
        GtfKind::DoubleLineOfBattle,
    ];

    /// The notation name: `gc`, `double-gc`, `lob`, `double-lob`.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            GtfKind::GrandColumn => "gc",
            GtfKind::DoubleGrandColumn => "double-gc",
            GtfKind::LineOfBattle => "lob",
            GtfKind::DoubleLineOfBattle => "double-lob",
        }
    }

    /// The marker's name.
    #[must_use]
    pub fn title(self) -> &'static str {
        match self {
            GtfKind::GrandColumn => "Grand Column",
            GtfKind::DoubleGrandColumn => "Double Grand Column",
            GtfKind::LineOfBattle => "Line of Battle",
            GtfKind::DoubleLineOfBattle => "Double Line of Battle",
        }
    }

    /// The kind of a notation name.
    #[must_use]
    pub fn parse(text: &str) -> Option<GtfKind> {
        GtfKind::ALL.into_iter().find(|k| k.name() == text)
    }

    /// A Grand Column, single or double.
    #[must_use]
    pub fn column(self) -> bool {
        matches!(self, GtfKind::GrandColumn | GtfKind::DoubleGrandColumn)
    }

    /// G17.3.4, G17.3.5 The kind an Easy evolution turns it into: single to double and back.
    #[must_use]
    pub fn easy_counterpart(self) -> GtfKind {
        match self {
            GtfKind::GrandColumn => GtfKind::DoubleGrandColumn,
            GtfKind::DoubleGrandColumn => GtfKind::GrandColumn,
            GtfKind::LineOfBattle => GtfKind::DoubleLineOfBattle,
            GtfKind::DoubleLineOfBattle => GtfKind::LineOfBattle,
        }
    }

    /// Formed in two strings or two lines.
    #[must_use]
    pub fn double(self) -> bool {
        matches!(
            self,
            GtfKind::DoubleGrandColumn | GtfKind::DoubleLineOfBattle
        )
    }
}

/// G17.1, G17.2 A brigade leader's GTF marker and his choice of command method this turn.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Gtf {
    /// The GTF marker on him: his units are In Command through it. `None`: the Battalion
    /// method, with a Command Range of 0 (G17.1.1).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub kind: Option<GtfKind>,
    /// The turn in which he last changed his method or made an Easy change of his marker
    /// (one such change a turn, ge-rulings 140, 148).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub changed: u8,
    /// G17.3.1 The turn in which his GTF last began an evolution other than an Easy one: a
    /// further one that turn needs MP left to its units (ge-rulings 149).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub evolved: u8,
    /// G17.3.1 The Evolution in Progress marker: the evolution begun and the turn it began.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub evolving: Option<(Evolution, u8)>,
    /// G17.3.1, G17.4 The Evolution Check DRMs of the GTF as the evolution in progress began
    /// (a double GTF, the order of a LOB), kept for its check.
    #[serde(default, skip_serializing_if = "is_zero_i8")]
    pub check_drm: i8,
    /// G17.2.3 The segment of the GTF's move opened in this Movement Phase by its Directing
    /// Unit's move.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub segment: Option<Segment>,
    /// G17.1 The turn in which he was last picked up and put with a new Directing Unit (once a
    /// Movement Phase, ge-rulings 141).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub du_changed: u8,
    /// G17.1, G17.3.1 The turn in which he was last picked up and put with a new Directing
    /// Unit while an evolution was in progress (once a turn in each evolution, ge-rulings 141).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub du_evolution: u8,
}

/// G17.2.3 A segment of a GTF's move: its Directing Unit `du` moves first, from `from` to `to`
/// (`None` while it is still moving); the units that stay in the GTF then follow, each to keep
/// its place relative to the DU (RULING, ge-rulings 132).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Segment {
    /// The Directing Unit that opened it.
    pub du: UnitId,
    /// Where the DU began its move.
    pub from: Cell,
    /// Where it ended it.
    pub to: Option<Cell>,
}

#[allow(clippy::trivially_copy_pass_by_ref)]
fn is_zero_i8(v: &i8) -> bool {
    *v == 0
}

/// G17.3 How hard an evolution is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum EvolutionClass {
    /// No extra MP, no Evolution Check.
    Easy,
    /// The four classes with an Evolution Check, easiest first.
    Simple,
    /// See [`EvolutionClass::Simple`].
    Ordinary,
    /// See [`EvolutionClass::Simple`].
    Difficult,
    /// See [`EvolutionClass::Simple`].
    Complex,
}

impl EvolutionClass {
    /// The name in the charts (`simple` ...).
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            EvolutionClass::Easy => "easy",
            EvolutionClass::Simple => "simple",
            EvolutionClass::Ordinary => "ordinary",
            EvolutionClass::Difficult => "difficult",
            EvolutionClass::Complex => "complex",
        }
    }
}

/// G17.3.6 to G17.3.9 The evolutions that change a GTF's kind or its front (the Easy ones
/// between single and double GTFs are marker changes, [`GtfKind::easy_counterpart`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Evolution {
    /// G17.3.6 GC to LOB by Processional Deployment (Simple).
    DeployProcessional,
    /// G17.3.6 GC to LOB a Tiroirs (Difficult).
    DeployTiroirs,
    /// G17.3.6 GC to LOB by the Direct Route (Complex).
    DeployDirect,
    /// G17.3.6 Display the Close Column: a GC of Close Columns to LOB (Ordinary).
    DisplayCloseColumn,
    /// G17.3.7 LOB to GC by Processional Deployment reversed (Simple).
    FormProcessional,
    /// G17.3.7 LOB to GC a Tiroirs (Difficult).
    FormTiroirs,
    /// G17.3.7 LOB to GC by the Direct Route (Complex).
    FormDirect,
    /// G17.3.7 LOB to a Closed GC by the flank (Ordinary).
    FormClosedColumn,
    /// G17.3.8 LOB Change of Front by Marching Out (Simple).
    MarchingOut,
    /// G17.3.8 LOB Change of Front Wheeling forward (Ordinary).
    WheelForward,
    /// G17.3.8 LOB Change of Front Wheeling backward (Difficult).
    WheelBackward,
    /// G17.3.8 LOB Change of Front by Pivot in Place (Complex).
    PivotInPlace,
    /// G17.3.9 GC Change of Front: Follow the Leader (Easy).
    FollowTheLeader,
    /// G17.3.9 GC Change of Front: the Prompt Maneuver (Ordinary).
    PromptManeuver,
}

impl Evolution {
    /// All evolutions, in rule order.
    pub const ALL: [Evolution; 14] = [
        Evolution::DeployProcessional,
        Evolution::DeployTiroirs,
        Evolution::DeployDirect,
        Evolution::DisplayCloseColumn,
        Evolution::FormProcessional,
        Evolution::FormTiroirs,
        Evolution::FormDirect,
        Evolution::FormClosedColumn,
        Evolution::MarchingOut,
        Evolution::WheelForward,
        Evolution::WheelBackward,
        Evolution::PivotInPlace,
        Evolution::FollowTheLeader,
        Evolution::PromptManeuver,
    ];

    /// G17.3.6-G17.3.9 Its class.
    #[must_use]
    pub fn class(self) -> EvolutionClass {
        use Evolution::*;
        match self {
            FollowTheLeader => EvolutionClass::Easy,
            DeployProcessional | FormProcessional | MarchingOut => EvolutionClass::Simple,
            DisplayCloseColumn | FormClosedColumn | WheelForward | PromptManeuver => {
                EvolutionClass::Ordinary
            }
            DeployTiroirs | FormTiroirs | WheelBackward => EvolutionClass::Difficult,
            DeployDirect | FormDirect | PivotInPlace => EvolutionClass::Complex,
        }
    }

    /// The notation name (`deploy-processional` ...).
    #[must_use]
    pub fn name(self) -> &'static str {
        use Evolution::*;
        match self {
            DeployProcessional => "deploy-processional",
            DeployTiroirs => "deploy-tiroirs",
            DeployDirect => "deploy-direct",
            DisplayCloseColumn => "display-close-column",
            FormProcessional => "form-processional",
            FormTiroirs => "form-tiroirs",
            FormDirect => "form-direct",
            FormClosedColumn => "form-closed-column",
            MarchingOut => "marching-out",
            WheelForward => "wheel-forward",
            WheelBackward => "wheel-backward",
            PivotInPlace => "pivot-in-place",
            FollowTheLeader => "follow-the-leader",
            PromptManeuver => "prompt-maneuver",
        }
    }

    /// The evolution of a notation name.
    #[must_use]
    pub fn parse(text: &str) -> Option<Evolution> {
        Evolution::ALL.into_iter().find(|e| e.name() == text)
    }

    /// In words, with its rule.
    #[must_use]
    pub fn title(self) -> &'static str {
        use Evolution::*;
        match self {
            DeployProcessional => "deploy into Line of Battle by Processional Deployment (G17.3.6)",
            DeployTiroirs => "deploy into Line of Battle a Tiroirs (G17.3.6)",
            DeployDirect => "deploy into Line of Battle by the Direct Route (G17.3.6)",
            DisplayCloseColumn => "display the Close Column into Line of Battle (G17.3.6)",
            FormProcessional => "form Grand Column by Processional Deployment (G17.3.7)",
            FormTiroirs => "form Grand Column a Tiroirs (G17.3.7)",
            FormDirect => "form Grand Column by the Direct Route (G17.3.7)",
            FormClosedColumn => "form a Closed Grand Column (G17.3.7)",
            MarchingOut => "change front by Marching Out (G17.3.8)",
            WheelForward => "change front Wheeling forward (G17.3.8)",
            WheelBackward => "change front Wheeling backward (G17.3.8)",
            PivotInPlace => "change front by Pivot in Place (G17.3.8)",
            FollowTheLeader => "change front by Follow the Leader (G17.3.9)",
            PromptManeuver => "change front by the Prompt Maneuver (G17.3.9)",
        }
    }

    /// The GTF it starts from is a Grand Column (else a Line of Battle).
    #[must_use]
    pub fn from_column(self) -> bool {
        use Evolution::*;
        matches!(
            self,
            DeployProcessional
                | DeployTiroirs
                | DeployDirect
                | DisplayCloseColumn
                | FollowTheLeader
                | PromptManeuver
        )
    }

    /// The GTF it ends in, from `kind`: a deployment forms a single LOB, a GC formed from a
    /// LOB is single, a Change of Front keeps the kind (ge-rulings 149).
    #[must_use]
    pub fn target(self, kind: GtfKind) -> GtfKind {
        use Evolution::*;
        match self {
            DeployProcessional | DeployTiroirs | DeployDirect | DisplayCloseColumn => {
                GtfKind::LineOfBattle
            }
            FormProcessional | FormTiroirs | FormDirect | FormClosedColumn => GtfKind::GrandColumn,
            _ => kind,
        }
    }
}

/// G17.3.1 The modified Evolution Check roll at or above which the evolution succeeds.
pub const EVOLUTION_PASS: i8 = 2;

/// The hexes these units stand in, sorted, each once.
fn unit_cells(s: &State, units: &[UnitId]) -> Vec<Cell> {
    let mut v: Vec<Cell> = units.iter().filter_map(|&u| s.troop(u).cell).collect();
    v.sort_unstable();
    v.dedup();
    v
}

#[allow(clippy::trivially_copy_pass_by_ref)]
fn is_zero(v: &u8) -> bool {
    *v == 0
}

impl Gtf {
    /// No marker and no change made (every leader below the Brigade level).
    #[must_use]
    pub fn is_none(&self) -> bool {
        *self == Gtf::default()
    }
}

/// How far `x` lies ahead of `from` along facing `f`, and the depth of one hex row that way, in
/// the same units (cube coordinates dotted with the facing's direction: a row is 2 for a hexside
/// facing, 3 for a vertex facing). Negative: behind.
pub(crate) fn depth(board: &crate::data::Board, from: Cell, f: Facing, x: Cell) -> (i32, i32) {
    let (a, b) = (board.hex(from), board.hex(x));
    let (dq, dr) = (b.q - a.q, b.r - a.r);
    let ds = -dq - dr;
    let (v, row) = match (f.as_edge(), f.as_vertex()) {
        (Some(e), _) => (e.delta(), 2),
        (None, Some(v)) => (v.delta(), 3),
        (None, None) => return (0, 2),
    };
    let vs = -v.q - v.r;
    (dq * v.q + dr * v.r + ds * vs, row)
}

impl GloryEmpire {
    /// G17.1 A Brigade Leader: whatever his rank, every subordinate of his is a combat unit
    /// (he has units and no subordinate leaders on the Command Display). Brigade Game only
    /// (ge-rulings 141).
    #[must_use]
    pub fn brigade_leader(&self, l: LeaderId) -> bool {
        let d = &self.data.leaders[l.ix()];
        self.brigade() && d.subordinates.is_empty() && !d.units.is_empty()
    }

    /// G17.1, G17.5 Whether leader `l` commands as a brigade leader now: a brigade leader, or an
    /// aide-de-camp leading a Detached Regiment.
    #[must_use]
    pub fn gtf_leader(&self, s: &State, l: LeaderId) -> bool {
        self.brigade_leader(l) || self.brigade() && self.detachment(s, l).is_some()
    }

    /// G17.1.2, G17.5 Whether `u` is one of leader `l`'s own units (a unit of his brigade not
    /// detached, or of the Detached Regiment he leads), which may direct his GTF.
    #[must_use]
    pub fn own_unit(&self, s: &State, l: LeaderId, u: UnitId) -> bool {
        match s.troop(u).detached {
            Some(a) => a == l,
            None => self.data.troops[u.ix()].leader == l,
        }
    }

    /// G17.2 The GTF marker of a brigade leader on the map (`None`: the Battalion method).
    #[must_use]
    pub fn gtf_of(&self, s: &State, l: LeaderId) -> Option<GtfKind> {
        if !self.gtf_leader(s, l) {
            return None;
        }
        s.leader(l).gtf.kind
    }

    /// G17.1.2 The units of a brigade leader's GTF on the map: his own and the assets attached
    /// to him this turn (5.3.3), which must meet the same requirements.
    #[must_use]
    pub fn gtf_members(&self, s: &State, l: LeaderId) -> Vec<UnitId> {
        (0..s.troops.len())
            .map(|i| UnitId(i as u8))
            .filter(|&u| {
                let t = s.troop(u);
                t.cell.is_some() && t.gone.is_none() && self.command_leader(s, u) == Some(l)
            })
            .collect()
    }

    /// G17.1.2 The Directing Unit of a brigade leader's GTF: a combat unit of his own (an asset
    /// may not direct) stacked with him, the top one when there are several (RULING, ge-rulings
    /// 141); in a Line of Battle it must be in a close order formation (G17.2.2).
    #[must_use]
    pub fn directing_unit(&self, s: &State, l: LeaderId) -> Option<UnitId> {
        let kind = self.gtf_of(s, l)?;
        let ld = s.leader(l);
        if ld.status != LeaderStatus::OnMap {
            return None;
        }
        self.du_in(s, l, kind, ld.cell?)
    }

    /// G17.1 The unit of brigade leader `l`'s that would direct his GTF of `kind` with him in
    /// `c`: his topmost own unit there, in a close order formation in a Line of Battle
    /// (ge-rulings 141).
    pub(crate) fn du_in(&self, s: &State, l: LeaderId, kind: GtfKind, c: Cell) -> Option<UnitId> {
        s.stack(c).into_iter().find(|&u| {
            self.own_unit(s, l, u) && (kind.column() || s.troop(u).formation.close_order())
        })
    }

    /// G17.2 The units of brigade leader `l`'s GTF that are In Command through it now
    /// (indexed by unit id): the Grand Column's strings (G17.2.1) or the Line of Battle's
    /// lines (G17.2.2), the SeD companies near them, less those stacked with another brigade's
    /// GTF (G17.1.2).
    #[must_use]
    pub fn gtf_command(&self, s: &State, l: LeaderId) -> Vec<bool> {
        let mut ic = vec![false; s.troops.len()];
        let (Some(kind), Some(du)) = (self.gtf_of(s, l), self.directing_unit(s, l)) else {
            return ic;
        };
        let side = self.data.leaders[l.ix()].side;
        let members = self.gtf_members(s, l);
        let du_cell = s.troop(du).cell.unwrap_or(Cell(0));
        let board = &self.data.board;
        let f = s.troop(du).facing;
        // G17.1.2 SeD companies are judged apart, by their distance to the others.
        let company = |u: UnitId| {
            let d = &self.data.troops[u.ix()];
            d.arm() == Arm::Infantry
                && d.size == Size::Company
                && s.troop(u).formation == Formation::Sed
        };
        let cells_of = |us: &[UnitId]| unit_cells(s, us);
        let ranked: Vec<UnitId> = members.iter().copied().filter(|&u| !company(u)).collect();
        if s.leader(l).gtf.evolving.is_some() {
            // G17.2.3 With an Evolution in Progress its units may be out of place (ge-rulings
            // 149).
            for &u in &ranked {
                ic[u.ix()] = true;
            }
        } else if kind.column() {
            let hexes = cells_of(&ranked);
            let behind = |lead: Cell, x: Cell| {
                x == lead || depth(board, du_cell, f, x).0 < depth(board, du_cell, f, lead).0
            };
            // G17.2.1 A contiguous string in the DU's hex or in hexes behind it.
            let string = |lead: Cell, pool: &[Cell]| {
                let mut got = vec![lead];
                let mut i = 0;
                while i < got.len() {
                    let c = got[i];
                    for &x in pool {
                        if !got.contains(&x) && board.adjacent(c, x) && behind(lead, x) {
                            got.push(x);
                        }
                    }
                    i += 1;
                }
                got
            };
            let mut good = string(du_cell, &hexes);
            if kind.double() {
                // G17.2.1 The second string: its leading hex (the farthest forward, then the
                // nearest the DU) must see the DU, friendly units not blocking (RULING,
                // ge-rulings 142).
                let rest: Vec<Cell> = hexes
                    .iter()
                    .copied()
                    .filter(|c| !good.contains(c))
                    .collect();
                let mut leads = rest.clone();
                leads.sort_by_key(|&c| {
                    (
                        -depth(board, du_cell, f, c).0,
                        board.distance(du_cell, c),
                        c,
                    )
                });
                if let Some(&lead) = leads
                    .iter()
                    .find(|&&c| self.los_through_friends(s, side, c, du_cell))
                {
                    good.extend(string(lead, &rest));
                }
            }
            for &u in &ranked {
                if s.troop(u).cell.is_some_and(|c| good.contains(&c)) {
                    ic[u.ix()] = true;
                }
            }
        } else {
            // G17.2.2 Same facing as the DU (a hexside and a vertex beside it count as one),
            // a clear LOS to it through friends, and on its straight line: within half a hex
            // row of the line through the DU across its facing (RULING, ge-rulings 143).
            let ok = |u: UnitId| {
                let t = s.troop(u);
                let c = t.cell.unwrap_or(du_cell);
                t.facing.steps_to(f) <= 1 && self.los_through_friends(s, side, c, du_cell)
            };
            let on = |u: UnitId, line: i32| {
                let c = s.troop(u).cell.unwrap_or(du_cell);
                let (d, row) = depth(board, du_cell, f, c);
                2 * (d - line).abs() <= row
            };
            for &u in &ranked {
                ic[u.ix()] = ok(u) && on(u, 0);
            }
            if kind.double() {
                // The second line: through the conforming unit off the first that is nearest
                // the DU (RULING, ge-rulings 143).
                let mut off: Vec<UnitId> = ranked
                    .iter()
                    .copied()
                    .filter(|&u| !ic[u.ix()] && ok(u))
                    .collect();
                off.sort_by_key(|&u| {
                    let c = s.troop(u).cell.unwrap_or(du_cell);
                    (board.distance(du_cell, c), c, u)
                });
                if let Some(&first) = off.first() {
                    let c = s.troop(first).cell.unwrap_or(du_cell);
                    let line = depth(board, du_cell, f, c).0;
                    for &u in &off {
                        if on(u, line) {
                            ic[u.ix()] = true;
                        }
                    }
                }
            }
        }
        // G17.1.2 SeD companies: within 2 hexes of a unit of the brigade In Command by the GTF
        // (RULING: not through another company, ge-rulings 144).
        let anchors: Vec<Cell> = ranked
            .iter()
            .filter(|&&u| ic[u.ix()])
            .filter_map(|&u| s.troop(u).cell)
            .collect();
        for &u in &members {
            if company(u)
                && let Some(c) = s.troop(u).cell
            {
                ic[u.ix()] = anchors.iter().any(|&a| board.distance(a, c) <= 2);
            }
        }
        // G17.1.2 Stacked with units of another GTF: Out of Command.
        for &u in &members {
            let Some(c) = s.troop(u).cell else { continue };
            let mixed = s.stack(c).into_iter().any(|x| {
                self.command_leader(s, x)
                    .is_some_and(|o| o != l && self.gtf_of(s, o).is_some())
            });
            if mixed {
                ic[u.ix()] = false;
            }
        }
        ic
    }

    /// G17.1, G17.1.1 Whether unit `u`, whose command leader is brigade leader `l`, is In
    /// Command now: through his GTF, or under the Battalion method only when stacked with him.
    #[must_use]
    pub(crate) fn brigade_unit_in_command(
        &self,
        s: &State,
        l: LeaderId,
        u: UnitId,
        gtf: &[bool],
    ) -> bool {
        if self.gtf_of(s, l).is_some() {
            gtf.get(u.ix()).copied().unwrap_or(false)
        } else {
            s.troop(u).cell.is_some() && s.troop(u).cell == s.leader(l).cell
        }
    }

    /// G17.1.2 The GTF a unit belongs to: its command leader's, when he is a brigade leader
    /// with a GTF marker.
    #[must_use]
    pub fn gtf_leader_of(&self, s: &State, u: UnitId) -> Option<LeaderId> {
        self.command_leader(s, u)
            .filter(|&l| self.gtf_of(s, l).is_some())
    }

    /// G17.1.2 Whether moving `units` of a GTF, ending their move in `cell`, are stacked there
    /// with units of another GTF (RULING: units in no GTF do not count, ge-rulings 147).
    #[must_use]
    pub fn ends_among_other_gtf(&self, s: &State, units: &[UnitId], cell: Cell) -> bool {
        if !self.brigade() {
            return false;
        }
        let mine: Vec<LeaderId> = units
            .iter()
            .filter_map(|&u| self.gtf_leader_of(s, u))
            .collect();
        !mine.is_empty()
            && s.stack(cell).into_iter().any(|x| {
                !units.contains(&x) && self.gtf_leader_of(s, x).is_some_and(|o| !mine.contains(&o))
            })
    }

    /// G17.1 The Command Attachment Phase choices of the acting side's brigade leaders on the
    /// map, each once a turn: drop the GTF marker for the Battalion method, or, without one,
    /// take a marker while stacked with a unit of his own (reforming a GTF) (ge-rulings 140).
    pub(crate) fn gtf_actions(&self, s: &State, side: Side, out: &mut Vec<Action>) {
        if !self.brigade() {
            return;
        }
        for (i, d) in self.data.leaders.iter().enumerate() {
            let l = LeaderId(i as u8);
            let st = s.leader(l);
            if d.side != side
                || !self.gtf_leader(s, l)
                || st.status != LeaderStatus::OnMap
                || st.gtf.changed == s.turn
            {
                continue;
            }
            match st.gtf.kind {
                Some(_) => out.push(Action::Gtf {
                    leader: l,
                    kind: None,
                }),
                None => {
                    let own = st
                        .cell
                        .is_some_and(|c| s.stack(c).into_iter().any(|u| self.own_unit(s, l, u)));
                    if own {
                        for k in GtfKind::ALL {
                            out.push(Action::Gtf {
                                leader: l,
                                kind: Some(k),
                            });
                        }
                    }
                }
            }
        }
    }

    /// G17.3 The brigade leaders' evolutions, in the Movement Phase while no group is moving:
    /// the Easy change between a single and a double GTF (G17.3.4, G17.3.5: the units march
    /// into or out of the second line or column in their own moves, and the marker follows);
    /// beginning one of the other evolutions (G17.3.6-G17.3.9) with the GTF in formation;
    /// completing the one in progress. G17.2.3 A GTF's move is segments of movement and
    /// evolutions, so an evolution may follow a completed one in the same phase.
    /// RULING: the Easy changes, which cost nothing, once a turn with the Command Attachment
    /// Phase's change of method (ge-rulings 148); another evolution in the same turn only while
    /// every unit of the GTF has MP left within its MA, since each costs at least its extra MP
    /// (ge-rulings 149).
    pub(crate) fn gtf_move_actions(&self, s: &State, side: Side, out: &mut Vec<Action>) {
        use crate::state::Stage;
        if !self.brigade() || !matches!(s.stage, Stage::Movement | Stage::ReserveMovement) {
            return;
        }
        // G17.3.1 A Reserve Movement Phase may complete an evolution, and begins none.
        let reserve = s.stage == Stage::ReserveMovement;
        for (i, d) in self.data.leaders.iter().enumerate() {
            let l = LeaderId(i as u8);
            let st = s.leader(l);
            if d.side != side || st.status != LeaderStatus::OnMap {
                continue;
            }
            let Some(k) = self.gtf_of(s, l) else { continue };
            if st.gtf.evolving.is_some() {
                // In the Reserve Movement Phase, a brigade under a Reserve order (4.2.5).
                if !reserve || self.leader_order(s, l) == Some(crate::state::OrderKind::Reserve) {
                    out.push(Action::CompleteEvolution(l));
                }
                // G17.3.1 The leader put with the unit that will direct the new GTF.
                for to in self.du_targets(s, l) {
                    out.push(Action::ChangeDu { leader: l, to });
                }
                continue;
            }
            // G17.1 A new Directing Unit, the leader picked up and put with it.
            for to in self.du_targets(s, l) {
                out.push(Action::ChangeDu { leader: l, to });
            }
            if reserve {
                continue;
            }
            let easy = st.gtf.changed != s.turn;
            if easy {
                out.push(Action::Gtf {
                    leader: l,
                    kind: Some(k.easy_counterpart()),
                });
            }
            if !self.may_begin_evolution(s, l) {
                continue;
            }
            let others = st.gtf.evolved != s.turn || self.gtf_mp_left(s, l);
            for e in Evolution::ALL {
                let allowed = if e.class() == EvolutionClass::Easy {
                    easy
                } else {
                    others
                };
                if allowed
                    && e.from_column() == k.column()
                    && (e != Evolution::DisplayCloseColumn || self.all_close_columns(s, l))
                {
                    out.push(Action::Evolve {
                        leader: l,
                        evolution: e,
                    });
                }
            }
        }
    }

    /// G17.1 The hexes brigade leader `l` may be picked up and put in now, taking the unit
    /// there as his new Directing Unit at no cost: in his side's Movement Phase (or, under a
    /// Reserve order, the Reserve Movement Phase his brigade moves in), while nothing
    /// moves, before his GTF's move (its segment) has begun and before any of its units has
    /// moved in the phase, once a turn. The hex must hold a unit of his own that would direct
    /// the GTF: one in a close order formation in a Line of Battle, the head of a Grand Column
    /// (no unit of the GTF farther forward along its facing; either head of a double one).
    /// G17.3.1 While his GTF is in an evolution he may be put with the unit that is to direct
    /// the GTF it forms, once a turn in each evolution, whenever he could complete it and
    /// nothing moves: any unit of his own, in a close order formation when a Line of Battle is
    /// being formed (its units are out of place until it is complete, so no head is asked
    /// for). RULING (ge-rulings 141).
    // RULING: when, how often and to which units the leader is picked up (ge-rulings 141).
    #[must_use]
    pub fn du_targets(&self, s: &State, l: LeaderId) -> Vec<Cell> {
        use crate::state::Stage;
        let d = &self.data.leaders[l.ix()];
        let st = s.leader(l);
        if !matches!(s.stage, Stage::Movement | Stage::ReserveMovement)
            || d.side != self.mover_side(s)
            || s.moving.is_some()
            || !s.pending.is_empty()
            || st.status != LeaderStatus::OnMap
        {
            return Vec::new();
        }
        if let Some((e, _)) = st.gtf.evolving {
            return self.du_targets_in_evolution(s, l, e);
        }
        // 4.2.5 A brigade under a Reserve order moves in the other side's Reserve Movement
        // Phase instead: its leader may be picked up as that phase begins.
        let reserve = s.stage == Stage::ReserveMovement;
        if (reserve && self.leader_order(s, l) != Some(crate::state::OrderKind::Reserve))
            || st.gtf.segment.is_some()
            || st.gtf.du_changed == s.turn
        {
            return Vec::new();
        }
        let (Some(kind), Some(du), Some(here)) =
            (self.gtf_of(s, l), self.directing_unit(s, l), st.cell)
        else {
            return Vec::new();
        };
        let members = self.gtf_members(s, l);
        if members.iter().any(|&u| s.troop(u).moved) {
            return Vec::new();
        }
        let head = Some((here, s.troop(du).facing));
        let mut cells = self.directing_cells(s, l, kind, head, unit_cells(s, &members));
        cells.retain(|&c| c != here);
        cells
    }

    /// G17.1 Of `cells`, those where brigade leader `l` would have a unit to direct a GTF of
    /// `kind`: one of his own units there, in a close order formation for a Line of Battle;
    /// for a Grand Column with `head` (the leader's hex and the DU's facing), only in the
    /// foremost of `cells` along that facing. Without `head` no head is asked for (in an
    /// evolution the units are out of place until it is complete). RULING (ge-rulings 141).
    fn directing_cells(
        &self,
        s: &State,
        l: LeaderId,
        kind: GtfKind,
        head: Option<(Cell, Facing)>,
        mut cells: Vec<Cell>,
    ) -> Vec<Cell> {
        let board = &self.data.board;
        let head = head.filter(|_| kind.column());
        let front =
            head.and_then(|(here, f)| cells.iter().map(|&c| depth(board, here, f, c).0).max());
        cells.retain(|&c| {
            head.is_none_or(|(here, f)| Some(depth(board, here, f, c).0) == front)
                && self.du_in(s, l, kind, c).is_some()
        });
        cells
    }

    /// G17.3.1 Where brigade leader `l` may be put while his GTF is in evolution `e`: the hexes
    /// of his own units, other than his, holding one that may direct the GTF being formed, once
    /// a turn, in a phase in which he may complete it (RULING, ge-rulings 141).
    fn du_targets_in_evolution(&self, s: &State, l: LeaderId, e: Evolution) -> Vec<Cell> {
        use crate::state::{OrderKind, Stage};
        let st = s.leader(l);
        if st.gtf.du_evolution == s.turn
            || (s.stage == Stage::ReserveMovement
                && self.leader_order(s, l) != Some(OrderKind::Reserve))
        {
            return Vec::new();
        }
        let (Some(kind), Some(here)) = (self.gtf_of(s, l), st.cell) else {
            return Vec::new();
        };
        let mut cells = unit_cells(s, &self.gtf_members(s, l));
        cells.retain(|&c| c != here);
        self.directing_cells(s, l, e.target(kind), None, cells)
    }

    /// G17.1.2 Where brigade leader `l` may be picked up and put, at no cost, as his
    /// Directing Unit `du` begins to move in a Charge, a Reaction Charge, a retreat or a
    /// pursuit: the hexes of his own units, other than his and the DU's, holding one that would
    /// direct his GTF there (in a Line of Battle one in a close order formation; in a Grand
    /// Column the head of what stays, none of those hexes farther forward along the DU's
    /// facing; in an evolution one that may direct the GTF being formed). Not limited to once
    /// a turn: each such move is an occasion. RULING (ge-rulings 141).
    // RULING: the pick-up as the Directing Unit begins to move in other phases (ge-rulings 141).
    #[must_use]
    pub fn pickup_targets(&self, s: &State, l: LeaderId, du: UnitId) -> Vec<Cell> {
        let st = s.leader(l);
        let (Some(kind), Some(here)) = (self.gtf_of(s, l), st.cell) else {
            return Vec::new();
        };
        if st.status != LeaderStatus::OnMap {
            return Vec::new();
        }
        let away = s.troop(du).cell;
        let mut cells = unit_cells(s, &self.gtf_members(s, l));
        cells.retain(|&c| c != here && Some(c) != away);
        match st.gtf.evolving {
            Some((e, _)) => self.directing_cells(s, l, e.target(kind), None, cells),
            None => self.directing_cells(s, l, kind, Some((here, s.troop(du).facing)), cells),
        }
    }

    /// G17.1.2 The brigade leaders in `at` whose Directing Unit is among `units`, which are
    /// about to move in a Charge, a Reaction Charge, a retreat or a pursuit, and who have a
    /// unit of theirs to be put with: each with his Directing Unit.
    pub(crate) fn pickup_leaders(
        &self,
        s: &State,
        at: Cell,
        units: &[UnitId],
    ) -> Vec<(LeaderId, UnitId)> {
        if !self.brigade() {
            return Vec::new();
        }
        (0..self.data.leaders.len())
            .map(|i| LeaderId(i as u8))
            .filter_map(|l| {
                let st = s.leader(l);
                if st.cell != Some(at) || st.status != LeaderStatus::OnMap || !self.gtf_leader(s, l)
                {
                    return None;
                }
                let du = self.directing_unit(s, l)?;
                (units.contains(&du) && !self.pickup_targets(s, l, du).is_empty())
                    .then_some((l, du))
            })
            .collect()
    }

    /// B13.2.5 Starts Charge Movement `cm` (a Charge, Follow-On, Wave or Reaction Charge),
    /// G17.1.2 offering first the pick-up of the leaders whose Directing Unit begins to charge.
    pub(crate) fn push_charge_move(&self, s: &mut State, cm: crate::state::ChargeMove) {
        let pickups = self.pickup_leaders(s, cm.origin, &cm.units);
        s.pending.push(Frame::ChargeMove(cm));
        self.push_pickups(s, &pickups);
    }

    /// G17.1.2 Offers each of `leaders` (from [`GloryEmpire::pickup_leaders`]) his pick-up, the
    /// first listed deciding first.
    pub(crate) fn push_pickups(&self, s: &mut State, leaders: &[(LeaderId, UnitId)]) {
        for &(leader, du) in leaders.iter().rev() {
            s.pending.push(Frame::PickUp { leader, du });
        }
    }

    /// G17.1.2 Brigade leader `l` picked up as his Directing Unit moves, and put in `to`
    /// (no MP, and it does not use the Movement Phase's pick-up of the turn).
    pub(crate) fn do_pickup(&self, s: &mut State, l: LeaderId, to: Cell, ev: &mut Vec<Event>) {
        let Some(from) = s.leader(l).cell else { return };
        s.leaders[l.ix()].cell = Some(to);
        let du = self.directing_unit(s, l);
        ev.push(Event::DuChanged {
            leader: l,
            from,
            to,
            unit: du,
        });
    }

    /// G17.1 Brigade leader `l` is picked up and put in `to`, with his new Directing Unit.
    /// It uses up the turn's pick-up in the Movement Phase, or in an evolution.
    pub(crate) fn do_change_du(&self, s: &mut State, l: LeaderId, to: Cell, ev: &mut Vec<Event>) {
        if s.leader(l).cell.is_none() {
            return;
        }
        let turn = s.turn;
        let ld = &mut s.leaders[l.ix()];
        if ld.gtf.evolving.is_some() {
            ld.gtf.du_evolution = turn;
        } else {
            ld.gtf.du_changed = turn;
        }
        self.do_pickup(s, l, to, ev);
    }

    /// G17.3 Whether brigade leader `l`'s GTF may begin an evolution now: every one of its
    /// units on the map is In Command through it (RULING, ge-rulings 149: "in a straight line"
    /// read as the GTF's own requirements). G17.2.3 Its units may have moved already in this
    /// phase: the evolution is then the next segment of the GTF's move (RULING, ge-rulings 134).
    #[must_use]
    pub fn may_begin_evolution(&self, s: &State, l: LeaderId) -> bool {
        if self.directing_unit(s, l).is_none() {
            return false;
        }
        let members = self.gtf_members(s, l);
        let ic = self.gtf_command(s, l);
        !members.is_empty() && members.iter().all(|&u| ic[u.ix()])
    }

    /// G17.2.3, G17.3.1 The units of brigade leader `l`'s GTF that have moved in this phase may
    /// move again, keeping the MP they have spent (those whose move ended in an Assault or
    /// Charge declared, or fortifying, may not; nor those that left the GTF this turn). The
    /// brigade leader may move again too, to keep with his Directing Unit (RULING, ge-rulings
    /// 134: G17.1.2's free change of DU read so).
    fn move_on(&self, s: &mut State, l: LeaderId) {
        let turn = s.turn;
        s.leaders[l.ix()].moved = false;
        for u in self.gtf_members(s, l) {
            let t = s.troop_mut(u);
            let left = t.left_gtf.is_some_and(|(x, _)| x == turn);
            if t.moved && !left && t.assault.is_none() && t.charge.is_none() && !t.fortifying {
                t.moved = false;
            }
        }
    }

    /// G17.3.1 Whether every unit of brigade leader `l`'s GTF on the map has spent less than
    /// its MA in this phase, so that another evolution's extra MP is within it.
    fn gtf_mp_left(&self, s: &State, l: LeaderId) -> bool {
        self.gtf_members(s, l)
            .into_iter()
            .all(|u| s.troop(u).phase_mp < self.unit_ma(s, u))
    }

    /// G17.3.6 Display the Close Column: every infantry unit of the GC in Close Column.
    fn all_close_columns(&self, s: &State, l: LeaderId) -> bool {
        self.gtf_members(s, l).into_iter().all(|u| {
            self.data.troops[u.ix()].arm() != Arm::Infantry
                || s.troop(u).formation == Formation::Column
                    && s.troop(u).column == Some(crate::data::ColumnKind::Close)
        })
    }

    /// G17.3.1 Whether the side must still complete an evolution begun in an earlier turn: it
    /// must be completed in the next friendly Movement Phase, so that phase does not end
    /// before (RULING, ge-rulings 149).
    #[must_use]
    pub fn evolution_due(&self, s: &State, side: Side) -> bool {
        self.brigade()
            && s.stage == crate::state::Stage::Movement
            && self.data.leaders.iter().enumerate().any(|(i, d)| {
                let st = &s.leaders[i];
                d.side == side
                    && st.status == LeaderStatus::OnMap
                    && st.gtf.kind.is_some()
                    && st.gtf.evolving.is_some_and(|(_, turn)| turn < s.turn)
            })
    }

    /// G17.3.1 Whether a group of these units, beginning its move now, pays the evolution's
    /// extra MP: a unit of a GTF whose evolution (not an Easy one) began in this turn's
    /// Movement Phase (RULING: once, in the move each unit makes in that phase, ge-rulings
    /// 149).
    #[must_use]
    pub fn evolution_mp(&self, s: &State, units: &[UnitId]) -> u8 {
        if !self.brigade() || s.stage != crate::state::Stage::Movement {
            return 0;
        }
        let paying = units.iter().any(|&u| {
            self.gtf_leader_of(s, u).is_some_and(|l| {
                s.leader(l)
                    .gtf
                    .evolving
                    .is_some_and(|(e, turn)| turn == s.turn && e.class() != EvolutionClass::Easy)
            })
        });
        u8::from(paying)
    }

    /// G17.3.1 A brigade leader begins an evolution: the Evolution in Progress marker.
    pub(crate) fn do_evolve(&self, s: &mut State, l: LeaderId, e: Evolution, ev: &mut Vec<Event>) {
        let turn = s.turn;
        let drm = self.gtf_check_drm(s, l);
        let g = &mut s.leaders[l.ix()].gtf;
        g.check_drm = drm;
        g.evolving = Some((e, turn));
        g.segment = None;
        if e.class() == EvolutionClass::Easy {
            g.changed = turn;
        } else {
            g.evolved = turn;
        }
        // RULING (ge-rulings 141): each evolution has its own free pick-up of the leader.
        g.du_evolution = 0;
        // RULING (ge-rulings 134): begun after the GTF moved, the evolution is its next
        // segment; its units move in it from the MP they have spent.
        if s.stage == crate::state::Stage::Movement {
            self.move_on(s, l);
        }
        ev.push(Event::EvolutionBegun {
            leader: l,
            evolution: e,
        });
    }

    /// G17.3.1 The evolution in progress is complete: the GTF takes its new marker and, unless
    /// the evolution is Easy, makes an Evolution Check.
    pub(crate) fn do_complete_evolution(&self, s: &mut State, l: LeaderId, ev: &mut Vec<Event>) {
        let g = &mut s.leaders[l.ix()].gtf;
        let Some((e, begun)) = g.evolving.take() else {
            return;
        };
        let Some(k) = g.kind else { return };
        let to = e.target(k);
        g.kind = Some(to);
        ev.push(Event::EvolutionCompleted {
            leader: l,
            evolution: e,
            kind: to,
        });
        self.mark_time(s, l, e, begun, ev);
        if e.class() != EvolutionClass::Easy {
            s.pending.push(crate::state::Frame::Evolution(l, e.class()));
        }
    }

    /// G17.3.1 The moment an evolution is complete, the whole GTF has left only what the unit
    /// that spent the most MP in it has left: every unit of the GTF is charged that unit's MP
    /// (those that spent less marked time), and the units that moved in the evolution may move
    /// on with the rest of their MA, Force March included (RULING, ge-rulings 130: a unit that
    /// did not move in it counts what it spent before and the evolution's extra MP it would
    /// have paid; a unit whose move ended in an Assault or Charge declared, or fortifying, does
    /// not move on).
    pub(crate) fn mark_time(
        &self,
        s: &mut State,
        l: LeaderId,
        e: Evolution,
        begun: u8,
        ev: &mut Vec<Event>,
    ) {
        use crate::state::Stage;
        if !matches!(s.stage, Stage::Movement | Stage::ReserveMovement) || s.moving.is_some() {
            return;
        }
        // G17.2.3 What the GTF does next is a new segment, opened by its DU.
        // RULING: the units that moved in the evolution move on (ge-rulings 130).
        s.leaders[l.ix()].gtf.segment = None;
        let members = self.gtf_members(s, l);
        // The extra MP of an evolution begun in this turn's Movement Phase (ge-rulings 149).
        let extra = u8::from(
            s.stage == Stage::Movement && e.class() != EvolutionClass::Easy && begun == s.turn,
        );
        let top = members
            .iter()
            .map(|&u| {
                let t = s.troop(u);
                if t.moved {
                    t.phase_mp
                } else {
                    t.phase_mp.saturating_add(extra)
                }
            })
            .max()
            .unwrap_or(0);
        if top == 0 {
            return;
        }
        for &u in &members {
            s.troop_mut(u).phase_mp = top;
        }
        self.move_on(s, l);
        ev.push(Event::GtfMarkTime { leader: l, mp: top });
    }

    /// G17.3.1 The MP already charged in this movement phase to a group of these units as it
    /// begins a move: the most any of them carries (0 outside the Brigade Game).
    #[must_use]
    pub fn carried_mp(&self, s: &State, units: &[UnitId]) -> u8 {
        if !self.brigade() {
            return 0;
        }
        units
            .iter()
            .map(|&u| s.troop(u).phase_mp)
            .max()
            .unwrap_or(0)
    }

    /// G17.3.1 A move of these units has ended having spent `spent` MP in all: what they carry
    /// for the rest of the phase (Brigade Game, movement phases only).
    pub(crate) fn note_phase_mp(&self, s: &mut State, units: &[UnitId], spent: u8) {
        use crate::state::Stage;
        if !self.brigade() || !matches!(s.stage, Stage::Movement | Stage::ReserveMovement) {
            return;
        }
        for &u in units {
            s.troop_mut(u).phase_mp = spent;
        }
    }

    /// G17.3.1, G17.4 The Evolution Check DRMs of brigade leader `l`'s GTF as it stands now,
    /// from the authored chart: a double GTF's and a LOB's order (RULING, ge-rulings 150: the
    /// GTF the evolution begins from).
    #[must_use]
    pub fn gtf_check_drm(&self, s: &State, l: LeaderId) -> i8 {
        let Some(c) = &self.data.charts.evolution else {
            return 0;
        };
        let double = self.gtf_of(s, l).is_some_and(GtfKind::double);
        (if double { c.double } else { 0 }) + self.order_drm(s, l)
    }

    /// G17.3.1 The Evolution Check's DRM for brigade leader `l`'s GTF after an evolution of this
    /// class: the class's, with the GTF's own (as its evolution in progress began, or as it
    /// stands when none is).
    #[must_use]
    pub fn evolution_drm(&self, s: &State, l: LeaderId, class: EvolutionClass) -> i8 {
        let Some(c) = &self.data.charts.evolution else {
            return 0;
        };
        let g = &s.leader(l).gtf;
        let own = if g.evolving.is_some() {
            g.check_drm
        } else {
            self.gtf_check_drm(s, l)
        };
        c.class[class as usize] + own
    }

    /// G17.3.1 The Evolution Check die: the modified roll passes at 2 or more; below, each stack
    /// of the GTF takes a Disorder Check at once.
    pub(crate) fn evolution_roll(&self, s: &mut State, die: u8, ev: &mut Vec<Event>) {
        let Some(crate::state::Frame::Evolution(l, class)) = s.pending.pop() else {
            return;
        };
        let drm = self
            .data
            .charts
            .evolution
            .as_ref()
            .map_or(0, |c| c.class[class as usize])
            + s.leader(l).gtf.check_drm;
        s.leaders[l.ix()].gtf.check_drm = 0;
        let passed = die as i8 + drm >= EVOLUTION_PASS;
        ev.push(Event::EvolutionCheck {
            leader: l,
            die,
            drm,
            passed,
        });
        if passed {
            return;
        }
        let mut cells: Vec<Cell> = self
            .gtf_members(s, l)
            .into_iter()
            .filter_map(|u| s.troop(u).cell)
            .collect();
        cells.sort_unstable();
        cells.dedup();
        // The first stack's check is rolled first: pushed last.
        for &c in cells.iter().rev() {
            let units: Vec<UnitId> = s
                .stack(c)
                .into_iter()
                .filter(|&u| self.command_leader(s, u) == Some(l))
                .collect();
            s.pending
                .push(crate::state::Frame::Check(crate::state::Check {
                    kind: crate::state::CheckKind::Disorder,
                    cell: c,
                    units,
                    drm: 0,
                    target: None,
                    modifiers: Vec::new(),
                    form: None,
                    reserve: false,
                    change: None,
                }));
        }
    }

    /// G17.1 A brigade leader takes a GTF marker, or drops his (the Battalion method).
    pub(crate) fn do_gtf(
        &self,
        s: &mut State,
        l: LeaderId,
        kind: Option<GtfKind>,
        ev: &mut Vec<Event>,
    ) {
        let turn = s.turn;
        let g = &mut s.leaders[l.ix()].gtf;
        g.kind = kind;
        g.changed = turn;
        // RULING (ge-rulings 149): dropping the marker abandons an evolution in progress.
        if kind.is_none() {
            g.evolving = None;
            g.check_drm = 0;
        }
        ev.push(Event::Gtf { leader: l, kind });
    }
}

impl GloryEmpire {
    /// G17.2.3, G17.2.4 A group beginning its move in the Movement Phase: its units of a GTF
    /// whose Directing Unit has not moved yet in the phase, and is not in the group, leave the
    /// GTF (the units that leave move before the DU; RULING, ge-rulings 153: moving first is
    /// the declaration). Not during an evolution, whose units move in any order.
    pub(crate) fn leave_gtf(&self, s: &mut State, units: &[UnitId], ev: &mut Vec<Event>) {
        if !self.brigade() || s.stage != crate::state::Stage::Movement {
            return;
        }
        let mut by: Vec<(LeaderId, Vec<UnitId>)> = Vec::new();
        for &u in units {
            let Some(l) = self.gtf_leader_of(s, u) else {
                continue;
            };
            if s.leader(l).gtf.evolving.is_some() {
                continue;
            }
            // G17.2.3 The DU has opened this phase's segment: the others follow it.
            if s.leader(l).gtf.segment.is_some() {
                continue;
            }
            let Some(du) = self.directing_unit(s, l) else {
                continue;
            };
            if units.contains(&du) || s.troop(du).moved {
                continue;
            }
            match by.iter_mut().find(|(x, _)| *x == l) {
                Some((_, v)) => v.push(u),
                None => by.push((l, vec![u])),
            }
        }
        let turn = s.turn;
        for (l, us) in by {
            for &u in &us {
                s.troop_mut(u).left_gtf = Some((turn, l));
            }
            ev.push(Event::GtfLeft {
                leader: l,
                units: us,
            });
        }
    }

    /// G17.2.4 At the side's Command Status Phase (not the Reserve one): units that left a GTF
    /// in the previous turn and are In Command through it again (`ic`, indexed by unit) made an
    /// illegal evolution, and every unit of that GTF and those that left worsen one level
    /// (RULING, ge-rulings 153: "placed to rejoin" read as back In Command through it). The
    /// marks of earlier turns are then cleared.
    pub(crate) fn illegal_evolutions(
        &self,
        s: &mut State,
        side: Side,
        ic: &[bool],
        ev: &mut Vec<Event>,
    ) {
        if !self.brigade() {
            return;
        }
        let turn = s.turn;
        let mut offenders: Vec<(LeaderId, Vec<UnitId>)> = Vec::new();
        for i in 0..s.troops.len() {
            let u = UnitId(i as u8);
            if self.data.troops[i].side != side {
                continue;
            }
            let Some((t, l)) = s.troop(u).left_gtf else {
                continue;
            };
            if t >= turn {
                continue;
            }
            s.troop_mut(u).left_gtf = None;
            let back = t + 1 == turn
                && ic.get(i).copied().unwrap_or(false)
                && s.troop(u).cell.is_some()
                && self.gtf_leader_of(s, u) == Some(l);
            if back {
                match offenders.iter_mut().find(|(x, _)| *x == l) {
                    Some((_, v)) => v.push(u),
                    None => offenders.push((l, vec![u])),
                }
            }
        }
        for (l, left) in offenders {
            ev.push(Event::IllegalEvolution {
                leader: l,
                units: left,
            });
            // Every unit of the GTF (the leavers are back in it).
            self.worsen_gtf(s, l, ev);
        }
    }

    /// G17.3 An evolution not among the defined ones: every unit of brigade leader `l`'s GTF
    /// worsens its Morale State one level, stack by stack.
    pub(crate) fn worsen_gtf(&self, s: &mut State, l: LeaderId, ev: &mut Vec<Event>) {
        let members = self.gtf_members(s, l);
        let mut cells: Vec<Cell> = members.iter().filter_map(|&u| s.troop(u).cell).collect();
        cells.sort_unstable();
        cells.dedup();
        for c in cells {
            let stack: Vec<UnitId> = s
                .stack(c)
                .into_iter()
                .filter(|u| members.contains(u) && s.troop(*u).cell == Some(c))
                .collect();
            self.worsen(s, &stack, 1, false, ev);
        }
    }
}

impl GloryEmpire {
    /// G17.2.3 A group beginning its move in the Movement Phase holds the Directing Unit of a
    /// GTF with no evolution in progress and no segment yet in this phase: its move opens the
    /// segment (RULING, ge-rulings 132).
    pub(crate) fn open_segment(&self, s: &mut State, units: &[UnitId], at: Cell) {
        if !self.brigade() || s.stage != crate::state::Stage::Movement {
            return;
        }
        for i in 0..s.leaders.len() {
            let l = LeaderId(i as u8);
            let g = s.leaders[i].gtf;
            if g.kind.is_none() || g.evolving.is_some() || g.segment.is_some() {
                continue;
            }
            // RULING: a segment is the GTF's moves in the phase, the DU's first (ge-rulings 132).
            if let Some(du) = self.directing_unit(s, l)
                && units.contains(&du)
            {
                s.leaders[i].gtf.segment = Some(Segment {
                    du,
                    from: at,
                    to: None,
                });
            }
        }
    }

    /// G17.2.3 The move of these units ended: a segment whose DU is among them is open to the
    /// others, who follow it by the DU's displacement.
    pub(crate) fn close_segment(&self, s: &mut State, units: &[UnitId]) {
        for i in 0..s.leaders.len() {
            if let Some(seg) = s.leaders[i].gtf.segment
                && seg.to.is_none()
                && units.contains(&seg.du)
            {
                let to = s.troop(seg.du).cell.unwrap_or(seg.from);
                if let Some(x) = s.leaders[i].gtf.segment.as_mut() {
                    x.to = Some(to);
                }
            }
        }
    }

    /// G17.2.3 A Directing Unit left behind by its group before it did anything has not moved:
    /// the segment it opened is not opened.
    pub(crate) fn drop_segment(&self, s: &mut State, u: UnitId) {
        for l in &mut s.leaders {
            if l.gtf.segment.is_some_and(|g| g.du == u && g.to.is_none()) {
                l.gtf.segment = None;
            }
        }
    }

    /// G17.2.3 The hex where unit `u` of a GTF keeps its place relative to the Directing Unit
    /// that has moved in this phase's segment: where it stands, moved as the DU moved. `None`
    /// when it follows no segment (no GTF, an evolution in progress, the DU not moved yet, the
    /// DU itself) or the place is off the map.
    #[must_use]
    pub fn gtf_place(&self, s: &State, u: UnitId) -> Option<Cell> {
        let l = self.gtf_leader_of(s, u)?;
        let g = &s.leader(l).gtf;
        if g.evolving.is_some() {
            return None;
        }
        let seg = g.segment?;
        let to = seg.to?;
        if seg.du == u {
            return None;
        }
        let b = &self.data.board;
        let at = s.troop(u).cell?;
        b.cell(b.hex(at) + (b.hex(to) - b.hex(seg.from)))
    }

    /// G17.2.3 A group beginning its move after its DU's: each of its units of a GTF that has
    /// a place to keep and can reach it in this move within its MA, as a plan of its move may
    /// (ending there, or with a last step the enemy may interrupt), must end there (RULING,
    /// ge-rulings 133).
    pub(crate) fn mark_places(&self, s: &mut State, units: &[UnitId]) {
        if !self.brigade() || s.stage != crate::state::Stage::Movement {
            return;
        }
        let mut places: Vec<(UnitId, Cell)> = units
            .iter()
            .filter_map(|&u| self.gtf_place(s, u).map(|c| (u, c)))
            .collect();
        if places.is_empty() {
            return;
        }
        let here = s.moving.as_ref().map(|m| m.at);
        let ends: Vec<Cell> = if places.iter().all(|&(_, c)| Some(c) == here) {
            Vec::new()
        } else {
            // Within its MA: a Force March to keep up is the player's choice (G17.2.3).
            let force = s
                .moving
                .as_mut()
                .map(|m| std::mem::take(&mut m.disorder.may_force));
            let ends = self.move_ends(s).into_iter().map(|(c, _, _)| c).collect();
            if let (Some(m), Some(f)) = (s.moving.as_mut(), force) {
                m.disorder.may_force = f;
            }
            ends
        };
        // RULING: a place is kept when the move can end there (ge-rulings 133).
        places.retain(|&(_, c)| Some(c) == here || ends.contains(&c));
        for (u, c) in places {
            s.troop_mut(u).gtf_place = Some(c);
        }
    }

    /// G17.2.3 Whether the moving group holds a unit following its GTF's Directing Unit that
    /// is not in its place and can still reach it in this move within its MA: it must go on
    /// (RULING: the text's "must", enforced as the legal moves, ge-rulings 133).
    #[must_use]
    pub fn must_go_on_to_place(&self, s: &State) -> bool {
        let Some(m) = s.moving.as_ref() else {
            return false;
        };
        let places = self.places_kept(s);
        !places.is_empty() && !places.contains(&m.at) && self.place_in_reach(s, &places)
    }

    /// G17.2.3 The places the moving group's following units keep (empty outside the Brigade
    /// Game, for a leader, or when none follows a DU).
    fn places_kept(&self, s: &State) -> Vec<Cell> {
        let Some(m) = s.moving.as_ref() else {
            return Vec::new();
        };
        if !self.brigade() || m.leader.is_some() {
            return Vec::new();
        }
        m.units
            .iter()
            .filter_map(|&u| s.troop(u).gtf_place)
            .collect()
    }

    /// G17.2.3 Whether the move can still end in one of `places` within its MA (ge-rulings
    /// 133).
    fn place_in_reach(&self, s: &State, places: &[Cell]) -> bool {
        self.place_in_reach_of(s.clone(), places)
    }

    /// [`GloryEmpire::place_in_reach`] on a scratch state the caller made already.
    fn place_in_reach_of(&self, mut t: State, places: &[Cell]) -> bool {
        // Within its MA: a Force March to keep up is the player's choice (G17.2.3).
        if let Some(m) = t.moving.as_mut() {
            m.disorder.may_force = false;
        }
        self.move_reaches(&t, places)
    }

    /// G17.2.3 Whether the moving group of `s` stands in its place or can still reach it
    /// within its MA (ge-rulings 133, 135).
    fn place_kept(&self, s: &State, places: &[Cell]) -> bool {
        s.moving
            .as_ref()
            .is_some_and(|m| places.contains(&m.at) || self.place_in_reach(s, places))
    }

    /// [`GloryEmpire::place_kept`] on a scratch state the caller made already.
    fn place_kept_of(&self, t: State, places: &[Cell]) -> bool {
        match t.moving.as_ref() {
            Some(m) if places.contains(&m.at) => true,
            Some(_) => self.place_in_reach_of(t, places),
            None => false,
        }
    }

    /// G17.2.3 While a following unit stands in its place or can still reach it, its stack's
    /// steps are those after which that is still so (RULING, ge-rulings 135): a step onto the
    /// place is always kept; any other must leave the place within reach by a quiet path, so a
    /// step the enemy may interrupt (next to an enemy unit) is kept only onto the place, and a
    /// unit in its place leaves it only to come back. Without this a move could wander while
    /// "must end there" held and end off the place once its MP ran out, breaking the formation
    /// the text says it keeps.
    pub(crate) fn keep_place_steps(&self, s: &State, steps: &mut Vec<StepOption>) {
        let places = self.places_kept(s);
        if places.is_empty() || steps.is_empty() || !self.place_kept(s, &places) {
            return;
        }
        let Some(m) = s.moving.as_ref() else { return };
        let side = self.data.troops[m.units[0].ix()].side;
        let ears = self.ears(s, side);
        // RULING: every step keeps the place within reach (ge-rulings 135).
        steps.retain(|o| {
            if places.contains(&o.to) {
                return true;
            }
            if o.stops || self.loud(&ears, m.at, o.to) {
                return false;
            }
            // B9.1.2 Entering friends makes leaving them dearer, as the real step records.
            let joins = self.battalion()
                && s.stack(o.to)
                    .iter()
                    .any(|&u| self.data.troops[u.ix()].side == side);
            let mut t = s.clone();
            if let Some(mm) = t.moving.as_mut() {
                mm.at = o.to;
                mm.spent = mm.spent.saturating_add(o.cost);
                mm.hexes = mm.hexes.saturating_add(1);
                mm.acted = true;
                mm.faced = false;
                mm.disorder.among_friends = joins;
            }
            // As a real step: in the hex entered, on top of the stack there.
            for &u in m.units.iter().rev() {
                let p = t.top_pos();
                let tu = t.troop_mut(u);
                tu.cell = Some(o.to);
                tu.pos = p;
            }
            self.auto_road_column(&mut t, &m.units);
            if let Some(mm) = t.moving.as_mut() {
                mm.skirmished = false;
            }
            self.place_in_reach_of(t, &places)
        });
    }

    /// G17.2.3 The moving group's other choices that spend MP or change its movement (a
    /// formation change, a column or square drill, a new top unit, going Prone or standing up,
    /// a reorder, refusing a flank, deploying or recalling skirmishers, declaring an Assault,
    /// which binds where the move may end, placing a Charge marker or fortifying, which end it)
    /// while a following unit stands in its place or can still reach it: each only when that
    /// is still so after it and no check stands in its way (RULING, ge-rulings 135).
    pub(crate) fn keep_place_actions(&self, s: &State, out: &mut Vec<Action>) {
        let spends = |a: &Action| {
            matches!(
                a,
                Action::Form(_)
                    | Action::FormColumn(_)
                    | Action::ClosedSquare
                    | Action::QuarterWheel { .. }
                    | Action::Top(_)
                    | Action::Prone
                    | Action::StandUp
                    | Action::Reorder
                    | Action::RefuseFlank { .. }
                    | Action::Skirmish(_)
                    | Action::Assault(_)
                    | Action::ChargeMarker
                    | Action::Fortify
            )
        };
        if !out.iter().any(spends) {
            return;
        }
        let places = self.places_kept(s);
        if places.is_empty() || !self.place_kept(s, &places) {
            return;
        }
        // RULING: nothing the stack does on the way puts its place out of reach (ge-rulings 135).
        let here = s.moving.as_ref().map(|m| m.at);
        out.retain(|a| {
            if !spends(a) {
                return true;
            }
            // G18.6.3 A Prone stack moves no more, nor does cavalry placing its Charge marker
            // (B13.2.1) or a battalion fortifying (15.2.1): each only in its place.
            if matches!(a, Action::Prone | Action::ChargeMarker | Action::Fortify) {
                return here.is_some_and(|c| places.contains(&c));
            }
            let mut t = s.clone();
            self.do_movement(&mut t, *a, &mut Vec::new());
            t.pending.is_empty() && self.place_kept_of(t, &places)
        });
    }

    /// G17.2.3 The turns of the moving group that keep its place (RULING, ge-rulings 135; see
    /// [`GloryEmpire::keep_place_steps`]).
    pub(crate) fn keep_place_faces(&self, s: &State, faces: &mut Vec<Facing>) {
        let places = self.places_kept(s);
        if places.is_empty() || faces.is_empty() || !self.place_kept(s, &places) {
            return;
        }
        faces.retain(|&f| {
            let mut t = s.clone();
            self.apply_face(&mut t, f, &mut Vec::new());
            // As the real turn records: no second turn in a row (ge-rulings 63).
            if let Some(m) = t.moving.as_mut() {
                m.faced = true;
            }
            self.place_kept_of(t, &places)
        });
    }

    /// G17.2.3, G17.3 These units' move is over (ended, or a unit dropped off after moving):
    /// those that had a place to keep and are not in it changed their place in the GTF without
    /// an evolution, and every unit of their GTF worsens one level (RULING, ge-rulings 133). A
    /// move cut short by a reaction (`halted`) is not judged.
    pub(crate) fn judge_places(
        &self,
        s: &mut State,
        units: &[UnitId],
        halted: bool,
        ev: &mut Vec<Event>,
    ) {
        let mut out: Vec<(LeaderId, Vec<UnitId>)> = Vec::new();
        for &u in units {
            let Some(c) = s.troop_mut(u).gtf_place.take() else {
                continue;
            };
            let t = s.troop(u);
            if halted || t.cell.is_none() || t.cell == Some(c) || t.morale.broken() {
                continue;
            }
            let Some(l) = self.gtf_leader_of(s, u) else {
                continue;
            };
            match out.iter_mut().find(|(x, _)| *x == l) {
                Some((_, v)) => v.push(u),
                None => out.push((l, vec![u])),
            }
        }
        for (l, us) in out {
            ev.push(Event::GtfOutOfPlace {
                leader: l,
                units: us,
            });
            self.worsen_gtf(s, l, ev);
        }
    }
}

impl GloryEmpire {
    /// G17.3 Whether a group with these units may not change its facing: it holds the
    /// Directing Unit of a GTF with no evolution in progress, whose turning would be a Change of
    /// Front made without one of the evolutions for it (RULING, ge-rulings 154). Facing
    /// changes that other rules make (a retreat, a reaction, a facing chosen after a formation
    /// change) are not barred.
    #[must_use]
    pub fn front_locked(&self, s: &State, units: &[UnitId]) -> bool {
        use crate::state::Stage;
        if !self.brigade() || !matches!(s.stage, Stage::Movement | Stage::ReserveMovement) {
            return false;
        }
        units.iter().any(|&u| {
            self.gtf_leader_of(s, u).is_some_and(|l| {
                s.leader(l).gtf.evolving.is_none() && self.directing_unit(s, l) == Some(u)
            })
        })
    }
}
