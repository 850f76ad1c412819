use proptest::prelude::*;

use super::*;
use crate::EdgeDir;
use crate::test_support::arb_hex;

const ODD: MapNumbering = MapNumbering::new(1, 1, Stagger::OddColumnsDown, 2);
const EVEN: MapNumbering = MapNumbering::new(1, 1, Stagger::EvenColumnsDown, 2);

fn at(map: &MapNumbering, label: &str) -> Hex {
    map.parse(label).unwrap()
}

fn nb(map: &MapNumbering, label: &str, dir: EdgeDir) -> String {
    map.label(at(map, label).neighbor(dir))
}

/// With odd columns down, column 01 sits half a hex lower than column 02, which sits higher than
/// 03. So from 0101 (low) the hex to the east with the same row, 0201, is up-right (NE) and 0202
/// is down-right (SE); from 0202 (high) the same-row hex 0302 is down-right (SE) and 0301 is
/// up-right (NE).
#[test]
fn odd_columns_down_neighbours() {
    assert_eq!(nb(&ODD, "0101", EdgeDir::SE), "0202");
    assert_eq!(nb(&ODD, "0101", EdgeDir::NE), "0201");
    assert_eq!(nb(&ODD, "0101", EdgeDir::S), "0102");
    assert_eq!(nb(&ODD, "0202", EdgeDir::NE), "0301");
    assert_eq!(nb(&ODD, "0202", EdgeDir::SE), "0302");
    assert_eq!(nb(&ODD, "0202", EdgeDir::NW), "0101");
    assert_eq!(nb(&ODD, "0202", EdgeDir::SW), "0102");
    assert_eq!(nb(&ODD, "0202", EdgeDir::N), "0201");
    assert_eq!(nb(&ODD, "0305", EdgeDir::NW), "0205");
    assert_eq!(nb(&ODD, "0305", EdgeDir::SW), "0206");
}

/// With even columns down, column 02 is low: from 0201 the SE neighbour is 0302 and the NE
/// neighbour is 0301; from column 01 (high) the SE neighbour of 0101 is 0201.
#[test]
fn even_columns_down_neighbours() {
    assert_eq!(nb(&EVEN, "0201", EdgeDir::SE), "0302");
    assert_eq!(nb(&EVEN, "0201", EdgeDir::NE), "0301");
    assert_eq!(nb(&EVEN, "0101", EdgeDir::SE), "0201");
    assert_eq!(nb(&EVEN, "0102", EdgeDir::NE), "0201");
    assert_eq!(nb(&EVEN, "0201", EdgeDir::NW), "0101");
    assert_eq!(nb(&EVEN, "0201", EdgeDir::SW), "0102");
}

#[test]
fn origin_is_first_hex() {
    for map in [
        ODD,
        EVEN,
        MapNumbering::new(0, 0, Stagger::OddColumnsDown, 2),
    ] {
        assert_eq!(map.hex_at(map.first_column, map.first_row), Hex::ORIGIN);
    }
    let odd0 = MapNumbering::new(0, 0, Stagger::OddColumnsDown, 2);
    assert_eq!(odd0.label(Hex::ORIGIN), "0000");
    // Column 00 is high and column 01 low: the same-row hex to the east is SE.
    assert_eq!(odd0.label(Hex::new(1, 0)), "0100");
    assert_eq!(odd0.label(Hex::new(1, -1)), "1.-1");
}

#[test]
fn labels() {
    assert_eq!(ODD.label(ODD.hex_at(7, 12)), "0712");
    assert_eq!(ODD.label(ODD.hex_at(0, 0)), "0000");
    assert_eq!(ODD.label(ODD.hex_at(100, 5)), "10005");
    assert_eq!(ODD.label(ODD.hex_at(3, -2)), "3.-2");
    let three = MapNumbering::new(1, 1, Stagger::EvenColumnsDown, 3);
    assert_eq!(three.label(three.hex_at(12, 5)), "012005");
    assert_eq!(three.parse("012005"), Ok(three.hex_at(12, 5)));
}

