// Drums & Muskets: how its counters, markers, map marks and panels look, and how the battle page
// offers its actions. Everything here reads the observation the server sent for this viewer
// (crates/rules-dm/src/observe.rs), the public board description (crates/games/src/dm/ui.rs)
// and the legal actions; nothing else. Other rule systems provide a module with the same
// exports (see docs/web.md).

import { el, bearing } from '../js/map.js';
import { h, esc } from '../js/util.js';

const SIDE_LOOK = {
  // Prussian dark blue with light ink; Austrian white with dark ink.
  prussian: { bg: '#1e3660', edge: '#0e1c36', ink: '#f4efe0', soft: '#b9c6dc', bar: '#e8c15a', cypher: 'FR', cypherInk: '#e8c15a' },
  austrian: { bg: '#f7f4ea', edge: '#6d6552', ink: '#1f1a12', soft: '#6b6350', bar: '#b0282b', cypher: 'MT', cypherInk: '#2a2418' },
};
const FALLBACK_LOOK = [SIDE_LOOK.prussian, SIDE_LOOK.austrian];

function look(ctx, sideLetter) {
  const id = ctx.sideId(sideLetter);
  return SIDE_LOOK[id] || FALLBACK_LOOK[sideLetter === 'A' ? 0 : 1];
}

const W = 64;
const H = 40;

function shortName(name) {
  const n = String(name || '').split(' (')[0];
  return n.length > 15 ? `${n.slice(0, 14)}…` : n;
}

function kindWord(k) {
  return { infantry: 'Infantry', light_infantry: 'Light infantry', cavalry: 'Cavalry', dummy: 'Dummy' }[k] || k;
}

function half(n) {
  if (n === 1) return '½';
  return n % 2 ? `${(n - 1) / 2}½` : `${n / 2}`;
}

// The NATO-style unit type box: infantry an X, cavalry one diagonal, light infantry an X with a
// bugle mark; heavy artillery a filled dot.
function typeBox(g, unit, lk, x, y) {
  const w = 20;
  const h = 13;
  el('rect', { x, y, width: w, height: h, fill: 'none', stroke: lk.ink, 'stroke-width': 1.3 }, g);
  if (unit.kind === 'infantry' || unit.kind === 'light_infantry') {
    el('path', { d: `M${x},${y} L${x + w},${y + h} M${x + w},${y} L${x},${y + h}`, stroke: lk.ink, 'stroke-width': 1.1 }, g);
  }
  if (unit.kind === 'cavalry') {
    el('path', { d: `M${x},${y + h} L${x + w},${y}`, stroke: lk.ink, 'stroke-width': 1.3 }, g);
  }
  if (unit.kind === 'light_infantry') {
    el('path', { d: `M${x + 3},${y + h + 4} q4,-4 8,0 q3,3 6,-1`, fill: 'none', stroke: lk.ink, 'stroke-width': 1 }, g);
  }
  if (unit.heavy_artillery) {
    el('circle', { cx: x + w / 2, cy: y + h / 2, r: 3.1, fill: lk.ink, stroke: lk.bg, 'stroke-width': 0.8 }, g);
  }
}

function marker(g, text, fill, ink, dx, dy) {
  const m = el('g', { transform: `translate(${dx},${dy})`, class: 'marker' }, g);
  el('rect', { x: -15, y: -7.5, width: 30, height: 15, rx: 2, fill, stroke: '#2b2418', 'stroke-width': 1 }, m);
  el('text', { x: 0, y: 3.3, 'text-anchor': 'middle', 'font-size': 8, 'font-weight': 700, fill: ink, 'font-family': 'var(--sans)', text }, m);
  return m;
}

// The pieces to draw, from the observation: one per piece on the map.
function pieces(obs) {
  const mover = obs.mover;
  return (obs.pieces || []).filter((p) => p.hex).map((p) => ({
    key: `${p.side}-${p.token}`,
    hex: p.hex,
    facing: p.facing,
    side: p.side,
    token: p.token,
    unit: p.unit ? p.unit.id : null,
    info: p.unit,
    hidden: p.hidden,
    status: p.status,
    moved: p.moved,
    moving: !!mover && mover.side === p.side && mover.token === p.token,
  }));
}

