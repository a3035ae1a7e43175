import { Link } from '@tanstack/react-router'
import { useDeferredValue, useEffect, useId, useMemo, useState } from 'react'
import type { LearnSearchData } from '../../../../contract/page-data/learn.ts'
import { groupByTopic, searchStatus } from '../model.ts'
import { createLearnIndex, searchLearn } from '../search.ts'
import { Highlighted } from './highlighted.tsx'
import { TopicList } from './topic-list.tsx'

/** How long typing must pause before the query goes into the address. */
const URL_DEBOUNCE_MS = 300

interface LearnSearchProps {
  data: LearnSearchData
  /** The query in the address. */
  query: string
  /** Puts a query in the address (replacing the entry, so Back leaves the search). */
  onQueryChange: (query: string) => void
}

/**
 * Search as you type over every learning article, answered in the browser (so also offline).
 * Results follow the box at once; the address follows after a pause, so it can be shared.
 */
export function LearnSearch({ data, query, onQueryChange }: LearnSearchProps) {
  const inputId = useId()
  const [draft, setDraft] = useState(query)
  // The address changed under the box (Back, a link): show its query.
  const [addressQuery, setAddressQuery] = useState(query)
  if (query !== addressQuery) {
    setAddressQuery(query)
    if (draft.trim() !== query) setDraft(query)
  }

  useEffect(() => {
    const next = draft.trim()
    if (next === query) return
    const timer = setTimeout(() => onQueryChange(next), URL_DEBOUNCE_MS)
    return () => clearTimeout(timer)
  }, [draft, query, onQueryChange])

  const index = useMemo(() => createLearnIndex(data.articles), [data.articles])
  const term = useDeferredValue(draft.trim())
  const hits = useMemo(() => (term ? searchLearn(index, term) : null), [index, term])
  const bySlug = useMemo(() => new Map(data.articles.map((a) => [a.slug, a])), [data.articles])
  const topicTitles = useMemo(
    () => new Map(data.topics.map((t) => [t.topic, t.title])),
    [data.topics],
  )

  return (
    <div className="page learn-search">
      <h1>Search the guides</h1>
      <form
        role="search"
        className="learn-search-form"
        onSubmit={(event) => {
          event.preventDefault()
          onQueryChange(draft.trim())
        }}
      >
        <label htmlFor={inputId}>Words to look for</label>
        <input
          id={inputId}
          type="search"
          value={draft}
          placeholder="e.g. packing a canopy"
          onChange={(event) => setDraft(event.target.value)}
        />
      </form>
      <p role="status" className="learn-search-status">
        {searchStatus(data.articles.length, term, hits?.length ?? 0)}
      </p>
      {hits === null ? (
        <TopicList groups={groupByTopic(data.topics, data.articles)} />
      ) : (
        <ol className="learn-results">
          {hits.map((hit) => {
            const article = bySlug.get(hit.slug)
            if (!article) return null
            return (
              <li key={hit.slug}>
                <h2>
                  <Link to="/learn/$slug" params={{ slug: hit.slug }}>
                    <Highlighted text={article.title} terms={hit.terms} />
                  </Link>
                </h2>
                <p className="learn-result-topic">{topicTitles.get(article.topic)}</p>
                <p>
                  <Highlighted text={article.summary} terms={hit.terms} />
                </p>
              </li>
            )
          })}
        </ol>
      )}
    </div>
  )
}
