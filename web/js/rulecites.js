// Rule numbers cited in the UI's words, and the summary each one opens (the rules panel). Pure
// functions, no DOM: the battle page links the citations it shows, and the tests
// (web/tests/cites.mjs) check that every number the JS and the server's texts can cite has a
// summary in web/rules/<system>-rules.json.
//
// A citation is a rule number in parentheses, as the UI writes them: "(9.5.2)", "(Exclusive
// 13.0)", "(9.0 step 5)", "(12.0 C)", "(9.4, 9.5)", "(the whole Movement Allowance, 7.2)", or
// the whole text of a modifier's rule cell ("9.3", "5.3, Morale Check DRM Chart"). A number
// with a dot is always a rule number there, unless a unit follows it ("2.5 MP"); a bare number
// ("(8)", "(10 step 9)", "(15 TEC)") only when it stands alone in its part of the parentheses,
// or before a capitalised name, and the system's summaries have it by that very name, so that
// counts like "hand (5)" are left alone. A rule of a rulebook's second part may carry its part's
// letter ("B13.4": Glory and Empire's Battalion Game, whose rule numbers repeat the Soldiers
// Game's); it opens that part's summary, else the first part's rule of the same number. A rule
// of its third part, the Brigade Game ("G18.1.2", numbered 17 to 23 on its own), opens its
// summary or its nearest G parent's.

const TOKEN = /(Exclusive )?(?<![\d.\w])([BG]?\d+(?:\.\d+)*)(?![\d\w]|\.\d)( step \d+| [A-C](?![\w]))?(?!\s*(?:MP|SP|%|hex|VP|LP|AM))/g;

// The citations in `text`: `[{start, end, key}]`, `key` the number as cited ("9.0 step 5").
// `known(key)` says whether a bare number names a rule of the system. `cell`: the text is a
// modifier's rule cell, cited as a whole.
export function findCitations(text, known = () => true, { cell = false } = {}) {
  const out = [];
  const scan = (inner, offset, whole) => {
    const parts = inner.split(/([,;])/);
    let at = 0;
    for (const part of parts) {
      if (part !== ',' && part !== ';') {
        for (const t of part.matchAll(TOKEN)) {
          const key = `${t[1] || ''}${t[2]}${t[3] || ''}`;
          const bare = !t[2].includes('.');
          if (bare && !t[1]) {
            // A bare number: alone in its part, or first in it before a chart's or a rule's
            // name ("15 TEC", "8 Morale State Diagram"; in a rule cell, before any words).
            const rest = part.trimStart().startsWith(t[0]) ? part.trimStart().slice(t[0].length) : null;
            const alone = part.trim() === t[0].trim() || (rest !== null && (whole ? /^\s+\S/ : /^\s+[A-Z]/).test(rest));
            if (!alone || !known(key)) continue;
          }
          out.push({ start: offset + at + t.index, end: offset + at + t.index + t[0].length, key });
        }
      }
      at += part.length;
    }
  };
  if (cell) {
    scan(text, 0, true);
    return out;
  }
  // Parentheses of words, not of a function ("scale(1.8)", "rotate(90)").
  for (const m of text.matchAll(/(?<![\w$])\(([^()]*)\)/g)) scan(m[1], m.index + 1, false);
  return out;
}

// The keys to look for, most precise first: the number as cited, then its parents
// ("10.2.3" → "10.2" → "10"; "9.0 step 5" → "9.0" → "9"; "Exclusive 13.2" → "Exclusive 13").
// "N" and "N.0" name the same rule. A second part's rule ("B13.2.9") falls back on its own
// parents first ("B13.2", "B13"), then on the first part's rule of the same number ("13.2.9",
// "13.2", "13").
export function candidates(key) {
  const out = [];
  const push = (k) => { if (!out.includes(k)) out.push(k); };
  let k = key;
  const step = /^(.*?)( step \d+| [A-C])$/.exec(k);
  if (step) {
    push(k);
    k = step[1];
  }
  const m = /^(Exclusive |B|G)?(\d+(?:\.\d+)*)$/.exec(k);
  if (!m) return [key];
  const chain = (pre) => {
    const parts = m[2].split('.');
    while (parts.length) {
      const n = parts.join('.');
      push(pre + n);
      if (parts.length === 1) push(`${pre}${n}.0`);
      if (parts.length === 2 && parts[1] === '0') push(pre + parts[0]);
      parts.pop();
    }
  };
  const pre = m[1] || '';
  chain(pre);
  if (pre === 'B') chain('');
  return out;
}

// The summary for a cited number: `{key, entry, exact}` (`key` the rule whose summary it is),
// or null when neither it nor a parent has one.
export function resolveRule(key, rules) {
  const list = candidates(key);
  for (let i = 0; i < list.length; i++) {
    const entry = rules[list[i]];
    if (entry) return { key: list[i], entry, exact: i === 0 || sameRule(list[0], list[i]) };
  }
  return null;
}

// "9" and "9.0" are the same rule; "B13.4" and "13.4" are not (the second part's rule may
// differ from the first's).
function sameRule(a, b) {
  return a.replace(/\.0$/, '') === b.replace(/\.0$/, '');
}

// Whether a bare number names a rule by that very name (not by a parent).
export function knownBare(rules) {
  return (key) => !!rules[key];
}
