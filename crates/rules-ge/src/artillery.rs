//! G19 Artillery in the Brigade Game. G19.1 Artillery Rounds: a battery's counter gives a Fire
//! Strength for each kind of round it carries (Round Shot, Canister, the howitzers' Shell;
//! British Shrapnel fires at the Round Shot FS), the Brigade Artillery Chart gives each round's
//! range bands per gun-type row, and the Ammunition Sheet counts the boxes of each round a
//! battery starts with; every attack marks off one box of the round it fired. A battery fires
//! one round per attack, chosen by its owner in the Fire Segments (the fire action names it).
//!
//! G19.2 Trains and G19.3 Caissons (optional) are in [`crate::trains`]; where a scenario
//! leaves the Caissons out, the Battalion Game's Artillery Resupply Phase (B7.9.3,
//! [`crate::ammunition`]) stays, and a resupply refills the sheet's boxes as a Caisson would
//! (G19.3.1; ge-rulings 124). G19.4 Breakdown is in [`crate::morale`], where a
//! failed Disorder Check is applied.
//!
//! G19.7 Howitzers: a Shell attack is a Howitzer Attack, beside the battery's direct attack
//! (none in a segment it fires Canister), needing no clear LOS; its hit roll, the scatter of
//! a miss and the strike where the shell lands are here, with the Fire Marker of G19.7.3.
//! The Hit Chart and Scatter Diagram are data (`[fire.howitzer]`, authored; ge-rulings 126).
//!
//! G19.6 Duck and Drake: a Rolling Shot's Line of Fire from its Initial Strike Hex and the
//! attacks along it (ge-rulings 129). G19.5 Bombardment Zones are not played yet.

use crate::GloryEmpire;
use crate::data::{Arm, Cell, Formation, Scatter, StepDef, UnitId};
use crate::event::Event;
use crate::state::{FireRoll, Frame, Howitzer, State};
use coupdoeil_hex::EdgeDir;
use serde::{Deserialize, Serialize};

/// G19.1 A kind of artillery round.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Round {
    /// Round Shot: Point Blank, Effective and Long bands.
    RoundShot,
    /// Howitzer Shell: Effective and Long bands.
    Shell,
    /// Canister: Point Blank and Effective bands.
    Canister,
    /// British Shrapnel Shells: the Round Shot FS and bands, a worse check for the target.
    Shrapnel,
}

impl Round {
    /// Every round, in the Ammunition Sheet's order.
    pub const ALL: [Round; 4] = [
        Round::RoundShot,
        Round::Shell,
        Round::Canister,
        Round::Shrapnel,
    ];

    /// Index into the Ammunition Sheet's boxes.
    #[must_use]
    pub fn ix(self) -> usize {
        self as usize
    }

    /// Data and notation name.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Round::RoundShot => "round_shot",
            Round::Shell => "shell",
            Round::Canister => "canister",
            Round::Shrapnel => "shrapnel",
        }
    }

    /// Display name.
    #[must_use]
    pub fn title(self) -> &'static str {
        match self {
            Round::RoundShot => "Round Shot",
            Round::Shell => "Shell",
            Round::Canister => "Canister",
            Round::Shrapnel => "Shrapnel",
        }
    }

    /// Parses [`Round::name`].
    #[must_use]
    pub fn parse(s: &str) -> Option<Round> {
        Round::ALL.into_iter().find(|r| r.name() == s)
    }

    /// G19.1 The FS the counter gives this round (Shrapnel uses the Round Shot FS).
    #[must_use]
    pub fn fs(self, v: &StepDef) -> u8 {
        match self {
            Round::RoundShot | Round::Shrapnel => v.fs,
            Round::Canister => v.canister_fs,
            Round::Shell => v.shell_fs,
        }
    }
}

/// G19.1 A range band of the Brigade Artillery Chart.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Band {
    /// Point Blank (Round Shot, Canister).
    PointBlank,
    /// Effective.
    Effective,
    /// Long (Round Shot, Shell).
    Long,
}

impl Band {
    /// Index into the range FSM: point blank, effective, long.
    #[must_use]
    pub fn ix(self) -> usize {
        self as usize
    }

    /// Display name.
    #[must_use]
    pub fn title(self) -> &'static str {
        match self {
            Band::PointBlank => "point blank",
            Band::Effective => "effective",
            Band::Long => "long",
        }
    }
}

