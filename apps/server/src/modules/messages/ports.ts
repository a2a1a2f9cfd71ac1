import type { Readable } from 'node:stream';
import type { Attachment } from '@postline/shared/attachments';
import type { Database, Queryable, Tx } from '../../db/client.js';

/*
 * What the messages area calls of the areas above it, declared here and implemented by them
 * (modules/attachments, modules/notifications); src/app.ts builds one MessagesDeps at start and
 * gives it to the routes of messages, compose and spam.
 */

/** A message's original source as it was kept: in its row, or on the blob store. */
export interface OriginalSource {
  subject: string;
  sizeBytes: number;
  /** False when the blob that holds it has gone missing. */
  isReadable(): Promise<boolean>;
  /** Its bytes, from the row or the blob store. */
  open(): Readable;
}

/** The files of messages, as the messages area lists, releases and serves them (modules/attachments). */
export interface MessageFiles {
  /** GET /messages/{id}: the message's attachments. */
  list(db: Queryable, userId: number, messageId: number): Promise<Attachment[]>;
  /** After messages were deleted for good (committed): releases the files nothing refers to any more. */
  sweep(): Promise<unknown>;
  /** The user's message's source: found false for a message not theirs; source null when none was kept. */
  original(userId: number, messageId: number): Promise<{ found: boolean; source: OriginalSource | null }>;
}

/** What mail marked read does elsewhere: its new-mail notifications are read too (modules/notifications). */
export interface ReadMail {
  markReadForMessages(tx: Tx, userId: number, messageIds: number[]): Promise<void>;
}

/** Everything the messages area is given, every member required. */
export interface MessagesDeps {
  database: Database;
  files: MessageFiles;
  read: ReadMail;
}
