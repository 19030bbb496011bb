import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { configVariableNames } from './config.js';

const readme = fs.readFileSync(path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../README.md'), 'utf8');

/** The variables named in the first column of the README's '## Configuration' table. */
function readmeVariables(): string[] {
  const section = readme.split(/^## Configuration$/m)[1]?.split(/^## /m)[0] ?? '';
  return [...section.matchAll(/^\| `([A-Z0-9_]+)` \|/gm)].map((match) => match[1]!);
}

describe('the README configuration table', () => {
  it('lists exactly the variables config.ts reads', () => {
    expect(readmeVariables().sort()).toEqual([...configVariableNames].sort());
  });
});
