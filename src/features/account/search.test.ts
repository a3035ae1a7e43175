import { describe, expect, it } from 'vitest'
import { parseLoginSearch, safeRedirect } from './search.ts'

describe('the sign-in screen’s search params', () => {
  it('keeps a redirect only to a path on this site', () => {
    expect(safeRedirect('/checkout/step/1?x=1')).toBe('/checkout/step/1?x=1')
    for (const away of [
      'https://evil.example',
      '//evil.example/x',
      '/\\evil.example',
      'javascript:alert(1)',
      '/a\nb',
      42,
      undefined,
    ]) {
      expect(safeRedirect(away)).toBeUndefined()
    }
  })

  it('knows the register mode and drops anything else', () => {
    expect(parseLoginSearch({ mode: 'register', redirect: '/account' })).toEqual({
      mode: 'register',
      redirect: '/account',
    })
    expect(parseLoginSearch({ mode: 'admin', redirect: '//x', other: 1 })).toEqual({})
  })

  it('keeps a dealer’s invitation code of the right shape', () => {
    expect(parseLoginSearch({ mode: 'register', dealer: 'demo-fjordline-1' })).toEqual({
      mode: 'register',
      dealer: 'demo-fjordline-1',
    })
    expect(parseLoginSearch({ mode: 'register', dealer: '<script>' })).toEqual({ mode: 'register' })
  })
})
