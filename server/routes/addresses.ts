import { createRoute, z } from '@hono/zod-openapi'
import type { Context } from 'hono'
import type { AddressInput } from '../../contract/address.ts'
import { Address } from '../../contract/auth.ts'
import type { ApiErrorBody } from '../../contract/errors.ts'
import type { Database } from '../db/index.ts'
import { errorResponse } from '../http/errors.ts'
import { component } from '../http/openapi-schema.ts'
import { createRouter } from '../http/router.ts'
import { requireUser } from '../middleware/auth.ts'
import { validAddress } from '../services/checkout.ts'
import { fieldErrors } from '../services/field-errors.ts'
import {
  addressGoneMessage,
  addSavedAddress,
  alreadySavedMessage,
  deleteSavedAddress,
  editSavedAddress,
  makeDefaultAddress,
  maxSavedAddresses,
  savedAddresses,
  tooManyAddressesMessage,
} from '../services/saved-addresses.ts'
import { currentShippingRates } from '../services/shipping.ts'
import { AddressInputSchema } from './checkout.ts'

/*
 * The signed-in account's saved addresses (docs/accounts-and-guests.md, "Saved addresses"): the
 * list, and adding, editing, deleting and making one the default. Part of the user resource
 * (user.ts mounts it). Addresses are checked as the checkout checks them, with its messages and
 * field names under `address.`; the work is services/saved-addresses.ts's. Every change answers
 * the list as it is after it, as `GET /api/user/get-addresses/` would.
 */

const AddressSchema = component(Address, 'Address')

const listAnswer = (description: string) => ({
  description,
  content: { 'application/json': { schema: z.array(AddressSchema) } },
})
const unauthenticated = errorResponse('No bearer token, or its session is unknown or expired')
const guestForbidden = errorResponse('A guest session (e-mail only) may not see account data')
const addressGone = errorResponse(
  `No saved address of the account’s has this id (another account’s, a deleted one, or not ` +
    `an id): “${addressGoneMessage}”`,
)

const makeDefault = z
  .boolean()
  .optional()
  .openapi({ description: 'Also make it the default address (the checkout offers it first).' })
/** The address as the checkout takes it (its one registration), and whether it is the default. */
const SavedAddressBody = z.object({ address: AddressInputSchema, make_default: makeDefault })

const addressId = z.object({
  id: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,128}$/)
    .openapi({
      param: { name: 'id', in: 'path' },
      description: 'A saved address’s `id` (GET /api/user/get-addresses/)',
    }),
})

/** Who may call: an account session; a guest session (e-mail only) keeps no addresses. */
const security = [{ bearerAuth: [] }]
const refusedCaller = { 401: unauthenticated, 403: guestForbidden }

const addressErrors = (more: string) =>
  errorResponse(
    'Per field under `address.`, as `POST /api/order/save-shipping-address` checks it: a ' +
      'required field missing, too long, or holding control or text-direction characters; a ' +
      'country we do not ship to; no region where the country’s post needs one; a postal code ' +
      `not of the country’s format. ${more}`,
  )

