/**
 * After `vite build`: a .br and a .gz copy of every text file of the build (the server sends them to
 * browsers that accept them, without compressing on each request), and the first-load size: the
 * files index.html loads before the app renders (entry script, its static imports, the CSS), compressed.
 */
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';

const dist = new URL('../dist/', import.meta.url).pathname;
const TEXT = /\.(js|css|html|svg|json|txt|webmanifest)$/;
const sizes = new Map();

function walk(dir) {
  for (const name of readdirSync(dir)) {
    const full = join(dir, name);
    if (statSync(full).isDirectory()) walk(full);
    else if (TEXT.test(name)) {
      const body = readFileSync(full);
      const br = brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } });
      const gz = gzipSync(body, { level: 9 });
      writeFileSync(`${full}.br`, br);
      writeFileSync(`${full}.gz`, gz);
      sizes.set(relative(dist, full), { raw: body.length, br: br.length, gz: gz.length });
    }
  }
}
walk(dist);

// What the first load fetches: index.html, the files it links, and their static imports.
const index = readFileSync(join(dist, 'index.html'), 'utf8');
const first = new Set(['index.html']);
const queue = [...index.matchAll(/(?:src|href)="\.\/([^"]+)"/g)].map((m) => m[1]);
while (queue.length) {
  const file = queue.shift();
  if (first.has(file) || !sizes.has(file)) continue;
  first.add(file);
  if (file.endsWith('.js')) {
    const code = readFileSync(join(dist, file), 'utf8');
    // Static imports between chunks: `from"./x.js"` / `import"./x.js"` (not dynamic import("./x.js")).
    for (const m of code.matchAll(/(?:from|import)\s*"\.\/([^"]+\.js)"/g)) queue.push(`assets/${m[1]}`);
  }
}
let br = 0;
let gz = 0;
for (const file of first) {
  br += sizes.get(file).br;
  gz += sizes.get(file).gz;
}
const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
console.log(`console first load: ${first.size} files, ${kb(gz)} gzip, ${kb(br)} brotli`);
for (const file of first) console.log(`  ${file}: ${kb(sizes.get(file).raw)} -> ${kb(sizes.get(file).gz)} gzip`);
const LIMIT = 200 * 1024;
if (gz > LIMIT) {
  console.error(`first load over budget: ${kb(gz)} gzip > ${kb(LIMIT)}`);
  process.exit(1);
}
