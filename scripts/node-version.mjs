// Prints the Node.js that this npm script runs on, and fails unless it is the major the product
// runs on (the root package.json's engines; docs/decisions/054-node-24.md). npm puts
// node_modules/.bin first on a script's PATH, so `node` there is the runtime `npm install` brought.
import { readFileSync } from 'node:fs';
import { URL } from 'node:url';

const { engines } = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
const wanted = Number(/\d+/.exec(engines.node)[0]);
const major = Number(process.versions.node.split('.')[0]);
console.log(`Node ${process.version} (${process.execPath})`);
if (major !== wanted) {
  console.error(`This product runs on Node ${wanted} (package.json engines "${engines.node}"): run it through npm, after npm install.`);
  process.exit(1);
}
