import { mkdir, readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { familyKeys, families } from '../../contract/families.ts'
import { isBackOfficePath, pageRoutes } from '../../contract/routes.ts'
import { createApp } from '../../server/app.ts'
import { openDatabase } from '../../server/db/index.ts'
import { seed } from '../../server/services/seed.ts'
import { loadEnv } from '../../server/env.ts'
import { loadContent } from '../../server/content/load.ts'
import { listFamily } from '../../server/services/catalog.ts'
import { pageDataSources } from './page-data/sources.ts'
import { writePageData } from './page-data/write.ts'
import { routeStylesheets, withStylesheets, type BuildManifest } from './route-styles.ts'
import type { HeadTag, RenderedPage } from '../../src/prerendered-page.ts'

/**
 * Prerenders every public page of the built store to static HTML (dist/pages/**), so content,
 * title, description, canonical link, Open Graph tags and JSON-LD are there before any script
 * runs; the app then hydrates it. The pages' own requests are answered in-process by the real
 * API (createApp over an in-memory database seeded from content/), so a prerendered page shows
 * exactly what the live store would. Also writes sitemap.xml and robots.txt (SITE_URL sets the
 * public origin they and the canonical links use; default http://localhost:8080).
 */

const distDir = path.resolve('dist')
const pagesDir = path.join(distDir, 'pages')
const siteUrl = (process.env.SITE_URL ?? 'http://localhost:8080').replace(/\/+$/, '')

type RenderPage = (url: string) => Promise<RenderedPage>

function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
}

/** JSON inside a script element must not be able to close it. */
function escapeJsonForScript(json: string): string {
  return json.replace(/</g, '\\u003c')
}

function renderTag(tag: HeadTag): string {
  const attrs = Object.entries(tag.attrs)
    .map(([key, value]) => ` ${key}="${escapeHtml(value)}"`)
    .join('')
  if (tag.tag === 'title') return `<title>${escapeHtml(tag.children ?? '')}</title>`
  if (tag.tag === 'script')
    return `<script${attrs}>${escapeJsonForScript(tag.children ?? '')}</script>`
  return `<${tag.tag}${attrs} />`
}

/**
 * The public pages: every fixed route, every family listing, every active product and every
 * page with a data file.
 */
async function publicUrls(
  listProducts: () => Promise<string[]>,
  contentPages: string[],
): Promise<string[]> {
  // The back office is the shop's own: never prerendered, never in the sitemap.
  const fixed = pageRoutes.filter((route) => !route.includes('$') && !isBackOfficePath(route))
  const privatePages = new Set(['/cart', '/login', '/reset-password', '/account'])
  return [
    ...new Set([
      ...fixed.filter((route) => !privatePages.has(route)),
      ...(await listProducts()),
      ...contentPages,
    ]),
  ]
}

/**
 * Screens that are the customer's own (their cart, signing in, the checkout) are not public pages,
 * but their first paint need not wait for code: a shell of each is prerendered (the app bar, the
 * heading, the sign-in form, "Loading your cart…") and hydrated into the customer's view. They
 * hold nothing of anyone's and stay out of the sitemap (robots.txt disallows them). Their routes'
 * stylesheets are named in their heads (route-styles.ts): what these screens show first is laid
 * out by them, and would move when they arrived with the code. (The public pages' route styles
 * lay out only what a first view does not show, below the fold or opened later: they stay with
 * the code, off the first paint's path.)
 */
export const privateShells = ['/cart', '/login', '/checkout']

/**
 * The build's identity (docs/architecture.md: webpackCompilationHash): the hashed name of the
 * entry.
 */
function compilationHash(template: string): string {
  const entry = /\/assets\/index-([\w-]+)\.js/.exec(template)
  if (!entry?.[1]) throw new Error('dist/index.html names no entry script: run vite build first')
  return entry[1]
}

export function pageFile(url: string): string {
  return path.join(pagesDir, ...url.split('/').filter(Boolean), 'index.html')
}

/** Loaded `async`: it never holds the page's parsing or first paint. */
export const earlyTapsScript = '<script async src="/early-taps.js"></script>'

