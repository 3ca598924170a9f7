/**
 * First-load budget (performance.md): the JS that index.html loads up front (the entry script and
 * its modulepreloads: login + shell) must stay at or under 200 KB gzip. Pages load lazily and are
 * not counted. Run after `npm run build -w @payops/web`.
 */
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

export const BUDGET_BYTES = 200 * 1024;

const dist = resolve(dirname(fileURLToPath(import.meta.url)), '../dist');

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

function main(): void {
  const html = readFileSync(join(dist, 'index.html'), 'utf8');
  const chunks = entryChunks(html);
  if (chunks.length === 0) {
    console.error('check-bundle: no entry script found in dist/index.html; run the build first');
    process.exit(1);
  }
  let total = 0;
  for (const chunk of chunks) {
    const bytes = gzipSync(readFileSync(join(dist, chunk.replace(/^\//, '')))).length;
    total += bytes;
    console.log(`  ${(bytes / 1024).toFixed(1).padStart(7)} KB gzip  ${chunk}`);
  }
  const verdict = total <= BUDGET_BYTES ? 'ok' : 'OVER BUDGET';
  console.log(`entry JS: ${(total / 1024).toFixed(1)} KB gzip (budget ${BUDGET_BYTES / 1024} KB) ${verdict}`);
  if (total > BUDGET_BYTES) process.exit(1);
}

main();