// One counter, centred on (0, 0), its top edge (the facing edge) turned to its facing.
function drawPiece(p, ctx) {
  const lk = look(ctx, p.side);
  const own = ctx.isOwn(p.side);
  const g = el('g', { class: `counter${p.moving ? ' moving' : ''}${ctx.selected === p.unit && p.unit ? ' selected' : ''}` });
  const body = el('g', { transform: `rotate(${bearing(p.facing)})` }, g);
  if (p.moving || (ctx.selected && ctx.selected === p.unit)) {
    el('rect', { x: -W / 2 - 5, y: -H / 2 - 5, width: W + 10, height: H + 10, rx: 7, class: p.moving ? 'glow-moving' : 'glow-selected' }, body);
  }
  el('rect', { x: -W / 2 + 2, y: -H / 2 + 3, width: W, height: H, rx: 3, fill: '#000', opacity: 0.28 }, body);
  el('rect', { x: -W / 2, y: -H / 2, width: W, height: H, rx: 3, fill: lk.bg, stroke: lk.edge, 'stroke-width': 1.4 }, body);
  // The facing edge.
  el('rect', { x: -W / 2 + 1, y: -H / 2 + 1, width: W - 2, height: 3.2, fill: lk.bar }, body);
  const u = p.info;
  // Printing on the counter reads from the bottom edge, or is turned round when the counter
  // faces south, so that it is never upside down.
  const b = bearing(p.facing);
  const text = b > 90 && b < 270 ? el('g', { transform: 'rotate(180)' }, body) : body;
  if (!u) {
    // The hidden side: only the national symbol.
    el('path', { d: 'M-9,-8 l3,-6 l3,4 l3,-6 l3,6 l3,-4 l3,6 z', fill: lk.cypherInk, opacity: 0.9 }, text);
    el('text', { x: 0, y: 12, 'text-anchor': 'middle', 'font-size': 17, 'font-family': 'var(--serif)', 'font-style': 'italic', 'font-weight': 700, fill: lk.cypherInk, text: lk.cypher }, text);
  } else if (u.kind === 'dummy') {
    el('text', { x: 0, y: 2, 'text-anchor': 'middle', 'font-size': 10, 'font-weight': 700, 'letter-spacing': 1, fill: lk.ink, text: 'DUMMY' }, text);
    el('text', { x: 0, y: 15, 'text-anchor': 'middle', 'font-size': 10, 'font-weight': 700, fill: lk.ink, text: `${u.movement}` }, text);
  } else {
    el('text', { x: 0, y: -8, 'text-anchor': 'middle', 'font-size': 8.2, 'font-weight': 600, fill: lk.ink, text: shortName(u.name) }, text);
    typeBox(text, u, lk, -28, -3);
    el('text', { x: 13, y: 15, 'text-anchor': 'middle', 'font-size': 13, 'font-weight': 700, fill: lk.ink, 'font-family': 'var(--sans)', text: `${u.strength}-${u.morale}-${u.movement}` }, text);
    if (u.heavy_artillery) {
      el('text', { x: 13, y: 3.5, 'text-anchor': 'middle', 'font-size': 7, 'font-weight': 700, fill: lk.soft, text: 'HEAVY ART' }, text);
    }
  }
  if (own && p.hidden) {
    // Still showing its hidden side to the enemy.
    el('rect', { x: -W / 2 - 2.5, y: -H / 2 - 2.5, width: W + 5, height: H + 5, rx: 5, class: 'own-hidden' }, body);
  }
  if (p.status === 'Routed') marker(g, 'ROUTED', '#c0392b', '#fff', 14, -17);
  else if (p.status === 'Shaken') marker(g, 'SHAKEN', '#f0c330', '#2b2418', 14, -17);
  if (p.moved && !p.moving) {
    const m = el('g', { transform: 'translate(-24,17)' }, g);
    el('circle', { r: 6, fill: '#f4eedd', stroke: '#6b604a', 'stroke-width': 1 }, m);
    el('path', { d: 'M-3,0 l2,2.5 l4,-5', fill: 'none', stroke: '#2f6b36', 'stroke-width': 1.8 }, m);
    el('title', { text: 'moved this phase' }, m);
  }
  return g;
}

// Declared attacks and Supporting Fire as arrows on the map.
function overlay(obs, ctx) {
  if (!obs.attacks?.length && !obs.supports?.length) return null;
  const g = el('g', { class: 'attack-overlay' });
  const defs = el('defs', {}, g);
  const mk = el('marker', { id: 'arrowhead', viewBox: '0 0 10 10', refX: 7, refY: 5, markerWidth: 5, markerHeight: 5, orient: 'auto-start-reverse' }, defs);
  el('path', { d: 'M0,0 L10,5 L0,10 z', fill: '#b3261e' }, mk);
  const mk2 = el('marker', { id: 'arrowhead-done', viewBox: '0 0 10 10', refX: 7, refY: 5, markerWidth: 5, markerHeight: 5, orient: 'auto-start-reverse' }, defs);
  el('path', { d: 'M0,0 L10,5 L0,10 z', fill: '#7d7465' }, mk2);
  const hexOf = (id) => (obs.pieces || []).find((p) => p.unit && p.unit.id === id)?.hex;
  for (const a of obs.attacks || []) {
    const t = ctx.hex(a.target);
    if (!t) continue;
    for (const id of a.attackers) {
      const f = ctx.hex(hexOf(id));
      if (!f) continue;
      // From the attacker's hexside towards the target's centre, over both counters.
      const sx = f.x + (t.x - f.x) * 0.18;
      const sy = f.y + (t.y - f.y) * 0.18;
      const ex = f.x + (t.x - f.x) * 0.78;
      const ey = f.y + (t.y - f.y) * 0.78;
      el('line', { x1: sx, y1: sy, x2: ex, y2: ey, class: 'attack-casing' }, g);
      el('line', { x1: sx, y1: sy, x2: ex, y2: ey, class: a.resolved ? 'attack-arrow done' : 'attack-arrow', 'marker-end': a.resolved ? 'url(#arrowhead-done)' : 'url(#arrowhead)' }, g);
    }
    if (!a.resolved) {
      const resolvingTarget = obs.resolving?.[2] ? obs.resolving[0] : null;
      const d = frozen(a, { ...ctx, resolvingTarget }).odds?.differential;
      const tag = el('g', { transform: `translate(${t.x + 24},${t.y - 24})` }, g);
      el('rect', { x: -17, y: -9, width: 34, height: 16, rx: 8, fill: '#b3261e', stroke: '#fff', 'stroke-width': 1.2 }, tag);
      el('text', { x: 0, y: 3.5, 'text-anchor': 'middle', 'font-size': 10.5, 'font-weight': 700, fill: '#fff', text: d === undefined ? '?' : (d > 0 ? `+${d}` : `${d}`) }, tag);
    }
  }
  for (const [art, to] of obs.supports || []) {
    const f = ctx.hex(hexOf(art));
    const t = ctx.hex(hexOf(to));
    if (!f) continue;
    if (t && (t.x !== f.x || t.y !== f.y)) {
      el('line', { x1: f.x, y1: f.y, x2: t.x, y2: t.y, class: 'support-line' }, g);
    }
    el('circle', { cx: f.x - 20, cy: f.y + 18, r: 5, class: 'support-dot' }, g);
  }
  return g;
}

