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
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: boundaryZones }],
      'import-x/no-duplicates': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
      'no-restricted-syntax': [
        'error',
        { selector: 'ExportAllDeclaration', message: 'No barrel files: import from the module.' },
      ],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    languageOptions: { globals: globals.browser },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // Browser storage has one door each (STYLE.md): Dexie and the query persister in lib/.
      'no-restricted-globals': [
        'error',
        { name: 'localStorage', message: 'Use the persisted query cache (src/lib).' },
        { name: 'indexedDB', message: 'Use the Dexie database in src/lib/db.ts.' },
      ],
    },
  },
  {
    // The anonymous cart token is the one other thing kept in localStorage: the cart calls and
    // the service worker's queued requests carry it, so it must exist before any query does.
    files: ['src/lib/cart-token.ts', 'src/lib/cart-token.test.ts'],
    rules: { 'no-restricted-globals': 'off' },
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
    files: ['contract/**/*.ts'],
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
