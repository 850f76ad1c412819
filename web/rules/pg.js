// Prussia's Glory: its counters, leaders, markers, panels and how the battle page offers its
// actions. Everything here reads the observation the server sent (crates/rules-pg/src/observe.rs
// with what crates/games/src/pg/ui.rs adds for drawing), the public board description and the
// legal actions; nothing else. Prussia's Glory hides nothing. See docs/web.md for the exports.

import { el } from '../js/map.js';
import { h, esc } from '../js/util.js';

// ---------- looks ----------

// Counter colours by nation, as printed: Prussian blue, Austrian white, Russian green, French
// light grey, Reichsarmee and Saxon medium grey.
const NATION = {
  prussian: { bg: '#2f5597', edge: '#142b57', ink: '#ffffff', soft: '#c8d5ee', word: 'Prussian' },
  austrian: { bg: '#f6f3ea', edge: '#6d6552', ink: '#1f1a12', soft: '#6b6350', word: 'Austrian' },
  russian: { bg: '#4d7c41', edge: '#27441f', ink: '#ffffff', soft: '#d2e6c9', word: 'Russian' },
  french: { bg: '#dcdcd6', edge: '#77776f', ink: '#1d1d1a', soft: '#5b5b54', word: 'French' },
  imperial: { bg: '#a2a29b', edge: '#55554f', ink: '#121211', soft: '#363632', word: 'Reichsarmee' },
  saxon: { bg: '#a2a29b', edge: '#55554f', ink: '#121211', soft: '#363632', word: 'Saxon' },
};
NATION.reichsarmee = NATION.imperial;

let board = null; // the board description, kept from the last call that gave it
const unitDefs = new Map();
const leaderDefs = new Map();

function know(b) {
  if (!b || b === board) return;
  board = b;
  unitDefs.clear();
  leaderDefs.clear();
  for (const u of b.units || []) unitDefs.set(u.id, u);
  for (const l of b.leaders || []) leaderDefs.set(l.id, l);
}

// The nation a counter is printed for: the data's own, else by its side: side A Prussian, side B
// by the coalition's name (Austrian, Russian, Franco-Imperial), and Reichsarmee or Austrian units
// of a Franco-Imperial army by their names when the data names no nation.
function nationOf(def, sideLetter, ctx) {
  const n = def?.nation;
  if (n && NATION[n]) return n;
  if (sideLetter === 'A') return 'prussian';
  const name = `${def?.name || ''} ${def?.class || ''}`;
  if (/Kreis|Reichs|Imperial|Circle/i.test(name)) return 'imperial';
  if (/Saxon/i.test(name)) return 'saxon';
  const side = ctx?.sideName(sideLetter) || '';
  if (/Russian/i.test(side)) return 'russian';
  if (/Austrian/i.test(side)) return 'austrian';
  if (/\(Austrian\)|Austrian/i.test(name)) return 'austrian';
  if (/French|Franco/i.test(side)) return 'french';
  return 'austrian';
}

const look = (nation) => NATION[nation] || NATION.austrian;

const S = 50; // a unit counter's side
const FAN = 4; // offset between counters of a stack

function shortName(name, n = 14) {
  const t = String(name || '').split(' (')[0];
  return t.length > n ? `${t.slice(0, n - 1)}…` : t;
}

function valuesNow(def, steps) {
  const v = def?.by_steps?.[Math.max(1, steps) - 1];
  if (!v) return { big: '', small: '' };
  if (def.arm === 'artillery') return { big: v.bs.join('-'), small: `${v.mr}·${v.ma}` };
  return { big: v.paren ? `(${v.sp})-${v.mr}-${v.ma}` : `${v.sp}-${v.mr}-${v.ma}`, small: '' };
}

const LIGHT = /freikorps|croat|pandur|grenz|jäger|jager|light|chasseur|volontaire|freibatallion/i;

// The NATO type box: infantry a cross, cavalry a diagonal, artillery a dot; light troops a small
// horn below the box.
function typeBox(g, def, lk, x, y) {
  const w = 22;
  const hh = 14;
  el('rect', { x, y, width: w, height: hh, fill: 'none', stroke: lk.ink, 'stroke-width': 1.3 }, g);
  if (def.arm === 'infantry') el('path', { d: `M${x},${y} L${x + w},${y + hh} M${x + w},${y} L${x},${y + hh}`, stroke: lk.ink, 'stroke-width': 1.1 }, g);
  if (def.arm === 'cavalry') el('path', { d: `M${x},${y + hh} L${x + w},${y}`, stroke: lk.ink, 'stroke-width': 1.3 }, g);
  if (def.arm === 'artillery') el('circle', { cx: x + w / 2, cy: y + hh / 2, r: 3.6, fill: lk.ink }, g);
  if (def.arm === 'infantry' && (LIGHT.test(def.class || '') || def.fast)) {
    el('path', { d: `M${x + 5},${y + hh + 3} q4,-3 8,0 q3,2 5,-1`, fill: 'none', stroke: lk.ink, 'stroke-width': 1 }, g);
  }
}

function marker(g, text, fill, ink, dx, dy, title, w = 30) {
  const m = el('g', { transform: `translate(${dx},${dy})`, class: 'marker' }, g);
  el('rect', { x: -w / 2, y: -7, width: w, height: 14, rx: 2, fill, stroke: '#2b2418', 'stroke-width': 1 }, m);
  el('text', { x: 0, y: 3.2, 'text-anchor': 'middle', 'font-size': 7.8, 'font-weight': 700, fill: ink, 'font-family': 'var(--sans)', text }, m);
  if (title) el('title', { text: title }, m);
  return m;
}

// ---------- the pieces ----------

// One piece per counter on the map. In each hex: its Leaders first (small round counters in the
// corner), then its Units from the bottom of the stack to the top, so that the top is drawn last.
function pieces(obs) {
  const out = [];
  const units = (obs.units || []).filter((u) => u.hex);
  const byHex = new Map();
  for (const u of units) {
    if (!byHex.has(u.hex)) byHex.set(u.hex, []);
    byHex.get(u.hex).push(u);
  }
  const moving = obs.mover?.unit || null;
  const leadersAt = new Map();
  for (const l of obs.leaders || []) {
    if (!l.hex) continue;
    if (!leadersAt.has(l.hex)) leadersAt.set(l.hex, []);
    leadersAt.get(l.hex).push(l);
  }
  const hexes = [...new Set([...byHex.keys(), ...leadersAt.keys()])].sort();
  for (const hex of hexes) {
    (leadersAt.get(hex) || []).forEach((l, i) => out.push({
      key: `l-${l.id}`, hex, side: l.side, unit: l.id, leader: true, index: i, info: l, moving: moving === l.id,
    }));
    const stack = (byHex.get(hex) || []).slice().sort((a, b) => b.stack - a.stack);
    const n = stack.length;
    for (const u of stack) {
      out.push({ key: `u-${u.id}`, hex, side: u.side, unit: u.id, leader: false, index: u.stack, count: n, info: u, moving: moving === u.id });
    }
  }
  return out;
}

