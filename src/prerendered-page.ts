/** What the prerender entry (entry-server.tsx) gives the build script for one page. */

export interface HeadTag {
  tag: 'title' | 'meta' | 'link' | 'script'
  attrs: Record<string, string>
  children?: string
}

export interface RenderedPage {
  status: 200 | 404 | 500
  html: string
  head: HeadTag[]
  /** The ids of the routes that matched, root first (`__root__`, `/checkout/$`, …). */
  routeIds: string[]
}
