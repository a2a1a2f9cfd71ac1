// The away replies area as other code sees it; its other files are private (lint/server.js). Its
// routes are registered by src/app.ts from routes.ts.
export { deliveryAway } from './delivery.js';
export { findAwayReply, saveAwayReply } from './repository.js';