function drawLeader(p, ctx) {
  const def = leaderDefs.get(p.unit) || {};
  const lk = look(nationOf(def, p.side, ctx));
  const at = p.card ? 'scale(1.8)' : `translate(${-30 + p.index * 9},${24 - p.index * 3})`;
  const g = el('g', { class: `leader${p.moving ? ' moving' : ''}`, transform: at });
  if (p.moving || (ctx.selected && ctx.selected === p.unit)) el('circle', { r: 16, class: p.moving ? 'glow-moving' : 'glow-selected' }, g);
  el('circle', { cx: 1.5, cy: 2, r: 12, fill: '#000', opacity: 0.28 }, g);
  el('circle', { r: 12, fill: lk.bg, stroke: lk.edge, 'stroke-width': def.role === 'commander' ? 2.6 : 1.3 }, g);
  if (def.role === 'commander') el('circle', { r: 9.6, fill: 'none', stroke: lk.ink, 'stroke-width': 0.7 }, g);
  const initials = String(def.name || p.unit).split(/\s+/).filter((w) => /^[A-Z]/.test(w)).pop() || def.name || p.unit;
  el('text', { x: 0, y: 2.5, 'text-anchor': 'middle', 'font-size': 6.6, 'font-weight': 700, fill: lk.ink, 'font-family': 'var(--sans)', text: initials.slice(0, 5) }, g);
  if (def.initiative !== null && def.initiative !== undefined) {
    el('text', { x: 0, y: -4.5, 'text-anchor': 'middle', 'font-size': 6.5, 'font-weight': 800, fill: lk.ink, text: `${def.initiative}` }, g);
  }
  if (def.special) {
    const star = el('g', { transform: 'translate(9,-9)' }, g);
    el('path', { d: 'M0,-5 L1.5,-1.5 L5,-1.5 L2.2,0.8 L3.2,4.5 L0,2.3 L-3.2,4.5 L-2.2,0.8 L-5,-1.5 L-1.5,-1.5 Z', fill: '#e8c15a', stroke: '#5a4310', 'stroke-width': 0.7 }, star);
    if (def.special !== 'any') el('text', { x: 0, y: 2, 'text-anchor': 'middle', 'font-size': 4.6, 'font-weight': 800, fill: '#3a2a06', text: def.special === 'infantry' ? 'I' : 'C' }, star);
  }
  if (p.info.successor) el('text', { x: 0, y: 9, 'text-anchor': 'middle', 'font-size': 5, fill: lk.ink, text: 'succ.' }, g);
  el('title', { text: `${def.name || p.unit}${def.role === 'commander' ? ', Army Commander' : ', Wing Leader'}` }, g);
  return g;
}

// One Unit counter centred on (0, 0), shifted by its place in the stack: the lower counters
// peek out to the upper right of the top one. In Column: turned 90 degrees (7.6).
function drawPiece(p, ctx) {
  know(ctx.board);
  if (p.leader) return drawLeader(p, ctx);
  const def = unitDefs.get(p.unit) || {};
  const u = p.info;
  const lk = look(nationOf(def, p.side, ctx));
  const n = p.card ? 1 : p.count || 1;
  const i = p.card ? 0 : p.index || 0;
  const shift = (n - 1) / 2;
  const dx = (i - shift) * FAN;
  const dy = -(i - shift) * FAN;
  const g = el('g', { class: `counter${p.moving ? ' moving' : ''}${ctx.selected === p.unit ? ' selected' : ''}`, transform: `translate(${dx.toFixed(1)},${dy.toFixed(1)})` });
  const body = el('g', { transform: u.in_column ? 'rotate(90)' : null }, g);
  if (p.moving || (ctx.selected && ctx.selected === p.unit)) {
    el('rect', { x: -S / 2 - 5, y: -S / 2 - 5, width: S + 10, height: S + 10, rx: 7, class: p.moving ? 'glow-moving' : 'glow-selected' }, body);
  }
  el('rect', { x: -S / 2 + 2, y: -S / 2 + 2.5, width: S, height: S, rx: 3, fill: '#000', opacity: 0.25 }, body);
  el('rect', { x: -S / 2, y: -S / 2, width: S, height: S, rx: 3, fill: lk.bg, stroke: lk.edge, 'stroke-width': 1.3 }, body);
  el('text', { x: -2, y: -S / 2 + 9, 'text-anchor': 'middle', 'font-size': 6.9, 'font-weight': 600, fill: lk.ink, text: shortName(def.name, 13) }, body);
  typeBox(body, def, lk, -14, -11);
  const v = valuesNow(def, u.steps);
  el('text', { x: -2, y: 17, 'text-anchor': 'middle', 'font-size': v.big.length > 6 ? 10 : 11.5, 'font-weight': 700, fill: lk.ink, 'font-family': 'var(--sans)', text: v.big }, body);
  if (v.small) el('text', { x: 12, y: -1, 'text-anchor': 'middle', 'font-size': 6.5, 'font-weight': 700, fill: lk.soft, text: v.small }, body);
  // Step pips along the right edge: one per step at full strength, filled for the steps left.
  const full = def.full || 1;
  for (let k = 0; k < full; k++) {
    el('rect', { x: S / 2 - 6, y: -S / 2 + 12 + k * 6, width: 4, height: 4, fill: k < u.steps ? lk.ink : 'none', stroke: lk.ink, 'stroke-width': 0.7 }, body);
  }
  // Markers, upright whatever the counter's turn.
  if (u.morale === 'routed') marker(g, 'ROUTED', '#c0392b', '#fff', 10, -S / 2 + 2, 'Routed (9.2)', 34);
  else if (u.morale === 'disordered') marker(g, 'DISORD', '#f0c330', '#2b2418', 10, -S / 2 + 2, 'Disordered (9.1)', 34);
  if (u.ooc) marker(g, 'OOC', '#6b4fa0', '#fff', -13, S / 2 - 3, 'Out of Command (4.2.2)', 22);
  if (def.arm === 'artillery' && u.moved) marker(g, 'MOVED', '#7d7465', '#fff', 11, S / 2 - 3, 'Artillery Moved (7.3): no Offensive Bombardment', 30);
  else if (u.moved && !p.moving) {
    const m = el('g', { transform: `translate(${S / 2 - 2},${S / 2 - 2})` }, g);
    el('circle', { r: 5.5, fill: '#f4eedd', stroke: '#6b604a', 'stroke-width': 1 }, m);
    el('path', { d: 'M-3,0 l2,2.5 l4,-5', fill: 'none', stroke: '#2f6b36', 'stroke-width': 1.7 }, m);
    el('title', { text: 'moved this phase' }, m);
  }
  if (u.in_column) el('title', { text: 'In Column (7.6)' }, body);
  return g;
}