#[test]
fn parse_forms_and_errors() {
    assert_eq!(ODD.parse(" 0712 "), Ok(ODD.hex_at(7, 12)));
    assert_eq!(ODD.parse("7.12"), Ok(ODD.hex_at(7, 12)));
    assert_eq!(ODD.parse("7,12"), Ok(ODD.hex_at(7, 12)));
    assert_eq!(ODD.parse("-3.-4"), Ok(ODD.hex_at(-3, -4)));
    assert_eq!(ODD.parse("123.4567"), Ok(ODD.hex_at(123, 4567)));
    assert_eq!(ODD.parse(""), Err(ParseHexError::Empty));
    assert_eq!(ODD.parse("   "), Err(ParseHexError::Empty));
    assert_eq!(
        ODD.parse("07123"),
        Err(ParseHexError::WrongLength {
            expected: 4,
            found: 5
        })
    );
    assert_eq!(
        ODD.parse("07a2"),
        Err(ParseHexError::InvalidNumber { text: "a".into() })
    );
    assert_eq!(
        ODD.parse("+712"),
        Err(ParseHexError::InvalidNumber { text: "+".into() })
    );
    assert_eq!(
        ODD.parse("7."),
        Err(ParseHexError::InvalidNumber {
            text: String::new()
        })
    );
    assert_eq!(
        ODD.parse("7.1.2"),
        Err(ParseHexError::InvalidNumber { text: "1.2".into() })
    );
    assert_eq!(
        ODD.parse("99999999999.1"),
        Err(ParseHexError::InvalidNumber {
            text: "99999999999".into()
        })
    );
    assert_eq!(
        ODD.parse("07é2").unwrap_err(),
        ParseHexError::InvalidNumber { text: "é".into() }
    );
    let msg = ODD.parse("123").unwrap_err().to_string();
    assert!(
        msg.contains("3 characters") && msg.contains("expected 4"),
        "{msg}"
    );
}

fn arb_numbering() -> impl Strategy<Value = MapNumbering> {
    (-20_i32..20, -20_i32..20, any::<bool>(), 1_u8..4).prop_map(|(c, r, odd, digits)| {
        let stagger = if odd {
            Stagger::OddColumnsDown
        } else {
            Stagger::EvenColumnsDown
        };
        MapNumbering::new(c, r, stagger, digits)
    })
}

/// Height of a printed hex centre in half-hex units, straight from the paper layout.
fn paper_y(map: &MapNumbering, column: i32, row: i32) -> i32 {
    2 * row + i32::from(map.column_is_down(column))
}

proptest! {
    #[test]
    fn offset_round_trip(map in arb_numbering(), h in arb_hex()) {
        let (c, r) = map.offset(h);
        prop_assert_eq!(map.hex_at(c, r), h);
    }

    #[test]
    fn hex_at_round_trip(map in arb_numbering(), c in -500_i32..500, r in -500_i32..500) {
        prop_assert_eq!(map.offset(map.hex_at(c, r)), (c, r));
    }

    #[test]
    fn label_parse_round_trip(map in arb_numbering(), h in arb_hex()) {
        let (c, r) = map.offset(h);
        let limit = 10_i32.pow(u32::from(map.digits));
        let label = map.label(h);
        if (0..limit).contains(&c) && (0..limit).contains(&r) {
            prop_assert_eq!(label.len(), 2 * usize::from(map.digits));
            prop_assert_eq!(map.parse(&label), Ok(h));
        } else if c < 0 || r < 0 {
            prop_assert_eq!(map.parse(&label), Ok(h));
        }
        prop_assert_eq!(map.parse(&format!("{c}.{r}")), Ok(h));
        prop_assert_eq!(map.parse(&format!("{c},{r}")), Ok(h));
    }

    #[test]
    fn down_a_column_is_south(map in arb_numbering(), c in -100_i32..100, r in -100_i32..100) {
        prop_assert_eq!(map.hex_at(c, r).neighbor(EdgeDir::S), map.hex_at(c, r + 1));
        prop_assert_eq!(map.hex_at(c, r).neighbor(EdgeDir::N), map.hex_at(c, r - 1));
    }

    /// Neighbours in the next column east are the two hexes whose centres are half a hex higher
    /// (NE) and half a hex lower (SE) on paper; likewise to the west.
    #[test]
    fn neighbours_match_paper(map in arb_numbering(), c in -100_i32..100, r in -100_i32..100) {
        let h = map.hex_at(c, r);
        let y = paper_y(&map, c, r);
        for (dir, dc, dy) in [
            (EdgeDir::NE, 1, -1),
            (EdgeDir::SE, 1, 1),
            (EdgeDir::SW, -1, 1),
            (EdgeDir::NW, -1, -1),
        ] {
            let (nc, nr) = map.offset(h.neighbor(dir));
            prop_assert_eq!(nc, c + dc);
            prop_assert_eq!(paper_y(&map, nc, nr), y + dy);
        }
    }
}
