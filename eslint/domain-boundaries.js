import { dirname, join, relative, resolve, sep } from 'node:path';

/**
 * The server's domain rules (issue 33, decision record 076), per domain folder `server/domains/<name>/`:
 *  - one shape for an endpoint: a route file (`routes.ts`, `routes/**`) parses and authorises, then calls a
 *    service; it imports no repository (a domain's `repository.ts` / `repositories/**`, or server/platform/db
 *    beyond `connect.ts`) and opens no transaction (`inTransaction(...)`, `db.transaction()`);
 *  - a domain reaches another only through that domain's service: a value import from another domain names
 *    its `service.ts` or `index.ts`. Type-only imports are free (they carry no behaviour).
 * tests/contract/lint-boundaries.test.ts plants a violation of each and proves ESLint refuses it.
 */
const ROOT = join(import.meta.dirname, '..');

/** The repository-relative path of a file, with "/" separators. */
const repoPath = (file) => relative(ROOT, file).split(sep).join('/');
const domainOf = (path) => /^server\/domains\/([^/]+)\/(.*)$/.exec(path);
const isRoute = (path) => /^server\/domains\/[^/]+\/routes(\.ts|\/)/.test(path);
const isRepository = (path) =>
  /^server\/domains\/[^/]+\/(repository\.ts$|repositories\/)/.test(path) ||
  (/^server\/platform\/db\/[^/]+\.ts$/.test(path) && !/\/(connect|schema)\.ts$/.test(path));

/** Each import of a file that brings values (not only types), with its target's repository-relative path. */
function valueImports(context, check) {
  const from = dirname(context.filename);
  const visit = (node, source, typeOnly) => {
    if (typeOnly || typeof source?.value !== 'string' || !source.value.startsWith('.')) return;
    check(node, repoPath(resolve(from, source.value)));
  };
  const allTypes = (node) =>
    node.importKind === 'type' ||
    (node.specifiers.length > 0 && node.specifiers.every((s) => s.importKind === 'type' || s.exportKind === 'type'));
  return {
    ImportDeclaration: (node) => visit(node, node.source, allTypes(node)),
    ExportNamedDeclaration: (node) => node.source && visit(node, node.source, node.exportKind === 'type'),
    ExportAllDeclaration: (node) => visit(node, node.source, node.exportKind === 'type'),
    ImportExpression: (node) => visit(node, node.source, false),
  };
}

const routeShape = {
  meta: {
    type: 'problem',
    schema: [],
    messages: {
      repository:
        'A route parses, authorises and calls one service function: it imports no repository ({{target}}); move the work into a service.',
      transaction: 'A route opens no transaction: transactions, audit rows and emails happen in a service.',
    },
  },
  create(context) {
    const file = repoPath(context.filename);
    if (!isRoute(file)) return {};
    return {
      ...valueImports(context, (node, target) => {
        if (isRepository(target)) context.report({ node, messageId: 'repository', data: { target } });
      }),
      CallExpression(node) {
        const { callee } = node;
        const opens =
          (callee.type === 'Identifier' && callee.name === 'inTransaction') ||
          (callee.type === 'MemberExpression' &&
            callee.property.type === 'Identifier' &&
            callee.property.name === 'transaction');
        if (opens) context.report({ node, messageId: 'transaction' });
      },
    };
  },
};

const throughService = {
  meta: {
    type: 'problem',
    schema: [],
    messages: {
      inside:
        "The {{domain}} domain reaches {{other}} only through its service's exported functions (server/domains/{{other}}/service.ts or index.ts), not {{target}}.",
    },
  },
  create(context) {
    const own = domainOf(repoPath(context.filename));
    if (!own) return {};
    return valueImports(context, (node, target) => {
      const other = domainOf(target);
      if (!other || other[1] === own[1] || /^(service|index)\.ts$/.test(other[2])) return;
      context.report({ node, messageId: 'inside', data: { domain: own[1], other: other[1], target } });
    });
  },
};

export const domainBoundaries = { rules: { 'route-shape': routeShape, 'through-service': throughService } };
