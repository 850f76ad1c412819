// The lobby: create a battle (scenario, who plays each side, optional seed), get each human
// side's private link, find your battles again, watch or replay any battle.

import { h, toast, linkFor, myGames, rememberGame } from './util.js';
import { BoardView } from './map.js';

const $ = (id) => document.getElementById(id);
let scenarios = [];
let agents = [];

function seatSelect(side) {
  const sel = h('select', { id: `seat-${side.side}`, 'data-side': side.id },
    h('option', { value: 'human' }, 'a person'),
    ...agents.map((a) => h('option', { value: a.spec }, `the computer: ${a.label}`)));
  return h('div', { class: 'row' }, h('label', { for: `seat-${side.side}` }, side.name), sel);
}

async function showMap(id) {
  try {
    const board = await (await fetch(`/api/scenarios/${encodeURIComponent(id)}/board`)).json();
    const rules = (await import(`/rules/${board.rules}.js`)).default;
    new BoardView($('preview'), board, rules);
  } catch {
    // no preview: the lobby works without it
  }
}

function showScenario() {
  const s = scenarios.find((x) => x.id === $('scenario').value);
  if (!s) return;
  showMap(s.id);
  $('sdesc').textContent = s.description;
  if (/-historical$/.test(s.id)) {
    $('sdesc').appendChild(h('div', { class: 'muted' }, 'In the historical set-up every piece, dummies included, starts where the scenario puts it: both sides know where the dummies stand.'));
  }
  const seats = $('seats');
  seats.innerHTML = '';
  for (const side of s.sides) seats.appendChild(seatSelect(side));
  // The usual game: you against the computer at the middle strength (docs/ai.md).
  const b = $('seat-B');
  const usual = ['ai:3', 'greedy'].find((spec) => agents.some((a) => a.spec === spec));
  if (b && usual) b.value = usual;
}

function copyButton(text) {
  return h('button', { type: 'button', class: 'small', onclick: async () => {
    try { await navigator.clipboard.writeText(text); toast('link copied', 'info'); } catch { toast('select the link and copy it'); }
  } }, 'copy');
}

function showCreated(res, scenario) {
  const box = $('created');
  box.innerHTML = '';
  box.className = 'panel created';
  box.style.display = '';
  box.appendChild(h('h3', {}, `${scenario.name}: the battle is ready`));
  const humans = res.sides.filter((s) => s.token);
  if (humans.length === 2) {
    box.appendChild(h('p', {}, h('a', { href: linkFor(res.id, humans.map((s) => s.token)), id: 'hotseat' }, h('button', { class: 'primary', type: 'button' }, 'Hot-seat: play both sides here')),
      h('span', { class: 'muted' }, ' (the screen is handed over between turns)')));
  }
  for (const s of humans) {
    const link = linkFor(res.id, [s.token]);
    box.appendChild(h('div', { class: 'linkrow' },
      h('b', {}, `${s.name} player`),
      h('input', { type: 'text', readonly: 'readonly', value: link, 'data-side': s.side, onclick: (e) => e.target.select() }),
      copyButton(link),
      h('a', { href: link, 'data-play': s.side }, h('button', { type: 'button', class: 'small' }, 'play here'))));
  }
  box.appendChild(h('p', { class: 'muted' }, 'Each link is private: whoever has it commands that side. Send the other side\'s link to your opponent; it works from any browser that can reach this server.'));
  box.appendChild(h('div', { class: 'linkrow' }, h('span', {}, 'Spectators'), h('input', { type: 'text', readonly: 'readonly', value: linkFor(res.id, []) }), copyButton(linkFor(res.id, [])), h('span')));
  for (const s of humans) rememberGame(res.id, [s.token], { scenario: scenario.name, side: s.name });
  if (humans.length === 2) rememberGame(res.id, humans.map((s) => s.token), { scenario: scenario.name, side: 'hot-seat' });
  listMine();
}

async function create(ev) {
  ev.preventDefault();
  const scenario = scenarios.find((x) => x.id === $('scenario').value);
  const players = {};
  for (const side of scenario.sides) players[side.id] = $(`seat-${side.side}`).value;
  const body = {
    scenario: scenario.id, players, seed: $('seed').value.trim() || null, auto_pass: $('autopass').checked,
    hotseat: $('hotseatopt').checked, public: $('public').checked,
  };
  $('create').disabled = true;
  try {
    const r = await fetch('/api/games', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    const res = await r.json();
    if (!r.ok) throw new Error(res.error || r.statusText);
    showCreated(res, scenario);
    const humans = res.sides.filter((s) => s.token);
    if (humans.length === 0) toast('The computer plays both sides: watch it from the list below.', 'info');
    listAll();
  } catch (e) {
    toast(e.message);
  } finally {
    $('create').disabled = false;
  }
}

function listMine() {
  const list = myGames();
  const box = $('minelist');
  if (!list.length) return;
  box.className = '';
  box.innerHTML = '';
  const t = h('table', {}, h('tr', {}, h('th', {}, 'battle'), h('th', {}, 'you play'), h('th', {}, 'created'), h('th', {})));
  for (const g of list.slice(0, 20)) {
    t.appendChild(h('tr', {}, h('td', {}, g.scenario || g.id), h('td', {}, g.side || ''), h('td', {}, new Date(g.when).toLocaleString()),
      h('td', {}, h('a', { href: linkFor(g.id, g.tokens) }, 'continue'))));
  }
  box.appendChild(t);
}

async function listAll() {
  const box = $('alllist');
  let games = [];
  try {
    games = await (await fetch('/api/games')).json();
  } catch {
    return;
  }
  if (!games.length) return;
  box.className = '';
  box.innerHTML = '';
  const t = h('table', {}, h('tr', {}, h('th', {}, 'battle'), h('th', {}, 'players'), h('th', {}, 'steps'), h('th', {}, 'state'), h('th', {})));
  for (const g of games.slice(0, 50)) {
    const o = g.outcome;
    const state = g.over ? (o ? `over: ${o.winner ? `side ${o.winner} wins` : 'draw'} (${o.kind}, ${o.points.join('–')})` : 'over') : 'in progress';
    t.appendChild(h('tr', {}, h('td', {}, g.name || g.scenario), h('td', {}, g.players.join(' vs ')), h('td', {}, String(g.steps)), h('td', {}, state),
      h('td', {}, h('a', { href: `/g/${g.id}` }, g.over ? 'see the end' : 'watch'),
        g.over ? ' · ' : null, g.over ? h('a', { href: `/replay/${g.id}` }, 'replay') : null,
        g.over ? ' · ' : null, g.over ? h('a', { href: `/api/games/${g.id}/record` }, 'record') : null)));
  }
  box.appendChild(t);
}

async function main() {
  [scenarios, agents] = await Promise.all([
    fetch('/api/scenarios').then((r) => r.json()),
    fetch('/api/agents').then((r) => r.json()),
  ]);
  const sel = $('scenario');
  for (const s of scenarios) sel.appendChild(h('option', { value: s.id }, s.name));
  // The scenario the data marks as featured (`[scenario] featured`) comes first, else the first.
  const first = scenarios.find((s) => s.featured) || scenarios[0];
  if (first) sel.value = first.id;
  sel.onchange = showScenario;
  showScenario();
  $('newgame').addEventListener('submit', create);
  listMine();
  listAll();
}

main().catch((e) => toast(String(e)));
