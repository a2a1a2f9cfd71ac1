// The compose area as other code sees it; its other files are private (lint/server.js). Its routes
// are registered by src/app.ts from routes.ts.
export type { ComposeDeps } from './ports.js';
export { startScheduledSender, type ScheduledSender } from './scheduled-sender.js';