impl GloryEmpire {
    /// G19.1 The band `round` from the gun row `gun` reaches at `d` hexes, if any: each band
    /// runs from the end of the one before it to its own last hex.
    #[must_use]
    pub fn band(&self, gun: u8, round: Round, d: u32) -> Option<Band> {
        let bb = self.data.charts.guns.get(usize::from(gun))?.brigade?;
        let bands: &[(Band, u8)] = &match round {
            Round::RoundShot | Round::Shrapnel => vec![
                (Band::PointBlank, bb.round_shot[0]),
                (Band::Effective, bb.round_shot[1]),
                (Band::Long, bb.round_shot[2]),
            ],
            Round::Shell => vec![(Band::Effective, bb.shell[0]), (Band::Long, bb.shell[1])],
            Round::Canister => vec![
                (Band::PointBlank, bb.canister[0]),
                (Band::Effective, bb.canister[1]),
            ],
        };
        if d == 0 {
            return None;
        }
        bands
            .iter()
            .find(|(_, last)| d <= u32::from(*last))
            .map(|(b, _)| *b)
    }

    /// G19.1 The maximum range of `round` from the gun row `gun` (the end of its last band).
    #[must_use]
    pub fn round_reach(&self, gun: u8, round: Round) -> u8 {
        let Some(bb) = self
            .data
            .charts
            .guns
            .get(usize::from(gun))
            .and_then(|g| g.brigade)
        else {
            return 0;
        };
        match round {
            Round::RoundShot | Round::Shrapnel => bb.round_shot[2],
            Round::Shell => bb.shell[1],
            Round::Canister => bb.canister[1],
        }
    }

    /// G19.1 The boxes of `round` the battery `u` has left on the Ammunition Sheet.
    #[must_use]
    pub fn rounds_left(&self, s: &State, u: UnitId, round: Round) -> u8 {
        let start = self.data.troops[u.ix()].sheet.map_or(0, |b| b[round.ix()]);
        start.saturating_sub(s.troop(u).used[round.ix()])
    }

    /// G19.1 Whether the battery `u` is out of `round`: it had some and has used them all.
    #[must_use]
    pub fn out_of(&self, s: &State, u: UnitId, round: Round) -> bool {
        let start = self.data.troops[u.ix()].sheet.map_or(0, |b| b[round.ix()]);
        start > 0 && self.rounds_left(s, u, round) == 0
    }

    /// G19.1 Whether the unlimbered battery `u` may fire `round` now: its counter gives that
    /// round an FS at its present step, its row has the round's bands, and a box is left.
    #[must_use]
    pub fn may_fire_round(&self, s: &State, u: UnitId, round: Round) -> bool {
        let d = &self.data.troops[u.ix()];
        let t = s.troop(u);
        d.arm() == Arm::Artillery
            && t.formation == Formation::Unlimbered
            && round.fs(d.at(t.steps)) > 0
            && d.gun.is_some_and(|g| self.round_reach(g, round) > 0)
            && self.rounds_left(s, u, round) > 0
    }

    /// B7.9.3, G19.1 Whether the battery `u` is Out of Ammo: in the Battalion Game its level
    /// says so; in the Brigade Game when it has no box left of any round its counter can fire.
    #[must_use]
    pub fn out_of_ammo(&self, s: &State, u: UnitId) -> bool {
        if !self.brigade() {
            return s.troop(u).ammo >= crate::ammunition::OUT_OF_AMMO;
        }
        // RULING: Out of Ammo is no box of any round left (ge-rulings 121)
        let d = &self.data.troops[u.ix()];
        let v = d.at(s.troop(u).steps);
        !Round::ALL
            .into_iter()
            .any(|r| r.fs(v) > 0 && self.rounds_left(s, u, r) > 0)
    }

    /// G19.1 The round a stack of batteries (top unit `top`) fires where no moment of choice
    /// is given (Reaction Fire, Offensive and Defensive Fire, and the evaluation): the one
    /// with the higher FS of Round Shot and Canister that the top battery may fire, Round Shot
    /// on a tie; never Shrapnel, which must be named, nor Shell, whose Howitzer Attack has a
    /// procedure of its own (G19.7).
    #[must_use]
    pub fn default_round(&self, s: &State, top: UnitId) -> Option<Round> {
        // RULING: the strongest round where none is named (ge-rulings 122)
        let v = self.data.troops[top.ix()].at(s.troop(top).steps);
        [Round::RoundShot, Round::Canister]
            .into_iter()
            .filter(|&r| self.may_fire_round(s, top, r))
            .rev()
            .max_by_key(|&r| r.fs(v))
    }

