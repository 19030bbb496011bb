import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { NODE_MAJOR, wrongRuntime } from './runtime.js';

const rootPackage = JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as {
  engines: { node: string };
  dependencies: { node: string };
};

describe('the runtime', () => {
  it('is the Node major that package.json names, for its engines and the runtime npm install brings', () => {
    expect(rootPackage.engines.node).toMatch(new RegExp(`^\\^${NODE_MAJOR}\\.`));
    expect(rootPackage.dependencies.node).toMatch(new RegExp(`^\\^${NODE_MAJOR}\\.`));
  });

  it('runs these tests', () => {
    expect(process.versions.node.split('.')[0]).toBe(String(NODE_MAJOR));
  });

  it('is the `node` that a script started from here finds on its PATH', () => {
    const child = execFileSync('node', ['-p', 'process.versions.node'], { encoding: 'utf8' }).trim();
    expect(child.split('.')[0]).toBe(String(NODE_MAJOR));
  });

  it('lets the server start only on that major, naming the way to start it', () => {
    expect(wrongRuntime(`${NODE_MAJOR}.21.0`)).toBeUndefined();
    expect(wrongRuntime('20.20.2')).toMatch(new RegExp(`runs on Node ${NODE_MAJOR}, and this is Node 20\\.20\\.2 .*npm start`));
    expect(wrongRuntime('26.1.0')).toMatch(/this is Node 26\.1\.0/);
  });
});
