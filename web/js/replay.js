// Replay of a finished battle: any step, the referee's view (everything), that step's events.

import { BoardView, el } from './map.js';
import { h, esc, toast } from './util.js';
import { loadRules, linkRules, installRuleLinks, closeRule } from './rulespanel.js';

const gameId = decodeURIComponent(location.pathname.split('/').filter(Boolean).pop() || '');
const $ = (id) => document.getElementById(id);
const cache = new Map();
let board;
let rules;
let view;
let total = 0;
let step = 0;
let timer = null;
let current = null;

function ctx() {
  const sideOf = (s) => (s === 'A' || s === 'B' ? s : board.sides.find((x) => x.id === s)?.side ?? s);
  return {
    board,
    el,
    hex: (label) => (label ? view.hex(label) : null),
    sideName: (s) => board.sides.find((x) => x.side === sideOf(s))?.name ?? s,
    sideId: (s) => board.sides.find((x) => x.side === sideOf(s))?.id ?? s,
    isOwn: () => true,
    unitName: (id) => board.units.find((u) => u.id === id)?.name,
    hints: [],
    events: current?.events || [],
    selected: null,
    act: () => {},
    viewer: 'referee',
  };
}

async function fetchStep(n) {
  if (cache.has(n)) return cache.get(n);
  const r = await fetch(`/api/games/${encodeURIComponent(gameId)}/replay/${n}`);
  const v = await r.json();
  if (!r.ok) throw new Error(v.error || r.statusText);
  cache.set(n, v);
  return v;
}

async function show(n) {
  step = Math.max(0, Math.min(total, n));
  let s;
  try {
    s = await fetchStep(step);
  } catch (e) {
    toast(e.message);
    stop();
    return;
  }
  current = s;
  total = s.total;
  $('slider').max = String(total);
  $('slider').value = String(step);
  $('stepno').textContent = `step ${step} of ${total}`;
  const c = ctx();
  const obs = s.observation;
  view.setPieces(rules.pieces(obs), c);
  view.setOverlay(rules.overlay?.(obs, c) || null);
  $('turn').textContent = rules.turnText(obs, c);
  const info = $('stepinfo');
  info.innerHTML = '';
  if (step === 0) info.appendChild(h('div', {}, 'Before the first step.'));
  else {
    const who = s.kind === 'chance' ? 'Chance' : s.side;
    info.appendChild(h('div', {}, h('b', {}, `${who}: `), h('code', {}, s.value || ''), h('span', { class: 'muted' }, ` (${s.turn})`)));
  }
  if (s.outcome) info.appendChild(h('div', { class: 'over-banner', style: 'margin-top:6px' }, `${s.outcome.winner ? `${c.sideName(s.outcome.winner)} victory` : 'Draw'} (${s.outcome.kind}), VP ${s.outcome.points.join('–')}`));
  const ev = $('stepevents');
  ev.innerHTML = '';
  for (const e of s.events) ev.appendChild(h('div', {}, e.text));
  if (!s.events.length) ev.appendChild(h('div', { class: 'muted' }, 'nothing visible happened'));
  const host = $('rulespanels');
  host.innerHTML = '';
  for (const p of rules.panels(obs, c)) host.appendChild(p);
  for (const id of ['turn', 'side']) linkRules($(id));
}

function stop() {
  clearInterval(timer);
  timer = null;
  $('play').textContent = '▶ play';
}

async function main() {
  const r = await fetch(`/api/games/${encodeURIComponent(gameId)}/board`);
  if (!r.ok) {
    document.body.innerHTML = '<div class="lobby"><h2>No such game</h2><p><a href="/">Back to the lobby</a></p></div>';
    return;
  }
  board = await r.json();
  rules = (await import(`/rules/${board.rules}.js`)).default;
  await loadRules(board.rules);
  installRuleLinks();
  view = new BoardView($('map'), board, rules);
  $('title').textContent = `Replay: ${board.name}`;
  $('download').href = `/api/games/${encodeURIComponent(gameId)}/record`;
  $('zin').onclick = () => view.zoom(1.25);
  $('zout').onclick = () => view.zoom(0.8);
  $('zfit').onclick = () => view.fit();
  view.on('hover', (hex) => {
    const box = $('hoverinfo');
    const piece = hex && current && rules.pieces(current.observation).find((p) => p.hex === hex);
    if (!hex) { box.style.display = 'none'; return; }
    const t = board.terrain[view.hex(hex).terrain];
    box.innerHTML = `<b>${esc(hex)}</b> ${esc(t?.name || '')}${piece ? `<hr>${rules.pieceInfo(piece, ctx())}` : ''}`;
    box.style.display = 'block';
  });
  $('first').onclick = () => { stop(); show(0); };
  $('prev').onclick = () => { stop(); show(step - 1); };
  $('next').onclick = () => { stop(); show(step + 1); };
  $('last').onclick = () => { stop(); show(total); };
  $('slider').oninput = (e) => { stop(); show(Number(e.target.value)); };
  $('play').onclick = () => {
    if (timer) { stop(); return; }
    $('play').textContent = '❚❚ pause';
    timer = setInterval(() => { if (step >= total) stop(); else show(step + 1); }, 350);
  };
  document.addEventListener('keydown', (e) => {
    if (e.key === 'Escape') closeRule();
    if (e.key === 'ArrowRight') { stop(); show(step + 1); }
    if (e.key === 'ArrowLeft') { stop(); show(step - 1); }
  });
  const first = await fetchStep(0).catch((e) => { toast(e.message); return null; });
  if (first) {
    total = first.total;
    await show(0);
  }
}

main().catch((e) => toast(String(e)));
