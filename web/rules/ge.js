// Glory and Empire (the Soldiers Game of First Victories): its counters with their facing and
// formation, leaders, markers, the map's heights, Posts and objectives, the panels (score, the
// reaction, check, retreat or close combat being resolved, fire results waiting for the end of
// the segment) and the odds of a fire or a close combat before it is committed. Everything here
// reads the observation the server sent (crates/rules-ge/src/observe.rs with what
// crates/games/src/ge/ui.rs adds for drawing), the public board description, the legal actions
// and the previews (crates/games/src/ge/preview.rs); nothing else. The Soldiers Game hides
// nothing. See docs/web.md for the exports.

import { el, bearing } from '../js/map.js';
import { h, esc } from '../js/util.js';

// ---------- looks ----------

// Counter colours by nation: British red, Portuguese brown, French blue; others by side.
const NATION = {
  british: { bg: '#b8312f', edge: '#5e1414', ink: '#ffffff', bar: '#f3d36b', word: 'British' },
  portuguese: { bg: '#6f4e2e', edge: '#3a2814', ink: '#ffffff', bar: '#9fd0ff', word: 'Portuguese' },
  french: { bg: '#2f4f9f', edge: '#14234f', ink: '#ffffff', bar: '#f3d36b', word: 'French' },
  spanish: { bg: '#e8d9a8', edge: '#7a6634', ink: '#2b2010', bar: '#b8312f', word: 'Spanish' },
};
const BY_SIDE = {
  A: { bg: '#b8312f', edge: '#5e1414', ink: '#ffffff', bar: '#f3d36b', word: '' },
  B: { bg: '#2f4f9f', edge: '#14234f', ink: '#ffffff', bar: '#f3d36b', word: '' },
};

let board = null; // the board description, kept from the last call that gave it
const unitDefs = new Map();
const leaderDefs = new Map();
let lastObs = null;

function know(b) {
  if (!b || b === board) return;
  board = b;
  unitDefs.clear();
  leaderDefs.clear();
  for (const u of b.units || []) unitDefs.set(u.id, u);
  for (const l of b.leaders || []) leaderDefs.set(l.id, l);
}

const look = (def, side) => NATION[def?.nation] || BY_SIDE[side] || BY_SIDE.A;
const cap = (t) => String(t || '').replace(/^./, (m) => m.toUpperCase());
const signed = (n) => (n > 0 ? `+${n}` : `${n}`);
const pct = (x) => `${x?.hundredths ?? 0}%`;

function shortName(name, n = 12) {
  const t = String(name || '');
  return t.length > n ? `${t.slice(0, n - 1)}…` : t;
}

function unitName(id) {
  return unitDefs.get(id)?.name || leaderDefs.get(id)?.name || id;
}

// The counter's outline for each formation (7): a Line is wide and shallow, a Column narrow and
// deep, a Road Column narrower and deeper still, a Square square with a front on every side;
// skirmishers en Débandade are a dashed outline; artillery limbered or unlimbered a plain
// counter; a Broken or Routed unit has no formation.
const SHAPE = {
  line: { w: 52, h: 24 },
  column: { w: 32, h: 40 },
  road_column: { w: 24, h: 48 },
  sed: { w: 48, h: 26, dash: '4 2' },
  square: { w: 36, h: 36, square: true },
  limbered: { w: 40, h: 30 },
  unlimbered: { w: 44, h: 30 },
  dispersed: { w: 40, h: 30, dash: '2 2' },
};

const FORMATION = {
  line: 'Line (7.4)', column: 'Column (7.3)', road_column: 'Road Column (7.5)', sed: 'en Débandade (7.7)',
  square: 'Square (7.8)', limbered: 'Limbered (7.9)', unlimbered: 'Unlimbered (7.9)', dispersed: 'no formation (8.5)',
};
const MORALE = { normal: null, disorder: ['DIS', '#f0c330', '#2b2418', 'Disorder (8.3)'], shaken: ['SHK', '#e38b2c', '#fff', 'Shaken (8.4)'], broken: ['BRK', '#c0392b', '#fff', 'Broken (8.5)'], rout: ['ROUT', '#7b1b14', '#fff', 'Rout (8.6)'] };

function marker(g, text, fill, ink, dx, dy, title, w = 26) {
  const m = el('g', { transform: `translate(${dx},${dy})`, class: 'marker' }, g);
  el('rect', { x: -w / 2, y: -6.5, width: w, height: 13, rx: 2, fill, stroke: '#2b2418', 'stroke-width': 0.9 }, m);
  el('text', { x: 0, y: 3, 'text-anchor': 'middle', 'font-size': 7.4, 'font-weight': 700, fill: ink, 'font-family': 'var(--sans)', text }, m);
  if (title) el('title', { text: title }, m);
  return m;
}

// The Brigade Game's markers on a unit (Figure 30): the short text drawn on the map and the
// words with their rule for the tooltip.
const BRIGADE_MARK = {
  close_column: ['CC', 'Close Column (G18.2.1)'],
  attack_column: ['AC', 'Column of Attack (G18.2.2)'],
  open_column: ['OC', 'Column at Full Distance (G18.2.3)'],
  division_mass: ['DM', 'Division Mass (G18.2.4)'],
  closed_square: ['CSq', 'Closed Square (G18.4)'],
  prone: ['PR', 'Prone (G18.6)'],
  sub_units_inverted: ['INV', 'Sub-Units Inverted (G18.1.2)'],
  refused_left: ['RfL', 'Left flank refused (G18.5.3)'],
  refused_right: ['RfR', 'Right flank refused (G18.5.3)'],
};
const brigadeMarks = (u) => (u.markers || []).map((k) => BRIGADE_MARK[k] || [k, k.replace(/_/g, ' ')]);

// A brigade's Grand Tactical Formation (G17.2), shown on its leader: the marker's short text and
// its name with the rule.
const GTF_MARK = {
  gc: ['GC', 'Grand Column (G17.2.1)'],
  'double-gc': ['2GC', 'Double Grand Column (G17.2.1)'],
  lob: ['LOB', 'Line of Battle (G17.2.2)'],
  'double-lob': ['2LOB', 'Double Line of Battle (G17.2.2)'],
};
const gtfWords = (l) => [l.gtf ? `${(GTF_MARK[l.gtf] || [0, l.gtf])[1]}` : '', l.evolving ? `Evolution in Progress: ${l.evolving}` : ''].filter(Boolean).join('; ');

// A brigade's Fatigue (G22), shown on its leader: the level, and R while it recovers.
const fatigueWords = (l) => (l.fatigue || l.recovering
  ? `Fatigue Level ${l.fatigue || 0}${l.recovering ? ', in Fatigue Recovery' : ''} (G22)`
  : '');

// The NATO type box: infantry a cross, cavalry a diagonal, artillery a dot.
function typeBox(g, arm, lk, x, y, w = 16, hh = 10) {
  el('rect', { x, y, width: w, height: hh, fill: 'none', stroke: lk.ink, 'stroke-width': 1.1 }, g);
  if (arm === 'infantry') el('path', { d: `M${x},${y} L${x + w},${y + hh} M${x + w},${y} L${x},${y + hh}`, stroke: lk.ink, 'stroke-width': 0.9 }, g);
  if (arm === 'cavalry') el('path', { d: `M${x},${y + hh} L${x + w},${y}`, stroke: lk.ink, 'stroke-width': 1.1 }, g);
  if (arm === 'artillery') el('circle', { cx: x + w / 2, cy: y + hh / 2, r: 2.6, fill: lk.ink }, g);
}

// ---------- the pieces ----------

// One piece per counter on the map. In each hex: its leaders first (small round counters in the
// corner), then its combat units from the bottom of the stack to the top.
function pieces(obs) {
  const out = [];
  const byHex = new Map();
  for (const u of obs.units || []) {
    if (!u.hex) continue;
    if (!byHex.has(u.hex)) byHex.set(u.hex, []);
    byHex.get(u.hex).push(u);
  }
  const leadersAt = new Map();
  for (const l of obs.leaders || []) {
    if (!l.hex) continue;
    if (!leadersAt.has(l.hex)) leadersAt.set(l.hex, []);
    leadersAt.get(l.hex).push(l);
  }
  // G19.2, G19.3 Trains and Caissons: drawn under the stack they share a hex with.
  const wagonsAt = new Map();
  for (const t of obs.trains || []) {
    if (!t.hex) continue;
    if (!wagonsAt.has(t.hex)) wagonsAt.set(t.hex, []);
    wagonsAt.get(t.hex).push({ key: `t-${t.id}`, unit: t.id, wagon: 'train', side: t.side, info: t });
  }
  (obs.caissons || []).forEach((c, k) => {
    if (!wagonsAt.has(c.hex)) wagonsAt.set(c.hex, []);
    // The enemy's Caissons come without their battery (G19.3.1: noted on its side's sheet).
    wagonsAt.get(c.hex).push({ key: `c-${k}`, unit: c.battery ? `caisson:${c.battery}` : null, wagon: 'caisson', side: c.side, info: c });
  });
  // G23.2 Our own Dummy Stacks (their owner alone is told of them).
  for (const d of obs.dummies || []) {
    if (!wagonsAt.has(d.hex)) wagonsAt.set(d.hex, []);
    wagonsAt.get(d.hex).push({ key: `d-${d.index}`, unit: `dummy:${d.index}`, dummy: true, side: d.side, info: d });
  }
  // G23.1 Obscured stacks (Limited Intelligence): only a marker and the height of the stack.
  const hiddenAt = new Map();
  for (const o of obs.obscured || []) hiddenAt.set(o.hex, o);
  const moving = obs.mover?.unit || null;
  const movingAll = new Set([...(obs.mover?.units || []), obs.mover?.leader].filter(Boolean));
  const hexes = [...new Set([...byHex.keys(), ...leadersAt.keys(), ...wagonsAt.keys(), ...hiddenAt.keys()])].sort();
  for (const hex of hexes) {
    (wagonsAt.get(hex) || []).forEach((w, i) => out.push({ ...w, hex, leader: false, index: i }));
    const o = hiddenAt.get(hex);
    if (o) out.push({ key: `o-${hex}`, hex, side: o.side, unit: null, obscured: true, leader: false, index: 0, count: 1, info: o });
    (leadersAt.get(hex) || []).forEach((l, i) => out.push({
      key: `l-${l.id}`, hex, side: l.side, unit: l.id, leader: true, index: i, info: l, moving: movingAll.has(l.id),
    }));
    const stack = (byHex.get(hex) || []).slice().sort((a, b) => b.stack - a.stack);
    for (const u of stack) {
      out.push({
        key: `u-${u.id}`, hex, side: u.side, unit: u.id, facing: u.facing, leader: false, index: u.stack, count: stack.length, info: u,
        moving: moving === u.id || movingAll.has(u.id),
      });
    }
  }
  return out;
}

