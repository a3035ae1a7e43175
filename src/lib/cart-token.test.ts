import { beforeEach, describe, expect, it } from 'vitest'
import { cartTokenPattern } from '../../contract/cart.ts'
import { cartToken, forgetCartToken } from './cart-token.ts'

beforeEach(() => localStorage.clear())

describe('cart token', () => {
  it('is made once and kept: the same token on every call', () => {
    const first = cartToken()
    expect(first).toMatch(cartTokenPattern)
    expect(cartToken()).toBe(first)
  })

  it('is a new one after logout forgets it', () => {
    const first = cartToken()
    forgetCartToken()
    const second = cartToken()
    expect(second).toMatch(cartTokenPattern)
    expect(second).not.toBe(first)
  })

  it('replaces a kept value that is not a token', () => {
    localStorage.setItem('cart-token', 'not a token')
    expect(cartToken()).toMatch(cartTokenPattern)
  })
})
