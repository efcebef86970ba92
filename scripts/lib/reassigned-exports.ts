// A chunk's exports that its code assigns again after its first run (decision 0062). A lazy chunk reads
// a classic start script's exports through a shim module (scripts/vite-classic-start.ts) that copies
// each export once: a binding that a function assigns later (`let user; export function signIn() {
// user = … }`) would keep its first value in every lazy page. The build fails on one instead.
import { parse } from 'acorn';
import { analyze } from 'eslint-scope';

/**
 * The local names of `code`'s exports (an ES module) that are written from inside a function. Writes
 * on the module's own top level are left out: they happen while the script runs, before any shim
 * copies them.
 */
export function reassignedExports(code: string): string[] {
  const ast = parse(code, { ecmaVersion: 'latest', sourceType: 'module', ranges: true });
  const exported = new Set<string>();
  for (const node of ast.body) {
    if (node.type !== 'ExportNamedDeclaration' || node.source) continue;
    for (const specifier of node.specifiers)
      if (specifier.local.type === 'Identifier') exported.add(specifier.local.name);
    const declaration = node.declaration;
    if (declaration?.type === 'VariableDeclaration')
      for (const declarator of declaration.declarations)
        if (declarator.id.type === 'Identifier') exported.add(declarator.id.name);
  }
  const manager = analyze(ast as never, { ecmaVersion: 2022, sourceType: 'module' });
  const moduleScope = manager.scopes.find((scope) => scope.type === 'module');
  if (!moduleScope) return [];
  return moduleScope.variables
    .filter(
      (variable) =>
        exported.has(variable.name) &&
        variable.references.some(
          (reference) =>
            reference.isWrite() && !reference.init && reference.from.variableScope !== moduleScope,
        ),
    )
    .map((variable) => variable.name)
    .sort();
}
