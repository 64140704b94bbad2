// Drives `jungle serve` with many games at once, on loopback only, and
// reports what it sustained. Bounded: at most SECONDS of play and
// MAX_REQUESTS requests in all; then it stops by itself.
//   node load_test.mjs URL[,URL...] [seconds] [games] [clients] [engine-games]
// Several URLs are several servers on one PostgreSQL database (LOAD_STORE
// names the store in the report): each client's visits to a game go to the
// servers in turn, so that a game's moves are made through different
// servers one after another, and its watcher sits on one of them.
import os from 'node:os';

const [urlArg, secondsArg = '10', gamesArg = '64', clientsArg = '24', engineArg = '8'] = process.argv.slice(2);
const bases = urlArg.split(',').map((u) => new URL(u));
for (const base of bases) {
  if (!['127.0.0.1', 'localhost', '[::1]'].includes(base.hostname)) {
    throw new Error(`the load test only targets loopback, not ${base.hostname}`);
  }
}
const SERVERS = bases.length;
const STORE = process.env.LOAD_STORE || 'SQLite';
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

const perServer = new Array(SERVERS).fill(0);

async function call(method, path, body, server = 0) {
  if (requests >= MAX_REQUESTS) throw new Error('request budget spent');
  requests += 1;
  perServer[server] += 1;
  const t0 = performance.now();
  // One player (the key a browser's cookie carries) holds every game here.
  const headers = { 'X-Player-Key': PLAYER_KEY };
  if (body) headers['Content-Type'] = 'application/json';
  const res = await fetch(new URL(path, bases[server]), {
    method,
    headers,
    body: body ? JSON.stringify(body) : undefined,
  });
  const data = await res.json();
  latencies.push(performance.now() - t0);
  statuses.set(res.status, (statuses.get(res.status) || 0) + 1);
  return { status: res.status, data };
}

// ---- accounts: sign-ups, logins and rated games (docs/accounts.md) ----
// Sign-ups from one address are limited (LoginLimits::kSignupsPerAddress,
// 10 a window): the load test makes fewer.
const ACCOUNTS = 8;
const BLITZ = { kind: 'increment', initial_ms: 180000, increment_ms: 2000 };

// A request as a logged-in account: its login cookie under the name the
// server reached gives it (jungle_account_PORT), so that one login serves
// on every server of the database.
async function callAs(account, method, path, body, server) {
  if (requests >= MAX_REQUESTS) throw new Error('request budget spent');
  requests += 1;
  perServer[server] += 1;
  const t0 = performance.now();
  const headers = { 'X-Player-Key': account.key };
  if (account.token) headers.Cookie = `jungle_account_${bases[server].port}=${account.token}`;
  if (body) headers['Content-Type'] = 'application/json';
  const res = await fetch(new URL(path, bases[server]), {
    method,
    headers,
    body: body ? JSON.stringify(body) : undefined,
  });
  const data = await res.json();
  const elapsed = performance.now() - t0;
  latencies.push(elapsed);
  statuses.set(res.status, (statuses.get(res.status) || 0) + 1);
  const cookie = (res.headers.getSetCookie?.() || []).find((c) => c.startsWith('jungle_account_'));
  if (cookie) account.token = cookie.slice(cookie.indexOf('=') + 1, cookie.indexOf(';'));
  return { status: res.status, data, ms: elapsed };
}

// Sign-ups, a login of each account through another server, then every
// account in two rated games at once (blue in one, red in the next), all
// of which end at the same moment: each account's rating must count both.
async function accountsPhase() {
  const run = Date.now().toString(36).slice(-5);
  const accounts = Array.from({ length: ACCOUNTS }, (_, i) => ({
    name: `load${run}${i}`,
    password: `load-password-${i}`,
    key: `load-test-account-${run}-${i}`.padEnd(20, '0'),
    token: '',
  }));
  const t0 = performance.now();
  const signups = await Promise.all(accounts.map((a, i) =>
    callAs(a, 'POST', '/api/account/signup', { name: a.name, password: a.password }, i % SERVERS)));
  for (const r of signups) if (r.status !== 201) failures.push(`signup: ${r.status} ${JSON.stringify(r.data)}`);
  const logins = await Promise.all(accounts.map((a, i) =>
    callAs(a, 'POST', '/api/account/login', { name: a.name, password: a.password }, (i + 1) % SERVERS)));
  for (const r of logins) if (r.status !== 200) failures.push(`login: ${r.status} ${JSON.stringify(r.data)}`);
  const loginMs = logins.map((r) => r.ms).sort((a, b) => a - b);
  // Game i: account i (blue) against account i+1 (red), through servers in turn.
  const games = [];
  for (let i = 0; i < ACCOUNTS; i += 1) {
    const blue = accounts[i];
    const red = accounts[(i + 1) % ACCOUNTS];
    const g = await callAs(blue, 'POST', '/api/games', { online: true, rated: true, side: 'blue', time_control: BLITZ }, i % SERVERS);
    if (g.status !== 201) { failures.push(`rated game: ${g.status} ${JSON.stringify(g.data)}`); continue; }
    const j = await callAs(red, 'POST', '/api/join', { code: g.data.code }, (i + 1) % SERVERS);
    if (j.status !== 200) { failures.push(`join: ${j.status} ${JSON.stringify(j.data)}`); continue; }
    const m1 = await callAs(blue, 'POST', `/api/games/${g.data.id}/moves`, { move: 'a3a4' }, i % SERVERS);
    const m2 = await callAs(red, 'POST', `/api/games/${g.data.id}/moves`, { move: 'g7g6' }, (i + 1) % SERVERS);
    if (m1.status !== 200 || m2.status !== 200) { failures.push(`rated moves: ${m1.status} ${m2.status}`); continue; }
    games.push({ id: g.data.id, loser: i % 2 === 0 ? red : blue, server: i % SERVERS });
  }
  // Every game ends at once: each account's two games end together.
  const ends = await Promise.all(games.map((g) =>
    callAs(g.loser, 'POST', `/api/games/${g.id}/resign`, {}, g.server)));
  for (const r of ends) if (r.status !== 200) failures.push(`resign: ${r.status} ${JSON.stringify(r.data)}`);
  let counted = 0;
  let lost = 0;
  for (let i = 0; i < ACCOUNTS; i += 1) {
    const p = await callAs(accounts[i], 'GET', `/api/players/${accounts[i].name}`, undefined, i % SERVERS);
    const games = p.data.ratings?.['standard blitz']?.games ?? 0;
    counted += games;
    if (games !== 2 || p.data.played !== 2) {
      lost += 1;
      failures.push(`${accounts[i].name}: ${games} rated games counted and ${p.data.played} played, not 2`);
    }
  }
  return {
    seconds: (performance.now() - t0) / 1000,
    loginMs,
    games: games.length,
    counted,
    lost,
  };
}

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

