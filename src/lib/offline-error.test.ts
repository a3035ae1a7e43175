import { describe, expect, it } from 'vitest'
import { NetworkError } from './api-client.ts'
import { isNetworkFailure } from './offline-error.ts'
import { PageDataError } from './page-data.ts'

describe('offline page or 500 page', () => {
  it('takes a network failure for a page not on this device', () => {
    expect(isNetworkFailure(new NetworkError(new TypeError('Failed to fetch')), false)).toBe(true)
    expect(isNetworkFailure(new NetworkError(new TypeError('Failed to fetch')), true)).toBe(true)
    expect(
      isNetworkFailure(new TypeError('Failed to fetch dynamically imported module'), false),
    ).toBe(true)
  })

  it('keeps the 500 page for a real server error and for bugs', () => {
    expect(isNetworkFailure(new PageDataError('/dealers', 500), false)).toBe(false)
    expect(isNetworkFailure(new PageDataError('/dealers', 503), true)).toBe(false)
    expect(isNetworkFailure(new TypeError('x is undefined'), true)).toBe(false)
    expect(isNetworkFailure('boom', false)).toBe(false)
  })
})
