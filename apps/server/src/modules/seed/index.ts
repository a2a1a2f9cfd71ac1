// The seed area as other code sees it; its other files are private (eslint.config.js).
export { registerWelcomeMessage } from './welcome.js';
