import { readdirSync } from 'node:fs'
import js from '@eslint/js'
import importX from 'eslint-plugin-import-x'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import tseslint from 'typescript-eslint'

// The import boundaries of STYLE.md: routes -> features -> components/lib -> contract.
// Features never import each other; sw/ never imports app code; server/ never imports src/
// or scripts/; contract/ imports only zod. store-db/ is the browser's one IndexedDB schema, opened
// by the app and by the service worker alike: both import it, it imports neither (nor the server).
const features = readdirSync('src/features', { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)

const boundaryZones = [
  ...features.map((feature) => ({
    target: `./src/features/${feature}`,
    from: './src/features',
    except: [`./${feature}`],
    message: 'Features do not import each other; compose them in a route.',
  })),
  {
    target: ['./src/features', './src/components', './src/lib'],
    from: './src/routes',
    message: 'Only routes import routes.',
  },
  {
    target: ['./src/components', './src/lib'],
    from: './src/features',
    message: 'Shared code has no feature knowledge.',
  },
  { target: './src/lib', from: './src/components', message: 'lib/ holds no UI.' },
  { target: './sw', from: './src', message: 'The service worker never imports app code.' },
  {
    target: './src',
    from: './sw',
    except: ['./messages.ts'],
    message: 'The app talks to the worker through messages only (sw/messages.ts).',
  },
  {
    target: './store-db',
    from: ['./src', './sw', './server'],
    message: 'store-db/ is shared by the app and the worker: it imports only contract/.',
  },
  { target: './server', from: './store-db', message: 'The server has no browser database.' },
  { target: './server', from: './src', message: 'The server never imports app code.' },
  // The content loader lives in server/content/ so that the seed, the prerender and
  // content:check share it; build scripts import the server, never the other way round.
  { target: './server', from: './scripts', message: 'The server never imports build scripts.' },
  { target: './src', from: './server', message: 'The app never imports server code.' },
  {
    target: './contract',
    from: ['./src', './server', './sw', './store-db'],
    message: 'contract/ stands alone.',
  },
]

// Inside server/ the layers run one way: routes (with middleware/, http/, site/, cli/ and the
// app that mounts them) -> services (with mail/ and the content loader) -> db/. A service takes
// plain values, never a request; a helper both sides need lives in the lower one. Tests (and
// server/testing/) may reach any layer: a service's test may build the whole app.
const serverLayerZones = [
  {
    target: ['./server/services', './server/mail', './server/content'],
    from: [
      './server/routes',
      './server/middleware',
      './server/http',
      './server/site',
      './server/cli',
      './server/app.ts',
      './server/main.ts',
    ],
    message: 'Services never import the web layer: routes -> services -> db.',
  },
  {
    target: './server/db',
    from: [
      './server/services',
      './server/mail',
      './server/content',
      './server/routes',
      './server/middleware',
      './server/http',
      './server/site',
      './server/cli',
    ],
    message: 'db/ is the bottom of the server: routes -> services -> db.',
  },
  {
    target: './server/content',
    from: ['./server/services', './server/mail', './server/db'],
    message: 'The content loader reads content/ against contract/ alone.',
  },
]

// Browser storage has one door each (STYLE.md): Dexie and the query persister in lib/. The ban
// covers the globals, and Web Storage reached through window, self or globalThis.
const storageDoors = {
  localStorage: 'Use the persisted query cache (src/lib).',
  sessionStorage: 'Browser storage has one door each (STYLE.md): add one in src/lib.',
  indexedDB: 'Use the Dexie database in src/lib/db.ts.',
}
const storageRules = {
  'no-restricted-globals': [
    'error',
    ...Object.entries(storageDoors).map(([name, message]) => ({ name, message })),
  ],
  'no-restricted-properties': [
    'error',
    ...['window', 'self', 'globalThis'].flatMap((object) =>
      ['localStorage', 'sessionStorage'].map((property) => ({
        object,
        property,
        message: storageDoors[property],
      })),
    ),
  ],
}
const storageRulesOff = { 'no-restricted-globals': 'off', 'no-restricted-properties': 'off' }

export default tseslint.config(
  {
    ignores: [
      'dist',
      'dist-ssr',
      'data',
      'reports',
      'test-results',
      'playwright-report',
      'src/routeTree.gen.ts',
      'server/db/migrations',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    plugins: { 'import-x': importX },
    // The import rules follow .ts files too (no-cycle reads each imported module).
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: [...boundaryZones, ...serverLayerZones] }],
      'import-x/no-duplicates': 'error',
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
      'no-restricted-syntax': [
        'error',
        { selector: 'ExportAllDeclaration', message: 'No barrel files: import from the module.' },
      ],
    },
  },
  {
    files: ['**/*.test.{ts,tsx}', 'server/testing/**/*.ts'],
    rules: { 'import-x/no-restricted-paths': ['error', { zones: boundaryZones }] },
  },
  {
    // Scripts shipped without bundling (public/early-taps.js, minified at build): plain browser
    // scripts, no module.
    files: ['public/**/*.js'],
    languageOptions: { globals: globals.browser, sourceType: 'script' },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    languageOptions: { globals: globals.browser },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...storageRules,
    },
  },
  {
    // The doors themselves. The query persister and the signed-in user read from its stored copy
    // (query-client.ts, signed-in-user.ts); the anonymous cart token is the one other thing kept
    // in localStorage: the cart calls and the service worker's queued requests carry it, so it
    // must exist before any query does; the chunk-reload mark lives for one tab (sessionStorage).
    // Tests read what the doors wrote.
    files: [
      'src/lib/query-client.ts',
      'src/lib/signed-in-user.ts',
      'src/lib/cart-token.ts',
      'src/lib/chunk-reload.ts',
      'src/**/*.test.{ts,tsx}',
      'src/testing/**/*.ts',
    ],
    rules: storageRulesOff,
  },
  {
    files: ['store-db/**/*.ts'],
    languageOptions: { globals: { ...globals.browser, ...globals.serviceworker } },
  },
  {
    files: ['sw/**/*.ts'],
    languageOptions: { globals: globals.serviceworker },
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['react', 'react-dom', 'react/*'], message: 'No React in the worker.' },
          ],
        },
      ],
    },
  },
  {
    // Its tests may use the test runner too.
    files: ['contract/**/*.ts'],
    ignores: ['contract/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ regex: '^(?!zod$|\\./)', message: 'contract/ imports only zod.' }] },
      ],
    },
  },
  {
    files: ['server/**/*.ts', 'scripts/**/*.ts', 'tests/**/*.ts', '*.config.{js,ts}'],
    languageOptions: { globals: globals.node },
  },
)
