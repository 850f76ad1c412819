//! Action notation (stable text for records and the protocol), action descriptions and event
//! texts for players.

use crate::PrussiasGlory;
use crate::action::Action;
use crate::data::{Cell, LeaderId, UnitId, WingId};
use crate::event::{Event, Modifier};
use crate::state::{CombatKind, Morale, State};
use coupdoeil_hex::EdgeDir;

impl PrussiasGlory {
    fn hex(&self, c: Cell) -> String {
        self.data.board.label(c)
    }

    fn unit_id(&self, u: UnitId) -> &str {
        &self.data.troops[u.ix()].id
    }

    fn leader_id(&self, l: LeaderId) -> &str {
        &self.data.leaders[l.ix()].id
    }

    fn wing_id(&self, w: WingId) -> &str {
        &self.data.wings[w.ix()].id
    }

    fn targets_text(&self, t: Cell, t2: Option<Cell>) -> String {
        match t2 {
            Some(t2) => format!("{}+{}", self.hex(t), self.hex(t2)),
            None => self.hex(t),
        }
    }

    /// The stable notation of an action.
    #[must_use]
    pub fn notation(&self, a: &Action) -> String {
        match *a {
            Action::Pass => "pass".into(),
            Action::Activate => "activate".into(),
            Action::AttemptCdoa => "cdoa".into(),
            Action::PayActivation => "pay".into(),
            Action::Deploy(w) => format!("deploy {}", self.wing_id(w)),
            Action::DeployCommander => "deploy commander".into(),
            Action::SpecialRoll { leader, wing } => {
                format!("special {} {}", self.leader_id(leader), self.wing_id(wing))
            }
            Action::Trace(u) => format!("trace {}", self.unit_id(u)),
            Action::Select(u) => format!("select {}", self.unit_id(u)),
            Action::SelectLeader(l) => format!("select {}", self.leader_id(l)),
            Action::Step { to, below } => {
                if below {
                    format!("step {} below", self.hex(to))
                } else {
                    format!("step {}", self.hex(to))
                }
            }
            Action::EndMove => "end".into(),
            Action::Raise(u) => format!("raise {}", self.unit_id(u)),
            Action::Column(w) => format!("column {}", self.wing_id(w)),
            Action::ColumnArtillery(u) => format!("column-artillery {}", self.unit_id(u)),
            Action::CommanderColumn => "column commander".into(),
            Action::EndPhase => "end-phase".into(),
            Action::AttemptDeploy => "deploy-attempt".into(),
            Action::Target(c) => format!("target {}", self.hex(c)),
            Action::Gun(u) => format!("gun {}", self.unit_id(u)),
            Action::Fire => "fire".into(),
            Action::Attack {
                target,
                second,
                from,
            } => {
                let hexes: Vec<String> = self
                    .attack_hexes(target, from)
                    .into_iter()
                    .map(|h| self.hex(h))
                    .collect();
                format!(
                    "attack {} from {}",
                    self.targets_text(target, second),
                    hexes.join(",")
                )
            }
            Action::Withdraw(c) => format!("withdraw {}", self.hex(c)),
            Action::Lead(u) => format!("lead {}", self.unit_id(u)),
            Action::Loss(u) => format!("loss {}", self.unit_id(u)),
            Action::Retreat(u) => format!("retreat {}", self.unit_id(u)),
            Action::ArtilleryLoss(u) => format!("gun-loss {}", self.unit_id(u)),
            Action::RetreatTo(c) => format!("to {}", self.hex(c)),
            Action::Advance { unit, to } => {
                format!("advance {} {}", self.unit_id(unit), self.hex(to))
            }
            Action::MomentumAdvance(c) => format!("momentum-advance {}", self.hex(c)),
            Action::MomentumAttack { target, second } => {
                format!("momentum {}", self.targets_text(target, second))
            }
            Action::Sweep { target, second } => {
                format!("sweep {}", self.targets_text(target, second))
            }
        }
    }

    fn cell_of(&self, s: &str) -> Result<Cell, String> {
        self.data
            .board
            .parse(s)
            .ok_or_else(|| format!("`{s}` is not a hex of the map"))
    }

    fn unit_of(&self, s: &str) -> Result<UnitId, String> {
        self.data
            .troop_by_id(s)
            .ok_or_else(|| format!("`{s}` is not a Unit of this scenario"))
    }

