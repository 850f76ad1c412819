// Following the game: what the events since the player's last decision did on the map (the
// opponent's moves and attacks as a trail), the units and hexes an event names, and the words of
// a log line with the units' names. Everything here reads only the events this viewer was sent
// (already filtered by the server for what it may see: a hidden piece's move is its token's move)
// and the public board description.

import { el } from './map.js';

// The unit ids an event names, in its own fields (D&M `unit`, `artillery`, `supported`; Prussia's
// Glory `unit`, `units`; Glory and Empire `units`, `unit`).
const UNIT_KEYS = ['unit', 'units', 'artillery', 'supported', 'attacker', 'defender'];
export function unitsOf(j) {
  const out = [];
  for (const k of UNIT_KEYS) {
    const v = j?.[k];
    if (typeof v === 'string') out.push(v);
    else if (Array.isArray(v)) out.push(...v.filter((x) => typeof x === 'string'));
  }
  return out;
}

// The hexes an event names, by printed label.
const HEX_KEYS = ['from', 'to', 'target', 'at', 'hex', 'cell', 'depot'];
export function hexesOf(j, isHex) {
  const out = [];
  for (const k of [...HEX_KEYS, 'attack', 'defend', 'attackers']) {
    const v = j?.[k];
    for (const x of Array.isArray(v) ? v : [v]) if (typeof x === 'string' && isHex(x) && !out.includes(x)) out.push(x);
  }
  return out;
}

// What each event did on the map: `[{kind: 'move', from, to}]`, `[{kind: 'attack', from, to}]`
// (from an attacking hex to its target) or `[{kind: 'mark', hex}]` (a target, a hex taken).
// `pieces` is the current position (the rules module's pieces), walked back through the moves'
// `from` so that a unit named by an earlier event is found where it stood then (a hidden piece
// by its token: D&M's `token_moved`, `token_faced`). A facing change is a `turn` mark on its hex.
export function trailOf(events, pieces, isHex, sideLetter) {
  const pos = new Map();
  for (const p of pieces) {
    if (p.unit) pos.set(p.unit, p.hex);
    if (p.token !== undefined && p.token !== null) pos.set(`#${p.side}-${p.token}`, p.hex);
  }
  const items = new Array(events.length);
  for (let i = events.length - 1; i >= 0; i--) {
    const j = events[i].json || {};
    const units = unitsOf(j);
    if (j.token !== undefined && j.token !== null && j.side) units.push(`#${sideLetter(j.side)}-${j.token}`);
    const list = [];
    const moved = typeof j.from === 'string' && typeof j.to === 'string' && isHex(j.from) && isHex(j.to) && j.from !== j.to;
    const target = [j.target, ...(Array.isArray(j.defend) ? j.defend : [])].find((x) => typeof x === 'string' && isHex(x));
    if (moved && !target) {
      list.push({ kind: 'move', from: j.from, to: j.to });
    } else if (target && /declared|combat|fire|assault|charge|bombard/.test(j.event || '')) {
      // The attacking hexes: named (Prussia's Glory `attack`, Glory and Empire `attackers`,
      // `from`), else where the attacking units stood.
      let from = [j.attack, j.attackers].find(Array.isArray)?.filter((x) => isHex(x)) || [];
      if (!from.length && typeof j.from === 'string' && isHex(j.from)) from = [j.from];
      if (!from.length) from = units.map((u) => pos.get(u)).filter(Boolean);
      for (const f of new Set(from)) if (f !== target) list.push({ kind: 'attack', from: f, to: target });
      if (!list.length) list.push({ kind: 'mark', hex: target });
    } else if (target) {
      list.push({ kind: 'mark', hex: target });
    } else if (j.facing && /faced/.test(j.event || '')) {
      const at = units.map((u) => pos.get(u)).find(Boolean);
      if (at) list.push({ kind: 'turn', hex: at });
    }
    items[i] = list;
    if (moved) for (const u of units) pos.set(u, j.from);
  }
  return items;
}

// The trail as SVG: every move an arrow from hex to hex, every attack a red arrow with a burst
// on its target. `now` (an index into `items`, or null) is the event being looked at: drawn
// bold, the earlier ones faded, the later ones not at all.
export function drawTrail(items, now, hexAt) {
  const g = el('g', { class: 'trail' });
  const defs = el('defs', {}, g);
  for (const [id, fill] of [['trail-head', '#5b3fa0'], ['trail-head-now', '#e07b00'], ['trail-head-atk', '#b3261e']]) {
    const mk = el('marker', { id, viewBox: '0 0 10 10', refX: 6, refY: 5, markerWidth: 4, markerHeight: 4, orient: 'auto-start-reverse' }, defs);
    el('path', { d: 'M0,0 L10,5 L0,10 z', fill }, mk);
  }
  const last = now ?? items.length - 1;
  for (let i = 0; i <= last; i++) {
    const state = now === null ? '' : i === now ? ' now' : ' past';
    for (const it of items[i] || []) {
      if (it.kind === 'mark' || it.kind === 'turn') {
        const c = hexAt(it.hex);
        if (c) el('circle', { cx: c.x, cy: c.y, r: it.kind === 'turn' ? 26 : 16, class: `trail-${it.kind}${state}`, 'data-hex': it.hex }, g);
        continue;
      }
      const f = hexAt(it.from);
      const t = hexAt(it.to);
      if (!f || !t) continue;
      const attack = it.kind === 'attack';
      const [sx, sy] = [f.x + (t.x - f.x) * 0.12, f.y + (t.y - f.y) * 0.12];
      const [ex, ey] = [f.x + (t.x - f.x) * (attack ? 0.72 : 0.86), f.y + (t.y - f.y) * (attack ? 0.72 : 0.86)];
      el('line', { x1: sx, y1: sy, x2: ex, y2: ey, class: `trail-casing${state}` }, g);
      el('line', {
        x1: sx, y1: sy, x2: ex, y2: ey,
        class: `trail-${it.kind}${state}`,
        'data-from': it.from,
        'data-to': it.to,
        'marker-end': `url(#${state === ' now' ? 'trail-head-now' : attack ? 'trail-head-atk' : 'trail-head'})`,
      }, g);
      if (attack) el('circle', { cx: t.x, cy: t.y, r: 9, class: `trail-burst${state}` }, g);
    }
  }
  return g;
}

// A log line's words with the units' names for the ids the event names (D&M's event texts name
// units by id). Only whole words are replaced.
export function namedText(e, unitName) {
  let text = e.text || '';
  for (const id of new Set(unitsOf(e.json))) {
    const name = unitName(id);
    if (!name || name === id) continue;
    const re = new RegExp(`(^|[^A-Za-z0-9_-])${id.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?=$|[^A-Za-z0-9_-])`, 'g');
    text = text.replace(re, (_, pre) => `${pre}${name}`);
  }
  return text;
}
