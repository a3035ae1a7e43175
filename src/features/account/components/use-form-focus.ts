import { useCallback } from 'react'

/**
 * Moves focus to the first field of `order` that has a message, so a keyboard or screen-reader
 * user lands where the fix is (the message is read with the field). Ids are `${prefix}-${field}`.
 */
export function useFocusFirstError<K extends string>(prefix: string, order: readonly K[]) {
  return useCallback(
    (errors: Partial<Record<K, string>>) => {
      const first = order.find((key) => errors[key])
      if (first) document.getElementById(`${prefix}-${first}`)?.focus()
    },
    [prefix, order],
  )
}