// ---------- markers on the map: Locked, combat and bombardment arrows, the attack being built ----------

function arrow(g, f, t, cls) {
  const sx = f.x + (t.x - f.x) * 0.22;
  const sy = f.y + (t.y - f.y) * 0.22;
  const ex = f.x + (t.x - f.x) * 0.74;
  const ey = f.y + (t.y - f.y) * 0.74;
  el('line', { x1: sx, y1: sy, x2: ex, y2: ey, class: 'attack-casing' }, g);
  el('line', { x1: sx, y1: sy, x2: ex, y2: ey, class: cls, 'marker-end': 'url(#pg-arrowhead)' }, g);
}

function overlay(obs, ctx) {
  know(ctx.board);
  const g = el('g', { class: 'pg-overlay' });
  const defs = el('defs', {}, g);
  const mk = el('marker', { id: 'pg-arrowhead', viewBox: '0 0 10 10', refX: 7, refY: 5, markerWidth: 5, markerHeight: 5, orient: 'auto-start-reverse' }, defs);
  el('path', { d: 'M0,0 L10,5 L0,10 z', fill: '#b3261e' }, mk);
  for (const [hex, penalty] of obs.locked || []) {
    const c = ctx.hex(hex);
    if (!c) continue;
    const m = marker(g, penalty ? 'LOCKED -2' : 'LOCKED', penalty ? '#b3261e' : '#e9e1c4', penalty ? '#fff' : '#2b2418', c.x, c.y - 36, penalty ? 'Locked marker on its penalty side: -2 to attacks from this hex (6.3)' : 'Locked marker (7.2)', 44);
    m.setAttribute('class', 'marker locked');
  }
  const cc = obs.preview_combat || obs.close_combat;
  if (cc && !(cc.resolved && !cc.die)) {
    for (const a of cc.attack) {
      for (const d of cc.defend) {
        const f = ctx.hex(a);
        const t = ctx.hex(d);
        if (f && t && Math.hypot(f.x - t.x, f.y - t.y) < 100) arrow(g, f, t, 'attack-arrow');
      }
    }
    const t = ctx.hex(cc.defend[0]);
    if (t && cc.odds && !cc.resolved) {
      const tag = el('g', { transform: `translate(${t.x + 26},${t.y - 28})` }, g);
      el('rect', { x: -19, y: -9, width: 38, height: 16, rx: 8, fill: '#b3261e', stroke: '#fff', 'stroke-width': 1.2 }, tag);
      el('text', { x: 0, y: 3.5, 'text-anchor': 'middle', 'font-size': 10.5, 'font-weight': 700, fill: '#fff', text: `${cc.odds}${cc.drm ? (cc.drm > 0 ? ` +${cc.drm}` : ` ${cc.drm}`) : ''}` }, tag);
    }
  }
  const bd = obs.preview_bombard || obs.bombardment;
  if (bd) {
    const t = ctx.hex(bd.target);
    const gunHex = (id) => (obs.units || []).find((u) => u.id === id)?.hex;
    for (const id of bd.guns.length ? bd.guns : bd.available || []) {
      const f = ctx.hex(gunHex(id));
      if (f && t) el('line', { x1: f.x, y1: f.y, x2: t.x, y2: t.y, class: 'bombard-line' }, g);
    }
  }
  return g;
}

// ---------- words ----------

const cap = (t) => String(t || '').replace(/^./, (m) => m.toUpperCase());

function stageText(obs) {
  lastObs = obs;
  return cap(obs.waiting);
}

function turnText(obs, ctx) {
  return `Turn ${obs.turn} of ${obs.turns} · ${obs.clock} · ${ctx.sideName(obs.phasing)} Player Turn · ${obs.stage_name || obs.stage}`;
}

// The sequence of play (3.0): the phases of the Player Turn going on, the current one lit (the
// observation's `phase` and `player_turn`), the other Player Turn and the Joint Army Morale
// Adjustment. The Army Activation Phase only while the phasing army is Inactive (4.1).
const PLAYER_PHASES = [
  ['activation', 'Activation (4.1)'],
  ['command', 'Command (4.2)'],
  ['movement', 'Movement (7)'],
  ['offensive_bombardment', 'Bombardment (8)'],
  ['rally', 'Rally (9.4)'],
  ['defensive_bombardment', 'Defensive Bombardment (8.5)'],
  ['close_combat', 'Close Combat (10)'],
];

function phases(obs, ctx) {
  if (!obs.phase || obs.phase === 'over') return [];
  const first = ctx.board.first === 'B' ? 'B' : 'A';
  const order = [first, first === 'A' ? 'B' : 'A'];
  const inTurn = PLAYER_PHASES.some(([id]) => id === obs.phase);
  const out = [];
  order.forEach((side, i) => {
    const name = `${ctx.sideName(side)} Player Turn`;
    if (inTurn && obs.player_turn === i + 1) {
      const inactive = (obs.armies || []).find((a) => ctx.sideId(a.side) === ctx.sideId(side))?.active === false;
      for (const [id, words] of PLAYER_PHASES) {
        if (id === 'activation' && !inactive && obs.phase !== 'activation') continue;
        out.push({ id, name: words, on: obs.phase === id, group: name });
      }
    } else {
      out.push({ id: `player_turn_${i + 1}`, name, on: false });
    }
  });
  out.push({ id: 'army_morale', name: 'Joint Army Morale (13)', on: obs.phase === 'army_morale' });
  return out;
}

const MORALE = { formed: 'Formed', disordered: 'Disordered (9.1)', routed: 'Routed (9.2)' };
const ARM = { infantry: 'infantry', cavalry: 'cavalry', artillery: 'artillery' };

