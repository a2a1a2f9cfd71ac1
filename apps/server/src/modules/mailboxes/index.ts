// The mailboxes area as other code sees it; its other files are private (eslint.config.js).
export { default as mailboxRoutes } from './routes.js';
export { registerCountFolding } from './count-folding.js';
export { countedUnread } from './counts.js';
export { presentMailboxTree } from './presenter.js';
// systemMailboxIdOf is a column of the delivery's recipient query: the SQL stays here, beside the
// other mailbox SQL. The user's folders as rows, oldest first, and one of them by id (or undefined).
export {
  findMailboxRow as findOwnedMailbox,
  insertTopFolder,
  listMailboxRows as listMailboxes,
  systemMailboxIdOf,
  type MailboxRow,
} from './repository.js';
export {
  adjustCounts,
  adjustManyCounts,
  ensureSpecialMailbox,
  getOwnedMailbox,
  getSystemMailbox,
} from './service.js';
export { createSystemMailboxes } from './system-mailboxes.js';