// G19.2 A Train, G19.3 a Caisson: a small upright wagon counter in the lower corner of the hex.
function drawWagon(p, ctx) {
  const lk = look({}, p.side);
  const train = p.wagon === 'train';
  const g = el('g', { class: `wagon ge-${p.wagon}`, transform: `translate(${22 - p.index * 6},${20 - p.index * 3})` });
  if (ctx.selected && ctx.selected === p.unit) el('rect', { x: -14, y: -10, width: 28, height: 20, rx: 4, class: 'glow-selected' }, g);
  el('rect', { x: -11 + 1.5, y: -7 + 2, width: 22, height: 14, rx: 2, fill: '#000', opacity: 0.25 }, g);
  el('rect', { x: -11, y: -7, width: 22, height: 14, rx: 2, fill: lk.bg, stroke: lk.edge, 'stroke-width': 1 }, g);
  // The wagon: a box on two wheels.
  el('rect', { x: -6, y: -4, width: 12, height: 5, fill: 'none', stroke: lk.ink, 'stroke-width': 0.9 }, g);
  el('circle', { cx: -3.5, cy: 3, r: 1.8, fill: 'none', stroke: lk.ink, 'stroke-width': 0.8 }, g);
  el('circle', { cx: 3.5, cy: 3, r: 1.8, fill: 'none', stroke: lk.ink, 'stroke-width': 0.8 }, g);
  const label = train ? 'TRN' : (p.info.full ? 'FULL' : 'EMPTY');
  el('text', { x: 0, y: -8.5, 'text-anchor': 'middle', 'font-size': 4.6, 'font-weight': 700, fill: '#2b2418', text: label }, g);
  el('title', { text: wagonWords(p) }, g);
  return g;
}

// The side letter of a side named by its id (an obscured stack's) or already by its letter.
function sideLetter(side, ctx) {
  return (ctx.board.sides || []).find((x) => x.id === side)?.side || side;
}

// G23.1 An obscured stack: the Obscured Marker, with as many counters under it as the stack has.
function drawObscured(p, ctx) {
  const side = sideLetter(p.side, ctx);
  const lk = look({}, side);
  const n = Math.max(1, p.info.counters || 1);
  const g = el('g', { class: 'counter ge-obscured' });
  for (let i = Math.min(n, 4) - 1; i >= 0; i--) {
    el('rect', { x: -17 + i * 3, y: -13 - i * 3, width: 34, height: 26, rx: 2.5, fill: lk.bg, stroke: lk.edge, 'stroke-width': 1.2, opacity: i ? 0.75 : 1 }, g);
  }
  el('text', { x: 0, y: 5, 'text-anchor': 'middle', 'font-size': 15, 'font-weight': 800, fill: lk.ink, 'font-family': 'var(--sans)', text: '?' }, g);
  marker(g, `×${n}`, '#4a4a4a', '#fff', 14, 17, `${n} counter${n === 1 ? '' : 's'} in the stack`, 18);
  el('title', { text: obscuredWords(p, ctx) }, g);
  return g;
}

// G23.2 One of our Dummy Stacks: an Obscured Marker with a D, in the hex's corner.
function drawDummy(p, ctx) {
  const lk = look({}, sideLetter(p.side, ctx));
  const g = el('g', { class: 'counter ge-dummy', transform: `translate(${-20 + p.index * 5},${18 - p.index * 3})` });
  if (ctx.selected && ctx.selected === p.unit) el('rect', { x: -13, y: -11, width: 26, height: 22, rx: 4, class: 'glow-selected' }, g);
  el('rect', { x: -10, y: -8, width: 20, height: 16, rx: 2, fill: lk.bg, stroke: lk.edge, 'stroke-width': 1, 'stroke-dasharray': '2 1.5' }, g);
  el('text', { x: 0, y: 4, 'text-anchor': 'middle', 'font-size': 10, 'font-weight': 800, fill: lk.ink, 'font-family': 'var(--sans)', text: 'D' }, g);
  el('title', { text: dummyWords(p) }, g);
  return g;
}

function dummyWords(p) {
  const n = p.info.counters || 1;
  return `our Dummy Stack ${p.info.index} of ${unitName(p.info.leader)}'s Dummy Brigade: the enemy sees an obscured stack of ${n} counter${n === 1 ? '' : 's'} (G23.2)${p.info.moved ? ', moved this phase' : ''}`;
}

function obscuredWords(p, ctx) {
  const n = p.info.counters || 1;
  return `an obscured ${ctx.sideName(sideLetter(p.side, ctx))} stack of ${n} counter${n === 1 ? '' : 's'}: what it is stays hidden while it is out of sight of every enemy unit or 20 hexes from them (G23.1)`;
}

function wagonWords(p) {
  if (p.wagon === 'train') return `${p.info.name}: a Train, in Road Column (G19.2)${p.info.moved ? ', moved this phase' : ''}`;
  return `${p.info.battery ? `the Caisson of ${unitName(p.info.battery)}` : 'an enemy Caisson'}, ${p.info.full ? 'full' : 'empty'} (G19.3)${p.info.moved ? ', moved this phase' : ''}`;
}

function drawLeader(p, ctx) {
  const def = leaderDefs.get(p.unit) || {};
  const lk = look(def, p.side);
  const at = p.card ? 'scale(1.8)' : `translate(${-30 + p.index * 9},${24 - p.index * 3})`;
  const g = el('g', { class: `leader${p.moving ? ' moving' : ''}`, transform: at });
  if (p.moving || (ctx.selected && ctx.selected === p.unit)) el('circle', { r: 15, class: p.moving ? 'glow-moving' : 'glow-selected' }, g);
  el('circle', { cx: 1.5, cy: 2, r: 11, fill: '#000', opacity: 0.28 }, g);
  el('circle', { r: 11, fill: lk.bg, stroke: lk.edge, 'stroke-width': def.overall ? 2.6 : 1.2 }, g);
  if (def.overall) el('circle', { r: 8.6, fill: 'none', stroke: lk.ink, 'stroke-width': 0.7 }, g);
  const last = String(def.name || p.unit).replace(/\(.*\)/, '').trim().split(/\s+/).pop() || p.unit;
  el('text', { x: 0, y: 2.4, 'text-anchor': 'middle', 'font-size': 5.8, 'font-weight': 700, fill: lk.ink, 'font-family': 'var(--sans)', text: last.slice(0, 8) }, g);
  const v = p.info.values || def.values || {};
  el('text', { x: 0, y: -4.2, 'text-anchor': 'middle', 'font-size': 5.2, 'font-weight': 800, fill: lk.ink, text: `${v.range ?? ''}` }, g);
  if (p.info.order) el('text', { x: 0, y: 8.4, 'text-anchor': 'middle', 'font-size': 4.6, fill: lk.ink, text: p.info.order.slice(0, 3).toUpperCase() }, g);
  if (p.info.gtf || p.info.evolving) {
    const text = `${p.info.gtf ? (GTF_MARK[p.info.gtf] || [p.info.gtf])[0] : ''}${p.info.evolving ? '·EV' : ''}`;
    marker(g, text, '#3b4f7a', '#fff', 0, -16, gtfWords(p.info), Math.max(16, text.length * 4.6 + 6)).setAttribute('class', 'marker ge-gtf');
  }
  const tired = fatigueWords(p.info);
  if (tired) marker(g, `F${p.info.fatigue || 0}${p.info.recovering ? 'R' : ''}`, '#c9a227', '#2b2418', 11, -11, tired, 16).setAttribute('class', 'marker ge-fatigue');
  el('title', { text: `${def.name || p.unit} (${def.echelon || 'leader'}), command range ${v.range ?? '?'}${p.info.order ? `, ${p.info.order} order` : ''}${tired ? `, ${tired}` : ''}${gtfWords(p.info) ? `, ${gtfWords(p.info)}` : ''}` }, g);
  return g;
}

