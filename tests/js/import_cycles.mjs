// Fails when the page's modules (src/web/assets/js, or the folder given) import
// each other in a circle. A circle makes the order in which the browser runs
// the modules depend on which one was asked for first, so a module can see
// another's bindings before they are set; and it hides which module is the
// leaf and which the flow. The graph is read from the static `import ... from`
// and `export ... from` statements of every .js file under the folder (the
// JSDoc `import('./x.js')` types are erased before anything runs, so they do
// not count); its strongly connected components are found with Tarjan's
// algorithm, and each one with more than one module (or a module importing
// itself) is named with one path around it. The same is asked of the
// folders: one whose modules import from a second folder whose modules
// import from the first is named with the imports that close the circle.
//
// Usage: node tests/js/import_cycles.mjs [folder]   (exit 1 on a circle)
import { readdirSync, readFileSync, existsSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const root = resolve(process.argv[2] ?? join(here, '../../src/web/assets/js'));

/** @param {string} dir @returns {string[]} every .js file under dir, sorted */
function jsFiles(dir) {
  /** @type {string[]} */
  const out = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...jsFiles(path));
    else if (entry.isFile() && entry.name.endsWith('.js')) out.push(path);
  }
  return out.sort();
}

// Comments that open a line go first, so that an import written in one (an
// example in a JSDoc block) is not read. Only statements that open a line
// are read at all, so a string that looks like an import is not either.
/** @param {string} text */
function withoutComments(text) {
  return text.replace(/^\s*\/\*[\s\S]*?\*\//gm, '').replace(/^\s*\/\/.*$/gm, '');
}

// `import x from '...'`, `import { a, b as c } from '...'`, `import * as n from
// '...'`, `import '...'`, `export { a } from '...'`, `export * from '...'`.
const IMPORT = /^\s*import\s+(?:[\w$*{}\s,]+?\s+from\s+)?['"]([^'"]+)['"]/gm;
const REEXPORT = /^\s*export\s+(?:\*(?:\s+as\s+[\w$]+)?|\{[^}]*\})\s+from\s+['"]([^'"]+)['"]/gm;

/** @param {string} file @returns {string[]} the files under root it imports */
function importsOf(file) {
  const text = withoutComments(readFileSync(file, 'utf8'));
  /** @type {string[]} */
  const out = [];
  for (const re of [IMPORT, REEXPORT]) {
    for (const m of text.matchAll(re)) {
      const spec = m[1];
      if (!spec.startsWith('.')) continue; // a bare name: not one of ours
      const target = resolve(dirname(file), spec);
      if (!existsSync(target)) {
        console.error(
          `import cycles: ${relative(root, file)} imports '${spec}', which is not there (${relative(root, target)})`,
        );
        process.exit(1);
      }
      out.push(target);
    }
  }
  return [...new Set(out)];
}

/**
 * Tarjan's strongly connected components.
 * @param {Map<string, string[]>} graph
 * @returns {string[][]}
 */
function components(graph) {
  let index = 0;
  /** @type {Map<string, number>} */ const order = new Map();
  /** @type {Map<string, number>} */ const low = new Map();
  /** @type {string[]} */ const stack = [];
  const onStack = new Set();
  /** @type {string[][]} */ const found = [];
  /** @param {string} v */
  const visit = (v) => {
    order.set(v, index);
    low.set(v, index);
    index++;
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!order.has(w)) {
        visit(w);
        low.set(v, Math.min(/** @type {number} */ (low.get(v)), /** @type {number} */ (low.get(w))));
      } else if (onStack.has(w)) {
        low.set(v, Math.min(/** @type {number} */ (low.get(v)), /** @type {number} */ (order.get(w))));
      }
    }
    if (low.get(v) === order.get(v)) {
      /** @type {string[]} */ const component = [];
      let w;
      do {
        w = /** @type {string} */ (stack.pop());
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      found.push(component);
    }
  };
  for (const v of graph.keys()) if (!order.has(v)) visit(v);
  return found;
}

/**
 * One circle through a component: the shortest path from its first module
 * back to itself, by breadth-first search inside the component.
 * @param {Map<string, string[]>} graph
 * @param {string[]} component
 */
function circleThrough(graph, component) {
  const inside = new Set(component);
  const start = [...component].sort()[0];
  /** @type {Map<string, string>} */ const cameFrom = new Map();
  const queue = [start];
  while (queue.length > 0) {
    const v = /** @type {string} */ (queue.shift());
    for (const w of graph.get(v) ?? []) {
      if (!inside.has(w)) continue;
      if (w === start) {
        const path = [v];
        while (path[0] !== start) path.unshift(/** @type {string} */ (cameFrom.get(path[0])));
        return [...path, start];
      }
      if (!cameFrom.has(w)) {
        cameFrom.set(w, v);
        queue.push(w);
      }
    }
  }
  return [start, start];
}

const graph = new Map(jsFiles(root).map((f) => [f, importsOf(f)]));
const name = (/** @type {string} */ f) => relative(root, f);
const circles = components(graph).filter((c) => c.length > 1 || (graph.get(c[0]) ?? []).includes(c[0]));

// The folders too: a module imports only from its own folder and the folders
// before it, so that the folders read in one order (src/web/README.md).
const folderOf = (/** @type {string} */ f) => dirname(name(f));
/** @type {Map<string, string[]>} */
const folders = new Map();
/** @type {Map<string, string>} one import that makes each edge between folders, "from -> to" */
const because = new Map();
for (const [f, targets] of graph) {
  const from = folderOf(f);
  if (!folders.has(from)) folders.set(from, []);
  for (const t of targets) {
    const to = folderOf(t);
    if (to === from || folders.get(from)?.includes(to)) continue;
    folders.get(from)?.push(to);
    because.set(`${from} -> ${to}`, `${name(f)} imports ${name(t)}`);
  }
}
const folderCircles = components(folders).filter((c) => c.length > 1);

if (circles.length > 0 || folderCircles.length > 0) {
  const where = relative(process.cwd(), root) || '.';
  if (circles.length > 0) console.error(`import cycles: ${circles.length} circle(s) among the modules of ${where}:`);
  for (const c of circles) {
    console.error(`  modules ${c.map(name).sort().join(', ')}`);
    console.error(`    e.g. ${circleThrough(graph, c).map(name).join(' -> ')}`);
  }
  if (folderCircles.length > 0) {
    console.error(`import cycles: ${folderCircles.length} circle(s) among the folders of ${where}:`);
  }
  for (const c of folderCircles) {
    const path = circleThrough(folders, c);
    console.error(`  folders ${[...c].sort().join(', ')}`);
    for (let i = 0; i + 1 < path.length; i++) console.error(`    ${because.get(`${path[i]} -> ${path[i + 1]}`)}`);
  }
  console.error(
    'Move what the leaf modules need out of the flows (and what a module keeps of the page into state/), so that imports go one way.',
  );
  process.exit(1);
}
let edges = 0;
for (const targets of graph.values()) edges += targets.length;
console.log(`import cycles: none (${graph.size} modules, ${edges} imports, ${folders.size} folders)`);
