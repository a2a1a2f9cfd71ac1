import type { DeliveryDeps } from '../../mail/pipeline/ports.js';
import type { OutgoingFiles } from '../attachments/index.js';
import type { MessagesDeps } from '../messages/index.js';

/** Everything compose is given by src/app.ts, every member required. */
export interface ComposeDeps {
  /** The send path (mail/pipeline/dispatch.ts) and local delivery. */
  delivery: DeliveryDeps;
  /** The stored messages each call answers with (modules/messages). */
  messages: MessagesDeps;
  /** The files of what is written: uploads, a forward's, a draft's (modules/attachments). */
  files: OutgoingFiles;
}
