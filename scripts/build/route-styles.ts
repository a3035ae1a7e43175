/**
 * The stylesheets a page's routes bring with their code, read from Vite's build manifest
 * (`dist/.vite/manifest.json`, `build.manifest`). A route's CSS otherwise arrives with its chunk,
 * after the prerendered page has painted, and the page is laid out again when it lands (a layout
 * shift, and a second LCP). The prerender names them in the page's head instead, so the first
 * paint is already laid out as the hydrated page will be. Vite's loader finds them there and does
 * not add them again.
 */

/** What the prerender reads of one manifest entry. */
export interface ManifestChunk {
  file: string
  css?: string[]
  imports?: string[]
}

export type BuildManifest = Record<string, ManifestChunk>

/** `/checkout/$` → `src/routes/checkout/$.tsx`, `/wingsuits/` → `src/routes/wingsuits/index.tsx`. */
export function routeFile(routeId: string): string {
  if (routeId === '__root__') return 'src/routes/__root.tsx'
  const path = routeId.endsWith('/') ? `${routeId}index` : routeId
  return `src/routes${path}.tsx`
}

/**
 * Every stylesheet the routes' modules import, directly or through the chunks they import
 * statically (not what they load later with `import()`), as root-relative URLs, in manifest order.
 * A route file is split into its route module and its lazy parts (`?tsr-split=…`): all count.
 */
export function routeStylesheets(manifest: BuildManifest, routeIds: readonly string[]): string[] {
  const found: string[] = []
  const seen = new Set<string>()
  const visit = (key: string) => {
    if (seen.has(key)) return
    seen.add(key)
    const chunk = manifest[key]
    if (!chunk) return
    for (const css of chunk.css ?? []) if (!found.includes(`/${css}`)) found.push(`/${css}`)
    for (const imported of chunk.imports ?? []) visit(imported)
  }
  for (const id of routeIds) {
    const file = routeFile(id)
    for (const key of Object.keys(manifest)) {
      if (key === file || key.startsWith(`${file}?`)) visit(key)
    }
  }
  return found
}

/** The page with a `<link rel="stylesheet">` for each of `hrefs` it does not link yet. */
export function withStylesheets(html: string, hrefs: readonly string[]): string {
  const missing = hrefs.filter((href) => !html.includes(`href="${href}"`))
  if (missing.length === 0) return html
  const links = missing.map((href) => `<link rel="stylesheet" crossorigin href="${href}">`)
  // After the app's own stylesheet, so the route's rules win where they meet, as they do when
  // Vite's loader appends them.
  const last = [...html.matchAll(/<link rel="stylesheet"[^>]*>/g)].at(-1)
  if (!last) return html.replace('</head>', `    ${links.join('\n    ')}\n  </head>`)
  const at = last.index + last[0].length
  return `${html.slice(0, at)}\n    ${links.join('\n    ')}${html.slice(at)}`
}