function stageText(obs, ctx) {
  // The observation's stage is always {kind, side, step}.
  const st = obs.stage;
  const side = (s) => ctx.sideName(s);
  switch (st.kind) {
    case 'opening_draw': return 'Drawing the opening hands';
    case 'place': return `${side(st.side)} places a piece (Exclusive 3.0)`;
    case 'movement_card': return `${side(st.side)} may play a Movement card (4.0)`;
    case 'movement': return 'Moving units (7.0)';
    case 'declare': return 'Declaring attacks and Supporting Fire (9.1)';
    case 'defender_support': return 'The defender declares Supporting Fire (9.2.2)';
    case 'choose_attack': return 'Choosing the next attack to resolve (9.0)';
    case 'attack_card': return `${side(st.side)} may play a card (9.0 step ${st.step})`;
    case 'attack_die': return 'Rolling the attack die (9.0 step 5)';
    case 'retreat': return 'Choosing a retreat hex (9.5.1)';
    case 'morale_card': return `${side(st.side)} may play a Morale card (9.5.2)`;
    case 'morale_die': return 'Rolling a Morale Test (9.5.2)';
    case 'advance': return 'Advance after combat (9.5.3)';
    case 'after_facing': return `Free facing change after combat${obs.turning ? ` of ${obs.turning}` : ''} (9.5.3)`;
    case 'discard': return 'Discarding (12.0 C)';
    case 'draw': return 'Drawing cards (12.0 C)';
    case 'rally_card': return 'Rally card window (10.2)';
    case 'rally_choose': return 'Choosing the unit that rallies automatically (10.2)';
    case 'rally_die': return 'Rolling a Rally Test (10.2)';
    case 'over': return 'The battle is over';
    default: return st.kind;
  }
}

const PHASE = { Setup: 'Set-up', Movement: 'Movement Phase', Combat: 'Combat Phase', Administration: 'Administrative Phase' };

function turnText(obs, ctx) {
  return `Turn ${obs.turn} of ${obs.turns} · ${ctx.sideName(obs.phasing)} ${PHASE[obs.phase] || obs.phase}`;
}

// The sequence of play of a Player Turn (4.0): the phasing side's phases, the current one lit.
function phases(obs, ctx) {
  if (obs.phase === 'Setup') return [{ name: 'Set-up (Exclusive 3.0)', on: true }];
  const who = ctx.sideName(obs.phasing);
  return [['Movement', 'Movement (7.0)'], ['Combat', 'Combat (9.0)'], ['Administration', 'Administrative (12.0)']]
    .map(([id, name]) => ({ name: `${who} ${name}`, on: obs.phase === id }));
}

function pieceInfo(p, ctx) {
  const u = p.info;
  const who = ctx.sideName(p.side);
  if (!u) {
    return `<b>Hidden ${esc(who)} piece #${p.token + 1}</b><br>in ${esc(p.hex)}, facing ${esc(p.facing)}<br><span class="muted">its identity is unknown until it is discovered (8.0)</span>`;
  }
  if (u.kind === 'dummy') {
    return `<b>${esc(u.name)}</b> (${esc(who)} dummy)<br>Movement ${u.movement}<br>in ${esc(p.hex)}, facing ${esc(p.facing)}${p.hidden ? '<br><span class="muted">still hidden from the enemy</span>' : ''}`;
  }
  const corps = (ctx.board.corps || []).find((c) => c.id === u.corps);
  return `<b>${esc(u.name)}</b><br>${esc(who)} ${esc(kindWord(u.kind))}${u.heavy_artillery ? ' with heavy artillery' : ''}`
    + `<br>Strength ${u.strength} · Morale ${u.morale} · Movement ${u.movement}`
    + (corps ? `<br>${esc(corps.name)}` : '')
    + `<br>${esc(p.status)} in ${esc(p.hex)}, facing ${esc(p.facing)}`
    + (p.hidden && ctx.isOwn(p.side) ? '<br><span class="muted">still hidden from the enemy</span>' : '');
}

