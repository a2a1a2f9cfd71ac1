import { Readable } from 'node:stream';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { sql } from 'drizzle-orm';
import { noteBlobRelease } from '../../../src/modules/attachments/repository.js';
import { sweepReleasedBlobs } from '../../../src/modules/attachments/service.js';
import { S3BlobStore } from '../../../src/storage/s3-blob-store.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signIn, type SignedIn, type TestContext } from '../../helpers/test-app.js';
import { startS3Server, type RunningS3 } from '../../helpers/s3-server.js';
import { eventually, messagesOf } from '../../mail/helpers/rows.js';
import { sendMessage } from '../../mail/helpers/smtp-client.js';
import { SmtpServers } from '../../mail/helpers/smtp-servers.js';
import { blobFiles, pdfBytes, upload } from './helpers.js';

let s3: RunningS3;
let ctx: TestContext;
let jun: SignedIn;
let smtp: Awaited<ReturnType<SmtpServers['start']>>;
const servers = new SmtpServers();
const savedEnv = { ...process.env };

async function objectKeys(): Promise<string[]> {
  const client = new S3Client(s3.client);
  try {
    const listed = await client.send(new ListObjectsV2Command({ Bucket: s3.bucket }));
    return (listed.Contents ?? []).map((object) => object.Key ?? '').sort();
  } finally {
    client.destroy();
  }
}

beforeAll(async () => {
  s3 = await startS3Server();
  // The AWS SDK reads credentials from the environment, as it would in production.
  process.env.AWS_ACCESS_KEY_ID = s3.client.credentials.accessKeyId;
  process.env.AWS_SECRET_ACCESS_KEY = s3.client.credentials.secretAccessKey;
  ctx = await createTestApp({
    BLOB_STORE: 's3',
    S3_ENDPOINT: s3.endpoint,
    S3_BUCKET: s3.bucket,
    S3_PREFIX: 'postline/',
    // One node here: nothing else can be about to refer to a blob, so no grace before deleting.
    S3_DELETE_GRACE_SECONDS: '0',
  });
  jun = await signIn(ctx.app, 'jun@postline.local', '이준');
  smtp = await servers.start(ctx.app.delivery);
});
afterAll(async () => {
  await servers.closeAll();
  await ctx?.close();
  await s3?.close();
  process.env = savedEnv;
});

describe('BLOB_STORE=s3', () => {
  it('keeps uploads, received files and sources in the bucket, none on local disk, and removes them with the mail', async () => {
    const file = pdfBytes(300_000);
    const uploaded = await upload(ctx.app, jun, { filename: '견적서.pdf', content: file });
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const download = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/attachments/${uploaded.json().data.id}/download`,
      headers: jun.headers,
    });
    expect(download.rawPayload.equals(file)).toBe(true);

    // Over INLINE_SOURCE_MAX_BYTES, so the source too is a blob (a smaller one stays in its row).
    const pdf = pdfBytes(120_000)
      .toString('base64')
      .replace(/(.{76})/g, '$1\r\n');
    const mail = Buffer.from(
      [
        'From: partner@example.com',
        'To: jun@postline.local',
        'Subject: In the bucket',
        'MIME-Version: 1.0',
        'Content-Type: multipart/mixed; boundary="b"',
        '',
        '--b',
        'Content-Type: text/plain; charset=utf-8',
        '',
        '첨부 확인 부탁드립니다.',
        '--b',
        'Content-Type: application/pdf; name="contract.pdf"',
        'Content-Disposition: attachment; filename="contract.pdf"',
        'Content-Transfer-Encoding: base64',
        '',
        pdf,
        '--b--',
        '',
      ].join('\r\n'),
    );
    const result = await sendMessage(
      smtp.port,
      { from: 'partner@example.com', to: ['jun@postline.local'] },
      mail,
    );
    expect(result.final).toMatch(/^250 /);
    const row = await eventually(async () =>
      (await messagesOf(ctx.db.database, jun.user.id)).find((m) => m.subject === 'In the bucket'),
    );
    const original = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/messages/${row.id}/original`,
      headers: jun.headers,
    });
    expect(original.statusCode).toBe(200);
    expect(original.body).toContain('Subject: In the bucket');

    // The upload, the received PDF and the source: three objects, and nothing under DATA_DIR/blobs.
    const keys = await objectKeys();
    expect(keys).toHaveLength(3);
    expect(keys.every((key) => /^postline\/blobs\/[0-9a-f]{64}$/.test(key))).toBe(true);
    expect(blobFiles(ctx.config.dataDir)).toEqual([]);

    const removed = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/v1/messages/${row.id}?permanent=true`,
      headers: jun.headers,
    });
    expect(removed.statusCode, removed.body).toBe(200);
    await eventually(async () => (await objectKeys()).length === 1 || undefined);
  });

  it('puts off a blob too recent to delete and keeps its note for a later sweep, instead of forgetting it', async () => {
    const store = new S3BlobStore({
      bucket: s3.bucket,
      prefix: 'grace/',
      client: s3.client,
      deleteGraceMs: 60_000,
    });
    try {
      const blob = await store.put(Readable.from([Buffer.from('just stored on another node')]), {
        maxBytes: 100,
      });
      store.release(blob.hash);
      await noteBlobRelease(ctx.db.database.db, blob.hash);
      await sweepReleasedBlobs({ database: ctx.db.database, blobStore: store });
      expect(await store.exists(blob.hash)).toBe(true);
      const result = await ctx.db.database.db.execute(
        sql`SELECT released_at > now() AS later FROM attachment_blob_releases WHERE content_hash = ${blob.hash}`,
      );
      expect((result as unknown as { rows: { later: boolean }[] }).rows).toEqual([{ later: true }]);
    } finally {
      store.client.destroy();
    }
  });
});