    /// G19.1 Each battery that fired `round` from `from` marks off one box of it; a Shrapnel
    /// attack's morale checks take the Shrapnel Shell Attack DRM (returned for the caller to
    /// add to the result's check).
    pub(crate) fn mark_rounds(
        &self,
        s: &mut State,
        from: Cell,
        round: Round,
        ev: &mut Vec<Event>,
    ) -> i8 {
        let Some(st) = self.strength_round(s, from, Some(round)) else {
            return 0;
        };
        for u in st.units {
            if self.data.troops[u.ix()].arm() != Arm::Artillery {
                continue;
            }
            let t = s.troop_mut(u);
            t.used[round.ix()] = t.used[round.ix()].saturating_add(1);
            let left = self.rounds_left(s, u, round);
            ev.push(Event::RoundFired {
                unit: u,
                round,
                left,
            });
        }
        if round == Round::Shrapnel {
            self.data.charts.fsm.shrapnel_mc
        } else {
            0
        }
    }

    /// G19.3.1, B7.9.3 A resupplied battery's Round Shot, Shell and Canister boxes are all
    /// there again (never more than it started with); Shrapnel is never resupplied.
    pub(crate) fn refill_rounds(&self, s: &mut State, u: UnitId) {
        // RULING: B7.9.3's roll brings what a Caisson would (ge-rulings 124)
        let t = s.troop_mut(u);
        for r in [Round::RoundShot, Round::Shell, Round::Canister] {
            t.used[r.ix()] = 0;
        }
    }

    /// G19.3.1 Whether the battery `u` is short enough of ammunition to resupply: out of
    /// Round Shot or out of Shell (being out of Canister alone is not enough).
    #[must_use]
    pub fn needs_rounds(&self, s: &State, u: UnitId) -> bool {
        self.out_of(s, u, Round::RoundShot) || self.out_of(s, u, Round::Shell)
    }
}

impl GloryEmpire {
    /// G19.7 Whether an attack with `round` is a Howitzer Attack: every Shell attack of the
    /// Brigade Game (the rounds fired where none is named are never Shell, ge-rulings 122).
    #[must_use]
    pub fn howitzer_attack(&self, round: Option<Round>) -> bool {
        self.brigade() && round == Some(Round::Shell)
    }

    /// G19.7.2 The Howitzer Attacks Hit Chart DRM of a Howitzer Attack from `from` at
    /// `target`: without a clear LOS, and at Long range.
    #[must_use]
    pub fn howitzer_drm(&self, s: &State, from: Cell, target: Cell) -> i8 {
        let Some(chart) = self.data.charts.howitzer.as_ref() else {
            return 0;
        };
        let mut drm = 0i8;
        if !self.los(s, from, target) {
            drm = drm.saturating_add(chart.no_los);
        }
        let d = self.data.board.distance(from, target);
        let long = s
            .top(from)
            .and_then(|u| self.data.troops[u.ix()].gun)
            .and_then(|g| self.band(g, Round::Shell, d))
            == Some(Band::Long);
        if long {
            drm = drm.saturating_add(chart.long_range);
        }
        drm
    }

    /// G19.7.1 The stack in `from` makes a Howitzer Attack at `target`: the hit roll comes
    /// next. The batteries are marked as having made theirs this segment (their direct attack
    /// is still open to them, G19.7).
    pub(crate) fn declare_howitzer(&self, s: &mut State, from: Cell, target: Cell) {
        for u in s.stack(from) {
            s.troop_mut(u).howitzer = true;
        }
        let drm = self.howitzer_drm(s, from, target);
        s.pending.push(Frame::Howitzer(Howitzer {
            from,
            target,
            drm,
            missed: None,
        }));
    }

