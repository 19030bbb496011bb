// Writes dist/first-screens.json after `vite build` (docs/decisions/067): for
// each landing page of src/app/layout/first-screens.tsx, its path pattern and its first screen
// rendered to HTML with the same components the page uses. The server puts it into index.html's
// static shell for a matching path, so the page's frame paints before any script has run.
// Run: tsx build/first-screens.tsx <dist folder>
import fs from 'node:fs';
import path from 'node:path';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { FIRST_SCREENS, ShellMain } from '../src/app/layout/first-screens';

const dist = process.argv[2];
if (!dist || !fs.existsSync(path.join(dist, 'index.html'))) {
  throw new Error('first-screens: give the built dist folder (with its index.html) as the argument');
}
const screens = FIRST_SCREENS.map((screen) => ({
  pattern: screen.pattern,
  html: renderToStaticMarkup(
    <MemoryRouter>
      <ShellMain>{screen.render()}</ShellMain>
    </MemoryRouter>,
  ),
}));
fs.writeFileSync(path.join(dist, 'first-screens.json'), `${JSON.stringify(screens, null, 2)}\n`);
console.log(`first-screens: ${screens.map((screen) => screen.pattern).join(', ')}`);
