// @ts-check
// The server's JSON API (docs/api.md), one function per route, and the
// shapes of what it answers, so that the page's modules are type-checked
// against them.

/** @typedef {'blue' | 'red'} Side */
/**
 * Who plays a side; `name` as a loaded record's Blue or Red tag gave it.
 * @typedef {({ type: 'human' } | { type: 'engine', skill: number, movetime_ms: number }) & { name?: string, rating?: string | null, account?: string | null }} Player
 */
/** @typedef {Record<Side, Player>} Players */
/**
 * One played move; `piece` and `captured` are FEN letters (upper case Blue),
 * `fen` the position after it. In a hidden-pieces game each move is an
 * announcement of the arbiter: `piece`, `captured` and `lost` are "?" where
 * the reader was not shown the animal, `outcome` says how an attack ended.
 * Where chance acts (Flip Jungle), `action` is what was asked ("b2?"),
 * `revealed` what a flip turned up, `seat` the seat that played it.
 * @typedef {{ ply: number, move: string, side: Side, piece: string, captured: string | null,
 *             jump: boolean, fen: string, announcement?: string,
 *             action?: string, revealed?: string, seat?: Side,
 *             outcome?: 'move' | 'took' | 'died' | 'bounced' | 'refused', attacker?: string | null,
 *             defender?: string | null, lost?: string | null }} GameMove
 */
/**
 * What the engine saw, in every family: an engine move's `engine` field, a
 * hint, an analysis `info` event. `mate` is null (or absent) unless a win is
 * forced. `multipv` says which of an analysis' lines it is (1 the best).
 * `expected` is the side to move's expected result (0..1), `text` the
 * family's words of the score ("" for none).
 * @typedef {{ move?: string, depth: number, blue_score: number, mate?: number | null,
 *             pv: string[], nps: number, multipv?: number, time_ms?: number,
 *             expected?: number, text?: string }} EngineReport
 */
/** An evaluation to show: only the score matters. @typedef {{ blue_score: number, mate?: number | null }} Evaluation */
/** @typedef {{ best?: string }} AnalysisDone */
/**
 * A time control: sudden death, increment (Fischer), a limit per move, or
 * correspondence (`days` a move: 1, 2, 3, 5, 7 or 14).
 * @typedef {{ kind: 'none' | 'sudden_death' | 'increment' | 'per_move' | 'correspondence', initial_ms?: number,
 *             increment_ms?: number, per_move_ms?: number, days?: number, text?: string }} TimeControl
 */
/**
 * The clocks as the server last said: time left to each side at `now_ms`
 * (the server's time), and whose clock runs.
 * @typedef {{ control: TimeControl, blue_ms: number, red_ms: number, running: Side | null,
 *             now_ms: number }} Clock
 */
/**
 * A seat: who plays it, whether someone sat down, and for an online game
 * whether its player is connected (else since when it left, server ms).
 * @typedef {{ player: 'human' | 'engine', taken: boolean, connected?: boolean,
 *             left_ms?: number | null }} SeatInfo
 */
/**
 * A piece of a hidden-pieces game as its reader knows it: its animal (FEN
 * letter) when known, else null; `candidates` the animals it can still be.
 * @typedef {{ square: string, side: Side, animal: string | null, candidates: string,
 *             shown?: boolean, moves?: number }} HiddenPiece
 */
/**
 * A hidden-pieces game's set-up: how it is made, which sides have settled
 * their arrangement, and (for a player) its own start squares.
 * @typedef {{ mode: 'shuffled' | 'chosen' | 'fixed', ready: Record<Side, boolean>, done: boolean,
 *             squares?: string[], may_arrange?: boolean }} HiddenSetup
 */
/**
 * What a game allows (docs/api.md, "Game state"); the page offers its
 * features by these, never by the game's family.
 * @typedef {{ undo: boolean, chance: boolean, hidden_information: boolean, setup: boolean,
 *             analysis: boolean, review: boolean, premoves: boolean, tablebases: boolean,
 *             editor: boolean }} Capabilities
 */
/**
 * The pool of a game where chance acts: the animals still face down, by side.
 * @typedef {{ blue: Record<string, number>, red: Record<string, number> }} Pool
 */
