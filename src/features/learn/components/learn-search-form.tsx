import { useId, useState, type FormEvent } from 'react'

interface LearnSearchFormProps {
  onSearch: (query: string) => void
  /** The reader is about to search: a chance to fetch the search page ahead. */
  onIntent: () => void
}

/**
 * The search box on the learning index. Without scripts the form still leads to the search
 * page, which then lists every article.
 */
export function LearnSearchForm({ onSearch, onIntent }: LearnSearchFormProps) {
  const id = useId()
  const [query, setQuery] = useState('')
  const submit = (event: FormEvent) => {
    event.preventDefault()
    onSearch(query.trim())
  }
  return (
    <form role="search" action="/learnSearch" className="learn-search-form" onSubmit={submit}>
      <label htmlFor={id}>Search the guides</label>
      <input
        id={id}
        type="search"
        value={query}
        placeholder="e.g. packing a canopy"
        onChange={(event) => setQuery(event.target.value)}
        onFocus={onIntent}
      />
      <button type="submit" className="button">
        Search
      </button>
    </form>
  )
}
