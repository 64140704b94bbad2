// @ts-check
// The position editor: place and remove pieces, choose the side to move,
// FEN in and out; the server validates the position before it can be played.
// Where the rule set's capabilities say chance acts (Flip Jungle), its own
// board takes the 7x9 board's place: tiles face up or face down, and the
// pool (flip_setup.js).
import { api, messageOf } from '../api/api.js';
import { Board } from './board.js';
import { FACE_DOWN, FlipSetup } from './flip_setup.js';
import { $, submitterValue, within } from '../util/dom.js';
import { LETTERS, buildFen, parseFen, setShape } from '../game/fen.js';
import { SIDES } from '../game/game.js';
import { ANIMALS, drawPiece, svg } from '../game/pieces.js';

/** @typedef {import('../api/api.js').Variant} Variant */
/** @typedef {import('../game/fen.js').Piece} Piece */
/** @typedef {import('../game/pieces.js').PieceStyle} PieceStyle */
/** A position chosen in the set-up editor to start a game from. @typedef {{ variant: string, fen: string }} StartPosition */

export class SetupEditor {
  /**
   * `onAnalyse` opens the position on the analysis board (two people, the engine's lines on).
   * @param {{ variants: Variant[], onPlay: (start: StartPosition) => void,
   *           onAnalyse?: (start: StartPosition) => void, getStyle: () => PieceStyle }} options
   *   the rule sets; what to do with a valid position; the page's piece style
   */
  constructor({ variants, onPlay, onAnalyse, getStyle }) {
    this.onAnalyse = onAnalyse;
    this.variants = variants;
    this.onPlay = onPlay;
    this.getStyle = getStyle;
    this.dialog = $('dlg-setup', HTMLDialogElement);
    this.fenInput = $('setup-fen', HTMLInputElement);
    this.variantSelect = $('setup-variant', HTMLSelectElement);
    this.validation = $('setup-validation');
    this.playButton = $('setup-play', HTMLButtonElement);
    this.analyseButton = $('setup-analyse', HTMLButtonElement);
    this.board = new Board($('setup-board', SVGSVGElement), {
      editor: true,
      onSquare: (sq, e) => this.onSquare(sq, e),
    });
    /** The piece placed by a click; null: the eraser. @type {Piece | null} */
    this.tool = { side: 'blue', letter: 'E' };
    this.position = parseFen('7/7/7/7/7/7/7/7/7 w');
    /** The server's verdict on the position shown, null while it is asked. @type {{ ok: true, fen: string } | { ok: false } | null} */
    this.validated = null;
    this.timer = 0;
    // Counts the positions shown: an answer about an earlier one is dropped.
    this.serial = 0;
    /** @type {Array<{ b: HTMLButtonElement, tool: Piece | null }>} */
    this.paletteButtons = [];
    this.flip = new FlipSetup({
      board: $('setup-flip-board'),
      pool: $('setup-flip-pool'),
      onChange: () => this.changed(),
    });
    this.flip.onSquare = (sq) => this.flip.place(sq, this.tool);

    for (const v of variants) this.variantSelect.add(new Option(v.name, v.name));
    this.variantSelect.addEventListener('change', () => {
      // A board of another kind starts from its set's start.
      if (this.chance()) this.flip.load(this.variant().start_fen, this.variant().start_fen);
      this.changed(true);
    });
    this.buildPalette();
    for (const r of this.sideRadios()) {
      r.addEventListener('change', () => {
        // "-" (offered on a flip board only): nobody has a colour until
        // the first flip, as at a flip set's start.
        const side = r.value === 'b' ? 'red' : r.value === 'w' ? 'blue' : null;
        if (this.chance()) this.flip.side = side;
        else if (side) this.position.side = side;
        this.changed();
      });
    }
    $('setup-apply-fen').addEventListener('click', () => this.readFen());
    this.fenInput.addEventListener('keydown', (e) => {
      if (e.key === 'Enter') {
        e.preventDefault();
        this.readFen();
      }
    });
    $('setup-start').addEventListener('click', () => {
      if (this.chance()) {
        this.flip.load(this.variant().start_fen, this.variant().start_fen);
        this.changed();
        return;
      }
      setShape(this.variant()?.board);
      this.position = parseFen(this.variant().start_fen);
      this.changed();
    });
    $('setup-clear').addEventListener('click', () => {
      if (this.chance()) {
        this.flip.clear();
        this.changed();
        return;
      }
      setShape(this.variant()?.board);
      this.position = parseFen(`7/7/7/7/7/7/7/7/7 ${this.position.side === 'red' ? 'b' : 'w'}`);
      this.changed();
    });
    within(this.dialog, 'form', HTMLFormElement).addEventListener('submit', (e) => {
      const how = submitterValue(e);
      if (how !== 'play' && how !== 'analyse') return;
      e.preventDefault();
      if (!this.validated?.ok) return;
      this.dialog.close();
      const start = { variant: this.variantSelect.value, fen: this.validated.fen };
      if (how === 'analyse' && this.onAnalyse) this.onAnalyse(start);
      else this.onPlay(start);
    });
  }

