// The folders area as other code sees it (SPEC's mailboxes: the /mailboxes API and the mailboxes
// table keep that word); its other files are private (lint/server.js).
export { registerCountFolding } from './count-folding.js';
export { countedUnread } from './counts.js';
export { presentFolderTree } from './presenter.js';
// systemFolderIdOf is a column of the delivery's recipient query: the SQL stays here, beside the
// other folder SQL. The user's folders as rows, oldest first, and one of them by id (or undefined).
export {
  findFolderRow as findOwnedFolder,
  insertTopFolder,
  listFolderRows as listFolders,
  systemFolderIdOf,
  type FolderRow,
} from './repository.js';
export {
  adjustCounts,
  adjustManyCounts,
  ensureSpecialFolder,
  getOwnedFolder,
  getSystemFolder,
} from './service.js';
export { createSystemFolders } from './system-folders.js';
export { deliveryFolders } from './delivery-folders.js';
export type { FolderContents } from './ports.js';
