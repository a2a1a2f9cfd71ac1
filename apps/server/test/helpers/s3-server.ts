import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';

export interface RunningS3 {
  endpoint: string;
  bucket: string;
  /** The client settings for this server (path-style, its fixed credentials). */
  client: {
    endpoint: string;
    region: string;
    forcePathStyle: true;
    credentials: { accessKeyId: string; secretAccessKey: string };
  };
  close(): Promise<void>;
}

/**
 * A real S3-compatible server (s3rver, from npm) on a free loopback port with one empty bucket and
 * its data in a temporary folder, removed on close.
 */
export async function startS3Server(bucket = 'postline-test'): Promise<RunningS3> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'postline-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = (await server.run()) as { port: number };
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    bucket,
    client: {
      endpoint,
      region: 'us-east-1',
      forcePathStyle: true,
      // s3rver checks signatures against these fixed credentials.
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    },
    async close() {
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
