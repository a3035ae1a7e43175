import { useLayoutEffect, useRef, type RefObject } from 'react'

/*
 * The result of a tap shown where the customer is looking: on a phone a result can appear above
 * the screen (the page above grew or shrank), and a button that goes away leaves the focus on
 * <body>. The element that says what happened (a heading of the next view, a role=alert or
 * role=status message; tabIndex=-1 so it can hold focus) is scrolled into view and focused, so a
 * screen reader reads it and a keyboard goes on from there. The sticky app bar and tab bar stay
 * clear of it through `html { scroll-padding-* }` (styles.css), which scrollIntoView honours.
 */

/**
 * Scrolls `element` into view and focuses it. `block`: 'start' for a view's heading (what
 * follows it shows too), 'nearest' for a message beside what was tapped (no jump when in view).
 */
export function revealAndFocus(
  element: HTMLElement | null | undefined,
  block: ScrollLogicalPosition = 'nearest',
): void {
  if (!element) return
  element.focus({ preventScroll: true })
  // jsdom has no scrollIntoView.
  if (typeof element.scrollIntoView === 'function') element.scrollIntoView({ block })
}

/**
 * A ref for the element that shows `result`: each time `result` changes to something shown (a
 * new object for each tap, so the same words said twice are shown twice), it is scrolled into
 * view and focused, before the paint (no frame shows it out of view).
 */
export function useAnnounceFocus<T extends HTMLElement>(
  result: unknown,
  block: ScrollLogicalPosition = 'nearest',
): RefObject<T | null> {
  const ref = useRef<T>(null)
  useLayoutEffect(() => {
    if (result) revealAndFocus(ref.current, block)
  }, [result, block])
  return ref
}
