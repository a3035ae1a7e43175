import { persistQueryClientSave } from '@tanstack/react-query-persist-client'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { loadQueryClient } from './data-layer.ts'
import { createPersistOptions, persisted } from './query-client.ts'
import { clearUserData } from './user-data.ts'

const storedCache = () => window.localStorage.getItem('glidecraft-query-cache') ?? ''

afterEach(() => {
  vi.useRealTimers()
  window.localStorage.clear()
})

describe('clearUserData (sign-out)', () => {
  it('forgets the customer’s queries in memory and in localStorage, and keeps the catalog', async () => {
    const client = await loadQueryClient()
    await client.fetchQuery({
      queryKey: ['user'],
      queryFn: async () => ({ email: 'pilot@example.com' }),
      ...persisted,
    })
    client.setQueryData(['products', 'detail', 'corvid-2'], { slug: 'corvid-2' })
    // The persister writes at most once a second.
    vi.useFakeTimers()
    const { persister, buster, dehydrateOptions } = createPersistOptions()
    await persistQueryClientSave({ queryClient: client, persister, buster, dehydrateOptions })
    await vi.advanceTimersByTimeAsync(1000)
    vi.useRealTimers()
    expect(storedCache()).toContain('pilot@example.com')

    await clearUserData()

    expect(client.getQueryData(['user'])).toBeUndefined()
    expect(storedCache()).not.toContain('pilot@example.com')
    expect(client.getQueryData(['products', 'detail', 'corvid-2'])).toEqual({ slug: 'corvid-2' })
  })
})
