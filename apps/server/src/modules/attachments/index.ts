// The attachments area as other code sees it; its other files are private (eslint.config.js).
export { default as attachmentsPlugin } from './plugin.js';
export { createInboundFiles } from './inbound-files.js';
export { findUserMessageSource, openSource } from './message-sources.js';
export { listedAttachmentNames } from './repository.js';
