// @ts-check
// The board as SVG: pieces, highlights and arrows over the terrain
// (board_terrain.js); click or drag to move; jumps and captures animated.
// It knows no rules: legal moves come from the server and every move is
// sent there.
import {
  FILES,
  RANKS,
  SQUARES,
  fileOf,
  rankOf,
  parseFen,
  parseMove,
  parseSquare,
  setShape,
  squareName,
} from '../game/fen.js';
import { FRAME, S, defineTerrainPatterns, drawTerrain } from './board_terrain.js';
import { drawPiece, svg } from '../game/pieces.js';

/** @typedef {import('../api/api.js').Side} Side */
/** @typedef {import('../api/api.js').Variant} Variant */
/** @typedef {import('../game/pieces.js').PieceStyle} PieceStyle */
/** @typedef {{ x: number, y: number }} Point */
/** An arrow over the board: the analysis' best move, or a hint. @typedef {{ move: string, kind: 'best' | 'hint' }} Arrow */
/**
 * A move made on the board, for the server to judge: `legal` when it is one
 * of the moves the board was given, `dragged` when the piece was dropped
 * there (so it needs no animation).
 * @typedef {{ move: string, from: number, to: number, legal: boolean, dragged: boolean }} BoardMove
 */
/**
 * `editor`: squares are clicked to edit them (onSquare) instead of to move.
 * `onPremove`: a move queued while the other side is to move.
 * @typedef {{ editor?: boolean, onMove?: (move: BoardMove) => void, onPremove?: (move: string) => void,
 *             onSquare?: (sq: number, e: PointerEvent) => void }} BoardOptions
 */
/** A press on a piece that may become a drag. @typedef {{ from: number, id: number, x: number, y: number, moved: boolean, wasSelected: boolean }} Press */

const DRAG_THRESHOLD = 6;

const reducedMotion = () => window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;

export class Board {
  /** @param {SVGSVGElement} svgEl @param {BoardOptions} [options] */
  constructor(svgEl, options = {}) {
    this.svg = svgEl;
    this.opts = options;
    /** @type {Variant | null} */
    this.variant = null;
    this.flipped = false;
    /** @type {PieceStyle} */
    this.style = 'glyph';
    this.position = parseFen('7/7/7/7/7/7/7/7/7 w');
    /** @type {string[]} */
    this.legal = [];
    this.canMove = false;
    // While the other side thinks, a person may queue one move of this side
    // (a premove), played as soon as it is legal on their turn.
    /** @type {Side | null} */
    this.premoveSide = null;
    /** @type {{ from: number, to: number } | null} */
    this.premove = null;
    /** @type {{ from: number, to: number } | null} */
    this.lastMove = null;
    /** @type {Arrow[]} */
    this.arrows = [];
    this.selected = -1;
    /** @type {Side | null} */
    this.hiddenSide = null;
    // Words added to a piece's label, by square ("can be a Dog or Wolf").
    /** @type {Map<string, string>} */
    this.notes = new Map();
    /** @type {Press | null} */
    this.drag = null;
    /** @type {Map<number, SVGElement>} */
    this.pieceEls = new Map();
    this.fitViewBox();
    svgEl.setAttribute('preserveAspectRatio', 'xMidYMid meet');
    this.layers = this.build();
    this.redraw();
  }

