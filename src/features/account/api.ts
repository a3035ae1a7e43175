import { RECAPTCHA_TOKEN_HEADER } from '../../../contract/recaptcha-pages.ts'
import { queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query'
import type { AddressInput } from '../../../contract/address.ts'
import type {
  Accepted,
  Address as WireAddress,
  EditUserRequest,
  ForgotPasswordRequest,
  GuestLoginRequest,
  LoginRequest,
  NewPasswordRequest,
  RegisterRequest,
  Session as WireSession,
} from '../../../contract/auth.ts'
import type { User as WireUser } from '../../../contract/user.ts'
import { api, ApiError, type Camelized } from '../../lib/api-client.ts'
import {
  adoptWaitingCartChanges,
  forgetDeviceCart,
  forgetEndedSessionCart,
  sendWaitingCartChangesBeforeSignIn,
} from '../../lib/cart-device.ts'
import { forgetCartToken } from '../../lib/cart-token.ts'
import { forgetKeptOrders } from '../../lib/kept-orders.ts'
import { AUTH_COOKIE, clearAuthCookies, readCookie } from '../../lib/cookies.ts'
import { forgetUserQueries, isUserBoundQuery, persisted } from '../../lib/query-client.ts'
import { isSessionEnded } from './model.ts'

/*
 * The account calls of docs/accounts-and-guests.md, one typed function each. Every call carries the
 * bearer token when there is one (`auth`); the sign-in calls also carry the device's cart token
 * (`cart`), so the server merges the guest's cart into the account they sign in to.
 */

export type User = Camelized<WireUser>
export type Address = Camelized<WireAddress>
export type Session = Camelized<WireSession>

export const accountKeys = {
  /** `['user']`: the header reads it too (lib/signed-in-user.ts USER_QUERY_KEY). */
  user: () => ['user'] as const,
  addresses: () => [...accountKeys.user(), 'addresses'] as const,
}

/** The cart's queries, refreshed after a sign-in: the server has merged the guest's cart. */
const cartKey = ['cart'] as const

/**
 * The signed-in user. A 401 for a token the device has since replaced (a password reset ends the
 * old session and starts a new one while this was on its way) is asked again with the new one:
 * only the session the answer was about has ended.
 */
export async function fetchUser(signal?: AbortSignal): Promise<User> {
  const token = readCookie(AUTH_COOKIE)
  try {
    return await api.get<User>('/api/user', { auth: true, signal })
  } catch (error) {
    if (isSessionEnded(error) && readCookie(AUTH_COOKIE) !== token) {
      return api.get<User>('/api/user', { auth: true, signal })
    }
    throw error
  }
}

export function fetchAddresses(signal?: AbortSignal): Promise<Address[]> {
  return api.get<Address[]>('/api/user/get-addresses/', { auth: true, signal })
}

/** The signed-in user, kept on the device so the header and account show at once, offline too. */
export const userQuery = () =>
  queryOptions({
    queryKey: accountKeys.user(),
    queryFn: ({ signal }) => fetchUser(signal),
    ...persisted,
  })

export const addressesQuery = () =>
  queryOptions({
    queryKey: accountKeys.addresses(),
    queryFn: ({ signal }) => fetchAddresses(signal),
    ...persisted,
  })

/*
 * The saved addresses' changes (docs/accounts-and-guests.md, "Saved addresses"). Each answers the
 * list as the server now holds it, which becomes the addresses query's data: what the account
 * shows is always the shop's answer, never a change the device only hoped for. They are online
 * actions: nothing is queued, and offline they fail at once (NetworkError).
 */

/** An address to keep: the form's fields as the API names them, and whether it is the default. */
export interface SavedAddressChange {
  address: AddressInput
  makeDefault: boolean
}

const addressBody = ({ address, makeDefault }: SavedAddressChange) =>
  makeDefault ? { address, make_default: true } : { address }

export function addAddress(change: SavedAddressChange): Promise<Address[]> {
  return api.post<Address[]>('/api/user/add-address', addressBody(change), { auth: true })
}

export function editAddress(id: string, change: SavedAddressChange): Promise<Address[]> {
  const path = `/api/user/edit-address/${encodeURIComponent(id)}`
  return api.put<Address[]>(path, addressBody(change), { auth: true })
}

export function deleteAddress(id: string): Promise<Address[]> {
  const path = `/api/user/delete-address/${encodeURIComponent(id)}`
  return api.post<Address[]>(path, undefined, { auth: true })
}

export function makeDefaultAddress(id: string): Promise<Address[]> {
  const path = `/api/user/make-default-address/${encodeURIComponent(id)}`
  return api.post<Address[]>(path, undefined, { auth: true })
}

/**
 * A change to the saved addresses as a mutation: its answer, the list, replaces the query's data.
 * A 404 (the address went meanwhile, on another device) reads the list again; a 401 asks for the
 * user again, so the account page finds the session ended and says so.
 */
function useAddressChange<V>(send: (variables: V) => Promise<Address[]>) {
  const client = useQueryClient()
  return useMutation({
    networkMode: 'always',
    retry: 0,
    mutationFn: send,
    onSuccess: (addresses) => client.setQueryData(accountKeys.addresses(), addresses),
    onError: (error) => {
      if (!(error instanceof ApiError)) return
      if (error.status === 404)
        void client.invalidateQueries({ queryKey: accountKeys.addresses(), exact: true })
      if (error.status === 401) void client.invalidateQueries({ queryKey: accountKeys.user() })
    },
  })
}

/** Adds an address, or with `id` changes that saved address. */
export function useSaveAddress() {
  return useAddressChange(({ id, ...change }: SavedAddressChange & { id?: string | undefined }) =>
    id ? editAddress(id, change) : addAddress(change),
  )
}

export function useDeleteAddress() {
  return useAddressChange(deleteAddress)
}

export function useMakeDefaultAddress() {
  return useAddressChange(makeDefaultAddress)
}

// Every sign-in first lets the cart changes made signed out reach the device's cart, which the
// sign-in then merges into the account (lib/cart-device.ts).

export async function login(body: LoginRequest): Promise<Session> {
  await sendWaitingCartChangesBeforeSignIn()
  return api.post<Session>('/api/login', body, { auth: true, cart: true })
}

/** The invisible reCAPTCHA's token for this send, as a header (none without a site key). */
async function recaptchaHeaders(): Promise<Record<string, string>> {
  const { recaptchaToken } = await import('../../lib/recaptcha.ts')
  const token = await recaptchaToken()
  return token ? { [RECAPTCHA_TOKEN_HEADER]: token } : {}
}

export async function loginGuest(body: GuestLoginRequest): Promise<Session> {
  await sendWaitingCartChangesBeforeSignIn()
  const headers = await recaptchaHeaders()
  return api.post<Session>('/api/login-guest', body, { auth: true, cart: true, headers })
}

export async function verifyLogin(token: string): Promise<Session> {
  await sendWaitingCartChangesBeforeSignIn()
  return api.post<Session>(`/api/password/verify-login/${encodeURIComponent(token)}`, undefined, {
    auth: true,
    cart: true,
  })
}

export async function register(body: RegisterRequest): Promise<Accepted> {
  const headers = await recaptchaHeaders()
  return api.post<Accepted>('/api/user/create', body, { auth: true, headers })
}

export function sendResetLink(body: ForgotPasswordRequest): Promise<Accepted> {
  return api.post<Accepted>('/api/password/forgot', body, { auth: true })
}

export function sendLoginLink(body: ForgotPasswordRequest): Promise<Accepted> {
  return api.post<Accepted>('/api/password/login-link', body, { auth: true })
}

/** Sets a new password with a reset link; the server signs in with it. */
export async function setNewPassword(token: string, body: NewPasswordRequest): Promise<Session> {
  await sendWaitingCartChangesBeforeSignIn()
  return api.post<Session>(`/api/password/usetoken/${encodeURIComponent(token)}`, body, {
    auth: true,
    cart: true,
  })
}

export function editProfile(body: EditUserRequest): Promise<User> {
  return api.put<User>('/api/user/edit', body, { auth: true })
}

/**
 * After any sign-in (the server has set the `authToken` cookie): the previous user's data goes,
 * the new user is fetched for the header and the account, what waits of the cart is sent to the
 * account and the account's cart is read into this device (lib/cart-device.ts), before the
 * customer goes on: offline a moment later, the cart shown is the account's.
 */
export async function afterSignIn(client: QueryClient): Promise<void> {
  client.removeQueries({ queryKey: accountKeys.user() })
  // Signed in all the same if this fails (the network dropped just then): the account page asks
  // again.
  const user = await client.fetchQuery(userQuery()).catch(() => undefined)
  await adoptWaitingCartChanges(user?.email ?? '').catch(() => undefined)
  await client.invalidateQueries({ queryKey: cartKey })
}

/**
 * Signs out: the server revokes the session, then this device forgets everything of it: the
 * cookies, the customer's queries (memory and localStorage), the worker's user-bound caches and
 * the cart token (the next guest starts a cart of their own). Offline the server cannot be told;
 * the device forgets the token all the same, so nobody here can use it again.
 */
export async function signOut(client: QueryClient): Promise<{ revoked: boolean }> {
  const token = readCookie(AUTH_COOKIE)
  // From here on nothing this device sends carries the session: a read that starts meanwhile
  // (the cart refreshing itself) goes as a guest's instead of meeting the ended session with a
  // 401, and reads already on their way are called off.
  clearAuthCookies()
  await client.cancelQueries({ predicate: isUserBoundQuery })
  let revoked = true
  try {
    await api.post('/api/user/logout', undefined, {
      headers: token ? { Authorization: `Bearer ${token}` } : {},
    })
  } catch (error) {
    // A 4xx means the server holds no such session any more; offline or 5xx, it may still.
    revoked = error instanceof ApiError && error.status < 500
  }
  forgetCartToken()
  await Promise.all([forgetUserData(client), forgetDeviceCart().catch(() => undefined)])
  return { revoked }
}

/**
 * What this device keeps of the customer: their queries (memory and localStorage), the worker's
 * user-bound caches (the CLEAR_USER_CACHES message) and the orders kept for offline reading. The
 * catalog and drafts stay.
 */
async function forgetUserData(client: QueryClient): Promise<void> {
  // workbox-window loads only when needed: the sign-in screen is prerendered in Node, where it
  // cannot load.
  const clearWorker = import('../../lib/sw-registration.ts').then(({ clearWorkerUserCaches }) =>
    clearWorkerUserCaches(),
  )
  await Promise.all([
    forgetUserQueries(client),
    clearWorker.catch(() => undefined),
    forgetKeptOrders().catch(() => undefined),
  ])
}

/**
 * A signed-in call answered 401: the session has ended elsewhere (expired, revoked by a password
 * reset). The device stops showing it as signed in, and stops showing the account's cart: its
 * waiting changes are held for it to sign in again (lib/cart-device.ts).
 */
export async function forgetEndedSession(client: QueryClient): Promise<void> {
  // The cart first: once the cookie is gone the page shows the visitor's cart, and the device
  // should already say who is at it.
  await forgetEndedSessionCart().catch(() => undefined)
  clearAuthCookies()
  await forgetUserData(client)
}

/**
 * Once the first view is up: the header showed the user kept on the device; this asks the server
 * whether the session still holds, and forgets it if not. Offline, the kept user stays.
 */
export async function refreshSignedInUser(client: QueryClient): Promise<void> {
  try {
    await client.fetchQuery({ ...userQuery(), staleTime: 0 })
  } catch (error) {
    if (isSessionEnded(error)) await forgetEndedSession(client)
  }
}
