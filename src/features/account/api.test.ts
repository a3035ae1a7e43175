import { persistQueryClientSave } from '@tanstack/react-query-persist-client'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { cartToken } from '../../lib/cart-token.ts'
import { createPersistOptions, createQueryClient, userBound } from '../../lib/query-client.ts'
import { USER_QUERY_KEY } from '../../lib/signed-in-user.ts'
import {
  afterSignIn,
  fetchUser,
  login,
  loginGuest,
  register,
  signOut,
  userQuery,
  verifyLogin,
} from './api.ts'

const requests: Request[] = []

function answer(route: (request: Request) => Response) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: Request) => {
      requests.push(input.clone())
      return route(input)
    }),
  )
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } })

const pilot = {
  id: 'u1',
  email: 'pilot@example.com',
  name: 'Pia',
  role: 'customer',
  created_at: '',
}

beforeEach(() => {
  requests.length = 0
})

afterEach(() => {
  vi.unstubAllGlobals()
  vi.useRealTimers()
  for (const name of ['authToken', 'ACCESS_TOKEN', 'CSRF_TOKEN']) {
    document.cookie = `${name}=; Path=/; Max-Age=0`
  }
  window.localStorage.clear()
})

describe('the account calls on the wire', () => {
  it('sign in with the API’s fields, the bearer token if any, and the device’s cart token', async () => {
    answer(() => json({ token: 't', expires_at: '2026-12-01T00:00:00Z' }))
    document.cookie = 'authToken=guest-session; Path=/'
    await login({ email: 'pilot@example.com', password: 'flyfast-demo', remember: true })
    await loginGuest({ email: 'pilot@example.com', remember: false })
    await verifyLogin('abcDEF123_-abcDEF123')
    const [password, guest, link] = requests
    expect(new URL(password!.url).pathname).toBe('/api/login')
    expect(await password!.json()).toEqual({
      email: 'pilot@example.com',
      password: 'flyfast-demo',
      remember: true,
    })
    expect(await guest!.json()).toEqual({ email: 'pilot@example.com', remember: false })
    expect(new URL(link!.url).pathname).toBe('/api/password/verify-login/abcDEF123_-abcDEF123')
    for (const request of requests) {
      expect(request.method).toBe('POST')
      expect(request.headers.get('Authorization')).toBe('Bearer guest-session')
      expect(request.headers.get('X-Cart-Token')).toBe(cartToken())
    }
  })

  it('registers with confirmPassword spelled as the API spells it', async () => {
    answer(() => json({ message: 'Thank you.' }))
    await register({
      email: 'new@example.com',
      password: 'long enough',
      confirmPassword: 'long enough',
      name: 'Neu',
    })
    expect(await requests[0]!.json()).toEqual({
      email: 'new@example.com',
      password: 'long enough',
      confirmPassword: 'long enough',
      name: 'Neu',
    })
    expect(requests[0]!.headers.get('X-Cart-Token')).toBeNull()
  })
})

describe('the user query', () => {
  it('is the one the header reads, kept on the device', () => {
    expect(userQuery().queryKey).toEqual(USER_QUERY_KEY)
    expect(userQuery().meta).toEqual({ persist: true })
  })
})

describe('after signing in', () => {
  it('fetches the new user for the header, drops the old one and refreshes the cart', async () => {
    answer(() => json(pilot))
    const client = createQueryClient()
    client.setQueryData(['user'], { ...pilot, email: 'before@example.com' })
    client.setQueryData(['user', 'addresses'], [{ id: 'old' }])
    client.setQueryData(['cart'], { lines: [] })
    await afterSignIn(client)
    expect(client.getQueryData(['user'])).toEqual({
      id: 'u1',
      email: 'pilot@example.com',
      name: 'Pia',
      role: 'customer',
      createdAt: '',
    })
    expect(client.getQueryData(['user', 'addresses'])).toBeUndefined()
    expect(client.getQueryState(['cart'])?.isInvalidated).toBe(true)
  })
})

