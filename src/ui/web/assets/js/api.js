// The server's JSON API (docs/api.md), one function per route.

export class ApiError extends Error {
  constructor(status, code, message) {
    super(message);
    this.status = status;
    this.code = code;
  }
}

async function request(method, path, body) {
  // The server tells clients apart by its own session cookie, sent by itself.
  const init = { method, headers: {} };
  if (body !== undefined) {
    init.headers['Content-Type'] = 'application/json';
    init.body = JSON.stringify(body);
  }
  let res;
  try {
    res = await fetch(path, init);
  } catch (e) {
    throw new ApiError(0, 'network', 'the server cannot be reached; is `jungle serve` running?');
  }
  const data = await res.json().catch(() => null);
  if (!res.ok) {
    throw new ApiError(res.status, data?.error?.code || 'http', data?.error?.message || `HTTP ${res.status}`);
  }
  return data;
}

const query = (params) => {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== null) q.set(k, v);
  const s = q.toString();
  return s ? `?${s}` : '';
};

export const api = {
  info: () => request('GET', '/api/info'),
  variants: () => request('GET', '/api/variants'),
  validate: (variant, fen) => request('POST', '/api/positions/validate', { variant, fen }),
  createGame: (body) => request('POST', '/api/games', body),
  listGames: (limit, offset) => request('GET', `/api/games${query({ limit, offset })}`),
  game: (id) => request('GET', `/api/games/${id}`),
  deleteGame: (id) => request('DELETE', `/api/games/${id}`),
  move: (id, move, ply) => request('POST', `/api/games/${id}/moves`, { move, ply }),
  engineMove: (id) => request('POST', `/api/games/${id}/engine-move`, {}),
  undo: (id, plies) => request('POST', `/api/games/${id}/undo`, { plies }),
  resign: (id, side) => request('POST', `/api/games/${id}/resign`, { side }),
  setPlayers: (id, players) => request('PUT', `/api/games/${id}/players`, players),
  hint: (id, ply, movetimeMs) => request('GET', `/api/games/${id}/hint${query({ ply, movetime_ms: movetimeMs })}`),
  recordUrl: (id) => `/api/games/${id}/record?download=1`,
  analysisUrl: (id, ply, movetimeMs) => `/api/games/${id}/analysis${query({ ply, movetime_ms: movetimeMs })}`,
  positionAnalysisUrl: (variant, fen, movetimeMs) => `/api/analysis${query({ variant, fen, movetime_ms: movetimeMs })}`,
};