  // ---- public API -------------------------------------------------------
  /** @param {Variant} variant */
  setVariant(variant) {
    this.variant = variant;
    const shape = `${FILES}x${RANKS}`;
    setShape(variant?.board);
    this.fitViewBox();
    if (shape !== `${FILES}x${RANKS}`) {
      // Another board: new squares to point at, and a position of its size.
      this.buildHits(this.layers.hit);
      this.position = parseFen(this.position.side === 'red' ? '/ b' : '/ w');
      this.redraw();
      return;
    }
    this.drawTerrain();
    this.drawPieces();
  }
  /** @param {boolean} flipped */
  setFlipped(flipped) {
    this.flipped = flipped;
    this.redraw();
  }
  /** @param {PieceStyle} style */
  setStyle(style) {
    this.style = style;
    this.drawPieces();
  }
  // For hidden-piece rule sets: the side whose animals the viewer may not see.
  /** @param {Side | null} side */
  setHiddenSide(side) {
    this.hiddenSide = side;
    this.drawPieces();
  }
  /** @param {Map<string, string>} notes words for a piece's label, by square name */
  setNotes(notes) {
    this.notes = notes;
  }
  /** @param {string} fen */
  setPosition(fen) {
    setShape(this.variant?.board); // another board (the editor's) may have drawn since
    const before = this.position;
    this.position = parseFen(fen);
    // A piece picked up (clicked or held) while the position changed, such
    // as during the animation of the engine's reply, stays picked up when
    // it is still there: setLegalMoves decides whether it may still move.
    // Dropping it there lost a click that came just after the reply.
    /** @param {number} sq */
    const stays = (sq) => {
      const a = before.board[sq];
      const b = this.position.board[sq];
      return !!a && !!b && a.side === b.side && a.letter === b.letter;
    };
    if (this.selected >= 0 && !stays(this.selected)) this.selected = -1;
    if (this.drag && !stays(this.drag.from)) this.cancelDrag();
    const held = this.drag?.moved ? this.pieceEls.get(this.drag.from)?.getAttribute('transform') : null;
    this.drawPieces();
    if (held && this.drag) {
      // The piece being dragged stays under the pointer.
      const el = this.pieceEls.get(this.drag.from);
      el?.classList.add('dragging');
      el?.setAttribute('transform', held);
    }
    this.drawMarks();
  }
  /**
   * @param {string[]} moves
   * @param {boolean} canMove whether a person may move now
   * @param {Side | null} [premoveSide] the side a person may premove for meanwhile
   */
  setLegalMoves(moves, canMove, premoveSide = null) {
    this.legal = moves || [];
    this.canMove = !!canMove;
    this.premoveSide = canMove ? null : premoveSide;
    if (canMove || !this.premoveSide) this.premove = null;
    // A piece picked up for a premove becomes a piece to move when its
    // side's turn comes, and the other way round; one that may do neither
    // is let go.
    if (this.selected >= 0 && !this.canPick(this.selected)) this.selected = -1;
    if (this.drag && !this.canPick(this.drag.from)) this.cancelDrag();
    this.drawMarks();
  }

  /** Forgets the queued premove. */
  clearPremove() {
    this.premove = null;
    this.drawMarks();
  }
  /** @param {string | null} move */
  setLastMove(move) {
    this.lastMove = move ? parseMove(move) : null;
    this.drawMarks();
  }
  /** @param {Arrow[]} arrows */
  setArrows(arrows) {
    this.arrows = arrows || [];
    this.drawArrows();
  }
  /** @param {number} sq */
  pieceAt(sq) {
    return this.position.board[sq];
  }

  // Plays `m` on the drawn board; resolves when done.
  /** @param {{ move: string, jump?: boolean }} m */
  async animateMove(m) {
    const { from, to } = parseMove(m.move);
    const el = this.pieceEls.get(from);
    if (!el || reducedMotion()) return;
    const a = this.center(from);
    const b = this.center(to);
    const jump = !!m.jump;
    const duration = jump ? 520 : 260;
    this.layers.pieces.appendChild(el); // on top of everything it passes
    const mid = { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 };
    const frames = jump
      ? [
          { transform: `translate(${a.x}px, ${a.y}px) scale(1)` },
          { transform: `translate(${mid.x}px, ${mid.y}px) scale(1.28)`, offset: 0.5 },
          { transform: `translate(${b.x}px, ${b.y}px) scale(1)` },
        ]
      : [{ transform: `translate(${a.x}px, ${a.y}px)` }, { transform: `translate(${b.x}px, ${b.y}px)` }];
    const moving = el.animate(frames, { duration, easing: 'cubic-bezier(.3,.7,.4,1)', fill: 'forwards' });
    const victim = this.pieceEls.get(to);
    let fading = null;
    if (victim && victim !== el) {
      fading = victim.animate(
        [
          { opacity: 1, transform: `translate(${b.x}px, ${b.y}px) scale(1)` },
          { opacity: 1, transform: `translate(${b.x}px, ${b.y}px) scale(1)`, offset: 0.55 },
          { opacity: 0, transform: `translate(${b.x}px, ${b.y}px) scale(0.3) rotate(25deg)` },
        ],
        { duration: duration + 120, fill: 'forwards' },
      );
      this.burst(b);
    }
    await Promise.all([moving.finished, fading?.finished].filter(Boolean)).catch(() => {});
  }