async function main() {
  // Many games at once: each client plays its share of them in turn.
  const games = [];
  for (let i = 0; i < GAMES; i += 1) {
    const r = await call('POST', '/api/games', { variant: i % 5 === 0 ? 'wikipedia' : 'standard' }, i % SERVERS);
    if (r.status !== 201) throw new Error(`create failed: ${JSON.stringify(r.data)}`);
    games.push(r.data.id);
  }
  const deadline = performance.now() + SECONDS * 1000;
  let moves = 0;
  let engineMoves = 0;
  let engineBusy = 0;
  // Several servers: a read through one may come a moment before the
  // notice of a move made through another (milliseconds); the move then
  // refused as stale (409) is the revision check at work, not a failure.
  let stale = 0;
  // Games that ended and were replaced by new ones.
  let replaced = 0;
  const isStale = (r) => r.status === 409 && SERVERS > 1 && r.data.error?.code === 'stale';
  const playing = new Set();

  async function player(k) {
    let n = k;
    let visit = 0;
    while (performance.now() < deadline && requests < MAX_REQUESTS) {
      const slot = n % games.length;
      const id = games[slot];
      n += CLIENTS;
      if (playing.has(id)) continue;
      playing.add(id);
      const server = (k + visit) % SERVERS;
      visit += 1;
      try {
        const state = await call('GET', `/api/games/${id}`, undefined, server);
        if (state.status !== 200) { failures.push(`GET ${id}: ${state.status}`); continue; }
        const g = state.data;
        if (g.status === 'over') {
          // A finished game stays finished (the server refuses to take it
          // back: 422 game_over), so a game that random moves ended (a
          // repetition, a den) gives its place to a new one.
          const r = await call('POST', '/api/games', { variant: slot % 5 === 0 ? 'wikipedia' : 'standard' }, server);
          if (r.status === 201) { games[slot] = r.data.id; replaced += 1; }
          else failures.push(`create after ${id} ended: ${r.status} ${JSON.stringify(r.data)}`);
          continue;
        }
        const move = g.legal_moves[Math.floor(Math.random() * g.legal_moves.length)];
        sent.set(`${id}:${g.ply + 1}`, { at: performance.now(), server });
        const r = await call('POST', `/api/games/${id}/moves`, { move, ply: g.ply }, server);
        if (r.status === 200) moves += 1;
        else if (isStale(r)) stale += 1;
        else failures.push(`move ${id} ${move}: ${r.status} ${JSON.stringify(r.data)}`);
        if (n % 7 === 0) await call('GET', '/api/games?limit=20', undefined, server);
      } finally {
        playing.delete(id);
      }
    }
  }

  // Engine work stays in the server asked: each engine game on one server.
  async function engines(k) {
    const server = k % SERVERS;
    const r = await call('POST', '/api/games', {
      blue: { type: 'engine', skill: 20, movetime_ms: ENGINE_MOVETIME_MS },
      red: { type: 'engine', skill: 20, movetime_ms: ENGINE_MOVETIME_MS },
    }, server);
    let id = r.data.id;
    while (performance.now() < deadline && requests < MAX_REQUESTS) {
      const m = await call('POST', `/api/games/${id}/engine-move`, {}, server);
      if (m.status === 200) {
        engineMoves += 1;
        if (m.data.status === 'over') id = (await call('POST', '/api/games', { blue: r.data.players.blue, red: r.data.players.red }, server)).data.id;
      } else if (m.status === 503 || m.status === 429) {
        engineBusy += 1; // the queue or the client's share is full: the bounds at work
        await new Promise((res) => setTimeout(res, 20));
      } else {
        failures.push(`engine-move ${id} (${k}): ${m.status} ${JSON.stringify(m.data)}`);
        await new Promise((res) => setTimeout(res, 20));
      }
    }
  }

  // A watcher per game: the time from a move's request to its event; with
  // several servers, apart for the moves made through another server.
  const eventDelays = [];
  const crossDelays = [];
  const sent = new Map(); // "game:ply" -> when the move was sent, and through which server
  const watchers = games.slice(0, WATCHED_GAMES).map((id, i) => watch(id, i % SERVERS));
  async function watch(id, server) {
    const controller = new AbortController();
    const res = await fetch(new URL(`/api/games/${id}/events`, bases[server]), {
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
            const move = sent.get(`${id}:${ply}`);
            if (move === undefined) continue;
            eventDelays.push(performance.now() - move.at);
            if (move.server !== server) crossDelays.push(performance.now() - move.at);
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
  const rated = await accountsPhase();
  const info = (await call('GET', '/api/info')).data; // the first server's
  const sorted = latencies.slice().sort((a, b) => a - b);
  const served = requests - startRequests;

  const where = SERVERS === 1 ? `one server on ${STORE}` : `${SERVERS} servers on one ${STORE} database`;
  console.log(`load test figures (loopback, ${where}, ${os.cpus().length} cores shared with the client${SERVERS > 1 ? ' and the database' : ''}):`);
  console.log(`  games played at once:    ${GAMES} by ${CLIENTS} concurrent clients, plus ${ENGINE_GAMES} engine-vs-engine games`);
  console.log(`  duration:                ${elapsed.toFixed(1)} s`);
  console.log(`  requests:                ${served} (${(served / elapsed).toFixed(0)} requests/s sustained)`);
  console.log(`  moves played:            ${moves} (${(moves / elapsed).toFixed(0)} moves/s, each one a GET state + POST move)`);
  console.log(`  engine moves:            ${engineMoves} (${(engineMoves / elapsed).toFixed(1)}/s, movetime_ms ${ENGINE_MOVETIME_MS} asked, on ${info.engines.workers} engines${SERVERS > 1 ? ' per server' : ''}); refused while the queue was full: ${engineBusy}`);
  console.log(`  latency ms:              p50 ${percentile(sorted, 50).toFixed(1)}, p95 ${percentile(sorted, 95).toFixed(1)}, p99 ${percentile(sorted, 99).toFixed(1)}, max ${sorted[sorted.length - 1].toFixed(1)}`);
  console.log(`  HTTP statuses:           ${[...statuses.entries()].map(([k, v]) => `${k}×${v}`).join(', ')}`);
  if (SERVERS > 1) {
    console.log(`  requests per server:     ${perServer.join(', ')}`);
    console.log(`  moves refused as stale:  ${stale} (read through one server a moment before another's move reached it; nothing lost)`);
  }
  console.log(`  games in memory at end:  ${info.games_in_memory}${SERVERS > 1 ? ' (the first server)' : ''}`);
  console.log(`  games ended and replaced: ${replaced} (random moves reached a result; a finished game is not taken back)`);
  const delays = eventDelays.slice().sort((a, b) => a - b);
  if (delays.length) {
    console.log(`  move -> watcher's event: ${delays.length} moves on ${WATCHED_GAMES} watched games, p50 ${percentile(delays, 50).toFixed(1)} ms, p95 ${percentile(delays, 95).toFixed(1)} ms, max ${delays[delays.length - 1].toFixed(1)} ms from the move's request`);
    const cross = crossDelays.slice().sort((a, b) => a - b);
    if (cross.length) {
      console.log(`    of which through another server: ${cross.length} moves, p50 ${percentile(cross, 50).toFixed(1)} ms, p95 ${percentile(cross, 95).toFixed(1)} ms, max ${cross[cross.length - 1].toFixed(1)} ms`);
    } else if (SERVERS > 1) {
      console.log('    of which through another server: none reached a watcher');
      process.exitCode = 1;
    }
  } else {
    console.log('  move -> watcher\'s event: no move reached a watcher');
    process.exitCode = 1;
  }
  console.log(`  accounts:                ${ACCOUNTS} signed up and logged in again through another server, login p50 ${percentile(rated.loginMs, 50).toFixed(0)} ms, max ${rated.loginMs[rated.loginMs.length - 1].toFixed(0)} ms (Argon2id, at most 4 hashes at once)`);
  console.log(`  rated games ended at once: ${rated.games}, each account in two of them; rated games counted per account: ${rated.counted / ACCOUNTS} (${rated.lost} accounts short), in ${rated.seconds.toFixed(1)} s`);
  if (failures.length) {
    console.log(`  unexpected answers:      ${failures.length}, first: ${failures[0]}`);
    process.exitCode = 1;
  }
}

main().catch((e) => { console.error(e); process.exitCode = 1; });