// One combat unit counter centred on (0, 0), turned to its facing: the coloured bar is its front
// (7.1); its outline shows its formation. A stack is fanned out, the top counter in front.
function drawPiece(p, ctx) {
  know(ctx.board);
  if (p.obscured) return drawObscured(p, ctx);
  if (p.dummy) return drawDummy(p, ctx);
  if (p.wagon) return drawWagon(p, ctx);
  if (p.leader) return drawLeader(p, ctx);
  const def = unitDefs.get(p.unit) || {};
  const u = p.info;
  const lk = look(def, p.side);
  const n = p.card ? 1 : p.count || 1;
  const i = p.card ? 0 : p.index || 0;
  const shift = (n - 1) / 2;
  const dx = (i - shift) * 4;
  const dy = -(i - shift) * 4;
  const g = el('g', { class: `counter${p.moving ? ' moving' : ''}${ctx.selected === p.unit ? ' selected' : ''}`, transform: `translate(${dx.toFixed(1)},${dy.toFixed(1)})`, 'data-formation': u.formation });
  const sh = SHAPE[u.formation] || SHAPE.dispersed;
  const W = sh.w;
  const H = sh.h;
  const b = bearing(p.facing || 'N');
  const body = el('g', { transform: `rotate(${b})` }, g);
  if (p.moving || (ctx.selected && ctx.selected === p.unit)) {
    el('rect', { x: -W / 2 - 5, y: -H / 2 - 5, width: W + 10, height: H + 10, rx: 6, class: p.moving ? 'glow-moving' : 'glow-selected' }, body);
  }
  el('rect', { x: -W / 2 + 2, y: -H / 2 + 2.5, width: W, height: H, rx: 2.5, fill: '#000', opacity: 0.25 }, body);
  el('rect', { x: -W / 2, y: -H / 2, width: W, height: H, rx: 2.5, fill: lk.bg, stroke: lk.edge, 'stroke-width': 1.3, 'stroke-dasharray': sh.dash || null }, body);
  // The front: one bar, or four for a Square (all round defence, 7.8).
  el('rect', { x: -W / 2 + 1, y: -H / 2 + 1, width: W - 2, height: 3, fill: lk.bar }, body);
  if (sh.square) {
    el('rect', { x: -W / 2 + 1, y: H / 2 - 4, width: W - 2, height: 3, fill: lk.bar }, body);
    el('rect', { x: -W / 2 + 1, y: -H / 2 + 1, width: 3, height: H - 2, fill: lk.bar }, body);
    el('rect', { x: W / 2 - 4, y: -H / 2 + 1, width: 3, height: H - 2, fill: lk.bar }, body);
  }
  // The words stay readable: laid along the box's side nearest to level, so never tilted by
  // more than 45 degrees (30 on a hex map), and across the box when that side is its depth.
  const quarter = Math.round(b / 90);
  const text = el('g', { transform: `rotate(${b - quarter * 90})`, class: 'ge-words' }, g);
  const across = quarter % 2 !== 0;
  const wide = across ? H : W;
  const narrow = wide < 40;
  typeBox(text, u.arm, lk, narrow ? -8 : -wide / 2 + 4, -5, narrow ? 16 : 14, 10);
  el('text', { x: narrow ? 0 : 6, y: narrow ? -9 : -1, 'text-anchor': 'middle', 'font-size': 6, 'font-weight': 600, fill: lk.ink, text: shortName(def.name, narrow ? 8 : 12) }, text);
  el('text', { x: narrow ? 0 : 6, y: narrow ? 14 : 9, 'text-anchor': 'middle', 'font-size': 8, 'font-weight': 700, fill: lk.ink, 'font-family': 'var(--sans)', text: `${u.sp}-${u.mv}` }, text);
  // Markers, upright whatever the counter's facing.
  const m = MORALE[u.morale];
  if (m) marker(g, m[0], m[1], m[2], 12, -18, m[3]);
  if (u.skirmishers) marker(g, `Sk${u.skirmishers}`, '#e9e1c4', '#2b2418', -14, -18, `${u.skirmishers} SP en Tirailleurs (7.6.1)`, 20);
  if (u.ooc) marker(g, 'OOC', '#6b4fa0', '#fff', -14, 18, 'Out of Command (5.3)', 20);
  if (u.spent) marker(g, `SP${u.spent}`, '#7d7465', '#fff', 14, 18, `${u.spent} Spent marker${u.spent > 1 ? 's' : ''} (13.2.6)`, 20);
  if (u.assault) marker(g, 'ASLT', '#b3261e', '#fff', 0, 22, `Assault on ${u.assault} (13.1.1)`, 24);
  if (u.charge) marker(g, 'CHG', '#b3261e', '#fff', 0, 22, `Charge on ${u.charge} (13.2)`, 24);
  const marks = brigadeMarks(u);
  if (marks.length) {
    const text = marks.map((x) => x[0]).join(' ');
    marker(g, text, '#2f5d50', '#fff', 0, -29, marks.map((x) => x[1]).join(', '), Math.max(16, text.length * 4.6 + 6)).setAttribute('class', 'marker ge-brigade-marker');
  }
  el('title', { text: `${def.name || p.unit}: ${FORMATION[u.formation] || u.formation}, facing ${u.facing}` }, g);
  return g;
}

// ---------- the map's own marks: heights, contours, trails, Posts, objectives ----------

function hexPoints(x, y, r) {
  const pts = [];
  for (let k = 0; k < 6; k++) {
    const a = (Math.PI / 3) * k;
    pts.push(`${(x + r * Math.cos(a)).toFixed(1)},${(y + r * Math.sin(a)).toFixed(1)}`);
  }
  return pts.join(' ');
}

function drawMap(layer, view) {
  know(view.board);
  const b = view.board;
  const top = Math.max(0, ...(b.hexes || []).map((x) => x.level || 0));
  // Each Elevation Level a little darker (11.2.2).
  if (top > 0) {
    for (const hx of b.hexes) {
      if (!hx.level) continue;
      el('polygon', { points: hexPoints(hx.x, hx.y, view.R), fill: '#6b4a1f', opacity: (0.07 * hx.level).toFixed(2), class: 'ge-level', 'pointer-events': 'none' }, layer);
    }
  }
  for (const c of b.contours || []) {
    el('line', { x1: c.x1, y1: c.y1, x2: c.x2, y2: c.y2, stroke: c.top ? '#5a3a12' : '#8a6a3a', 'stroke-width': c.top ? 2.6 : 1.6, 'stroke-linecap': 'round', class: 'ge-contour' }, layer);
    // Ticks down the slope, from the higher hex.
    const mx = (c.x1 + c.x2) / 2;
    const my = (c.y1 + c.y2) / 2;
    el('line', { x1: mx, y1: my, x2: mx - c.ux * 5, y2: my - c.uy * 5, stroke: '#8a6a3a', 'stroke-width': 1.2 }, layer);
  }
  for (const t of b.trails || []) {
    el('line', { x1: t.x1, y1: t.y1, x2: t.x2, y2: t.y2, stroke: '#8a6a3a', 'stroke-width': 2, 'stroke-dasharray': '5 4', class: 'ge-trail' }, layer);
  }
  for (const p of b.posts || []) {
    const c = view.hex(p.hex);
    if (!c) continue;
    const g = el('g', { transform: `translate(${c.x + view.R * 0.45},${c.y - view.H * 0.36})`, class: 'ge-post' }, layer);
    el('rect', { x: -6, y: -6, width: 12, height: 12, fill: '#f4eedd', stroke: '#3a2a18', 'stroke-width': 1.2 }, g);
    el('text', { x: 0, y: 3, 'text-anchor': 'middle', 'font-size': 8, 'font-weight': 800, fill: '#3a2a18', text: 'P' }, g);
    el('title', { text: `${p.name || 'Post'} (15.2${p.fortified ? ', may be Fortified' : ''})` }, g);
  }
  // G23.3 Observation Points: a windmill's sails.
  for (const hx of b.hexes || []) {
    if (!hx.observation) continue;
    const g = el('g', { transform: `translate(${hx.x + view.R * 0.45},${hx.y + view.H * 0.3})`, class: 'ge-observation' }, layer);
    el('path', { d: 'M-6,-6 L6,6 M-6,6 L6,-6', stroke: '#3a2a18', 'stroke-width': 1.6, 'stroke-linecap': 'round' }, g);
    el('circle', { cx: 0, cy: 0, r: 2, fill: '#f4eedd', stroke: '#3a2a18', 'stroke-width': 1 }, g);
    el('title', { text: `Observation Point, ${hx.observation} level${hx.observation === 1 ? '' : 's'} high: a leader here sees from its height (G23.3)` }, g);
  }
  for (const o of b.objectives || []) {
    const c = view.hex(o.hex);
    if (!c) continue;
    const g = el('g', { transform: `translate(${c.x - view.R * 0.45},${c.y - view.H * 0.36})`, class: 'ge-objective' }, layer);
    el('path', { d: 'M0,-7 L2,-2 L7,-2 L3,1.5 L4.5,7 L0,3.8 L-4.5,7 L-3,1.5 L-7,-2 L-2,-2 Z', fill: '#e8c15a', stroke: '#5a4310', 'stroke-width': 0.8 }, g);
    const only = o.scores_for && (b.sides || []).find((x) => x.id === o.scores_for);
    el('title', { text: `${o.name}: ${o.vp} VP${only ? ` for the ${only.name} only, when they hold it` : ''}` }, g);
  }
}

function mapLegend(b, sw) {
  const items = [];
  if ((b.hexes || []).some((x) => x.level)) items.push(`${sw('<rect x="1" y="1" width="24" height="16" fill="#6b4a1f" opacity=".21"/><line x1="2" y1="16" x2="24" y2="16" stroke="#5a3a12" stroke-width="2.6"/>')} higher ground, darker each Elevation Level; a contour line, heavy on a crest (11.2.2)`);
  if (b.trails?.length) items.push(`${sw('<line x1="2" y1="9" x2="24" y2="9" stroke="#8a6a3a" stroke-width="2" stroke-dasharray="5 4"/>')} trail`);
  if (b.posts?.length) items.push(`${sw('<rect x="7" y="3" width="12" height="12" fill="#f4eedd" stroke="#3a2a18"/>')} a Post (15.2)`);
  if ((b.hexes || []).some((x) => x.observation)) items.push(`${sw('<path d="M7,3 L19,15 M7,15 L19,3" stroke="#3a2a18" stroke-width="1.6"/><circle cx="13" cy="9" r="2" fill="#f4eedd" stroke="#3a2a18"/>')} an Observation Point: a leader there sees from its height (G23.3)`);
  if (b.objectives?.length) items.push(`${sw('<path d="M13,2 L15,7 L20,7 L16,10 L17.5,16 L13,12.8 L8.5,16 L10,10 L6,7 L11,7 Z" fill="#e8c15a" stroke="#5a4310"/>')} an objective`);
  return items;
}

