/**
 * Bundle budgets (performance.md), checked after `npm run build -w @payops/web`:
 * - first load: the JS that index.html loads up front (the entry script and its modulepreloads:
 *   login + shell) must stay at or under 200 KB gzip;
 * - each page: the JS a page of the registry needs beyond the first load (its chunk and the chunks
 *   it imports statically, transitively, minus those the entry already loaded) at or under 160 KB
 *   gzip. What a page loads only on use (a dialog, a drawer) is not counted.
 * The pages are the implemented ones: app/page-loaders.ts and the module maps it spreads in; each
 * page's module is found there and looked up in dist/.vite/manifest.json (build.manifest).
 * Prints one table and exits 1 when the entry or any page is over its budget.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import ts from 'typescript';

export const BUDGET_BYTES = 200 * 1024;
export const PAGE_BUDGET_BYTES = 160 * 1024;

const webRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const dist = join(webRoot, 'dist');
const registryFile = join(webRoot, 'src/app/page-loaders.ts');

export interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}
export type Manifest = Record<string, ManifestChunk>;

export function entryChunks(html: string): string[] {
  const refs = new Set<string>();
  for (const tag of html.match(/<(script|link)\b[^>]*>/g) ?? []) {
    const isModuleScript = tag.startsWith('<script') && /type=["']module["']/.test(tag);
    const isPreload = tag.startsWith('<link') && /rel=["']modulepreload["']/.test(tag);
    if (!isModuleScript && !isPreload) continue;
    const src = /(?:src|href)=["']([^"']+)["']/.exec(tag)?.[1];
    if (src?.endsWith('.js')) refs.add(src);
  }
  return [...refs];
}

/** The output files of `key` and of everything it imports statically, transitively. */
export function staticClosure(manifest: Manifest, key: string): Set<string> {
  const files = new Set<string>();
  const seen = new Set<string>();
  const stack = [key];
  while (stack.length > 0) {
    const k = stack.pop()!;
    if (seen.has(k)) continue;
    seen.add(k);
    const chunk = manifest[k];
    if (!chunk) throw new Error(`check-bundle: ${k} is not in the manifest`);
    files.add(chunk.file);
    stack.push(...(chunk.imports ?? []));
  }
  return files;
}

// --- The page registry: route path -> the module its lazy loader imports -------------------------

function parse(file: string): ts.SourceFile {
  return ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
}

/** The `import('...')` specifiers under `node`. */
function dynamicImports(node: ts.Node): string[] {
  const found: string[] = [];
  const visit = (n: ts.Node): void => {
    if (
      ts.isCallExpression(n) &&
      n.expression.kind === ts.SyntaxKind.ImportKeyword &&
      n.arguments[0] &&
      ts.isStringLiteralLike(n.arguments[0])
    ) {
      found.push(n.arguments[0].text);
    }
    ts.forEachChild(n, visit);
  };
  visit(node);
  return found;
}

/** The initializer of the top-level `const name = ...` of a file. */
function constInitializer(source: ts.SourceFile, name: string): ts.Expression | undefined {
  for (const statement of source.statements) {
    if (!ts.isVariableStatement(statement)) continue;
    for (const decl of statement.declarationList.declarations) {
      if (ts.isIdentifier(decl.name) && decl.name.text === name) return decl.initializer;
    }
  }
  return undefined;
}

/** Where a file imports `name` from (resolved to a file), for the module maps spread into the registry. */
function importedFrom(source: ts.SourceFile, name: string): string | undefined {
  for (const statement of source.statements) {
    if (!ts.isImportDeclaration(statement) || !ts.isStringLiteral(statement.moduleSpecifier)) continue;
    const bindings = statement.importClause?.namedBindings;
    if (!bindings || !ts.isNamedImports(bindings)) continue;
    if (bindings.elements.some((e) => e.name.text === name)) {
      return resolve(dirname(source.fileName), statement.moduleSpecifier.text);
    }
  }
  return undefined;
}

function propertyName(name: ts.PropertyName, source: ts.SourceFile): string {
  return ts.isStringLiteral(name) || ts.isIdentifier(name) ? name.text : name.getText(source);
}

/**
 * The page loaders of the object literal `name` in `file`: each route path with the file its loader
 * imports. A loader is either `() => import('./page.tsx')...` or a call of a local helper that does
 * the import (`page('MemberListPage')`); a spread (`...sysPages`) is followed into its module.
 */
