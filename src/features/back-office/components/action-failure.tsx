import { actionFailure } from '../query.ts'

/**
 * An action's failure, where the owner is looking (announced, not only shown): it never says the
 * action was done.
 */
export function ActionFailure({ error }: { error: unknown }) {
  if (!error) return null
  return (
    <p className="admin-action-failure" role="alert">
      {actionFailure(error)}
    </p>
  )
}
