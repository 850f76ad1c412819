// Small helpers shared by the pages.

export function h(tag, attrs = {}, ...kids) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === undefined || v === null || v === false) continue;
    if (k === 'class') e.className = v;
    else if (k === 'html') e.innerHTML = v;
    else if (k.startsWith('on') && typeof v === 'function') e.addEventListener(k.slice(2), v);
    else e.setAttribute(k, v);
  }
  for (const kid of kids.flat()) {
    if (kid === null || kid === undefined || kid === false) continue;
    e.appendChild(typeof kid === 'string' || typeof kid === 'number' ? document.createTextNode(String(kid)) : kid);
  }
  return e;
}

export function esc(s) {
  return String(s ?? '').replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' }[c]));
}

let toastTimer = null;
export function toast(message, kind = 'error') {
  const t = document.getElementById('toast');
  if (!t) return;
  t.textContent = message;
  t.className = `on ${kind === 'info' ? 'info' : ''}`;
  clearTimeout(toastTimer);
  toastTimer = setTimeout(() => { t.className = ''; }, 6000);
}

// A seat's private link: the token travels in the fragment, which browsers never send to a
// server in a request line or a Referer header.
export function linkFor(id, tokens) {
  const base = `${location.origin}/g/${id}`;
  return tokens && tokens.length ? `${base}#t=${tokens.join(',')}` : base;
}

const KEY = 'coupdoeil.games';

export function myGames() {
  try {
    return JSON.parse(localStorage.getItem(KEY) || '[]');
  } catch {
    return [];
  }
}

export function rememberGame(id, tokens, extra = {}) {
  const all = myGames().filter((g) => !(g.id === id && String(g.tokens) === String(tokens)));
  all.unshift({ id, tokens, when: Date.now(), ...extra });
  try {
    localStorage.setItem(KEY, JSON.stringify(all.slice(0, 50)));
  } catch {
    // storage full or disabled: the links still work
  }
}