// ---------- side panels ----------

function battlePanel(obs, ctx) {
  const p = h('div', { class: 'panel', id: 'battle' }, h('h3', {}, 'The battle'));
  p.appendChild(h('div', { class: 'muted' }, turnText(obs, ctx)));
  p.appendChild(h('div', {}, `Victory Points: ${ctx.sideName('A')} ${obs.points[0]} – ${ctx.sideName('B')} ${obs.points[1]}`));
  if (obs.to_place && (obs.to_place[0] || obs.to_place[1])) {
    p.appendChild(h('div', {}, `To place: ${ctx.sideName('A')} ${obs.to_place[0]}, ${ctx.sideName('B')} ${obs.to_place[1]}`));
  }
  const grid = h('div', { class: 'corps' });
  for (const c of obs.corps || []) {
    const meter = h('span', { class: `meter${c.morale <= 1 ? ' low' : ''}`, title: `Morale Track ${c.morale} (11.0)` });
    for (let i = 0; i < Math.max(6, c.morale); i++) meter.appendChild(h('i', { class: i < c.morale ? 'on' : '' }));
    grid.appendChild(h('span', { class: c.demoralized ? 'demoralized' : '' }, `${ctx.sideName(c.side)} · ${c.name}${c.demoralized ? ' (Demoralized)' : ''}`));
    grid.appendChild(h('span', {}, meter, ` ${c.morale}`));
  }
  p.appendChild(h('div', { class: 'muted', style: 'margin-top:5px' }, 'Corps morale (11.0)'));
  p.appendChild(grid);
  if (obs.depots?.length) {
    const names = new Map((ctx.board.depots || []).map((d) => [d.hex, d.name]));
    const items = obs.depots.map(([hex, owner, holder]) => `${names.get(hex) || hex} (${hex}): ${ctx.sideName(owner)} depot${owner !== holder ? `, held by the ${ctx.sideName(holder)}s` : ''}`);
    p.appendChild(h('div', { class: 'muted', style: 'margin-top:5px' }, 'Depots (Exclusive 13.0)'));
    for (const it of items) p.appendChild(h('div', { style: 'font-size:12px' }, it));
  }
  return p;
}

function oddsTable(a, ctx) {
  const t = h('table');
  for (const l of a.odds?.lines || []) {
    const who = l.unit ? (ctx.unitName(l.unit) || l.unit) : `${ctx.sideName(l.side)} total`;
    t.appendChild(h('tr', {},
      h('td', {}, `${ctx.sideName(l.side)}: ${who} – ${l.why}`),
      h('td', { class: 'amt' }, l.amount > 0 && l.why !== 'printed Combat Strength' ? `+${l.amount}` : `${l.amount}`),
      h('td', { class: 'rule' }, l.rule)));
  }
  return t;
}

// The CRT with the column read lit, and (`die`, when rolled) the cell of the result.
function crtTable(board, column, die = null) {
  const crt = board.crt;
  if (!crt) return null;
  const t = h('table', { class: 'crt' });
  t.appendChild(h('tr', {}, h('th', {}, 'die'), ...crt.columns.map((c, i) => h('th', { class: i === column ? 'hot' : '' }, c > 0 ? `+${c}` : `${c}`))));
  crt.results.forEach((row, f) => {
    t.appendChild(h('tr', {}, h('th', { class: f + 1 === die ? 'hot' : '' }, `${f + 1}`), ...row.map((r, i) => h('td', { class: `${i === column ? 'hot' : ''}${i === column && f + 1 === die ? ' hit' : ''}` }, r))));
  });
  return t;
}

// What a CRT result means (9.4, 9.5): NE, AR or DR, the number after a retreat the Morale Test's
// penalty.
function resultWords(r) {
  const m = /^(NE|AR|DR)(?:-(\d+))?$/.exec(r || '');
  if (!m) return r;
  const what = { NE: 'no effect', AR: 'the attacker retreats', DR: 'the defender retreats' }[m[1]];
  return m[2] ? `${what}, Morale Test at -${m[2]}` : what;
}

// The chance of each result in a CRT column on one d6 (9.0 step 5: one die, read in the column).
function columnChances(board, column) {
  const counts = new Map();
  for (const row of board.crt?.results || []) {
    const r = row[column];
    counts.set(r, (counts.get(r) || 0) + 1);
  }
  return [...counts].map(([result, n]) => ({ result, n }));
}