/**
 * `mode` 'online' when the seats belong to different players; `you` the
 * seats this browser holds (both in a local game it created, none when
 * watching); `code` the join code, shown to those seated only; `revision`
 * grows with every change of the stored game, to order states that arrive
 * out of order.
 * @typedef {{ id: number, variant: string, start_fen: string, fen: string, ply: number, revision?: number,
 *             side_to_move: Side, players: Players, moves: GameMove[], legal_moves: string[],
 *             status: 'ongoing' | 'over', result: string, winner: Side | null, message: string,
 *             termination?: string | null,
 *             engine?: EngineReport, record?: { game: number, games: number },
 *             mode?: 'local' | 'online', you?: Side[], seats?: Record<Side, SeatInfo>,
 *             code?: string, listed?: boolean, clock?: Clock | null,
 *             offers?: { draw: Side | null, takeback: Side | null },
 *             abandon_timeout_ms?: number, last_event?: number, now_ms?: number,
 *             seat_tokens?: Partial<Record<Side, string>>, rematch?: Rematch,
 *             kind?: 'jungle' | 'hidden' | 'flip', family?: 'open' | 'flip' | 'hidden',
 *             capabilities?: Capabilities, viewer?: Side | null, pieces?: HiddenPiece[],
 *             board?: Record<string, string>, pool?: Pool, seat_to_move?: Side,
 *             first_player_colour?: Side | null,
 *             setup?: HiddenSetup, truth?: boolean,
 *             hidden?: { setup: string, reveal: string, failed_attack: string } | number }} Game
 */
/**
 * A finished game's rematch: who offered it (null: nobody, or it lapsed or
 * was answered), until when it stands, and the new game once made.
 * @typedef {{ offered_by: Side | null, expires_ms: number | null, game: number | null }} Rematch
 */
/**
 * A game where it is the reader's move (`seat` its seat), the soonest
 * deadline first.
 * @typedef {{ id: number, variant: string, family: string, seat: Side, ply: number, players: Players,
 *             deadline_ms: number | null, time_control?: TimeControl }} TurnGame
 */
/** @typedef {{ games: TurnGame[], count: number, now_ms: number }} YourTurn */
/**
 * A line of the lobby: an open challenge (`waiting` the seat still free;
 * `joinable` whether the viewer may take it, and `why` not: the refusal a
 * join would get) or a game to watch.
 * @typedef {GameSummary & { time_control: TimeControl, waiting?: Side,
 *             rating_range?: { min: number, max: number }, joinable?: boolean,
 *             why?: { code: string, message: string } }} LobbyGame
 */
/** @typedef {{ challenges: LobbyGame[], playing: LobbyGame[] }} Lobby */
/**
 * A stored game in the list; `moves` counts moves as the move list numbers
 * them (Blue's and Red's turn together), `ply` single turns; `clock` where
 * a clock runs, with its deadline (server ms); `first_player_colour` the
 * colour the first seat played (Red only where chance gave it Red).
 * @typedef {{ id: number, variant: string, ply: number, moves?: number, players: Players,
 *             first_player_colour?: Side | null,
 *             result: string, updated_ms: number, rated?: boolean, category?: string,
 *             clock?: { control: TimeControl, running: Side, deadline_ms: number } }} GameSummary
 */
/** @typedef {{ games: GameSummary[], total: number, now_ms?: number }} GameList */
/**
 * One game of a record text, to choose which to load; tags as written.
 * @typedef {{ index: number, blue: string, red: string, event: string, result: string,
 *             variant: string, ply: number, moves?: number, variations?: RecordVariations[] }} RecordGame
 */
/**
 * A record's side lines (docs/api.md, `POST /api/records/games`): those that
 * leave the game after `ply` moves, each a list of moves, and each move with
 * the lines that stand in for it, nested the same way.
 * @typedef {{ move: string, variations: RecordLineMove[][] }} RecordLineMove
 * @typedef {{ ply: number, lines: RecordLineMove[][] }} RecordVariations
 */
/**
 * What a review found of the position after `ply` moves: from Blue's side,
 * `expected` Blue's expected score (0..1), `final` when the game ended there
 * (where chance acts, `blue_score` is that expected score as centipawns by
 * the engines' one curve).
 * @typedef {{ ply: number, blue_score: number, mate: number | null, depth: number,
 *             best: string | null, final: boolean, expected: number }} PlyEvaluation
 */
/**
 * The review's judgement of the move that led to `ply` (docs/api.md,
 * "review"), the same for every family: `move` as played, `side` its
 * player's colour (null before a first flip gave the colours), `best` the
 * engine's action in its place, the player's expected score with each, what
 * it lost, and `better` the engine's action where the move is marked.
 * @typedef {{ ply: number, move: string, side: Side | null, best: string,
 *             expected_best: number, expected_played: number, loss: number,
 *             judgement: 'inaccuracy' | 'mistake' | 'blunder' | null,
 *             better: string | null, depth: number }} MoveJudgement
 */
/**
 * A game's review: `plies` and `moves` hold null where nothing is known yet.
 * @typedef {{ game: number, status: 'none' | 'running' | 'done' | 'stopped' | 'failed',
 *             analysed: number, total: number, message?: string,
 *             plies: Array<PlyEvaluation | null>, moves: Array<MoveJudgement | null> }} Review
 */
