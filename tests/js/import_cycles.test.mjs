// The circular-import check (import_cycles.mjs), run over small trees of
// modules written for each test: a circle of modules, and one of folders,
// fail with their names; a tree whose imports go one way passes, whatever
// its JSDoc types and comments say.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';

const script = join(dirname(fileURLToPath(import.meta.url)), 'import_cycles.mjs');

/**
 * Writes `files` (path -> text) into a fresh folder and runs the check on it.
 * @param {Record<string, string>} files
 */
function check(files) {
  const root = mkdtempSync(join(tmpdir(), 'import-cycles-'));
  try {
    for (const [path, text] of Object.entries(files)) {
      mkdirSync(dirname(join(root, path)), { recursive: true });
      writeFileSync(join(root, path), text);
    }
    const run = spawnSync(process.execPath, [script, root], { cwd: root, encoding: 'utf8' });
    return { status: run.status, out: run.stdout, err: run.stderr };
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

test('imports that go one way pass; types and comments do not count', () => {
  const { status, out } = check({
    'app.js': "import { b } from './flows/b.js';\nb();\n",
    'flows/b.js': [
      "/** @typedef {import('../flows/b.js').X} Y */",
      '// import { a } from "../app.js";',
      "import {\n  c,\n  d,\n} from '../util/c.js';",
      'export const b = () => c + d;',
    ].join('\n'),
    'util/c.js': "/** @typedef {import('../app.js').Z} Z */\nexport const c = 1;\nexport const d = 2;\n",
  });
  assert.equal(status, 0);
  assert.equal(out, 'import cycles: none (3 modules, 2 imports, 3 folders)\n');
});

test('a circle of modules fails, naming its modules and one way round', () => {
  const { status, err } = check({
    'a.js': "import { b } from './b.js';\nexport const a = () => b;\n",
    'b.js': "import { c } from './c.js';\nexport const b = () => c;\n",
    'c.js': "export { a as c } from './a.js';\n",
    'd.js': "import { a } from './a.js';\nexport const d = a;\n",
  });
  assert.equal(status, 1);
  assert.match(err, /^import cycles: 1 circle\(s\) among the modules of \.:\n {2}modules a\.js, b\.js, c\.js\n/);
  assert.match(err, / {4}e\.g\. a\.js -> b\.js -> c\.js -> a\.js\n/);
});

test('a module importing itself is a circle', () => {
  const { status, err } = check({ 'self.js': "import './self.js';\n" });
  assert.equal(status, 1);
  assert.match(err, /modules self\.js\n {4}e\.g\. self\.js -> self\.js\n/);
});

test('folders whose modules import each other fail, naming the imports that close the circle', () => {
  const { status, err } = check({
    'views/v.js': "import { leaf } from '../flows/leaf.js';\nexport const v = leaf;\n",
    'flows/leaf.js': 'export const leaf = 1;\n',
    'flows/f.js': "import { v } from '../views/v.js';\nexport const f = v;\n",
  });
  assert.equal(status, 1);
  assert.doesNotMatch(err, /among the modules/);
  assert.match(err, /among the folders of \.:\n {2}folders flows, views\n/);
  assert.match(err, / {4}flows\/f\.js imports views\/v\.js\n {4}views\/v\.js imports flows\/leaf\.js\n/);
});

test('an import of a module that is not there is named', () => {
  const { status, err } = check({ 'a.js': "import { b } from './gone.js';\n" });
  assert.equal(status, 1);
  assert.match(err, /^import cycles: a\.js imports '\.\/gone\.js', which is not there \(gone\.js\)/);
});
