// The daemon's HTTP/JSON API (POST /v1/<Method>), as the page uses it.
// Messages are protobuf's JSON mapping of proto/xwdb/v1/xwdb.proto.

export class ApiError extends Error {
  constructor(code, message, httpStatus) {
    super(message);
    this.code = code;
    this.httpStatus = httpStatus;
  }
}

const TOKEN_KEY = 'xwdb-token';

export class Api {
  constructor(base = '') {
    this.base = base;
    this.token = sessionStorage.getItem(TOKEN_KEY) || '';
  }

  setToken(token) {
    this.token = token;
    if (token) sessionStorage.setItem(TOKEN_KEY, token); else sessionStorage.removeItem(TOKEN_KEY);
  }

  headers() {
    const h = { 'Content-Type': 'application/json' };
    if (this.token) h.Authorization = `Bearer ${this.token}`;
    return h;
  }

  // Every xwdb.v1 method only reads, so a call whose connection failed
  // before an answer (the daemon closed an idle keep-alive connection as
  // the call was sent on it) is sent once more; a second failure is the
  // call's.
  async post(method, body, signal) {
    const request = () => fetch(`${this.base}/v1/${method}`, {
      method: 'POST', headers: this.headers(), body: JSON.stringify(body), signal,
    });
    for (let attempt = 0; ; attempt++) {
      try {
        return await request();
      } catch (e) {
        if (e.name === 'AbortError') throw e;
        if (attempt === 0) continue;
        throw new ApiError('UNAVAILABLE', `the daemon cannot be reached (${e.message})`, 0);
      }
    }
  }

  static async errorOf(res) {
    let code = 'UNKNOWN';
    let message = `HTTP ${res.status}`;
    try {
      const body = await res.json();
      if (body.error) ({ code, message } = body.error);
    } catch (e) { /* not JSON: keep the HTTP status */ }
    return new ApiError(code, message, res.status);
  }

  // A unary method: its response message, or an ApiError.
  async call(method, body, signal) {
    const res = await this.post(method, body, signal);
    if (!res.ok) throw await Api.errorOf(res);
    return res.json();
  }

  // Fill: `onEvent` gets each FillEvent as it comes; resolves with the
  // FillResult. Aborting `signal` closes the connection, which cancels the
  // fill in the daemon.
  async fill(body, onEvent, signal) {
    const res = await this.post('Fill', body, signal);
    if (!res.ok) throw await Api.errorOf(res);
    const reader = res.body.getReader();
    const decoder = new TextDecoder();
    let buffered = '';
    let result = null;
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      buffered += decoder.decode(value, { stream: true });
      let newline;
      while ((newline = buffered.indexOf('\n')) >= 0) {
        const line = buffered.slice(0, newline);
        buffered = buffered.slice(newline + 1);
        if (!line.trim()) continue;
        const event = JSON.parse(line);
        if (event.error) throw new ApiError(event.error.code, event.error.message, 200);
        if (event.result) result = event.result;
        onEvent(event);
      }
    }
    if (!result) throw new ApiError('UNAVAILABLE', 'the fill stream ended without a result', 200);
    return result;
  }
}
