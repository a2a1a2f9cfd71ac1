// The spam area as other code sees it; its other files are private (eslint.config.js).
export { default as spamRoutes } from './routes.js';