    /// G19.7.2 The dice of a Howitzer Attack: the hit roll (with its DRM), then on a miss the
    /// unmodified scatter roll; the shell then strikes where it fell. G19.7.3 A hit roll of 95
    /// to 99 on a BUA hex sets it on fire.
    pub(crate) fn howitzer_roll(&self, s: &mut State, v: u8, ev: &mut Vec<Event>) {
        let Some(Frame::Howitzer(mut h)) = s.pending.pop() else {
            return;
        };
        let Some(chart) = self.data.charts.howitzer.as_ref() else {
            return;
        };
        match h.missed {
            None => {
                let hit = i16::from(v) + i16::from(h.drm) >= i16::from(chart.hit_on);
                ev.push(Event::HowitzerHit {
                    from: h.from,
                    target: h.target,
                    roll: v,
                    drm: h.drm,
                    hit,
                });
                if !hit {
                    h.missed = Some(v);
                    s.pending.push(Frame::Howitzer(h));
                    return;
                }
                // RULING: the roll that starts a fire is the hit roll (ge-rulings 127)
                if v >= chart.fire_from && self.data.terrain(h.target).bua {
                    self.start_fire(s, h.target, ev);
                }
                self.howitzer_strike(s, h.from, Some(h.target), ev);
            }
            Some(_) => {
                let to = self.scatter(h.from, h.target, v);
                ev.push(Event::HowitzerScatter {
                    target: h.target,
                    roll: v,
                    to,
                });
                self.howitzer_strike(s, h.from, to, ev);
            }
        }
    }

    /// G19.7.2 Where a shell that missed `target` lands, by the scatter roll `roll`: the arrow
    /// points through the hexside of `target` that most nearly faces away from the battery in
    /// `from` (RULING: where the line runs through a vertex, the hexside clockwise of it;
    /// ge-rulings 126); `None` off the map.
    #[must_use]
    pub fn scatter(&self, from: Cell, target: Cell, roll: u8) -> Option<Cell> {
        let chart = self.data.charts.howitzer.as_ref()?;
        let b = &self.data.board;
        let (f, t) = (b.hex(from), b.hex(target));
        let v = (t.q - f.q, t.r - f.r, t.s() - f.s());
        let away = |d: EdgeDir| {
            let x = d.delta();
            v.0 * x.q + v.1 * x.r + v.2 * x.s()
        };
        let best = EdgeDir::ALL.into_iter().map(away).max()?;
        let ties: Vec<EdgeDir> = EdgeDir::ALL
            .into_iter()
            .filter(|&d| away(d) == best)
            .collect();
        // RULING: the clockwise hexside where two tie (ge-rulings 126)
        let arrow = match ties[..] {
            [EdgeDir::N, EdgeDir::NW] => EdgeDir::N,
            [.., last] => last,
            [] => return None,
        };
        let turn = |k: usize| EdgeDir::ALL[(arrow.index() as usize + k) % 6];
        let tens = usize::from(roll / 10 % 10);
        let units = usize::from(roll % 10);
        let (dir, dist) = match chart.direction[tens] {
            Scatter::Over => (arrow, chart.distance[units]),
            Scatter::Short => (turn(3), chart.distance[units]),
            Scatter::Left => (turn(5), 1),
            Scatter::Right => (turn(1), 1),
        };
        let mut c = target;
        for _ in 0..dist {
            c = b.neighbor(c, dir)?;
        }
        Some(c)
    }

    /// G19.7.2 The shell strikes `at` (`None`: off the map): the batteries mark off a Shell
    /// box, and units there, friends too, take an ordinary fire attack at the Shell FS without
    /// the hexside obstacle and Long Range shifts, rolled now and applied with the segment's
    /// other results (12.3.1).
    fn howitzer_strike(&self, s: &mut State, from: Cell, at: Option<Cell>, ev: &mut Vec<Event>) {
        let st = self.strength_round(s, from, Some(Round::Shell));
        self.mark_rounds(s, from, Round::Shell, ev);
        let (Some(st), Some(at)) = (st, at) else {
            return;
        };
        let targets = s.stack(at);
        if targets.is_empty() {
            return;
        }
        let range = self.data.board.distance(from, at);
        let odds = self.fire_odds(s, from, at, &targets, &st, false, range);
        ev.push(Event::FireDeclared {
            from,
            target: at,
            fs: odds.fs,
            column: odds.column,
            modifiers: odds.modifiers,
        });
        s.pending.push(Frame::FireRoll(FireRoll {
            from,
            target: at,
            column: odds.column,
            apply: None,
            round: None,
        }));
    }

    /// G19.7.3 A Fire Marker in `at` (a second has no further effect); its effects, rule
    /// 16.3's, are in [`crate::fires`].
    fn start_fire(&self, s: &mut State, at: Cell, ev: &mut Vec<Event>) {
        self.kindle(s, at, ev);
    }
}

