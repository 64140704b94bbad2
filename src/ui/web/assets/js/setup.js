// The position editor: place and remove pieces, choose the side to move,
// FEN in and out; the server validates the position before it can be played.
import { api } from './api.js';
import { Board } from './board.js';
import { LETTERS, buildFen, parseFen } from './fen.js';
import { ANIMALS, drawPiece, svg } from './pieces.js';

export class SetupEditor {
  constructor({ variants, onPlay, getStyle }) {
    this.variants = variants;
    this.onPlay = onPlay;
    this.getStyle = getStyle;
    this.dialog = document.getElementById('dlg-setup');
    this.fenInput = document.getElementById('setup-fen');
    this.variantSelect = document.getElementById('setup-variant');
    this.validation = document.getElementById('setup-validation');
    this.playButton = document.getElementById('setup-play');
    this.board = new Board(document.getElementById('setup-board'), { editor: true, onSquare: (sq, e) => this.onSquare(sq, e) });
    this.tool = { side: 'blue', letter: 'E' };
    this.position = parseFen('7/7/7/7/7/7/7/7/7 w');
    this.validated = null;
    this.timer = 0;
    this.serial = 0;

    for (const v of variants) this.variantSelect.add(new Option(v.name, v.name));
    this.variantSelect.addEventListener('change', () => this.changed(true));
    this.buildPalette();
    for (const r of this.dialog.querySelectorAll('input[name="setup-side"]')) {
      r.addEventListener('change', () => { this.position.side = r.value === 'b' ? 'red' : 'blue'; this.changed(); });
    }
    document.getElementById('setup-apply-fen').addEventListener('click', () => this.readFen());
    this.fenInput.addEventListener('keydown', (e) => { if (e.key === 'Enter') { e.preventDefault(); this.readFen(); } });
    document.getElementById('setup-start').addEventListener('click', () => {
      this.position = parseFen(this.variant().start_fen);
      this.changed();
    });
    document.getElementById('setup-clear').addEventListener('click', () => {
      this.position = parseFen(`7/7/7/7/7/7/7/7/7 ${this.position.side === 'red' ? 'b' : 'w'}`);
      this.changed();
    });
    this.dialog.querySelector('form').addEventListener('submit', (e) => {
      if (e.submitter?.value !== 'play') return;
      e.preventDefault();
      if (!this.validated?.ok) return;
      this.dialog.close();
      this.onPlay({ variant: this.variantSelect.value, fen: this.validated.fen });
    });
  }

  variant() {
    return this.variants.find((v) => v.name === this.variantSelect.value) || this.variants[0];
  }

  open({ variant, fen }) {
    this.variantSelect.value = variant || 'standard';
    this.position = parseFen(fen || this.variant().start_fen);
    this.board.setStyle(this.getStyle());
    this.refreshPalette();
    this.changed(true);
    this.dialog.showModal();
  }

  buildPalette() {
    const palette = document.getElementById('palette');
    palette.replaceChildren();
    this.paletteButtons = [];
    const add = (tool, label, content) => {
      const b = document.createElement('button');
      b.type = 'button';
      b.className = 'palette-item';
      b.setAttribute('role', 'radio');
      b.title = label;
      b.setAttribute('aria-label', label);
      b.dataset.tool = tool ? `${tool.side}-${tool.letter}` : 'erase';
      b.appendChild(content);
      b.addEventListener('click', () => { this.tool = tool; this.refreshPalette(); });
      palette.appendChild(b);
      this.paletteButtons.push({ b, tool });
    };
    for (const side of ['blue', 'red']) {
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
  }

  refreshPalette() {
    const style = this.getStyle();
    const ranks = this.variant()?.ranks;
    for (const { b, tool } of this.paletteButtons) {
      const on = tool === this.tool || (tool && this.tool && tool.side === this.tool.side && tool.letter === this.tool.letter);
      b.setAttribute('aria-checked', on ? 'true' : 'false');
      const icon = b.querySelector('svg');
      if (icon) icon.replaceChildren(drawPiece({ side: icon.dataset.side, letter: icon.dataset.letter }, { style, ranks }));
    }
  }

  onSquare(sq, e) {
    const current = this.position.board[sq];
    const erase = !this.tool || e.button === 2;
    if (erase) {
      this.position.board[sq] = null;
    } else if (current && current.side === this.tool.side && current.letter === this.tool.letter) {
      this.position.board[sq] = null;
    } else {
      // One of each animal a side under the usual rules: placing it again moves it.
      const idx = this.position.board.findIndex((p) => p && p.side === this.tool.side && p.letter === this.tool.letter);
      if (idx >= 0) this.position.board[idx] = null;
      this.position.board[sq] = { ...this.tool };
    }
    this.changed();
  }

  readFen() {
    const text = this.fenInput.value.trim();
    if (!text) return;
    this.position = parseFen(text);
    this.changed(false, text);
  }

  changed(variantChanged = false, fenOverride = null) {
    if (variantChanged) {
      this.board.setVariant(this.variant());
      this.refreshPalette();
    }
    const fen = fenOverride || buildFen(this.position.board, this.position.side);
    this.board.setPosition(fen);
    this.fenInput.value = fen;
    for (const r of this.dialog.querySelectorAll('input[name="setup-side"]')) {
      r.checked = (r.value === 'b') === (this.position.side === 'red');
    }
    this.validated = null;
    this.playButton.disabled = true;
    this.validation.className = 'validation';
    this.validation.textContent = 'Checking…';
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.validate(fen), 200);
  }

  async validate(fen) {
    const serial = ++this.serial;
    try {
      const r = await api.validate(this.variantSelect.value, fen);
      if (serial !== this.serial) return;
      if (r.status === 'over') {
        this.validated = { ok: false };
        this.validation.className = 'validation error';
        this.validation.textContent = `✗ The game is already over in this position (${r.termination}).`;
        return;
      }
      this.validated = { ok: true, fen: r.fen };
      // The normalised FEN, unless the player has started typing another.
      if (this.fenInput.value === fen) this.fenInput.value = r.fen;
      this.validation.className = 'validation ok';
      const side = r.side_to_move === 'blue' ? 'Blue' : 'Red';
      this.validation.textContent = `✓ Valid position: ${side} to move, ${r.legal_moves.length} legal move${r.legal_moves.length === 1 ? '' : 's'}.`;
      this.playButton.disabled = false;
    } catch (err) {
      if (serial !== this.serial) return;
      this.validated = { ok: false };
      this.validation.className = 'validation error';
      this.validation.textContent = `✗ ${err.message}`;
    }
  }
}