// ---------- arrows over the pieces: fire, close combats, the reaction offered ----------

function arrow(g, f, t, cls) {
  const sx = f.x + (t.x - f.x) * 0.2;
  const sy = f.y + (t.y - f.y) * 0.2;
  const ex = f.x + (t.x - f.x) * 0.76;
  const ey = f.y + (t.y - f.y) * 0.76;
  el('line', { x1: sx, y1: sy, x2: ex, y2: ey, class: 'attack-casing' }, g);
  el('line', { x1: sx, y1: sy, x2: ex, y2: ey, class: cls, 'marker-end': 'url(#ge-arrowhead)' }, g);
}

function tag(g, at, text, fill = '#b3261e') {
  const t = el('g', { transform: `translate(${at.x + 24},${at.y - 26})`, class: 'ge-odds' }, g);
  const w = 8 + text.length * 5.6;
  el('rect', { x: -w / 2, y: -9, width: w, height: 16, rx: 8, fill, stroke: '#fff', 'stroke-width': 1.2 }, t);
  el('text', { x: 0, y: 3.5, 'text-anchor': 'middle', 'font-size': 10, 'font-weight': 700, fill: '#fff', text }, t);
}

function overlay(obs, ctx) {
  know(ctx.board);
  const g = el('g', { class: 'ge-overlay' });
  const defs = el('defs', {}, g);
  const mk = el('marker', { id: 'ge-arrowhead', viewBox: '0 0 10 10', refX: 7, refY: 5, markerWidth: 5, markerHeight: 5, orient: 'auto-start-reverse' }, defs);
  el('path', { d: 'M0,0 L10,5 L0,10 z', fill: '#b3261e' }, mk);
  const hex = (x) => ctx.hex(x);
  for (const f of obs.fire_results || []) {
    const a = hex(f.from);
    const b = hex(f.target);
    if (a && b) arrow(g, a, b, 'attack-arrow done');
  }
  for (const u of obs.units || []) {
    const t = u.assault || u.charge;
    if (!t || !u.hex || u.stack) continue;
    const a = hex(u.hex);
    const b = hex(t);
    if (a && b) arrow(g, a, b, 'attack-arrow');
  }
  const cc = obs.close_combat;
  if (cc) {
    const b = hex(cc.target);
    for (const a of cc.attackers || []) {
      const f = hex(a.hex);
      if (f && b) arrow(g, f, b, 'attack-arrow');
    }
  }
  const pv = obs.preview_ge;
  if (pv) {
    if (pv.fs !== undefined) {
      const a = hex(pv.from);
      const b = hex(pv.target);
      if (a && b) {
        arrow(g, a, b, 'attack-arrow');
        tag(g, b, `col ${pv.column} · ${pct(pv.effect)}`);
      }
    } else if (pv.attackers) {
      const b = hex(pv.target);
      for (const a of pv.attackers) {
        const f = hex(a.hex);
        if (f && b) arrow(g, f, b, 'attack-arrow');
      }
      if (b && pv.cold_steel) tag(g, b, `wins ${pct(pv.cold_steel.attacker_wins)}`);
    }
  }
  const r = obs.reaction;
  if (r) {
    const t = hex(r.target);
    for (const x of r.reactors || []) {
      const f = hex(x);
      if (f && t) el('line', { x1: f.x, y1: f.y, x2: t.x, y2: t.y, class: 'bombard-line' }, g);
    }
  }
  return g;
}

// ---------- words ----------

// The phase and the procedure being resolved, with its rule (the rules crate's own words).
function stageText(obs) {
  lastObs = obs;
  return cap(obs.stage_name || obs.waiting);
}

// The Command Segment and the Leader Replacement Phase belong to no Player Turn (4).
const NO_PLAYER_TURN = ['Initiative', 'RandomEvent', 'ChooseFirst', 'Attachment', 'Orders', 'LeaderReplacement', 'Over'];

function turnText(obs, ctx) {
  const who = NO_PLAYER_TURN.includes(obs.stage) ? '' : ` · ${ctx.sideName(obs.phasing)} Player Turn`;
  return `Turn ${obs.turn} of ${obs.turns} · ${obs.clock}${obs.light && obs.light !== 'day' ? ` (${obs.light})` : ''}${who} · ${obs.stage_name || obs.stage}`;
}

// The sequence of play (4): the Command Segment, the Player Turn going on with its phases (the
// observation's `stage` lit, `player_turn` its place in the Game Turn), the other Player Turn
// and the End of Turn Segment.
const COMMAND_PHASES = [
  ['Initiative', 'Initiative (5.1)', ['Initiative', 'RandomEvent', 'ChooseFirst']],
  ['Attachment', 'Attachment (5.3.3)'],
  ['Orders', 'Orders (5.4)'],
];
const PLAYER_PHASES = [
  ['Rally', 'Rally (8.2)'],
  ['Fire', 'Fire (4.2.2)'],
  ['NpFire', 'Enemy artillery (4.2.3)'],
  ['Movement', 'Movement (4.2.4)'],
  ['ReserveMovement', 'Reserve (4.2.5)'],
  ['Charges', 'Charges (4.2.6)'],
  ['Assaults', 'Assaults (4.2.6)'],
];

function phases(obs, ctx) {
  if (!obs.stage || obs.stage === 'Over') return [];
  const out = [];
  for (const [id, name, stages] of COMMAND_PHASES) out.push({ id, name, on: (stages || [id]).includes(obs.stage), group: 'Command (4.1)' });
  const pt = obs.player_turn;
  const other = (s) => (ctx.sideId(s) === ctx.sideId('A') ? 'B' : 'A');
  [1, 2].forEach((n) => {
    if (pt === n) {
      const group = `${ctx.sideName(obs.phasing)} Player Turn`;
      for (const [id, name] of PLAYER_PHASES) out.push({ id, name, on: obs.stage === id, group });
    } else {
      const who = pt ? `${ctx.sideName(other(obs.phasing))} Player Turn` : `${n === 1 ? 'First' : 'Second'} Player Turn`;
      out.push({ id: `player_turn_${n}`, name: who, on: false });
    }
  });
  out.push({ id: 'LeaderReplacement', name: 'Leader Replacement (4.3)', on: obs.stage === 'LeaderReplacement', group: 'End of Turn' });
  return out;
}

const ARC = { F: 'front', L: 'flank', R: 'rear' };
const DIRS = ['N', 'NE', 'SE', 'S', 'SW', 'NW'];

function pieceInfo(p, ctx) {
  know(ctx.board);
  if (p.obscured) return `<b>Obscured stack</b><br>${esc(obscuredWords(p, ctx))}<br>in ${esc(p.hex)}`;
  if (p.dummy) return `<b>Dummy Stack ${p.info.index}</b><br>${esc(dummyWords(p))}<br>moves as infantry in Column; removed the moment the enemy sees its hex<br>in ${esc(p.hex)}`;
  if (p.wagon) return `<b>${esc(p.wagon === 'train' ? p.info.name : (p.info.battery ? `Caisson of ${unitName(p.info.battery)}` : 'Caisson'))}</b><br>${esc(ctx.sideName(p.side))} ${p.wagon === 'train' ? 'Train: moves in Road Column along roads and trails; lost if the enemy comes next to it (G19.2)' : `Caisson, ${p.info.full ? 'full' : 'empty'} (G19.3)`}<br>in ${esc(p.hex)}${p.info.moved ? ', moved this phase' : ''}`;
  if (p.leader) {
    const d = leaderDefs.get(p.unit) || {};
    const v = p.info.values || d.values || {};
    return `<b>${esc(d.name || p.unit)}</b><br>${esc(ctx.sideName(p.side))} ${esc(d.echelon || '')} leader${d.overall ? ', the Overall Commander' : ''}`
      + `<br>command range ${v.range} · fire ${signed(v.fsm ?? 0)} · morale ${signed(v.morale ?? 0)} · close combat ${signed(v.cvm ?? 0)} (5.2.1)`
      + `${d.er ? `<br>Efficiency Rating ${d.er}` : ''}${p.info.order ? `<br>${esc(cap(p.info.order))} order (5.4)` : ''}${p.info.repl ? '<br><span class="muted">a replacement (5.2.3)</span>' : ''}`
      + `${gtfWords(p.info) ? `<br>${esc(gtfWords(p.info))}` : ''}`
      + `${fatigueWords(p.info) ? `<br>${esc(fatigueWords(p.info))}` : ''}`
      + `<br>in ${esc(p.hex)}${p.info.moved ? ', moved this phase' : ''}`;
  }
  const d = unitDefs.get(p.unit) || {};
  const u = p.info;
  const nation = NATION[d.nation]?.word || ctx.sideName(p.side);
  const steps = (d.steps || []).map((s, k) => (k + 1 === u.steps ? `<b>${s.sp}-${s.mv}</b>` : `${s.sp}-${s.mv}`)).reverse().join(' → ');
  const arcs = u.arcs ? DIRS.map((dir, k) => `${dir} ${ARC[u.arcs[k]]}`).join(', ') : '';
  const states = [];
  if (MORALE[u.morale]) states.push(MORALE[u.morale][3]);
  if (u.skirmishers) states.push(`${u.skirmishers} SP en Tirailleurs (7.6.1)`);
  if (u.ooc) states.push('Out of Command (5.3)');
  if (u.spent) states.push(`${u.spent} Spent (13.2.6)`);
  if (u.ammo) states.push(u.ammo > 1 ? 'Out of Ammo (B7.9.3)' : 'Low Ammo (B7.9.3)');
  if (u.assault) states.push(`Assault marker on ${u.assault} (13.1.1)`);
  if (u.charge) states.push(`Charge marker on ${u.charge} (13.2)`);
  for (const x of brigadeMarks(u)) states.push(x[1]);
  if (u.moved) states.push('moved this phase');
  if (u.fired) states.push('fired this segment');
  const cmd = u.commander ? `<br>commanded by ${esc(unitName(u.commander))}${u.attached ? ' (attached)' : ''}${u.order ? `, ${esc(u.order)} order` : ''}` : '';
  return `<b>${esc(d.name || p.unit)}</b><br>${esc(nation)} ${esc(String(d.kind || u.arm || '').replace('_', ' '))}${d.rifle ? ', rifles' : ''}${d.sed ? ', may skirmish en Débandade' : ''}`
    + `<br>${u.steps} of ${d.full} steps: ${steps} (SP-MV) · CVM ${signed(u.cvm)}`
    + `<br>${FORMATION[u.formation] || esc(u.formation)}, facing ${esc(u.facing)}${u.ma !== undefined ? ` · MA ${u.ma}` : ''}`
    + `${arcs ? `<br><span class="muted">arcs: ${arcs}</span>` : ''}${cmd}`
    + `<br>in ${esc(p.hex)}${u.stack ? `, ${u.stack + 1}${['st', 'nd', 'rd'][u.stack] || 'th'} in the stack` : ', top of its stack'}`
    + (states.length ? `<br><span class="muted">${states.join(' · ')}</span>` : '');
}

