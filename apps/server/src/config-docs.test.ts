import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { configVariableNames } from './config.js';

const configurationDoc = fs.readFileSync(
  path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../docs/configuration.md'),
  'utf8',
);

/** The variables named in the first column of docs/configuration.md's '## Variables' table. */
function documentedVariables(): string[] {
  const section = configurationDoc.split(/^## Variables$/m)[1]?.split(/^## /m)[0] ?? '';
  return [...section.matchAll(/^\| `([A-Z0-9_]+)` \|/gm)].map((match) => match[1]!);
}

describe('the configuration table of docs/configuration.md', () => {
  it('lists exactly the variables config.ts reads', () => {
    expect(documentedVariables().sort()).toEqual([...configVariableNames].sort());
  });
});