function pieceInfo(p, ctx) {
  know(ctx.board);
  if (p.leader) {
    const d = leaderDefs.get(p.unit) || {};
    const wing = (ctx.board.wings || []).find((w) => w.id === d.wing);
    return `<b>${esc(d.name || p.unit)}</b><br>${esc(ctx.sideName(p.side))} ${d.role === 'commander' ? 'Army Commander' : `Wing Leader${wing ? ` of ${esc(wing.name)}` : ''}`}`
      + `${d.initiative !== null && d.initiative !== undefined ? `<br>Initiative ${d.initiative}` : ''}`
      + `${d.special ? `<br>Special Leader (4.2.1): ${d.special === 'any' ? 'any wing' : d.special === 'infantry' ? 'wings with infantry (I)' : 'wings without infantry (C)'}` : ''}`
      + `<br>Morale Modifier ${d.morale ?? 0} (9.3) · MA ${d.movement}`
      + `<br>in ${esc(p.hex)}${p.info.in_column ? ', In Column' : ''}${p.info.successor ? '<br><span class="muted">a successor (15.2): no Initiative, Special ability or Morale Modifier</span>' : ''}`;
  }
  const d = unitDefs.get(p.unit) || {};
  const u = p.info;
  const wing = (ctx.board.wings || []).find((w) => w.id === d.wing);
  const group = (ctx.board.groups || []).find((x) => x.id === d.group);
  const nation = NATION[nationOf(d, p.side, ctx)]?.word || '';
  const steps = (d.by_steps || []).map((s, k) => (k + 1 === u.steps ? `<b>${esc(s.values)}</b>` : esc(s.values))).reverse().join(' → ');
  const states = [];
  if (u.in_column) states.push('In Column (7.6)');
  if (u.engaged) states.push('Engaged (6.1)');
  if (u.ooc) states.push('Out of Command (4.2.2)');
  if (u.degraded) states.push('Degraded (4.2)');
  if (u.moved) states.push(d.arm === 'artillery' ? 'Artillery Moved (7.3)' : 'moved this phase');
  if (u.fired) states.push('fired this Turn (8)');
  if (u.fought) states.push('in a Close Combat this Turn (10)');
  return `<b>${esc(d.name || p.unit)}</b><br>${esc(nation)} ${esc(d.class || ARM[d.arm] || '')}${d.class ? ` (${ARM[d.arm]})` : ''}${d.fast && d.arm !== 'cavalry' ? ', a Fast Unit' : ''}`
    + `${wing ? `<br>${esc(wing.name)}` : ''}${group ? ` · ${esc(group.name)} (Command Rating ${group.rating})` : ''}`
    + `<br>${u.steps} of ${d.full} steps: ${steps}${d.arm === 'artillery' ? ' (Bombardment Strength at 1-2-3 hexes, MR, MA)' : ' (SP-MR-MA)'}`
    + `${d.shock ? `<br>Shock ${d.shock} (10.5.1)` : ''}`
    + `<br>${MORALE[u.morale] || u.morale}${u.mr !== undefined ? `, MR now ${u.mr}` : ''} · in ${esc(p.hex)}${u.stack ? `, ${u.stack + 1}${['st', 'nd', 'rd'][u.stack] || 'th'} in the stack` : ', top of its stack'}`
    + (states.length ? `<br><span class="muted">${states.join(' · ')}</span>` : '');
}

// The hover box of a hex: its terrain's effects and the whole stack there.
function hexInfo(info, t, ctx) {
  know(ctx.board);
  let html = '';
  if (t) {
    const m = t.move || {};
    const mv = (x) => (x === null || x === undefined ? '—' : x);
    html += `<br><span class="muted">MP inf ${mv(m.infantry)} · cav ${mv(m.cavalry)} · art ${mv(m.artillery)} · ldr ${mv(m.leader)} (7.3); close combat ${t.close_combat}${t.close_combat_cavalry !== t.close_combat ? ` (cavalry ${t.close_combat_cavalry})` : ''} (10.5); bombard ${t.bombard} (8.3)${t.blocks_los ? '; blocks LOS (8.2)' : ''}</span>`;
  }
  return html;
}

// ---------- panels ----------

function meter(value, top, marks) {
  const box = h('span', { class: 'pg-meter', title: marks.map((m) => `${m.name} at ${m.at}`).join(', ') });
  const n = Math.max(top, value, 1);
  for (let i = 1; i <= n; i++) {
    const cls = i <= value ? (marks.some((m) => i <= m.at && m.name === 'broken') ? 'on broken' : marks.some((m) => i <= m.at && m.name === 'demoralized') ? 'on dem' : 'on') : '';
    box.appendChild(h('i', { class: cls }));
  }
  return box;
}

function armyPanel(obs, ctx) {
  const p = h('div', { class: 'panel', id: 'armies' }, h('h3', {}, 'The armies (12)'));
  p.appendChild(h('div', { class: 'muted' }, turnText(obs, ctx)));
  (obs.armies || []).forEach((a, i) => {
    const def = (ctx.board.armies || []).find((x) => x.side === a.side) || {};
    const state = a.broken ? 'Broken (12.4)' : a.demoralized ? 'Demoralized (12.3)' : 'steady';
    p.appendChild(h('div', { class: `pg-army${a.broken ? ' broken' : a.demoralized ? ' demoralized' : ''}`, 'data-side': a.side },
      h('div', {}, h('b', {}, ctx.sideName(a.side)), ` · ${a.active ? 'Activated (4.1)' : 'Inactive'} · ${state}`),
      h('div', {}, 'Army Morale ', h('b', { class: 'am' }, `${a.am}`), ` of ${def.morale ?? '?'} `, meter(a.am, def.morale || a.am, [{ name: 'demoralized', at: a.demoralized_at }, { name: 'broken', at: a.broken_at }]),
        h('span', { class: 'muted' }, ` demoralized at ${a.demoralized_at}, broken at ${a.broken_at}`)),
      h('div', {}, `Victory Points ${obs.vp?.[i] ?? a.vp}${a.cs ? ` · ${a.cs} Combat Success marker${a.cs > 1 ? 's' : ''} this Turn (10 step 11)` : ''}`)));
  });
  if (obs.standing) p.appendChild(h('div', { class: 'muted', style: 'margin-top:4px' }, `If the battle ended now: ${ctx.sideName(obs.standing[0])} ${obs.standing[1]} victory`));
  const wing = (id) => (ctx.board.wings || []).find((w) => w.id === id)?.name || id;
  if (obs.wings_in_column?.length) p.appendChild(h('div', { style: 'font-size:12px' }, `In Column (7.6): ${obs.wings_in_column.map(wing).join(', ')}`));
  if (obs.wings_degraded?.length) p.appendChild(h('div', { style: 'font-size:12px' }, `Degraded this Player Turn (4.2): ${obs.wings_degraded.map(wing).join(', ')}`));
  return p;
}

function modsTable(mods) {
  const t = h('table', { class: 'pg-mods' });
  if (!mods.length) t.appendChild(h('tr', {}, h('td', { class: 'muted' }, 'no die roll modifiers')));
  for (const m of mods) {
    t.appendChild(h('tr', {}, h('td', {}, m.what), h('td', { class: 'amt' }, m.value > 0 ? `+${m.value}` : `${m.value}`), h('td', { class: 'rule' }, m.rule)));
  }
  return t;
}

// The chance of each result, and the result of each die face.
function chancesBox(x) {
  const box = h('div', { class: 'pg-chances' });
  for (const c of x.chances || []) {
    box.appendChild(h('div', { class: 'row' },
      h('span', { class: 'res' }, c.result),
      h('span', { class: 'bar' }, h('i', { style: `width:${Math.round(100 * c.sixths / 6)}%` })),
      h('span', { class: 'pct' }, `${c.sixths}/6`)));
  }
  const faces = h('div', { class: 'muted faces' }, 'die: ', ...(x.rows || []).map((r) => h('span', { title: `modified roll ${r.roll}` }, `${r.die}→${r.result} `)));
  box.appendChild(faces);
  return box;
}

