import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import script from '../../public/early-taps.js?raw'
import { takeEarlyTap } from './early-taps.ts'

/*
 * public/early-taps.js keeps a tap on "Add to order" made before the app hydrated the page, and
 * holds a link followed meanwhile; the app takes both (early-taps.ts). The script runs here as the
 * browser runs it: evaluated whole, on a page as prerendered.
 */

beforeEach(() => {
  vi.useFakeTimers()
  delete window.__earlyTaps
  document.body.innerHTML = `
    <form><button type="submit" class="button" disabled data-early-tap="add:mission-bag">Add to order</button></form>
    <a href="/cart">Cart</a>
    <a href="https://elsewhere.example/">Elsewhere</a>`
  // Each test's page gets the script once, as a page load does; its listeners go with the page.
  const listen = vi.spyOn(document, 'addEventListener')
  new Function(script)()
  listeners = listen.mock.calls.map(
    ([type, listener, options]) =>
      () =>
        document.removeEventListener(type, listener, options),
  )
  listen.mockRestore()
})

let listeners: (() => void)[] = []

afterEach(() => {
  for (const remove of listeners) remove()
  vi.useRealTimers()
  document.body.innerHTML = ''
})

const button = () => document.querySelector('button')!
const link = (name: string) =>
  [...document.querySelectorAll('a')].find((anchor) => anchor.textContent === name)!
/** Clicks as a finger does; true when the page went on with the click's default. */
const tap = (element: Element) =>
  element.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 }))

describe('a tap before the app has taken the page', () => {
  it('makes the button usable at once, keeps one tap, and shows it busy', () => {
    expect(button().disabled).toBe(false)
    expect(tap(button())).toBe(false)
    expect(tap(button())).toBe(false)
    expect(button().getAttribute('aria-busy')).toBe('true')
    expect(window.__earlyTaps?.taps).toEqual(['add:mission-bag'])
  })

  it('holds a link of the site followed while the tap waits, and gives it to the app with the tap', () => {
    // No tap waiting: links are the browser's.
    expect(tap(link('Cart'))).toBe(true)
    tap(button())
    expect(tap(link('Elsewhere'))).toBe(true)
    const timers = vi.getTimerCount()
    expect(tap(link('Cart'))).toBe(false)
    expect(window.__earlyTaps?.navigation).toBe('/cart')
    // Its fallback, should the app never take the tap.
    expect(vi.getTimerCount()).toBe(timers + 1)

    expect(takeEarlyTap('add:other-bag')).toBeUndefined()
    expect(takeEarlyTap('add:mission-bag')).toEqual({ navigation: '/cart' })
    // Taken: the script's fallback navigation is cancelled, and nothing is taken twice.
    expect(vi.getTimerCount()).toBe(timers)
    expect(takeEarlyTap('add:mission-bag')).toBeUndefined()
    expect(tap(link('Cart'))).toBe(true)
  })

  it('lets the app take a page where nothing was tapped', () => {
    expect(takeEarlyTap('add:mission-bag')).toBeUndefined()
    expect(window.__earlyTaps?.taps).toEqual([])
  })
})
