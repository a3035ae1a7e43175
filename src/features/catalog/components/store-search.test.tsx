import { act, cleanup, renderHook } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { useStoreQuery } from './store-search.tsx'

afterEach(cleanup)

function renderQuery(initialUrl: string) {
  const write = vi.fn<(query: string) => void>()
  const hook = renderHook(({ url }) => useStoreQuery(url, write), {
    initialProps: { url: initialUrl },
  })
  return { ...hook, write }
}

describe('the store’s query and the URL behind it', () => {
  it('keeps what is typed, spaces too, and writes its words to the URL', () => {
    const { result, write } = renderQuery('')
    act(() => result.current.type('mission '))
    expect(result.current.typed).toBe('mission ')
    expect(result.current.query).toBe('mission')
    // A space more is no new search.
    act(() => result.current.type('mission  '))
    expect(write.mock.calls).toEqual([['mission']])
  })

  it('is not undone by a URL a keystroke or two behind', () => {
    const { result, rerender } = renderQuery('')
    act(() => result.current.type('c'))
    act(() => result.current.type('co'))
    act(() => result.current.type('cor'))
    rerender({ url: 'c' })
    expect(result.current.typed).toBe('cor')
    rerender({ url: 'cor' })
    expect(result.current.typed).toBe('cor')
  })

  it('takes a query the field did not write: a link to /store, a shared search', () => {
    const { result, rerender } = renderQuery('')
    act(() => result.current.type('cor'))
    rerender({ url: 'cor' })
    rerender({ url: '' })
    expect(result.current.typed).toBe('')
    rerender({ url: 'mission bag' })
    expect(result.current.typed).toBe('mission bag')
  })
})