function unitName(ctx, id) {
  return unitDefs.get(id)?.name || leaderDefs.get(id)?.name || id;
}

function combatBox(c, ctx, title) {
  know(ctx.board);
  const box = h('div', { class: 'attack pg-combat' });
  box.appendChild(h('div', { class: 'head' }, title || `${cap(c.kind)}: ${c.attack.join(', ')} → ${c.defend.join(' + ')}`));
  box.appendChild(h('div', { class: 'odds' }, `${c.attacker_sp} SP against ${c.defender_sp} SP: ${c.odds} (10.3)${c.drm ? `, DRM ${c.drm > 0 ? '+' : ''}${c.drm}` : ''}`));
  const extra = [];
  if (c.flank) extra.push('a Flank Attack (10.1.1)');
  if (c.supported) extra.push('a Supported Defense: +1 LP to each side (10.1.1)');
  if (extra.length) box.appendChild(h('div', {}, extra.join('; ')));
  const leadA = c.lead.attacker || c.assumed_lead?.attacker;
  const leadD = c.lead.defender || c.assumed_lead?.defender;
  if (leadA || leadD) {
    box.appendChild(h('div', { class: c.leads_assumed ? 'muted' : '' },
      `Lead Units (10.4): ${leadA ? unitName(ctx, leadA) : '?'} against ${leadD ? unitName(ctx, leadD) : '?'}${c.leads_assumed ? ' — assumed: the best each side can choose (the attacker first)' : ''}`));
  }
  box.appendChild(modsTable(c.modifiers || []));
  if (c.die) box.appendChild(h('div', { class: 'resolved' }, `die ${c.die}${c.result ? `: ${c.result}` : ''} (10.6)`));
  else if (c.resolved) box.appendChild(h('div', { class: 'resolved' }, 'no die: nothing was left to fight (10.2)'));
  else box.appendChild(chancesBox(c));
  box.appendChild(h('div', { class: 'muted', style: 'font-size:11px' }, `Attackers: ${c.attackers.map((id) => unitName(ctx, id)).join(', ')}. Defenders: ${c.defenders.map((id) => unitName(ctx, id)).join(', ') || 'none'}.`));
  return box;
}

function bombardBox(b, ctx, title) {
  know(ctx.board);
  const box = h('div', { class: 'attack pg-bombard' });
  box.appendChild(h('div', { class: 'head' }, title || `${b.offensive ? 'Offensive' : 'Defensive'} Bombardment of ${b.target}`));
  box.appendChild(h('div', { class: 'odds' }, `${b.strength} Bombardment Strength: ${b.odds ? `column ${b.odds}` : 'below the first column: no effect'} (8.3)${b.drm ? `, DRM ${b.drm > 0 ? '+' : ''}${b.drm}` : ''}`));
  box.appendChild(h('div', {}, `Guns: ${(b.guns.length ? b.guns : b.available || []).map((id) => unitName(ctx, id)).join(', ') || 'none yet'}${b.declared ? '' : ' (every gun that may fire)'}`));
  box.appendChild(modsTable(b.modifiers || []));
  if (b.odds) box.appendChild(chancesBox(b));
  return box;
}

function lossesPanel(obs, ctx) {
  const l = obs.losses;
  if (!l) return null;
  const p = h('div', { class: 'panel', id: 'losses' }, h('h3', {}, `Loss Points: ${ctx.sideName(l.side)} (10.8.1)`));
  p.appendChild(h('div', {}, `${l.lp} LP left of the result ${l.result} in ${l.hexes.join(', ')}${l.lead ? `; the Lead Unit ${unitName(ctx, l.lead)} takes the first` : ''}${l.required > 1 ? `; each Unit takes ${l.required} Step Losses before it may retreat (canister, 10.8.1.2)` : ''}`));
  const mine = ctx.hints.filter((x) => ['loss', 'retreat', 'gun-loss'].includes(x.verb));
  if (mine.length) {
    const list = h('div', { class: 'choices' });
    for (const x of mine) list.appendChild(h('button', { onclick: () => ctx.act(x.notation), 'data-action': x.notation }, x.description));
    p.appendChild(list);
  }
  return p;
}

// The last Close Combat or bombardment resolved in this phase, from the log.
function lastResult(ctx) {
  const ev = ctx.events || [];
  for (let i = ev.length - 1; i >= 0; i--) {
    const k = ev[i].json?.event;
    if (k === 'phase' || k === 'player_turn' || k === 'turn_begins') return null;
    if (k === 'combat_resolved' || k === 'bombardment') return ev[i];
  }
  return null;
}

function combatPanel(obs, ctx) {
  const c = obs.close_combat;
  const b = obs.bombardment;
  if (!c && !b) {
    const last = lastResult(ctx);
    if (!last) return null;
    const after = (ctx.events || []).slice(ctx.events.indexOf(last) + 1).filter((e) => !['moved', 'raised'].includes(e.json?.event)).slice(0, 6);
    return h('div', { class: 'panel', id: 'combat' },
      h('h3', {}, last.json.event === 'bombardment' ? 'The last bombardment (8.3)' : 'The last Close Combat (10.6)'),
      h('div', { class: 'attack' }, h('div', { class: 'odds', style: 'font-size:13px' }, cap(last.text)),
        ...after.map((e) => h('div', { class: 'muted', style: 'font-size:11.5px' }, cap(e.text)))));
  }
  const p = h('div', { class: 'panel', id: 'combat' });
  if (c) {
    p.appendChild(h('h3', {}, 'Close Combat (10)'));
    p.appendChild(combatBox(c, ctx));
    const leads = ctx.hints.filter((x) => x.verb === 'lead');
    if (leads.length) {
      const list = h('div', { class: 'choices' });
      for (const x of leads) list.appendChild(h('button', { onclick: () => ctx.act(x.notation), 'data-action': x.notation }, x.description));
      p.appendChild(h('div', { class: 'muted' }, 'Choose the Lead Unit (10.4):'));
      p.appendChild(list);
    }
  }
  if (b) {
    p.appendChild(h('h3', {}, 'Bombardment (8)'));
    p.appendChild(bombardBox(b, ctx));
    const guns = ctx.hints.filter((x) => x.verb === 'gun');
    if (guns.length) {
      const list = h('div', { class: 'choices' });
      for (const x of guns) list.appendChild(h('button', { onclick: () => ctx.act(x.notation), 'data-action': x.notation }, x.description));
      p.appendChild(h('div', { class: 'muted' }, 'Add guns (click them on the map or here), then fire:'));
      p.appendChild(list);
    }
  }
  return p;
}

// The counters of the last hex clicked, with what each may do: to pick a Unit lower in a stack.
let stackHex = null;