    fn wing_of(&self, s: &str) -> Result<WingId, String> {
        self.data
            .wing_by_id(s)
            .ok_or_else(|| format!("`{s}` is not a wing of this scenario"))
    }

    fn targets_of(&self, s: &str) -> Result<(Cell, Option<Cell>), String> {
        match s.split_once('+') {
            Some((a, b)) => Ok((self.cell_of(a)?, Some(self.cell_of(b)?))),
            None => Ok((self.cell_of(s)?, None)),
        }
    }

    /// Parses [`PrussiasGlory::notation`].
    ///
    /// # Errors
    /// Says what is wrong.
    pub fn parse(&self, text: &str) -> Result<Action, String> {
        let w: Vec<&str> = text.split_whitespace().collect();
        let arg = |i: usize| -> Result<&str, String> {
            w.get(i)
                .copied()
                .ok_or_else(|| format!("`{text}`: something is missing"))
        };
        let done = |n: usize, a: Action| -> Result<Action, String> {
            if w.len() == n {
                Ok(a)
            } else {
                Err(format!("`{text}`: unexpected words at the end"))
            }
        };
        match w.first().copied() {
            Some("pass") => done(1, Action::Pass),
            Some("activate") => done(1, Action::Activate),
            Some("cdoa") => done(1, Action::AttemptCdoa),
            Some("pay") => done(1, Action::PayActivation),
            Some("deploy") if arg(1)? == "commander" => done(2, Action::DeployCommander),
            Some("deploy") => done(2, Action::Deploy(self.wing_of(arg(1)?)?)),
            Some("deploy-attempt") => done(1, Action::AttemptDeploy),
            Some("special") => {
                let l = self
                    .data
                    .leader_by_id(arg(1)?)
                    .ok_or_else(|| format!("`{}` is not a leader", w[1]))?;
                done(
                    3,
                    Action::SpecialRoll {
                        leader: l,
                        wing: self.wing_of(arg(2)?)?,
                    },
                )
            }
            Some("trace") => done(2, Action::Trace(self.unit_of(arg(1)?)?)),
            Some("select") => {
                let id = arg(1)?;
                match self.data.troop_by_id(id) {
                    Some(u) => done(2, Action::Select(u)),
                    None => match self.data.leader_by_id(id) {
                        Some(l) => done(2, Action::SelectLeader(l)),
                        None => Err(format!("`{id}` is not a Unit or Leader of this scenario")),
                    },
                }
            }
            Some("step") => {
                let to = self.cell_of(arg(1)?)?;
                match w.get(2) {
                    None => done(2, Action::Step { to, below: false }),
                    Some(&"below") => done(3, Action::Step { to, below: true }),
                    Some(x) => Err(format!("`{x}`: expected `below` or nothing")),
                }
            }
            Some("end") => done(1, Action::EndMove),
            Some("raise") => done(2, Action::Raise(self.unit_of(arg(1)?)?)),
            Some("column") if arg(1)? == "commander" => done(2, Action::CommanderColumn),
            Some("column") => done(2, Action::Column(self.wing_of(arg(1)?)?)),
            Some("column-artillery") => done(2, Action::ColumnArtillery(self.unit_of(arg(1)?)?)),
            Some("end-phase") => done(1, Action::EndPhase),
            Some("target") => done(2, Action::Target(self.cell_of(arg(1)?)?)),
            Some("gun") => done(2, Action::Gun(self.unit_of(arg(1)?)?)),
            Some("fire") => done(1, Action::Fire),
            Some("attack") => {
                let (target, second) = self.targets_of(arg(1)?)?;
                if arg(2)? != "from" {
                    return Err(format!("`{text}`: expected `from` after the target"));
                }
                let mut from = 0u8;
                for h in arg(3)?.split(',') {
                    let c = self.cell_of(h)?;
                    let d = self
                        .data
                        .board
                        .direction(target, c)
                        .ok_or_else(|| format!("{h} is not next to {}", w[1]))?;
                    from |= 1 << EdgeDir::index(d);
                }
                done(
                    4,
                    Action::Attack {
                        target,
                        second,
                        from,
                    },
                )
            }
            Some("withdraw") => done(2, Action::Withdraw(self.cell_of(arg(1)?)?)),
            Some("lead") => done(2, Action::Lead(self.unit_of(arg(1)?)?)),
            Some("loss") => done(2, Action::Loss(self.unit_of(arg(1)?)?)),
            Some("retreat") => done(2, Action::Retreat(self.unit_of(arg(1)?)?)),
            Some("gun-loss") => done(2, Action::ArtilleryLoss(self.unit_of(arg(1)?)?)),
            Some("to") => done(2, Action::RetreatTo(self.cell_of(arg(1)?)?)),
            Some("advance") => done(
                3,
                Action::Advance {
                    unit: self.unit_of(arg(1)?)?,
                    to: self.cell_of(arg(2)?)?,
                },
            ),
            Some("momentum-advance") => done(2, Action::MomentumAdvance(self.cell_of(arg(1)?)?)),
            Some("momentum") => {
                let (target, second) = self.targets_of(arg(1)?)?;
                done(2, Action::MomentumAttack { target, second })
            }
            Some("sweep") => {
                let (target, second) = self.targets_of(arg(1)?)?;
                done(2, Action::Sweep { target, second })
            }
            _ => Err(format!("`{text}` is not an action of Prussia's Glory")),
        }
    }