function chancesBox(board, column) {
  const box = h('div', { class: 'pg-chances dm-chances' }, h('div', { class: 'muted' }, 'Chance of each result (one die, 9.0 step 5):'));
  for (const { result, n } of columnChances(board, column)) {
    const pct = Math.round((100 * n) / 6);
    box.appendChild(h('div', { class: 'row', 'data-result': result },
      h('span', { class: 'res', title: resultWords(result) }, result),
      h('span', { class: 'bar' }, h('i', { style: `width:${pct}%` })),
      h('span', { class: 'pct' }, `${n}/6`)));
  }
  return box;
}

// A die rolled for an attack (its `attack_rolled` event), shown large: the target, the odds, the
// result once known and the CRT cell lit. Other dice are not shown so.
function dieDetail(d, events, obs, ctx) {
  const m = /^die (\d)$/.exec(d.outcome);
  if (!m) return null;
  const rolled = events.find((e) => e.step === d.step && e.json?.event === 'attack_rolled');
  if (!rolled) return null;
  const target = rolled.json.target;
  const i = events.indexOf(rolled);
  const resolved = events.slice(i).find((e) => e.json?.event === 'attack_resolved' && e.json.target === target)?.json;
  const a = (obs.attacks || []).find((x) => x.target === target);
  const col = resolved ? columnOf(ctx.board, resolved.differential) : a?.odds?.column;
  const die = resolved ? resolved.die : Number(m[1]);
  const cell = col === undefined || col === null ? null : ctx.board.crt.results[die - 1]?.[col];
  const who = a ? `${a.attackers.map((u) => ctx.unitName(u) || u).join(' + ')} → ${ctx.unitName(a.defender) || a.defender}` : '';
  return {
    face: m[1],
    title: `Attack on ${target}${who ? `: ${who}` : ''}`,
    odds: resolved ? `${resolved.attack} vs ${resolved.defence}, differential ${resolved.differential > 0 ? '+' : ''}${resolved.differential}` : a?.odds ? `${a.odds.attack} vs ${a.odds.defence}, differential ${a.odds.differential > 0 ? '+' : ''}${a.odds.differential}` : '',
    result: resolved ? `${cell}: ${resultWords(cell)}${resolved.die !== Number(m[1]) ? ` (the die read as ${resolved.die})` : ''}` : 'the result waits for the cards after the die (9.0 step 6)',
    table: col === undefined || col === null ? null : crtTable(ctx.board, col, resolved ? die : null),
    done: !!resolved,
  };
}

// The odds an attack was resolved at: its `attack_resolved` event in this phase. Once the
// result is known they are frozen: recomputed from the units' places after a retreat they would
// be other odds than those the die was read against.
function resolvedAt(ctx, target) {
  const ev = ctx.events || [];
  for (let i = ev.length - 1; i >= 0; i--) {
    const j = ev[i].json || {};
    if (j.event === 'phase_begins') return null;
    if (j.event === 'attack_resolved' && j.target === target) return j;
  }
  return null;
}

// The CRT column of a differential (as the rules' `Crt::column`; a resolved attack read below
// the first column only when a card lifted it there).
function columnOf(board, diff) {
  const cols = board.crt.columns;
  let col = 0;
  cols.forEach((c, i) => { if (c <= diff) col = i; });
  return col;
}

function frozen(a, ctx) {
  const r = (a.resolved || ctx.resolvingTarget === a.target) ? resolvedAt(ctx, a.target) : null;
  if (!r) return a;
  return { ...a, frozen: r, odds: { attack: r.attack, defence: r.defence, differential: r.differential, column: columnOf(ctx.board, r.differential), lines: [] } };
}

// An `attack_resolved` event's result as the CRT writes it (`NoEffect`, `{"DefenderRetreat": 1}`).
function resultText(r) {
  if (typeof r === 'string') return r === 'NoEffect' ? 'NE' : r;
  const [k, n] = Object.entries(r || {})[0] || [];
  const ab = { AttackerRetreat: 'AR', DefenderRetreat: 'DR' }[k] || k;
  return n ? `${ab}-${n}` : ab;
}

function attackBox(a0, ctx, title) {
  const a = frozen(a0, ctx);
  const col = a.odds?.column;
  const colText = col === null || col === undefined ? 'prohibited (below the first column, 9.0 step 4)' : `CRT column ${ctx.board.crt.columns[col] > 0 ? '+' : ''}${ctx.board.crt.columns[col]}`;
  const names = a.attackers.map((id) => ctx.unitName(id) || id).join(' + ');
  const box = h('div', { class: 'attack' },
    h('div', { class: 'head' }, title || `${names} → ${ctx.unitName(a.defender) || a.defender} in ${a.target}`),
    h('div', { class: 'odds' }, `${a.odds.attack} vs ${a.odds.defence}: differential ${a.odds.differential > 0 ? '+' : ''}${a.odds.differential}`),
    h('div', { class: 'muted' }, colText),
    a.frozen ? h('div', { class: 'resolved', 'data-frozen': 'true' }, `resolved at these odds: die ${a.frozen.die}, ${ctx.board.crt.results[a.frozen.die - 1]?.[col] ?? resultText(a.frozen.result)}`) : null,
    a.resolved && !a.frozen ? h('div', { class: 'resolved' }, 'resolved') : null,
    a.frozen ? null : oddsTable(a, ctx),
    a.frozen || a.resolved || col === null || col === undefined || !ctx.board.crt ? null : chancesBox(ctx.board, col));
  return box;
}

