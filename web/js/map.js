// The battlefield as SVG, drawn from the server's board description (GET /api/games/{id}/board):
// terrain per hex, hexside features, roads, slopes, place names, printed hex numbers.
// Rule-system drawing (counters, markers, arrows, the map's own marks) and the words of the key
// come from the rules module; this file knows nothing of any rule system. Zoom with the wheel or
// the buttons, pan by dragging.

export const SVGNS = 'http://www.w3.org/2000/svg';

export function el(tag, attrs = {}, parent = null) {
  const e = document.createElementNS(SVGNS, tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === undefined || v === null) continue;
    if (k === 'text') e.textContent = v;
    else e.setAttribute(k, v);
  }
  if (parent) parent.appendChild(e);
  return e;
}

// Bearings (degrees clockwise from north) of the twelve facings, the six hexside directions.
export const FACINGS = ['N', 'NNE', 'NE', 'E', 'SE', 'SSE', 'S', 'SSW', 'SW', 'W', 'NW', 'NNW'];
export const bearing = (f) => 30 * Math.max(0, FACINGS.indexOf(f));
const EDGE_BEARING = { N: 0, NE: 60, SE: 120, S: 180, SW: 240, NW: 300 };

function polar(b, r) {
  const a = (b * Math.PI) / 180;
  return [r * Math.sin(a), -r * Math.cos(a)];
}

// A small deterministic random generator per hex, so that trees and houses stay put.
function rng(seedText) {
  let h = 2166136261;
  for (const c of seedText) h = Math.imul(h ^ c.charCodeAt(0), 16777619);
  return () => {
    h = Math.imul(h ^ (h >>> 15), 2246822507);
    h = Math.imul(h ^ (h >>> 13), 3266489909);
    h ^= h >>> 16;
    return (h >>> 0) / 4294967296;
  };
}

// Terrain looks, by terrain id; a rules module may override with `terrainStyle(id)`.
const TERRAIN = {
  clear: { fill: '#ede6c8' },
  woods: { fill: '#b3c793', glyph: 'trees' },
  forest: { fill: '#b3c793', glyph: 'trees' },
  marsh: { fill: '#c9ddd2', glyph: 'marsh' },
  swamp: { fill: '#c9ddd2', glyph: 'marsh' },
  village: { fill: '#ede6c8', glyph: 'village' },
  town: { fill: '#ede6c8', glyph: 'village' },
  hill: { fill: '#dcc08b', glyph: 'hill' },
  water: { fill: '#9fc3dc' },
};
const FALLBACK = ['#e4d9b6', '#cfd9b0', '#d9c7a6', '#c8d3c8'];

const FEATURE = {
  stream: { stroke: '#3f7fc0', width: 5 },
  river: { stroke: '#2f6eaf', width: 9 },
  wall: { stroke: '#6b5b4b', width: 4, dash: '2 3' },
};

export class BoardView {
  constructor(svg, board, rules) {
    this.svg = svg;
    this.board = board;
    this.rules = rules;
    this.R = board.layout.size;
    this.H = board.layout.hex_height;
    this.byLabel = new Map(board.hexes.map((h) => [h.label, h]));
    this.listeners = {};
    this.pieceEls = new Map();
    svg.innerHTML = '';
    svg.setAttribute('xmlns', SVGNS);
    this.defs = el('defs', {}, svg);
    this.root = el('g', { class: 'board' }, svg);
    this.layers = {};
    // Place names lie under the counters, as on a printed map; the rules module's marks on the
    // map (`drawMap`) stay on top.
    for (const name of ['terrain', 'glyphs', 'grid', 'roads', 'hexsides', 'slopes', 'labels',
      'names', 'highlights', 'overlayLow', 'pieces', 'marks', 'overlay', 'hit', 'handles']) {
      this.layers[name] = el('g', { class: `layer-${name}` }, this.root);
    }
    this.layers.pieces.setAttribute('pointer-events', 'none');
    this.layers.overlay.setAttribute('pointer-events', 'none');
    this.layers.names.setAttribute('pointer-events', 'none');
    this.layers.marks.setAttribute('pointer-events', 'none');
    this.drawStatic();
    this.vb = { x: -20, y: -20, w: board.layout.width + 40, h: board.layout.height + 40 };
    this.installPanZoom();
    this.fit();
  }

  on(name, cb) { (this.listeners[name] ||= []).push(cb); }
  emit(name, ...args) { for (const cb of this.listeners[name] || []) cb(...args); }

  hex(label) { return this.byLabel.get(label); }

