import type { ReactNode } from 'react'
import { ApiError, NetworkError, ValidationError } from '../../../../lib/api-client.ts'
import { NotKeptError } from '../../../../lib/kept-orders.ts'

/**
 * Why an order read could not be shown, in the owner's words. `offline`: what to say when the
 * network gave no answer and the read is not one the device keeps (a filtered list).
 */
export function ReadProblem({
  error,
  what,
  offline,
}: {
  error: unknown
  what: string
  offline?: ReactNode
}) {
  if (error instanceof NotKeptError)
    return (
      <p className="admin-as-of" role="status">
        Offline, and this device has not saved {what} yet. It is saved each time it is opened with
        the network.
      </p>
    )
  if (error instanceof NetworkError && offline)
    return (
      <p className="admin-as-of" role="status">
        {offline}
      </p>
    )
  let text = `${what[0]!.toUpperCase()}${what.slice(1)} could not be read. Try again in a moment.`
  if (error instanceof NetworkError)
    text = `${what[0]!.toUpperCase()}${what.slice(1)} needs the network, and the shop did not answer.`
  else if (error instanceof ValidationError)
    text = Object.values(error.errors).flat()[0] ?? error.message
  else if (error instanceof ApiError && error.status === 401)
    text = 'Your session has ended. Sign in again.'
  else if (error instanceof ApiError && error.status === 403) text = 'Your role may not read this.'
  else if (error instanceof ApiError && error.status === 404)
    text = 'There is no such order (a cart is not an order).'
  return (
    <p className="admin-action-failure" role="alert">
      {text}
    </p>
  )
}
