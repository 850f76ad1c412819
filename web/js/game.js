// The battle page: the map, what to do now, the selected unit, the rule system's panels, every
// legal choice, the event and dice logs. The server decides everything; this page only shows
// what it is sent and sends back the notation of a legal action.

import { BoardView, el } from './map.js';
import { Net } from './net.js';
import { h, esc, toast, rememberGame, linkFor } from './util.js';
import { trailOf, drawTrail, hexesOf, unitsOf, namedText } from './follow.js';
import { loadRules, linkRules, installRuleLinks, closeRule } from './rulespanel.js';

const gameId = decodeURIComponent(location.pathname.split('/').filter(Boolean).pop() || '');
const frag = new URLSearchParams(location.hash.slice(1));
const tokens = (frag.get('t') || '').split(',').filter(Boolean);

const ui = {
  board: null,
  rules: null,
  view: null,
  net: null,
  welcome: null,
  st: null, // the last `state` message
  hints: [],
  selected: null, // a unit id of ours
  reach: null,
  dest: null, // a reachable hex clicked once: choose the facing to arrive with
  preview: null, // { hint, result }: a declaration considered, and the server's preview of it
  events: [],
  dice: [],
  chat: [],
  logTab: 'events',
  busy: false,
  hover: null,
  // Since your last turn: the events followed (`range`: indices into `events`, the other side's
  // last stretch of phases), the event looked at (`index`) and the position then (`obs`, from
  // the server's `look`).
  follow: { range: null, index: null, obs: null },
  flash: null, // hexes lit for a moment (a log line clicked)
};

const $ = (id) => document.getElementById(id);

// How the rules module's actions are offered, by verb (the notation's first word): its `play`
// export over these defaults (docs/web.md).
const PLAY_DEFAULTS = {
  select: null, // the verb that picks a unit to move
  move: [], // the actions of a unit's move: selecting a unit with one asks the server for its reach
  preview: [], // declarations previewed (odds, modifiers) before they are sent
  aimed: {}, // verb -> highlight class of the selected unit's action aimed at another hex
  onHex: {}, // verb -> highlight class of an action chosen by clicking its hex
  facing: {}, // verb -> handle class ('' or 'ends-move') of a facing change
  buttons: {}, // verb -> label (text, or a function of the action) of a button in the prompt
  primary: null, // the verb whose button is the main one
};

const isMove = (verb) => ui.play.move.includes(verb);
const isPreview = (verb) => ui.play.preview.includes(verb);

// ---------- context for the rules module ----------

function sideLetterOf(idOrLetter) {
  if (idOrLetter === 'A' || idOrLetter === 'B') return idOrLetter;
  const s = ui.board.sides.find((x) => x.id === idOrLetter);
  return s ? s.side : idOrLetter;
}

function ctx() {
  const viewer = ui.st?.viewer;
  return {
    board: ui.board,
    el,
    hex: (label) => (label ? ui.view.hex(label) : null),
    sideName: (s) => ui.board.sides.find((x) => x.side === sideLetterOf(s))?.name ?? s,
    sideId: (s) => ui.board.sides.find((x) => x.side === sideLetterOf(s))?.id ?? s,
    isOwn: (s) => viewer === 'referee' || viewer === sideLetterOf(s),
    unitName: (id) => ui.board.units.find((u) => u.id === id)?.name,
    hints: ui.hints,
    selected: ui.selected,
    reach: ui.reach,
    preview: ui.preview,
    events: ui.events,
    act: (notation) => act([notation]),
    // For rules modules that handle a click themselves (`click`): preview a declaration, move
    // the selected unit to a reachable hex (`facing`: one of its reach ends), select a unit,
    // offer a menu of actions (`{description, notation}` or `{description, run}`), redraw.
    showPreview: (hint) => {
      if (hint) previewDeclaration(hint);
      else if (ui.preview) { ui.preview = null; render(); }
    },
    moveTo: (unit, to, facing = null) => moveTo(unit, to, facing),
    select: (unit) => selectUnit(unit),
    menu: (ev, items) => menu(ev.clientX, ev.clientY, items),
    render: () => render(),
    viewer,
  };
}

function selectUnit(unit) {
  ui.selected = unit;
  ui.reach = null;
  ui.preview = null;
  ui.dest = null;
  if (unit && ui.hints.some((x) => x.unit === unit && isMove(x.verb))) loadReach(unit);
  render();
}

// ---------- talking to the server ----------

async function act(actions) {
  if (!ui.st || ui.busy) return;
  // Ending a phase in which units could still move, asked first (with the moves' question).
  const unmoved = actions.includes('end-phase') ? ui.play.unmoved?.(ui.hints) || [] : [];
  if (unmoved.length && confirmMoves()
      && !confirm(`${unmoved.length} of your units have not moved (${unmoved.slice(0, 4).map((u) => ctx().unitName(u) || u).join(', ')}${unmoved.length > 4 ? ', ...' : ''}). End the phase all the same?`)) return;
  ui.busy = true;
  try {
    await ui.net.request('act', { actions, state: ui.st.state });
    ui.preview = null;
  } catch (e) {
    toast(e.message);
  } finally {
    ui.busy = false;
  }
}

// Moves are final (D&M 7.5; no undo past a move in any system): unless the player turned it off,
// the page asks before a move is sent.
const CONFIRM_KEY = 'coupdoeil.confirmMoves';
function confirmMoves() {
  try { return localStorage.getItem(CONFIRM_KEY) !== '0'; } catch { return true; }
}

// ---------- a sound when the turn comes to you ----------

// Off unless the player turns it on (remembered by the browser). A short tone made with the Web
// Audio API when the decision passes to this player in a game with one seat held here: not on
// the first state after the page loads (a refresh), not while the decisions stay this player's
// (a die rolled between them included), not hot-seat (the screen is handed over anyway).
const SOUND_KEY = 'coupdoeil.turnSound';
function soundOn() {
  try { return localStorage.getItem(SOUND_KEY) === '1'; } catch { return false; }
}

let audio = null;
function audioContext() {
  const Ctx = window.AudioContext || window.webkitAudioContext;
  if (!Ctx) return null;
  if (!audio) audio = new Ctx();
  // Browsers start audio only after a gesture on the page: the toggle's click, or any click.
  if (audio.state === 'suspended') audio.resume().catch(() => {});
  return audio;
}