function stackPanel(obs, ctx) {
  if (!stackHex) return null;
  const here = pieces(obs).filter((x) => x.hex === stackHex).reverse();
  if (here.length < 2) return null;
  const p = h('div', { class: 'panel', id: 'stack' }, h('h3', {}, `The stack in ${stackHex}, top first (5.4)`));
  for (const x of here) {
    const acts = ctx.hints.filter((y) => y.unit === x.unit);
    const name = unitName(ctx, x.unit);
    const row = h('div', { class: 'pg-stackrow' }, h('span', {}, x.leader ? `${name} (leader)` : `${name} ${valuesNow(unitDefs.get(x.unit), x.info.steps).big}`));
    const sel = acts.find((y) => y.verb === 'select');
    if (sel) row.appendChild(h('button', { class: 'small', onclick: () => ctx.select(x.unit) }, 'move'));
    for (const y of acts.filter((z) => z.verb !== 'select' && z.verb !== 'step')) row.appendChild(h('button', { class: 'small', title: y.description, onclick: () => ctx.act(y.notation) }, y.verb));
    p.appendChild(row);
  }
  return p;
}

function panels(obs, ctx) {
  know(ctx.board);
  lastObs = obs;
  return [combatPanel(obs, ctx), lossesPanel(obs, ctx), stackPanel(obs, ctx), armyPanel(obs, ctx)].filter(Boolean);
}

// ---------- the attack being put together, and previews ----------

// A Close Combat declaration being built on the map: its defending hexes and attacking hexes.
let builder = null;
let lastObs = null;

function parseAttack(notation) {
  const m = /^attack (\S+) from (\S+)$/.exec(notation);
  if (!m) return null;
  return { targets: m[1].split('+'), from: m[2].split(',') };
}

const sameSet = (a, b) => a.length === b.length && a.every((x) => b.includes(x));

function attackHints(ctx) {
  return ctx.hints.filter((x) => x.verb === 'attack').map((x) => ({ hint: x, ...parseAttack(x.notation) })).filter((x) => x.targets);
}

function builderUnion(all, targets) {
  const u = new Set();
  for (const a of all) if (sameSet(a.targets, targets)) for (const f of a.from) u.add(f);
  return [...u].sort();
}

function builderHint(ctx) {
  if (!builder) return null;
  return attackHints(ctx).find((a) => sameSet(a.targets, builder.targets) && sameSet(a.from, builder.from))?.hint || null;
}

function clickAttack(hex, ctx) {
  const all = attackHints(ctx);
  if (!all.length) return false;
  const targetsOf = new Set(all.flatMap((a) => a.targets));
  if (builder) {
    const union = builderUnion(all, builder.targets);
    if (builder.targets.includes(hex)) {
      const rest = builder.targets.filter((t) => t !== hex);
      if (!rest.length) {
        builder = null;
        ctx.showPreview(null);
        ctx.render();
        return true;
      }
      builder.targets = rest;
    } else if (union.includes(hex)) {
      builder.from = builder.from.includes(hex) ? builder.from.filter((f) => f !== hex) : [...builder.from, hex].sort();
    } else if (targetsOf.has(hex) && all.some((a) => a.targets.length === 2 && sameSet(a.targets, [...builder.targets, hex]))) {
      builder.targets = [...builder.targets, hex];
    } else if (targetsOf.has(hex)) {
      builder = { targets: [hex], from: [] };
    } else {
      return false;
    }
  } else if (targetsOf.has(hex) && all.some((a) => sameSet(a.targets, [hex]))) {
    builder = { targets: [hex], from: [] };
  } else {
    return false;
  }
  const union = builderUnion(all, builder.targets);
  builder.from = builder.from.filter((f) => union.includes(f));
  if (!builder.from.length) {
    // Every hex that can join, else the largest declaration there is.
    const full = all.find((a) => sameSet(a.targets, builder.targets) && sameSet(a.from, union));
    const biggest = all.filter((a) => sameSet(a.targets, builder.targets)).sort((a, b) => b.from.length - a.from.length)[0];
    builder.from = (full || biggest)?.from.slice().sort() || [];
  }
  const hint = builderHint(ctx);
  if (hint) ctx.showPreview(hint);
  else {
    ctx.showPreview(null);
    ctx.render();
  }
  return true;
}

// Clicks the module handles itself; anything else goes to the page's usual handling.
function click(hex, ev, ctx) {
  know(ctx.board);
  const at = (verbs) => ctx.hints.filter((x) => x.hex === hex && verbs.includes(x.verb));
  // Close Combat: build the declaration on the map.
  if (ctx.hints.some((x) => x.verb === 'attack')) {
    if (clickAttack(hex, ctx)) return true;
  }
  // Bombardment targets, momentum attacks and sweeps: previewed before they are declared.
  const aim = at(['target', 'momentum', 'sweep']);
  if (aim.length === 1) {
    ctx.showPreview(aim[0]);
    return true;
  }
  if (aim.length > 1) {
    ctx.menu(ev, aim.map((x) => ({ description: x.description, run: () => ctx.showPreview(x) })));
    return true;
  }
  // A reachable hex with friendly Units: on top of them, or under them (5.4).
  const r = ctx.selected && ctx.reach?.hexes.find((x) => x.hex === hex);
  if (r && r.facings.length > 1) {
    const unit = ctx.selected;
    ctx.menu(ev, r.facings.map((f) => ({
      description: `${f.facing === 'below' ? 'under the Units there (5.4)' : 'on top of the stack'}${f.ends_move ? ', ending the move' : `, ${f.left_half / 2} MP left`}`,
      run: () => ctx.moveTo(unit, hex, f.facing),
    })));
    return true;
  }
  if (r) return false;
  // Counters of a stack: each click on it selects the next one of ours that may move.
  const movable = ctx.hints.filter((x) => x.verb === 'select' && x.hex === hex);
  if (movable.length) {
    stackHex = hex;
    const order = pieces(lastObs || {}).filter((x) => x.hex === hex).reverse().map((x) => x.unit);
    const ids = order.filter((id) => movable.some((m) => m.unit === id));
    const i = ids.indexOf(ctx.selected);
    ctx.select(ids[(i + 1) % ids.length]);
    return true;
  }
  // Choices placed on this hex: a retreat, a withdrawal, an advance, a Lead Unit, a loss ...
  const located = at(['to', 'withdraw', 'advance', 'momentum-advance', 'lead', 'loss', 'retreat', 'gun-loss', 'gun', 'trace', 'raise', 'column-artillery']);
  if (located.length === 1) {
    ctx.act(located[0].notation);
    return true;
  }
  if (located.length > 1) {
    ctx.menu(ev, located);
    return true;
  }
  if (ctx.hints.some((x) => x.hex === hex)) stackHex = hex;
  return false;
}