    fn unit_name(&self, u: UnitId) -> String {
        self.data.troops[u.ix()].name.clone()
    }

    /// The action in words, with its rule.
    #[must_use]
    pub fn describe(&self, s: &State, a: &Action) -> String {
        let side = |x| self.data.sides[x].1.clone();
        match *a {
            Action::Pass => "pass / decline".into(),
            Action::Activate => format!(
                "pay {} AM and roll to activate the army (4.1.1: die + Initiative {} must make 7)",
                self.activation_cost(s, s.phasing),
                self.commander_initiative(s, s.phasing)
            ),
            Action::AttemptCdoa => "attempt a Coup d'Oeil Activation (4.1.3: 8 or more)".into(),
            Action::PayActivation => "pay the activation cost: the army is Activated (4.1.3)".into(),
            Action::Deploy(w) => format!("deploy {} from column (4.4)", self.data.wings[w.ix()].name),
            Action::DeployCommander => "the Army Commander leaves column (7.6)".into(),
            Action::SpecialRoll { leader, wing } => format!(
                "{} rolls to make {} Effective (4.5)",
                self.data.leaders[leader.ix()].name, self.data.wings[wing.ix()].name
            ),
            Action::Trace(u) => format!("{} traces command to the Army Commander (4.2.2)", self.unit_name(u)),
            Action::Select(u) => format!(
                "move {} ({} MP, 7.3)",
                self.unit_name(u),
                self.unit_ma(s, u)
            ),
            Action::SelectLeader(l) => format!("move {} (7.3)", self.data.leaders[l.ix()].name),
            Action::Step { to, below } => {
                let o = self
                    .step_options(s)
                    .into_iter()
                    .find(|o| o.to == to && o.below == below);
                let t = &self.data.charts.terrain
                    [usize::from(self.data.board.cells[to.ix()].terrain)];
                let mut x = format!("step into {} ({})", self.hex(to), t.name);
                if let Some(o) = o {
                    x.push_str(&format!(" for {} MP", o.cost));
                    if o.capture {
                        x.push_str(", capturing the artillery there");
                    }
                    if o.stops {
                        x.push_str(", ending the move");
                    }
                }
                if below {
                    x.push_str(", under the Units there (5.4)");
                }
                x.push_str(" (7.3)");
                x
            }
            Action::EndMove => "end this counter's move (7.3)".into(),
            Action::Raise(u) => format!("put {} on top of its stack (5.4)", self.unit_name(u)),
            Action::Column(w) => format!("put {} In Column (7.6)", self.data.wings[w.ix()].name),
            Action::ColumnArtillery(u) => format!("put {} In Column (7.6)", self.unit_name(u)),
            Action::CommanderColumn => "put the Army Commander In Column (7.6)".into(),
            Action::EndPhase => "end this phase".into(),
            Action::AttemptDeploy => "attempt a Forced Deployment (7.6.3)".into(),
            Action::Target(c) => {
                let off = s.stage == crate::state::Stage::OffensiveBombardment;
                let guns = self.guns_for(s, c, off);
                let odds = self.bombard_odds(s, &guns, c);
                format!(
                    "bombard {} (8.1): up to {} BS from {} gun(s), DRM {:+}",
                    self.hex(c),
                    odds.strength,
                    guns.len(),
                    odds.drm()
                )
            }
            Action::Gun(u) => format!("add {} to the bombardment (8)", self.unit_name(u)),
            Action::Fire => {
                let x = s.bombard.as_ref().map(|b| {
                    let o = self.bombard_odds(s, &b.guns, b.target);
                    format!(" {} BS, DRM {:+}", o.strength, o.drm())
                });
                format!("fire (8.3){}", x.unwrap_or_default())
            }
            Action::Attack {
                target,
                second,
                from,
            } => {
                let hexes = self.attack_hexes(target, from);
                let attackers: Vec<UnitId> = hexes
                    .iter()
                    .flat_map(|&h| self.attack_ready(s, s.phasing, h))
                    .collect();
                let c = self.new_combat(s, CombatKind::Normal, hexes.clone(), attackers, target, second);
                let odds = self.combat_odds(s, &c);
                format!(
                    "attack {} from {}: {} SP against {} SP, {} before leads, DRM {:+}{}{} (10.1)",
                    self.targets_text(target, second),
                    hexes.iter().map(|&h| self.hex(h)).collect::<Vec<_>>().join(", "),
                    odds.attacker_sp,
                    odds.defender_sp,
                    self.data.charts.crt.label(odds.column),
                    odds.drm(),
                    if c.flank { ", a Flank Attack" } else { "" },
                    if c.supported { ", a Supported Defense" } else { "" },
                )
            }
            Action::Withdraw(c) => format!("withdraw the Fast Units to {} (10.2)", self.hex(c)),
            Action::Lead(u) => format!(
                "{} (MR {}) leads (10.4)",
                self.unit_name(u),
                self.mr(s, u)
            ),
            Action::Loss(u) => {
                let t = s.troop(u);
                let forced = matches!(
                    s.pending.last(),
                    Some(crate::state::Frame::Losses(l)) if self.loss_ways(s, l, u).first()
                        == Some(&crate::losses::LossWay::Forced)
                );
                if forced {
                    format!(
                        "{} satisfies a Loss Point by losing its Morale State and retreating (10.8.1.3)",
                        self.unit_name(u)
                    )
                } else {
                    format!(
                        "{} takes a Step Loss, {} to {} steps (10.8.1.1)",
                        self.unit_name(u),
                        t.steps,
                        t.steps.saturating_sub(1)
                    )
                }
            }
            Action::Retreat(u) => format!(
                "{} retreats voluntarily, Disordered (10.8.1.4)",
                self.unit_name(u)
            ),
            Action::ArtilleryLoss(u) => format!("{} loses a step (10.8.3.1)", self.unit_name(u)),
            Action::RetreatTo(c) => format!("retreat into {} (10.9)", self.hex(c)),
            Action::Advance { unit, to } => format!(
                "{} advances into {} (10 step 9)",
                self.unit_name(unit),
                self.hex(to)
            ),
            Action::MomentumAdvance(c) => format!("momentum: advance again into {} (10 step 10)", self.hex(c)),
            Action::MomentumAttack { target, second } => format!(
                "momentum: attack {} at once (10 step 10)",
                self.targets_text(target, second)
            ),
            Action::Sweep { target, second } => format!(
                "a Sweeping Charge against {} (10 step 12; the cavalry is then Disordered)",
                self.targets_text(target, second)
            ),
        }
        .replace("{side}", &side(s.phasing))
    }