describe('signOut', () => {
  it('revokes the session, then forgets the cookies, the cart token and the persisted user', async () => {
    answer(() => json({ message: 'Signed out.' }))
    const client = createQueryClient()
    document.cookie = 'authToken=session; Path=/'
    document.cookie = 'CSRF_TOKEN=x; Path=/'
    const token = cartToken()
    await client.fetchQuery({ ...userQuery(), queryFn: async () => pilot as never })
    vi.useFakeTimers()
    const { persister, buster, dehydrateOptions } = createPersistOptions()
    await persistQueryClientSave({ queryClient: client, persister, buster, dehydrateOptions })
    await vi.advanceTimersByTimeAsync(1000)
    vi.useRealTimers()
    expect(window.localStorage.getItem('glidecraft-query-cache')).toContain('pilot@example.com')

    await expect(signOut(client)).resolves.toEqual({ revoked: true })

    expect(new URL(requests[0]!.url).pathname).toBe('/api/user/logout')
    expect(requests[0]!.headers.get('Authorization')).toBe('Bearer session')
    expect(document.cookie).not.toMatch(/authToken|CSRF_TOKEN/)
    expect(client.getQueryData(['user'])).toBeUndefined()
    expect(window.localStorage.getItem('glidecraft-query-cache') ?? '').not.toContain('pilot')
    expect(cartToken()).not.toBe(token)
  })

  it('calls off a read of the customer’s orders on its way, and leaves none of them in memory', async () => {
    answer(() => json({ message: 'Signed out.' }))
    const client = createQueryClient()
    document.cookie = 'authToken=session; Path=/'
    // Shaped as the orders feature's queries: kept in IndexedDB, not localStorage.
    const order = ['orders', 'detail', 'o1']
    await client.fetchQuery({ queryKey: order, queryFn: async () => ({ id: 'o1' }), ...userBound })
    let listRead: AbortSignal | undefined
    const list = client
      .fetchQuery({
        queryKey: ['orders', 'list', 1],
        queryFn: ({ signal }) => {
          listRead = signal
          return new Promise<never>(() => undefined)
        },
        ...userBound,
      })
      .catch((error: unknown) => error)

    await signOut(client)

    // Called off here: it cannot reach the server after the session has ended, as a 401.
    expect(listRead?.aborted).toBe(true)
    await list
    expect(client.getQueryData(order)).toBeUndefined()
    expect(client.getQueryData(['orders', 'list', 1])).toBeUndefined()
  })

  it('offline still forgets everything here, and says the server was not told', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch')
      }),
    )
    const client = createQueryClient()
    document.cookie = 'authToken=session; Path=/'
    await client.fetchQuery({ ...userQuery(), queryFn: async () => pilot as never })
    await expect(signOut(client)).resolves.toEqual({ revoked: false })
    expect(document.cookie).not.toMatch(/authToken/)
    expect(client.getQueryData(['user'])).toBeUndefined()
  })
})

describe('fetchUser', () => {
  it('asks again when the session it asked about was replaced on the way (a password reset)', async () => {
    document.cookie = 'authToken=old; Path=/'
    answer((request) => {
      if (request.headers.get('Authorization') === 'Bearer old') {
        // The reset signed in anew while this request was out.
        document.cookie = 'authToken=new; Path=/'
        return json({ message: 'Unauthenticated.' }, 401)
      }
      return json(pilot)
    })
    await expect(fetchUser()).resolves.toMatchObject({ email: 'pilot@example.com' })
    expect(requests.map((r) => r.headers.get('Authorization'))).toEqual([
      'Bearer old',
      'Bearer new',
    ])
  })

  it('reports an ended session when the device still holds its token', async () => {
    document.cookie = 'authToken=gone; Path=/'
    answer(() => json({ message: 'Unauthenticated.' }, 401))
    await expect(fetchUser()).rejects.toMatchObject({ status: 401 })
    expect(requests).toHaveLength(1)
  })
})
