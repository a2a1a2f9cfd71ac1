// The messages area as other code sees it; its other files are private (lint/server.js). Its
// routes are registered by src/app.ts from routes.ts.
export type { MessageFiles, MessagesDeps, OriginalSource, ReadMail } from './ports.js';
export { formatFrom, splitReferences } from './presenter.js';
export { placeDraft } from './held-drafts.js';
export { listFolderMessages } from './queries.js';
export { lockFolderBatch, setMessageState, type MessageDetailRow, type MessageRow } from './repository.js';
export { registerSearchBackfill } from './search-backfill.js';
export { deleteMessageRow, getMessage, getOwnedMessage, lockOwnedMessage, moveMessage } from './service.js';
export {
  deliveryMessages,
  folderContents,
  insertStoredMessage,
  lockOwnedDraft,
  refreshAttachmentCounts,
  rewriteDraft,
  setAttachmentCount,
} from './store.js';
