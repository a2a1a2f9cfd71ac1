#!/usr/bin/env node
// What the inbound parse pool's threads cost in memory at rest (issue 32): a pool of N threads
// (argument, default 2) reads a few small messages, then the process's RSS is compared with before.
// Needs `npm run build` (it loads apps/server/dist). Usage: node bench/parse-pool-rss.mjs [threads]
import { createInboundParser } from '../apps/server/dist/mail/transport/parse-pool.js';

const mb = () => Math.round(process.memoryUsage().rss / 1048576);
const threads = Number(process.argv[2] ?? 2);
const before = mb();
const parser = createInboundParser({ threads, deadlineMs: 20_000, workerHeapMb: 512 });
const message = Buffer.from(
  'From: a@b.example\r\nTo: c@d.example\r\nSubject: x\r\nContent-Type: text/html\r\n\r\n<p>hi</p>\r\n',
);
const envelope = { returnPath: 'a@b.example', received: 'from x', mailDomain: 'd.example' };
await Promise.all(Array.from({ length: threads * 4 }, () => parser.parse(message, message.length, envelope)));
await new Promise((resolve) => setTimeout(resolve, 500));
console.log(`threads ${threads}: RSS ${before} MB before, ${mb()} MB after (+${mb() - before} MB)`);
await parser.close();
