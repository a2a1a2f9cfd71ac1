// The auth area as other code sees it; its other files are private (eslint.config.js).
export { default as authRoutes } from './routes.js';
export { default as oidcRoutes } from './oidc-routes.js';
export { AuthService, type UserRow } from './service.js';
export { loadSigningKey } from './signing-key.js';
export { verifyAccessToken } from './tokens.js';
