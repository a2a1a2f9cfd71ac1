// The mailboxes area as other code sees it; its other files are private (eslint.config.js).
export { default as mailboxRoutes } from './routes.js';
export { registerCountFolding } from './count-folding.js';
export { countedUnread } from './counts.js';
export { presentMailboxTree } from './presenter.js';
// A column of the delivery's recipient query: the SQL stays here, beside the other mailbox SQL.
export { systemMailboxIdOf, type MailboxRow } from './repository.js';
export {
  adjustCounts,
  ensureSpecialMailbox,
  findOwnedMailbox,
  getOwnedMailbox,
  getSystemMailbox,
  listMailboxes,
} from './service.js';
export { createSystemMailboxes } from './system-mailboxes.js';