// Two short rising notes, quiet.
function playTone() {
  window.__turnSounds = (window.__turnSounds || 0) + 1; // for the tests
  const a = audioContext();
  if (!a) return;
  const t = a.currentTime + 0.02;
  [[660, 0], [880, 0.16]].forEach(([f, dt]) => {
    const o = a.createOscillator();
    const g = a.createGain();
    o.type = 'sine';
    o.frequency.value = f;
    g.gain.setValueAtTime(0.0001, t + dt);
    g.gain.exponentialRampToValueAtTime(0.18, t + dt + 0.02);
    g.gain.exponentialRampToValueAtTime(0.0001, t + dt + 0.14);
    o.connect(g).connect(a.destination);
    o.start(t + dt);
    o.stop(t + dt + 0.16);
  });
}

// The decision has passed to this player when the state before was not his, or (states come
// coalesced when the other side is quick) when a step since then was neither his own decision
// nor a die he saw: the other side decided meanwhile.
function turnSound(msg) {
  const prev = ui.prevTurn;
  ui.prevTurn = { your: !!msg.your_turn, steps: msg.steps };
  const seats = ui.welcome?.seats || [];
  if (!prev || !msg.your_turn || seats.length !== 1) return;
  let passed = !prev.your;
  if (!passed && typeof msg.your_last_step === 'number') {
    const seen = new Set(ui.dice.map((d) => d.step));
    for (let k = Math.max(prev.steps, msg.your_last_step) + 1; k <= msg.steps && !passed; k++) passed = !seen.has(k);
  }
  if (passed && soundOn()) playTone();
}

async function moveTo(unit, to, facing = null) {
  if (!ui.st || ui.busy) return;
  if (confirmMoves()) {
    const name = ctx().unitName(unit) || unit;
    if (!confirm(`Move ${name} to ${to}${facing ? `, facing ${facing}` : ''}? A move is final: it cannot be taken back.`)) return;
  }
  if (ui.dest === to) ui.dest = null;
  ui.busy = true;
  try {
    await ui.net.request('move', { unit, to, facing, state: ui.st.state });
  } catch (e) {
    toast(e.message);
  } finally {
    ui.busy = false;
  }
}

async function undo(count) {
  if (!ui.st) return;
  try {
    await ui.net.request('undo', { count, state: ui.st.state });
  } catch (e) {
    toast(e.message);
  }
}

async function loadReach(unit) {
  try {
    const r = await ui.net.request('reach', { unit });
    if (ui.selected === unit && r.state === ui.st?.state) ui.reach = r.reach;
  } catch {
    ui.reach = null;
  }
  render();
}

async function previewDeclaration(hint) {
  try {
    const r = await ui.net.request('preview', { action: hint.notation });
    ui.preview = { hint, result: r.attacks }; // the protocol names the preview `attacks`
  } catch (e) {
    toast(e.message);
  }
  render();
}

// ---------- reacting to a new state ----------

function onState(msg) {
  ui.st = msg;
  ui.hints = msg.legal || [];
  if (msg.events_reset) ui.events = [];
  ui.events.push(...msg.events);
  if (msg.dice_reset) ui.dice = [];
  ui.dice.push(...msg.dice);
  // A die rolled for an attack just now (not one of the log sent on joining): shown large.
  if (!msg.dice_reset) {
    const shown = msg.dice.filter((d) => ui.rules.dieDetail?.(d, ui.events, msg.observation, ctx())).pop();
    if (shown) showRoll(shown);
  }
  if (msg.chat_reset) ui.chat = [];
  ui.chat.push(...(msg.chat || []));
  followRange();
  turnSound(msg);
  // The tab's title says when it is your decision (you may be looking at another tab).
  if (ui.welcome) document.title = `${msg.your_turn ? '▶ Your decision – ' : ''}${ui.welcome.game.name} – Coup d'Oeil`;
  $('curtain').classList.remove('on');
  // Keep a selection only while it can still do something.
  const obs = msg.observation;
  const moverId = obs.mover?.unit || null;
  if (moverId && isOwnUnit(moverId)) {
    ui.selected = moverId;
  } else if (ui.selected && !ui.hints.some((x) => x.unit === ui.selected)) {
    ui.selected = null;
  }
  ui.reach = null;
  ui.dest = null;
  ui.preview = null;
  if (ui.selected && ui.hints.some((x) => x.unit === ui.selected && isMove(x.verb))) {
    loadReach(ui.selected);
  }
  render();
}

// ---------- following the game: since your last turn ----------

// The side this page follows for: the side on screen, else the seat held (once the battle is
// over); spectators follow nothing.
function followSide() {
  const v = ui.st?.viewer;
  if (v === 'A' || v === 'B') return v;
  const seats = ui.welcome?.seats || [];
  return seats.length === 1 ? seats[0] : null;
}

// The events followed: those of the other side's last stretch of phases (from the first of its
// phase headings after one of ours, up to our own next heading, or up to now while it lasts).
// Headings are the rules module's `isHeading` events; one naming no side (a new turn, a shared
// phase) belongs to the stretch around it.
function followRange() {
  const f = ui.follow;
  const me = followSide();
  f.range = null;
  if (!me) return;
  const heads = [];
  ui.events.forEach((e, i) => { if (ui.rules.isHeading?.(e)) heads.push(i); });
  const mine = (i) => {
    const side = ui.events[i].json?.side;
    return !!side && sideLetterOf(side) === me;
  };
  let k = heads.length - 1;
  while (k >= 0 && mine(heads[k])) k--;
  if (k < 0) return;
  const until = k === heads.length - 1 ? ui.events.length : heads[k + 1];
  while (k >= 0 && !mine(heads[k])) k--;
  const from = k + 1 < heads.length ? heads[k + 1] : 0;
  f.range = [from, until];
  if (f.index !== null && f.index >= followEvents().length) { f.index = null; f.obs = null; }
}

function followEvents() {
  const r = ui.follow.range;
  if (!r) return [];
  return ui.events.slice(r[0], r[1]).filter((e) => !ui.rules.isHeading?.(e));
}

const isHex = (label) => !!ui.view?.hex(label);