  corners(x, y, scale = 1) {
    const pts = [];
    for (let i = 0; i < 6; i++) {
      const [dx, dy] = polar(90 + 60 * i, this.R * scale);
      pts.push(`${(x + dx).toFixed(1)},${(y + dy).toFixed(1)}`);
    }
    return pts.join(' ');
  }

  terrainStyle(t) {
    const id = this.board.terrain[t]?.id ?? '';
    const own = this.rules.terrainStyle?.(id);
    return own || TERRAIN[id] || { fill: FALLBACK[t % FALLBACK.length] };
  }

  drawStatic() {
    const { board, layers, R, H } = this;
    // Gradients and the map's paper.
    const grad = el('radialGradient', { id: 'hillgrad', cx: '50%', cy: '45%', r: '60%' }, this.defs);
    el('stop', { offset: '0%', 'stop-color': '#ead3a2' }, grad);
    el('stop', { offset: '100%', 'stop-color': '#cfae73' }, grad);
    el('rect', {
      x: -12, y: -12, width: board.layout.width + 24, height: board.layout.height + 24,
      fill: '#e9e1c4', stroke: '#5a4a30', 'stroke-width': 3, rx: 4,
    }, layers.terrain);

    for (const h of board.hexes) {
      const st = this.terrainStyle(h.terrain);
      const glyph = st.glyph;
      el('polygon', {
        points: this.corners(h.x, h.y),
        fill: glyph === 'hill' ? 'url(#hillgrad)' : st.fill,
      }, layers.terrain);
      if (glyph) this.drawGlyph(glyph, h);
      el('polygon', { points: this.corners(h.x, h.y), class: 'hexgrid' }, layers.grid);
      el('text', {
        x: h.x, y: h.y - H / 2 + 11, class: 'hexnum', text: h.label,
      }, layers.labels);
      if (h.name) {
        const t = el('text', { x: h.x, y: h.y + H / 2 - 7, class: 'placename', text: h.name }, layers.names);
        if (h.name.length > 13) t.setAttribute('textLength', (R * 1.9).toFixed(0));
        if (h.name.length > 13) t.setAttribute('lengthAdjust', 'spacingAndGlyphs');
      }
    }
    // Roads: a casing and a fill, centre to centre.
    const roads = board.roads || [];
    for (const r of roads) {
      el('line', { x1: r.x1, y1: r.y1, x2: r.x2, y2: r.y2, class: 'road-casing' }, layers.roads);
    }
    for (const r of roads) {
      el('line', { x1: r.x1, y1: r.y1, x2: r.x2, y2: r.y2, class: 'road' }, layers.roads);
    }
    // Hexside features.
    for (const s of board.hexsides || []) {
      const f = (board.features || [])[s.feature] || {};
      const look = this.rules.featureStyle?.(f.id) || FEATURE[f.id] || { stroke: '#444', width: 4 };
      const line = el('line', {
        x1: s.x1, y1: s.y1, x2: s.x2, y2: s.y2,
        stroke: look.stroke, 'stroke-width': look.width, 'stroke-linecap': 'round',
      }, layers.hexsides);
      if (look.dash) line.setAttribute('stroke-dasharray', look.dash);
      el('title', { text: `${f.name || f.id} (hexside of ${s.hex} ${s.dir})` }, line);
    }
    // Slopes: a brown band on the hexside and hachures running down from it.
    for (const s of board.slopes || []) {
      el('line', { x1: s.x1, y1: s.y1, x2: s.x2, y2: s.y2, class: 'slope-band' }, layers.slopes);
      const n = 6;
      for (let i = 1; i < n; i++) {
        const t = i / n;
        const x = s.x1 + (s.x2 - s.x1) * t;
        const y = s.y1 + (s.y2 - s.y1) * t;
        // Hachures point from the edge down into the lower hex (away from the higher one).
        el('line', {
          x1: x, y1: y, x2: (x - s.ux * 9).toFixed(1), y2: (y - s.uy * 9).toFixed(1),
          class: 'slope-tick',
        }, layers.slopes);
      }
    }
    // The rule system's own marks on the map.
    this.rules.drawMap?.(layers.marks, this);
    // The hit layer: one transparent hex per cell, on top of everything but the handles.
    for (const h of board.hexes) {
      const p = el('polygon', { points: this.corners(h.x, h.y), class: 'hit', 'data-hex': h.label }, this.layers.hit);
      p.addEventListener('mouseenter', () => this.emit('hover', h.label));
    }
    this.layers.hit.addEventListener('mouseleave', () => this.emit('hover', null));
  }

