#!/usr/bin/env node
// Attachments (issue 4): ten 25 MB files uploaded at once, then downloaded at once, with the
// server's RSS sampled every 20 ms: the peak must show the files stream through, not sit in memory.
//
// Sizes: ATTACH_FILES (10), ATTACH_MB (25; the compose limit is 25 MB per file).
import { table } from './lib.mjs';
import {
  benchDatabase,
  envInt,
  loadAverage,
  machineLine,
  mockLogin,
  sampleRss,
  settledRssKb,
  startBenchServer,
} from './harness.mjs';

const FILES = envInt('ATTACH_FILES', 10);
const MB = envInt('ATTACH_MB', 25);
const BYTES = MB * 1024 * 1024;

/** Plain text (the allow-list takes .txt), different in each file so no blob is shared. */
function fileContent(n) {
  const buffer = Buffer.alloc(BYTES);
  buffer.fill('회의록 meeting notes, line after line of ordinary text for the benchmark.\n');
  buffer.write(`file ${n} of the attachment benchmark, ${Date.now()}\n`, 0, 'utf8');
  // The fill may have cut the last character in half; text must stay valid UTF-8.
  buffer.fill('\n', BYTES - 8);
  return buffer;
}

async function upload(base, token, n, content) {
  const form = new FormData();
  form.append('file', new Blob([content], { type: 'text/plain' }), `bench-${n}.txt`);
  const res = await fetch(`${base}/api/v1/attachments/upload`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`upload ${n}: ${res.status} ${text.slice(0, 300)}`);
  return JSON.parse(text).data;
}

async function download(base, token, id) {
  const res = await fetch(`${base}/api/v1/attachments/${id}/download`, {
    headers: { authorization: `Bearer ${token}` },
  });
  if (!res.ok) throw new Error(`download ${id}: ${res.status} ${await res.text()}`);
  let bytes = 0;
  // Counted as it streams: the client must not be the one holding 250 MB.
  for await (const chunk of res.body) bytes += chunk.length;
  return bytes;
}

const mbOf = (kb) => (kb / 1024).toFixed(0);

const database = await benchDatabase();
console.log(machineLine(database.label));
console.log(`sizes: ${FILES} files of ${MB} MB`);
const contents = Array.from({ length: FILES }, (_, i) => fileContent(i + 1));
const server = await startBenchServer(database);
const pid = server.child.pid;
try {
  const { token } = await mockLogin(server.base, 'bench-files@postline.local', '벤치');
  const baselineKb = await settledRssKb(pid);
  const total = BYTES * FILES;

  let sampler = sampleRss(pid, 20);
  let t0 = performance.now();
  const uploaded = await Promise.all(
    contents.map((content, i) => upload(server.base, token, i + 1, content)),
  );
  const uploadSeconds = (performance.now() - t0) / 1000;
  const up = sampler.stop();
  for (const a of uploaded)
    if (a.sizeBytes !== BYTES) console.log(`warning: attachment ${a.id} answered size ${a.sizeBytes}`);

  const betweenKb = await settledRssKb(pid);
  sampler = sampleRss(pid, 20);
  t0 = performance.now();
  const downloaded = await Promise.all(uploaded.map((a) => download(server.base, token, a.id)));
  const downloadSeconds = (performance.now() - t0) / 1000;
  const down = sampler.stop();
  const got = downloaded.reduce((a, b) => a + b, 0);
  if (got !== total) console.log(`warning: downloaded ${got} bytes, expected ${total}`);

  console.log(`\nServer RSS before (baseline): ${mbOf(baselineKb)} MB`);
  console.log(
    table([
      {
        phase: `upload ${FILES} × ${MB} MB at once`,
        'MB/s': (total / 2 ** 20 / uploadSeconds).toFixed(1),
        seconds: uploadSeconds.toFixed(2),
        'peak RSS (MB)': mbOf(up.peakKb),
        'peak − baseline (MB)': mbOf(up.peakKb - baselineKb),
        load: loadAverage(),
      },
      {
        phase: `download ${FILES} × ${MB} MB at once`,
        'MB/s': (got / 2 ** 20 / downloadSeconds).toFixed(1),
        seconds: downloadSeconds.toFixed(2),
        'peak RSS (MB)': mbOf(down.peakKb),
        'peak − baseline (MB)': mbOf(down.peakKb - baselineKb),
        load: loadAverage(),
      },
    ]),
  );
  console.log(`RSS between the phases (settled): ${mbOf(betweenKb)} MB`);
} finally {
  await server.stop();
  await database.cleanup();
}
console.log(`\nload after: ${loadAverage()}`);
