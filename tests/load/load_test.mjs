// Drives one `jungle serve` with many games at once, on loopback only, and
// reports what it sustained. Bounded: at most SECONDS of play and
// MAX_REQUESTS requests in all; then it stops by itself.
//   node load_test.mjs URL [seconds] [games] [clients] [engine-games]
const [url, secondsArg = '10', gamesArg = '64', clientsArg = '24', engineArg = '8'] = process.argv.slice(2);
const base = new URL(url);
if (!['127.0.0.1', 'localhost', '[::1]'].includes(base.hostname)) {
  throw new Error(`the load test only targets loopback, not ${base.hostname}`);
}
const SECONDS = Math.min(Number(secondsArg), 120);
const GAMES = Math.min(Number(gamesArg), 1000);
const CLIENTS = Math.min(Number(clientsArg), 64);
const MAX_REQUESTS = 200000;
// Engine-against-engine games run beside the players, keeping the engines busy.
const ENGINE_GAMES = Math.min(Number(engineArg), 32);
const ENGINE_MOVETIME_MS = 50;
// Games whose moves a watcher follows on the game's event stream, to time
// how long a move takes to reach the other side.
const WATCHED_GAMES = 8;
const PLAYER_KEY = 'load-test-player-0001';

let requests = 0;
const latencies = [];
const statuses = new Map();
const failures = [];

async function call(method, path, body, client = 'load-test') {
  if (requests >= MAX_REQUESTS) throw new Error('request budget spent');
  requests += 1;
  const t0 = performance.now();
  // One player (the key a browser's cookie carries) holds every game here.
  const headers = { 'X-Client-Id': client, 'X-Player-Key': PLAYER_KEY };
  if (body) headers['Content-Type'] = 'application/json';
  const res = await fetch(new URL(path, base), {
    method,
    headers,
    body: body ? JSON.stringify(body) : undefined,
  });
  const data = await res.json();
  latencies.push(performance.now() - t0);
  statuses.set(res.status, (statuses.get(res.status) || 0) + 1);
  return { status: res.status, data };
}

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