// The hex an event is about: where a unit went, the target, else the first hex it names, else
// where the unit it names stands now.
function focusHexes(e) {
  const j = e.json || {};
  const hexes = hexesOf(j, isHex);
  if (!hexes.length) {
    const obs = ui.st?.observation || {};
    for (const u of unitsOf(j)) {
      const p = ui.rules.pieces(obs).find((q) => q.unit === u);
      if (p) hexes.push(p.hex);
    }
    // A hidden piece, by its token (D&M).
    const t = j.token !== undefined && j.side ? ui.rules.pieces(obs).find((q) => q.token === j.token && q.side === sideLetterOf(j.side)) : null;
    if (t) hexes.push(t.hex);
  }
  const main = [j.to, j.target, j.at].find((x) => typeof x === 'string' && isHex(x)) || hexes[0] || null;
  return { main, hexes };
}

async function stepFollow(k) {
  const evs = followEvents();
  if (!evs.length) return;
  const i = Math.max(0, Math.min(evs.length - 1, k));
  const f = ui.follow;
  f.index = i;
  f.obs = null;
  const { main } = focusHexes(evs[i]);
  if (main) ui.view.centreOn(main);
  render();
  try {
    const r = await ui.net.request('look', { step: evs[i].step });
    if (f.index === i) { f.obs = r.observation; render(); }
  } catch (e) {
    toast(e.message);
  }
}

function stopFollow() {
  if (ui.follow.index === null) return false;
  ui.follow.index = null;
  ui.follow.obs = null;
  render();
  return true;
}

function renderFollow() {
  const box = $('follow');
  const evs = followEvents();
  box.innerHTML = '';
  box.style.display = evs.length ? '' : 'none';
  if (!evs.length) return;
  const f = ui.follow;
  const stepping = f.index !== null;
  const what = ui.follow.range[1] < ui.events.length ? 'Since your last turn' : `${ctx().sideName(followSide() === 'A' ? 'B' : 'A')} now`;
  box.appendChild(h('div', { class: 'followhead' },
    h('b', {}, `${what}: `),
    h('button', { class: 'small', id: 'followprev', title: 'the event before', disabled: stepping && f.index === 0 ? '' : null, onclick: () => stepFollow(stepping ? f.index - 1 : evs.length - 1) }, '‹'),
    h('span', { id: 'followpos' }, stepping ? `step ${f.index + 1}/${evs.length}` : `${evs.length} event${evs.length === 1 ? '' : 's'}`),
    h('button', { class: 'small', id: 'follownext', title: 'the next event', disabled: stepping && f.index === evs.length - 1 ? '' : null, onclick: () => stepFollow(stepping ? f.index + 1 : 0) }, '›'),
    stepping ? h('button', { class: 'small', id: 'followdone', title: 'back to the battle as it stands (Escape)', onclick: stopFollow }, 'now') : null));
  if (stepping) {
    const e = evs[f.index];
    box.appendChild(h('div', { class: 'followtext', id: 'followtext' }, h('span', { class: 'step' }, `${e.step} `), namedText(e, ctx().unitName), f.obs ? null : h('span', { class: 'muted' }, ' …')));
    if (note(e)) box.appendChild(h('div', { class: 'muted' }, note(e)));
  }
}

// A log line clicked: its hexes lit for a moment and the map centred on the main one.
// The rules module's more words on an event (a card's text).
const note = (e) => ui.rules.eventNote?.(e, ctx()) || null;

function flashEvent(e) {
  const { main, hexes } = focusHexes(e);
  if (!main) return;
  ui.view.centreOn(main);
  ui.flash = hexes;
  ui.view.setHighlights(highlights());
  clearTimeout(ui.flashTimer);
  ui.flashTimer = setTimeout(() => { ui.flash = null; if (ui.view) ui.view.setHighlights(highlights()); }, 2500);
}

// ---------- a die rolled for an attack, shown large ----------

// Shown until clicked, or for a few seconds once its result is known.
const ROLL_MS = 4500;
function showRoll(d) {
  ui.roll = d;
  ui.rollDone = false;
  clearTimeout(ui.rollTimer);
}

function hideRoll() {
  ui.roll = null;
  clearTimeout(ui.rollTimer);
  renderRoll();
}

// Drawn again with every state while it shows: the result comes once the cards after the die
// have been played.
function renderRoll() {
  const box = $('roll');
  const x = ui.roll && ui.rules.dieDetail?.(ui.roll, ui.events, ui.st.observation, ctx());
  box.innerHTML = '';
  box.style.display = x ? '' : 'none';
  if (!x) return;
  // Behind a hot-seat curtain the clock waits: the roll is still there for the player who
  // takes the screen over (drawn again from their own log, so only if they may see it).
  if (x.done && !ui.rollDone && !$('curtain').classList.contains('on')) {
    ui.rollDone = true;
    ui.rollTimer = setTimeout(hideRoll, ROLL_MS);
  }
  // One die, or several side by side (`faces`, each with its label as a tooltip).
  (x.faces || [x.face]).forEach((f, i) => box.appendChild(h('div', { class: 'bigdie', id: i ? null : 'bigdie', title: x.labels?.[i] || null }, f)));
  box.appendChild(h('div', { class: 'rollwords' },
    h('div', { class: 'rolltitle' }, x.title),
    x.odds ? h('div', { class: 'muted' }, x.odds) : null,
    h('div', { class: 'rollresult', id: 'rollresult' }, x.result || ''),
    x.table || null,
    h('div', { class: 'muted' }, 'click to close')));
}

function isOwnUnit(id) {
  const p = ui.rules.pieces(ui.st?.observation || {}).find((x) => x.unit === id);
  return !!p && ctx().isOwn(p.side);
}

// ---------- clicks on the map ----------

// The piece drawn on top in a hex: the last one of the rules module's list there.
function pieceAt(hex) {
  return ui.rules.pieces(ui.st.observation).filter((p) => p.hex === hex).pop() || null;
}

function menu(x, y, hints) {
  closeMenu();
  const m = h('div', { class: 'menu', id: 'menu' });
  for (const hint of hints) {
    m.appendChild(h('button', { onclick: () => { closeMenu(); if (hint.run) hint.run(); else choose(hint); } }, hint.description));
  }
  m.appendChild(h('button', { class: 'muted', onclick: closeMenu }, 'cancel'));
  document.body.appendChild(m);
  m.style.left = `${Math.min(x, window.innerWidth - 380)}px`;
  m.style.top = `${Math.min(y, window.innerHeight - m.offsetHeight - 10)}px`;
}

