// The attachments area as other code sees it; its other files are private (lint/server.js). Its
// routes are registered by src/app.ts from routes.ts.
export { registerBlobSweep } from './blob-sweep.js';
export { createInboundFiles } from './inbound-files.js';
export { createMessageFiles } from './message-files.js';
export { createOutgoingFiles, type OutgoingAttachmentRequest, type OutgoingFiles } from './outgoing.js';
export { listedAttachmentNames } from './repository.js';
export type { AttachmentDeps } from './service.js';