  /** The "Side to move" choice. */
  sideRadios() {
    return [...this.dialog.querySelectorAll('input[name="setup-side"]')].filter((r) => r instanceof HTMLInputElement);
  }

  variant() {
    return this.variants.find((v) => v.name === this.variantSelect.value) || this.variants[0];
  }

  /** Whether chance acts in the rule set chosen: its board is the flip board. */
  chance() {
    return this.variant()?.capabilities?.chance === true;
  }

  /** Opens the editor on `fen` (else the rule set's start). @param {{ variant?: string, fen?: string }} start */
  open({ variant, fen }) {
    this.variantSelect.value = variant || 'standard';
    if (this.chance()) {
      this.flip.load(fen || this.variant().start_fen, this.variant().start_fen);
    } else {
      setShape(this.variant()?.board);
      this.position = parseFen(fen || this.variant().start_fen);
    }
    this.board.setStyle(this.getStyle());
    this.refreshPalette();
    this.changed(true);
    this.dialog.showModal();
  }

  buildPalette() {
    const palette = $('palette');
    palette.replaceChildren();
    this.paletteButtons = [];
    /** @param {Piece | null} tool @param {string} label @param {Element} content */
    const add = (tool, label, content) => {
      const b = document.createElement('button');
      b.type = 'button';
      b.className = 'palette-item';
      b.setAttribute('role', 'radio');
      b.title = label;
      b.setAttribute('aria-label', label);
      b.dataset.tool = tool ? `${tool.side}-${tool.letter}` : 'erase';
      b.appendChild(content);
      b.addEventListener('click', () => {
        this.tool = tool;
        this.refreshPalette();
      });
      palette.appendChild(b);
      this.paletteButtons.push({ b, tool });
    };
    for (const side of SIDES) {
      for (const letter of LETTERS) {
        const icon = svg('svg', { viewBox: '-50 -50 100 100', width: 40, height: 40 });
        icon.dataset.letter = letter;
        icon.dataset.side = side;
        add({ side, letter }, `${side === 'blue' ? 'Blue' : 'Red'} ${ANIMALS[letter].name}`, icon);
      }
    }
    const eraser = document.createElement('span');
    eraser.className = 'eraser';
    eraser.textContent = '✕';
    add(null, 'Eraser: remove pieces', eraser);
    // Where chance acts: a tile face down (refreshPalette shows it there only).
    const back = document.createElement('span');
    back.className = 'face-down';
    back.textContent = '?';
    add({ side: 'blue', letter: FACE_DOWN }, 'A tile face down', back);
  }

  refreshPalette() {
    const style = this.getStyle();
    const ranks = this.variant()?.ranks;
    for (const { b, tool } of this.paletteButtons) {
      const on =
        tool === this.tool || (tool && this.tool && tool.side === this.tool.side && tool.letter === this.tool.letter);
      b.setAttribute('aria-checked', on ? 'true' : 'false');
      b.hidden = tool?.letter === FACE_DOWN && !this.chance();
      // The eraser has no piece to draw.
      const icon = b.querySelector('svg');
      if (icon && tool) icon.replaceChildren(drawPiece(tool, { style, ranks }));
    }
  }

