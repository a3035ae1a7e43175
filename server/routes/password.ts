import { createRoute, z } from '@hono/zod-openapi'
import {
  Accepted,
  ForgotPasswordRequest,
  NewPasswordRequest,
  Session,
} from '../../contract/auth.ts'
import { clientAddress } from '../http/client-address.ts'
import { errorResponse, throttledResponse, tooManyAttempts } from '../http/errors.ts'
import { signIn } from '../http/auth-cookie.ts'
import { component } from '../http/openapi-schema.ts'
import { createRouter } from '../http/router.ts'
import {
  findUserByEmail,
  proveAddress,
  sendLoginLink,
  sendResetLink,
  setPassword,
  signOutEverywhere,
  type AccountDeps,
} from '../services/accounts.ts'
import { consumeOneTimeToken, isLiveOneTimeToken } from '../services/one-time-tokens.ts'
import { hashPassword } from '../services/passwords.ts'
import { attempt } from '../services/throttle.ts'
import { mergeCartAtSignIn } from './cart.ts'

const AcceptedSchema = component(Accepted, 'Accepted')
const SessionSchema = component(Session, 'Session')
const ForgotSchema = component(ForgotPasswordRequest, 'ForgotPasswordRequest')
const NewPasswordSchema = component(NewPasswordRequest, 'NewPasswordRequest')

export const mailAccepted =
  'If an account uses this address, we have sent it an e-mail. The link works for one hour.'
export const invalidLink = 'This link is invalid, already used or expired.'

/** A token from a link: base64url, as this server makes them. Anything else is a 404. */
const TokenParam = z.object({
  token: z
    .string()
    .regex(/^[A-Za-z0-9_-]{16,512}$/)
    .openapi({ param: { name: 'token', in: 'path' }, description: 'The token from the link' }),
})

const acceptedResponse = {
  description: 'Accepted (the same answer whether or not an account uses the address)',
  content: { 'application/json': { schema: AcceptedSchema } },
}
const sessionResponse = {
  description: 'Signed in; the token is also set as the `authToken` cookie',
  content: { 'application/json': { schema: SessionSchema } },
}

