/**
 * The shared contract as the browser needs it (docs/decisions/0028), in the
 * web build only; the server and the tests read packages/shared untouched.
 *
 * - An endpoint keeps its method, path, auth and status: all `call` and
 *   `urlOf` read. Its query, body, upload and response schemas are the
 *   server's business (it parses every request and checks its replies), so
 *   they are left out, and with them every import of a schema a screen does
 *   not use itself.
 * - Every module-level constant of packages/shared is built on first need
 *   only if something uses it: its initializer becomes a call the bundler may
 *   drop (`/* @__PURE__ *\/ (() => …)()`). zod builds schemas with calls it
 *   cannot know are free of side effects, so without this a module that one
 *   form needs a schema from would bring every schema it defines, and zod with
 *   them, to every page that reads a label from it.
 *
 * Together with the web importing each shared module by its path (an ESLint
 * rule), a signed-in page's first paint loads no zod: only the forms do,
 * when they open.
 */
import type { Plugin } from 'vite';

const SHARED_MODULE = /[\\/]packages[\\/]shared[\\/]src[\\/].+\.ts$/;
/** zod.ts configures zod's Spanish messages: its one statement is meant to run. */
const LEFT_AS_IS = /[\\/]packages[\\/]shared[\\/]src[\\/]zod\.ts$/;
const SERVER_ONLY_FIELDS = new Set(['query', 'body', 'upload', 'response']);

interface Node {
  type: string;
  start: number;
  end: number;
  [key: string]: unknown;
}
interface Edit {
  at: number;
  end: number;
  text: string;
}

export function contractForTheBrowser(): Plugin {
  return {
    name: 'bufete:contract-for-the-browser',
    apply: 'build',
    // After TypeScript is stripped: what is parsed here is JavaScript.
    enforce: 'post',
    transform(code, id) {
      if (!SHARED_MODULE.test(id) || LEFT_AS_IS.test(id)) return null;
      const stripped = applyEdits(code, endpointEdits(this.parse(code) as unknown as Node, code));
      const program = this.parse(stripped) as unknown as { body: Node[] };
      const edits = [...unusedImportEdits(program), ...pureInitializerEdits(program)];
      if (stripped === code && edits.length === 0) return null;
      return { code: applyEdits(stripped, edits), map: null };
    },
  };
}

/** Applied from the end, so earlier positions stay valid; an edit nested in another lies strictly inside it. */
function applyEdits(code: string, edits: Edit[]): string {
  let out = code;
  for (const edit of [...edits].sort((a, b) => b.at - a.at)) out = out.slice(0, edit.at) + edit.text + out.slice(edit.end);
  return out;
}

/** Each module-level `const x = <anything that calls>` becomes `const x = /* @__PURE__ *\/ (() => (<it>))()`. */
function pureInitializerEdits(program: { body: Node[] }): Edit[] {
  const edits: Edit[] = [];
  for (const statement of program.body) {
    const declaration = statement.type === 'ExportNamedDeclaration' ? (statement.declaration as Node | null) : statement;
    if (declaration?.type !== 'VariableDeclaration') continue;
    for (const declarator of declaration.declarations as Node[]) {
      const init = declarator.init as Node | null;
      if (!init || !mayHaveEffects(init)) continue;
      edits.push({ at: init.start, end: init.start, text: '/* @__PURE__ */ (() => (' }, { at: init.end, end: init.end, text: '))()' });
    }
  }
  return edits;
}

/**
 * Imports nothing in the module reads any more (an endpoint module's schemas,
 * once its endpoints are stripped) are removed, so the bundler does not even
 * see the schema modules as its dependencies.
 */
function unusedImportEdits(program: { body: Node[] }): Edit[] {
  const read = new Set<string>();
  for (const statement of program.body) if (statement.type !== 'ImportDeclaration') collectIdentifiers(statement, read);
  const edits: Edit[] = [];
  for (const statement of program.body) {
    if (statement.type !== 'ImportDeclaration') continue;
    const specifiers = statement.specifiers as Node[];
    if (specifiers.length > 0 && specifiers.every((specifier) => !read.has((specifier.local as { name: string }).name))) {
      edits.push({ at: statement.start, end: statement.end, text: '' });
    }
  }
  return edits;
}

function collectIdentifiers(node: Node, into: Set<string>): void {
  if (node.type === 'Identifier') into.add((node as unknown as { name: string }).name);
  for (const value of Object.values(node)) {
    if (Array.isArray(value)) for (const child of value) if (isNode(child)) collectIdentifiers(child, into);
    if (isNode(value)) collectIdentifiers(value, into);
  }
}

/** Literals and functions cost nothing to keep or drop; anything else may call something. */
function mayHaveEffects(node: Node): boolean {
  return !['Literal', 'ArrowFunctionExpression', 'FunctionExpression'].includes(node.type);
}

/** `endpoint({ method, path, auth, query, body, response, status })` → `endpoint({ method, path, auth, status })`, wherever it appears under `node`. */
function endpointEdits(node: Node, code: string, edits: Edit[] = []): Edit[] {
  if (node.type === 'CallExpression' && (node.callee as Node).type === 'Identifier' && (node.callee as { name: string }).name === 'endpoint') {
    const [definition] = node.arguments as Node[];
    if (definition?.type === 'ObjectExpression') {
      const kept = (definition.properties as Node[]).filter((property) => !SERVER_ONLY_FIELDS.has(keyOf(property) ?? ''));
      edits.push({ at: definition.start, end: definition.end, text: `{ ${kept.map((property) => code.slice(property.start, property.end)).join(', ')} }` });
      return edits;
    }
  }
  for (const value of Object.values(node)) {
    if (Array.isArray(value)) for (const child of value) if (isNode(child)) endpointEdits(child, code, edits);
    if (isNode(value)) endpointEdits(value, code, edits);
  }
  return edits;
}

function keyOf(property: Node): string | undefined {
  if (property.type !== 'Property' || property.computed) return undefined;
  const key = property.key as { type: string; name?: string; value?: unknown };
  return key.type === 'Identifier' ? key.name : typeof key.value === 'string' ? key.value : undefined;
}

function isNode(value: unknown): value is Node {
  return typeof value === 'object' && value !== null && typeof (value as Node).type === 'string' && typeof (value as Node).start === 'number';
}