/// G19.6.1 One point of a Line of Fire past its Initial Strike Hex: a hex, or the two hexes of
/// a spine the line runs along (a d10 chooses, 0-4 the first, 5-9 the second).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct LofPoint {
    /// The hex (the first of a spine's two).
    pub at: Cell,
    /// The spine's second hex.
    pub or: Option<Cell>,
    /// Hexes past the Initial Strike Hex (0: the ISH itself).
    pub past: u8,
}

impl GloryEmpire {
    /// G19.6.4 How far a Rolling Shot reaches from the battery in `from`: its Round Shot Long
    /// band and two hexes more.
    #[must_use]
    pub fn rolling_reach(&self, s: &State, from: Cell) -> u8 {
        s.top(from)
            .and_then(|u| self.data.troops[u.ix()].gun)
            .map_or(0, |g| self.round_reach(g, Round::RoundShot))
            .saturating_add(2)
    }

    /// G19.6.1 The Line of Fire of a Rolling Shot from `from` through the Initial Strike Hex
    /// `ish`: from the ISH on, to the end of the reach. It goes into a Light, Medium or High
    /// Density Terrain hex and ends there; past the ISH it ends in a hex more than one contour
    /// up, and before a Military Crest, Ridge or cliff (crag) hexside; hexes past the ISH that
    /// the battery cannot see over the ground are in defilade and skipped. RULING: at a spine
    /// the line ends if it would end at either hex (ge-rulings 129).
    #[must_use]
    pub fn line_of_fire(&self, s: &State, from: Cell, ish: Cell) -> Vec<LofPoint> {
        use crate::data::{LosFeature, TerrainClass};
        use coupdoeil_hex::{Crossing, Hex, trace};
        let b = &self.data.board;
        let reach = u32::from(self.rolling_reach(s, from));
        let (f, t) = (b.hex(from), b.hex(ish));
        let d0 = b.distance(from, ish);
        if d0 == 0 || d0 > reach {
            return Vec::new();
        }
        // The ray from the battery through the ISH, traced to just past the reach: the trace
        // leaves out its end hex, and is worked out whole (a longer one costs for nothing).
        let m = (reach / d0 + 1) as i32;
        let far = Hex::new(f.q + (t.q - f.q) * m, f.r + (t.r - f.r) * m);
        let dense = |c: Cell| {
            matches!(
                self.data.terrain(c).class,
                TerrainClass::Ldt
                    | TerrainClass::Mdt
                    | TerrainClass::Hdt
                    | TerrainClass::Impassable
            )
        };
        let wall = |a: Cell, c: Cell| {
            self.data
                .features(a, c)
                .any(|x| matches!(x.los, LosFeature::Crest | LosFeature::Ridge) || x.id == "crag")
        };
        let mut out: Vec<LofPoint> = Vec::new();
        let mut prev = ish;
        let mut started = false;
        for x in trace(f, far) {
            let (a, or) = match x {
                Crossing::Hex(h) => match b.cell(h) {
                    Some(c) => (c, None),
                    None => break,
                },
                Crossing::Spine { left, right } => match (b.cell(left), b.cell(right)) {
                    (Some(l), r) => (l, r),
                    (None, Some(r)) => (r, None),
                    (None, None) => break,
                },
            };
            if !started {
                if a != ish {
                    continue;
                }
                started = true;
                out.push(LofPoint {
                    at: a,
                    or: None,
                    past: 0,
                });
                if dense(a) {
                    break;
                }
                continue;
            }
            let d = b.distance(from, a);
            if d > reach {
                break;
            }
            // RULING: a spine ends the line if either hex would (ge-rulings 129)
            let cells: Vec<Cell> = std::iter::once(a).chain(or).collect();
            if cells.iter().any(|&c| b.adjacent(prev, c) && wall(prev, c)) {
                break;
            }
            let past = (d - d0).min(255) as u8;
            let climbs = cells
                .iter()
                .any(|&c| i16::from(b.level(c)) - i16::from(b.level(prev)) > 1);
            if cells.iter().any(|&c| self.los_terrain(from, c)) {
                out.push(LofPoint { at: a, or, past });
            }
            if climbs || cells.iter().any(|&c| dense(c)) {
                break;
            }
            prev = a;
        }
        out
    }