export function passwordRoutes(deps: AccountDeps) {
  const { db } = deps

  const mailRoute = (path: string, summary: string, description: string) =>
    createRoute({
      method: 'post',
      path,
      tags: ['password'],
      summary,
      description,
      request: {
        body: { required: true, content: { 'application/json': { schema: ForgotSchema } } },
      },
      responses: {
        200: acceptedResponse,
        422: errorResponse('Invalid input'),
        429: throttledResponse,
      },
    })

  const forgot = mailRoute(
    '/password/forgot',
    'Send a password-reset link',
    'Mails a link to `/PasswordResets/newpassword/{token}`, valid for one hour and once, if an ' +
      'account (guest accounts too) uses the address. The answer is the same either way, in ' +
      'the same time: finding the account, the link and its mail run after the answer, and the ' +
      'mail goes through the outbox. Counted per (e-mail, client address), 3 per 15 minutes, ' +
      'and per client address, 20 (an IPv6 client by its /64); beyond, 429.',
  )
  const loginLink = mailRoute(
    '/password/login-link',
    'Send a one-time sign-in link',
    'Mails a link to `/LoginFromAdmin/{token}`, valid for 15 minutes and once, if an account ' +
      '(guest accounts too) uses the address; the page signs in with ' +
      '`POST /api/password/verify-login/{token}`. Using it proves the address: every order ' +
      'guest sessions placed with it joins the account. The answer is the same whether or not ' +
      'an account uses the address, and counted as `POST /api/password/forgot` is.',
  )

  const useToken = createRoute({
    method: 'post',
    path: '/password/usetoken/{token}',
    tags: ['password'],
    summary: 'Set a new password with a reset link',
    description:
      'Uses the link up, sets the password (a guest account becomes a customer account), ends ' +
      'every other session of the account, voids its other unused links (reset and sign-in), ' +
      'and signs in (1 day). The link proves the address: what waits for proof (guest orders, ' +
      'a dealer’s invitation) joins the account. Counted per (link, client address), 5 per 15 ' +
      'minutes, and per client address, 20; the link is looked up before the new password is ' +
      'hashed, so an unknown link costs no hash. A new password may hold any printable ' +
      'character, direction marks included, but no control character.',
    request: {
      params: TokenParam,
      body: { required: true, content: { 'application/json': { schema: NewPasswordSchema } } },
    },
    responses: {
      200: sessionResponse,
      404: errorResponse('The token is not one this server writes'),
      422: errorResponse(
        'Invalid input per field, or (under `token`) the link is unknown, used or expired',
      ),
      429: throttledResponse,
    },
  })

  const verifyLogin = createRoute({
    method: 'post',
    path: '/password/verify-login/{token}',
    tags: ['password'],
    summary: 'Sign in with a one-time link',
    description:
      'Uses a mailed sign-in link, a registration’s confirmation link or an admin’s ' +
      '`/LoginFromAdmin/{token}` link up, and signs in as its account (1 day). A mailed link ' +
      '(not an admin’s) proves the address: what waits for proof joins the account (orders ' +
      'guest sessions placed with the address, a dealer’s invitation used at registration). ' +
      'A password chosen at registration is kept by the confirmation link; a sign-in link that ' +
      'proves the address first drops it and ends the sessions it opened (whoever chose it had ' +
      'not proven the address), and a new password is set through the reset link.',
    request: { params: TokenParam },
    responses: {
      200: sessionResponse,
      404: errorResponse('The token is not one this server writes'),
      422: errorResponse('The link is unknown, used or expired (under `token`)'),
    },
  })

  const linkInvalid = { message: invalidLink, errors: { token: [invalidLink] } }

  return createRouter()
    .openapi(forgot, async (c) => {
      const { email } = c.req.valid('json')
      const wait = await attempt(db, 'mail', email, clientAddress(c))
      if (wait > 0) return tooManyAttempts(c, wait)
      deps.mailer.later(async () => {
        const user = await findUserByEmail(db, email)
        if (user) await sendResetLink(deps, user)
      })
      return c.json({ message: mailAccepted }, 200)
    })
    .openapi(loginLink, async (c) => {
      const { email } = c.req.valid('json')
      const wait = await attempt(db, 'mail', email, clientAddress(c))
      if (wait > 0) return tooManyAttempts(c, wait)
      deps.mailer.later(async () => {
        const user = await findUserByEmail(db, email)
        if (user) await sendLoginLink(deps, user)
      })
      return c.json({ message: mailAccepted }, 200)
    })
    .openapi(useToken, async (c) => {
      const { token } = c.req.valid('param')
      const { password } = c.req.valid('json')
      // Anyone may call this: count it per client address before any work, and hash (19 MiB,
      // tens of milliseconds) only for a link that is live.
      const wait = await attempt(db, 'reset', token, clientAddress(c))
      if (wait > 0) return tooManyAttempts(c, wait)
      if (!(await isLiveOneTimeToken(db, token, ['password-reset']))) {
        return c.json(linkInvalid, 422)
      }
      const passwordHash = await hashPassword(password)
      // Used up only now, in the statement that finds it: of two calls with one link, one wins.
      const used = await consumeOneTimeToken(db, token, ['password-reset'])
      if (!used) return c.json(linkInvalid, 422)
      await setPassword(db, used.userId, passwordHash)
      await signOutEverywhere(db, used.userId)
      await proveAddress(db, used.userId, { keepPassword: true })
      await mergeCartAtSignIn(db, c, used.userId)
      return c.json(await signIn(c, db, used.userId, { remember: false }), 200)
    })
    .openapi(verifyLogin, async (c) => {
      const { token } = c.req.valid('param')
      const used = await consumeOneTimeToken(db, token, [
        'login-link',
        'confirm-email',
        'admin-login',
      ])
      if (!used) return c.json(linkInvalid, 422)
      // An admin's link proves nothing about the address; a mailed one does.
      if (used.purpose !== 'admin-login')
        await proveAddress(db, used.userId, { keepPassword: used.purpose === 'confirm-email' })
      await mergeCartAtSignIn(db, c, used.userId)
      return c.json(await signIn(c, db, used.userId, { remember: false }), 200)
    })
}
