//! Text for actions (stable notation and words for players) and events (with rule citations).

use crate::DrumsMuskets;
use crate::action::Action;
use crate::data::{Cell, UnitId};
use crate::event::{Event, What};
use crate::state::State;
use coupdoeil_engine::Side;
use coupdoeil_hex::Facing;

impl DrumsMuskets {
    fn uid(&self, u: UnitId) -> &str {
        &self.data.units[u.ix()].id
    }

    fn uname(&self, u: UnitId) -> String {
        let d = &self.data.units[u.ix()];
        match d.kind {
            crate::Kind::Dummy => format!("{} (dummy)", d.name),
            _ => format!(
                "{} {}-{}-{}{}",
                d.name,
                d.strength,
                d.morale,
                d.movement,
                if d.heavy_artillery { " HA" } else { "" }
            ),
        }
    }

    fn side_word(&self, side: Side) -> &str {
        &self.data.sides[side].1
    }

    fn cell_words(&self, c: Cell) -> String {
        let b = &self.data.board;
        let t = &self.data.charts.terrain[usize::from(b.cells[c.ix()].terrain)];
        match b.names.get(&c) {
            Some(n) => format!("{} ({}, {})", b.label(c), t.name, n),
            None => format!("{} ({})", b.label(c), t.name),
        }
    }

    fn unit_by_id(&self, id: &str) -> Result<UnitId, String> {
        self.data
            .units
            .iter()
            .position(|u| u.id.eq_ignore_ascii_case(id))
            .map(|i| UnitId(i as u8))
            .ok_or_else(|| format!("no unit `{id}` in this scenario"))
    }

    fn cell_by_label(&self, s: &str) -> Result<Cell, String> {
        self.data
            .board
            .parse(s)
            .ok_or_else(|| format!("`{s}` is not a hex of this map"))
    }

    pub(crate) fn notation(&self, a: &Action) -> String {
        let b = &self.data.board;
        match *a {
            // The slot number, not its hex: the notation has no state to tell whose slots these are.
            Action::Place(slot) => format!("place #{}", slot + 1),
            Action::SetUpCorps(c) => format!("corps {}", self.data.corps[usize::from(c)].id),
            Action::PlayCard(c) => format!("play {}", self.data.cards[c.ix()].id),
            Action::Pass => "pass".into(),
            Action::Select(u) => format!("select {}", self.uid(u)),
            Action::Step(c) => format!("step {}", b.label(c)),
            Action::Face(f) => format!("face {f}"),
            Action::Wheel(f) => format!("wheel {f}"),
            Action::Sidestep(c) => format!("sidestep {}", b.label(c)),
            Action::EndMove => "end-move".into(),
            Action::RemoveDummy(u) => format!("remove {}", self.uid(u)),
            Action::EndPhase => "end-phase".into(),
            Action::Attack { unit, target } => {
                format!("attack {} {}", self.uid(unit), b.label(target))
            }
            Action::Support { artillery, to } => {
                format!("support {} {}", self.uid(artillery), self.uid(to))
            }
            Action::Resolve(c) => format!("resolve {}", b.label(c)),
            Action::RetreatTo(c) => format!("retreat {}", b.label(c)),
            Action::Advance(u) => format!("advance {}", self.uid(u)),
            Action::NoAdvance => "no-advance".into(),
            Action::TurnTo(f) => format!("turn {f}"),
            Action::Discard(c) => format!("discard {}", self.data.cards[c.ix()].id),
            Action::EndDiscard => "end-discard".into(),
            Action::Rally(u) => format!("rally {}", self.uid(u)),
        }
    }

