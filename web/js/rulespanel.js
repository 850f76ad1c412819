// The rules panel: every rule number the page cites is a link that opens a short summary of
// that rule, in our own words (web/rules/<system>-rules.json), never the rulebook's text. A
// number with no summary of its own opens its nearest parent's (web/js/rulecites.js).

import { h } from './util.js';
import { findCitations, resolveRule, knownBare } from './rulecites.js';

let rules = null; // { system, rules: { key: { title, text } } }

// Loads the system's summaries; the page works without them (no links).
export async function loadRules(system) {
  try {
    const r = await fetch(`/rules/${encodeURIComponent(system)}-rules.json`);
    rules = r.ok ? await r.json() : null;
  } catch {
    rules = null;
  }
  return rules;
}

// Text inside these is left alone: a link in a button or a link would fight its own click.
const SKIP = new Set(['A', 'BUTTON', 'INPUT', 'TEXTAREA', 'SELECT', 'OPTION', 'SCRIPT', 'STYLE', 'SUMMARY']);

function skipped(node, root) {
  for (let n = node.parentNode; n && n !== root.parentNode; n = n.parentNode) {
    if (SKIP.has(n.nodeName) || n.namespaceURI === 'http://www.w3.org/2000/svg' || n.classList?.contains('norules')) return true;
  }
  return false;
}

// The same texts come back with every redraw (the log above all): their citations, kept.
const seen = new Map();
function citationsOf(text, cell, known) {
  const k = `${cell ? 1 : 0}${text}`;
  let found = seen.get(k);
  if (!found) {
    found = findCitations(text, known, { cell }).filter((c) => resolveRule(c.key, rules.rules));
    if (seen.size > 5000) seen.clear();
    seen.set(k, found);
  }
  return found;
}

// Turns every rule number cited in the text under `root` into a link to its summary.
export function linkRules(root) {
  if (!rules || !root) return;
  const known = knownBare(rules.rules);
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  const nodes = [];
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    const t = n.nodeValue;
    if (t.length > 1 && /\d/.test(t) && (t.includes('(') || n.parentNode.nodeName === 'TD')) nodes.push(n);
  }
  for (const n of nodes) {
    const parent = n.parentNode;
    const cell = parent.nodeName === 'TD' && parent.classList.contains('rule');
    const text = n.nodeValue;
    const found = citationsOf(text, cell, known);
    if (!found.length || skipped(n, root)) continue;
    const frag = document.createDocumentFragment();
    let at = 0;
    for (const c of found) {
      if (c.start > at) frag.appendChild(document.createTextNode(text.slice(at, c.start)));
      frag.appendChild(h('a', { class: 'rule-ref', href: '#', 'data-rule': c.key, title: `rule ${c.key}: what it says` }, text.slice(c.start, c.end)));
      at = c.end;
    }
    if (at < text.length) frag.appendChild(document.createTextNode(text.slice(at)));
    parent.replaceChild(frag, n);
  }
}

// Opens the panel on the summary of the rule cited as `key`.
export function openRule(key) {
  const box = document.getElementById('rulebox');
  if (!box || !rules) return;
  const found = resolveRule(key, rules.rules);
  box.innerHTML = '';
  box.appendChild(h('button', { class: 'small close', title: 'close (Escape)', onclick: closeRule }, '×'));
  if (!found) {
    box.appendChild(h('h3', {}, `Rule ${key}`));
    box.appendChild(h('p', { class: 'muted' }, 'No summary of this rule yet.'));
  } else {
    box.appendChild(h('h3', { id: 'ruletitle' }, `${/^\d/.test(found.key) ? 'Rule ' : ''}${found.key}${found.entry.title ? `: ${found.entry.title}` : ''}`));
    if (!found.exact) box.appendChild(h('div', { class: 'muted', id: 'ruleparent' }, `${key} has no summary of its own; this is the rule it belongs to.`));
    box.appendChild(h('p', { id: 'ruletext' }, found.entry.text));
  }
  box.appendChild(h('div', { class: 'muted small' }, `${rules.system}: a summary in our own words, not the rulebook's text; the rulebook decides.`));
  box.dataset.rule = found?.key || key;
  box.style.display = '';
  linkRules(box.querySelector('#ruletext'));
}

export function closeRule() {
  const box = document.getElementById('rulebox');
  if (!box || box.style.display === 'none') return false;
  box.style.display = 'none';
  return true;
}

// A click on a cited rule anywhere in the page opens it (and does nothing else: the log line or
// the die around it keeps its own click for the rest of its text).
export function installRuleLinks() {
  document.addEventListener('click', (ev) => {
    const a = ev.target.closest?.('a.rule-ref');
    if (!a) return;
    ev.preventDefault();
    ev.stopPropagation();
    openRule(a.dataset.rule);
  }, true);
}
