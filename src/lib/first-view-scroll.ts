/*
 * A prerendered page is on screen, and can be scrolled, before the app has started. On a slow
 * phone the customer may well have scrolled (or the browser restored the position of a reload, or
 * jumped to an anchor) by the time the router renders for the first time, and its scroll
 * restoration then moved the page back to the top: under the customer's finger, so a tap meant
 * for a link landed on whatever had moved under it, and the link did nothing.
 *
 * The router's first render leaves a page that has already moved where it is; every later
 * render (a navigation in the app) restores or resets the scroll as usual.
 */

/** Where the window has scrolled to. */
export interface ScrollPosition {
  readonly scrollX: number
  readonly scrollY: number
}

/**
 * The router's `scrollRestoration` option: whether to restore (or reset) the scroll for this
 * render. False only for the first render of a page that has already been scrolled.
 */
export function restoreScrollAfterFirstView(position: ScrollPosition): () => boolean {
  let first = true
  return () => {
    if (!first) return true
    first = false
    return position.scrollX === 0 && position.scrollY === 0
  }
}
