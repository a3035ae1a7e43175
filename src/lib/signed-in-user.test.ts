import { persistQueryClientSave } from '@tanstack/react-query-persist-client'
import { act, cleanup, renderHook } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { config } from './config.ts'
import { AUTH_COOKIE } from './cookies.ts'
import { createPersistOptions, createQueryClient, persisted } from './query-client.ts'
import {
  AUTH_COOKIE_NAME,
  QUERY_CACHE_STORAGE_KEY,
  signedInAs,
  signedInEmail,
  signedInNow,
  USER_QUERY_KEY,
  watchSignedIn,
} from './signed-in-user.ts'
import { useSignedIn } from './signed-in.ts'

afterEach(() => {
  cleanup()
  vi.useRealTimers()
  window.localStorage.clear()
  document.cookie = `${AUTH_COOKIE}=; Path=/; Max-Age=0`
})

const pilot = { email: 'pilot@example.com', name: 'Pia', role: 'customer' }

/** The user query persisted by the real persister, as the app leaves it in localStorage. */
async function persistUser(data: unknown, storage: Storage = window.localStorage) {
  const client = createQueryClient()
  await client.fetchQuery({ queryKey: USER_QUERY_KEY, queryFn: async () => data, ...persisted })
  vi.useFakeTimers()
  const { persister, buster, dehydrateOptions } = createPersistOptions(storage)
  await persistQueryClientSave({ queryClient: client, persister, buster, dehydrateOptions })
  await vi.advanceTimersByTimeAsync(1000)
  vi.useRealTimers()
}

describe('who the header says is signed in', () => {
  it('uses the same names as the cookie helpers and the persister (the feature: api.test.ts)', () => {
    expect(AUTH_COOKIE_NAME).toBe(AUTH_COOKIE)
    expect(createPersistOptions().buster).toBe(config.buildId)
  })

  it('reads the user the persister kept, before the query layer has started', async () => {
    await persistUser(pilot)
    expect(window.localStorage.getItem(QUERY_CACHE_STORAGE_KEY)).toContain('pilot@example.com')
    expect(signedInNow(undefined, 'a=1; authToken=tok')).toBe('uPia')
  })

  it('says signed out without the cookie, whatever the device kept', async () => {
    await persistUser(pilot)
    expect(signedInNow(undefined, 'a=1; authTokenX=1')).toBe('')
    expect(signedInNow(undefined, 'authToken=')).toBe('')
  })

  it('is signed in but unknown with the cookie and no readable copy', () => {
    expect(signedInNow(undefined, 'authToken=tok')).toBe('u')
    window.localStorage.setItem(QUERY_CACHE_STORAGE_KEY, '{not json')
    expect(signedInNow(undefined, 'authToken=tok')).toBe('u')
    window.localStorage.setItem(
      QUERY_CACHE_STORAGE_KEY,
      JSON.stringify({ buster: 'another-build', clientState: { queries: [] } }),
    )
    expect(signedInNow(undefined, 'authToken=tok')).toBe('u')
  })

  it('follows the live query cache once the client runs: sign-in and sign-out show at once', () => {
    const client = createQueryClient()
    expect(signedInNow(client, 'authToken=tok')).toBe('u')
    client.setQueryData(USER_QUERY_KEY, { email: 'guest@example.com', name: null, role: 'guest' })
    expect(signedInNow(client, 'authToken=tok')).toBe('gguest@example.com')
    client.removeQueries({ queryKey: USER_QUERY_KEY })
    expect(signedInNow(client, 'authToken=tok')).toBe('u')
  })

  it('shows the name, else the e-mail, and marks a guest', () => {
    expect(signedInAs(pilot)).toBe('uPia')
    expect(signedInAs({ ...pilot, name: null })).toBe('upilot@example.com')
    expect(signedInAs({ email: 'g@example.com', name: null, role: 'guest' })).toBe('gg@example.com')
    expect(signedInAs(undefined)).toBe('u')
  })
})

describe('the account a cart change is made in', () => {
  it('is the signed-in e-mail in lower case, persisted or live; none without the cookie', async () => {
    await persistUser({ ...pilot, email: ' Pilot@Example.com' })
    expect(signedInEmail(undefined, 'authToken=tok')).toBe('pilot@example.com')
    expect(signedInEmail(undefined, 'authTokenX=tok')).toBeUndefined()
    const client = createQueryClient()
    expect(signedInEmail(client, 'authToken=tok')).toBe('')
    client.setQueryData(USER_QUERY_KEY, { email: 'G@example.com', name: null, role: 'guest' })
    expect(signedInEmail(client, 'authToken=tok')).toBe('g@example.com')
    expect(signedInEmail(client, '')).toBeUndefined()
  })
})

describe('the header once the first view is up', () => {
  it('shows the persisted user at once, then follows sign-in and sign-out in the live cache', async () => {
    await persistUser(pilot)
    document.cookie = `${AUTH_COOKIE}=tok; Path=/`
    const header = renderHook(() => useSignedIn())
    // Before the watch starts the shell says what a prerendered page says: signed out.
    expect(header.result.current).toBe('')

    const client = createQueryClient()
    let start!: (client: ReturnType<typeof createQueryClient>) => void
    act(() => watchSignedIn(new Promise((resolve) => (start = resolve))))
    expect(header.result.current).toBe('uPia')

    await act(async () => start(client))
    // The cache's changes are looked at in the microtask after them, before the next paint.
    await act(async () => {
      client.setQueryData(USER_QUERY_KEY, { email: 'g@example.com', name: null, role: 'guest' })
    })
    expect(header.result.current).toBe('gg@example.com')

    document.cookie = `${AUTH_COOKIE}=; Path=/; Max-Age=0`
    await act(async () => client.removeQueries({ queryKey: USER_QUERY_KEY }))
    expect(header.result.current).toBe('')
  })

  it('follows the cookie at any change of the cache, many changes of one moment looked at once', async () => {
    document.cookie = `${AUTH_COOKIE}=tok; Path=/`
    const header = renderHook(() => useSignedIn())
    const client = createQueryClient()
    client.setQueryData(USER_QUERY_KEY, pilot)
    await act(async () => watchSignedIn(Promise.resolve(client)))
    expect(header.result.current).toBe('uPia')

    // The session's cookie goes (its end answered by the server); the next change of any query
    // (here two hundred of them, as a busy screen makes) shows it, in one look at the cookies.
    document.cookie = `${AUTH_COOKIE}=; Path=/; Max-Age=0`
    const cookieReads = vi.spyOn(document, 'cookie', 'get')
    await act(async () => {
      for (let drawing = 0; drawing < 200; drawing++)
        client.setQueryData(['product', drawing], { drawing })
    })
    expect(header.result.current).toBe('')
    expect(cookieReads).toHaveBeenCalledTimes(1)
    cookieReads.mockRestore()
  })
})
