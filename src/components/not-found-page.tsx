import { Link } from '@tanstack/react-router'

/** The 404 page: loaded on demand, so it stays out of the first page's scripts. */
export function NotFoundPage() {
  return (
    <article className="page error-page">
      <p className="error-code">404</p>
      <h1>Page not found</h1>
      <p className="lead">
        We could not find that page. It may have moved, or the link may be mistyped.
      </p>
      <p>
        <Link to="/" className="button">
          Back to the home page
        </Link>{' '}
        <Link to="/store" className="button button-secondary">
          Browse the store
        </Link>
      </p>
    </article>
  )
}
