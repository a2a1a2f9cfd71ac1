// The templates area as other code sees it; its other files are private (lint/server.js). Its
// routes are registered by src/app.ts from routes.ts.
export { createDefaultTemplateCategories } from './default-categories.js';
export { copyName } from './template-errors.js';
export { findVisibleTemplateBody } from './template-service.js';
