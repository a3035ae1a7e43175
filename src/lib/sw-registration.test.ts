import { afterEach, describe, expect, it, vi } from 'vitest'
import {
  canUseServiceWorker,
  HTTPS_ONLY_MESSAGE,
  registerServiceWorker,
} from './sw-registration.ts'

describe('service worker registration (SPEC §1)', () => {
  afterEach(() => vi.restoreAllMocks())

  it('is allowed over HTTPS and on localhost only', () => {
    expect(canUseServiceWorker({ protocol: 'https:', hostname: 'shop.example' })).toBe(true)
    expect(canUseServiceWorker({ protocol: 'http:', hostname: 'localhost' })).toBe(true)
    expect(canUseServiceWorker({ protocol: 'http:', hostname: '127.0.0.1' })).toBe(true)
    expect(canUseServiceWorker({ protocol: 'http:', hostname: 'shop.example' })).toBe(false)
  })

  it('logs why when the page is served over plain HTTP elsewhere', () => {
    const register = vi.fn()
    vi.stubGlobal('navigator', { ...navigator, serviceWorker: { register } })
    vi.stubGlobal('location', { protocol: 'http:', hostname: 'shop.example' })
    const log = vi.spyOn(console, 'log').mockImplementation(() => {})
    registerServiceWorker({ onUpdateWaiting: () => {} })
    expect(log).toHaveBeenCalledWith(HTTPS_ONLY_MESSAGE)
    expect(register).not.toHaveBeenCalled()
    vi.unstubAllGlobals()
  })
})