  /** A square clicked: the right button erases. @param {number} sq @param {PointerEvent} e */
  onSquare(sq, e) {
    const current = this.position.board[sq];
    const tool = this.tool;
    if (!tool || e.button === 2) {
      this.position.board[sq] = null;
    } else if (current && current.side === tool.side && current.letter === tool.letter) {
      this.position.board[sq] = null;
    } else {
      // One of each animal a side under the usual rules: placing it again moves it.
      const idx = this.position.board.findIndex((p) => p && p.side === tool.side && p.letter === tool.letter);
      if (idx >= 0) this.position.board[idx] = null;
      this.position.board[sq] = { ...tool };
    }
    this.changed();
  }

  readFen() {
    const text = this.fenInput.value.trim();
    if (!text) return;
    if (this.chance()) {
      try {
        this.flip.load(text, this.variant().start_fen);
      } catch (err) {
        this.refused(messageOf(err));
        return;
      }
      this.changed(false, text);
      return;
    }
    setShape(this.variant()?.board);
    this.position = parseFen(text);
    this.changed(false, text);
  }

  // The position changed: redraw it and have the server check it (once the
  // player pauses). `fenOverride`: the FEN as typed, kept as it is.
  /** @param {boolean} [variantChanged] @param {string | null} [fenOverride] */
  changed(variantChanged = false, fenOverride = null) {
    const chance = this.chance();
    if (variantChanged) {
      if (!chance) this.board.setVariant(this.variant());
      this.refreshPalette();
      $('setup-board', SVGSVGElement).style.display = chance ? 'none' : '';
      for (const id of ['setup-flip-board', 'setup-flip-pool', 'setup-flip-hint', 'setup-side-undecided'])
        $(id).hidden = !chance;
    }
    const fen = fenOverride || (chance ? this.flip.fen() : buildFen(this.position.board, this.position.side));
    if (chance) this.flip.draw();
    else this.board.setPosition(fen);
    this.fenInput.value = fen;
    // (Where chance has not decided the colours yet, neither side is to
    // move: the "first flip decides" choice.)
    const side = chance ? this.flip.side : this.position.side;
    for (const r of this.sideRadios()) {
      r.checked = r.value === '-' ? side === null : side !== null && (r.value === 'b') === (side === 'red');
    }
    this.validated = null;
    this.playButton.disabled = this.analyseButton.disabled = true;
    this.validation.className = 'validation';
    this.validation.textContent = 'Checking…';
    // An answer still on its way is about the position before: it must not
    // enable "Play from here" for this one.
    const serial = ++this.serial;
    clearTimeout(this.timer);
    this.timer = window.setTimeout(() => this.validate(fen, serial), 200);
  }

  /** @param {string} fen @param {number} serial the position's number, from changed() */
  async validate(fen, serial) {
    try {
      const r = await api.validate(this.variantSelect.value, fen);
      if (serial !== this.serial) return;
      if (r.status === 'over') {
        this.refused(`The game is already over in this position (${r.termination}).`);
        return;
      }
      this.validated = { ok: true, fen: r.fen };
      // The normalised FEN, unless the player has started typing another.
      if (this.fenInput.value === fen) this.fenInput.value = r.fen;
      this.validation.className = 'validation ok';
      const side =
        r.side_to_move === 'blue'
          ? 'Blue to move'
          : r.side_to_move === 'red'
            ? 'Red to move'
            : 'the first flip decides the colours';
      this.validation.textContent = `✓ Valid position: ${side}, ${r.legal_moves.length} legal move${r.legal_moves.length === 1 ? '' : 's'}.`;
      this.playButton.disabled = this.analyseButton.disabled = false;
    } catch (err) {
      if (serial !== this.serial) return;
      this.refused(messageOf(err));
    }
  }

  /** The position shown cannot be played, for `why`. @param {string} why */
  refused(why) {
    this.validated = { ok: false };
    this.validation.className = 'validation error';
    this.validation.textContent = `✗ ${why}`;
  }
}
