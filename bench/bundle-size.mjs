#!/usr/bin/env node
// Prints what the first page (the lobby) makes the browser download: the entry script and the
// modules it preloads, plus the lobby route's lazy chunk, raw and gzipped. Target: under 150 KB
// gzipped of JavaScript (DEVELOPERS.md 'Fast by design'). Run after `npm run build`.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const dist = path.resolve(import.meta.dirname, '../apps/web/dist');
const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
const initial = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((match) => match[1]);
const lobbyChunk = readFileSync(path.join(dist, initial[0]), 'utf8').match(/(lobby-page-[\w-]+\.js)/)?.[1];
if (lobbyChunk) initial.push(`/assets/${lobbyChunk}`);

let rawTotal = 0;
let gzipTotal = 0;
const rows = [];
for (const file of new Set(initial)) {
  const content = readFileSync(path.join(dist, file));
  const gz = gzipSync(content, { level: 9 }).length;
  rawTotal += content.length;
  gzipTotal += gz;
  rows.push({ file, rawKB: (content.length / 1024).toFixed(1), gzipKB: (gz / 1024).toFixed(1) });
}
console.table(rows);
console.log(
  `lobby initial JS: ${(rawTotal / 1024).toFixed(1)} KB raw, ${(gzipTotal / 1024).toFixed(1)} KB gzipped (budget 150 KB gzipped)`,
);
