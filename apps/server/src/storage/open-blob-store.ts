import path from 'node:path';
import type { Config } from '../config.js';
import { FileBlobStore, type BlobStore } from './blob-store.js';
import { S3BlobStore } from './s3-blob-store.js';

/** The store BLOB_STORE names: files under DATA_DIR/blobs, or the S3-compatible bucket. */
export function openBlobStore(config: Config['blobStore'], dataDir: string): BlobStore {
  if (config.kind === 'file') return new FileBlobStore(path.join(dataDir, 'blobs'));
  return new S3BlobStore({
    bucket: config.bucket,
    prefix: config.prefix,
    deleteGraceMs: config.deleteGraceMs,
    client: {
      region: config.region,
      forcePathStyle: config.forcePathStyle,
      ...(config.endpoint ? { endpoint: config.endpoint } : {}),
    },
  });
}
