import { humanGate, recaptchaHeader } from './contact-form.ts'
import { createRoute } from '@hono/zod-openapi'
import {
  Accepted,
  EditUserRequest,
  invitationMessage,
  RegisterRequest,
} from '../../contract/auth.ts'
import { User } from '../../contract/user.ts'
import { clientAddress } from '../http/client-address.ts'
import { errorResponse, throttledResponse, tooManyAttempts } from '../http/errors.ts'
import { component } from '../http/openapi-schema.ts'
import { createRouter } from '../http/router.ts'
import { requireUser } from '../middleware/auth.ts'
import {
  createAccount,
  findUserByEmail,
  sendConfirmLink,
  sendResetLink,
  type AccountDeps,
} from '../services/accounts.ts'
import { dealerByInviteCode } from '../services/dealers.ts'
import { hashPassword } from '../services/passwords.ts'
import type { SessionUser } from '../services/sessions.ts'
import { attempt } from '../services/throttle.ts'
import { renameUser, toUser } from '../services/users.ts'
import { addressRoutes } from './addresses.ts'

const UserSchema = component(User, 'User')
const AcceptedSchema = component(Accepted, 'Accepted')
const RegisterSchema = component(RegisterRequest, 'RegisterRequest')
const EditUserSchema = component(EditUserRequest, 'EditUserRequest')

export const registrationAccepted =
  'Thank you. We have sent you an e-mail: follow its link to confirm your address.'

/**
 * The user as a session may see it. A guest session (e-mail only) sees the address it gave and
 * nothing the account holds: not its name, its role or its age, which would tell a stranger that
 * the address has an account.
 */
function visibleUser({ user, guest, createdAt }: SessionUser): User {
  if (!guest) return user
  return { ...user, name: null, role: 'guest', created_at: createdAt.toISOString() }
}

const unauthenticated = errorResponse('No bearer token, or its session is unknown or expired')
const guestForbidden = errorResponse('A guest session (e-mail only) may not see account data')

export function userRoutes(deps: AccountDeps) {
  const { db } = deps

  const getUser = createRoute({
    method: 'get',
    path: '/user',
    tags: ['user'],
    summary: 'The signed-in user',
    description:
      'The account of the bearer token’s session: e-mail address, name, role and when it was ' +
      'made. A guest session (e-mail only) sees the address it gave with role `guest` and ' +
      'nothing the account on that address holds (no name, no age), so the answer never tells ' +
      'whether the address has an account.',
    security: [{ bearerAuth: [] }],
    middleware: [requireUser(db)] as const,
    responses: {
      200: { description: 'The user', content: { 'application/json': { schema: UserSchema } } },
      401: unauthenticated,
    },
  })

  const create = createRoute({
    method: 'post',
    path: '/user/create',
    tags: ['user'],
    summary: 'Register',
    description:
      'Answers the same whether the e-mail address is new or not. A new address gets an account ' +
      'and an e-mail with a link that confirms the address (valid one hour, once; it signs in); ' +
      'a known one gets an e-mail with a password-reset link instead (its password is not ' +
      'changed). No session is opened here. The password signs in at once, but until the ' +
      'address is confirmed the account receives only what it makes itself: no order a guest ' +
      'session placed with the address, and no dealer. With `dealer` (the code of a dealer’s ' +
      'invitation link), the new account becomes that dealer’s customer when the address is ' +
      'confirmed; a known address keeps its dealer. An unknown code is a 422 on `dealer`. ' +
      'With reCAPTCHA configured, the page’s token goes in `X-Recaptcha-Token`.',
    request: {
      headers: recaptchaHeader,
      body: { required: true, content: { 'application/json': { schema: RegisterSchema } } },
    },
    responses: {
      200: {
        description: 'Accepted; an e-mail is on its way',
        content: { 'application/json': { schema: AcceptedSchema } },
      },
      422: errorResponse(
        'Invalid input, per field (`confirm_password` when they differ; `dealer` for an ' +
          'invitation code no dealer has; `recaptcha` for a refused reCAPTCHA token)',
      ),
      429: throttledResponse,
    },
  })

  const edit = createRoute({
    method: 'put',
    path: '/user/edit',
    tags: ['user'],
    summary: 'Edit the profile',
    description:
      'Changes the account’s name (and what else `EditUserRequest` holds) and answers the ' +
      'user as `GET /api/user` does. Account sessions only: a guest session is a 403. Text ' +
      'fields refuse control and text-direction characters with a 422 on the field.',
    security: [{ bearerAuth: [] }],
    middleware: [requireUser(db, { account: true })] as const,
    request: {
      body: { required: true, content: { 'application/json': { schema: EditUserSchema } } },
    },
    responses: {
      200: {
        description: 'The updated user',
        content: { 'application/json': { schema: UserSchema } },
      },
      401: unauthenticated,
      403: guestForbidden,
      422: errorResponse('Invalid input, per field'),
    },
  })

  // The account's saved addresses (list, add, edit, delete, make default): addresses.ts.
  return createRouter()
    .openapi(getUser, (c) => c.json(visibleUser(c.get('session')), 200))
    .openapi(create, async (c) => {
      const { email, password, name, dealer: invitation } = c.req.valid('json')
      // An invitation names a dealer: an unknown one is refused before anything is done (it
      // tells nothing about the address).
      const dealer = invitation ? await dealerByInviteCode(db, invitation) : undefined
      if (invitation && !dealer)
        return c.json({ message: invitationMessage, errors: { dealer: [invitationMessage] } }, 422)
      // Each registration mails the address: limited like the other calls that send mail.
      const wait = await attempt(db, 'mail', email, clientAddress(c))
      if (wait > 0) return tooManyAttempts(c, wait)
      const robot = await humanGate(c, deps, 'register')
      if (robot) return robot
      // Hashed whether or not it is used, so both answers take as long.
      const passwordHash = await hashPassword(password)
      deps.mailer.later(async () => {
        // Only a new account joins the dealer, and only once its address is confirmed
        // (accounts.ts proveAddress): a known address keeps whatever dealer it has.
        const created = await createAccount(db, {
          email,
          passwordHash,
          name: name ?? null,
          role: 'customer',
          pendingDealerId: dealer?.userId ?? null,
        })
        if (created) {
          await sendConfirmLink(deps, created)
          return
        }
        const existing = await findUserByEmail(db, email)
        if (existing) await sendResetLink(deps, existing)
      })
      return c.json({ message: registrationAccepted }, 200)
    })
    .openapi(edit, async (c) => {
      const { name } = c.req.valid('json')
      return c.json(toUser(await renameUser(db, c.get('user').id, name)), 200)
    })
    .route('/', addressRoutes({ db }))
}
