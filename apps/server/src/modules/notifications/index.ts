// The notifications area as other code sees it; its other files are private (lint/server.js).
// Its routes are registered by src/app.ts from routes.ts.
export { deliveryNotifications, notifyExistingMailFiltered, notifyFilterExecuted } from './events.js';
export { countUnread as countUnreadNotifications } from './repository.js';
export { NotificationService } from './service.js';
