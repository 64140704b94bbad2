// @ts-check
// What one analysis stream has found, for a hint to take: the server serves
// hints and analyses from one share of its engines (docs/api.md), so a hint
// asked of it beside a running analysis waits for that analysis to end (up
// to its 15 s), while the analysis has been searching the same position all
// along. A hint on an analysed position is the analysis' best line, once it
// has searched as long as a hint would.

/** @template {{ time_ms?: number }} R */
export class AnalysisReports {
  constructor() {
    /** @type {R | null} the best line so far */
    this.best = null;
    /** @type {'running' | 'done' | 'stopped'} */
    this.state = 'running';
    /** @type {{ ms: number, resolve: (r: R | null) => void }[]} */
    this.waiting = [];
  }

  /** The stream's best line (its first), deeper than the one before. @param {R} report */
  report(report) {
    this.best = report;
    this.waiting = this.waiting.filter((w) => {
      if ((report.time_ms ?? 0) < w.ms) return true;
      w.resolve(report);
      return false;
    });
  }

  /**
   * The stream ended: it finished its search (its best line stands), or it
   * was stopped or failed (a hint must be asked of the server).
   * @param {boolean} finished
   */
  end(finished) {
    this.state = finished ? 'done' : 'stopped';
    for (const w of this.waiting) w.resolve(finished ? this.best : null);
    this.waiting = [];
  }

  /**
   * The best line once the analysis has searched `ms`, or has finished;
   * null if it stops first or found nothing.
   * @param {number} ms
   * @returns {Promise<R | null>}
   */
  after(ms) {
    if (this.state !== 'running') return Promise.resolve(this.state === 'done' ? this.best : null);
    if (this.best && (this.best.time_ms ?? 0) >= ms) return Promise.resolve(this.best);
    return new Promise((resolve) => this.waiting.push({ ms, resolve }));
  }
}
