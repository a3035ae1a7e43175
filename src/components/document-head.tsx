import { useRouterState } from '@tanstack/react-router'
import { useEffect } from 'react'

type MetaEntry = { title?: string; name?: string; content?: string } | undefined

function lastMeta(
  matches: ReadonlyArray<{ meta?: ReadonlyArray<MetaEntry> }>,
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

/**
 * Keeps the document's title and meta description in step with the routes' `head()`: the
 * deepest match that sets one wins. A few lines in place of the router's HeadContent, which
 * weighs more than the home page's script budget allows.
 */
export function DocumentHead() {
  const title = useRouterState({ select: (s) => lastMeta(s.matches, (m) => m.title) })
  const description = useRouterState({
    select: (s) => lastMeta(s.matches, (m) => (m.name === 'description' ? m.content : undefined)),
  })
  useEffect(() => {
    if (title) document.title = title
  }, [title])
  useEffect(() => {
    if (!description) return
    document.querySelector('meta[name="description"]')?.setAttribute('content', description)
  }, [description])
  return null
}
