#!/usr/bin/env node
// Prints what the first page (the lobby) makes the browser download: the entry script, every
// module it imports statically (what index.html preloads), and the lobby route's chunk with its
// own static imports; raw and gzipped. Target: under 150 KB gzipped of JavaScript
// (DEVELOPERS.md 'Fast by design'). Run after `npm run build`, or pass a dist folder.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const dist = path.resolve(process.argv[2] ?? path.join(import.meta.dirname, '../apps/web/dist'));
const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
const entry = html.match(/<script[^>]+src="\/assets\/([^"]+\.js)"/)?.[1];
if (!entry) throw new Error('No entry script in index.html');

const read = (file) => readFileSync(path.join(dist, 'assets', file), 'utf8');
/** Static imports of a chunk: `import ... from"./x.js"` and bare `import"./x.js"`, not import(). */
const staticImports = (code) => [...code.matchAll(/(?:from|import)\s*"\.\/([\w.-]+\.js)"/g)].map((match) => match[1]);

const files = new Set();
const visit = (file) => {
  if (files.has(file)) return;
  files.add(file);
  for (const dependency of staticImports(read(file))) visit(dependency);
};
visit(entry);
const lobbyChunk = read(entry).match(/(lobby-page-[\w-]+\.js)/)?.[1];
if (lobbyChunk) visit(lobbyChunk);

let rawTotal = 0;
let gzipTotal = 0;
const rows = [];
for (const file of files) {
  const content = Buffer.from(read(file));
  const gz = gzipSync(content, { level: 9 }).length;
  rawTotal += content.length;
  gzipTotal += gz;
  rows.push({ file, rawKB: (content.length / 1024).toFixed(1), gzipKB: (gz / 1024).toFixed(1) });
}
rows.sort((a, b) => Number(b.gzipKB) - Number(a.gzipKB));
console.table(rows);
console.log(
  `lobby initial JS: ${files.size} files, ${(rawTotal / 1024).toFixed(1)} KB raw, ${(gzipTotal / 1024).toFixed(1)} KB gzipped (budget 150 KB gzipped)`,
);