function cancel() {
  builder = null;
}

function marks(obs, ctx) {
  const out = [];
  if (builder && ctx.hints.some((x) => x.verb === 'attack')) {
    const union = builderUnion(attackHints(ctx), builder.targets);
    for (const t of builder.targets) out.push({ hex: t, cls: 'target', title: 'defending hex' });
    for (const f of union) {
      out.push(builder.from.includes(f)
        ? { hex: f, cls: 'option-blue', title: 'attacking: click to leave it out' }
        : { hex: f, cls: 'selectable', title: 'may attack too: click to add it' });
    }
  } else if (builder) {
    builder = null;
  }
  const bd = obs.bombardment;
  if (bd) out.push({ hex: bd.target, cls: 'target', title: 'the bombardment\'s target' });
  const cc = obs.close_combat;
  if (cc && !cc.resolved) for (const d of cc.defend) out.push({ hex: d, cls: 'target', title: 'defending hex' });
  return out;
}

function previewPanel(result, hex, ctx) {
  if (!result) return null;
  if (result.kind === 'bombardment') return bombardBox(result, ctx, `If declared: a bombardment of ${result.target}`);
  const box = h('div', {});
  box.appendChild(combatBox(result, ctx, `If declared: ${result.attack.join(', ')} → ${result.defend.join(' + ')}`));
  if (builder) {
    box.appendChild(h('div', { class: 'muted', style: 'font-size:12px;margin-top:4px' },
      'Blue hexes attack, dashed ones may: click a hex to leave it out or add it back; click an enemy hex next to the target to attack both; the defender may still withdraw Fast Units (10.2).'));
  }
  return box;
}

function previewed(obs, result) {
  if (!result) return obs;
  return result.kind === 'bombardment' ? { ...obs, preview_bombard: result } : { ...obs, preview_combat: result };
}

// ---------- how the battle page offers the actions ----------

function passLabel() {
  const st = lastObs?.stage;
  const step = lastObs?.close_combat?.step || '';
  if (st === 'activation') return 'Do not activate';
  if (st === 'cdoa_offer') return 'No Coup d\'Oeil';
  if (st === 'cdoa_pay') return 'Do not pay';
  if (st === 'forced_offer') return 'Stay In Column';
  if (st === 'trace') return 'Trace no more';
  if (st === 'special') return 'No Special Leader roll';
  if (/Withdraw/.test(step)) return 'Stay (no withdrawal)';
  if (/Advance/.test(step)) return 'Do not advance';
  if (/Momentum/.test(step)) return 'No momentum';
  if (/Sweep/.test(step)) return 'No Sweeping Charge';
  return 'Pass';
}

const play = {
  select: 'select',
  // The units that may still move this phase (each is offered a `select`): the page's "next
  // unmoved unit", and ending the phase with some is asked about first.
  unmoved: (hints) => [...new Set(hints.filter((x) => x.verb === 'select' && x.unit).map((x) => x.unit))],
  move: ['select', 'step'],
  preview: ['attack', 'target', 'momentum', 'sweep'],
  aimed: { step: 'reach' },
  onHex: {
    attack: 'option-red', target: 'option-red', momentum: 'option-red', sweep: 'option-red',
    gun: 'option-blue', to: 'option-purple', withdraw: 'option-purple', retreat: 'option-purple',
    advance: 'option-green', 'momentum-advance': 'option-green', lead: 'option-green',
    loss: 'option-red', 'gun-loss': 'option-red', trace: 'option-blue', 'column-artillery': 'option-blue',
  },
  facing: {},
  buttons: {
    activate: (x) => `Activate: ${x.description.replace(/^pay /, 'pay ').replace(/ and roll.*?\(/, ' and roll (')}`,
    pass: () => passLabel(),
    cdoa: 'Attempt a Coup d\'Oeil Activation',
    pay: 'Pay and activate',
    deploy: (x) => cap(x.description),
    'deploy-attempt': 'Attempt a Forced Deployment',
    special: (x) => cap(x.description),
    column: (x) => cap(x.description),
    end: 'End this move',
    'end-phase': 'End this phase',
    fire: (x) => cap(x.description),
  },
  primary: 'end-phase',
  declareLabel: (hint) => (hint.verb === 'target' ? 'Bombard this hex' : hint.verb === 'attack' ? 'Declare this Close Combat' : 'Declare'),
};

function instructions(hints, sel) {
  const verbs = new Set(hints.map((x) => x.verb));
  if (builder && verbs.has('attack')) return 'Blue hexes attack, dashed ones may: click them to change the attack, then declare it (or Escape).';
  if (sel.selected && sel.reach) return 'Click a shaded hex to move there (the number is its MP cost; "all" ends the move). Moves are final (7.3).';
  if (verbs.has('step')) return 'Click a shaded hex to go on, or end this move.';
  if (verbs.has('select')) return 'Click one of your counters to see where it can go (click a stack again for the next counter), or end the phase.';
  if (verbs.has('attack')) return 'Click an enemy hex marked red to put a Close Combat together (10.1); end the phase when no attack is compulsory.';
  if (verbs.has('target')) return 'Click an enemy hex marked red to see the bombardment\'s odds, or end the phase.';
  if (verbs.has('gun')) return 'Add the guns you want (marked blue), then fire.';
  if (verbs.has('lead')) return 'Choose the Lead Unit (10.4): click it or its button.';
  if (verbs.has('loss') || verbs.has('retreat')) return 'Satisfy the Loss Points (10.8.1): choose the Unit that takes each.';
  if (verbs.has('to')) return 'Choose the hex to retreat into (10.9).';
  if (verbs.has('withdraw')) return 'Withdraw the Fast Units before the combat (10.2), or stay.';
  if (verbs.has('advance')) return 'Advance into the vacated hex (10 step 9), or not.';
  if (verbs.has('momentum') || verbs.has('momentum-advance')) return 'Momentum (10 step 10): advance again, attack at once, or not.';
  if (verbs.has('sweep')) return 'A Sweeping Charge (10 step 12), or not.';
  if (verbs.has('trace')) return 'Choose up to two Out of Command Units to trace command to the Army Commander (4.2.2).';
  if (verbs.has('activate')) return 'Pay Army Morale and roll to activate your army (4.1.1), or wait.';
  return null;
}

// ---------- the log, the key ----------

const isHeading = (e) => ['turn_begins', 'player_turn', 'phase'].includes(e.json?.event);