  drawGlyph(kind, h) {
    const g = this.layers.glyphs;
    const R = this.R;
    const rand = rng(h.label + kind);
    const inside = (margin = 0.78) => {
      for (;;) {
        const x = (rand() * 2 - 1) * R * margin;
        const y = (rand() * 2 - 1) * R * margin * 0.86;
        if (Math.abs(y) <= R * 0.8 * 0.866 && Math.abs(x) + Math.abs(y) * 0.58 <= R * margin) return [h.x + x, h.y + y];
      }
    };
    if (kind === 'trees') {
      for (let i = 0; i < 13; i++) {
        const [x, y] = inside();
        const r = 5 + rand() * 3;
        el('circle', { cx: x.toFixed(1), cy: (y + 1.5).toFixed(1), r: r.toFixed(1), fill: '#5e7f45', opacity: 0.35 }, g);
        el('circle', { cx: x.toFixed(1), cy: y.toFixed(1), r: r.toFixed(1), class: 'tree' }, g);
      }
    } else if (kind === 'marsh') {
      for (let i = 0; i < 9; i++) {
        const [x, y] = inside();
        el('path', {
          d: `M${(x - 5).toFixed(1)},${y.toFixed(1)} h10 M${x.toFixed(1)},${y.toFixed(1)} v-7 M${(x - 2.5).toFixed(1)},${y.toFixed(1)} l-3,-5 M${(x + 2.5).toFixed(1)},${y.toFixed(1)} l3,-5`,
          class: 'tuft',
        }, g);
      }
      for (let i = 0; i < 5; i++) {
        const [x, y] = inside();
        el('line', { x1: x - 6, y1: y, x2: x + 6, y2: y, class: 'marshwater' }, g);
      }
    } else if (kind === 'village') {
      const n = 6;
      for (let i = 0; i < n; i++) {
        const a = (i / n) * 360 + rand() * 30;
        const [dx, dy] = polar(a, R * (0.34 + rand() * 0.22));
        const w = 8 + rand() * 5;
        const hh = 5 + rand() * 3;
        el('rect', {
          x: (h.x + dx - w / 2).toFixed(1), y: (h.y + dy - hh / 2).toFixed(1), width: w.toFixed(1), height: hh.toFixed(1),
          class: 'house', transform: `rotate(${(rand() * 60 - 30).toFixed(0)} ${(h.x + dx).toFixed(1)} ${(h.y + dy).toFixed(1)})`,
        }, g);
      }
      // The church.
      el('rect', { x: h.x - 4, y: h.y - 9, width: 8, height: 12, class: 'church' }, g);
      el('path', { d: `M${h.x},${h.y - 16} v7 M${h.x - 3},${h.y - 13} h6`, class: 'cross' }, g);
    } else if (kind === 'hill') {
      // Soft form lines, a little off centre, like a printed map's contours.
      const dx = (rand() - 0.5) * 8;
      const dy = (rand() - 0.5) * 6;
      el('ellipse', { cx: h.x + dx, cy: h.y + dy, rx: R * 0.62, ry: R * 0.5, class: 'contour' }, g);
      el('ellipse', { cx: h.x + dx * 1.4, cy: h.y + dy * 1.4, rx: R * 0.36, ry: R * 0.27, class: 'contour' }, g);
    }
  }

