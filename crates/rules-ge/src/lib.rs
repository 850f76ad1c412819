//! Glory and Empire: the Soldiers, Battalion and Brigade Games of *First Victories: Wellington
//! versus Napoleon*.
//!
//! The rulebook is `shared/rules/first-victories-glory-and-empire.txt`, Part I (sections 1 to
//! 16) for the Soldiers Game and Part II for the Battalion Game, which repeats them with
//! additions. It gives the procedures but none of the Player Aid Card charts (only the Fire
//! Chart's FS 0 column and a few worked numbers): every chart is data in
//! `data/scenarios/ge/charts.toml`, each entry marked as stated by the text or authored by us.
//! One module per chapter: [`sequence`] (4), [`command`] (5), [`stacking`] (6), [`formation`]
//! (7), [`morale`] (8), [`movement`] (9), [`zoc`] (10), [`los`] (11), [`fire`] (12),
//! [`close_combat`] (13), [`reaction`] (14) and [`retreat`] (9.2); terrain (15) and time of day
//! (16) live in [`data`] and where they act. Where the text is silent the code says `RULING:`
//! and `docs/rules/ge-rulings.md` gives the reason.
//!
//! A scenario's `[scenario] level` ([`data::Level`]) chooses the game. The Battalion Game's
//! additions so far, inert in the Soldiers Game: [`orders`] (B5.4: Orders Initiative, Corps
//! Leader Orders Checks in the Attack and Reserve Orders Phases, the Overall Commander's loans
//! of his LIM), [`disorder`] (B9.4 Disorder Checks after a move, B9.5 Force March, B9.1.2
//! passing through friends), [`rbc`] (B13.4 Retreat Before Combat), [`charge`] (B13.2: the
//! Charge marker, Charge Zone and Charge Movement, the charge-distance CVM), in
//! [`close_combat`] the Attack Methods (B13.1.6) and Follow-On Assaults (B13.1.7), and in
//! [`reaction`] the Battalion Reaction Formation Change (B14.3), and [`ammunition`] (B7.9.3
//! ammunition levels and the Artillery Resupply Phase). [`charge`] also plays the Recall
//! (B13.2.7), the Pursuit (B13.2.9), the Follow-On Charge (B13.2.10) and the Regroup of a
//! Charge that ends without a target (B13.2.6), and [`reaction`] the Battalion Reaction Charge
//! (B14.4: its zone, Reaction Charge Movement, one attempt per moving stack, the
//! Counter-Charge) with the reactions a Charge Movement, a Pursuit and a Retreat Before
//! Combat trigger; in [`fire`] the Skirmish Zones (B7.6.6, B7.7.4), in [`movement`] the
//! Recall Skirmishers Check (B7.7.2) and in [`command`] the Command Check (B7.7.3) of
//! battalions en Débandade, in [`formation`] Covered Flanks (B7.4.1) and in [`movement`]
//! Prolonge (B7.9.1). Part II is complete but for its optional Fog of War (B12.1.3), which
//! needs hidden units, and the Prone units of B11.2.1, which only the Brigade Game has
//! (`docs/rules/ge-rulings.md` 101).
//!
//! The Brigade Game (`level = "brigade"`, Part III, rule numbers G17 to G23) plays every
//! Battalion rule ([`GloryEmpire::battalion`] holds at both levels, [`GloryEmpire::brigade`]
//! at this one only) and adds its own. So far: in [`drill`] what a turn costs (G18.1.1,
//! G18.1.2), the Line's free about-face and the Sub-Units Inverted marker with its 3 MP
//! re-ordering and its bar on reactions other than fire (G18.1.2, G17.4.3), Back-Up Movement
//! (G18.1.3), the March by the Flank (G18.1.4), the Passage of Lines (G18.5.1) and Prone
//! infantry (G18.6: lying down and
//! standing up, what stands it up, its fire by skirmishers only, its LOS exception of B11.2.1,
//! the Prone target FSM); in [`fatigue`] Fatigue (G22: the Fatigue Check marker, the Fatigue
//! Check Phase, the Fatigue Chart's FSM and check DRM, fatigued cavalry's Spent markers, the
//! Fatigue Recovery Phase); in [`columns`] the Close Column, Column of Attack and Division
//! Mass (G18.2), the Closed Square (G18.4), the Open Column (G18.2.3) and the Quarter-Wheel
//! (G18.3); in [`refused`] Refused Flanks (G18.5.3, both flanks for a nation the scenario
//! allows); cavalry skirmishers (G18.7) in [`movement`], [`fire`] and [`charge`]; in
//! [`reaction_change`] the wider Reaction Formation Change (G21.1, with the Open Column's
//! reaction Quarter-Wheel of G18.2.3) and in [`reaction_move`] the Reaction Move of cavalry
//! and limbered horse artillery (G21.2); in [`wave`] the Wave Charge (G20); in [`ranks`] the
//! optional Rank and File (G18.5.2); in [`artillery`] the Artillery Rounds (G19.1: Round
//! Shot, Canister, Shell and British Shrapnel, each with the counter's FS for it and its own
//! range bands, the round named in the fire action, the Ammunition Sheet's boxes marked off
//! by every attack instead of B7.9.3's ammunition rolls), the resupply of G19.3.1 through
//! B7.9.3's Artillery Resupply Phase where the optional Caissons are not played (ge-rulings
//! 124); in [`trains`] the Trains (G19.2: Road Column moves, stacking, Plunder) and the
//! optional Caissons (G19.3, G19.3.1: created empty, filled at their Train, delivered to their
//! battery; which battery an enemy Caisson serves is dealt at random in the computer's
//! samples, [`intelligence`]); and
//! Breakdown (G19.4, applied in [`morale`] with a failed Disorder Check); and Howitzers
//! (G19.7: a Shell attack beside the direct one, none with Canister, no clear LOS needed, the
//! hit roll, the scatter of a miss onto whoever is there, the strike without hexside and Long
//! Range shifts, and the Fire Marker a hit roll of 95-99 puts on a BUA hex); in [`fires`]
//! the effects of a hex on fire (16.3: the level its units lose when it starts, the Fire
//! Fighting Phase with its Morale Checks and its d10 that puts a fire out or spreads it to a
//! random adjacent BUA hex, no voluntary entry, retreats through it, its smoke blocking LOS);
//! and Duck and Drake (G19.6: a Rolling Shot from an Initial
//! Strike Hex along its Line of Fire, with its ends, defilade, spines, the shift per two
//! hexes and the one box spent); in [`bombard`] Bombardment Zones (G19.5: creating one under a
//! leader with a string of 10 artillery SP, dissolving it, its batteries held to Howitzer
//! Attacks in the fire segments, each stack's zone of Round Shot Effective and Long hexes in
//! sight, Bombardment Attacks at the end of a move on its path and on stationary units at the
//! end of their Movement Phase, the BZ Ammo Expenditure Phase and the dissolution at the end
//! of the turn, attacks on Reaction Moves, Advances After Combat, Charge Movements, Pursuits
//! and Regroups too, and on a reinforcement in its entry hex, ge-rulings 163, 211). In [`gtf`]
//! Command Status by
//! Grand Tactical Formation (G17.1, G17.2: the GTF markers of the set-up and of the Command
//! Attachment Phase, the Directing Unit, the Grand Column's strings and the Line of Battle's
//! lines, single or double, SeD companies, mixed GTFs, and the Battalion method's Command
//! Range of 0, the Disorder Check for ending a move among another GTF) and the evolutions
//! (G17.3: the Easy changes between single and double GTFs, G17.3.4, G17.3.5; the
//! deployments, the Grand Column formed from a line and the Changes of Front, G17.3.6 to
//! G17.3.9, with the Evolution in Progress marker, the extra MP and the Evolution Check).
//! In [`battle_order`] the optional Order of Battle (G17.4: seniority, Normal, Inverted and
//! Out of Order lines, Right and Left in Front, their Evolution Check DRMs, the sub-units a
//! wrong Quarter-Wheel inverts); in [`detached`] Detached Regiments (G17.5); in [`gtf`] also
//! leaving a GTF by moving before its Directing Unit and the illegal evolution of coming back
//! (G17.2.4), the Directing Unit turning only in an evolution (G17.3), and the GTF's
//! movement (G17.2.3): the Directing Unit's move opens the phase's segment, each unit that
//! stays in the GTF must then end its move in its place relative to the DU when it can reach
//! it, and does nothing on the way that puts the place out of reach (else its whole GTF
//! worsens one level; the computer's move plans keep the place and offer the whole GTF's
//! advance one or two hexes straight ahead as one plan, and the web page offers a person every
//! distance the DU can go straight ahead as one click), and the moment an evolution is
//! complete the whole GTF goes on with the MA left to the unit that spent the most in it
//! (G17.3.1); an evolution may follow a first segment, as in Figure 35, and another
//! evolution may follow a completed one while the GTF's units have MP left, each segment
//! opened by the Directing Unit's move. A brigade leader may be picked up
//! and put with a new Directing Unit at no cost before his GTF moves (G17.1, `du LEADER HEX`),
//! and once a turn in each evolution, with a unit that may direct the GTF being formed (G17.3.1),
//! and each time his Directing Unit begins to move in a Charge, a Reaction Charge, a retreat or
//! a pursuit (G17.1.2, [`state::Frame::PickUp`]).
//! In [`intelligence`] the optional Limited Intelligence (G23.1: stacks out of every enemy's
//! sight or 20 hexes from all of them obscured, shown to the enemy only as
//! [`observe::ObscuredStack`]s, the events about them secret to their owner, revealed the
//! moment they are seen, and the AI's determinization of them) and in [`dummies`] its Dummy
//! Brigades (G23.2: made for Obscured Brigades, Dummy Stacks the enemy sees as obscured stacks,
//! moved as infantry in Column, blocking sight as a standing stack would, removed when seen); a
//! leader in an Observation Point sees from its height (G23.3; the authored maps mark none).
//!
//! The state keeps a stack of pending procedures ([`state::Frame`]): a reaction of the
//! non-phasing player in the middle of a move, a morale check, a retreat or a close combat is
//! just another frame, decided by its side or rolled as a chance node. The Battalion and Brigade
//! games (orders checks, disorder checks, retreat before combat, pursuit, evolutions ...) add
//! frames and stages to the same machinery.
//!
//! ```no_run
//! # fn scenario() -> coupdoeil_scenario::Scenario { unimplemented!() }
//! use coupdoeil_engine::{Game, ToAct};
//! use coupdoeil_ge::GloryEmpire;
//! let game = GloryEmpire::new(&scenario()).expect("valid scenario");
//! let state = game.initial_state();
//! assert!(matches!(game.to_act(&state), ToAct::Side(_) | ToAct::Chance));
//! ```
#![forbid(unsafe_code)]

