#!/usr/bin/env node
// Writes a .br and a .gz beside every text file of the built app (issue 17), once at build time, so
// the server sends them as they are (@fastify/static `preCompressed`) instead of compressing each
// request. Hand-written on node:zlib: a dozen lines, no plugin needed for it.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';

const COMPRESSIBLE = /\.(js|mjs|css|html|json|svg|txt|webmanifest)$/;
/** Smaller files gain nothing worth a second request path. */
const MIN_BYTES = 1024;

export function precompress(dir) {
  let written = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || !COMPRESSIBLE.test(entry.name)) continue;
    const file = path.join(entry.parentPath ?? entry.path, entry.name);
    const data = fs.readFileSync(file);
    if (data.length < MIN_BYTES) continue;
    const brotli = zlib.brotliCompressSync(data, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length,
      },
    });
    const gzip = zlib.gzipSync(data, { level: zlib.constants.Z_BEST_COMPRESSION });
    // Only where it helps: an already dense file is sent as it is.
    if (brotli.length < data.length) fs.writeFileSync(`${file}.br`, brotli);
    if (gzip.length < data.length) fs.writeFileSync(`${file}.gz`, gzip);
    written += 1;
  }
  return written;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const dir = path.resolve(
    process.argv[2] ?? path.join(path.dirname(fileURLToPath(import.meta.url)), '../dist'),
  );
  console.log(`precompressed ${precompress(dir)} files in ${dir} (.br, .gz)`);
}
