// What a running analysis hands a hint (src/web/assets/js/game/analysis_reports.js).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { AnalysisReports } from '../../src/web/assets/js/game/analysis_reports.js';

/** Whether a promise has settled, and with what, after the queued callbacks ran. */
async function settled(promise) {
  let out = 'pending';
  promise.then((v) => (out = v));
  await new Promise((resolve) => setImmediate(resolve));
  return out;
}

test('a hint waits until the analysis has searched its time', async () => {
  const reports = new AnalysisReports();
  const hint = reports.after(1000);
  reports.report({ move: 'a', time_ms: 400 });
  assert.equal(await settled(hint), 'pending');
  const deeper = { move: 'b', time_ms: 1200 };
  reports.report(deeper);
  assert.equal(await settled(hint), deeper);
  // Asked later, it is answered at once by the best line so far.
  const last = { move: 'c', time_ms: 2500 };
  reports.report(last);
  assert.equal(await settled(reports.after(1000)), last);
});

test('a finished analysis answers with its last best line, a stopped one with nothing', async () => {
  const finished = new AnalysisReports();
  const early = finished.after(1000);
  const line = { move: 'a', time_ms: 30 };
  finished.report(line);
  finished.end(true);
  assert.equal(await settled(early), line);
  assert.equal(await settled(finished.after(1000)), line);

  const stopped = new AnalysisReports();
  const waiting = stopped.after(1000);
  stopped.report({ move: 'a', time_ms: 30 });
  stopped.end(false);
  assert.equal(await settled(waiting), null);
  assert.equal(await settled(stopped.after(1000)), null);
  // A finished analysis that found nothing has nothing to give.
  const empty = new AnalysisReports();
  empty.end(true);
  assert.equal(await settled(empty.after(1000)), null);
});
