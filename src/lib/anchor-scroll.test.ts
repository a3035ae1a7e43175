import { afterEach, describe, expect, it, vi } from 'vitest'
import { checkAnchor, ease, startAnchorScrolling } from './anchor-scroll.ts'

describe('checkAnchor', () => {
  it('recognises in-page anchors', () => {
    expect(checkAnchor('#packing', '/learn/packing')).toEqual({ kind: 'anchor', id: 'packing' })
    expect(checkAnchor('/learn/packing#step-2', '/learn/packing')).toEqual({
      kind: 'anchor',
      id: 'step-2',
    })
  })

  it('ignores links without a hash and anchors on other pages', () => {
    expect(checkAnchor('/about', '/')).toEqual({ kind: 'none' })
    expect(checkAnchor('/about#team', '/')).toEqual({ kind: 'none' })
  })

  it('flags invalid hashes and improperly formatted anchor paths', () => {
    expect(checkAnchor('#', '/')).toEqual({ kind: 'invalid-hash', hash: '' })
    expect(checkAnchor('#two words', '/')).toMatchObject({ kind: 'invalid-hash' })
    expect(checkAnchor('#%E0%A4%A', '/')).toMatchObject({ kind: 'invalid-hash' })
    expect(checkAnchor('about#team', '/')).toEqual({ kind: 'bad-path', href: 'about#team' })
  })
})

describe('ease', () => {
  it('starts at 0, ends at 1 and is symmetric', () => {
    expect(ease(0)).toBe(0)
    expect(ease(1)).toBe(1)
    expect(ease(0.5)).toBeCloseTo(0.5)
  })
})

describe('startAnchorScrolling', () => {
  afterEach(() => {
    vi.restoreAllMocks()
    document.body.innerHTML = ''
  })

  it('warns about a hash that matches nothing and leaves the link alone', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    document.body.innerHTML = '<a href="#missing">go</a>'
    const stop = startAnchorScrolling()
    document.querySelector('a')!.click()
    expect(warn).toHaveBeenCalledWith(expect.stringMatching(/no element with id "missing"/))
    stop()
  })

  it('jumps without animating when the reader prefers reduced motion', () => {
    const scroll = vi.spyOn(window, 'scrollTo').mockImplementation(() => {})
    const frame = vi.fn()
    vi.stubGlobal('requestAnimationFrame', frame)
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: query === '(prefers-reduced-motion: reduce)',
    }))
    document.body.innerHTML = '<a href="#target">go</a><h2 id="target">Target</h2>'
    const stop = startAnchorScrolling()
    document.querySelector('a')!.click()
    expect(frame).not.toHaveBeenCalled()
    expect(scroll).toHaveBeenCalledTimes(1)
    stop()
    vi.unstubAllGlobals()
  })

  it('lands the target below the sticky app bar (the page scroll-padding)', () => {
    const scroll = vi.spyOn(window, 'scrollTo').mockImplementation(() => {})
    document.documentElement.style.scrollPaddingTop = '64px'
    document.body.innerHTML = '<a href="#target">go</a><h2 id="target">Target</h2>'
    vi.spyOn(document.getElementById('target')!, 'getBoundingClientRect').mockReturnValue(
      DOMRect.fromRect({ x: 0, y: 500, width: 100, height: 20 }),
    )
    const stop = startAnchorScrolling(0)
    document.querySelector('a')!.click()
    expect(scroll).toHaveBeenLastCalledWith(0, 436)
    stop()
    document.documentElement.style.scrollPaddingTop = ''
  })

  it('scrolls to the target instead of jumping', () => {
    const scroll = vi.spyOn(window, 'scrollTo').mockImplementation(() => {})
    vi.stubGlobal('requestAnimationFrame', (step: FrameRequestCallback) => {
      step(performance.now() + 2000)
      return 0
    })
    document.body.innerHTML = '<a href="#target">go</a><h2 id="target">Target</h2>'
    const stop = startAnchorScrolling()
    const click = new MouseEvent('click', { bubbles: true, cancelable: true })
    document.querySelector('a')!.dispatchEvent(click)
    expect(click.defaultPrevented).toBe(true)
    expect(scroll).toHaveBeenCalled()
    expect(window.location.hash).toBe('#target')
    stop()
    vi.unstubAllGlobals()
  })
})