export function addressRoutes({ db }: { db: Database }) {
  const list = createRoute({
    method: 'get',
    path: '/user/get-addresses/',
    tags: ['user'],
    summary: 'The signed-in user’s saved addresses',
    description:
      'The addresses the account keeps, each once: added here, or by `save_to_account` on ' +
      '`POST /api/order/save-shipping-address`. Account sessions only: a guest session is a 403.',
    security,
    middleware: [requireUser(db, { account: true })] as const,
    responses: {
      ...refusedCaller,
      200: listAnswer('The default address first, then the newest'),
    },
  })

  const add = createRoute({
    method: 'post',
    path: '/user/add-address',
    tags: ['user'],
    summary: 'Save an address to the account',
    description:
      'Checks the address as the checkout does and keeps it, normalised. The account’s first ' +
      'address is its default; with `make_default` a later one becomes it. An address the ' +
      'account has already is not kept twice: the answer is the list as it is (made the default ' +
      `if asked), so a repeated call changes nothing. An account keeps up to ` +
      `${maxSavedAddresses} addresses. Account sessions only: a guest session is a 403.`,
    security,
    middleware: [requireUser(db, { account: true })] as const,
    request: {
      body: { required: true, content: { 'application/json': { schema: SavedAddressBody } } },
    },
    responses: {
      ...refusedCaller,
      200: listAnswer('The saved addresses with the new one, the default first'),
      422: addressErrors(
        `\`address\`: the account keeps ${maxSavedAddresses} already: “${tooManyAddressesMessage}”`,
      ),
    },
  })

  const edit = createRoute({
    method: 'put',
    path: '/user/edit-address/{id}',
    tags: ['user'],
    summary: 'Change a saved address',
    description:
      'Checks the address as the checkout does and puts it in place of the saved one (which ' +
      'keeps its id, its place in the list and its default mark); with `make_default` it ' +
      'becomes the default. Orders that went to the old address keep it. Only the account’s ' +
      'own addresses: any other id is a 404. Account sessions only: a guest session is a 403.',
    security,
    middleware: [requireUser(db, { account: true })] as const,
    request: {
      params: addressId,
      body: { required: true, content: { 'application/json': { schema: SavedAddressBody } } },
    },
    responses: {
      ...refusedCaller,
      200: listAnswer('The saved addresses with the change, the default first'),
      404: addressGone,
      422: addressErrors(
        `\`address\`: the same as another saved address: “${alreadySavedMessage}”`,
      ),
    },
  })

  const remove = createRoute({
    method: 'post',
    path: '/user/delete-address/{id}',
    tags: ['user'],
    summary: 'Delete a saved address',
    description:
      'Deletes a saved address (no body). When it was the default, the newest of the rest ' +
      'becomes the default (none when none is left). Orders that went to it keep their copy. ' +
      'Only the account’s own addresses: any other id, a deleted one too, is a 404. Account ' +
      'sessions only: a guest session is a 403.',
    security,
    middleware: [requireUser(db, { account: true })] as const,
    request: { params: addressId },
    responses: {
      ...refusedCaller,
      200: listAnswer('The saved addresses left, the default first'),
      404: addressGone,
    },
  })

  const setDefault = createRoute({
    method: 'post',
    path: '/user/make-default-address/{id}',
    tags: ['user'],
    summary: 'Make a saved address the default',
    description:
      'Makes a saved address the account’s default (no body): the one listed first, and the ' +
      'one the checkout fills in. The previous default stays saved. Only the account’s own ' +
      'addresses: any other id is a 404. Account sessions only: a guest session is a 403.',
    security,
    middleware: [requireUser(db, { account: true })] as const,
    request: { params: addressId },
    responses: {
      ...refusedCaller,
      200: listAnswer('The saved addresses, the new default first'),
      404: addressGone,
    },
  })

  /** The address as the checkout checks it, against the countries we ship to now. */
  const check = async (address: AddressInput) =>
    validAddress(address, await currentShippingRates(db))
  const gone = (c: Context) => c.json({ message: addressGoneMessage }, 404)
  const refused = (c: Context, errors: Record<string, string[]>) =>
    c.json(fieldErrors(errors).body as ApiErrorBody, 422)

  return createRouter()
    .openapi(list, async (c) => c.json(await savedAddresses(db, c.get('user').id), 200))
    .openapi(add, async (c) => {
      const { address, make_default } = c.req.valid('json')
      const checked = await check(address)
      if (!checked.ok) return refused(c, checked.errors)
      const result = await addSavedAddress(db, c.get('user').id, checked.address, !!make_default)
      return 'addresses' in result ? c.json(result.addresses, 200) : refused(c, result.errors)
    })
    .openapi(edit, async (c) => {
      const { id } = c.req.valid('param')
      const { address, make_default } = c.req.valid('json')
      const checked = await check(address)
      if (!checked.ok) return refused(c, checked.errors)
      const userId = c.get('user').id
      const result = await editSavedAddress(db, userId, id, checked.address, !!make_default)
      if ('addresses' in result) return c.json(result.addresses, 200)
      return result.refused === 'gone' ? gone(c) : refused(c, result.errors)
    })
    .openapi(remove, async (c) => {
      const result = await deleteSavedAddress(db, c.get('user').id, c.req.valid('param').id)
      return 'addresses' in result ? c.json(result.addresses, 200) : gone(c)
    })
    .openapi(setDefault, async (c) => {
      const result = await makeDefaultAddress(db, c.get('user').id, c.req.valid('param').id)
      return 'addresses' in result ? c.json(result.addresses, 200) : gone(c)
    })
}