  // The key to the map: terrain, hexside features, roads, slopes, then the rules module's own
  // items (HTML snippets). The rules module words the terrain, feature and slope items.
  legendItems() {
    const items = [];
    const sw = (inner) => `<svg width="26" height="18" viewBox="0 0 26 18">${inner}</svg>`;
    this.board.terrain.forEach((t, i) => {
      if (!this.board.hexes.some((h) => h.terrain === i)) return;
      const st = this.terrainStyle(i);
      const extra = { trees: '<circle cx="9" cy="9" r="4" fill="#6f9a52" stroke="#3f6330"/><circle cx="17" cy="8" r="4" fill="#6f9a52" stroke="#3f6330"/>',
        marsh: '<path d="M8,12 h8 M12,12 v-6 M10,12 l-2,-4 M14,12 l2,-4" stroke="#3f7262" fill="none"/>',
        village: '<rect x="6" y="6" width="6" height="4" fill="#b5533c"/><rect x="14" y="9" width="6" height="4" fill="#b5533c"/>',
        hill: '<ellipse cx="13" cy="9" rx="8" ry="5" fill="none" stroke="#a9844b"/>' }[st.glyph] || '';
      items.push(`${sw(`<rect x="1" y="1" width="24" height="16" fill="${st.glyph === 'hill' ? '#dcc08b' : st.fill}" stroke="#8a7a5a"/>${extra}`)} ${this.rules.terrainText?.(t) ?? t.name}`);
    });
    for (const f of this.board.features || []) {
      const look = this.rules.featureStyle?.(f.id) || FEATURE[f.id] || { stroke: '#444', width: 4 };
      items.push(`${sw(`<line x1="2" y1="9" x2="24" y2="9" stroke="${look.stroke}" stroke-width="${Math.min(look.width, 6)}"/>`)} ${this.rules.featureText?.(f) ?? `${f.name} hexside`}`);
    }
    if (this.board.roads?.length) items.push(`${sw('<line x1="2" y1="9" x2="24" y2="9" stroke="#7d5a31" stroke-width="6"/><line x1="2" y1="9" x2="24" y2="9" stroke="#ecd9a4" stroke-width="3"/>')} road`);
    if (this.board.slopes?.length) {
      items.push(`${sw('<line x1="2" y1="5" x2="24" y2="5" stroke="#9a6b34" stroke-width="3"/><path d="M6,5 v6 M11,5 v6 M16,5 v6 M21,5 v6" stroke="#8a5a26"/>')} slope (the hachures point downhill)${this.rules.slopeText?.(this.board) ?? ''}`);
    }
    items.push(...(this.rules.mapLegend?.(this.board, sw) || []));
    return items;
  }

  // ---------- dynamic layers ----------

  // pieces: [{key, hex, ...}] from the rules module; each drawn with rules.drawPiece.
  setPieces(pieces, ctx) {
    const layer = this.layers.pieces;
    const keep = new Set();
    for (const p of pieces) {
      const h = this.hex(p.hex);
      if (!h) continue;
      keep.add(p.key);
      let outer = this.pieceEls.get(p.key);
      if (!outer) {
        outer = el('g', { class: 'piece', 'data-key': p.key }, layer);
        outer.style.transform = `translate(${h.x}px, ${h.y}px)`;
        this.pieceEls.set(p.key, outer);
      }
      outer.style.transform = `translate(${h.x}px, ${h.y}px)`;
      outer.innerHTML = '';
      outer.appendChild(this.rules.drawPiece(p, ctx));
    }
    for (const [k, e] of this.pieceEls) {
      if (!keep.has(k)) {
        e.remove();
        this.pieceEls.delete(k);
      }
    }
    // Drawn in the order given, the last on top (a stack's top counter comes last).
    const order = pieces.map((p) => this.pieceEls.get(p.key)).filter(Boolean);
    const now = [...layer.children];
    if (order.some((e, i) => now[i] !== e)) for (const e of order) layer.appendChild(e);
  }

  // marks: [{hex, cls, text, title}]
  setHighlights(marks) {
    const layer = this.layers.highlights;
    layer.innerHTML = '';
    for (const m of marks) {
      const h = this.hex(m.hex);
      if (!h) continue;
      const poly = el('polygon', { points: this.corners(h.x, h.y, m.scale || 0.93), class: `hl ${m.cls}` }, layer);
      if (m.title) el('title', { text: m.title }, poly);
      if (m.text) {
        el('text', { x: h.x, y: h.y + (m.textDy ?? 6), class: `hltext ${m.cls}`, text: m.text }, layer);
      }
    }
  }

  setOverlay(node, low = false) {
    const layer = low ? this.layers.overlayLow : this.layers.overlay;
    layer.innerHTML = '';
    if (node) layer.appendChild(node);
  }

  // Facing handles around a hex: [{facing, cls, title, onClick}].
  setHandles(hexLabel, handles) {
    const layer = this.layers.handles;
    layer.innerHTML = '';
    const h = hexLabel && this.hex(hexLabel);
    if (!h || !handles?.length) return;
    for (const hd of handles) {
      const b = bearing(hd.facing);
      const corner = FACINGS.indexOf(hd.facing) % 2 === 1;
      const r = corner ? this.R * 0.98 : this.H * 0.5;
      const [dx, dy] = polar(b, r);
      const g = el('g', {
        class: `handle ${hd.cls || ''}`,
        transform: `translate(${(h.x + dx).toFixed(1)},${(h.y + dy).toFixed(1)}) rotate(${b})`,
        'data-facing': hd.facing,
      }, layer);
      el('circle', { r: 10, class: 'handle-bg' }, g);
      el('path', { d: 'M0,-6 L5,3 L0,0.5 L-5,3 Z', class: 'handle-arrow' }, g);
      el('title', { text: hd.title || `face ${hd.facing}` }, g);
      g.addEventListener('click', (ev) => { ev.stopPropagation(); hd.onClick?.(); });
      g.addEventListener('pointerdown', (ev) => ev.stopPropagation());
    }
  }