  // A shake on a piece whose move was refused.
  /** @param {number} sq */
  shake(sq) {
    const el = this.pieceEls.get(sq);
    if (!el || reducedMotion()) return;
    const c = this.center(sq);
    el.animate(
      [0, -9, 9, -6, 6, 0].map((dx) => ({ transform: `translate(${c.x + dx}px, ${c.y}px)` })),
      { duration: 320 },
    );
  }

  // ---- drawing ----------------------------------------------------------
  // The board's layers, with the squares that take the pointer on top.
  build() {
    this.svg.replaceChildren();
    this.buildDefs();
    /** @param {string} name */
    const layer = (name) => svg('g', { class: `layer-${name}` }, this.svg);
    // In drawing order: the later lie on top.
    const layers = {
      terrain: layer('terrain'),
      marks: layer('marks'),
      pieces: layer('pieces'),
      targets: layer('targets'),
      arrows: layer('arrows'),
      effects: layer('effects'),
      hit: layer('hit'),
    };
    this.buildHits(layers.hit);
    layers.hit.addEventListener('pointerdown', (e) => this.onPointerDown(e));
    layers.hit.addEventListener('keydown', (e) => this.onKey(e));
    this.svg.addEventListener('pointermove', (e) => this.onPointerMove(e));
    this.svg.addEventListener('pointerup', (e) => this.onPointerUp(e));
    this.svg.addEventListener('pointercancel', () => this.cancelDrag());
    this.svg.addEventListener('contextmenu', (e) => {
      if (this.opts.editor) e.preventDefault();
    });
    return layers;
  }

  buildDefs() {
    const defs = svg('defs', {}, this.svg);
    defineTerrainPatterns(defs, this.svg.id);
    const head = svg(
      'marker',
      {
        id: `${this.svg.id}-head`,
        viewBox: '0 0 10 10',
        refX: 5,
        refY: 5,
        markerWidth: 3.2,
        markerHeight: 3.2,
        orient: 'auto-start-reverse',
      },
      defs,
    );
    svg('path', { d: 'M0 0 L10 5 L0 10 z', fill: 'context-stroke' }, head);
  }

  /** One square per square of the board's shape, to take the pointer. @param {SVGElement} layer */
  buildHits(layer) {
    layer.replaceChildren();
    // Each square is a button for keyboards and screen readers; one at a
    // time takes Tab (a roving tabindex), the arrows move between them.
    for (let sq = 0; sq < SQUARES; sq += 1) {
      svg(
        'rect',
        {
          class: 'hit',
          width: S,
          height: S,
          'data-square': squareName(sq),
          role: 'button',
          tabindex: sq === 0 ? '0' : '-1',
        },
        layer,
      );
    }
  }

  /** The hit square of `sq`. @param {number} sq */
  hitOf(sq) {
    return /** @type {SVGElement | null} */ (this.layers.hit.querySelector(`[data-square="${squareName(sq)}"]`));
  }

  /**
   * What a screen reader says of each square: its name, what stands on it,
   * and its terrain ("d8: Blue Lion (rank 7), Red's trap").
   */
  labelSquares() {
    const v = this.variant;
    for (let sq = 0; sq < SQUARES; sq += 1) {
      const rect = this.hitOf(sq);
      if (!rect) continue;
      const name = squareName(sq);
      const piece = this.pieceEls.get(sq)?.querySelector('title')?.textContent ?? 'empty';
      const terrain = [];
      if (v?.water.includes(name)) terrain.push('water');
      if (v?.traps.blue.includes(name)) terrain.push("Blue's trap");
      if (v?.traps.red.includes(name)) terrain.push("Red's trap");
      if (v?.dens.blue === name) terrain.push("Blue's den");
      if (v?.dens.red === name) terrain.push("Red's den");
      const selected = this.selected === sq ? ', selected' : '';
      rect.setAttribute('aria-label', `${name}: ${piece}${terrain.length ? `, ${terrain.join(', ')}` : ''}${selected}`);
    }
  }