    /// G19.6 Whether the battery in `from` may fire a Rolling Shot with `ish` as its Initial
    /// Strike Hex: Round Shot it may fire, its direct attack still to make, the ISH in its
    /// cone, in sight and within the reach (an empty hex will do), and (RULING, ge-rulings
    /// 129) an enemy unit somewhere on the Line of Fire.
    #[must_use]
    pub fn may_roll(&self, s: &State, from: Cell, ish: Cell) -> bool {
        let Some(mut st) = self.strength_round(s, from, Some(Round::RoundShot)) else {
            return false;
        };
        let Some(&top) = st.units.first() else {
            return false;
        };
        if s.troop(top).fired > 0 {
            return false;
        }
        st.range = self.rolling_reach(s, from);
        if self.fire_line(s, from, ish, &st).is_none() {
            return false;
        }
        let side = self.data.troops[top.ix()].side;
        // RULING: offered only where the line meets an enemy unit (ge-rulings 129)
        self.line_of_fire(s, from, ish).iter().any(|p| {
            std::iter::once(p.at)
                .chain(p.or)
                .any(|c| s.units_in(c).any(|u| self.data.troops[u.ix()].side != side))
        })
    }

    /// G19.6 The Rolling Shots the artillery stack in `from` may fire now.
    pub(crate) fn rolling_actions(&self, s: &State, from: Cell, out: &mut Vec<crate::Action>) {
        let reach = u32::from(self.rolling_reach(s, from));
        if self
            .strength_round(s, from, Some(Round::RoundShot))
            .is_none()
        {
            return;
        }
        let b = &self.data.board;
        let Some(side) = s.stack(from).first().map(|u| self.data.troops[u.ix()].side) else {
            return;
        };
        // Where the enemy stands within the reach and a little beyond: a Line of Fire that
        // strikes none of them is not offered (ge-rulings 129), so an Initial Strike Hex whose
        // ray passes far from all of them need not be traced.
        let enemies: Vec<(f64, f64)> = self
            .stacks_of(s, side.other())
            .into_iter()
            .filter(|&c| b.distance(from, c) <= reach + 2)
            .map(|c| plane(b.cells[c.ix()].hex))
            .collect();
        if enemies.is_empty() {
            return;
        }
        let o = plane(b.cells[from.ix()].hex);
        for i in 0..b.len() {
            let c = Cell(i as u16);
            let d = b.distance(from, c);
            if d >= 1
                && d <= reach
                && near_ray(o, plane(b.cells[c.ix()].hex), &enemies)
                && self.may_roll(s, from, c)
            {
                out.push(crate::Action::RollingShot { from, ish: c });
            }
        }
    }

    /// G19.6 The battery in `from` fires a Rolling Shot at `ish`: its direct attack, an attack
    /// on each occupied hex of the Line of Fire in turn, then one Round Shot box (the ISH
    /// attack's alone, G19.6.2).
    pub(crate) fn do_rolling(&self, s: &mut State, from: Cell, ish: Cell, ev: &mut Vec<Event>) {
        if !self.may_roll(s, from, ish) {
            return;
        }
        let Some(mut st) = self.strength_round(s, from, Some(Round::RoundShot)) else {
            return;
        };
        st.range = self.rolling_reach(s, from);
        if let Some(facing) = self.fire_line(s, from, ish, &st) {
            for &u in &st.units {
                s.troop_mut(u).facing = facing;
            }
        }
        for u in s.stack(from) {
            let t = s.troop_mut(u);
            t.fired += 1;
            t.fired_at = Some(ish);
        }
        let points = self.line_of_fire(s, from, ish);
        ev.push(Event::RollingShot {
            from,
            ish,
            line: points.iter().map(|p| p.at).collect(),
        });
        s.pending
            .push(Frame::Rolling(crate::state::Rolling { from, points }));
    }

    /// G19.6 The next point of a Rolling Shot's Line of Fire, when it needs no die: an empty
    /// hex is passed, an occupied one fired on. Returns whether anything was done.
    pub(crate) fn rolling_auto(&self, s: &mut State, ev: &mut Vec<Event>) -> bool {
        let Some(Frame::Rolling(mut r)) = s.pending.last().cloned() else {
            return false;
        };
        let Some(&p) = r.points.first() else {
            // G19.6.2 The ISH's attack spends one Round Shot box, once the shot has rolled.
            s.pending.pop();
            self.mark_rounds(s, r.from, Round::RoundShot, ev);
            return true;
        };
        // A spine with units (or a Dummy Stack, ge-rulings 189) in either hex needs the die;
        // an empty one is passed.
        if p.or
            .is_some_and(|o| self.rolling_target(s, o) || self.rolling_target(s, p.at))
        {
            return false;
        }
        r.points.remove(0);
        self.replace_top(s, Frame::Rolling(r.clone()));
        self.rolling_strike(s, r.from, p.at, p.past, ev);
        true
    }

