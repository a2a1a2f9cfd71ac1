// The seed area as other code sees it; its other files are private (lint/server.js).
export { welcomeMessageFor } from './welcome.js';