function attacksPanel(obs, ctx) {
  if (!obs.attacks?.length && !obs.resolving) return null;
  const p = h('div', { class: 'panel', id: 'attacks' }, h('h3', {}, 'Attacks (9.0)'));
  const c2 = { ...ctx, resolvingTarget: obs.resolving?.[2] ? obs.resolving[0] : null };
  for (const a of obs.attacks || []) p.appendChild(attackBox(a, c2));
  if (obs.resolving) {
    const [target, die, result] = obs.resolving;
    p.appendChild(h('div', {}, `Resolving the attack on ${target}${die ? `: die ${die}` : ''}${result ? ` → ${result}` : ''}`));
    const a = (obs.attacks || []).find((x) => x.target === target);
    if (a) p.appendChild(crtTable(ctx.board, frozen(a, c2).odds.column));
  }
  if (obs.supports?.length) {
    p.appendChild(h('div', { class: 'muted' }, 'Supporting Fire (9.2): ' + obs.supports.map(([a, t]) => `${ctx.unitName(a)} → ${ctx.unitName(t)}`).join(', ')));
  }
  return p;
}

const WINDOW = {
  movement: 'Movement Phase (4.0)', attack_step3: 'attack, step 3 (9.0)', attack_step6: 'attack, step 6, after the die (9.0)',
  morale_test: 'before a Morale Test (9.5.2)', rally: 'Rally, Administrative Phase (10.2)',
};

function handPanel(obs, ctx) {
  const p = h('div', { class: 'panel', id: 'hand' }, h('h3', {}, 'Tactical cards (5.0)'));
  ['A', 'B'].forEach((s, i) => {
    const d = obs.decks?.[i];
    if (!d) return;
    if (d.hand) {
      p.appendChild(h('div', { class: 'muted' }, `${ctx.sideName(s)} hand (${d.hand_size}), draw pile ${d.draw_pile}, discards ${d.discard.length}`));
      const hand = h('div', { class: 'hand' });
      for (const c of d.hand) {
        const play = ctx.hints.find((x) => x.verb === 'play' && x.card === c.id);
        const discard = ctx.hints.find((x) => x.verb === 'discard' && x.card === c.id);
        hand.appendChild(h('div', { class: `card side-${s}${play ? ' playable' : ''}`, 'data-card': c.id },
          h('div', { class: 'cid' }, c.id),
          h('div', { class: 'ctitle' }, c.title),
          h('div', { class: 'cwin' }, WINDOW[c.window] || c.window),
          h('div', {}, c.text),
          (play || discard) ? h('div', { class: 'cbtn' },
            play ? h('button', { class: 'primary small', onclick: () => ctx.act(play.notation) }, 'Play') : null,
            discard ? h('button', { class: 'small', onclick: () => ctx.act(discard.notation) }, 'Discard') : null) : null));
      }
      if (!d.hand.length) hand.appendChild(h('span', { class: 'muted' }, 'no cards'));
      p.appendChild(hand);
    } else {
      p.appendChild(h('div', { class: 'muted', style: 'margin-top:6px' }, `${ctx.sideName(s)}: ${d.hand_size} card${d.hand_size === 1 ? '' : 's'} in hand (hidden), draw pile ${d.draw_pile}, discards ${d.discard.length ? '' : 'none'}`));
      // The cards the opponent has played or discarded are known: their text, as printed in ours.
      const known = h('div', { class: 'hand' });
      for (const id of d.discard) {
        const c = (ctx.board.cards || []).find((x) => x.id === id);
        if (c) known.appendChild(h('div', { class: `card side-${s} known`, 'data-card': c.id }, h('div', { class: 'cid' }, c.id), h('div', { class: 'ctitle' }, c.title), h('div', { class: 'cwin' }, WINDOW[c.window] || c.window), h('div', {}, c.text)));
      }
      if (known.childNodes.length) p.appendChild(known);
    }
  });
  return p;
}

function panels(obs, ctx) {
  return [attacksPanel(obs, ctx), handPanel(obs, ctx), battlePanel(obs, ctx)].filter(Boolean);
}

// A preview of a declaration: the attack on that target as it would stand; for Supporting Fire
// (9.2), the attack of the unit supported (an attacker, or the defender, 9.2.2).
function previewPanel(attacks, target, ctx) {
  const hint = ctx.preview?.hint;
  const supported = hint?.verb === 'support' ? hint.target_unit : null;
  const a = (attacks || []).find((x) => (supported ? x.attackers.includes(supported) || x.defender === supported : x.target === target))
    || (attacks || []).find((x) => x.target === target);
  if (!a) return null;
  const names = `${a.attackers.map((id) => ctx.unitName(id) || id).join(' + ')} → ${ctx.unitName(a.defender) || a.defender} in ${a.target}`;
  return attackBox(a, ctx, supported ? `With this Supporting Fire: ${names}` : `If declared: ${names}`);
}

