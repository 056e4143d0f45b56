// Architecture boundaries, as lint rules (docs/ARCHITECTURE.md):
// - web: features never import each other; app/ (the router, the shell and the
//   pages that combine features, app/pages) uses a feature only through its
//   entry (features/x/index.ts); components/ and lib/ never import features.
// - server: a route file never touches the database (it calls its service);
//   a module uses another module only through its service.ts or schema.ts (or, for
//   the account's export, the portable.ts that says what of its tables goes).
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const webSrc = path.join(root, 'apps/web/src');
const serverSrc = path.join(root, 'apps/server/src');

/** Where an import points, as an absolute path without extension (null for packages). */
function resolveImport(filename, specifier) {
  if (specifier.startsWith('@/')) return path.join(webSrc, specifier.slice(2));
  if (specifier.startsWith('.')) return path.resolve(path.dirname(filename), specifier);
  return null;
}

function inside(file, dir) {
  const relative = path.relative(dir, file);
  return !relative.startsWith('..') && !path.isAbsolute(relative);
}

/** 'cases' for .../features/cases/whatever (relative to `base`). */
function areaOf(file, base) {
  if (!inside(file, base)) return null;
  return path.relative(base, file).split(path.sep)[0] ?? null;
}

function checkSources(context, check) {
  const filename = context.filename ?? context.getFilename();
  const visit = (node, source) => {
    if (!source || typeof source.value !== 'string') return;
    const message = check(filename, source.value, resolveImport(filename, source.value));
    if (message) context.report({ node: source, message });
  };
  return {
    ImportDeclaration: (node) => visit(node, node.source),
    ExportNamedDeclaration: (node) => visit(node, node.source),
    ExportAllDeclaration: (node) => visit(node, node.source),
    ImportExpression: (node) => visit(node, node.source),
  };
}

/** @type {import('eslint').Rule.RuleModule} */
const featureBoundaries = {
  meta: {
    type: 'problem',
    schema: [],
    docs: { description: 'Features never import each other; app/ uses a feature through its entry; components/ and lib/ never import features.' },
  },
  create(context) {
    const features = path.join(webSrc, 'features');
    return checkSources(context, (filename, specifier, target) => {
      if (!target || !inside(target, features)) return null;
      const targetArea = areaOf(target, features);
      const fromArea = areaOf(filename, features);
      if (fromArea === targetArea) return null;
      if (fromArea) {
        return `Una feature no importa otra (${fromArea} → ${specifier}): compón las dos en app/pages, o lleva lo que comparten a components/ o lib/ (lib/resources.ts para la caché).`;
      }
      if (inside(filename, path.join(webSrc, 'components')) || inside(filename, path.join(webSrc, 'lib'))) {
        return `components/ y lib/ no importan features (${specifier}): lo compartido vive en components/ o lib/.`;
      }
      const relative = path.relative(features, target);
      // `static` is a feature's build-time entry (components rendered to HTML by apps/web/prerender.ts).
      const isEntry = relative === targetArea || relative === path.join(targetArea, 'index') || (!inside(filename, webSrc) && relative === path.join(targetArea, 'static'));
      return isEntry ? null : `Usa la entrada pública de la feature '${targetArea}' (@/features/${targetArea}), no sus archivos internos (${specifier}).`;
    });
  },
};

/** @type {import('eslint').Rule.RuleModule} */
const moduleBoundaries = {
  meta: { type: 'problem', schema: [], docs: { description: 'Route files never touch the database; modules use each other only through service.ts, schema.ts and portable.ts.' } },
  create(context) {
    const modules = path.join(serverSrc, 'modules');
    return checkSources(context, (filename, specifier, target) => {
      const fromArea = areaOf(filename, modules);
      if (!fromArea) return null;
      const isRouteFile = path.basename(filename).replace(/\.[tj]s$/, '') === 'routes';
      if (
        isRouteFile &&
        (specifier === 'drizzle-orm' ||
          specifier.startsWith('drizzle-orm/') ||
          (target && inside(target, path.join(serverSrc, 'db'))) ||
          (target && path.basename(target) === 'schema'))
      ) {
        return `Un archivo de rutas no toca la base de datos (${specifier}): llama al servicio de su módulo.`;
      }
      if (!target || !inside(target, modules)) return null;
      const targetArea = areaOf(target, modules);
      if (targetArea === fromArea) return null;
      const file = path.basename(target).replace(/\.[tj]s$/, '');
      return file === 'service' || file === 'schema' || file === 'portable'
        ? null
        : `El módulo '${fromArea}' usa '${targetArea}' solo a través de su service.ts, schema.ts o portable.ts (${specifier}).`;
    });
  },
};

export default { rules: { 'feature-boundaries': featureBoundaries, 'module-boundaries': moduleBoundaries } };
