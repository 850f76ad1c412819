//! G22 Fatigue (Brigade Game): what marks a brigade for a Fatigue Check (G22), the Fatigue
//! Check Phase (G22.1), the effects of a Fatigue Level (G22.2) and Fatigue Recovery (G22.3).
//! A brigade's fatigue is kept on its leader ([`crate::state::Fatigue`]); below the Brigade
//! level nothing here acts.

use crate::GloryEmpire;
use crate::action::Action;
use crate::data::{Arm, Cell, Echelon, LeaderId, UnitId};
use crate::event::{Event, Modifier};
use crate::state::{Frame, Stage, State};

/// G22 The highest Fatigue Level.
pub const MAX_FATIGUE: u8 = 3;

/// G22.1 The die face that raises the level (after the close combat DRM).
pub const FATIGUE_RAISED_AT: i8 = 0;

/// G22.1 The DRM of a brigade whose units fought a close combat.
pub const CLOSE_COMBAT_DRM: i8 = -1;

/// G22.2 The Spent markers of fatigued cavalry at the end of a Charge.
pub const FATIGUED_SPENT_MARKERS: u8 = 3;

impl GloryEmpire {
    /// G22 The brigade a unit belongs to: the leader its counter reports to, when he is a
    /// brigade leader. RULING (ge-rulings 111): a unit reporting to a higher leader (a
    /// division's or a corps' asset) belongs to no brigade and never tires.
    #[must_use]
    pub fn brigade_of(&self, u: UnitId) -> Option<LeaderId> {
        let l = self.data.troops[u.ix()].leader;
        (self.data.leaders[l.ix()].echelon == Echelon::Brigade).then_some(l)
    }

    /// G22 The Fatigue Level of the unit's brigade (0 outside the Brigade Game).
    #[must_use]
    pub fn fatigue_level(&self, s: &State, u: UnitId) -> u8 {
        if !self.brigade() {
            return 0;
        }
        self.brigade_of(u)
            .map_or(0, |l| s.leader(l).fatigue.level.min(MAX_FATIGUE))
    }

    /// G22 Units of these brigades did something tiring: their leaders get a Fatigue Check
    /// marker (`close_combat`: the -1 DRM of G22.1 too), and G22.3 a brigade in Recovery
    /// leaves it.
    pub(crate) fn mark_fatigue(
        &self,
        s: &mut State,
        units: &[UnitId],
        close_combat: bool,
        ev: &mut Vec<Event>,
    ) {
        if !self.brigade() {
            return;
        }
        for &u in units {
            let Some(l) = self.brigade_of(u) else {
                continue;
            };
            let f = &mut s.leaders[l.ix()].fatigue;
            f.check = true;
            f.close_combat |= close_combat;
            if f.recovering {
                f.recovering = false;
                ev.push(Event::FatigueRecoveryLeft { leader: l });
            }
        }
    }

    /// G22, G22.3 A fire attack from `from` at `target` is about to be rolled: infantry firing
    /// with its Line, Column or Square FS (not its skirmishers) marks its brigade for a check,
    /// and the brigades fired on leave Recovery.
    pub(crate) fn fatigue_on_fire(
        &self,
        s: &mut State,
        from: Cell,
        target: Cell,
        ev: &mut Vec<Event>,
    ) {
        if !self.brigade() {
            return;
        }
        if let Some(st) = self.strength(s, from)
            && st.arm == Arm::Infantry
            && !st.skirmish
        {
            self.mark_fatigue(s, &st.units, false, ev);
        }
        for u in s.stack(target) {
            if let Some(l) = self.brigade_of(u)
                && s.leader(l).fatigue.recovering
            {
                s.leaders[l.ix()].fatigue.recovering = false;
                ev.push(Event::FatigueRecoveryLeft { leader: l });
            }
        }
    }

    /// G22.2 The FSM of a fire attack by a stack whose top firing unit is `u`.
    #[must_use]
    pub fn fatigue_fsm(&self, s: &State, u: UnitId) -> Option<Modifier> {
        let level = self.fatigue_level(s, u);
        let chart = self.data.charts.fatigue.as_ref()?;
        (level > 0).then(|| Modifier {
            what: format!("firers' Fatigue Level {level}"),
            value: i16::from(chart.fsm[usize::from(level) - 1]),
            rule: "G22.2".into(),
        })
    }

    /// G22.2 The DRM of every check of a stack whose top unit is `u`. RULING (ge-rulings 112):
    /// every check that takes the stack's morale marker DRM takes this one too.
    #[must_use]
    pub fn fatigue_drm(&self, s: &State, u: UnitId) -> Option<Modifier> {
        let level = self.fatigue_level(s, u);
        let chart = self.data.charts.fatigue.as_ref()?;
        (level > 0).then(|| Modifier {
            what: format!("Fatigue Level {level}"),
            value: i16::from(chart.mc[usize::from(level) - 1]),
            rule: "G22.2".into(),
        })
    }