function legend(ctx) {
  const items = [];
  const sw = (fill, stroke = '#6b604a') => `<svg width="16" height="12"><rect x="1" y="1" width="14" height="10" fill="${fill}" stroke="${stroke}"/></svg>`;
  items.push(`${sw('#1e3660')} ${esc(ctx.sideName('A'))}`);
  items.push(`${sw('#f7f4ea')} ${esc(ctx.sideName('B'))}`);
  items.push('<svg width="16" height="12"><rect x="1" y="1" width="14" height="10" fill="none" stroke="#222"/><path d="M1,1 L15,11 M15,1 L1,11" stroke="#222"/></svg> infantry');
  items.push('<svg width="16" height="12"><rect x="1" y="1" width="14" height="10" fill="none" stroke="#222"/><path d="M1,11 L15,1" stroke="#222"/></svg> cavalry');
  items.push('<svg width="16" height="12"><circle cx="8" cy="6" r="3" fill="#222"/></svg> heavy artillery');
  items.push('values: strength-morale-movement; the gold or red bar is the facing edge');
  return items;
}

// ---------- the map: depots, and the words of the key ----------

const sideColor = (sideId) => (SIDE_LOOK[sideId] || SIDE_LOOK.prussian).bg;

// Depots (Exclusive 13.0): a flag in the owner's colour in the hex's upper right corner.
function drawMap(layer, view) {
  for (const d of view.board.depots || []) {
    const hx = view.hex(d.hex);
    if (!hx) continue;
    const g = el('g', { class: 'depot', transform: `translate(${hx.x + view.R * 0.42},${hx.y - view.H * 0.42})` }, layer);
    const color = sideColor(d.side);
    el('line', { x1: 0, y1: 12, x2: 0, y2: -8, stroke: '#3a2a18', 'stroke-width': 1.6 }, g);
    el('path', { d: 'M0,-8 L13,-4 L0,0 Z', fill: color, stroke: '#3a2a18', 'stroke-width': 0.8 }, g);
    el('circle', { cx: 0, cy: 12, r: 2, fill: '#3a2a18' }, g);
    el('title', { text: `${d.name}: ${d.side} depot` }, g);
  }
}

function mapLegend(board, sw) {
  return board.depots?.length ? [`${sw('<line x1="9" y1="16" x2="9" y2="2" stroke="#3a2a18" stroke-width="1.6"/><path d="M9,2 L21,6 L9,9 Z" fill="#777"/>')} depot, in its side's colour`] : [];
}

// The Terrain Effects Chart in the key.
function terrainText(t) {
  return `${t.name}: ${t.move_cost} MP${t.attack_into ? `, attack into ${t.attack_into}` : ''}${t.cavalry_attack_into ? ` (cavalry ${t.cavalry_attack_into})` : ''}${t.artillery === false ? ', no artillery support' : ''}`;
}

function featureText(f) {
  return `${f.name} hexside: +${f.move_cost} MP${f.attack_across ? `, attack across ${f.attack_across}` : ''}`;
}

function slopeText(board) {
  const sl = board.slope || {};
  return sl.infantry_upslope ? `: infantry attacking upslope ${sl.infantry_upslope}` : '';
}

// The hover box of a hex: its terrain's effects and its depot.
function hexInfo(info, t, ctx) {
  let html = '';
  if (t) html += `<br><span class="muted">move ${t.move_cost} MP${t.attack_into ? `, infantry attacking in ${t.attack_into}` : ''}${t.cavalry_attack_into ? `, cavalry ${t.cavalry_attack_into}` : ''}${t.artillery === false ? ', no Supporting Fire from here' : ''}</span>`;
  const depot = info.depot !== undefined ? ctx.board.depots[info.depot] : null;
  if (depot) html += `<br>Depot: ${esc(depot.name)} (${esc(ctx.sideName(depot.side))})`;
  return html;
}

// ---------- how the battle page offers the actions (by verb) ----------

const play = {
  select: 'select',
  move: ['select', 'step', 'face', 'wheel', 'sidestep'],
  preview: ['attack', 'support'],
  aimed: { attack: 'target', support: 'support', step: 'reach', sidestep: 'reach' },
  onHex: { place: 'option-blue', resolve: 'option-red', retreat: 'option-purple', rally: 'option-green', advance: 'option-green' },
  // A wheel spends the whole Movement Allowance (7.2).
  facing: { face: '', turn: '', wheel: 'ends-move' },
  buttons: {
    'end-move': 'End this move',
    'end-phase': (x) => x.description.replace(/^end /, 'End ').replace(/^./, (m) => m.toUpperCase()),
    pass: 'Pass (play no card)',
    'no-advance': 'Do not advance',
    'end-discard': 'Stop discarding and draw',
  },
  primary: 'end-phase',
  declareLabel: (hint) => (hint.verb === 'attack' ? 'Declare this attack' : 'Declare Supporting Fire'),
  faceTitle: (f) => (f.ends_move ? `face ${f.facing} (the whole Movement Allowance, 7.2)` : `face ${f.facing} (7.2)`),
  // The units that may still move this phase (each is offered a `select`): ending the Movement
  // Phase with some is asked about first.
  unmoved: (hints) => hints.filter((x) => x.verb === 'select').map((x) => x.unit),
};