/**
 * A rule set, with what drawing the board needs.
 * @typedef {{ name: string, description: string, start_fen: string, ranks: Record<string, number>,
 *             board: { files: number, ranks: number },
 *             water: string[], traps: Record<Side, string[]>, dens: Record<Side, string | null>,
 *             traps_weaken?: 'opponent' | 'all', summary?: string[], hidden_pieces: boolean,
 *             family?: 'open' | 'flip' | 'hidden', capabilities?: Capabilities }} Variant
 */
/**
 * A position checked, after `played` (the moves asked to be played from it,
 * each as a game's move list has it: a flip with what it revealed).
 * @typedef {{ fen: string, side_to_move: Side | null, legal_moves: string[], status: 'ongoing' | 'over',
 *             termination: string | null,
 *             played: Array<{ move: string, action?: string, side?: Side, piece?: string,
 *                             captured?: string | null, revealed?: string, fen: string }> }} Validation
 */
/**
 * A new game: a rule set and start position with its players, or a record.
 * `game` says which game of the record (1-based).
 * `moves` are played from `fen` before the game begins. `online`: against
 * someone else, who joins by link or code (`side` the creator's seat,
 * `lobby` to list it as a challenge, `name` the creator's).
 * @typedef {{ variant?: string, fen?: string, blue?: Player, red?: Player, record?: string,
 *             game?: number, moves?: string[], time_control?: TimeControl, online?: boolean,
 *             side?: Side | 'random', lobby?: boolean, name?: string, rated?: boolean,
 *             rating_range?: number | { min?: number, max?: number } }} NewGame
 */

export class ApiError extends Error {
  /**
   * @param {number} status the HTTP status, 0 when the server could not be reached
   * @param {string} code the error code of docs/api.md
   * @param {string} message written for a person
   */
  constructor(status, code, message) {
    super(message);
    this.status = status;
    this.code = code;
  }
}

/**
 * What to tell the player about a failure: an ApiError's message is written
 * for a person.
 * @param {unknown} err
 */
export const messageOf = (err) => (err instanceof Error ? err.message : String(err));

// The answer's type comes from the route's entry in `api` below.
/**
 * The one seat this page acts and looks as in a hot-seat game of hidden
 * pieces (the player at the screen), or null: the server then sends what a
 * holder of both seats may see of it, which is a spectator's view.
 * @type {Side | null}
 */
let actingSeat = null;

/** @param {Side | null} side */
export function setActingSeat(side) {
  actingSeat = side;
}

export const currentActingSeat = () => actingSeat;

/** `path` with ?as= when the page acts as one seat. @param {string} path */
const acting = (path) => (actingSeat ? `${path}${path.includes('?') ? '&' : '?'}as=${actingSeat}` : path);

/**
 * @template T
 * @param {string} method
 * @param {string} path
 * @param {unknown} [body]
 * @returns {Promise<T>}
 */
export async function request(method, path, body) {
  // The server tells clients apart by its own session cookie, sent by itself.
  /** @type {RequestInit & { headers: Record<string, string> }} */
  const init = { method, headers: {} };
  if (body !== undefined) {
    init.headers['Content-Type'] = 'application/json';
    init.body = JSON.stringify(body);
  }
  let res;
  try {
    res = await fetch(acting(path), init);
  } catch (e) {
    throw new ApiError(0, 'network', 'the server cannot be reached; is `jungle serve` running?');
  }
  const data = await res.json().catch(() => null);
  if (!res.ok) {
    throw new ApiError(res.status, data?.error?.code || 'http', data?.error?.message || `HTTP ${res.status}`);
  }
  return data;
}

/** @param {Record<string, string | number | null | undefined>} params */
const query = (params) => {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== null) q.set(k, String(v));
  const s = q.toString();
  return s ? `?${s}` : '';
};

