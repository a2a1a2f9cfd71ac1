import { createRequire } from 'node:module';
import { defineConfig, mergeConfig } from 'vitest/config';
import viteConfig from './vite.config.ts';

const require = createRequire(import.meta.url);

/**
 * Libraries whose package.json has no "exports": Node would load their CommonJS build, whose
 * require('react') no alias reaches, so tests would mix React into Preact. Their ES build instead.
 */
const ES_BUILDS = [
  '@testing-library/react',
  '@dnd-kit/accessibility',
  '@dnd-kit/core',
  '@dnd-kit/sortable',
  '@dnd-kit/utilities',
].map((name) => ({
  find: new RegExp(`^${name}$`),
  replacement: `${name}/${(require(`${name}/package.json`) as { module: string }).module}`,
}));

export default mergeConfig(
  viteConfig,
  defineConfig({
    resolve: { alias: ES_BUILDS },
    test: {
      environment: 'jsdom',
      include: ['src/**/*.test.{ts,tsx}'],
      // Effects run when they do in the app (src/app/preact-effects.ts).
      setupFiles: ['./src/app/preact-effects.ts', './src/test/setup.ts'],
      restoreMocks: true,
      // A deadline, not a wait: on a machine busy with other work a screen takes longer to settle.
      testTimeout: 30_000,
      // Tests run on Preact like the built app (vite.config.ts): the libraries that import 'react'
      // go through vite, so that its aliases reach them.
      server: {
        deps: {
          inline: [
            /@testing-library[\\/]react/,
            /react-router/,
            /react-i18next/,
            /@tanstack[\\/]react-query/,
            /zustand/,
            /@dnd-kit/,
            /react-dropzone/,
            /react-hot-toast/,
          ],
        },
      },
    },
  }),
);