function hexInfo(info, t, ctx) {
  know(ctx.board);
  let html = '';
  if (info.level) html += `<br>Elevation Level ${info.level}`;
  if (info.observation) html += `<br>Observation Point ${info.observation} level${info.observation === 1 ? '' : 's'} high (G23.3)`;
  if (t) {
    const m = t.move || {};
    const mv = (x) => (x === null || x === undefined ? '—' : x);
    html += `<br><span class="muted">MP inf ${mv(m.infantry)} · cav ${mv(m.cavalry)} · art ${mv(m.artillery)} · SeD ${mv(m.sed)} · ldr ${mv(m.leader)} (15)${t.fsm ? `; fire ${signed(t.fsm)}` : ''}${t.cvm ? `; close combat ${signed(t.cvm)}` : ''}${t.blocks_los ? '; blocks LOS (11)' : ''}</span>`;
  }
  return html;
}

// ---------- the odds boxes ----------

function modsTable(mods, empty = 'no modifiers') {
  const t = h('table', { class: 'pg-mods' });
  if (!mods?.length) t.appendChild(h('tr', {}, h('td', { class: 'muted' }, empty)));
  for (const m of mods || []) t.appendChild(h('tr', {}, h('td', {}, m.what), h('td', { class: 'amt' }, signed(m.value)), h('td', { class: 'rule' }, m.rule)));
  return t;
}

function bar(label, chance, note) {
  return h('div', { class: 'row' },
    h('span', { class: 'res' }, label),
    h('span', { class: 'bar' }, h('i', { style: `width:${Math.round(chance.hundredths)}%` })),
    h('span', { class: 'pct' }, pct(chance)),
    note ? h('span', { class: 'muted', style: 'font-size:11px;margin-left:4px' }, note) : null);
}

// A fire attack: its Fire Strength, column and shifts, and each result's chance on the
// percentile dice with the chance the target's check behind it passes.
function fireBox(f, title) {
  const box = h('div', { class: 'attack ge-fire' });
  box.appendChild(h('div', { class: 'head' }, title || `${cap(f.kind)}: ${f.from} → ${f.target}`));
  box.appendChild(h('div', { class: 'odds' }, `FS ${f.fs} at range ${f.range} → column ${f.column}${f.shift ? ` (${signed(f.shift)})` : ''}${f.column_wdf !== undefined && f.column_wdf !== f.column ? `; Well Directed: column ${f.column_wdf}` : ''}`));
  box.appendChild(modsTable(f.modifiers, 'no column shifts'));
  const ch = h('div', { class: 'pg-chances' });
  for (const r of f.results || []) {
    ch.appendChild(bar(r.result, r, `${String(r.from).padStart(2, '0')}-${String(r.to).padStart(2, '0')}${r.check_pass ? `; passes its check ${pct(r.check_pass)}` : ''}`));
  }
  box.appendChild(ch);
  box.appendChild(h('div', {}, `Some effect ${pct(f.effect)} · a step lost ${pct(f.losses)} · a Morale Check ${pct(f.checks)}`));
  box.appendChild(h('div', { class: 'muted', style: 'font-size:11px' }, `Target MV ${f.morale?.mv}; ${f.failing}.${f.leader_casualty?.leaders?.length ? ` Leaders there risk a casualty on ${f.leader_casualty.from}+ (${f.leader_casualty.hundredths}%).` : ''}`));
  box.appendChild(h('div', { class: 'muted', style: 'font-size:11px' }, `Firing: ${(f.firers || []).map(unitName).join(', ')}. Target: ${(f.targets || []).map(unitName).join(', ') || 'none'}.`));
  return box;
}

function checkBox(c) {
  const box = h('div', { class: 'ge-check' });
  box.appendChild(h('div', {}, h('b', {}, c.why || 'Morale Check (8.1)'), ` ${c.hex ? `in ${c.hex}` : ''}: MV ${c.mv}, DRM ${signed(c.drm)}`));
  box.appendChild(h('div', { class: 'pg-chances' }, bar('passes', c.pass)));
  if (c.modifiers?.length) box.appendChild(modsTable(c.modifiers));
  if (c.failing) box.appendChild(h('div', { class: 'muted', style: 'font-size:11px' }, cap(c.failing)));
  return box;
}

function combatBox(c, title) {
  const box = h('div', { class: 'attack ge-combat' });
  if (c.kind === 'nothing') {
    box.appendChild(h('div', { class: 'head' }, title || `Close combat at ${c.target}`));
    box.appendChild(h('div', {}, c.note));
    return box;
  }
  box.appendChild(h('div', { class: 'head' }, title || `${cap(c.kind).replace('_', ' ')}: ${(c.attackers || []).map((a) => a.hex).join(', ')} → ${c.target}`));
  if (c.assumed_from) box.appendChild(h('div', { class: 'muted' }, `Assumed from ${c.assumed_from}, facing the target: the move ends next to it.`));
  for (const a of c.attacker_checks || []) box.appendChild(checkBox(a));
  if (c.defender_check) box.appendChild(checkBox(c.defender_check));
  for (const f of c.defensive_fire || []) box.appendChild(fireBox(f, `Defensive Fire: ${f.from} → ${f.target} (13.4)`));
  for (const f of c.offensive_fire || []) box.appendChild(fireBox(f, `Offensive Fire: ${f.from} → ${f.target} (13.4)`));
  const cs = c.cold_steel;
  if (cs) {
    const x = h('div', { class: 'ge-cold' });
    x.appendChild(h('div', { class: 'odds' }, `Cold Steel (13.5): d10 ${signed(cs.attacker_base)} against d10 ${signed(cs.defender_base)} — the attacker wins ${pct(cs.attacker_wins)}`));
    x.appendChild(modsTable(cs.modifiers));
    const ch = h('div', { class: 'pg-chances' });
    ch.appendChild(bar('attacker wins', cs.attacker_wins));
    x.appendChild(ch);
    const dist = (d) => d.map((k) => `${k.steps} step${k.steps === 1 ? '' : 's'} ${k.hundredths}%`).join(', ');
    x.appendChild(h('div', { style: 'font-size:12px' }, `Defender's losses: ${dist(cs.defender_losses)}. Attacker's losses: ${dist(cs.attacker_losses)}.`));
    x.appendChild(h('div', { class: 'muted', style: 'font-size:11px' }, cap(cs.loser)));
    box.appendChild(x);
  } else if (c.hand_to_hand === false) {
    box.appendChild(h('div', { class: 'muted' }, 'No hand to hand unless the defenders stand after the fire (13.1.3).'));
  }
  box.appendChild(h('div', { class: 'muted', style: 'font-size:11px' }, `Attackers: ${(c.attackers || []).flatMap((a) => a.units).map(unitName).join(', ')}. Defenders: ${(c.defenders || []).map(unitName).join(', ') || 'none'}.`));
  return box;
}

function previewBox(r) {
  if (!r) return null;
  if (r.fs !== undefined) return fireBox(r, `If committed: ${r.kind}, ${r.from} → ${r.target}`);
  if (r.kind === 'square') return checkBox(r);
  if (r.kind === 'reaction_charge') {
    const box = h('div', {});
    box.appendChild(checkBox(r));
    if (r.combat) box.appendChild(combatBox(r.combat, `Then the Reaction Charge on ${r.combat.target} (14.4)`));
    return box;
  }
  return combatBox(r, `If committed: ${String(r.kind).replace('_', ' ')} on ${r.target}`);
}

// ---------- panels ----------

function scorePanel(obs, ctx) {
  const p = h('div', { class: 'panel', id: 'ge-score' }, h('h3', {}, 'The battle'));
  p.appendChild(h('div', { class: 'muted' }, turnText(obs, ctx)));
  p.appendChild(h('div', {}, `Victory Points: ${ctx.sideName('A')} ${obs.score?.[0] ?? 0} · ${ctx.sideName('B')} ${obs.score?.[1] ?? 0}`));
  if (obs.objectives?.length) {
    p.appendChild(h('div', { style: 'font-size:12px' }, `Objectives: ${obs.objectives.map(([n, who]) => `${n} (${who ? ctx.sideName(who) : 'nobody'})`).join(', ')}`));
  }
  if (obs.orders && (obs.orders[0] || obs.orders[1])) p.appendChild(h('div', { style: 'font-size:12px' }, `Orders to place (5.4): ${ctx.sideName('A')} ${obs.orders[0]}, ${ctx.sideName('B')} ${obs.orders[1]}`));
  if (obs.fortified?.length) p.appendChild(h('div', { style: 'font-size:12px' }, `Fortified Posts: ${obs.fortified.join(', ')}`));
  const m = obs.mover;
  if (m) p.appendChild(h('div', { class: 'ge-mover' }, `Moving: ${[...(m.units || []), m.leader].filter(Boolean).map(unitName).join(', ')} in ${m.hex}: ${m.spent} of ${m.ma} MP spent${m.stop ? ', must stop' : ''}`));
  return p;
}

