// Sums the gzip size of the JavaScript the login page needs before it can render: the entry chunk,
// the LoginPage chunk and everything they import statically (lazy imports excluded).
// Run after `vite build`: node scripts/login-js-size.mjs
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const dist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../dist');
const manifest = JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'));
const keys = Object.keys(manifest);
const entry = keys.find((key) => manifest[key].isEntry);
const login = keys.find((key) => key.endsWith('/LoginPage.tsx'));
if (!entry || !login) throw new Error('entry or LoginPage chunk not found in the build manifest');

const eager = new Set();
const visit = (key) => {
  if (eager.has(key)) return;
  eager.add(key);
  for (const imported of manifest[key].imports ?? []) visit(imported);
};
visit(entry);
visit(login);

let total = 0;
for (const key of eager) {
  const file = manifest[key].file;
  // Default level 6, the same as `gzip -c file | wc -c`.
  const bytes = gzipSync(readFileSync(path.join(dist, file))).length;
  total += bytes;
  console.log(`${file.padEnd(48)} ${String(bytes).padStart(7)} B`);
}
console.log(`${'login route total (gzip)'.padEnd(48)} ${String(total).padStart(7)} B`);
