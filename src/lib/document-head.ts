type MetaEntry = { title?: string; name?: string; content?: string } | undefined

/** The part of the app's router this module reads. */
export interface HeadSource {
  state: { matches: ReadonlyArray<{ meta?: ReadonlyArray<MetaEntry> }> }
  subscribe: (event: 'onResolved', listener: () => void) => () => void
}

function lastMeta(
  matches: HeadSource['state']['matches'],
  pick: (entry: NonNullable<MetaEntry>) => string | undefined,
): string | undefined {
  for (let i = matches.length - 1; i >= 0; i--) {
    for (const entry of matches[i]?.meta ?? []) {
      const value = entry && pick(entry)
      if (value) return value
    }
  }
  return undefined
}

function applyHead(router: HeadSource): void {
  const { matches } = router.state
  const title = lastMeta(matches, (m) => m.title)
  const description = lastMeta(matches, (m) => (m.name === 'description' ? m.content : undefined))
  if (title && document.title !== title) document.title = title
  if (description) {
    document.querySelector('meta[name="description"]')?.setAttribute('content', description)
  }
}

/**
 * Keeps the document's title and meta description in step with the routes' `head()` as the
 * visitor moves on: the deepest match that sets one wins. The first view's head is in its
 * prerendered HTML, so this starts with the work after the first view (it first catches up with
 * wherever the visitor already is) and weighs nothing on the first load. A few lines in place of
 * the router's HeadContent, which weighs more than the home page's script budget allows.
 */
export function keepDocumentHead(router: HeadSource): void {
  applyHead(router)
  router.subscribe('onResolved', () => applyHead(router))
}
