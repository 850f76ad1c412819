// The WebSocket connection to the server: sends `hello` on every (re)connection, matches
// replies to requests by `req`, reconnects with a growing pause. See docs/web.md.

const REPLY_MS = 60000;

export class Net {
  constructor(hello, handlers) {
    this.hello = hello;
    this.handlers = handlers;
    this.next = 1;
    this.waiting = new Map();
    this.delay = 500;
    this.closed = false;
    this.connect();
  }

  connect() {
    const proto = location.protocol === 'https:' ? 'wss:' : 'ws:';
    const ws = new WebSocket(`${proto}//${location.host}/ws`);
    this.ws = ws;
    ws.addEventListener('open', () => {
      this.delay = 500;
      this.handlers.status?.('online');
      ws.send(JSON.stringify({ type: 'hello', ...this.hello }));
    });
    ws.addEventListener('message', (ev) => {
      let msg;
      try { msg = JSON.parse(ev.data); } catch { return; }
      const w = msg.req !== undefined && msg.req !== null ? this.waiting.get(msg.req) : null;
      if (w && ['done', 'error', 'reach', 'preview', 'pong', 'look'].includes(msg.type)) {
        this.waiting.delete(msg.req);
        if (msg.type === 'error') w.reject(new Error(msg.message));
        else w.resolve(msg);
        return;
      }
      this.handlers.message?.(msg);
    });
    ws.addEventListener('close', () => {
      for (const w of this.waiting.values()) w.reject(new Error('connection lost'));
      this.waiting.clear();
      if (this.closed) return;
      this.handlers.status?.('offline');
      setTimeout(() => this.connect(), this.delay);
      this.delay = Math.min(this.delay * 2, 8000);
    });
  }

  // Sends a request; resolves with its reply (`done`, `reach`, `preview`), rejects on `error`.
  // A request the server has not answered within REPLY_MS is given up with an error rather than
  // left waiting for ever (the page and anything awaiting it would hang with it).
  request(type, fields = {}) {
    const req = this.next++;
    return new Promise((resolve, reject) => {
      if (!this.ws || this.ws.readyState !== WebSocket.OPEN) {
        reject(new Error('not connected'));
        return;
      }
      const timer = setTimeout(() => {
        if (this.waiting.delete(req)) reject(new Error(`no answer from the server to ${type} within ${REPLY_MS / 1000} s`));
      }, REPLY_MS);
      const done = (f) => (v) => { clearTimeout(timer); f(v); };
      this.waiting.set(req, { resolve: done(resolve), reject: done(reject) });
      this.ws.send(JSON.stringify({ type, req, ...fields }));
    });
  }

  send(type, fields = {}) {
    if (this.ws?.readyState === WebSocket.OPEN) this.ws.send(JSON.stringify({ type, ...fields }));
  }
}
