import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    // Two test files at once on the two-core machines this runs on (Vitest's default is one fewer
    // than the cores: one file at a time here, with a core idle while a file waits on a timer, a
    // child process or a socket). Against a PostgreSQL server (TEST_DATABASE_URL) one file at a
    // time, as before: there the server shares the two cores, and a cross-process mail-wake test
    // timed out once with two files at once.
    maxWorkers: process.env.TEST_DATABASE_URL ? 1 : 2,
    reporters: ['default', 'json'],
    outputFile: { json: 'reports/vitest.json' },
    projects: [
      {
        test: {
          name: 'app',
          environment: 'jsdom',
          include: ['src/**/*.test.{ts,tsx}', 'contract/**/*.test.ts'],
          setupFiles: ['fake-indexeddb/auto'],
        },
      },
      {
        test: {
          // The service worker's pure parts and the IndexedDB schema it shares with the app.
          name: 'worker',
          environment: 'node',
          include: ['sw/**/*.test.ts', 'store-db/**/*.test.ts'],
          setupFiles: ['fake-indexeddb/auto'],
        },
      },
      {
        test: {
          name: 'server',
          environment: 'node',
          include: ['server/**/*.test.ts', 'scripts/**/*.test.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // One migrated, seeded PGlite database per run; each test file starts from its copy.
          globalSetup: ['server/testing/test-template.ts'],
        },
      },
    ],
  },
})
