import { readdirSync, readFileSync } from 'node:fs'
import { configDefaults, defineConfig } from 'vitest/config'

/*
 * Test files share their worker's modules (`isolate: false`): a file no longer pays for a fresh
 * jsdom, React and router, or for the server's whole module graph, which cost more than the tests
 * themselves (Vitest went from ~470 s to ~145 s here). Each test file still opens a
 * database of its own and leaves no listener or timer behind. A file that replaces a module
 * (`vi.mock`) needs a module graph of its own, or the modules other files imported first would
 * keep the real one: those run isolated, found by reading the files.
 */
const mocksModules = (dir: string): string[] =>
  readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.test\.tsx?$/.test(file) && !file.includes('node_modules'))
    .map((file) => `${dir}/${file}`)
    .filter((file) => /\bvi\.(do)?[mM]ock\(/.test(readFileSync(file, 'utf8')))

const appMocking = [...mocksModules('src'), ...mocksModules('contract')]
const workerMocking = [...mocksModules('sw'), ...mocksModules('store-db')]
const serverMocking = [...mocksModules('server'), ...mocksModules('scripts')]

const app = {
  environment: 'jsdom' as const,
  setupFiles: [
    'fake-indexeddb/auto',
    'src/testing/fresh-storage.ts',
    'src/testing/async-timeouts.ts',
  ],
  // Three times the default: a screen test that takes 0.4 s idle has taken 5.2 s on a loaded machine.
  testTimeout: 15_000,
}
const worker = {
  environment: 'node' as const,
  setupFiles: ['fake-indexeddb/auto'],
}
const server = {
  environment: 'node' as const,
  testTimeout: 30_000,
  hookTimeout: 60_000,
  // One migrated, seeded PGlite database per run; each test file starts from its copy.
  globalSetup: ['server/testing/test-template.ts'],
}

/** A project of its own for the files that mock modules (none: no project, as an empty include means every file). */
const isolated = (name: string, base: object, include: string[]) =>
  include.length > 0 ? [{ test: { ...base, name, include } }] : []

export default defineConfig({
  test: {
    // Two test files at once on the two-core machines this runs on (Vitest's default is one fewer
    // than the cores: one file at a time here, with a core idle while a file waits on a timer, a
    // child process or a socket). Against a PostgreSQL server (TEST_DATABASE_URL) one file at a
    // time, as before: there the server shares the two cores, and a cross-process mail-wake test
    // timed out once with two files at once.
    maxWorkers: process.env.TEST_DATABASE_URL ? 1 : 2,
    // A global or variable a test stubs is put back before the next test, whichever file it is in.
    unstubGlobals: true,
    unstubEnvs: true,
    reporters: ['default', 'json'],
    outputFile: { json: 'reports/vitest.json' },
    projects: [
      {
        test: {
          ...app,
          name: 'app',
          include: ['src/**/*.test.{ts,tsx}', 'contract/**/*.test.ts'],
          exclude: [...configDefaults.exclude, ...appMocking],
          isolate: false,
        },
      },
      ...isolated('app (mocks)', app, appMocking),
      {
        test: {
          // The service worker's pure parts and the IndexedDB schema it shares with the app.
          ...worker,
          name: 'worker',
          include: ['sw/**/*.test.ts', 'store-db/**/*.test.ts'],
          exclude: [...configDefaults.exclude, ...workerMocking],
          isolate: false,
        },
      },
      ...isolated('worker (mocks)', worker, workerMocking),
      {
        test: {
          ...server,
          name: 'server',
          include: ['server/**/*.test.ts', 'scripts/**/*.test.ts'],
          exclude: [...configDefaults.exclude, ...serverMocking],
          isolate: false,
        },
      },
      ...isolated('server (mocks)', server, serverMocking),
    ],
  },
})