// What to do now, from the legal actions and the selection (`{selected, reach, dest}`).
function instructions(hints, sel) {
  const verbs = new Set(hints.map((x) => x.verb));
  if (sel.selected && sel.reach && sel.dest) return `Click an arrow to arrive in ${sel.dest} with that facing, or ${sel.dest} again to go there the cheapest way. Moves are final (7.5).`;
  if (sel.selected && sel.reach) return 'Click a shaded hex to choose where to go (the number is its MP cost), or an arrow to turn where the unit stands. Moves are final (7.5).';
  if (sel.selected && verbs.has('attack')) return 'Click a red hex to see the odds of an attack on it, then declare it.';
  if (sel.selected && verbs.has('support')) return 'Click a green hex to have this unit\'s guns support it.';
  if (verbs.has('face') || verbs.has('wheel') || verbs.has('turn')) return 'Click an arrow around the unit to change its facing, or end its move.';
  if (verbs.has('select')) return 'Click one of your units to see where it can go.';
  if (verbs.has('attack') || verbs.has('support')) return 'Click one of your units next to the enemy to declare an attack or Supporting Fire; end declarations when done.';
  if (verbs.has('place')) {
    const next = hints.find((x) => x.verb === 'place');
    const what = /^place (.*) on /.exec(next?.description || '')?.[1];
    return `Click a marked set-up hex to place the next piece${what ? `: ${what}` : ''}.`;
  }
  if (verbs.has('resolve')) return 'Click a marked target to resolve that attack next.';
  if (verbs.has('retreat')) return 'Click a marked hex to retreat into it.';
  if (verbs.has('play')) return 'Play a card from your hand, or pass.';
  if (verbs.has('discard')) return 'Discard the cards you do not want, then draw.';
  if (verbs.has('advance')) return 'Advance a unit into the vacated hex, or do not.';
  if (verbs.has('rally')) return 'Choose the unit that rallies automatically.';
  return null;
}

// The observation as it would stand after the declaration previewed: its attacks.
function previewed(obs, attacks) {
  return { ...obs, attacks: attacks || obs.attacks };
}

// The log: a new phase is a heading; a die roll shows as its face.
const isHeading = (e) => e.json?.event === 'phase_begins';

// How the battle was decided, in words, from the final state's outcome (13.0, Exclusive 13.0):
// `kind` is the rules crate's (`immediate`, `points`, `draw-rule`).
function outcomeText(o, ctx) {
  const win = o.winner ? ctx.sideName(o.winner) : null;
  const tie = ctx.board.victory?.draw_winner;
  const vp = `Victory Points ${ctx.sideName('A')} ${o.points[0]}, ${ctx.sideName('B')} ${o.points[1]}: one for each Demoralized enemy corps and one for holding every enemy depot (Exclusive 13.0).`;
  const draw = tie ? `A tie on Victory Points goes to the ${ctx.sideName(tie)} in this scenario.` : 'A tie on Victory Points is a draw in this scenario.';
  switch (o.kind) {
    case 'immediate': return [`${win} won at once (13.0): in its own Administrative Phase a majority of the enemy's corps were Demoralized and a majority of its own were not.`];
    case 'points': return win
      ? [`After the last Game Turn the side with more Victory Points wins (13.0): the ${win}.`, vp, draw]
      : ['After the last Game Turn the Victory Points were equal (13.0).', vp, draw];
    case 'draw-rule': return [`After the last Game Turn the Victory Points were equal; this scenario gives a tie to the ${win} (its victory rule, Exclusive 13.0).`, vp];
    default: return null;
  }
}

// More words for a log line: a card played or discarded, with its text (the opponent's card is
// known once it is shown, 5.0).
function eventNote(e, ctx) {
  const j = e.json || {};
  if (j.event !== 'played' && j.event !== 'discarded') return null;
  const c = (ctx.board.cards || []).find((x) => x.id === j.card);
  return c ? `${c.title}: ${c.text}` : null;
}

function die(outcome) {
  const m = /^die (\d)$/.exec(outcome);
  return m ? { face: m[1], quote: `die ${m[1]}` } : null;
}

export default {
  id: 'dm',
  pieces,
  drawPiece,
  overlay,
  stageText,
  turnText,
  phases,
  pieceInfo,
  panels,
  previewPanel,
  legend,
  half,
  drawMap,
  mapLegend,
  terrainText,
  featureText,
  slopeText,
  hexInfo,
  play,
  instructions,
  previewed,
  isHeading,
  die,
  dieDetail,
  eventNote,
  outcomeText,
};