function closeMenu() {
  $('menu')?.remove();
}

function choose(hint) {
  if (isPreview(hint.verb)) {
    previewDeclaration(hint);
  } else {
    act([hint.notation]);
  }
}

function onHexClick(hex, ev) {
  closeMenu();
  if (!ui.st || !hex) return;
  if (stopFollow()) return; // a click while looking back returns to the battle as it stands
  const mine = ui.st.your_turn;
  const piece = pieceAt(hex);
  // The rules module first: it may offer this click its own way.
  if (mine && ui.rules.click?.(hex, ev, ctx())) return;
  if (mine) {
    // a) A reachable hex of the selected unit: the first click shows the facings it can arrive
    // with; a second click goes there the cheapest way.
    if (ui.selected && ui.reach) {
      const r = ui.reach.hexes.find((x) => x.hex === hex);
      if (r && hex !== ui.reach.from) {
        if (ui.dest === hex || r.facings.length <= 1) {
          ui.dest = null;
          moveTo(ui.selected, hex);
        } else {
          ui.dest = hex;
          render();
        }
        return;
      }
    }
    ui.dest = null;
    // b) An action of the selected unit aimed at this hex.
    if (ui.selected) {
      const aimed = ui.hints.filter((x) => x.unit === ui.selected && x.hex === hex && x.from && x.from !== hex);
      if (aimed.length === 1) return choose(aimed[0]);
      if (aimed.length > 1) return menu(ev.clientX, ev.clientY, aimed);
    }
    // c) One of our units: select it.
    if (piece?.unit && ctx().isOwn(piece.side)) {
      const own = ui.hints.filter((x) => x.unit === piece.unit);
      if (own.length) {
        ui.selected = piece.unit;
        ui.reach = null;
        ui.preview = null;
        if (own.some((x) => isMove(x.verb))) loadReach(piece.unit);
        render();
        return;
      }
    }
    // d) Actions located on this hex that need no selection (neither moves nor declarations).
    const here = ui.hints.filter((x) => x.hex === hex && (!x.from || x.from === hex || !ui.selected)
      && !isMove(x.verb) && !isPreview(x.verb));
    if (here.length === 1) return choose(here[0]);
    if (here.length > 1) return menu(ev.clientX, ev.clientY, here);
    // e) Targets of several units: offer them all.
    const targeted = ui.hints.filter((x) => x.hex === hex && x.from && x.from !== hex && isPreview(x.verb));
    if (targeted.length) return menu(ev.clientX, ev.clientY, targeted);
  }
  if (ui.selected) {
    ui.selected = null;
    ui.reach = null;
    ui.preview = null;
    render();
  }
}

// ---------- drawing ----------

