/** JSON for a script element: `<` escaped so the text can never close the element. */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c')
}

export interface PageHead {
  meta?: Array<{ title: string } | { name: string; content: string }>
  scripts?: Array<{ type: string; children: string }>
}

/** What a page's head is made of. */
export interface PageHeadSource {
  title: string
  summary?: string
  jsonLd?: unknown
  /** Kept out of search engines (the back office). */
  noindex?: boolean
}

/**
 * The document head of a page: its title (with the shop's name), meta description and, when
 * given, schema.org JSON-LD (which the prerender writes into the page's HTML).
 */
export function pageHead(page?: PageHeadSource): PageHead {
  if (!page) return {}
  const meta: NonNullable<PageHead['meta']> = [{ title: `${page.title} — Glidecraft` }]
  if (page.summary) meta.push({ name: 'description', content: page.summary })
  if (page.noindex) meta.push({ name: 'robots', content: 'noindex, nofollow' })
  if (page.jsonLd === undefined) return { meta }
  return {
    meta,
    scripts: [{ type: 'application/ld+json', children: scriptJson(page.jsonLd) }],
  }
}

/** Loader data that carries its page's head (see `loaderHead`). */
export type WithHead<T> = T & { head: PageHead }

/** A loader's data with the head of its page. */
export function withHead<T extends object>(data: T, page: PageHeadSource): WithHead<T> {
  return { ...data, head: pageHead(page) }
}