// A leader's surname, as on his counter.
function leaderShort(id) {
  const name = leaderDefs.get(id)?.name || id || '';
  return String(name).replace(/\(.*\)/, '').trim().split(/\s+/).pop() || id;
}

// A command button's label, kept short (the leader's surname and the order; the unit and the
// leader of an attachment); the whole description is its tooltip.
function shortLabel(x) {
  const kind = /\b(attack|reserve)$/.exec(x.notation)?.[1];
  if (x.verb === 'order' && kind) return `${leaderShort(x.unit)}: ${cap(kind)} order`;
  if (x.verb === 'order-garrison' && kind) {
    const g = /^give the (.*) garrison/.exec(x.description)?.[1] || x.unit;
    return `${shortName(g, 20)} garrison: ${cap(kind)} order`;
  }
  if (x.verb === 'attach') return `Attach ${shortName(unitName(x.unit), 22)} to ${leaderShort(x.target_unit)}`;
  return cap(x.description);
}

function buttonsFor(ctx, verbs) {
  const mine = ctx.hints.filter((x) => verbs.includes(x.verb));
  if (!mine.length) return null;
  const list = h('div', { class: 'choices' });
  for (const x of mine) {
    const preview = ['react-fire', 'react-square', 'react-charge', 'defend', 'resolve'].includes(x.verb);
    list.appendChild(h('button', { onclick: () => (preview ? ctx.showPreview(x) : ctx.act(x.notation)), 'data-action': x.notation, title: cap(x.description) }, shortLabel(x)));
  }
  return list;
}

function pendingPanel(obs, ctx) {
  const p = h('div', { class: 'panel', id: 'ge-pending' });
  let any = false;
  const r = obs.reaction;
  if (r) {
    any = true;
    p.appendChild(h('h3', {}, `${ctx.sideName(r.side)}: ${r.words}`));
    p.appendChild(h('div', {}, `The moving stack ${r.trigger === 'leave' ? 'leaves' : r.trigger === 'enter' ? 'enters' : r.trigger === 'form' ? 'changes formation in' : 'is in'} ${r.trigger === 'enter' ? r.to : r.from}; stacks that may react: ${(r.reactors || []).join(', ') || 'none'}.`));
    const b = buttonsFor(ctx, ['react-fire', 'react-square', 'react-charge']);
    if (b) p.appendChild(b);
  }
  if (obs.check) {
    any = true;
    p.appendChild(h('h3', {}, 'A Morale Check (8.1)'));
    p.appendChild(checkBox(obs.check));
  }
  if (obs.retreat) {
    any = true;
    p.appendChild(h('h3', {}, 'A retreat (9.2)'));
    p.appendChild(h('div', {}, `${obs.retreat.units.map(unitName).join(', ')} from ${obs.retreat.hex}: ${obs.retreat.left} hex${obs.retreat.left === 1 ? '' : 'es'} to go.`));
    const b = buttonsFor(ctx, ['to']);
    if (b) p.appendChild(b);
  }
  const cc = obs.close_combat;
  if (cc) {
    any = true;
    p.appendChild(h('h3', {}, `${cap(String(cc.kind).replace('_', ' '))} on ${cc.target} (13)`));
    p.appendChild(h('div', {}, `${cc.attackers.map((a) => `${a.units.map(unitName).join(', ')} from ${a.hex}${a.wdf ? ' (Well Directed Fire)' : ''}`).join('; ')} against ${cc.defenders.map(unitName).join(', ') || 'nobody'}${cc.def_wdf ? ' (Well Directed Fire)' : ''}.`));
    p.appendChild(h('div', { class: 'muted' }, `Now: ${cc.step_words || String(cc.step).replace(/_/g, ' ')}${cc.attacker_die !== null && cc.attacker_die !== undefined ? `; the attacker rolled ${cc.attacker_die}` : ''}`));
    const b = buttonsFor(ctx, ['defend', 'advance', 'regroup']);
    if (b) p.appendChild(b);
  }
  const res = ctx.hints.filter((x) => x.verb === 'resolve');
  if (res.length) {
    any = true;
    p.appendChild(h('h3', {}, 'Close combats to resolve (13.1.1)'));
    p.appendChild(buttonsFor(ctx, ['resolve']));
  }
  if (obs.fire_results?.length) {
    any = true;
    p.appendChild(h('h3', {}, 'Fire results, applied at the end of the segment (12.3.1)'));
    for (const f of obs.fire_results) p.appendChild(h('div', { style: 'font-size:12px' }, `${f.from} → ${f.target}: rolled ${String(f.roll).padStart(2, '0')}, ${f.result}`));
  }
  return any ? p : null;
}

function commandPanel(obs, ctx) {
  const verbs = ['attach', 'order', 'order-garrison', 'first', 'place', 'enter', 'initiative', 'orders-check', 'pass-order'];
  const mine = ctx.hints.filter((x) => verbs.includes(x.verb));
  if (!mine.length) return null;
  const p = h('div', { class: 'panel', id: 'ge-command' }, h('h3', {}, 'Command (5)'));
  p.appendChild(buttonsFor(ctx, verbs));
  return p;
}

// The counters of the last hex clicked, with what each may do.
let stackHex = null;

function stackPanel(obs, ctx) {
  if (!stackHex) return null;
  const here = pieces(obs).filter((x) => x.hex === stackHex).reverse();
  if (here.length < 2) return null;
  const p = h('div', { class: 'panel', id: 'stack' }, h('h3', {}, `The stack in ${stackHex}, top first (6)`));
  for (const x of here) {
    const name = unitName(x.unit);
    const txt = x.leader ? `${name} (leader)` : `${name} ${x.info.sp}-${x.info.mv}, ${FORMATION[x.info.formation] || x.info.formation}`;
    const row = h('div', { class: 'pg-stackrow' }, h('span', {}, txt));
    const sel = ctx.hints.find((y) => y.unit === x.unit && y.verb === 'select');
    if (sel) row.appendChild(h('button', { class: 'small', onclick: () => ctx.select(x.unit) }, 'move'));
    p.appendChild(row);
  }
  return p;
}

function panels(obs, ctx) {
  know(ctx.board);
  lastObs = obs;
  return [pendingPanel(obs, ctx), commandPanel(obs, ctx), stackPanel(obs, ctx), scorePanel(obs, ctx)].filter(Boolean);
}

// ---------- how the battle page offers the actions ----------

const PREVIEW = ['fire', 'react-fire', 'defend', 'react-square', 'react-charge', 'assault', 'charge', 'resolve'];

function click(hex, ev, ctx) {
  know(ctx.board);
  // A hex with a leader shows his command range; another hex hides it.
  const lead = pieces(lastObs || {}).filter((x) => x.hex === hex && x.leader).map((x) => x.unit);
  const next = lead.length ? lead[(lead.indexOf(rangeLeader) + 1) % lead.length] : null;
  if (next !== rangeLeader) {
    rangeLeader = next;
    ctx.render();
  }
  // Declarations placed on this hex itself (a reacting stack, the stack fired at in Defensive
  // Fire, a close combat to resolve): previewed before they are committed.
  const here = ctx.hints.filter((x) => x.hex === hex && ['react-fire', 'react-square', 'react-charge', 'defend', 'resolve'].includes(x.verb));
  if (here.length === 1) {
    ctx.showPreview(here[0]);
    return true;
  }
  if (here.length > 1) {
    ctx.menu(ev, here.map((x) => ({ description: x.description, run: () => ctx.showPreview(x) })));
    return true;
  }
  // A stack of ours: each click on it selects the next counter that may move.
  const r = ctx.selected && ctx.reach?.hexes.find((x) => x.hex === hex);
  if (r) return false;
  const movable = ctx.hints.filter((x) => x.verb === 'select' && x.hex === hex);
  if (movable.length > 1) {
    stackHex = hex;
    const order = pieces(lastObs || {}).filter((x) => x.hex === hex).reverse().map((x) => x.unit);
    const ids = order.filter((id) => movable.some((m) => m.unit === id));
    const i = ids.indexOf(ctx.selected);
    ctx.select(ids[(i + 1) % ids.length]);
    return true;
  }
  if (pieces(lastObs || {}).filter((x) => x.hex === hex).length > 1) stackHex = hex;
  return false;
}

// The leader whose command range is shown: the one selected, else the last clicked (5.3.1).
let rangeLeader = null;

function marks(obs, ctx) {
  const out = [];
  const id = (ctx?.selected && leaderDefs.has(ctx.selected)) ? ctx.selected : rangeLeader;
  const l = id && (obs.leaders || []).find((x) => x.id === id);
  for (const hex of l?.command_hexes || []) {
    out.push({ hex, cls: 'command-range', title: `within the command range (${l.range}) of ${unitName(id)} (5.3.1)` });
  }
  const cc = obs.close_combat;
  if (cc) out.push({ hex: cc.target, cls: 'target', title: 'the close combat\'s target' });
  if (obs.reaction) out.push({ hex: obs.reaction.target, cls: 'target', title: 'the moving stack' });
  for (const c of obs.charged || []) out.push({ hex: c, cls: 'option-purple', title: 'charged this phase' });
  // G19.5 Bombardment Zones: the hexes their round shot sweeps, and the batteries that fire.
  for (const z of obs.bombardment || []) {
    const who = unitName(z.leader);
    const bat = new Set(z.batteries || []);
    for (const hex of z.zone || []) if (!bat.has(hex)) out.push({ hex, cls: 'bz-zone', title: `in the Bombardment Zone of ${who}: a unit that moves through it or stays in it is bombarded (G19.5.3)` });
    for (const hex of bat) out.push({ hex, cls: 'bz-battery', title: `a battery of ${who}'s Bombardment Zone (G19.5.1)` });
  }
  return out;
}

