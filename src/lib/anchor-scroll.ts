/**
 * docs/architecture.md: in-page anchor links scroll smoothly (1000 ms by default); an invalid hash
 * or an improperly formatted anchor path is reported as a console warning (docs/architecture.md).
 */

export const SCROLL_DURATION_MS = 1000

export type AnchorCheck =
  | { kind: 'none' }
  | { kind: 'anchor'; id: string }
  | { kind: 'invalid-hash'; hash: string }
  | { kind: 'bad-path'; href: string }

/** Classifies a link's raw href for the current page path. */
export function checkAnchor(rawHref: string, currentPath: string): AnchorCheck {
  const at = rawHref.indexOf('#')
  if (at === -1) return { kind: 'none' }
  const pathPart = rawHref.slice(0, at)
  const hash = rawHref.slice(at + 1)
  // `page#x` (relative, no slash) and `#` alone are not anchors into this page.
  if (pathPart !== '' && !pathPart.startsWith('/')) return { kind: 'bad-path', href: rawHref }
  if (pathPart !== '' && pathPart.replace(/\/+$/, '') !== currentPath.replace(/\/+$/, '')) {
    return { kind: 'none' }
  }
  let id: string
  try {
    id = decodeURIComponent(hash)
  } catch {
    return { kind: 'invalid-hash', hash }
  }
  if (id === '' || /\s/.test(id)) return { kind: 'invalid-hash', hash }
  return { kind: 'anchor', id }
}

/** easeInOutCubic over [0, 1]. */
export function ease(t: number): number {
  return t < 0.5 ? 4 * t * t * t : 1 - (-2 * t + 2) ** 3 / 2
}

function scrollToElement(element: HTMLElement, duration: number): void {
  const reduced = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches
  const start = window.scrollY
  // Land below the sticky app bar, as the browser's own anchor scrolling does (scroll-padding).
  const padding = parseFloat(getComputedStyle(document.documentElement).scrollPaddingTop) || 0
  const target = start + element.getBoundingClientRect().top - padding
  if (reduced || duration <= 0) {
    window.scrollTo(0, target)
    return
  }
  const began = performance.now()
  const step = (now: number) => {
    const t = Math.min(1, (now - began) / duration)
    window.scrollTo(0, start + (target - start) * ease(t))
    if (t < 1) requestAnimationFrame(step)
  }
  requestAnimationFrame(step)
}

export function startAnchorScrolling(duration = SCROLL_DURATION_MS): () => void {
  const onClick = (event: MouseEvent) => {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey) return
    const anchor = (event.target as Element | null)?.closest?.('a[href*="#"]')
    if (!(anchor instanceof HTMLAnchorElement)) return
    const check = checkAnchor(anchor.getAttribute('href') ?? '', location.pathname)
    if (check.kind === 'none') return
    if (check.kind === 'bad-path') {
      console.warn(`Improperly formatted anchor path: "${check.href}"`)
      return
    }
    if (check.kind === 'invalid-hash') {
      console.warn(`Invalid hash in anchor link: "#${check.hash}"`)
      event.preventDefault()
      return
    }
    const element = document.getElementById(check.id)
    if (!element) {
      console.warn(`Invalid hash in anchor link: no element with id "${check.id}"`)
      return
    }
    event.preventDefault()
    // replaceState keeps the router's own history entry intact.
    history.replaceState(history.state, '', `#${encodeURIComponent(check.id)}`)
    scrollToElement(element, duration)
    element.focus({ preventScroll: true })
  }
  document.addEventListener('click', onClick)
  return () => document.removeEventListener('click', onClick)
}