    fn mods_text(m: &[Modifier]) -> String {
        if m.is_empty() {
            return "no DRM".into();
        }
        m.iter()
            .map(|x| format!("{} {:+} ({})", x.what, x.value, x.rule))
            .collect::<Vec<_>>()
            .join(", ")
    }

    /// An event in words, citing its rule.
    #[must_use]
    pub fn event_text(&self, e: &Event) -> String {
        let side = |x: coupdoeil_engine::Side| self.data.sides[x].1.clone();
        let un = |u: UnitId| self.unit_name(u);
        let ln = |l: LeaderId| self.data.leaders[l.ix()].name.clone();
        match e {
            Event::TurnBegins { turn, clock } => format!("Turn {turn} ({clock}) begins (3.0)"),
            Event::PlayerTurn { side: x } => format!("{} Player Turn (3.0)", side(*x)),
            Event::Phase { side: x, phase } => format!("{}: {phase}", side(*x)),
            Event::ActivationRoll {
                side: x,
                paid,
                die,
                roll,
                activated,
            } => format!(
                "{} pays {paid} AM and rolls {die}, {roll} with Initiative: {} (4.1.1)",
                side(*x),
                if *activated {
                    "activated"
                } else {
                    "not activated"
                }
            ),
            Event::Activated { side: x, how } => {
                format!("the {} army is Activated: {how}", side(*x))
            }
            Event::DetachmentActivated { side: x, group } => format!(
                "{}'s Detachment {} is Activated (4.3)",
                side(*x),
                self.data.groups[group.ix()].name
            ),
            Event::CdoaRoll {
                side: x,
                die,
                roll,
                success,
            } => format!(
                "{} attempts a Coup d'Oeil Activation: die {die}, {roll} with Initiative: {} (4.1.3)",
                side(*x),
                if *success { "success" } else { "failure" }
            ),
            Event::CommandRoll {
                group,
                die,
                effective,
            } => format!(
                "{} rolls {die} against {}: {} (4.5)",
                self.data.groups[group.ix()].name,
                self.data.groups[group.ix()].rating,
                if *effective { "Effective" } else { "Degraded" }
            ),
            Event::SpecialRoll {
                leader,
                wing,
                die,
                effective,
            } => format!(
                "{} rolls {die} for {}: {} (4.5)",
                ln(*leader),
                self.data.wings[wing.ix()].name,
                if *effective {
                    "Effective"
                } else {
                    "still Degraded"
                }
            ),
            Event::OutOfCommand { units } => format!(
                "Out of Command: {} (4.2.2)",
                units.iter().map(|&u| un(u)).collect::<Vec<_>>().join(", ")
            ),
            Event::Traced { unit } => {
                format!("{} traces command to the Army Commander (4.2.2)", un(*unit))
            }
            Event::ColumnFormed { wing } => {
                format!("{} goes In Column (7.6)", self.data.wings[wing.ix()].name)
            }
            Event::ArtilleryColumn { unit, wing } => format!(
                "{} goes In Column with {} (7.6)",
                un(*unit),
                self.data.wings[wing.ix()].name
            ),
            Event::CommanderColumn { side: x, in_column } => format!(
                "the {} Army Commander {} (7.6)",
                side(*x),
                if *in_column {
                    "goes In Column"
                } else {
                    "leaves column"
                }
            ),
            Event::Deployed { wing, forced } => format!(
                "{} deploys from column ({})",
                self.data.wings[wing.ix()].name,
                if *forced { "7.6.3" } else { "7.6.2" }
            ),
            Event::ForcedRoll {
                wing,
                column_roll,
                mover_roll,
                deployed,
            } => format!(
                "Forced Deployment of {}: {column_roll} against {mover_roll}: {} (7.6.3)",
                self.data.wings[wing.ix()].name,
                if *deployed {
                    "deployed"
                } else {
                    "caught In Column"
                }
            ),
            Event::Moved {
                unit,
                leader,
                from,
                to,
                mp_left,
            } => {
                let who = unit.map(un).or(leader.map(ln)).unwrap_or_default();
                format!(
                    "{who} moves {} to {} ({mp_left} MP left, 7.3)",
                    self.hex(*from),
                    self.hex(*to)
                )
            }
            Event::Raised { unit } => format!("{} goes to the top of its stack (5.4)", un(*unit)),
            Event::LockedPenalty { hex } => format!(
                "the Locked marker in {} turns to its -2 side (6.3)",
                self.hex(*hex)
            ),
            Event::LockedPlaced { hexes } => format!(
                "Locked markers in {} (7.2)",
                hexes
                    .iter()
                    .map(|&h| self.hex(h))
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
            Event::Arrived { unit, leader, hex } => {
                let who = unit.map(un).or(leader.map(ln)).unwrap_or_default();
                format!("{who} arrives at {}", self.hex(*hex))
            }
            Event::Bombardment {
                target,
                guns,
                strength,
                column,
                die,
                modifiers,
                result,
            } => format!(
                "{} bombard {}: {strength} BS{}, die {die}, {}: {result} (8.3)",
                guns.iter().map(|&g| un(g)).collect::<Vec<_>>().join(", "),
                self.hex(*target),
                column
                    .map(|c| format!(
                        " (column {})",
                        self.data.charts.bombard.columns[usize::from(c)]
                    ))
                    .unwrap_or_default(),
                Self::mods_text(modifiers)
            ),
            Event::CombatDeclared {
                attack,
                defend,
                flank,
                supported,
                kind,
            } => format!(
                "{kind}: {} against {}{}{} (10.1)",
                attack
                    .iter()
                    .map(|&h| self.hex(h))
                    .collect::<Vec<_>>()
                    .join(", "),
                defend
                    .iter()
                    .map(|&h| self.hex(h))
                    .collect::<Vec<_>>()
                    .join(", "),
                if *flank { ", a Flank Attack" } else { "" },
                if *supported {
                    ", a Supported Defense"
                } else {
                    ""
                }
            ),
            Event::Withdrew { units, from, to } => format!(
                "{} withdraw from {} to {} (10.2)",
                units.iter().map(|&u| un(u)).collect::<Vec<_>>().join(", "),
                self.hex(*from),
                self.hex(*to)
            ),
            Event::LeadChosen { side: x, unit } => {
                format!("{} leads for {} (10.4)", un(*unit), side(*x))
            }
            Event::CombatResolved {
                attacker_sp,
                defender_sp,
                odds,
                modifiers,
                die,
                roll,
                result,
                attacker_lp,
                defender_lp,
            } => format!(
                "{attacker_sp} SP against {defender_sp}: {odds}; {}; die {die}, modified {roll}: {}/{} (attacker {attacker_lp} LP, defender {defender_lp} LP) (10.6)",
                Self::mods_text(modifiers),
                result.attacker,
                result.defender
            ),
            Event::LeaderCheck {
                leader,
                die,
                second,
                casualty,
            } => match second {
                Some(s2) => format!(
                    "Leader Loss Check of {}: {die}, then {s2}: {} (15.2)",
                    ln(*leader),
                    if *casualty { "a casualty" } else { "unhurt" }
                ),
                None => format!("Leader Loss Check of {}: {die}, unhurt (15.2)", ln(*leader)),
            },
            Event::Successor { leader, hex } => format!(
                "a successor takes over for {} at {} (15.2)",
                ln(*leader),
                self.hex(*hex)
            ),
            Event::LeaderDisplaced { leader, to } => format!(
                "{} rejoins his troops at {} (7.5.4)",
                ln(*leader),
                self.hex(*to)
            ),
            Event::StepLoss { unit, steps, why } => {
                format!("{} loses a step, {steps} left: {why}", un(*unit))
            }
            Event::MoraleChanged { unit, morale, why } => format!(
                "{} is {}: {why}",
                un(*unit),
                match morale {
                    Morale::Formed => "Formed",
                    Morale::Disordered => "Disordered",
                    Morale::Routed => "Routed",
                }
            ),
            Event::Retreated { unit, from, to } => format!(
                "{} retreats {} to {} (10.9)",
                un(*unit),
                self.hex(*from),
                self.hex(*to)
            ),
            Event::Destroyed { unit } => format!("{} is destroyed (10.8.1.1)", un(*unit)),
            Event::Captured { unit, why } => format!("{} is captured: {why}", un(*unit)),
            Event::Fled { unit } => format!("{} flees the field (7.1)", un(*unit)),
            Event::Unsatisfied { side: x, lp } => {
                format!("{} could not satisfy {lp} Loss Point(s) (10.8.1)", side(*x))
            }
            Event::Advanced { unit, from, to } => format!(
                "{} advances {} to {} (10 step 9)",
                un(*unit),
                self.hex(*from),
                self.hex(*to)
            ),
            Event::CombatSuccess { side: x } => {
                format!("{} earns a Combat Success marker (10 step 11)", side(*x))
            }
            Event::MoraleCheck {
                unit,
                die,
                against,
                result,
            } => format!(
                "Morale Check of {}: {die} against {against}: {result} (9.3)",
                un(*unit)
            ),
            Event::Rally {
                unit,
                die,
                against,
                rallied,
            } => format!(
                "{} tries to rally: {die} against {against}: {} (9.4)",
                un(*unit),
                if *rallied { "rallied" } else { "failed" }
            ),
            Event::ArmyMorale {
                side: x,
                am,
                lost,
                demoralized,
                broken,
            } => format!(
                "the {} army loses {lost} AM, now {am}{} (13)",
                side(*x),
                if *broken {
                    ": Broken (12.4)"
                } else if *demoralized {
                    ": Demoralized (12.3)"
                } else {
                    ""
                }
            ),
            Event::VictoryPoints { side: x, vp, why } => {
                format!("{} scores {vp} VP: {why}", side(*x))
            }
            Event::GameOver {
                winner,
                level,
                points,
            } => match winner {
                Some(w) => format!(
                    "the game is over: {} {level} victory, {} VP to {} (14)",
                    side(*w),
                    points[0],
                    points[1]
                ),
                None => format!(
                    "the game is over: a draw, {} VP to {} (14)",
                    points[0], points[1]
                ),
            },
        }
    }
}
