import { Link } from '@tanstack/react-router'

export function ServerErrorPage({ reset }: { reset?: () => void }) {
  return (
    <article className="page error-page">
      <p className="error-code">500</p>
      <h1>Something went wrong</h1>
      <p className="lead">
        The page could not be shown. Please try again in a moment; designs you saved on this device
        are kept.
      </p>
      <p>
        {reset && (
          <button type="button" className="button" onClick={reset}>
            Try again
          </button>
        )}{' '}
        <Link to="/" className="button button-secondary">
          Back to the home page
        </Link>
      </p>
    </article>
  )
}

/**
 * A page whose data is not on this device and cannot be fetched (no network). Says exactly that,
 * rather than a server error; the offline banner above says the network is gone.
 */
export function OfflinePage() {
  return (
    <article className="page error-page offline-page">
      <p className="error-code">Offline</p>
      <h1>Not saved on this device yet</h1>
      <p className="lead">
        This page is not saved on this device yet. It will be after you open it online once.
      </p>
      <p>
        <button type="button" className="button" onClick={() => window.history.back()}>
          Go back
        </button>{' '}
        <Link to="/" className="button button-secondary">
          Back to the home page
        </Link>
      </p>
    </article>
  )
}

export function PageLoading() {
  return (
    <div className="page-loading" role="status" aria-live="polite">
      Loading…
    </div>
  )
}