// A Close Combat's die (its `combat_resolved` event in the die's step), shown large: the odds
// column, the modified roll and the CRT cell lit (10.6). Other dice are not shown so.
function dieDetail(d, events, obs, ctx) {
  const m = /^die (\d)$/.exec(d.outcome);
  if (!m) return null;
  const r = events.find((e) => e.step === d.step && e.json?.event === 'combat_resolved')?.json;
  if (!r) return null;
  const crt = ctx.board.crt;
  const col = crt ? crt.columns.indexOf(r.odds) : -1;
  const row = crt ? Math.max(0, Math.min(crt.results.length - 1, r.roll - crt.first_row)) : -1;
  const cell = col >= 0 ? crt.results[row]?.[col] : null;
  const decl = events.filter((e) => e.step <= d.step && e.json?.event === 'combat_declared').pop()?.json;
  let table = null;
  if (cell) {
    table = h('table', { class: 'crt' });
    table.appendChild(h('tr', {}, h('th', {}, 'roll'), ...crt.columns.map((c, i) => h('th', { class: i === col ? 'hot' : '' }, c))));
    crt.results.forEach((cells, i) => {
      table.appendChild(h('tr', {}, h('th', { class: i === row ? 'hot' : '' }, `${crt.first_row + i}`),
        ...cells.map((x, j) => h('td', { class: `${j === col ? 'hot' : ''}${j === col && i === row ? ' hit' : ''}` }, x))));
    });
  }
  const drm = r.roll - Number(m[1]);
  return {
    face: m[1],
    title: decl ? `Close Combat: ${decl.attack.join(', ')} against ${decl.defend.join(', ')}` : 'Close Combat',
    odds: `${r.attacker_sp} SP against ${r.defender_sp} SP: ${r.odds}${drm ? `, DRM ${drm > 0 ? '+' : ''}${drm}, roll ${r.roll}` : ''} (10.3)`,
    result: cell ? `${cell}: Loss Points to the attacker / the defender (10.6)` : '',
    table,
    done: true,
  };
}

// How the battle was decided: the scenario's victory levels (14), the first that holds decides
// (pg-rulings 5), with the one reached lit; none holding is a draw.
const CONDITION = { demoralized: 'Demoralized or Broken', broken: 'Broken', not_demoralized: 'neither Demoralized nor Broken', not_broken: 'not Broken' };
function outcomeText(o, ctx) {
  const levels = ctx.board.victory || [];
  if (!levels.length || !['A', 'B'].includes(ctx.board.first)) return null;
  const first = ctx.board.first;
  const other = first === 'A' ? 'B' : 'A';
  const diff = o.points[first === 'A' ? 0 : 1] - o.points[first === 'A' ? 1 : 0];
  const lines = [`Victory Points ${ctx.sideName(first)} minus ${ctx.sideName(other)}: ${diff > 0 ? '+' : ''}${diff}. The first of the battle's victory levels whose conditions hold decides (14); if none holds, a draw.`];
  for (const v of levels) {
    const range = v.min_vp !== null && v.max_vp !== null ? `from ${v.min_vp} to ${v.max_vp}` : v.min_vp !== null ? `at least ${v.min_vp}` : v.max_vp !== null ? `at most ${v.max_vp}` : 'any';
    const reached = o.winner && ctx.sideId(o.winner) === v.winner && o.kind === v.level;
    lines.push(`${reached ? '▶ ' : ''}${ctx.sideName(v.winner)} ${v.level} victory: difference ${range}${v.enemy ? `, the enemy army ${CONDITION[v.enemy] || v.enemy}` : ''}${v.own ? `, its own army ${CONDITION[v.own] || v.own}` : ''}${reached ? ' (reached)' : ''}`);
  }
  return lines;
}

function die(outcome) {
  const m = /^die (\d)$/.exec(outcome);
  return m ? { face: m[1], quote: `die ${m[1]}` } : null;
}

function half(n) {
  return `${n / 2}`;
}

function legend(ctx) {
  know(ctx.board);
  const items = [];
  const sw = (fill, stroke) => `<svg width="16" height="12"><rect x="1" y="1" width="14" height="10" fill="${fill}" stroke="${stroke}"/></svg>`;
  const seen = new Set();
  for (const u of ctx.board.units || []) {
    const side = (ctx.board.sides || []).find((s) => s.id === u.side)?.side;
    const n = nationOf(u, side, ctx);
    if (seen.has(n)) continue;
    seen.add(n);
    items.push(`${sw(NATION[n].bg, NATION[n].edge)} ${NATION[n].word}`);
  }
  items.push('<svg width="16" height="12"><rect x="1" y="1" width="14" height="10" fill="none" stroke="#222"/><path d="M1,1 L15,11 M15,1 L1,11" stroke="#222"/></svg> infantry');
  items.push('<svg width="16" height="12"><rect x="1" y="1" width="14" height="10" fill="none" stroke="#222"/><path d="M1,11 L15,1" stroke="#222"/></svg> cavalry');
  items.push('<svg width="16" height="12"><rect x="1" y="1" width="14" height="10" fill="none" stroke="#222"/><circle cx="8" cy="6" r="2.5" fill="#222"/></svg> artillery');
  items.push('values: SP-MR-MA of the side showing (artillery: Bombardment Strength at 1-2-3 hexes, then MR·MA); the squares on the right are its steps');
  items.push('a counter turned sideways is In Column (7.6); round counters are Leaders (the number: Initiative; a star: a Special Leader)');
  return items;
}

function terrainText(t) {
  const m = t.move || {};
  const mv = (x) => (x === null || x === undefined ? '—' : x);
  return `${t.name}: ${mv(m.infantry)}/${mv(m.cavalry)}/${mv(m.artillery)} MP (inf/cav/art)${t.close_combat ? `, close combat ${t.close_combat}` : ''}${t.blocks_los ? ', blocks LOS' : ''}`;
}

function featureText(f) {
  const m = f.move || {};
  const mv = (x) => (x === null || x === undefined ? 'no' : `+${x}`);
  return `${f.name}: ${f.crossing ? 'a crossing; ' : ''}${mv(m.infantry)}/${mv(m.cavalry)}/${mv(m.artillery)} MP${f.close_combat ? `, close combat ${f.close_combat}` : ''}`;
}

function slopeText(b) {
  const s = b.slope || {};
  return `: +${s.move?.infantry ?? 1} MP up (7.3), ${s.close_combat ?? 0} attacking upslope (10.5)`;
}

const TERRAIN_LOOK = {
  lake: { fill: '#9fc3dc' },
  vineyard: { fill: '#dccb95' },
};

const FEATURE_LOOK = {
  ditch: { stroke: '#4f7f8c', width: 5, dash: '7 3' },
  bridge: { stroke: '#6b4b2a', width: 8 },
  dam: { stroke: '#6d6a60', width: 7 },
  entrenchment: { stroke: '#7a3d1f', width: 5, dash: '2 3' },
};

export default {
  id: 'pg',
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
  cancel,
  isHeading,
  outcomeText,
  dieDetail,
  die,
  half,
  legend,
  terrainText,
  featureText,
  slopeText,
  terrainStyle: (id) => TERRAIN_LOOK[id],
  featureStyle: (id) => FEATURE_LOOK[id],
};