    /// 13.2.6, G22.2 The Spent markers a cavalry unit takes at the end of a Charge: three in a
    /// fatigued brigade.
    #[must_use]
    pub fn spent_markers(&self, s: &State, u: UnitId) -> u8 {
        if self.fatigue_level(s, u) > 0 {
            FATIGUED_SPENT_MARKERS
        } else {
            crate::close_combat::SPENT_MARKERS
        }
    }

    /// G22.1 After the Assault Phase, the Fatigue Check Phase: a die for each of the phasing
    /// player's brigades marked. `false`: none is, and the phase is skipped.
    pub(crate) fn begin_fatigue_check(&self, s: &mut State, ev: &mut Vec<Event>) -> bool {
        if !self.brigade() {
            return false;
        }
        let side = s.phasing;
        let marked: Vec<LeaderId> = (0..s.leaders.len())
            .map(|i| LeaderId(i as u8))
            .filter(|&l| self.data.leaders[l.ix()].side == side && s.leader(l).fatigue.check)
            .collect();
        if marked.is_empty() {
            return false;
        }
        s.stage = Stage::FatigueCheck;
        ev.push(Event::Phase {
            side,
            phase: "Fatigue Check Phase (G22.1)".into(),
        });
        s.pending.push(Frame::Fatigue(marked));
        true
    }

    /// G22.1 The Fatigue Check die of the first brigade waiting: 0 or less (after -1 for a
    /// close combat) raises its level by one, up to 3. RULING (ge-rulings 113): "a roll of 0"
    /// with a -1 DRM reads as a modified roll of 0 or less, so a brigade that fought rises on
    /// a 0 or a 1.
    pub(crate) fn fatigue_roll(&self, s: &mut State, die: u8, ev: &mut Vec<Event>) {
        let Some(Frame::Fatigue(mut list)) = s.pending.pop() else {
            return;
        };
        if list.is_empty() {
            return;
        }
        let l = list.remove(0);
        let f = &mut s.leaders[l.ix()].fatigue;
        let drm = if f.close_combat { CLOSE_COMBAT_DRM } else { 0 };
        let raised = die as i8 + drm <= FATIGUE_RAISED_AT && f.level < MAX_FATIGUE;
        if raised {
            f.level += 1;
        }
        f.check = false;
        f.close_combat = false;
        ev.push(Event::FatigueCheck {
            leader: l,
            die,
            drm,
            level: f.level,
            raised,
        });
        if !list.is_empty() {
            s.pending.push(Frame::Fatigue(list));
        }
    }

    /// G22.3 The Fatigue Recovery Phase of the Recovery Segment: each phasing brigade that
    /// stayed in Recovery since an earlier one lowers its level by one (RULING, ge-rulings
    /// 114: at level 0 its Recovery marker comes off); then the phasing player may put brigades
    /// with a level above 0 into Recovery. `false`: nothing to do or decide, the phase is
    /// skipped.
    pub(crate) fn begin_fatigue_recovery(&self, s: &mut State, ev: &mut Vec<Event>) -> bool {
        if !self.brigade() {
            return false;
        }
        let side = s.phasing;
        let mine: Vec<LeaderId> = (0..s.leaders.len())
            .map(|i| LeaderId(i as u8))
            .filter(|&l| self.data.leaders[l.ix()].side == side)
            .collect();
        let any = mine.iter().any(|&l| {
            let f = s.leader(l).fatigue;
            f.recovering || f.level > 0
        });
        if !any {
            return false;
        }
        ev.push(Event::Phase {
            side,
            phase: "Fatigue Recovery Phase (G22.3)".into(),
        });
        for &l in &mine {
            let f = &mut s.leaders[l.ix()].fatigue;
            if f.recovering {
                f.level = f.level.saturating_sub(1);
                f.recovering = f.level > 0;
                ev.push(Event::FatigueRecovered {
                    leader: l,
                    level: f.level,
                });
            }
        }
        s.stage = Stage::FatigueRecovery;
        !self.may_recover(s).is_empty()
    }

    /// G22.3 The phasing brigades that may enter Fatigue Recovery now: a level above 0, not in
    /// Recovery already.
    #[must_use]
    pub fn may_recover(&self, s: &State) -> Vec<LeaderId> {
        if s.stage != Stage::FatigueRecovery {
            return Vec::new();
        }
        (0..s.leaders.len())
            .map(|i| LeaderId(i as u8))
            .filter(|&l| {
                let f = s.leader(l).fatigue;
                self.data.leaders[l.ix()].side == s.phasing && f.level > 0 && !f.recovering
            })
            .collect()
    }

    /// G22.3 The Fatigue Recovery Phase's decisions.
    pub(crate) fn recovery_actions(&self, s: &State, out: &mut Vec<Action>) {
        out.extend(self.may_recover(s).into_iter().map(Action::Recover));
        out.push(Action::Pass);
    }

    /// G22.3 Applies a Fatigue Recovery Phase decision.
    pub(crate) fn do_recovery(&self, s: &mut State, a: Action, ev: &mut Vec<Event>) {
        match a {
            Action::Recover(l) if self.may_recover(s).contains(&l) => {
                s.leaders[l.ix()].fatigue.recovering = true;
                ev.push(Event::FatigueRecovery { leader: l });
            }
            Action::Pass => s.closing = true,
            _ => {}
        }
    }
}
