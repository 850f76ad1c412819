//! G17.5 Detached Regiments (Brigade Game): an aide-de-camp stacked with a regiment of a
//! brigade detaches it in the Command Attachment Phase; it then commands as a brigade of its
//! own, with him as its brigade leader (his GTF marker, [`crate::gtf`]), until it rejoins or he
//! is lost.

use crate::GloryEmpire;
use crate::action::Action;
use crate::data::{Arm, Cell, Echelon, LeaderId, UnitId};
use crate::event::Event;
use crate::state::{LeaderStatus, State};
use coupdoeil_engine::Side;

impl GloryEmpire {
    /// G17.5 The units of the Detached Regiment aide-de-camp `l` leads, if any (on the map or
    /// not).
    #[must_use]
    pub fn detachment(&self, s: &State, l: LeaderId) -> Option<Vec<UnitId>> {
        let v: Vec<UnitId> = (0..s.troops.len())
            .map(|i| UnitId(i as u8))
            .filter(|&u| s.troop(u).detached == Some(l))
            .collect();
        (!v.is_empty()).then_some(v)
    }

    /// G17.5 The counters of `u`'s regiment stacked with it in `c`: every counter of its
    /// multi-counter unit (2.4) there, or `u` alone (RULING, ge-rulings 152: the data know a
    /// regiment only as one unit's counters).
    fn regiment_in(&self, s: &State, u: UnitId, c: Cell) -> Vec<UnitId> {
        match self.data.troops[u.ix()].unit {
            Some(g) => s
                .stack(c)
                .into_iter()
                .filter(|&x| self.data.troops[x.ix()].unit == Some(g))
                .collect(),
            None => vec![u],
        }
    }

    /// G17.5 The Command Attachment Phase choices of the acting side's aides-de-camp: each on
    /// the map, leading no Detached Regiment, may detach a regiment of a brigade stacked with
    /// him (not artillery, which is an asset, nor a regiment already detached); each leading
    /// one may let it rejoin its brigade. RULING (ge-rulings 152): one of these a turn for
    /// each aide-de-camp.
    pub(crate) fn detach_actions(&self, s: &State, side: Side, out: &mut Vec<Action>) {
        if !self.brigade() {
            return;
        }
        for (i, d) in self.data.leaders.iter().enumerate() {
            let l = LeaderId(i as u8);
            let st = s.leader(l);
            if d.side != side
                || d.echelon != Echelon::Adc
                || st.status != LeaderStatus::OnMap
                || st.gtf.changed == s.turn
            {
                continue;
            }
            if self.detachment(s, l).is_some() {
                out.push(Action::Rejoin(l));
                continue;
            }
            let Some(c) = st.cell else { continue };
            let mut seen: Vec<UnitId> = Vec::new();
            for u in s.stack(c) {
                let td = &self.data.troops[u.ix()];
                if seen.contains(&u)
                    || td.side != side
                    || td.arm() == Arm::Artillery
                    || s.troop(u).detached.is_some()
                    || !self.brigade_leader(td.leader)
                {
                    continue;
                }
                seen.extend(self.regiment_in(s, u, c));
                out.push(Action::Detach { leader: l, unit: u });
            }
        }
    }

    /// G17.5 The aide-de-camp detaches the regiment: its counters in his hex report to him,
    /// under the Battalion method until he takes a GTF marker (ge-rulings 152).
    pub(crate) fn do_detach(&self, s: &mut State, l: LeaderId, u: UnitId, ev: &mut Vec<Event>) {
        let Some(c) = s.troop(u).cell else { return };
        let units = self.regiment_in(s, u, c);
        for &x in &units {
            s.troop_mut(x).detached = Some(l);
        }
        let turn = s.turn;
        let g = &mut s.leaders[l.ix()].gtf;
        g.kind = None;
        g.evolving = None;
        g.changed = turn;
        ev.push(Event::Detached { leader: l, units });
    }

    /// G17.5 The Detached Regiment rejoins its brigade: its units are judged by their brigade
    /// leader's command again from the next Command Status Phase.
    pub(crate) fn do_rejoin(&self, s: &mut State, l: LeaderId, ev: &mut Vec<Event>) {
        self.end_detachment(s, l, false, ev);
        let turn = s.turn;
        s.leaders[l.ix()].gtf.changed = turn;
    }

    /// G17.5 The aide-de-camp leading a Detached Regiment is lost: it is dissolved, and its
    /// units are their brigade's again (Out of Command until they are back in its GTF).
    pub(crate) fn dissolve_detachment(&self, s: &mut State, l: LeaderId, ev: &mut Vec<Event>) {
        self.end_detachment(s, l, true, ev);
    }

    fn end_detachment(&self, s: &mut State, l: LeaderId, dissolved: bool, ev: &mut Vec<Event>) {
        let Some(units) = self.detachment(s, l) else {
            return;
        };
        for &u in &units {
            s.troop_mut(u).detached = None;
        }
        let g = &mut s.leaders[l.ix()].gtf;
        g.kind = None;
        g.evolving = None;
        ev.push(Event::Rejoined {
            leader: l,
            units,
            dissolved,
        });
    }
}
