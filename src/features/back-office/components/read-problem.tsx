import type { UseQueryResult } from '@tanstack/react-query'
import { ApiError } from '../../../lib/api-client.ts'
import { NotKeptError } from '../../../lib/kept-orders.ts'

/**
 * What a screen shows while its read has no data: loading, or why there is none (offline and
 * never read on this device, gone, not for this role, or the shop failing), with a way to ask
 * again where asking again can help.
 * Its `people-` classes are in people/people.css, which the screens using it import.
 */
export function ReadProblem({ read, what }: { read: UseQueryResult<unknown>; what: string }) {
  if (read.isPending)
    return (
      <p className="people-loading" role="status">
        Loading {what}…
      </p>
    )
  const error = read.error
  let text = `Could not load ${what}. Try again.`
  let retry = true
  if (error instanceof NotKeptError) {
    text = `Offline: this device has not saved ${what} yet. It needs the network.`
  } else if (error instanceof ApiError && error.status === 404) {
    text = `There is no such ${what}.`
    retry = false
  } else if (error instanceof ApiError && error.status === 403) {
    text = `Your role may not see ${what}.`
    retry = false
  } else if (error instanceof ApiError && error.status === 401) {
    text = 'Your session has ended. Sign in again.'
    retry = false
  }
  return (
    <div className="people-read-problem">
      <p role="alert">{text}</p>
      {retry && (
        <button
          type="button"
          className="button button-secondary"
          onClick={() => void read.refetch()}
        >
          Try again
        </button>
      )}
    </div>
  )
}