function pageLoaders(file: string, name: string): Map<string, string> {
  const source = parse(file);
  const literal = constInitializer(source, name);
  if (!literal || !ts.isObjectLiteralExpression(literal)) {
    throw new Error(`check-bundle: no object literal ${name} in ${relative(webRoot, file)}`);
  }
  const pages = new Map<string, string>();
  for (const prop of literal.properties) {
    if (ts.isSpreadAssignment(prop) && ts.isIdentifier(prop.expression)) {
      const from = importedFrom(source, prop.expression.text);
      if (!from) throw new Error(`check-bundle: cannot follow ...${prop.expression.text} in ${file}`);
      for (const [path, module] of pageLoaders(from, prop.expression.text)) pages.set(path, module);
      continue;
    }
    if (!ts.isPropertyAssignment(prop)) continue;
    let specifiers = dynamicImports(prop.initializer);
    if (
      specifiers.length === 0 &&
      ts.isCallExpression(prop.initializer) &&
      ts.isIdentifier(prop.initializer.expression)
    ) {
      const helper = constInitializer(source, prop.initializer.expression.text);
      if (helper) specifiers = dynamicImports(helper);
    }
    const path = propertyName(prop.name, source);
    if (specifiers.length !== 1) {
      throw new Error(`check-bundle: cannot tell which module ${path} loads (${relative(webRoot, file)})`);
    }
    pages.set(path, resolve(dirname(file), specifiers[0]!));
  }
  return pages;
}

// --- Measuring -------------------------------------------------------------------------------------

const gzipCache = new Map<string, number>();
function gzipBytes(file: string): number {
  let bytes = gzipCache.get(file);
  if (bytes === undefined) {
    bytes = gzipSync(readFileSync(join(dist, file))).length;
    gzipCache.set(file, bytes);
  }
  return bytes;
}

const kb = (bytes: number) => (bytes / 1024).toFixed(1);

function main(): void {
  const manifestFile = join(dist, '.vite/manifest.json');
  if (!existsSync(join(dist, 'index.html')) || !existsSync(manifestFile)) {
    console.error('check-bundle: dist/index.html or dist/.vite/manifest.json missing; run the build first');
    process.exit(1);
  }
  const html = readFileSync(join(dist, 'index.html'), 'utf8');
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Manifest;

  const chunks = entryChunks(html).map((c) => c.replace(/^\//, ''));
  if (chunks.length === 0) {
    console.error('check-bundle: no entry script found in dist/index.html; run the build first');
    process.exit(1);
  }
  const entryKey = Object.keys(manifest).find((k) => manifest[k]!.isEntry);
  if (!entryKey) throw new Error('check-bundle: no entry in the manifest');
  // What the first load holds: the tags of index.html and, to be safe, the entry's static imports.
  const loaded = new Set([...chunks, ...staticClosure(manifest, entryKey)]);

  const rows: { name: string; bytes: number; budget: number; chunks: number }[] = [];
  let entryBytes = 0;
  for (const file of loaded) entryBytes += gzipBytes(file);
  rows.push({ name: 'entry (login + shell)', bytes: entryBytes, budget: BUDGET_BYTES, chunks: loaded.size });

  const byModule = new Map<string, string>();
  for (const [key, chunk] of Object.entries(manifest)) {
    if (chunk.src) byModule.set(resolve(webRoot, chunk.src), key);
  }
  for (const [path, module] of pageLoaders(registryFile, 'pageLoaders')) {
    const key = byModule.get(module);
    if (!key) throw new Error(`check-bundle: ${path}: ${relative(webRoot, module)} is not in the manifest`);
    const extra = [...staticClosure(manifest, key)].filter((f) => !loaded.has(f));
    const bytes = extra.reduce((sum, f) => sum + gzipBytes(f), 0);
    rows.push({ name: path, bytes, budget: PAGE_BUDGET_BYTES, chunks: extra.length });
  }

  const width = Math.max(...rows.map((r) => r.name.length), 4);
  console.log(`${'page'.padEnd(width)}  ${'KB gzip'.padStart(8)}  ${'budget'.padStart(6)}  chunks  verdict`);
  let over = 0;
  for (const row of rows) {
    const ok = row.bytes <= row.budget;
    if (!ok) over++;
    console.log(
      `${row.name.padEnd(width)}  ${kb(row.bytes).padStart(8)}  ${String(row.budget / 1024).padStart(6)}  ${String(row.chunks).padStart(6)}  ${ok ? 'ok' : 'OVER'}`,
    );
  }
  console.log('(pages: JS beyond the first load, loaded when the page opens; entry: the first load itself)');
  if (over > 0) {
    console.error(`check-bundle: ${over} over budget`);
    process.exit(1);
  }
}

main();