pub mod action;
pub mod ammunition;
pub mod artillery;
pub mod battle_order;
pub mod bombard;
pub mod charge;
pub mod close_combat;
pub mod columns;
pub mod command;
pub mod data;
pub mod detached;
pub mod disorder;
pub mod drill;
pub mod dummies;
pub mod event;
pub mod fatigue;
pub mod fire;
pub mod fires;
pub mod formation;
mod game;
pub mod gtf;
mod heuristic;
pub mod intelligence;
pub mod los;
pub mod morale;
pub mod movement;
mod notation;
pub mod observe;
pub mod occ;
pub mod orders;
mod plans;
pub mod ranks;
pub mod rbc;
pub mod reaction;
pub mod reaction_change;
pub mod reaction_move;
pub mod refused;
pub mod retreat;
pub mod sequence;
pub mod stacking;
pub mod state;
pub mod tables;
pub mod trains;
pub mod wave;
pub mod zoc;

pub use action::{Action, Chance};
pub use data::{Cell, Data, LeaderId, UnitId};
pub use event::Event;
pub use game::{DieKind, GloryEmpire};
pub use observe::Observation;
pub use plans::GTF_UI_AHEAD;
pub use state::State;

/// The rules version written into game records. Bump it whenever a change alters play.
/// Version 2: the Battalion Game's play changed after it first landed (Recall, Pursuit, the
/// Reaction Charge and the rest of Part II), and the Brigade Game began. Version 3: the Brigade
/// Game's Grand Tactical Formations (G17), artillery rounds (G19), Wave Charge (G20) and
/// reaction changes (G21), and a Charge Movement's events count hexes, not MP. Version 4: the
/// GTF's movement and MP after an evolution (G17.2.3, G17.3.1), fires' effects (16.3),
/// Bombardment Zones (G19.5), Trains and Caissons (G19.2, G19.3), Limited Intelligence with its
/// Dummy Brigades (G23), and a Reaction Charge Movement answered by Reaction Fire alone
/// (B14.4.5). Version 5: a unit following its GTF's Directing Unit steps and turns only so as
/// to keep its place within reach (G17.2.3, ge-rulings 135), and a Pursuit and a Regroup meet
/// the Bombardment Zones they crossed (G19.5.3, ge-rulings 211). Version 6: a reinforcement
/// that enters a Bombardment Zone is attacked in its entry hex (G19.5.3, ge-rulings 163); a
/// GTF follower's reckoning of the way to its place follows the real moves (ge-rulings 135);
/// a Rolling Shot fires on a Dummy Stack's hex as on a real obscured stack (ge-rulings 189).
/// Version 7: a Rolling Shot through an Initial Strike Hex next to the battery runs to the end
/// of its reach, as one through a farther hex does (G19.6.1). Version 8: a brigade leader may
/// be picked up and put with a new Directing Unit at no cost before his GTF moves (G17.1,
/// ge-rulings 141). Version 9: the same in a Reserve Movement Phase for a brigade under a
/// Reserve order, and, once a turn, while his GTF is in an evolution, with a unit that may
/// direct the GTF being formed (G17.3.1, ge-rulings 141); a Dummy Stack blocks a line of
/// sight as a standing stack would (G23.2.1, ge-rulings 189). Version 10: a brigade leader may
/// also be picked up as his Directing Unit begins to move in a Charge, a Reaction Charge, a
/// Wave, a retreat (or a Retreat Before Combat) or a pursuit (G17.1.2, ge-rulings 141).
/// Version 11: a GTF may begin another evolution after completing one in the same Movement
/// Phase while its units have MP left (G17.2.3, G17.3.1, ge-rulings 134, 148, 149), each with
/// its own pick-up of the leader (ruling 141); the Easy changes stay once a turn.
pub const RULES_VERSION: u32 = 11;
