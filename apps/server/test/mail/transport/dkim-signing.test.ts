import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { authenticate } from 'mailauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOutboxWorker, type OutboxWorker } from '../../../src/mail/transport/outbox-worker.js';
import { createDnsResolver } from '../../../src/mail/pipeline/trust/dns-resolver.js';
import { loadDkimKey } from '../../../src/mail/transport/dkim-key.js';
import { startDnsServer, type DnsTable, type TestDnsServer } from '../../helpers/dns-server.js';
import { createTestApp, signIn, type SignedIn, type TestContext } from '../../helpers/test-app.js';
import { startFakeRelay, type FakeRelay } from '../helpers/fake-relay.js';
import { eventually } from '../helpers/rows.js';

/*
 * Outgoing mail is signed with the server's DKIM key, and `npm run dns-records` prints the record
 * that verifies it: the test publishes exactly what the command printed on a real DNS server on
 * loopback, and mailauth (as a receiving server would) checks the relayed message against it.
 */
const serverRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const run = promisify(execFile);

let ctx: TestContext;
let relay: FakeRelay;
let dns: TestDnsServer;
let worker: OutboxWorker;
let minji: SignedIn;
const keyDir = fs.mkdtempSync(path.join(os.tmpdir(), 'postline-dkim-'));
const env = {
  MAIL_DOMAIN: 'postline.local',
  DKIM_SELECTOR: 'mail2026',
  DATA_DIR: keyDir,
  MAIL_HOST: 'mx.postline.local',
};

/** The zone lines the command prints, as the DNS table the test server answers from. */
function tableOf(zone: string): DnsTable {
  const table: DnsTable = {};
  for (const line of zone.split('\n')) {
    const match = /^(\S+)\. 3600 IN (MX|TXT) (.+)$/.exec(line);
    if (!match) continue;
    const [, name = '', type, value = ''] = match;
    const entry = (table[name.toLowerCase()] ??= {});
    if (type === 'TXT') (entry.TXT ??= []).push([...value.matchAll(/"([^"]*)"/g)].map((m) => m[1]).join(''));
    else {
      const [priority, exchange] = value.split(' ');
      (entry.MX ??= []).push({ priority: Number(priority), exchange: (exchange ?? '').replace(/\.$/, '') });
    }
  }
  return table;
}

beforeAll(async () => {
  ctx = await createTestApp();
  minji = await signIn(ctx.app, 'minji@postline.local', '김민지');
  relay = await startFakeRelay({ user: 'relay', pass: 'secret' });
  const printed = await run(process.execPath, ['--import', 'tsx', 'src/dns-records.ts'], {
    cwd: serverRoot,
    env: { ...process.env, ...env },
  });
  dns = await startDnsServer(tableOf(printed.stdout));
  worker = startOutboxWorker({
    delivery: ctx.app.delivery,
    relayUrl: `smtp://relay:secret@127.0.0.1:${relay.port}`,
    pollMs: 50,
    mailDomain: 'postline.local',
    // The server makes the key on first start; the command above already made it in keyDir.
    dkim: loadDkimKey({ domain: env.MAIL_DOMAIN, selector: env.DKIM_SELECTOR, dataDir: keyDir }),
  });
});
afterAll(async () => {
  await worker?.stop();
  await relay?.close();
  await dns?.close();
  await ctx?.close();
  fs.rmSync(keyDir, { recursive: true, force: true });
});

async function relayed(subject: string): Promise<Buffer> {
  await ctx.app.inject({
    method: 'POST',
    url: '/api/v1/messages',
    headers: minji.headers,
    payload: {
      toAddresses: ['partner@remote.example'],
      subject,
      bodyText: '서명된 메일입니다.\n감사합니다.',
    },
  });
  worker.wake();
  const got = await eventually(async () =>
    relay.received.find((message) => message.raw.toString('latin1').includes(subject)),
  );
  return got.raw;
}

describe('outgoing mail is signed with DKIM', () => {
  it('prints the records to publish: MX, SPF, the DKIM key under its selector, DMARC', () => {
    expect(dns.table['postline.local']?.MX).toEqual([{ priority: 10, exchange: 'mx.postline.local' }]);
    expect(dns.table['postline.local']?.TXT).toEqual(['v=spf1 mx -all']);
    expect(dns.table['mail2026._domainkey.postline.local']?.TXT?.[0]).toMatch(
      /^v=DKIM1; k=rsa; p=[A-Za-z0-9+/=]{300,}$/,
    );
    expect(dns.table['_dmarc.postline.local']?.TXT?.[0]).toMatch(/^v=DMARC1; p=quarantine;/);
  });

  it('a relayed message passes DKIM and DMARC at the receiver, and fails once altered', async () => {
    const raw = await relayed('Signed quarterly report');
    expect(raw.toString('latin1')).toMatch(/^DKIM-Signature: .*d=postline\.local;/m);
    // mailauth types its resolver as answering strings only; ours answers what node:dns does (MX
    // records are objects), which is what mailauth reads at run time. src/mail/pipeline/trust casts alike.
    const resolver = createDnsResolver({ servers: [dns.address] }) as never;
    const verdict = await authenticate(raw, {
      ip: '127.0.0.1',
      helo: 'postline.local',
      sender: 'minji@postline.local',
      resolver,
    });
    const dkim = verdict.dkim.results[0];
    expect(dkim?.status.result).toBe('pass');
    expect(dkim?.signingDomain).toBe('postline.local');
    expect(dkim?.selector).toBe('mail2026');
    expect(verdict.dmarc && verdict.dmarc.status.result).toBe('pass');

    const altered = Buffer.from(
      raw.toString('latin1').replace('Signed quarterly report', 'Changed on the way'),
      'latin1',
    );
    const tampered = await authenticate(altered, {
      ip: '127.0.0.1',
      helo: 'postline.local',
      sender: 'minji@postline.local',
      resolver,
    });
    expect(tampered.dkim.results[0]?.status.result).toBe('fail');
  });
});