async function main() {
  // Many games at once: each client plays its share of them in turn.
  const games = [];
  for (let i = 0; i < GAMES; i += 1) {
    const r = await call('POST', '/api/games', { variant: i % 5 === 0 ? 'wikipedia' : 'standard' });
    if (r.status !== 201) throw new Error(`create failed: ${JSON.stringify(r.data)}`);
    games.push(r.data.id);
  }
  const deadline = performance.now() + SECONDS * 1000;
  let moves = 0;
  let engineMoves = 0;
  let engineBusy = 0;
  const playing = new Set();

  async function player(k) {
    let n = k;
    while (performance.now() < deadline && requests < MAX_REQUESTS) {
      const id = games[n % games.length];
      n += CLIENTS;
      if (playing.has(id)) continue;
      playing.add(id);
      try {
        const state = await call('GET', `/api/games/${id}`);
        if (state.status !== 200) { failures.push(`GET ${id}: ${state.status}`); continue; }
        const g = state.data;
        if (g.status === 'over') {
          const u = await call('POST', `/api/games/${id}/undo`, { plies: g.ply });
          if (u.status !== 200) failures.push(`undo ${id}: ${u.status}`);
          continue;
        }
        const move = g.legal_moves[Math.floor(Math.random() * g.legal_moves.length)];
        sent.set(`${id}:${g.ply + 1}`, performance.now());
        const r = await call('POST', `/api/games/${id}/moves`, { move, ply: g.ply });
        if (r.status === 200) moves += 1;
        else failures.push(`move ${id} ${move}: ${r.status} ${JSON.stringify(r.data)}`);
        if (n % 7 === 0) await call('GET', '/api/games?limit=20');
      } finally {
        playing.delete(id);
      }
    }
  }

  async function engines(k) {
    const r = await call('POST', '/api/games', {
      blue: { type: 'engine', skill: 20, movetime_ms: ENGINE_MOVETIME_MS },
      red: { type: 'engine', skill: 20, movetime_ms: ENGINE_MOVETIME_MS },
    });
    let id = r.data.id;
    while (performance.now() < deadline && requests < MAX_REQUESTS) {
      const m = await call('POST', `/api/games/${id}/engine-move`, {}, `engines-${k}`);
      if (m.status === 200) {
        engineMoves += 1;
        if (m.data.status === 'over') id = (await call('POST', '/api/games', { blue: r.data.players.blue, red: r.data.players.red })).data.id;
      } else if (m.status === 503 || m.status === 429) {
        engineBusy += 1; // the queue or the client's share is full: the bounds at work
        await new Promise((res) => setTimeout(res, 20));
      } else {
        failures.push(`engine-move ${id} (${k}): ${m.status} ${JSON.stringify(m.data)}`);
        await new Promise((res) => setTimeout(res, 20));
      }
    }
  }

  // A watcher per game: the time from a move's request to its event.
  const eventDelays = [];
  const sent = new Map(); // "game:ply" -> when the move was answered
  const watchers = games.slice(0, WATCHED_GAMES).map((id) => watch(id));
  async function watch(id) {
    const controller = new AbortController();
    const res = await fetch(new URL(`/api/games/${id}/events`, base), {
      headers: { 'X-Player-Key': 'load-test-watcher-01' },
      signal: controller.signal,
    });
    const reader = res.body.getReader();
    const decoder = new TextDecoder();
    let text = '';
    const done = (async () => {
      try {
        for (;;) {
          const { value, done: end } = await reader.read();
          if (end) break;
          text += decoder.decode(value, { stream: true });
          let cut;
          while ((cut = text.indexOf('\n\n')) >= 0) {
            const block = text.slice(0, cut);
            text = text.slice(cut + 2);
            const data = block.split('\n').find((l) => l.startsWith('data: '));
            if (!block.includes('event: move') || !data) continue;
            const ply = JSON.parse(data.slice(6)).ply;
            const at = sent.get(`${id}:${ply}`);
            if (at !== undefined) eventDelays.push(performance.now() - at);
          }
        }
      } catch {
        // aborted at the end
      }
    })();
    return { stop: () => controller.abort(), done };
  }
  const open = await Promise.all(watchers);

  const t0 = performance.now();
  const startRequests = requests;
  await Promise.all([
    ...Array.from({ length: CLIENTS }, (_, k) => player(k)),
    ...Array.from({ length: ENGINE_GAMES }, (_, k) => engines(k)),
  ]);
  for (const w of open) w.stop();
  await Promise.all(open.map((w) => w.done));
  const elapsed = (performance.now() - t0) / 1000;
  const info = (await call('GET', '/api/info')).data;
  const sorted = latencies.slice().sort((a, b) => a - b);
  const served = requests - startRequests;

  console.log('load test figures (loopback, one server, 2 cores shared with the client):');
  console.log(`  games played at once:    ${GAMES} by ${CLIENTS} concurrent clients, plus ${ENGINE_GAMES} engine-vs-engine games`);
  console.log(`  duration:                ${elapsed.toFixed(1)} s`);
  console.log(`  requests:                ${served} (${(served / elapsed).toFixed(0)} requests/s sustained)`);
  console.log(`  moves played:            ${moves} (${(moves / elapsed).toFixed(0)} moves/s, each one a GET state + POST move)`);
  console.log(`  engine moves:            ${engineMoves} (${(engineMoves / elapsed).toFixed(1)}/s, movetime_ms ${ENGINE_MOVETIME_MS} asked, on ${info.engines.workers} engines); refused while the queue was full: ${engineBusy}`);
  console.log(`  latency ms:              p50 ${percentile(sorted, 50).toFixed(1)}, p95 ${percentile(sorted, 95).toFixed(1)}, p99 ${percentile(sorted, 99).toFixed(1)}, max ${sorted[sorted.length - 1].toFixed(1)}`);
  console.log(`  HTTP statuses:           ${[...statuses.entries()].map(([k, v]) => `${k}×${v}`).join(', ')}`);
  console.log(`  games in memory at end:  ${info.games_in_memory}`);
  const delays = eventDelays.slice().sort((a, b) => a - b);
  if (delays.length) {
    console.log(`  move -> watcher's event: ${delays.length} moves on ${WATCHED_GAMES} watched games, p50 ${percentile(delays, 50).toFixed(1)} ms, p95 ${percentile(delays, 95).toFixed(1)} ms, max ${delays[delays.length - 1].toFixed(1)} ms from the move's request`);
  } else {
    console.log('  move -> watcher\'s event: no move reached a watcher');
    process.exitCode = 1;
  }
  if (failures.length) {
    console.log(`  unexpected answers:      ${failures.length}, first: ${failures[0]}`);
    process.exitCode = 1;
  }
}

main().catch((e) => { console.error(e); process.exitCode = 1; });