export function injectPage(template: string, page: RenderedPage, url: string): string {
  const canonical: HeadTag = {
    tag: 'link',
    attrs: { rel: 'canonical', href: `${siteUrl}${url === '/' ? '/' : url}` },
  }
  const head = [...page.head]
  if (!head.some((t) => t.tag === 'link' && t.attrs.rel === 'canonical')) head.push(canonical)
  const title = head.find((t) => t.tag === 'title')
  const description = head.find((t) => t.tag === 'meta' && t.attrs.name === 'description')
  const og: HeadTag[] = [
    { tag: 'meta', attrs: { property: 'og:type', content: 'website' } },
    { tag: 'meta', attrs: { property: 'og:site_name', content: 'Glidecraft' } },
    { tag: 'meta', attrs: { property: 'og:url', content: canonical.attrs.href! } },
  ]
  if (title) og.push({ tag: 'meta', attrs: { property: 'og:title', content: title.children! } })
  if (description) {
    og.push({
      tag: 'meta',
      attrs: { property: 'og:description', content: description.attrs.content! },
    })
  }
  const ogKeys = new Set(head.map((t) => t.attrs.property).filter(Boolean))
  const tags = [...head, ...og.filter((t) => !ogKeys.has(t.attrs.property))]

  let html = template
  if (title) html = html.replace(/<title>[\s\S]*?<\/title>/, renderTag(title))
  if (description) {
    html = html.replace(/<meta\s+name="description"[\s\S]*?\/>/, renderTag(description))
  }
  const extra = tags.filter((t) => t !== title && t !== description).map(renderTag)
  // A page with a control usable before hydration gets the script that keeps its tap
  // (public/early-taps.js, docs/architecture.md "Early taps"); no other page loads it.
  if (page.html.includes('data-early-tap=')) extra.push(earlyTapsScript)
  html = html.replace('</head>', `    ${extra.join('\n    ')}\n  </head>`)
  return html.replace('<div id="app"></div>', `<div id="app">${page.html}</div>`)
}

/** Private pages stay out of search engines; the sitemap lists the rest. */
function robots(): string {
  return `User-agent: *
Allow: /
Disallow: /api/
Disallow: /account
Disallow: /admin
Disallow: /cart
Disallow: /checkout
Disallow: /login
Disallow: /orders/

Sitemap: ${siteUrl}/sitemap.xml
`
}

function sitemap(urls: string[]): string {
  const entries = urls.map((url) => `  <url><loc>${escapeHtml(`${siteUrl}${url}`)}</loc></url>`)
  return `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
${entries.join('\n')}
</urlset>
`
}

async function main() {
  const started = Date.now()
  const env = loadEnv({ LOG_LEVEL: 'silent', STATIC_DIR: distDir })
  // Read and checked once: the database and the page data come from the same content.
  const content = await loadContent()
  const database = await openDatabase({ inMemory: true })
  try {
    await seed(database.db, { content })
    const app = createApp({ db: database.db, env, staticDir: distDir })
    // The app's requests go to the real API, in-process.
    Object.assign(globalThis, {
      location: new URL(siteUrl),
      fetch: (input: RequestInfo | URL, init?: RequestInit) =>
        app.request(input instanceof Request ? input : new Request(input, init)),
    })

    const entry = (await import(pathToFileURL(path.resolve('dist-ssr/entry-server.js')).href)) as {
      renderPage: RenderPage
    }
    const template = await readFile(path.join(distDir, 'index.html'), 'utf8')
    const dataPages = await writePageData(
      distDir,
      content,
      pageDataSources,
      compilationHash(template),
      { siteUrl },
    )
    const urls = await publicUrls(
      async () => {
        const lists = await Promise.all(
          familyKeys.map((family) => listFamily(database.db, family, { includeInactive: false })),
        )
        return lists.flat().map((product) => product.path)
      },
      dataPages.map((page) => page.path),
    )

    const written: string[] = []
    for (const url of urls) {
      const page = await entry.renderPage(url)
      if (page.status !== 200) throw new Error(`${url} rendered with status ${page.status}`)
      const file = pageFile(url)
      await mkdir(path.dirname(file), { recursive: true })
      await writeFile(file, injectPage(template, page, url))
      written.push(url)
    }
    const manifest = JSON.parse(
      await readFile(path.join(distDir, '.vite', 'manifest.json'), 'utf8'),
    ) as BuildManifest
    for (const url of privateShells) {
      const page = await entry.renderPage(url)
      if (page.status !== 200) throw new Error(`${url} rendered with status ${page.status}`)
      const file = pageFile(url)
      await mkdir(path.dirname(file), { recursive: true })
      const styles = routeStylesheets(manifest, page.routeIds)
      await writeFile(file, withStylesheets(injectPage(template, page, url), styles))
    }
    await writeFile(path.join(distDir, 'sitemap.xml'), sitemap(written))
    await writeFile(path.join(distDir, 'robots.txt'), robots())
    console.log(
      `prerendered ${written.length} pages (${Object.keys(families).length} families) and ${privateShells.length} shells in ${Date.now() - started} ms`,
    )
  } finally {
    await database.close()
  }
}

await main()
