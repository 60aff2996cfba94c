// @ts-check
/**
 * The architecture's import boundaries as one ESLint rule (DESIGN.md §2, CONVENTIONS.md "Layout"):
 * - a web feature never imports another feature (features meet in `app/`);
 * - web `shared/` imports neither `app/` nor `features/` (shared → features → app, one way);
 * - the web never imports the server; the contract imports neither web nor server.
 * Proven by failing examples in tools/lint/boundaries.test.ts.
 */
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '../..');
const WEB_SRC = path.join(ROOT, 'apps/web/src');
const SERVER = path.join(ROOT, 'apps/server');
const WEB = path.join(ROOT, 'apps/web');
const CONTRACT = path.join(ROOT, 'packages/contract');

/** `dir` holds `file` (or is it). @param {string} dir @param {string} file */
const within = (dir, file) => file === dir || file.startsWith(dir + path.sep);

/** The feature folder name of a path under apps/web/src/features, or null. @param {string} file */
function featureOf(file) {
  const rel = path.relative(path.join(WEB_SRC, 'features'), file);
  if (rel.startsWith('..') || path.isAbsolute(rel)) return null;
  return rel.split(path.sep)[0] ?? null;
}

/**
 * Where an import points: an absolute path for relative sources and workspace packages, else null.
 * @param {string} source @param {string} file
 */
function target(source, file) {
  if (source.startsWith('.')) return path.resolve(path.dirname(file), source);
  if (source === '@portside/server' || source.startsWith('@portside/server/')) return path.join(SERVER, source.slice(17));
  if (source === '@portside/web' || source.startsWith('@portside/web/')) return path.join(WEB, source.slice(14));
  return null;
}

/**
 * The message for an import from `file` to `to`, or null when the boundaries allow it.
 * @param {string} file @param {string} to @returns {string | null}
 */
export function boundaryViolation(file, to) {
  if (within(WEB_SRC, file)) {
    if (within(SERVER, to)) return 'The web never imports the server; share code through packages/contract.';
    const from = featureOf(file);
    const into = featureOf(to);
    if (from && into && from !== into) return `Feature '${from}' imports feature '${into}'; features meet in app/.`;
    if (within(path.join(WEB_SRC, 'shared'), file) && (within(path.join(WEB_SRC, 'app'), to) || into))
      return 'shared/ imports neither app/ nor features/ (shared → features → app).';
  }
  if (within(CONTRACT, file) && (within(SERVER, to) || within(WEB, to)))
    return 'The contract imports neither the web nor the server.';
  return null;
}

/** @type {import('eslint').Rule.RuleModule} */
const rule = {
  meta: {
    type: 'problem',
    docs: { description: 'Import boundaries between web features, shared, app, server and contract' },
    schema: [],
  },
  create(context) {
    const file = context.filename;
    /** @param {any} node */
    function check(node) {
      const source = node.source;
      if (!source || source.type !== 'Literal' || typeof source.value !== 'string') return;
      const to = target(source.value, file);
      const message = to && boundaryViolation(file, to);
      if (message) context.report({ node: source, message });
    }
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
    };
  },
};

export default { rules: { boundaries: rule } };
