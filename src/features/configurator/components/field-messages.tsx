import { useCallback, useMemo, useState } from 'react'

/** The message next to a field, tied to it for screen readers by `id`. */
export function FieldError({ id, message }: { id: string; message: string | undefined }) {
  if (!message) return null
  return (
    <p id={id} className="field-error">
      {message}
    </p>
  )
}

/** An id for a field's message, unique within the component that owns `prefix` (a useId). */
export function errorIdOf(prefix: string, key: string): string {
  return `${prefix}-error-${key.replace(/\W/g, '-')}`
}

export interface FieldMessages {
  /** Whether the message of `key` is shown: its field has been left, or all are shown. */
  shown: (key: string) => boolean
  allShown: boolean
  /** The customer left the field: its message shows from now on. */
  reveal: (key: string) => void
  /** "Show what": every message shows. */
  revealAll: () => void
  /** A new design: no message shows until its field is left again. */
  hideAll: () => void
}

/**
 * Which messages of fields the customer types into (the measurements) are on screen: none while
 * they fill the form in, a field's once they leave it, all after they ask what stops the order.
 * Other messages follow a choice and always show.
 */
export function useFieldMessages(): FieldMessages {
  const [revealed, setRevealed] = useState<ReadonlySet<string> | 'all'>(() => new Set())
  const reveal = useCallback(
    (key: string) =>
      setRevealed((previous) =>
        previous === 'all' || previous.has(key) ? previous : new Set(previous).add(key),
      ),
    [],
  )
  const revealAll = useCallback(() => setRevealed('all'), [])
  const hideAll = useCallback(() => setRevealed(new Set()), [])
  return useMemo(
    () => ({
      shown: (key) => revealed === 'all' || revealed.has(key),
      allShown: revealed === 'all',
      reveal,
      revealAll,
      hideAll,
    }),
    [revealed, reveal, revealAll, hideAll],
  )
}