  /**
   * Keyboard play: arrows move between squares as they lie on the screen,
   * Enter or Space picks a piece up or puts it down, Escape lets it go.
   * @param {KeyboardEvent} e
   */
  onKey(e) {
    const rect = e.target instanceof Element ? e.target.closest('rect.hit') : null;
    if (!rect) return;
    const sq = this.squareOfName(rect.getAttribute('data-square') ?? '');
    const steps = { ArrowUp: [0, -1], ArrowDown: [0, 1], ArrowLeft: [-1, 0], ArrowRight: [1, 0] };
    if (e.key in steps) {
      e.preventDefault();
      const [dx, dy] = steps[/** @type {keyof typeof steps} */ (e.key)];
      const at = this.corner(sq);
      for (let other = 0; other < SQUARES; other += 1) {
        const c = this.corner(other);
        if (c.x === at.x + dx * S && c.y === at.y + dy * S) {
          this.focusSquare(other);
          break;
        }
      }
    } else if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      if (!this.opts.editor) this.activate(sq);
    } else if (e.key === 'Escape' && this.selected >= 0) {
      this.selected = -1;
      this.drawMarks();
    }
  }

  /** @param {number} sq */
  focusSquare(sq) {
    for (const r of this.layers.hit.children) r.setAttribute('tabindex', '-1');
    const rect = this.hitOf(sq);
    rect?.setAttribute('tabindex', '0');
    rect?.focus();
  }

  /**
   * A square chosen without a pointer: picks up a piece of the side to move
   * (or lets it go), or moves the piece picked up there.
   * @param {number} sq
   */
  activate(sq) {
    if (this.canPick(sq)) {
      this.selected = this.selected === sq ? -1 : sq;
      this.drawMarks();
      return;
    }
    if (this.selected < 0) return;
    const from = this.selected;
    this.selected = -1;
    this.drawMarks();
    if (this.worthTrying(from, sq)) this.tryMove(from, sq);
  }

  redraw() {
    setShape(this.variant?.board);
    this.drawTerrain();
    for (const rect of this.layers.hit.children) {
      const sq = this.squareOfName(rect.getAttribute('data-square') ?? '');
      const { x, y } = this.corner(sq);
      rect.setAttribute('x', String(x));
      rect.setAttribute('y', String(y));
    }
    this.drawPieces();
    this.drawMarks();
    this.drawArrows();
  }

  /** The drawing's size follows the board's shape. */
  fitViewBox() {
    const w = FILES * S + 2 * FRAME;
    const h = RANKS * S + 2 * FRAME;
    this.svg.setAttribute('viewBox', `${-FRAME} ${-FRAME} ${w} ${h}`);
    // The element's own shape (style.css): a 7x7 board is square, and the
    // evaluation bar beside it as tall as it.
    this.svg.style.setProperty('--board-w', String(w));
    this.svg.style.setProperty('--board-h', String(h));
  }

  /** @param {string} name */
  squareOfName(name) {
    return parseSquare(name);
  }

  /** @param {number} sq @returns {Point} */
  corner(sq) {
    const f = fileOf(sq);
    const r = rankOf(sq);
    const col = this.flipped ? FILES - 1 - f : f;
    const row = this.flipped ? r : RANKS - 1 - r;
    return { x: col * S, y: row * S };
  }

  /** @param {number} sq @returns {Point} */
  center(sq) {
    const c = this.corner(sq);
    return { x: c.x + S / 2, y: c.y + S / 2 };
  }

  drawTerrain() {
    drawTerrain(this.layers.terrain, {
      variant: this.variant,
      id: this.svg.id,
      flipped: this.flipped,
      corner: (sq) => this.corner(sq),
    });
  }

  drawPieces() {
    const layer = this.layers.pieces;
    layer.replaceChildren();
    this.pieceEls.clear();
    const ranks = this.variant?.ranks || null;
    this.position.board.forEach((p, sq) => {
      if (!p) return;
      const hidden = this.hiddenSide === p.side;
      const weakened = !hidden && this.weakensOn(p.side, squareName(sq));
      const note = this.notes.get(squareName(sq)) ?? '';
      const el = drawPiece(p, { style: this.style, ranks, hidden, weakened, note });
      const { x, y } = this.center(sq);
      el.setAttribute('transform', `translate(${x} ${y})`);
      el.dataset.on = squareName(sq);
      layer.appendChild(el);
      this.pieceEls.set(sq, el);
    });
    this.labelSquares();
  }

  drawMarks() {
    this.labelSquares();
    const marks = this.layers.marks;
    const targets = this.layers.targets;
    marks.replaceChildren();
    targets.replaceChildren();
    /** @param {number} sq @param {string} cls */
    const square = (sq, cls) => {
      const { x, y } = this.corner(sq);
      svg('rect', { class: cls, x, y, width: S, height: S }, marks);
    };
    if (this.lastMove) {
      square(this.lastMove.from, 'mark-last');
      square(this.lastMove.to, 'mark-last');
    }
    if (this.premove) {
      square(this.premove.from, 'mark-premove');
      square(this.premove.to, 'mark-premove');
    }
    if (this.selected >= 0) {
      square(this.selected, 'mark-selected');
      for (const to of this.targetsFrom(this.selected)) {
        const c = this.center(to);
        const capture = !!this.position.board[to];
        svg(
          'circle',
          {
            class: capture ? 'target capture' : 'target',
            cx: c.x,
            cy: c.y,
            r: capture ? 45 : 15,
            'data-target': squareName(to),
          },
          targets,
        );
      }
    }
  }

  drawArrows() {
    const layer = this.layers.arrows;
    layer.replaceChildren();
    for (const a of this.arrows) {
      const { from, to } = parseMove(a.move);
      if (from < 0 || to < 0) continue;
      const p = this.center(from);
      const q = this.center(to);
      const len = Math.hypot(q.x - p.x, q.y - p.y);
      const shorten = 22;
      const ex = q.x - ((q.x - p.x) / len) * shorten;
      const ey = q.y - ((q.y - p.y) / len) * shorten;
      svg(
        'line',
        { class: `arrow arrow-${a.kind}`, x1: p.x, y1: p.y, x2: ex, y2: ey, 'marker-end': `url(#${this.svg.id}-head)` },
        layer,
      );
    }
  }

  // A ring of sparks where a piece is taken.
  /** @param {Point} c */
  burst(c) {
    if (reducedMotion()) return;
    const g = svg('g', { class: 'burst', transform: `translate(${c.x} ${c.y})` }, this.layers.effects);
    for (let i = 0; i < 8; i += 1) {
      const a = (Math.PI / 4) * i;
      const line = svg(
        'line',
        { x1: Math.cos(a) * 30, y1: Math.sin(a) * 30, x2: Math.cos(a) * 44, y2: Math.sin(a) * 44 },
        g,
      );
      line.animate([{ opacity: 0 }, { opacity: 1, offset: 0.5 }, { opacity: 0 }], { duration: 520, delay: 140 });
    }
    setTimeout(() => g.remove(), 700);
  }

  /** @param {number} from */
  targetsFrom(from) {
    const out = [];
    for (const m of this.legal) {
      const mv = parseMove(m);
      if (mv.from === from) out.push(mv.to);
    }
    return out;
  }

  // ---- input ------------------------------------------------------------
  // The square under the pointer (-1 off the board) and the point in board
  // units; null while the board is not laid out (hidden).
  /** @param {PointerEvent} e @returns {{ sq: number, p: DOMPoint } | null} */
  pointToSquare(e) {
    const pt = this.svg.createSVGPoint();
    pt.x = e.clientX;
    pt.y = e.clientY;
    const ctm = this.svg.getScreenCTM();
    if (!ctm) return null;
    const p = pt.matrixTransform(ctm.inverse());
    const col = Math.floor(p.x / S);
    const row = Math.floor(p.y / S);
    if (col < 0 || col >= FILES || row < 0 || row >= RANKS) return { sq: -1, p };
    const f = this.flipped ? FILES - 1 - col : col;
    const r = this.flipped ? row : RANKS - 1 - row;
    return { sq: r * FILES + f, p };
  }

  /** @param {number} sq */
  canPick(sq) {
    const piece = this.position.board[sq];
    if (!this.canMove) return !!piece && piece.side === this.premoveSide;
    return !!piece && piece.side === this.position.side && this.legal.some((m) => parseMove(m).from === sq);
  }

  /** @param {PointerEvent} e */
  onPointerDown(e) {
    if (e.button !== 0 && e.pointerType === 'mouse' && !this.opts.editor) return;
    const sq = this.pointToSquare(e)?.sq ?? -1;
    if (sq < 0) return;
    e.preventDefault();
    if (this.opts.editor) {
      this.opts.onSquare?.(sq, e);
      return;
    }
    if (this.canPick(sq)) {
      this.drag = {
        from: sq,
        id: e.pointerId,
        x: e.clientX,
        y: e.clientY,
        moved: false,
        wasSelected: this.selected === sq,
      };
      this.selected = sq;
      this.drawMarks();
      this.svg.setPointerCapture?.(e.pointerId);
      return;
    }
    if (this.selected >= 0) {
      const from = this.selected;
      this.selected = -1;
      this.drawMarks();
      if (this.worthTrying(from, sq)) this.tryMove(from, sq);
    }
  }

  /**
   * Whether a piece of `side` standing on `name` is on a trap that weakens
   * it: the enemy's traps, or any trap where the rule set says so.
   * @param {Side} side @param {string} name
   */
  weakensOn(side, name) {
    const v = this.variant;
    if (!v) return false;
    const enemy = side === 'blue' ? 'red' : 'blue';
    if (v.traps[enemy]?.includes(name)) return true;
    return v.traps_weaken === 'all' && Boolean(v.traps[side]?.includes(name));
  }

  /**
   * Whether a move the legal list lacks is still worth sending, so that the
   * server says why it is refused: a step to a neighbouring square is a
   * plausible try (into the water, onto a stronger piece), a click further
   * away is a misclick that only lets the piece go.
   * @param {number} from @param {number} to
   */
  worthTrying(from, to) {
    if (!this.canMove) return this.premoveSide !== null && from !== to;
    if (this.legal.includes(squareName(from) + squareName(to))) return true;
    return Math.abs(fileOf(from) - fileOf(to)) + Math.abs(rankOf(from) - rankOf(to)) === 1;
  }

  /** @param {PointerEvent} e */
  onPointerMove(e) {
    const d = this.drag;
    if (!d || d.id !== e.pointerId) return;
    if (!d.moved && Math.hypot(e.clientX - d.x, e.clientY - d.y) < DRAG_THRESHOLD) return;
    d.moved = true;
    const el = this.pieceEls.get(d.from);
    if (!el) return;
    const at = this.pointToSquare(e);
    if (!at) return;
    const { p } = at;
    this.layers.pieces.appendChild(el);
    el.classList.add('dragging');
    el.setAttribute('transform', `translate(${p.x} ${p.y}) scale(1.12)`);
  }

  /** @param {PointerEvent} e */
  onPointerUp(e) {
    const d = this.drag;
    if (!d || d.id !== e.pointerId) return;
    this.drag = null;
    const sq = this.pointToSquare(e)?.sq ?? -1;
    if (!d.moved) {
      // A click: the first selects, a second on the same piece lets it go.
      if (d.wasSelected && sq === d.from) {
        this.selected = -1;
        this.drawMarks();
      }
      return;
    }
    const legal = sq >= 0 && this.legal.includes(squareName(d.from) + squareName(sq));
    if (!legal) {
      this.restorePiece(d.from);
      if (sq < 0 || sq === d.from) return;
      const target = this.position.board[sq];
      if (target && target.side === this.position.side && this.canPick(sq)) return;
      if (!this.worthTrying(d.from, sq)) {
        this.selected = -1;
        this.drawMarks();
        return;
      }
    } else {
      // Leave the piece where it was dropped (and its victim gone) while
      // the server confirms; the next position redraws everything.
      const el = this.pieceEls.get(d.from);
      const c = this.center(sq);
      el?.classList.remove('dragging');
      el?.setAttribute('transform', `translate(${c.x} ${c.y})`);
      const victim = this.pieceEls.get(sq);
      if (victim && victim !== el) victim.style.opacity = '0';
    }
    this.selected = -1;
    this.drawMarks();
    this.tryMove(d.from, sq, true);
  }

  cancelDrag() {
    if (this.drag) this.restorePiece(this.drag.from);
    this.drag = null;
  }

  /** @param {number} sq */
  restorePiece(sq) {
    const el = this.pieceEls.get(sq);
    if (!el) return;
    el.classList.remove('dragging');
    const { x, y } = this.center(sq);
    el.setAttribute('transform', `translate(${x} ${y})`);
  }

  /** @param {number} from @param {number} to @param {boolean} [dragged] */
  tryMove(from, to, dragged = false) {
    const text = squareName(from) + squareName(to);
    if (!this.canMove) {
      // Not this side's turn: queue it; the page plays it when it may.
      if (dragged) this.restorePiece(from);
      this.premove = { from, to };
      this.drawMarks();
      this.opts.onPremove?.(text);
      return;
    }
    const legal = this.legal.includes(text);
    this.opts.onMove?.({ move: text, from, to, legal, dragged });
  }
}
