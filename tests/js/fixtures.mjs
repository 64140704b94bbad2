// Game states shaped as the server sends them (docs/api.md), for the page's
// pure modules.
export const START = 'l5t/1d3c1/r1p1w1e/7/7/7/E1W1P1R/1C3D1/T5L w 0 1';
export const HUMAN = { type: 'human' };
export const engine = (skill = 9, movetime_ms = 1000) => ({ type: 'engine', skill, movetime_ms });

// A move record; `fen` only tells the plies apart.
export const move = (ply, text, side, piece, captured = null, jump = false) => ({
  ply,
  move: text,
  side,
  piece,
  captured,
  jump,
  fen: `fen after ${ply}`,
});

export function game(fields = {}) {
  const moves = fields.moves ?? [];
  return {
    id: 7,
    variant: 'standard',
    start_fen: START,
    fen: moves.length ? moves[moves.length - 1].fen : START,
    ply: moves.length,
    side_to_move: moves.length % 2 ? 'red' : 'blue',
    players: { blue: HUMAN, red: engine() },
    moves,
    legal_moves: [],
    status: 'ongoing',
    result: '*',
    winner: null,
    message: '',
    ...fields,
  };
}
