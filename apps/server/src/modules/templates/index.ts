// The templates area as other code sees it; its other files are private (eslint.config.js).
export { default as templateRoutes } from './routes.js';
export { createDefaultTemplateCategories } from './default-categories.js';
export { copyName } from './template-errors.js';
export { findVisibleTemplateBody } from './template-service.js';
