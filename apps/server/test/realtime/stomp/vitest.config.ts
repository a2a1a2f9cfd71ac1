import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// The STOMP tests need no database, so they run without the server suite's global setup.
export default defineConfig({
  root: fileURLToPath(new URL('../../..', import.meta.url)),
  resolve: { conditions: ['source'] },
  ssr: { resolve: { conditions: ['source'] } },
  test: {
    include: ['test/realtime/stomp/**/*.test.ts'],
  },
});