    pub(crate) fn parse(&self, text: &str) -> Result<Action, String> {
        let words: Vec<&str> = text.split_whitespace().collect();
        let facing = |s: &str| s.parse::<Facing>().map_err(|e| e.to_string());
        let a = match words.as_slice() {
            ["place", slot] => Action::Place(self.parse_slot(slot)?),
            ["corps", c] => Action::SetUpCorps(
                self.data
                    .corps
                    .iter()
                    .position(|x| x.id.eq_ignore_ascii_case(c))
                    .map(|i| i as u8)
                    .ok_or_else(|| format!("no corps `{c}` in this scenario"))?,
            ),
            ["play", c] => Action::PlayCard(self.card_by_id(c)?),
            ["pass"] => Action::Pass,
            ["select", u] => Action::Select(self.unit_by_id(u)?),
            ["step", c] => Action::Step(self.cell_by_label(c)?),
            ["face", f] => Action::Face(facing(f)?),
            ["wheel", f] => Action::Wheel(facing(f)?),
            ["sidestep", c] => Action::Sidestep(self.cell_by_label(c)?),
            ["end-move"] => Action::EndMove,
            ["remove", u] => Action::RemoveDummy(self.unit_by_id(u)?),
            ["end-phase"] => Action::EndPhase,
            ["attack", u, c] => Action::Attack {
                unit: self.unit_by_id(u)?,
                target: self.cell_by_label(c)?,
            },
            ["support", a, b] => Action::Support {
                artillery: self.unit_by_id(a)?,
                to: self.unit_by_id(b)?,
            },
            ["resolve", c] => Action::Resolve(self.cell_by_label(c)?),
            ["retreat", c] => Action::RetreatTo(self.cell_by_label(c)?),
            ["advance", u] => Action::Advance(self.unit_by_id(u)?),
            ["no-advance"] => Action::NoAdvance,
            ["turn", f] => Action::TurnTo(facing(f)?),
            ["discard", c] => Action::Discard(self.card_by_id(c)?),
            ["end-discard"] => Action::EndDiscard,
            ["rally", u] => Action::Rally(self.unit_by_id(u)?),
            _ => return Err(format!("`{text}` is not an action of Drums & Muskets")),
        };
        Ok(a)
    }

    /// `place` takes `#N` (1-based slot) or the slot's hex label.
    fn parse_slot(&self, s: &str) -> Result<u8, String> {
        if let Some(n) = s.strip_prefix('#') {
            return n
                .parse::<u8>()
                .ok()
                .filter(|n| *n >= 1)
                .map(|n| n - 1)
                .ok_or_else(|| format!("bad slot `{s}`"));
        }
        let c = self.cell_by_label(s)?;
        Side::ALL
            .iter()
            .find_map(|&side| self.data.slots[side].iter().position(|x| x.0 == c))
            .map(|i| i as u8)
            .ok_or_else(|| format!("{s} is not a set-up hex"))
    }

    pub(crate) fn describe(&self, s: &State, a: &Action) -> String {
        let b = &self.data.board;
        match *a {
            Action::Place(slot) => {
                let side = match s.stage {
                    crate::state::Stage::Place(side) => side,
                    _ => s.phasing,
                };
                let next = self.next_to_place(s, side);
                let (cell, facing) = self.data.slots[side][usize::from(slot)];
                format!(
                    "place {} on {} facing {facing}",
                    next.map_or_else(|| "?".into(), |u| self.uname(u)),
                    self.cell_words(cell)
                )
            }
            Action::SetUpCorps(c) => format!(
                "set up the {} next, south of the corps already set up (Exclusive 3.0)",
                self.data.corps[usize::from(c)].name
            ),
            Action::PlayCard(c) => {
                let d = &self.data.cards[c.ix()];
                format!("play card {} \"{}\": {}", d.id, d.title, d.text)
            }
            Action::Pass => "play no card".into(),
            Action::Select(u) => format!(
                "move {} (at {})",
                self.uname(u),
                s.piece(u).cell.map_or("?".into(), |c| b.label(c))
            ),
            Action::Step(c) => {
                let cost = s.mover.and_then(|m| {
                    s.piece(m.unit)
                        .cell
                        .and_then(|f| b.direction(f, c))
                        .and_then(|d| s.piece(m.unit).cell.and_then(|f| self.step_cost_half(f, d)))
                });
                match cost {
                    Some(h) => format!("step into {} for {} MP (7.0)", self.cell_words(c), half(h)),
                    None => format!("step into {}", self.cell_words(c)),
                }
            }
            Action::Face(f) => format!("face {f} (7.2)"),
            Action::Wheel(f) => format!("face {f} for the whole Movement Allowance (7.2)"),
            Action::Sidestep(c) => format!(
                "move one hex to {} for the whole Movement Allowance (7.1)",
                self.cell_words(c)
            ),
            Action::EndMove => "end this unit's move".into(),
            Action::RemoveDummy(u) => format!("take the dummy {} off the map (7.7)", self.uid(u)),
            Action::EndPhase => match s.stage {
                crate::state::Stage::Movement => "end the Movement Phase".into(),
                crate::state::Stage::Declare => "end attack declarations".into(),
                _ => "end Supporting Fire declarations".into(),
            },
            Action::Attack { unit, target } => {
                let def = s.at(target).map_or_else(|| "?".into(), |d| self.uname(d));
                format!(
                    "{} attacks {} in {} (9.1)",
                    self.uname(unit),
                    def,
                    self.cell_words(target)
                )
            }
            Action::Support { artillery, to } => {
                format!(
                    "heavy artillery of {} supports {} (+1, 9.2)",
                    self.uid(artillery),
                    self.uid(to)
                )
            }
            Action::Resolve(c) => {
                let i = s.attacks.iter().position(|x| x.target == c).unwrap_or(0);
                let o = self.odds(s, i, false);
                format!(
                    "resolve the attack on {}: {} vs {}, differential {:+}",
                    b.label(c),
                    o.attack,
                    o.defence,
                    o.differential
                )
            }
            Action::RetreatTo(c) => format!("retreat into {} (9.5.1)", self.cell_words(c)),
            Action::Advance(u) => format!("advance {} into the vacated hex (9.5.3)", self.uname(u)),
            Action::NoAdvance => "do not advance (9.5.3)".into(),
            Action::TurnTo(f) => {
                let u = self
                    .facing_unit(s)
                    .map_or_else(|| "?".into(), |u| self.uid(u).to_string());
                format!("{u} faces {f} (free, 9.5.3)")
            }
            Action::Discard(c) => format!(
                "discard {} \"{}\"",
                self.data.cards[c.ix()].id,
                self.data.cards[c.ix()].title
            ),
            Action::EndDiscard => "stop discarding and draw (12.0 C)".into(),
            Action::Rally(u) => format!("rally {} automatically (10.2)", self.uname(u)),
        }
    }