    /// G19.6.1 The d10 of a Line of Fire along a hex spine: 0-4 the hex on the line's left,
    /// 5-9 the one on its right.
    pub(crate) fn rolling_roll(&self, s: &mut State, v: u8, ev: &mut Vec<Event>) {
        let Some(Frame::Rolling(mut r)) = s.pending.last().cloned() else {
            return;
        };
        let Some(&p) = r.points.first() else {
            return;
        };
        r.points.remove(0);
        self.replace_top(s, Frame::Rolling(r.clone()));
        let at = match p.or {
            Some(o) if v >= 5 => o,
            _ => p.at,
        };
        ev.push(Event::SpineRolled { die: v, at });
        self.rolling_strike(s, r.from, at, p.past, ev);
    }

    /// G19.6 Whether a Rolling Shot fires on `at`: it holds units, or a Dummy Stack (G23.2.1).
    /// RULING (ge-rulings 189): a dummy's hex is fired on as an obscured stack would be, its
    /// die rolled and its results (nothing) secret, so that neither side learns from the dice
    /// which obscured stacks are real.
    fn rolling_target(&self, s: &State, at: Cell) -> bool {
        !s.stack(at).is_empty() || s.dummies.iter().any(|d| d.cell == at)
    }

    /// G19.6, G19.6.3 A Rolling Shot's attack on the units in `at`, `past` hexes past the
    /// ISH: the Round Shot attack with -1 for every two hexes past it, rounded up.
    fn rolling_strike(&self, s: &mut State, from: Cell, at: Cell, past: u8, ev: &mut Vec<Event>) {
        let targets = s.stack(at);
        if !self.rolling_target(s, at) {
            return;
        }
        let Some(st) = self.strength_round(s, from, Some(Round::RoundShot)) else {
            return;
        };
        let range = self.data.board.distance(from, at);
        let mut odds = self.fire_odds(s, from, at, &targets, &st, false, range);
        let fsm = -i16::from(past.div_ceil(2));
        if fsm != 0 {
            odds.modifiers.push(crate::event::Modifier {
                what: format!(
                    "rolling shot, {past} hex{} past the ISH",
                    if past == 1 { "" } else { "es" }
                ),
                value: fsm,
                rule: "G19.6.3".into(),
            });
            let total: i32 = i32::from(odds.fs)
                + odds
                    .modifiers
                    .iter()
                    .map(|x| i32::from(x.value))
                    .sum::<i32>();
            odds.column = total.clamp(0, self.data.charts.fire.len() as i32 - 1) as u8;
        }
        ev.push(Event::FireDeclared {
            from,
            target: at,
            fs: odds.fs,
            column: odds.column,
            modifiers: odds.modifiers,
        });
        s.pending.push(Frame::FireRoll(FireRoll {
            from,
            target: at,
            column: odds.column,
            apply: None,
            round: None,
        }));
    }
}

/// A hex's centre on the plane, one unit between neighbouring centres (axial coordinates onto
/// the triangular lattice; the map's orientation only turns it).
fn plane(h: coupdoeil_hex::Hex) -> (f64, f64) {
    let (q, r) = (f64::from(h.q), f64::from(h.r));
    (q + r / 2.0, r * 3f64.sqrt() / 2.0)
}

/// Whether any of `points` lies ahead of `o` on the ray through `ish`, within one hex of it: a
/// hex the straight line crosses has its centre within half a hex of it (and a spine's two
/// hexes too), so a Line of Fire can strike nothing farther off. A quick filter before the
/// full trace of [`GloryEmpire::may_roll`], never a reason to offer a shot.
fn near_ray(o: (f64, f64), ish: (f64, f64), points: &[(f64, f64)]) -> bool {
    let (dx, dy) = (ish.0 - o.0, ish.1 - o.1);
    let len = (dx * dx + dy * dy).sqrt();
    if len == 0.0 {
        return false;
    }
    let (ux, uy) = (dx / len, dy / len);
    points.iter().any(|&(x, y)| {
        let (px, py) = (x - o.0, y - o.1);
        let along = px * ux + py * uy;
        let off = (px * uy - py * ux).abs();
        along >= -1.0 && off <= 1.0
    })
}
