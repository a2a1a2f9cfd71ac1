// The messages area as other code sees it; its other files are private (eslint.config.js).
export { default as messageRoutes } from './routes.js';
export {
  decorateMessageExtensions,
  type DashboardCounter,
  type MessageAttachmentHooks,
  type OutgoingAttachmentRequest,
} from './extensions.js';
export { lockFolderBatch, setMessageState, type MessageRow } from './repository.js';
export { registerSearchBackfill } from './search-backfill.js';
export { deliveryMessages, insertStoredMessage } from './store.js';
export { getMessage, getOwnedMessage, lockOwnedMessage, moveMessage } from './service.js';
