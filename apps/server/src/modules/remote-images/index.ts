// The remote-images area as other code sees it; its other files are private (eslint.config.js).
export { default as remoteImageRoutes } from './routes.js';