function previewPanel(result) {
  return previewBox(result);
}

function previewed(obs, result) {
  return result ? { ...obs, preview_ge: result } : obs;
}

const play = {
  select: 'select',
  // The units that may still move this phase (each is offered a `select`): the page's "next
  // unmoved unit", and ending the phase with some is asked about first.
  unmoved: (hints) => [...new Set(hints.filter((x) => x.verb === 'select' && x.unit).map((x) => x.unit))],
  move: ['select', 'step', 'face'],
  preview: PREVIEW,
  aimed: { step: 'reach', fire: 'target', assault: 'target', charge: 'target', roll: 'target', 'react-move': 'reach', 'wave-charge': 'target', train: 'reach', caisson: 'reach', dummy: 'reach' },
  onHex: {
    'react-fire': 'option-red', 'react-square': 'option-blue', 'react-charge': 'option-red', defend: 'option-red',
    resolve: 'option-red', to: 'option-purple', advance: 'option-green', regroup: 'option-green', place: 'option-blue',
    enter: 'option-blue', rbc: 'option-purple',
  },
  facing: { face: '' },
  buttons: {
    pass: (x) => cap(x.description),
    end: 'End this move',
    fortify: 'Fortify the Post (15.2.1)',
    'charge-marker': 'Place a Charge marker (B13.2.1)',
    recall: 'Recall Check (B13.2.7)',
    'follow-on-charge': 'Follow-On Charge (B13.2.10)',
    reorder: 'Put the sub-units back in order, 3 MP (G17.4.3)',
    prone: 'Go Prone (G18.6.1)',
    'stand-up': 'Stand up (G18.6.2)',
    recover: (x) => cap(x.description),
    refuse: (x) => cap(x.description),
    'quarter-wheel': (x) => cap(x.description),
    'react-change': (x) => cap(x.description),
    wave: (x) => cap(x.description),
    bz: (x) => cap(x.description),
    dummies: (x) => cap(x.description),
    'dissolve-bz': (x) => cap(x.description),
  },
  primary: 'pass',
  declareLabel: (hint) => ({
    fire: 'Fire', 'react-fire': 'Fire in reaction', 'react-square': 'Form square', 'react-charge': 'Charge in reaction',
    defend: 'Fire at this stack', assault: 'Declare the Assault', charge: 'Charge', resolve: 'Resolve this combat',
  })[hint.verb] || 'Commit',
};

function instructions(hints, sel) {
  const verbs = new Set(hints.map((x) => x.verb));
  if (sel.selected && sel.reach && sel.dest) return `Click an arrow to arrive in ${sel.dest} facing that way, or ${sel.dest} again to go there the cheapest way. The enemy may react to each step (14).`;
  if (sel.selected && sel.reach) return 'Click a shaded hex to move there (the number is its MP cost; "all" ends the move), an arrow to face, or a red hex to assault or charge. Formation changes are in the unit\'s panel.';
  if (verbs.has('react-move') || verbs.has('react-change')) return 'The enemy moved within reach (G21): change formation with a button below, select your cavalry to ride off to a marked hex (a Reaction Move, G21.2), react as usual, or pass.';
  if (verbs.has('wave') || verbs.has('wave-charge')) return 'Wave Charge (G20): add the next wave with a button below, or select a counter with a Charge marker and click its target to begin one; pass to charge one at a time.';
  if (verbs.has('roll')) return 'Click a battery, then a hex marked red: a fire at it, or a Rolling Shot bounding from it along the line of fire (G19.6); pass when done.';
  if (verbs.has('react-fire') || verbs.has('react-square') || verbs.has('react-charge')) return 'The enemy moved within reach: click a marked stack to see its reaction\'s odds (14), or pass.';
  if (verbs.has('defend')) return 'Defensive Fire (13.4): click the attacking stack to fire at, after reading the odds.';
  if (verbs.has('resolve')) return 'Click a close combat (red) to see its checks, fire and Cold Steel odds, then resolve it (13).';
  if (verbs.has('to')) return 'Choose the hex to retreat into (9.2).';
  if (verbs.has('rbc')) return 'Retreat Before Combat (B13.4): choose the hex to fall back into, or pass to stand if you may.';
  if (verbs.has('initiative') || verbs.has('orders-check') || verbs.has('pass-order')) return 'Orders (B5.4): roll for a leader in the Command panel, or pass.';
  if (verbs.has('recover')) return 'Fatigue Recovery (G22.3): put a fatigued brigade into Recovery (it loses a level at each of your later Recovery Phases while it rests), or pass.';
  if (verbs.has('recall')) return 'The charging cavalry may make a Recall Check (B13.2.7): passing, it may end its charge or pick another target; otherwise it goes on (or pursues, B13.2.9).';
  if (verbs.has('follow-on-charge')) return 'The cavalry may attempt a Follow-On Charge (B13.2.10): a Morale Check, then a new target of its zone; or pass to regroup.';
  if (verbs.has('advance') || verbs.has('regroup')) return 'Advance into the hex or regroup, or pass (13.6, 13.2.5).';
  if (verbs.has('fire')) return 'Click one of your stacks, then an enemy hex marked red to read the fire odds before firing (12); pass when done.';
  if (verbs.has('step') || verbs.has('form')) return 'Click a shaded hex to go on, change formation in the unit\'s panel, or end this move.';
  if (verbs.has('select')) return 'Click one of your counters to see where it can go (click a stack again for the next counter), or pass to end the phase.';
  if (verbs.has('order') || verbs.has('attach')) return 'Give your leaders their orders and attachments (5.3, 5.4) in the Command panel, or pass.';
  if (verbs.has('first')) return 'You won the initiative: choose who takes the first Player Turn (5.1).';
  if (verbs.has('enter')) return 'Bring on reinforcements at their entry hexes (9.3), or pass.';
  return null;
}

// ---------- the log, the dice ----------

const isHeading = (e) => ['turn_begins', 'phase'].includes(e.json?.event);

// ---------- a fire's or a close combat's roll, shown large; how the battle was decided ----------

const two = (n) => String(n).padStart(2, '0');

// What a Fire Chart result does (12.3.1): `nM-x`, n steps lost then a Morale Check at -x.
function fireWords(r, text) {
  const parts = [];
  if (r?.losses) parts.push(`${r.losses} step${r.losses === 1 ? '' : 's'} lost`);
  if (r?.mc) parts.push(`a Morale Check${r.drm ? ` at ${signed(r.drm)}` : ''}`);
  return `${text}: ${parts.length ? parts.join(', then ') : 'no effect'} (12.3.1)`;
}

// The Fire Chart's column read, its row of the dice lit.
function fireColumn(board, column, roll) {
  const col = (board.fire_chart || []).find((c) => c.fs === column);
  if (!col) return null;
  const t = h('table', { class: 'crt ge-firecol' });
  t.appendChild(h('tr', {}, h('th', {}, 'dice'), h('th', { class: 'hot' }, `column ${column}`)));
  for (const r of col.rows) {
    const hit = roll >= r.from && roll <= r.to;
    t.appendChild(h('tr', {}, h('th', { class: hit ? 'hot' : '' }, `${two(r.from)}-${two(r.to)}`), h('td', { class: `hot${hit ? ' hit' : ''}` }, r.result)));
  }
  return t;
}

// The close combat the event `until` belongs to: the last one begun before it in the same phase
// (the Charge and Assault Phases resolve nothing else).
function combatOf(events, until) {
  let found = null;
  for (const e of events) {
    if (e === until || e.step > until.step) break;
    const k = e.json?.event;
    if (k === 'phase' || k === 'turn_begins') found = null;
    else if (k === 'close_combat') found = e.json;
  }
  return found;
}

