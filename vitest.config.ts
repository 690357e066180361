import { defineConfig } from 'vitest/config';

// Two projects: `unit` runs renderer and shared logic in a DOM (jsdom); `electron` runs the main
// process code in Node with the `electron` module mocked, because no Electron binary exists here.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['tests/unit/setup.ts'],
        },
      },
      {
        test: {
          name: 'electron',
          include: ['tests/electron/**/*.test.ts'],
          environment: 'node',
        },
      },
    ],
  },
});
