// The auth area as other code sees it; its other files are private (lint/server.js). Its routes
// (the JSON API, and the OpenID Connect redirects outside it) are registered by src/app.ts from routes.ts.
export { AuthService, type UserRow, type UserSetup } from './service.js';
export { loadSigningKey } from './signing-key.js';
export { verifyAccessToken } from './tokens.js';
