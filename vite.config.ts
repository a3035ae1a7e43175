import { readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { tanstackRouter } from '@tanstack/router-plugin/vite'
import react from '@vitejs/plugin-react'
import { defineConfig, minify } from 'vite'
import { VitePWA } from 'vite-plugin-pwa'
import { BACK_OFFICE_CHUNK } from './contract/back-office-assets.ts'
import { RECAPTCHA_SITE_KEY_META } from './contract/recaptcha-pages.ts'

// Build-time configuration. API_URL points the static site at the API host when the two are
// hosted apart (empty: same origin). The build id busts the persisted query cache per release.
const apiUrl = (process.env.API_URL ?? '').replace(/\/+$/, '')
const buildId = process.env.BUILD_ID ?? Date.now().toString(36)
const devApiPort = process.env.DEV_API_PORT ?? '8787'
// The invisible reCAPTCHA's site key is no part of the build: the server puts it into each page it
// sends (server/site/page-settings.ts). Under the dev server, Vite serves the page, so it does that.
const devRecaptchaSiteKey = process.env.RECAPTCHA_SITE_KEY ?? ''

export default defineConfig(({ isSsrBuild }) => ({
  define: {
    'import.meta.env.VITE_API_URL': JSON.stringify(apiUrl),
    'import.meta.env.VITE_BUILD_ID': JSON.stringify(buildId),
  },
  plugins: [
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      quoteStyle: 'single',
      // A route's loader travels with its component: the API client and page text load with
      // the first page that needs them, not with the app, in one request per route.
      codeSplittingOptions: {
        defaultBehavior: [
          ['loader', 'component'],
          ['pendingComponent', 'errorComponent', 'notFoundComponent'],
        ],
      },
    }),
    react(),
    {
      name: 'dev-recaptcha-site-key',
      apply: 'serve',
      transformIndexHtml: () =>
        devRecaptchaSiteKey
          ? [
              {
                tag: 'meta',
                attrs: { name: RECAPTCHA_SITE_KEY_META, content: devRecaptchaSiteKey },
                injectTo: 'head-prepend',
              },
            ]
          : [],
    },
    // public/early-taps.js is written to be read, and shipped minified: a product page loads it
    // before its load event, so it counts in the first view's JavaScript budget
    // (docs/performance.md). Minified where Vite copied it, before the service worker's precache
    // list is made from dist; a script the minifier cannot read fails the build.
    !isSsrBuild && {
      name: 'minify-early-taps',
      apply: 'build',
      async writeBundle({ dir }) {
        const file = join(dir ?? 'dist', 'early-taps.js')
        const { code, errors } = await minify(file, await readFile(file, 'utf8'))
        if (errors.length > 0) throw new Error(`${file}: ${errors[0]!.message}`)
        await writeFile(file, code)
      },
    },
    // braintree-web's browser bundles (browserify's prelude) look for a global `require`, which no
    // browser has. Left as written, the bundler answers with a `require` shim of its own, and the
    // shim sits in the runtime every page loads before its load event (0.18 KiB of the first
    // view's budget) for the payment step alone. What a browser would find there is nothing. A
    // release of braintree-web that words its prelude otherwise fails the build here.
    {
      name: 'braintree-without-require',
      transform: {
        filter: { id: /braintree-web[\\/]dist[\\/]browser[\\/][^/\\]+\.js$/ },
        handler(code, id) {
          const globalRequire = '"function"==typeof require&&require'
          if (!code.includes(globalRequire)) throw new Error(`${id}: its prelude has changed`)
          return code.replaceAll(globalRequire, 'void 0')
        },
      },
    },
    // The prerender bundle (vite build --ssr) has no service worker of its own.
    !isSsrBuild &&
      VitePWA({
        strategies: 'injectManifest',
        srcDir: 'sw',
        filename: 'sw.ts',
        injectRegister: false,
        manifest: {
          id: '/',
          name: 'Glidecraft — wingsuits, canopies and gear',
          short_name: 'Glidecraft',
          description:
            'Wingsuits, tracking suits, BASE and skydiving parachutes, equipment and apparel. Configure your custom suit, even offline.',
          start_url: '/',
          scope: '/',
          display: 'standalone',
          background_color: '#0f172a',
          theme_color: '#0f172a',
          icons: [
            { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
            { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
            {
              src: '/icons/icon-maskable-512.png',
              sizes: '512x512',
              type: 'image/png',
              purpose: 'maskable',
            },
          ],
        },
        injectManifest: {
          // The manifest and its icons are added by the plugin itself.
          globPatterns: ['**/*.{js,css,html,svg,woff2}'],
          // Content images are cached as they are seen, within a size limit (sw/sw.ts). The back
          // office's code is the shop's, not the customer's: cached when the owner opens it.
          globIgnores: ['images/**', `assets/${BACK_OFFICE_CHUNK}-*`],
        },
      }),
  ],
  resolve: {
    alias: {
      // React 19 has useSyncExternalStore built in; the shim's fallback is dead weight.
      'use-sync-external-store/shim/with-selector': 'use-sync-external-store/with-selector',
    },
  },
  server: {
    proxy: { '/api': `http://localhost:${devApiPort}` },
  },
  build: {
    target: 'es2022',
    // dist/.vite/manifest.json: which stylesheets each route's chunks bring, for the prerendered
    // shells' heads (scripts/build/route-styles.ts). Not served, not precached.
    manifest: !isSsrBuild,
    // Every browser that runs the service worker supports modulepreload natively. The page
    // preloads what the entry imports; a lazy route fetches its own imports when it loads
    // (after the first visit the service worker serves them from its precache).
    rolldownOptions: {
      output: {
        // Lazy chunks go by their hash alone, seven characters (rolldown refuses a size too
        // short for the number of chunks): the route tree, which loads with the app, names each
        // route's chunk twice, and names and the eighth character cost 0.2 KiB of the first
        // view's budget. The source maps of `vite build --sourcemap` still say what each holds.
        chunkFileNames: (chunk) =>
          chunk.name === BACK_OFFICE_CHUNK
            ? `assets/${BACK_OFFICE_CHUNK}-[hash:7].js`
            : 'assets/[hash:7].js',
        // The same for the lazy routes' stylesheets, which the entry names to load them with
        // their route. The back office's keep the name that leaves them out of the precache.
        assetFileNames: ({ names }) =>
          names.some((name) => name.endsWith('.css') && !name.startsWith(`${BACK_OFFICE_CHUNK}.`))
            ? 'assets/[hash:7].[ext]'
            : 'assets/[name]-[hash].[ext]',
        // React, ReactDOM and the router in one chunk the entry imports, not spread over chunks
        // that every route file also imports: fewer, larger files on the first load, and a
        // release that changes only the app leaves it cached. The slug pattern, which the entry
        // shares with the API client, and the shell's value store (lib/shell-value.ts), which the
        // entry shares with the links loaded after it, go along rather than into the links' file
        // (that would load it before the load event).
        advancedChunks: {
          groups: [
            {
              name: 'framework',
              test: /node_modules[\\/](react|react-dom|scheduler|@tanstack[\\/](react-router|router-core|history|react-store|store)|use-sync-external-store)[\\/]|contract[\\/]slug-pattern\.ts|src[\\/]lib[\\/]shell-value\.ts/,
            },
            // The back office (routes/admin/, features/back-office): one file of its own, named so
            // the customer's precache leaves it out (globIgnores above). Only the route's split
            // parts: the route file itself is in the route tree every page loads.
            {
              name: BACK_OFFICE_CHUNK,
              test: /src[\\/](routes[\\/]admin[\\/](-components[\\/]|[^?]*\?tsr-split)|features[\\/]back-office[\\/])/,
              // Its own modules only: what it shares with the store (the API client, the query
              // client) stays where the store's pages load it from.
              includeDependenciesRecursively: false,
            },
            // What the shell's links (hydrated once the page has loaded, site-layout.tsx) share
            // with the menu sheet, the video player and the after-first-view work: one file, not
            // several small ones.
            {
              name: 'site-links',
              test: /src[\\/](components[\\/](site-nav|catch-all-link|account-link|tab-bar)\.tsx|lib[\\/](signed-in|use-online-status|offline-data-status)\.ts)$/,
            },
          ],
        },
      },
    },
    modulePreload: {
      polyfill: false,
      resolveDependencies: (_file, deps, { hostType }) => (hostType === 'html' ? deps : []),
    },
  },
}))
