// Every rule number the UI can cite has a summary in web/rules/<system>-rules.json.
//
// The numbers are read from the texts that reach the battle page: the string literals of the
// system's browser module (web/rules/<id>.js) and of the shared page scripts (web/js/*.js), and
// the string literals of the rules crate and of the system's module in crates/games (events,
// what the game waits for, legal actions' words, modifiers' rules), their tests left out. Each
// must have a summary of its own: the fallback to a parent rule (web/js/rulecites.js) is for
// numbers put together at run time, not an excuse for the data to fall behind.
//
//   node cites.mjs          prints what is missing, exits 1 if anything is
//
// run.mjs runs the same check (`missingSummaries`) as its first test.

import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { findCitations } from '../js/rulecites.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../..');

export const SYSTEMS = ['dm', 'pg', 'ge'];

function walk(f) {
  if (!fs.existsSync(f)) return [];
  if (fs.statSync(f).isDirectory()) return fs.readdirSync(f).sort().flatMap((x) => walk(path.join(f, x)));
  return [f];
}

// The text parts of a JS source's string and template literals (a template's `${...}` become
// "…"), comments and regular expressions left out.
export function jsStrings(src) {
  const out = [];
  let i = 0;
  let prev = ''; // the last significant character outside literals (to tell a regex from a division)
  const n = src.length;
  const template = () => {
    // at the character after the opening backtick; returns the literal's text
    let text = '';
    while (i < n && src[i] !== '`') {
      if (src[i] === '\\') { text += src[i + 1] || ''; i += 2; continue; }
      if (src[i] === '$' && src[i + 1] === '{') {
        i += 2;
        let depth = 1;
        const start = i;
        while (i < n && depth) {
          const c = src[i];
          if (c === '{') depth++;
          else if (c === '}') depth--;
          else if (c === '`') { i++; out.push(template()); }
          else if (c === "'" || c === '"') { i++; out.push(quoted(c)); continue; }
          if (depth) i++;
        }
        void start;
        i++; // the closing brace
        text += '…';
        continue;
      }
      text += src[i++];
    }
    i++; // the closing backtick
    return text;
  };
  const quoted = (q) => {
    let text = '';
    while (i < n && src[i] !== q && src[i] !== '\n') {
      if (src[i] === '\\') { text += src[i + 1] || ''; i += 2; continue; }
      text += src[i++];
    }
    i++;
    return text;
  };
  while (i < n) {
    const c = src[i];
    if (c === '/' && src[i + 1] === '/') { while (i < n && src[i] !== '\n') i++; continue; }
    if (c === '/' && src[i + 1] === '*') { i = src.indexOf('*/', i + 2); i = i < 0 ? n : i + 2; continue; }
    if (c === '/' && (prev === '' || '(,=:[!&|?{};+-*%<>~^'.includes(prev) || /\breturn$/.test(src.slice(Math.max(0, i - 7), i).trimEnd()))) {
      // a regular expression literal
      i++;
      let cls = false;
      while (i < n && src[i] !== '\n') {
        if (src[i] === '\\') { i += 2; continue; }
        if (src[i] === '[') cls = true;
        else if (src[i] === ']') cls = false;
        else if (src[i] === '/' && !cls) break;
        i++;
      }
      i++;
      prev = 'x';
      continue;
    }
    if (c === '`') { i++; out.push(template()); prev = 'x'; continue; }
    if (c === "'" || c === '"') { i++; out.push(quoted(c)); prev = 'x'; continue; }
    if (!/\s/.test(c)) prev = c;
    i++;
  }
  return out;
}

// The string literals of a Rust source, its comments and `#[cfg(test)]` part left out.
export function rustStrings(src) {
  const cut = src.indexOf('#[cfg(test)]');
  const code = (cut >= 0 ? src.slice(0, cut) : src).split('\n').filter((l) => !/^\s*\/\//.test(l)).join('\n');
  // A backslash may end a line (a string continued on the next): `[\s\S]`, not `.`.
  return (code.match(/"(?:[^"\\]|\\[\s\S])*"/g) || []).map((l) => l.slice(1, -1).replace(/\\\n\s*/g, '').replace(/\{[^{}]*\}/g, '…'));
}

// The sources whose texts reach a system's battle page.
export function sources(sys) {
  const js = [path.join(root, 'web/rules', `${sys}.js`), ...walk(path.join(root, 'web/js'))].filter((f) => f.endsWith('.js'));
  const rust = [...walk(path.join(root, `crates/rules-${sys}/src`)), ...walk(path.join(root, `crates/games/src/${sys}`))]
    .filter((f) => f.endsWith('.rs') && !/(^|\/)tests?(\.rs|\/)/.test(path.relative(root, f)) && !/\/text\.rs$/.test(f) && !/\/(testkit|test_support)\.rs$/.test(f));
  return { js, rust };
}

// Every rule number cited in those texts: Map key → the files citing it.
export function citedNumbers(sys) {
  const found = new Map();
  const add = (key, file) => {
    if (!found.has(key)) found.set(key, new Set());
    found.get(key).add(path.relative(root, file));
  };
  const { js, rust } = sources(sys);
  for (const f of js) for (const s of jsStrings(fs.readFileSync(f, 'utf8'))) for (const c of findCitations(s)) add(c.key, f);
  for (const f of rust) {
    for (const s of rustStrings(fs.readFileSync(f, 'utf8'))) {
      for (const c of findCitations(s)) add(c.key, f);
      // A modifier's rule, the whole literal: "8.3", "5.3, Morale Check DRM Chart".
      if (/^(Exclusive |B)?\d+(\.\d+)+([ ,].*)?$|^B?\d+ [A-Z]/.test(s)) for (const c of findCitations(s, () => true, { cell: true })) add(c.key, f);
    }
  }
  return found;
}

export function loadSummaries(sys) {
  return JSON.parse(fs.readFileSync(path.join(root, 'web/rules', `${sys}-rules.json`), 'utf8'));
}

// The numbers cited with no summary of their own: [{sys, key, files}].
export function missingSummaries() {
  const out = [];
  for (const sys of SYSTEMS) {
    const data = loadSummaries(sys).rules;
    const has = (k) => !!data[k] || !!data[k.replace(/\.0$/, '')] || !!data[/^[\d.]+$/.test(k) && !k.includes('.') ? `${k}.0` : ''];
    for (const [key, files] of citedNumbers(sys)) {
      if (!has(key)) out.push({ sys, key, files: [...files] });
    }
  }
  return out;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  if (process.argv[2] === '--list') {
    for (const sys of SYSTEMS) {
      const keys = [...citedNumbers(sys).keys()].sort((a, b) => a.localeCompare(b, undefined, { numeric: true }));
      console.log(`${sys} (${keys.length}): ${keys.join(' | ')}`);
    }
    process.exit(0);
  }
  const miss = missingSummaries();
  for (const m of miss) console.log(`${m.sys} ${m.key}: ${m.files.join(', ')}`);
  console.log(miss.length ? `${miss.length} rule numbers without a summary` : 'every cited rule number has a summary');
  process.exit(miss.length ? 1 : 0);
}