// A die shown large (the page's `dieDetail`): a fire attack's percentile roll with its column,
// shifts, result and the Fire Chart's cell (12.3), a check made in a close combat or a reaction
// (13, 14), and Cold Steel's two dice (13.5.1). Other rolls (initiative, rally) are not.
function dieDetail(d, events, obs, ctx) {
  know(ctx.board);
  const m = /^d(10|100) (\d+)$/.exec(d.outcome);
  if (!m) return null;
  const here = events.filter((e) => e.step === d.step);
  const at = here.map((e) => e.json || {});
  const fireEvent = here.find((e) => e.json?.event === 'fire_rolled');
  if (fireEvent) {
    const fire = fireEvent.json;
    const decl = events.filter((e) => e.step <= d.step && e.json?.event === 'fire_declared' && e.json.from === fire.from && e.json.target === fire.target).pop()?.json;
    const cc = combatOf(events, fireEvent);
    const kind = cc ? (cc.attackers.includes(fire.target) ? 'Defensive Fire (13.4)' : 'Offensive Fire (13.4)') : 'Fire (12)';
    const later = (obs.fire_results || []).some((f) => f.from === fire.from && f.target === fire.target);
    const shifts = (decl?.modifiers || []).map((x) => `${x.what} ${signed(x.value)}`).join(', ');
    return {
      face: two(fire.roll),
      title: `${kind}: ${fire.from} → ${fire.target}`,
      odds: decl ? `FS ${decl.fs} → column ${decl.column}${shifts ? ` (${shifts})` : ''}` : '',
      result: `${fireWords(fire.result, fire.result_text)}${later ? ', applied at the end of the segment' : ''}`,
      table: decl ? fireColumn(ctx.board, decl.column, fire.roll) : null,
      done: true,
    };
  }
  const csEvent = here.find((e) => e.json?.event === 'cold_steel');
  if (csEvent) {
    const cs = csEvent.json;
    const cc = combatOf(events, csEvent);
    // The attacker: the phasing side, but the other side in a Reaction Charge (14.4).
    const side = (id) => ctx.sideId((ctx.board.units || []).find((u) => u.id === id)?.side);
    const phasing = ctx.sideId(obs.phasing);
    const attacker = /Reaction/.test(cc?.kind || '') ? ctx.sideId(phasing === ctx.sideId('A') ? 'B' : 'A') : phasing;
    const lost = at.filter((j) => j.event === 'step_lost');
    const byAttacker = lost.filter((j) => side(j.unit) === attacker).length;
    const byDefender = lost.length - byAttacker;
    return {
      face: `${cs.attacker_die}`,
      faces: [`${cs.attacker_die}`, `${cs.defender_die}`],
      labels: ['the attacker\'s die', 'the defender\'s die'],
      title: `Cold Steel${cc ? ` at ${cc.target}` : ''} (13.5.1)`,
      odds: `attacker ${cs.attacker_die} ${signed(cs.attacker_total - cs.attacker_die)} = ${cs.attacker_total} · defender ${cs.defender_die} ${signed(cs.defender_total - cs.defender_die)} = ${cs.defender_total}`,
      result: `${cs.attacker_wins ? 'the attacker wins' : 'the defender wins (a tie is his)'}: the loser worsens two levels (13.5.1); steps lost, defender ${byDefender}, attacker ${byAttacker}`,
      table: modsTable(cs.modifiers, 'no modifiers besides the CVMs'),
      done: true,
    };
  }
  const ck = at.find((j) => j.event === 'check' && /\(1[34][.)]/.test(j.why || ''));
  if (ck) {
    return {
      face: two(ck.roll),
      title: `${cap(ck.why)}: ${(ck.units || []).map(unitName).join(', ')}`,
      odds: `roll ${two(ck.roll)} ${signed(ck.drm)} = ${ck.roll + ck.drm} against MV ${ck.mv}: over it passes (8.1)`,
      result: ck.passed ? 'passes' : 'fails: the stack worsens a level',
      table: ck.modifiers?.length ? modsTable(ck.modifiers) : null,
      done: true,
    };
  }
  const cc = obs.close_combat;
  if (m[1] === '10' && cc && cc.attacker_die === Number(m[2]) && !at.length) {
    return {
      face: m[2],
      title: `Cold Steel at ${cc.target} (13.5.1)`,
      odds: `the attacker rolled ${m[2]}; the defender rolls next`,
      result: '',
      table: null,
      done: false,
    };
  }
  return null;
}

// How the battle was decided (the scenario's victory rule, crates/rules-ge's end of the game):
// each side's objectives and the enemy's losses, then the margin against the draw and decisive
// thresholds. `obs` is the final observation (its objectives' holders and the losses' VP).
function outcomeText(o, ctx, obs) {
  const sc = ctx.board.scoring;
  if (!sc || !o.points) return null;
  const only = (x) => (x.scores_for ? ` for the ${ctx.sideName(x.scores_for)} only` : '');
  const lines = [`Each side scores the objectives its combat units were the last to hold (${(ctx.board.objectives || []).map((x) => `${x.name} ${x.vp}${only(x)}`).join(', ') || 'none in this battle'}) and the enemy's losses: ${sc.step} VP for each step, ${sc.leader} for each leader (the scenario's victory rule).`];
  const counts = (n, s) => {
    const x = (ctx.board.objectives || []).find((y) => y.name === n);
    return !x?.scores_for || ctx.sideId(x.scores_for) === ctx.sideId(s);
  };
  ['A', 'B'].forEach((s, i) => {
    const held = (obs?.objectives || []).filter(([n, who]) => who && ctx.sideId(who) === ctx.sideId(s) && counts(n, s)).map(([n]) => n);
    const vp = (n) => (ctx.board.objectives || []).find((x) => x.name === n)?.vp ?? '?';
    const losses = obs?.vp?.[i];
    lines.push(`${ctx.sideName(s)} ${o.points[i]}: ${held.length ? held.map((n) => `${n} ${vp(n)}`).join(', ') : 'no objective'}${losses !== undefined ? `, and ${losses} for the enemy's losses` : ''}.`);
  });
  const margin = Math.abs(o.points[0] - o.points[1]);
  const rule = `A margin of ${sc.draw} or less is a draw, ${sc.decisive} or more a decisive victory, anything between a marginal one`;
  lines.push(o.winner ? `${rule}: the ${ctx.sideName(o.winner)} lead by ${margin}, a ${o.kind} victory.` : `${rule}: a margin of ${margin}, a draw.`);
  return lines;
}

function die(outcome) {
  let m = /^d10 (\d)$/.exec(outcome);
  if (m) return { face: m[1], quote: `rolls ${m[1]}` };
  m = /^d100 (\d+)$/.exec(outcome);
  if (m) return { face: m[1], quote: `rolls ${m[1]}` };
  return null;
}

function legend(ctx) {
  know(ctx.board);
  const items = [];
  const sw = (fill, stroke) => `<svg width="16" height="12"><rect x="1" y="1" width="14" height="10" fill="${fill}" stroke="${stroke}"/></svg>`;
  const seen = new Set();
  for (const u of ctx.board.units || []) {
    const side = (ctx.board.sides || []).find((s) => s.id === u.side)?.side;
    const lk = look(u, side);
    const word = lk.word || ctx.sideName(side);
    if (seen.has(word)) continue;
    seen.add(word);
    items.push(`${sw(lk.bg, lk.edge)} ${esc(word)}`);
  }
  items.push('<svg width="26" height="12"><rect x="1" y="3" width="24" height="8" fill="#bbb" stroke="#333"/><rect x="1" y="3" width="24" height="2" fill="#e0b030"/></svg> the coloured edge is the front (7.1); wide and shallow: Line, narrow and deep: Column, narrower: Road Column, four fronts: Square, dashed: en Débandade');
  items.push('values: SP-MV of the step showing; round counters are leaders (the number: command range; a double ring: the Overall Commander)');
  if (ctx.board.game === 'brigade') {
    items.push(`<svg width="22" height="12"><rect x="1" y="1" width="20" height="10" rx="2" fill="#2f5d50" stroke="#2b2418"/></svg> Brigade Game markers above a counter: ${Object.values(BRIGADE_MARK).map(([k, w]) => `${k} ${esc(w)}`).join(', ')}`);
    items.push(`<svg width="22" height="12"><rect x="1" y="1" width="20" height="10" rx="2" fill="#3b4f7a" stroke="#2b2418"/></svg> on a brigade leader, his Grand Tactical Formation: ${Object.values(GTF_MARK).map(([k, w]) => `${k} ${esc(w)}`).join(', ')}; ·EV an Evolution in Progress (G17.3.1)`);
    items.push('<svg width="16" height="12"><rect x="1" y="1" width="14" height="10" rx="2" fill="#c9a227" stroke="#2b2418"/></svg> F1, F2 … on a brigade leader: its Fatigue Level, R while it recovers (G22)');
    items.push('<svg width="16" height="12"><rect x="1" y="1" width="14" height="10" fill="rgba(90,90,90,.16)" stroke="#4a4a4a" stroke-dasharray="1 2"/></svg> a Bombardment Zone, its batteries\' hexes darker (G19.5)');
    if (ctx.board.limited_intelligence) items.push('<svg width="16" height="14"><rect x="1" y="1" width="14" height="12" rx="2" fill="#ddd" stroke="#333"/><text x="8" y="11" font-size="10" text-anchor="middle" font-weight="800">?</text></svg> an obscured enemy stack, ×N its counters (G23.1)');
    items.push('<svg width="24" height="14"><rect x="1" y="1" width="22" height="12" rx="2" fill="#ddd" stroke="#333"/><rect x="6" y="3" width="12" height="5" fill="none" stroke="#333"/><circle cx="9" cy="10" r="1.8" fill="none" stroke="#333"/><circle cx="15" cy="10" r="1.8" fill="none" stroke="#333"/></svg> a wagon in the corner of a hex: TRN an army\'s Train (G19.2), EMPTY or FULL a battery\'s Caisson (G19.3)');
  }
  return items;
}

function terrainText(t) {
  const m = t.move || {};
  const mv = (x) => (x === null || x === undefined ? '—' : x);
  return `${t.name}: ${mv(m.infantry)}/${mv(m.cavalry)}/${mv(m.artillery)} MP (inf/cav/art)${t.fsm ? `, fire ${signed(t.fsm)}` : ''}${t.cvm ? `, close combat ${signed(t.cvm)}` : ''}${t.blocks_los ? ', blocks LOS' : ''}`;
}

function featureText(f) {
  const m = f.move || {};
  const mv = (x) => (x === null || x === undefined ? 'no' : `+${x}`);
  return `${f.name}: ${mv(m.infantry)}/${mv(m.cavalry)}/${mv(m.artillery)} MP${f.cvm ? `, close combat ${signed(f.cvm)}` : ''}${f.obstacle ? ', an obstacle' : ''}`;
}

const TERRAIN_LOOK = {
  vineyard: { fill: '#dccb95' },
  olive_grove: { fill: '#c9cf9a', glyph: 'trees' },
  scrub: { fill: '#d9d6a8' },
  ravine: { fill: '#c8b48a' },
};

const FEATURE_LOOK = {
  wall: { stroke: '#6b5b4b', width: 4, dash: '2 3' },
  hedge: { stroke: '#4f7a3a', width: 4, dash: '3 2' },
};

export default {
  id: 'ge',
  pieces,
  drawPiece,
  overlay,
  stageText,
  turnText,
  phases,
  pieceInfo,
  hexInfo,
  panels,
  previewPanel,
  previewed,
  play,
  instructions,
  click,
  marks,
  cancel: () => { rangeLeader = null; },
  isHeading,
  die,
  dieDetail,
  outcomeText,
  legend,
  mapLegend,
  drawMap,
  terrainText,
  featureText,
  terrainStyle: (id) => TERRAIN_LOOK[id],
  featureStyle: (id) => FEATURE_LOOK[id],
};