/**
 * @type {{
 *   info: () => Promise<object>,
 *   variants: () => Promise<{ variants: Variant[] }>,
 *   validate: (variant: string, fen: string) => Promise<Validation>,
 *   playFrom: (variant: string, fen: string, moves: string[]) => Promise<Validation>,
 *   createGame: (body: NewGame) => Promise<Game>,
 *   listGames: (limit: number, offset: number) => Promise<GameList>,
 *   game: (id: number) => Promise<Game>,
 *   deleteGame: (id: number) => Promise<{ deleted: number }>,
 *   recordGames: (record: string) => Promise<{ games: RecordGame[] }>,
 *   move: (id: number, move: string, ply: number) => Promise<Game>,
 *   engineMove: (id: number) => Promise<Game>,
 *   undo: (id: number, plies: number) => Promise<Game>,
 *   resign: (id: number, side: Side) => Promise<Game>,
 *   setPlayers: (id: number, players: Players) => Promise<Game>,
 *   hint: (id: number, ply: number, movetimeMs: number) => Promise<EngineReport & { move: string, expected?: number }>,
 *   arrange: (id: number, body: { arrangement?: string, random?: boolean, ready?: boolean }) => Promise<Game>,
 *   review: (id: number) => Promise<Review>,
 *   startReview: (id: number) => Promise<Review>,
 *   recordUrl: (id: number) => string,
 *   analysisUrl: (id: number, ply: number, movetimeMs: number, lines?: number) => string,
 *   positionAnalysisUrl: (variant: string, fen: string, movetimeMs: number, lines?: number) => string,
 *   codeGame: (code: string) => Promise<{ game: number, state: Game }>,
 *   join: (code: string, name: string) => Promise<Game>,
 *   joinGame: (id: number, name: string) => Promise<Game>,
 *   offer: (id: number, kind: 'draw' | 'takeback') => Promise<Game>,
 *   answerOffer: (id: number, kind: 'draw' | 'takeback', accept: boolean) => Promise<Game>,
 *   claim: (id: number) => Promise<Game>,
 *   abort: (id: number) => Promise<Game>,
 *   lobby: () => Promise<Lobby>,
 *   rematch: (id: number) => Promise<Game>,
 *   answerRematch: (id: number, accept: boolean) => Promise<Game>,
 *   rematchSeat: (id: number) => Promise<Game>,
 *   yourTurn: (games: { id: number, tokens: string[] }[]) => Promise<YourTurn>,
 *   eventsUrl: (id: number, after: number) => string,
 *   lobbyEventsUrl: () => string,
 * }}
 */
export const api = {
  info: () => request('GET', '/api/info'),
  variants: () => request('GET', '/api/variants'),
  validate: (variant, fen) => request('POST', '/api/positions/validate', { variant, fen }),
  playFrom: (variant, fen, moves) => request('POST', '/api/positions/validate', { variant, fen, moves }),
  createGame: (body) => request('POST', '/api/games', body),
  listGames: (limit, offset) => request('GET', `/api/games${query({ limit, offset })}`),
  game: (id) => request('GET', `/api/games/${id}`),
  deleteGame: (id) => request('DELETE', `/api/games/${id}`),
  recordGames: (record) => request('POST', '/api/records/games', { record }),
  move: (id, move, ply) => request('POST', `/api/games/${id}/moves`, { move, ply }),
  engineMove: (id) => request('POST', `/api/games/${id}/engine-move`, {}),
  undo: (id, plies) => request('POST', `/api/games/${id}/undo`, { plies }),
  resign: (id, side) => request('POST', `/api/games/${id}/resign`, { side }),
  setPlayers: (id, players) => request('PUT', `/api/games/${id}/players`, players),
  arrange: (id, body) => request('POST', `/api/games/${id}/setup`, body),
  hint: (id, ply, movetimeMs) => request('GET', `/api/games/${id}/hint${query({ ply, movetime_ms: movetimeMs })}`),
  review: (id) => request('GET', `/api/games/${id}/review`),
  startReview: (id) => request('POST', `/api/games/${id}/review`, {}),
  recordUrl: (id) => acting(`/api/games/${id}/record?download=1`),
  analysisUrl: (id, ply, movetimeMs, lines) =>
    `/api/games/${id}/analysis${query({ ply, movetime_ms: movetimeMs, multipv: lines })}`,
  positionAnalysisUrl: (variant, fen, movetimeMs, lines) =>
    `/api/analysis${query({ variant, fen, movetime_ms: movetimeMs, multipv: lines })}`,
  codeGame: (code) => request('GET', `/api/join/${encodeURIComponent(code)}`),
  join: (code, name) => request('POST', '/api/join', { code, name }),
  joinGame: (id, name) => request('POST', `/api/games/${id}/join`, { name }),
  offer: (id, kind) => request('POST', `/api/games/${id}/offers`, { kind }),
  answerOffer: (id, kind, accept) =>
    request('POST', `/api/games/${id}/offers/${accept ? 'accept' : 'decline'}`, { kind }),
  claim: (id) => request('POST', `/api/games/${id}/claim`, {}),
  abort: (id) => request('POST', `/api/games/${id}/abort`, {}),
  lobby: () => request('GET', '/api/lobby'),
  rematch: (id) => request('POST', `/api/games/${id}/rematch`, {}),
  answerRematch: (id, accept) => request('POST', `/api/games/${id}/rematch/${accept ? 'accept' : 'decline'}`, {}),
  rematchSeat: (id) => request('POST', `/api/games/${id}/rematch/seat`, {}),
  yourTurn: (games) => request('POST', '/api/your-turn', { games }),
  eventsUrl: (id, after) => `/api/games/${id}/events${query({ after })}`,
  lobbyEventsUrl: () => '/api/lobby/events',
};