  // ---------- pan and zoom ----------

  applyViewBox() {
    const { x, y, w, h } = this.vb;
    this.svg.setAttribute('viewBox', `${x.toFixed(1)} ${y.toFixed(1)} ${w.toFixed(1)} ${h.toFixed(1)}`);
  }

  fit() {
    const W = this.board.layout.width + 40;
    const Hh = this.board.layout.height + 40;
    this.vb = { x: -20, y: -20, w: W, h: Hh };
    const rect = this.svg.getBoundingClientRect();
    if (rect.width > 0 && rect.height > 0) {
      // Keep the aspect of the screen so that zooming feels even.
      const sa = rect.width / rect.height;
      if (W / Hh > sa) {
        this.vb.h = W / sa;
        this.vb.y = -20 - (this.vb.h - Hh) / 2;
      } else {
        this.vb.w = Hh * sa;
        this.vb.x = -20 - (this.vb.w - W) / 2;
      }
    }
    this.applyViewBox();
  }

  zoom(factor, cx = null, cy = null) {
    const { x, y, w, h } = this.vb;
    const px = cx ?? x + w / 2;
    const py = cy ?? y + h / 2;
    const nw = Math.min(Math.max(w / factor, 200), this.board.layout.width * 3);
    const nh = (nw * h) / w;
    this.vb = { x: px - ((px - x) * nw) / w, y: py - ((py - y) * nh) / h, w: nw, h: nh };
    this.applyViewBox();
  }

  centreOn(label) {
    const h = this.hex(label);
    if (!h) return;
    this.vb.x = h.x - this.vb.w / 2;
    this.vb.y = h.y - this.vb.h / 2;
    this.applyViewBox();
  }

  toBoard(clientX, clientY) {
    const rect = this.svg.getBoundingClientRect();
    const { x, y, w, h } = this.vb;
    // preserveAspectRatio xMidYMid meet: the view box is centred in the element.
    const s = Math.min(rect.width / w, rect.height / h);
    const ox = (rect.width - w * s) / 2;
    const oy = (rect.height - h * s) / 2;
    return [x + (clientX - rect.left - ox) / s, y + (clientY - rect.top - oy) / s];
  }

  installPanZoom() {
    const svg = this.svg;
    svg.addEventListener('wheel', (ev) => {
      ev.preventDefault();
      const [bx, by] = this.toBoard(ev.clientX, ev.clientY);
      this.zoom(ev.deltaY < 0 ? 1.15 : 1 / 1.15, bx, by);
    }, { passive: false });
    let drag = null;
    svg.addEventListener('pointerdown', (ev) => {
      if (ev.button !== 0) return;
      drag = { x: ev.clientX, y: ev.clientY, vb: { ...this.vb }, moved: false, id: ev.pointerId };
    });
    svg.addEventListener('pointermove', (ev) => {
      if (!drag) return;
      const dx = ev.clientX - drag.x;
      const dy = ev.clientY - drag.y;
      if (!drag.moved && Math.hypot(dx, dy) < 5) return;
      if (!drag.moved) {
        drag.moved = true;
        svg.classList.add('panning');
        try { svg.setPointerCapture(drag.id); } catch { /* released already */ }
      }
      const rect = svg.getBoundingClientRect();
      const s = Math.min(rect.width / drag.vb.w, rect.height / drag.vb.h);
      this.vb.x = drag.vb.x - dx / s;
      this.vb.y = drag.vb.y - dy / s;
      this.applyViewBox();
    });
    const end = (ev) => {
      if (!drag) return;
      const wasDrag = drag.moved;
      drag = null;
      svg.classList.remove('panning');
      if (!wasDrag && ev.type === 'pointerup') {
        const t = document.elementFromPoint(ev.clientX, ev.clientY);
        const hex = t?.getAttribute?.('data-hex');
        if (hex) this.emit('click', hex, ev);
        else this.emit('click', null, ev);
      }
    };
    svg.addEventListener('pointerup', end);
    svg.addEventListener('pointercancel', end);
    svg.addEventListener('contextmenu', (ev) => { ev.preventDefault(); this.emit('cancel'); });
    window.addEventListener('resize', () => this.applyViewBox());
  }
}
