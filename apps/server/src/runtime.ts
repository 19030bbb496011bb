/**
 * The Node.js major the product runs on (docs/decisions/054-node-24.md). `npm install` brings this
 * runtime into node_modules/.bin (the `node` package in the root package.json), where `npm start`,
 * `npm test` and every script they start find it first; an operator may run the bundle with their
 * own Node of the same major. The root package.json's `engines` says the same (runtime.test.ts).
 */
export const NODE_MAJOR = 24;

/** Why this process cannot run the server, or undefined when it runs on the right Node. */
export function wrongRuntime(version: string = process.versions.node): string | undefined {
  const major = Number(version.split('.')[0]);
  if (major === NODE_MAJOR) return undefined;
  return (
    `Lucky Crown runs on Node ${NODE_MAJOR}, and this is Node ${version} (${process.execPath}). ` +
    `Start it with \`npm start\`, which uses the Node ${NODE_MAJOR} that \`npm install\` puts in node_modules/.bin, ` +
    `or with your own Node ${NODE_MAJOR}.`
  );
}
