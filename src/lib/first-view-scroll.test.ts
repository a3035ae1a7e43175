import { describe, expect, it } from 'vitest'
import { restoreScrollAfterFirstView } from './first-view-scroll.ts'

describe('restoreScrollAfterFirstView', () => {
  it('leaves a page the customer scrolled before the app started, then restores as usual', () => {
    const position = { scrollX: 0, scrollY: 240 }
    const restore = restoreScrollAfterFirstView(position)
    expect(restore()).toBe(false)
    // Later renders are navigations in the app: scrolled or not, the router does its work.
    expect(restore()).toBe(true)
    position.scrollY = 0
    expect(restore()).toBe(true)
  })

  it('restores on the first render of a page nobody has scrolled (a reload’s saved place)', () => {
    const restore = restoreScrollAfterFirstView({ scrollX: 0, scrollY: 0 })
    expect(restore()).toBe(true)
    expect(restore()).toBe(true)
  })

  it('counts a sideways scroll as scrolled', () => {
    expect(restoreScrollAfterFirstView({ scrollX: 30, scrollY: 0 })()).toBe(false)
  })
})