    /// An event as plain data with the scenario's own names: units and cards by their data ids,
    /// hexes by their printed labels, corps by id, sides by id. For programs (the protocol, the
    /// web client), which do not hold the scenario's index tables.
    #[must_use]
    pub fn event_view(&self, e: &Event) -> serde_json::Value {
        let mut v = serde_json::to_value(&e.what).unwrap_or(serde_json::Value::Null);
        if let serde_json::Value::Object(map) = &mut v {
            for (k, x) in map.iter_mut() {
                let Some(n) = x.as_u64() else {
                    if (k == "side" || k == "winner")
                        && let Some(side) = x.as_str().and_then(|s| match s {
                            "A" => Some(Side::A),
                            "B" => Some(Side::B),
                            _ => None,
                        })
                    {
                        *x = serde_json::Value::String(self.data.sides[side].0.clone());
                    }
                    continue;
                };
                let n = n as usize;
                let named = match k.as_str() {
                    "unit" | "artillery" | "supported" => {
                        self.data.units.get(n).map(|u| u.id.clone())
                    }
                    "cell" | "from" | "to" | "target" | "depot" => {
                        (n < self.data.board.len()).then(|| self.data.board.label(Cell(n as u16)))
                    }
                    "card" => self.data.cards.get(n).map(|c| c.id.clone()),
                    "corps" => self.data.corps.get(n).map(|c| c.id.clone()),
                    _ => None,
                };
                if let Some(name) = named {
                    *x = serde_json::Value::String(name);
                }
            }
            map.insert("text".into(), serde_json::Value::String(self.event_text(e)));
        }
        v
    }

