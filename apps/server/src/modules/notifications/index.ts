// The notifications area as other code sees it; its other files are private (eslint.config.js).
export { default as notificationsPlugin } from './plugin.js';
export { default as notificationRoutes } from './routes.js';
export { deliveryNotifications, notifyExistingMailFiltered, notifyFilterExecuted } from './events.js';
export { NotificationService } from './service.js';
