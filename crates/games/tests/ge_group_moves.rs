//! G17.2.3 A whole Grand Tactical Formation's move offered with its Directing Unit's reach
//! (`group_moves`, the web page's one-click move), on the built-in `ge-vimeiro-brigade`: each
//! such move is a legal sequence of the side's own actions that puts the Directing Unit where
//! it says, moves the stacks it counts, and breaks no formation.

use coupdoeil_engine::{ToAct, Viewer};
use coupdoeil_games::AnyMatch;

fn hexes(m: &AnyMatch) -> std::collections::BTreeMap<String, String> {
    m.observe_ui(Viewer::Referee)["units"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|u| {
            Some((
                u["id"].as_str()?.to_string(),
                u["hex"].as_str()?.to_string(),
            ))
        })
        .collect()
}

#[test]
fn g17_2_3_a_directing_units_reach_offers_its_whole_gtfs_move() {
    let loaded = coupdoeil_games::load("ge-vimeiro-brigade").unwrap();
    let mut m = loaded.new_match(5);
    let mut found = None;
    // The first Movement Phase decision where a stack that may be selected leads a GTF's move.
    'outer: for _ in 0..3000 {
        while m.to_act() == ToAct::Chance {
            m.roll().unwrap();
        }
        let ToAct::Side(side) = m.to_act() else { break };
        let hints = m.legal_hints();
        for h in hints.iter().filter(|h| h.verb == "select") {
            let Some(unit) = h.unit.clone() else { continue };
            if let Ok(r) = m.reachable(side, &unit)
                && !r.group_moves.is_empty()
            {
                found = Some((side, unit, r));
                break 'outer;
            }
        }
        // Otherwise the first legal action, ending moves and phases soon.
        let pick = hints
            .iter()
            .find(|h| h.verb == "end" || h.verb == "pass" || h.verb == "end-phase")
            .or(hints.first())
            .map(|h| h.notation.clone())
            .unwrap();
        m.apply(&pick).unwrap();
    }
    let (side, unit, r) = found.expect("a Directing Unit was offered its GTF's move");
    assert!(
        m.reachable(side.other(), &unit).is_err(),
        "only the side to act may ask"
    );
    for g in &r.group_moves {
        assert!(
            g.path.first().is_some_and(|a| a.starts_with("select ")),
            "{g:?}"
        );
        assert!(g.stacks >= 1 && g.label.contains("whole GTF"), "{g:?}");
        m.check_sequence(side, &g.path)
            .unwrap_or_else(|e| panic!("{g:?}: {e}"));
        let before = hexes(&m);
        let mut c = m.clone();
        let mut events = Vec::new();
        for a in &g.path {
            events.extend(c.apply(a).unwrap());
        }
        let after = hexes(&c);
        assert_eq!(after.get(&unit), Some(&g.to), "{g:?}");
        let moved = before
            .iter()
            .filter(|(id, hex)| after.get(*id).is_some_and(|h| h != *hex))
            .count();
        assert!(
            moved >= usize::from(g.stacks),
            "{moved} units moved for {g:?}"
        );
        assert!(
            !events.iter().any(|e| e.text.contains("did not keep")),
            "{g:?}"
        );
    }
}