    pub(crate) fn event_text(&self, e: &Event) -> String {
        let b = &self.data.board;
        let side = |s: Side| self.side_word(s).to_string();
        let card = |c: crate::CardId| {
            format!(
                "{} \"{}\"",
                self.data.cards[c.ix()].id,
                self.data.cards[c.ix()].title
            )
        };
        match &e.what {
            What::Drew { side: s, card: c } => format!("{} draws {} (5.0)", side(*s), card(*c)),
            What::DrewHidden { side: s } => format!("{} draws a card (5.0)", side(*s)),
            What::Reshuffled { side: s } => format!(
                "{} reshuffles the discards into a new draw pile (5.1)",
                side(*s)
            ),
            What::Placed { unit, cell, facing } => format!(
                "{} set up in {} facing {facing}",
                self.uname(*unit),
                b.label(*cell)
            ),
            What::SetUp { side: s } => format!("{} has set up (Exclusive 3.0)", side(*s)),
            What::Played { side: s, card: c } => format!("{} plays {} (5.0)", side(*s), card(*c)),
            What::Discarded { side: s, card: c } => {
                format!("{} discards {} (12.0 C)", side(*s), card(*c))
            }
            What::PhaseBegins {
                turn,
                side: s,
                phase,
            } => format!("Turn {turn}: {} {phase} (4.0)", side(*s)),
            What::Moved {
                unit,
                from,
                to,
                mp_left_half,
            } => format!(
                "{} moves {} -> {} ({} MP left)",
                self.uid(*unit),
                b.label(*from),
                b.label(*to),
                half(*mp_left_half)
            ),
            What::Retreated { unit, from, to } => format!(
                "{} retreats {} -> {} (9.5.1)",
                self.uid(*unit),
                b.label(*from),
                b.label(*to)
            ),
            What::TokenMoved {
                side: s,
                token,
                from,
                to,
            } => {
                format!(
                    "a hidden {} piece (#{}) moves {} -> {}",
                    side(*s),
                    token + 1,
                    b.label(*from),
                    b.label(*to)
                )
            }
            What::Faced {
                unit,
                facing,
                mp_left_half,
            } => match mp_left_half {
                Some(h) => format!(
                    "{} faces {facing} ({} MP left) (7.2)",
                    self.uid(*unit),
                    half(*h)
                ),
                None => format!("{} faces {facing} (9.5.3)", self.uid(*unit)),
            },
            What::TokenFaced {
                side: s,
                token,
                facing,
            } => format!(
                "a hidden {} piece (#{}) faces {facing}",
                side(*s),
                token + 1
            ),
            What::Revealed { unit } => format!("revealed: {} (8.0)", self.uname(*unit)),
            What::DummyRemoved { unit } => {
                format!("dummy {} leaves the map (8.0)", self.uid(*unit))
            }
            What::TokenRemoved { side: s, token } => format!(
                "a hidden {} piece (#{}) leaves the map (7.7)",
                side(*s),
                token + 1
            ),
            What::AttackDeclared { unit, target } => {
                format!("{} will attack {} (9.1)", self.uid(*unit), b.label(*target))
            }
            What::SupportDeclared {
                artillery,
                supported: to,
            } => format!(
                "{} gives Supporting Fire to {} (9.2)",
                self.uid(*artillery),
                self.uid(*to)
            ),
            What::AttackResolved {
                target,
                attack,
                defence,
                differential,
                die,
                result,
            } => format!(
                "attack on {}: {attack} vs {defence}, differential {differential:+}, die {die}: {result} (9.0)",
                b.label(*target)
            ),
            What::AttackCancelled {
                target,
                differential,
            } => {
                format!(
                    "attack on {} cancelled (differential {differential:+}, 9.0 step 4)",
                    b.label(*target)
                )
            }
            What::AttackRolled { target, die } => format!(
                "the attack die on {} shows {die} (9.0 step 5)",
                b.label(*target)
            ),
            What::Rerolled { die } => format!("the die is rolled again: {die}"),
            What::AutomaticVictory { target } => {
                format!("automatic victory at {} (9.0)", b.label(*target))
            }
            What::MoraleTested {
                unit,
                rating,
                die,
                passed,
                rally,
            } => format!(
                "{} {} test: die {die} against {rating}: {} ({})",
                self.uid(*unit),
                if *rally { "Rally" } else { "Morale" },
                if *passed { "passed" } else { "failed" },
                if *rally { "10.2" } else { "9.5.2" }
            ),
            What::Routed { unit } => format!("{} routs (10.1)", self.uid(*unit)),
            What::Eliminated { unit, rule } => {
                format!("{} is eliminated ({rule})", self.uid(*unit))
            }
            What::Shaken { unit } => format!("{} is Shaken (10.3)", self.uid(*unit)),
            What::CorpsMorale { corps, morale } => {
                format!(
                    "{} corps morale now {morale} (11.1)",
                    self.data.corps[usize::from(*corps)].name
                )
            }
            What::Demoralized { corps } => format!(
                "{} corps is Demoralized (11.2)",
                self.data.corps[usize::from(*corps)].name
            ),
            What::Advanced { unit, to, .. } => {
                format!("{} advances into {} (9.5.3)", self.uid(*unit), b.label(*to))
            }
            What::DepotTaken { depot, side: s } => format!(
                "{} now holds the depot at {} (Exclusive 13.0)",
                side(*s),
                b.label(*depot)
            ),
            What::GameOver {
                winner,
                kind,
                points,
            } => match winner {
                Some(w) => format!(
                    "{} wins ({kind}); victory points {}-{} (13.0)",
                    side(*w),
                    points[0],
                    points[1]
                ),
                None => format!("draw; victory points {}-{} (13.0)", points[0], points[1]),
            },
        }
    }
}

fn half(h: u8) -> String {
    if h.is_multiple_of(2) {
        format!("{}", h / 2)
    } else {
        format!("{}.5", h / 2)
    }
}
