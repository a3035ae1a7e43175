import { useEffect, type RefObject } from 'react'

/** What an action says it did: a new object each time, so saying the same again is heard again. */
export interface Said {
  text: string
}

export const say = (text: string): Said => ({ text })

/**
 * Where an action's result is said: a live region that stays in place (so what appears in it is
 * announced) and takes focus when something is said, so the owner's next step starts from it. A
 * confirmation dialog that closes on success returns focus here too (its `returnFocus`).
 * Its `people-` classes are in people/people.css, which the screens using it import.
 */
export function Announcement({
  said,
  ref,
}: {
  said: Said | undefined
  ref: RefObject<HTMLParagraphElement | null>
}) {
  useEffect(() => {
    if (said) ref.current?.focus()
  }, [said, ref])
  return (
    <p ref={ref} role="status" tabIndex={-1} className={said ? 'people-done' : 'people-done-idle'}>
      {said?.text}
    </p>
  )
}
