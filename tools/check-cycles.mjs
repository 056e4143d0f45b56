// Import cycles, checked with `npm run lint` (docs/ARCHITECTURE.md, "Boundaries").
// Two graphs, every import counted (types and lazy `import()` too: a cycle of
// types is still two files that cannot be understood one without the other):
// - files: no file reaches itself through its imports, in the server, the web
//   or the shared package;
// - server modules: no module (apps/server/src/modules/x) reaches itself through
//   other modules. A module that needs something of another one's caller
//   declares the small interface it needs, and app.ts passes the caller in.
// Usage: node tools/check-cycles.mjs   (exit 1 and the cycles in Spanish when any)
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const EXTENSIONS = ['.ts', '.tsx', '/index.ts', '/index.tsx'];

function sourceFiles(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' || entry.name === 'dist' ? [] : sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.d\.ts$/.test(entry.name) ? [full] : [];
  });
}

const exists = (file) => {
  try {
    return statSync(file).isFile();
  } catch {
    return false;
  }
};

/** The file an import names, or null for a package outside the repository. */
function resolve(root, from, specifier) {
  const webSrc = path.join(root, 'apps/web/src');
  const sharedSrc = path.join(root, 'packages/shared/src');
  let base;
  if (specifier.startsWith('.')) base = path.resolve(path.dirname(from), specifier);
  else if (specifier.startsWith('@/')) base = path.join(webSrc, specifier.slice(2));
  else if (specifier === '@bufete/shared') base = path.join(sharedSrc, 'index');
  else if (specifier === '@bufete/shared/messages') base = path.join(sharedSrc, 'messages/index');
  else if (specifier.startsWith('@bufete/shared/')) base = path.join(sharedSrc, specifier.slice('@bufete/shared/'.length));
  else return null;
  base = base.replace(/\.(js|ts|tsx)$/, '');
  for (const extension of EXTENSIONS) if (exists(base + extension)) return base + extension;
  return null;
}

/** Tarjan's strongly connected components: each one of more than one node is a cycle. */
function cyclesOf(graph) {
  let index = 0;
  const indexes = new Map();
  const lowlinks = new Map();
  const stack = [];
  const onStack = new Set();
  const found = [];
  const visit = (node) => {
    indexes.set(node, index);
    lowlinks.set(node, index);
    index += 1;
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!indexes.has(next)) {
        visit(next);
        lowlinks.set(node, Math.min(lowlinks.get(node), lowlinks.get(next)));
      } else if (onStack.has(next)) lowlinks.set(node, Math.min(lowlinks.get(node), indexes.get(next)));
    }
    if (lowlinks.get(node) === indexes.get(node)) {
      const component = [];
      let member;
      do {
        member = stack.pop();
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      if (component.length > 1) found.push(component);
    }
  };
  for (const node of graph.keys()) if (!indexes.has(node)) visit(node);
  return found;
}

/** One path around a component, to show: from its first member back to it. */
function loopThrough(graph, component) {
  const members = new Set(component);
  const start = [...component].sort()[0];
  const previous = new Map([[start, null]]);
  const queue = [start];
  while (queue.length) {
    const node = queue.shift();
    for (const next of graph.get(node) ?? []) {
      if (!members.has(next)) continue;
      if (next === start) {
        const loop = [start];
        for (let at = node; at !== start; at = previous.get(at)) loop.splice(1, 0, at);
        return [...loop, start];
      }
      if (!previous.has(next)) {
        previous.set(next, node);
        queue.push(next);
      }
    }
  }
  return component;
}

const existsDir = (dir) => {
  try {
    return statSync(dir).isDirectory();
  } catch {
    return false;
  }
};

/** Every import cycle under `root` (a checkout of this repository), in Spanish; none is []. */
export function importCycles(root) {
  const modulesDir = path.join(root, 'apps/server/src/modules');
  const files = new Map();
  const modules = new Map();
  const moduleOf = (file) => {
    const relative = path.relative(modulesDir, file);
    return relative.startsWith('..') ? null : relative.split(path.sep)[0];
  };
  for (const file of ['apps/server/src', 'apps/web/src', 'packages/shared/src']
    .map((dir) => path.join(root, dir))
    .filter(existsDir)
    .flatMap(sourceFiles)) {
    const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
    const targets = new Set(importedFiles.map((imported) => resolve(root, file, imported.fileName)).filter(Boolean));
    files.set(file, targets);
    const from = moduleOf(file);
    if (!from) continue;
    if (!modules.has(from)) modules.set(from, new Set());
    for (const target of targets) {
      const to = moduleOf(target);
      if (to && to !== from) modules.get(from).add(to);
    }
  }

  const problems = [
    ...cyclesOf(files).map(
      (component) =>
        `Ciclo de archivos: ${loopThrough(files, component)
          .map((file) => path.relative(root, file))
          .join(' → ')}`,
    ),
    ...cyclesOf(modules).map((component) => `Ciclo de módulos del servidor: ${loopThrough(modules, component).join(' → ')}`),
  ];
  return { problems, files: files.size, modules: modules.size };
}

if (process.argv[1] && path.resolve(process.argv[1]) === import.meta.filename) {
  const { problems, files, modules } = importCycles(path.resolve(import.meta.dirname, '..'));
  if (problems.length) {
    console.error(problems.join('\n'));
    console.error(
      `\n${problems.length} ciclo(s) de importaciones. Rómpelos: un módulo declara la interfaz pequeña que necesita de otro (app.ts le pasa el servicio), y lo que dos archivos comparten va a un tercero.`,
    );
    process.exit(1);
  }
  console.log(`Sin ciclos de importaciones (${files} archivos, ${modules} módulos del servidor).`);
}
