import type { ReactNode } from 'react'

interface PlannedPageProps {
  title: string
  summary: string
  /** What this page will offer once its feature ships. */
  coming?: string[]
  children?: ReactNode
}

/** A real, titled page for a route whose feature ships in a later release. */
export function PlannedPage({ title, summary, coming = [], children }: PlannedPageProps) {
  return (
    <article className="page">
      <h1>{title}</h1>
      <p className="lead">{summary}</p>
      {coming.length > 0 && (
        <section aria-labelledby="coming-heading" className="panel">
          <h2 id="coming-heading">Coming to this page</h2>
          <ul>
            {coming.map((item) => (
              <li key={item}>{item}</li>
            ))}
          </ul>
        </section>
      )}
      {children}
    </article>
  )
}