function highlights() {
  const marks = [];
  const st = ui.st;
  if (!st) return marks;
  for (const hex of ui.flash || []) marks.push({ hex, cls: 'flash' });
  if (ui.follow.index !== null) {
    const e = followEvents()[ui.follow.index];
    if (e) for (const hex of focusHexes(e).hexes) marks.push({ hex, cls: 'trail-now' });
    if (ui.hover && !ui.hover.startsWith('_')) marks.push({ hex: ui.hover, cls: 'hover' });
    return marks;
  }
  if (st.your_turn) {
    if (ui.reach) {
      for (const r of ui.reach.hexes) {
        if (r.hex === ui.reach.from) continue;
        marks.push({
          hex: r.hex,
          cls: r.hex === ui.dest ? 'dest' : r.ends_move ? 'reach-end' : 'reach',
          text: r.ends_move ? 'all' : ui.rules.half?.(r.cost_half) ?? `${r.cost_half / 2}`,
          title: `${r.ends_move ? 'ends the move' : `${r.cost_half / 2} MP, ${r.left_half / 2} MP left`}`,
        });
      }
    }
    const sel = ui.selected;
    for (const x of ui.hints) {
      if (!x.hex) continue;
      if (sel && x.unit === sel && x.from && x.from !== x.hex) {
        // A step shown on its own only while the reach is not known.
        const cls = ui.play.aimed[x.verb];
        if (cls && !(cls === 'reach' && ui.reach)) marks.push({ hex: x.hex, cls, title: x.description });
        continue;
      }
      if (ui.play.onHex[x.verb]) {
        marks.push({ hex: x.hex, cls: ui.play.onHex[x.verb], title: x.description });
      } else if (!sel && x.unit && (x.verb === ui.play.select || isPreview(x.verb))) {
        const at = x.from || x.hex;
        if (x.verb === ui.play.select) marks.push({ hex: x.hex, cls: 'selectable', title: x.description });
        else if (at) marks.push({ hex: at, cls: 'selectable', title: 'select to declare' });
      }
    }
    if (sel) {
      const p = ui.rules.pieces(st.observation).find((q) => q.unit === sel);
      if (p) marks.push({ hex: p.hex, cls: 'selected-hex' });
    }
  }
  marks.push(...(ui.rules.marks?.(st.observation, ctx()) || []));
  if (ui.hover && !ui.hover.startsWith('_')) marks.push({ hex: ui.hover, cls: 'hover' });
  // Keep one mark per hex and class.
  const seen = new Set();
  return marks.filter((m) => {
    const k = `${m.hex}|${m.cls}`;
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}

function handles() {
  const st = ui.st;
  if (!st?.your_turn || ui.follow.index !== null) return [null, []];
  // The facings the selected unit can arrive with in the hex clicked once.
  if (ui.selected && ui.reach && ui.dest) {
    const r = ui.reach.hexes.find((x) => x.hex === ui.dest);
    if (r) {
      return [r.hex, r.facings.map((f) => ({
        facing: f.facing,
        cls: f.ends_move ? 'ends-move' : '',
        title: `arrive facing ${f.facing}${f.ends_move ? ' (ends the move)' : `, ${ui.rules.half?.(f.left_half) ?? f.left_half / 2} MP left`}`,
        onClick: () => moveTo(ui.selected, ui.dest, f.facing),
      }))];
    }
  }
  // Facing changes offered as actions (of the moving unit, after combat...): one arrow per
  // facing, preferring a change that does not end the move.
  const facing = ui.hints.filter((x) => x.verb in ui.play.facing && x.facing);
  if (facing.length) {
    const hex = facing[0].hex;
    const byFacing = new Map();
    for (const x of facing) {
      const prev = byFacing.get(x.facing);
      if (!prev || (ui.play.facing[prev.verb] && !ui.play.facing[x.verb])) byFacing.set(x.facing, x);
    }
    return [hex, [...byFacing.values()].map((x) => ({
      facing: x.facing,
      cls: ui.play.facing[x.verb],
      title: x.description,
      onClick: () => act([x.notation]),
    }))];
  }
  // A selected unit not yet moving: turning in place (select, then face).
  if (ui.selected && ui.reach) {
    const here = ui.reach.hexes.find((r) => r.hex === ui.reach.from);
    if (here) {
      const opts = here.facings.filter((f) => f.facing !== ui.reach.facing);
      return [ui.reach.from, opts.map((f) => ({
        facing: f.facing,
        cls: f.ends_move ? 'ends-move' : '',
        title: ui.play.faceTitle?.(f) ?? `face ${f.facing}${f.ends_move ? ' (ends the move)' : ''}`,
        onClick: () => moveTo(ui.selected, ui.reach.from, f.facing),
      }))];
    }
  }
  return [null, []];
}

function render() {
  if (!ui.st || !ui.view) return;
  const st = ui.st;
  const f = ui.follow;
  // Looking back at an event: the position as it stood then (once the server has sent it).
  const obs = f.index !== null && f.obs ? f.obs : st.observation;
  const c = ctx();
  ui.view.setPieces(ui.rules.pieces(obs), c);
  ui.view.setHighlights(highlights());
  // A declaration being considered shows as if made (nothing is sent until it is).
  const shown = ui.preview ? ui.rules.previewed?.(obs, ui.preview.result) ?? obs : obs;
  const over = el('g', {});
  const own = ui.rules.overlay?.(shown, c);
  if (own) over.appendChild(own);
  // The trail of what happened since your last turn, walked back from the live position.
  const evs = followEvents();
  if (evs.length) over.appendChild(drawTrail(trailOf(evs, ui.rules.pieces(st.observation), isHex, sideLetterOf), f.index, (l) => ui.view.hex(l)));
  ui.view.setOverlay(over.childNodes.length ? over : null);
  renderFollow();
  const [hhex, hs] = handles();
  ui.view.setHandles(hhex, hs);
  renderTop();
  renderPrompt();
  renderMatch();
  renderSelection();
  renderRulesPanels();
  renderChoices();
  renderLogs();
  renderHover();
  renderRoll();
  for (const id of ['turn', 'sequence', 'side', 'follow', 'roll']) linkRules($(id));
}

function viewerWords() {
  const w = ui.welcome;
  if (!w) return '';
  if (ui.st?.viewer === 'referee') return 'the battle is over: everything is revealed';
  if (!w.seats.length) return 'watching as a spectator';
  if (w.seats.length === 2) return `hot-seat: showing the ${ctx().sideName(ui.st?.viewer)} side`;
  return `you command the ${ctx().sideName(w.seats[0])}s`;
}

function renderTop() {
  const st = ui.st;
  const c = ctx();
  $('title').textContent = ui.board.name;
  $('turn').textContent = ui.rules.turnText(st.observation, c);
  const who = $('who');
  const t = st.to_act;
  if (t.kind === 'side') {
    if (st.your_turn) {
      who.className = 'pill you';
      who.textContent = `Your decision (${t.name})`;
    } else {
      who.className = `pill ${t.human ? 'wait' : 'ai'}`;
      who.textContent = t.human ? `${t.name} to decide` : `${t.name} (${playerOf(t.side)}) is thinking…`;
    }
  } else if (t.kind === 'over') {
    who.className = 'pill';
    who.textContent = 'Battle over';
  } else {
    who.className = 'pill wait';
    who.textContent = 'Rolling…';
  }
  $('viewer').textContent = viewerWords();
  renderSequence();
}

// The turn track (turn of turns, the current one lit) and, when the rules module gives them, the
// phases of the sequence of play with the current one lit.
function renderSequence() {
  const box = $('sequence');
  const obs = ui.st.observation;
  box.innerHTML = '';
  if (!obs.turn || !obs.turns) { box.style.display = 'none'; return; }
  box.style.display = '';
  const track = h('div', { class: 'turntrack', id: 'turntrack', title: `turn ${obs.turn} of ${obs.turns}` }, h('span', { class: 'muted' }, 'Turn'));
  for (let t = 1; t <= obs.turns; t++) track.appendChild(h('span', { class: `tt${t === obs.turn ? ' on' : t < obs.turn ? ' past' : ''}` }, `${t}`));
  box.appendChild(track);
  const list = ui.rules.phases?.(obs, ctx()) || [];
  if (list.length) {
    // A phase may name its group (a segment, a Player Turn): the group's name heads its phases.
    const strip = h('div', { class: 'phases', id: 'phases' });
    let group = null;
    for (const p of list) {
      if (p.group && p.group !== group) strip.appendChild(h('span', { class: `phgroup${list.some((q) => q.group === p.group && q.on) ? ' on' : ''}` }, p.group));
      group = p.group || null;
      strip.appendChild(h('span', { class: `ph${p.on ? ' on' : ''}${p.group ? ' ingroup' : ''}`, 'data-phase': p.id || null }, p.name));
    }
    box.appendChild(strip);
  }
}

function playerOf(side) {
  return ui.welcome?.game.sides.find((s) => s.side === side)?.player ?? '';
}

// Why the battle ended so: a resignation or an agreed draw (the server's), else the rules
// module's words on the outcome (its victory conditions and draw rule), else its kind.
function outcomeWords(o, c) {
  if (o.kind === 'resignation') return [`The ${o.winner ? c.sideName(o.winner === 'A' ? 'B' : 'A') : ''} player resigned: the other side wins.`];
  if (o.kind === 'agreement') return ['The two players agreed a draw.'];
  return ui.rules.outcomeText?.(o, c, ui.st?.observation) || [];
}

function renderPrompt() {
  const st = ui.st;
  const c = ctx();
  const p = $('prompt');
  p.innerHTML = '';
  p.className = `panel${st.your_turn ? ' yours' : ''}`;
  if (st.outcome) {
    const o = st.outcome;
    const winner = o.winner ? `${c.sideName(o.winner)} victory` : 'A draw';
    p.appendChild(h('div', { class: 'over-banner' },
      h('div', { style: 'font-size:20px' }, `${winner} (${o.kind})`),
      h('div', {}, `Victory Points ${c.sideName('A')} ${o.points[0]} – ${c.sideName('B')} ${o.points[1]}`),
      h('div', { class: 'why', id: 'outcomewhy' }, ...outcomeWords(o, c).map((t) => h('div', {}, t))),
      h('div', { style: 'margin-top:6px' },
        h('a', { href: `/replay/${gameId}` }, 'Replay the battle step by step'), ' · ',
        h('a', { href: `/api/games/${gameId}/record`, download: `coupdoeil-${gameId}.json` }, 'Download the record'),
        h('span', { class: 'muted' }, ' (check it with coupdoeil verify)'))));
  }
  p.appendChild(h('div', { class: 'now' }, ui.rules.stageText(st.observation, c)));
  let what;
  if (st.outcome) what = 'Every piece is shown as it stood at the end.';
  else if (st.your_turn) what = instructions();
  else if (st.to_act.kind === 'side') what = st.to_act.human ? `Waiting for the ${st.to_act.name} player.` : `The ${st.to_act.name} side (${playerOf(st.to_act.side)}) is choosing.`;
  else what = 'The dice are rolling.';
  p.appendChild(h('div', { class: 'what' }, what));
  const buttons = h('div', { class: 'buttons' });
  if (st.your_turn) {
    for (const x of ui.hints.filter((y) => ui.play.buttons[y.verb])) {
      const b = ui.play.buttons[x.verb];
      const label = (typeof b === 'function' ? b(x) : b) || x.description;
      buttons.appendChild(h('button', { class: x.verb === ui.play.primary ? 'primary' : '', title: x.description, 'data-action': x.notation, onclick: () => act([x.notation]) }, label));
    }
  }
  // The next unit that can still move, selected and centred (the rules module's `unmoved`).
  const unmoved = st.your_turn ? ui.play.unmoved?.(ui.hints) || [] : [];
  if (unmoved.length) {
    buttons.appendChild(h('button', { id: 'nextunmoved', title: 'select and show the next unit that can still move', onclick: () => nextUnmoved(unmoved) }, `Next unmoved unit (${unmoved.length})`));
  }
  if (st.undoable > 0) {
    buttons.appendChild(h('button', { id: 'undo', title: 'Take back your last decision (never past a die roll, new information or the other side\'s decision)', onclick: () => undo(1) }, 'Undo'));
    if (st.undoable > 1) buttons.appendChild(h('button', { onclick: () => undo(st.undoable) }, `Undo all (${st.undoable})`));
  }
  if (buttons.childNodes.length) p.appendChild(buttons);
}

function nextUnmoved(list) {
  const i = list.indexOf(ui.selected);
  const unit = list[(i + 1) % list.length];
  const p = ui.rules.pieces(ui.st.observation).find((q) => q.unit === unit);
  if (p) ui.view.centreOn(p.hex);
  selectUnit(unit);
}

// The match panel: how the dice were fixed, the players' own ways to end the game (resign, a
// draw agreed between two people), a rematch, and the players' chat.
async function social(type, fields = {}) {
  try {
    return await ui.net.request(type, fields);
  } catch (e) {
    toast(e.message);
    return null;
  }
}

function diceWords(d) {
  if (!d) return '';
  if (d.chosen) return `Dice seed ${d.seed}, chosen when the battle was created (shown to everyone).`;
  if (d.seed) return `Dice seed ${d.seed}, salt ${d.salt}: SHA-256 of coupdoeil-seed-v1:${d.salt}:${d.seed} is the commitment ${d.commitment} shown from the start.`;
  return `Dice seed drawn in secret by the server; its commitment (SHA-256) is ${d.commitment}. The seed and the salt that open it are shown when the battle ends.`;
}

function renderMatch() {
  const st = ui.st;
  const c = ctx();
  const box = $('match');
  // What is being typed survives the redraw.
  const typed = $('chattext')?.value || '';
  const typing = document.activeElement?.id === 'chattext';
  box.innerHTML = '';
  box.appendChild(h('div', { class: 'muted dice-proof', id: 'diceproof' }, diceWords(st.dice_proof)));
  const seats = ui.welcome?.seats || [];
  if (!seats.length) return;
  const ask = h('input', { type: 'checkbox', id: 'confirmmoves', onchange: (ev) => {
    try { localStorage.setItem(CONFIRM_KEY, ev.target.checked ? '1' : '0'); } catch { /* storage off */ }
  } });
  ask.checked = confirmMoves();
  box.appendChild(h('label', { class: 'muted' }, ask, ' ask before each move (moves are final)'));
  if (seats.length === 1 && !st.outcome) {
    const sound = h('input', { type: 'checkbox', id: 'turnsound', onchange: (ev) => {
      try { localStorage.setItem(SOUND_KEY, ev.target.checked ? '1' : '0'); } catch { /* storage off */ }
      if (ev.target.checked) audioContext(); // the click lets the page play it later
    } });
    sound.checked = soundOn();
    box.appendChild(h('label', { class: 'muted', style: 'display:block' }, sound, ' a sound when it becomes your turn'));
  }
  const people = ui.welcome?.game?.people;
  const buttons = h('div', { class: 'buttons' });
  if (!st.outcome) {
    buttons.appendChild(h('button', { id: 'resign', onclick: () => {
      if (confirm('Resign the battle? The other side wins; this cannot be undone.')) social('resign');
    } }, 'Resign'));
    if (people) {
      const mine = seats.length === 1 ? seats[0] : st.viewer;
      if (st.draw_offer && st.draw_offer !== mine) {
        box.appendChild(h('div', { class: 'offer', id: 'drawoffer' }, `The ${c.sideName(st.draw_offer)} player offers a draw.`));
        buttons.appendChild(h('button', { class: 'primary', id: 'acceptdraw', onclick: () => social('offer_draw') }, 'Accept the draw'));
        buttons.appendChild(h('button', { id: 'declinedraw', onclick: () => social('decline_draw') }, 'Decline'));
      } else if (st.draw_offer) {
        box.appendChild(h('div', { class: 'offer', id: 'drawoffer' }, 'You have offered a draw: waiting for the answer.'));
        buttons.appendChild(h('button', { id: 'declinedraw', onclick: () => social('decline_draw') }, 'Take the offer back'));
      } else {
        buttons.appendChild(h('button', { id: 'offerdraw', onclick: () => social('offer_draw') }, 'Offer a draw'));
      }
    }
  } else if (st.rematch) {
    const link = linkFor(st.rematch.id, st.rematch.tokens);
    box.appendChild(h('div', {}, h('a', { href: link, id: 'rematchlink' }, 'Play the rematch (sides swapped)')));
  } else {
    const asked = st.rematch_offer;
    if (asked && seats.length === 1 && asked === seats[0]) box.appendChild(h('div', { class: 'offer' }, 'You asked for a rematch: waiting for the answer.'));
    else buttons.appendChild(h('button', { id: 'rematch', onclick: () => social('rematch') }, asked ? 'Accept the rematch' : 'Ask for a rematch'));
  }
  if (buttons.childNodes.length) box.appendChild(buttons);
  if (people && seats.length === 1) {
    const lines = h('div', { class: 'log chat', id: 'chatlog' });
    for (const l of ui.chat) lines.appendChild(h('div', {}, h('b', {}, `${c.sideName(l.side)}: `), l.text));
    const input = h('input', { type: 'text', id: 'chattext', maxlength: '500', placeholder: 'a word to your opponent' });
    const send = async (ev) => {
      ev.preventDefault();
      const text = input.value.trim();
      if (!text) return;
      if (await social('chat', { text })) input.value = '';
    };
    box.appendChild(lines);
    box.appendChild(h('form', { class: 'chatform', onsubmit: send }, input, h('button', { type: 'submit' }, 'Say')));
    lines.scrollTop = lines.scrollHeight;
    input.value = typed;
    if (typing) input.focus();
  }
}

function instructions() {
  const said = ui.rules.instructions?.(ui.hints, { selected: ui.selected, reach: ui.reach, dest: ui.dest });
  return said || 'Choose one of the actions below.';
}

function renderSelection() {
  const p = $('selection');
  p.innerHTML = '';
  const c = ctx();
  if (ui.preview) {
    const box = ui.rules.previewPanel?.(ui.preview.result, ui.preview.hint.hex, c);
    p.appendChild(h('h3', {}, 'Before you commit'));
    if (box) p.appendChild(box);
    p.appendChild(h('div', { class: 'buttons', style: 'display:flex;gap:6px;margin-top:6px' },
      h('button', { class: 'primary', id: 'declare', onclick: () => act([ui.preview.hint.notation]) }, ui.play.declareLabel?.(ui.preview.hint) ?? 'Declare'),
      h('button', { onclick: () => { ui.preview = null; render(); } }, 'Cancel')));
    p.style.display = '';
    return;
  }
  const sel = ui.selected;
  const piece = sel && ui.rules.pieces(ui.st.observation).find((q) => q.unit === sel);
  if (!piece) {
    p.style.display = 'none';
    return;
  }
  p.style.display = '';
  const svg = el('svg', { width: 80, height: 56, viewBox: '-40 -28 80 56' });
  svg.appendChild(ui.rules.drawPiece({ ...piece, facing: 'N', moving: false, card: true }, { ...c, selected: null }));
  p.appendChild(h('div', { class: 'unitcard' }, svg, h('div', { html: ui.rules.pieceInfo(piece, c) })));
  if (ui.reach) {
    const mp = ui.rules.half?.(ui.reach.start_half_mp) ?? ui.reach.start_half_mp / 2;
    p.appendChild(h('div', { class: 'muted', style: 'margin-top:4px' }, `${mp} MP left · ${ui.reach.hexes.length - 1} hexes within reach`));
    // A formation this unit leads moved as a whole (a Glory and Empire GTF with its DU):
    // one click plays the whole plan, each stack's move an ordinary one.
    const groups = ui.reach.group_moves || [];
    if (groups.length) {
      const list = h('div', { class: 'choices', id: 'groupmoves' });
      for (const g of groups) {
        list.appendChild(h('button', {
          'data-group-to': g.to,
          title: `the Directing Unit to ${g.to}, each other stack to its place`,
          onclick: () => {
            if (confirmMoves() && !confirm(`${g.label}? The moves are final: they cannot be taken back.`)) return;
            act(g.path);
          },
        }, g.label));
      }
      p.appendChild(list);
    }
  }
  const own = ui.hints.filter((x) => x.unit === sel && !isMove(x.verb));
  if (own.length) {
    const list = h('div', { class: 'choices' });
    for (const x of own) list.appendChild(h('button', { onclick: () => choose(x), 'data-action': x.notation }, x.description));
    p.appendChild(list);
  }
}

function renderRulesPanels() {
  const host = $('rulespanels');
  host.innerHTML = '';
  for (const panel of ui.rules.panels(ui.st.observation, ctx())) host.appendChild(panel);
}

function renderChoices() {
  const p = $('choices');
  const list = $('choicelist');
  list.innerHTML = '';
  $('choicecount').textContent = ui.hints.length ? `(${ui.hints.length})` : '';
  p.style.display = ui.hints.length ? '' : 'none';
  for (const x of ui.hints) {
    list.appendChild(h('button', { 'data-action': x.notation, onclick: () => choose(x) }, x.description, ' ', h('code', {}, x.notation)));
  }
}

function renderLogs() {
  const box = $('log');
  const atBottom = box.scrollHeight - box.scrollTop - box.clientHeight < 30;
  box.innerHTML = '';
  if (ui.logTab === 'events') {
    const named = ctx().unitName;
    for (const e of ui.events) {
      const head = !!ui.rules.isHeading?.(e);
      const where = head ? null : focusHexes(e).main;
      box.appendChild(h('div', {
        class: `${head ? 'turnhead' : ''}${where ? ' located' : ''}`,
        title: where ? `show ${where} on the map` : null,
        onclick: where ? () => flashEvent(e) : null,
      }, head ? null : h('span', { class: 'step' }, `${e.step}`), namedText(e, named),
      note(e) ? h('div', { class: 'note' }, note(e)) : null));
    }
  } else {
    const byStep = new Map();
    for (const e of ui.events) {
      if (ui.rules.isHeading?.(e)) continue;
      if (!byStep.has(e.step)) byStep.set(e.step, []);
      byStep.get(e.step).push(e.text);
    }
    ui.dice.forEach((d, i) => {
      // A die the rules module can show as a face ({face, quote}), else the outcome's notation.
      const die = ui.rules.die?.(d.outcome) || null;
      // What the die decided: the events of its step, or (when cards may still change it) the
      // first later event that quotes it, before the next roll.
      let texts = byStep.get(d.step) || [];
      if (die && !texts.some((t) => t.includes(die.quote))) {
        const until = ui.dice[i + 1]?.step ?? Infinity;
        const later = ui.events.find((e) => e.step > d.step && e.step < until && e.text.includes(die.quote));
        if (later) texts = [later.text, ...texts];
      }
      box.appendChild(h('div', {},
        die ? h('span', { class: 'die-face' }, die.face) : h('span', { class: 'die' }, `${d.outcome} `),
        h('span', { class: 'step' }, `${d.step} · ${d.turn}`), h('br'),
        texts.slice(0, 2).join(' · ')));
    });
  }
  if (atBottom || ui.logScrollNew) box.scrollTop = box.scrollHeight;
  ui.logScrollNew = false;
  for (const b of document.querySelectorAll('#logtabs button')) b.classList.toggle('on', b.dataset.tab === ui.logTab);
}

function renderHover() {
  const box = $('hoverinfo');
  const hex = ui.hover;
  if (!hex || !ui.st) {
    box.style.display = 'none';
    return;
  }
  const info = ui.view.hex(hex);
  const t = ui.board.terrain[info.terrain];
  let html = `<b>${esc(hex)}</b> ${esc(t?.name || '')}${info.name ? ` · <i>${esc(info.name)}</i>` : ''}`;
  html += ui.rules.hexInfo?.(info, t, ctx()) || '';
  const piece = pieceAt(hex);
  if (piece) html += `<hr style="border:none;border-top:1px solid #ddd">${ui.rules.pieceInfo(piece, ctx())}`;
  const r = ui.reach?.hexes.find((x) => x.hex === hex);
  if (r && hex !== ui.reach.from) html += `<br><b>${r.ends_move ? 'Reachable: ends the move' : `Move here: ${ui.rules.half?.(r.cost_half)} MP, ${ui.rules.half?.(r.left_half)} left`}</b>`;
  box.innerHTML = html;
  box.style.display = 'block';
}

// ---------- start ----------

async function main() {
  if (tokens.length) rememberGame(gameId, tokens);
  const res = await fetch(`/api/games/${encodeURIComponent(gameId)}/board`);
  if (!res.ok) {
    document.body.innerHTML = `<div class="lobby"><h2>No such game</h2><p><a href="/">Back to the lobby</a></p></div>`;
    return;
  }
  ui.board = await res.json();
  ui.rules = (await import(`/rules/${ui.board.rules}.js`)).default;
  await loadRules(ui.board.rules);
  installRuleLinks();
  // Audio may start only after a gesture on the page: the first click lets the turn's tone play.
  document.addEventListener('pointerdown', () => { if (soundOn()) audioContext(); }, { once: true });
  ui.play = { ...PLAY_DEFAULTS, ...(ui.rules.play || {}) };
  ui.view = new BoardView($('map'), ui.board, ui.rules);
  ui.view.on('click', onHexClick);
  ui.view.on('cancel', () => { ui.selected = null; ui.reach = null; ui.dest = null; ui.preview = null; ui.rules.cancel?.(); closeMenu(); render(); });
  ui.view.on('hover', (hex) => {
    if (ui.hover === hex) return;
    ui.hover = hex;
    ui.view.setHighlights(highlights());
    renderHover();
  });
  $('roll').onclick = hideRoll;
  $('zin').onclick = () => ui.view.zoom(1.25);
  $('zout').onclick = () => ui.view.zoom(0.8);
  $('zfit').onclick = () => ui.view.fit();
  const legend = $('legend');
  for (const item of [...(ui.rules.legend?.(ctx()) || []), ...ui.view.legendItems()]) legend.appendChild(h('span', { html: item }));
  for (const b of document.querySelectorAll('#logtabs button')) {
    b.onclick = () => { ui.logTab = b.dataset.tab; ui.logScrollNew = true; renderLogs(); };
  }
  document.addEventListener('keydown', (ev) => {
    if (ev.key === 'Escape' && closeRule()) return;
    if (ev.key === 'Escape' && stopFollow()) return;
    if (ev.key === 'Escape') { ui.selected = null; ui.reach = null; ui.dest = null; ui.preview = null; ui.rules.cancel?.(); closeMenu(); render(); }
  });
  ui.net = new Net({ game: gameId, tokens }, {
    status: (s) => {
      const c = $('conn');
      c.textContent = s === 'online' ? 'connected' : 'reconnecting…';
      c.className = `pill ${s === 'online' ? '' : 'off'}`;
    },
    message: (msg) => {
      if (msg.type === 'welcome') {
        ui.welcome = msg;
        document.title = `${msg.game.name} – Coup d'Oeil`;
      } else if (msg.type === 'state') {
        onState(msg);
      } else if (msg.type === 'handover') {
        const cur = $('curtain');
        $('curtain-title').textContent = `Pass the screen to the ${msg.name} player`;
        const b = $('curtain-go');
        b.textContent = `I am the ${msg.name} player: show my forces`;
        b.onclick = () => ui.net.send('view', { side: msg.to });
        cur.classList.add('on');
        // A roll on show waits behind the curtain (see renderRoll).
        clearTimeout(ui.rollTimer);
        ui.rollDone = false;
      } else if (msg.type === 'error') {
        toast(msg.message);
      }
    },
  });
  window.coupdoeil = ui; // for tests and the curious
}

main().catch((e) => toast(String(e)));

