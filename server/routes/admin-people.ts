import { createRoute, z } from '@hono/zod-openapi'
import type { Context } from 'hono'
import {
  AdminCustomerDetail,
  AdminCustomersPage,
  AdminCustomersQuery,
  AdminDealerDetail,
  AdminDealersList,
  DealerRateRequest,
  LinkCustomerRequest,
  maxCustomerOrders,
  TieDealerRequest,
} from '../../contract/admin-people.ts'
import { maxOrdersPerPage } from '../../contract/orders.ts'
import { uuidPattern } from '../../contract/uuid.ts'
import { declared } from '../http/declared-answer.ts'
import { errorResponse } from '../http/errors.ts'
import { component } from '../http/openapi-schema.ts'
import { createRouter } from '../http/router.ts'
import type { AuthEnv } from '../middleware/auth.ts'
import {
  customerDetail,
  customerMessages,
  listCustomers,
  signOutAsShop,
  type PeopleResult,
} from '../services/admin/customers.ts'
import {
  dealerDetail,
  dealerLedgerCsv,
  dealerMessages,
  linkAsShop,
  listDealers,
  markPaidAsShop,
  setRateAsShop,
  tieAsShop,
  unlinkAsShop,
} from '../services/admin/dealers-admin.ts'
import { actorOf, backOfficeAccess, requireBackOffice } from './admin-access.ts'
import type { AdminDeps } from './admin.ts'

/*
 * The back office's customers and dealers (docs/back-office.md, "Customers and dealers"): the
 * accounts searched and read, signed out everywhere; the dealers with their customers, ledger and
 * payouts, tied, rated, linked and paid through the command line's own services
 * (services/admin/customers.ts, dealers-admin.ts), each action written to the audit log. Every
 * call checks the caller's role before anything else; the rate is an admin's alone.
 */

const idParam = (description: string) =>
  z
    .string()
    .regex(uuidPattern)
    .openapi({ param: { name: 'id', in: 'path' }, description })

const CustomerIdParam = z.object({ id: idParam('The account’s id (uuid)') })
const DealerIdParam = z.object({ id: idParam('The dealer’s account id (uuid)') })
const DealerCustomerParams = z.object({
  id: idParam('The dealer’s account id (uuid)'),
  customerId: z
    .string()
    .regex(uuidPattern)
    .openapi({
      param: { name: 'customerId', in: 'path' },
      description: 'The customer’s account id (uuid)',
    }),
})
const PayoutIdParam = z.object({ id: idParam('The payout request’s id (uuid)') })

const CustomerSchema = component(AdminCustomerDetail, 'AdminCustomerDetail')
const DealerSchema = component(AdminDealerDetail, 'AdminDealerDetail')

const customerAnswer = (description: string) => ({
  description,
  content: { 'application/json': { schema: CustomerSchema } },
})
const dealerAnswer = {
  description: 'The dealer as the back office shows it, after the action',
  content: { 'application/json': { schema: DealerSchema } },
}
const denied = {
  401: errorResponse('Not signed in'),
  403: errorResponse('Not an admin or staff account session'),
}
const noCustomer = { 404: errorResponse(`No such account: “${customerMessages.notFound}”`) }
const noDealer = {
  404: errorResponse(
    `No account of that id that is a dealer (the dealer role, or tied to an entry): ` +
      `“${dealerMessages.notFound}”`,
  ),
}
const security = [{ bearerAuth: [] }]
const untied =
  'A dealer account not yet tied to its directory entry is a 422 under `id` (“… is not tied to ' +
  'a dealer directory entry …”).'

export function adminPeopleRoutes({ db, catalog }: AdminDeps) {
  const backOffice = requireBackOffice(db)
  const adminOnly = requireBackOffice(db, { adminOnly: true })
  const snapshot = async () => {
    const current = catalog.current()
    return current instanceof Promise ? await current : current
  }

  /** The refusal of an action as the API answers it: 403 or 404 with a message, 422 per field. */
  function refusal(c: Context<AuthEnv>, result: Exclude<PeopleResult, { ok: true }>) {
    if (result.status === 422)
      return declared(
        c.json({ message: result.message, errors: { [result.field]: [result.message] } }, 422),
      )
    return declared(c.json({ message: result.message }, result.status))
  }

  /** An action's answer: the dealer's page as the action left it, or its refusal. */
  async function dealerAnswerOf(c: Context<AuthEnv>, id: string, result: PeopleResult) {
    if (!result.ok) return refusal(c, result)
    const detail = await dealerDetail(db, id)
    return declared(
      detail ? c.json(detail, 200) : c.json({ message: dealerMessages.notFound }, 404),
    )
  }

  const customers = createRoute({
    method: 'get',
    path: '/admin/customers',
    tags: ['admin'],
    summary: 'The shop’s accounts, searched',
    description:
      `${backOfficeAccess.all} Every account (customers, guest accounts, dealers, staff and ` +
      'admins), newest first, a page at a time (`page` from 1, `per_page` 1–' +
      `${maxOrdersPerPage}, 20 unless given). \`q\` keeps those whose e-mail address or name ` +
      'holds it (any case); `role` those of one role. Each with its role, how many submitted ' +
      'orders it has (placed by it, also as a guest session on its address, or placed for it by ' +
      'its dealer), when the last was submitted, and the dealer it belongs to.',
    security,
    middleware: backOffice,
    request: { query: AdminCustomersQuery },
    responses: {
      200: {
        description: 'One page of accounts',
        content: {
          'application/json': { schema: component(AdminCustomersPage, 'AdminCustomersPage') },
        },
      },
      ...denied,
      422: errorResponse('A search, role or paging value out of range, with a message per field'),
    },
  })

  const customer = createRoute({
    method: 'get',
    path: '/admin/customers/{id}',
    tags: ['admin'],
    summary: 'One account, as the shop sees it',
    description:
      `${backOfficeAccess.all} The account (role, when its address was proven, whether it has ` +
      `a password, how many sessions it has open), its newest ${maxCustomerOrders} orders as ` +
      'summaries (each with its number, the dealer credited, and who placed it for whom), its ' +
      'saved addresses, the dealer it belongs to, the directory entry of a dealer account, and ' +
      'what the back office did to it (its audit rows: sign-in links, sign-outs). A sign-in link ' +
      'for it is `POST /api/admin/login-link`.',
    security,
    middleware: backOffice,
    request: { params: CustomerIdParam },
    responses: {
      200: customerAnswer('The account'),
      ...denied,
      ...noCustomer,
    },
  })

  const signOut = createRoute({
    method: 'post',
    path: '/admin/customers/{id}/sign-out-everywhere',
    tags: ['admin'],
    summary: 'Sign an account out everywhere',
    description:
      `${backOfficeAccess.all} As \`npm run admin -- revoke-sessions\`: every session of the ` +
      'account ends at once and its unused reset and sign-in links (admin ones too) are void; ' +
      `its password stays. Staff may not do it to an admin account (403: “${customerMessages.adminsOnly}”). ` +
      'Audited as `user.sign_out_everywhere` with how many sessions ended.',
    security,
    middleware: backOffice,
    request: { params: CustomerIdParam },
    responses: {
      200: customerAnswer('The account after it (no session left)'),
      401: denied[401],
      403: errorResponse('Not an admin or staff account session, or staff on an admin account'),
      ...noCustomer,
    },
  })

  const dealersList = createRoute({
    method: 'get',
    path: '/admin/dealers',
    tags: ['admin'],
    summary: 'The dealers, and the directory to tie them to',
    description:
      `${backOfficeAccess.all} Every dealer (an account with the dealer role, or one tied to a ` +
      'directory entry), tied ones by their entry’s name first: its entry, rate, currency, how ' +
      'many customers it has, its balance (the sum of its ledger), and the payout requests ' +
      'waiting for the shop with their sum. Then the directory (content/dealers.json), each ' +
      'entry with the dealer tied to it.',
    security,
    middleware: backOffice,
    responses: {
      200: {
        description: 'The dealers and the directory',
        content: {
          'application/json': { schema: component(AdminDealersList, 'AdminDealersList') },
        },
      },
      ...denied,
    },
  })

  const dealer = createRoute({
    method: 'get',
    path: '/admin/dealers/{id}',
    tags: ['admin'],
    summary: 'One dealer, with its customers, ledger and payouts',
    description:
      `${backOfficeAccess.all} The dealer’s row of the list, its invitation path, its ` +
      'customers (each with how it was linked and its orders credited to the dealer), its ' +
      'ledger newest first with the balance each entry left and its payout requests, as the ' +
      'dealer reads them (`GET /api/order/dealer-comission`), and what the back office did to it.',
    security,
    middleware: backOffice,
    request: { params: DealerIdParam },
    responses: { 200: { ...dealerAnswer, description: 'The dealer' }, ...denied, ...noDealer },
  })

  const ledger = createRoute({
    method: 'get',
    path: '/admin/dealers/{id}/ledger.csv',
    tags: ['admin'],
    summary: 'A dealer’s ledger as CSV',
    description:
      `${backOfficeAccess.all} The file the dealer downloads itself ` +
      '(`GET /api/order/dealer-comission/csv`), under the same name: every entry oldest first, ' +
      'date, kind, amount, balance, currency, order, payout, note (amounts as decimals of the ' +
      'currency; a note starting with =, +, - or @ gets a leading apostrophe so a spreadsheet ' +
      'never runs it). A dealer not yet tied has the header alone.',
    security,
    middleware: backOffice,
    request: { params: DealerIdParam },
    responses: {
      200: {
        description: 'The ledger (text/csv, as an attachment)',
        content: { 'text/csv': { schema: z.string() } },
      },
      ...denied,
      ...noDealer,
    },
  })

  const tie = createRoute({
    method: 'post',
    path: '/admin/dealers/{id}/tie',
    tags: ['admin'],
    summary: 'Tie a dealer to its directory entry',
    description:
      `${backOfficeAccess.all} As \`npm run admin -- tie-dealer\`: the account must have the ` +
      'dealer role (else a 422 under `id`); `slug` is an active entry no other dealer holds ' +
      '(else a 422 under `slug`, with the command line’s reasons). The first tie makes the ' +
      'invitation code; a later one moves the dealer to another entry, keeping its customers, ' +
      'ledger and code. `rate_bp` (0–5000) sets the rate too, and is for admins only: staff ' +
      `sending it get a 403 (“${dealerMessages.rateAdminsOnly}”). Audited as \`dealer.tie\`.`,
    security,
    middleware: backOffice,
    request: {
      params: DealerIdParam,
      body: {
        required: true,
        content: {
          'application/json': { schema: component(TieDealerRequest, 'TieDealerRequest') },
        },
      },
    },
    responses: {
      200: dealerAnswer,
      401: denied[401],
      403: errorResponse('Not an admin or staff account session, or staff sending a rate'),
      404: errorResponse(`No such account: “${dealerMessages.notFound}”`),
      422: errorResponse('Bad input, or a tie the rules refuse (under `id` or `slug`)'),
    },
  })

  const rate = createRoute({
    method: 'post',
    path: '/admin/dealers/{id}/rate',
    tags: ['admin'],
    summary: 'Set a dealer’s commission rate',
    description:
      `${backOfficeAccess.adminOnly} As \`npm run admin -- set-dealer-rate\`: \`rate_bp\` in ` +
      'basis points, 0–5000 (0–50 %), of each order paid from now on, less shipping; orders ' +
      `already paid keep what they earned. ${untied} Audited as \`dealer.rate\` with the old ` +
      'and the new rate. Ask before sending it.',
    security,
    middleware: adminOnly,
    request: {
      params: DealerIdParam,
      body: {
        required: true,
        content: {
          'application/json': { schema: component(DealerRateRequest, 'DealerRateRequest') },
        },
      },
    },
    responses: {
      200: dealerAnswer,
      401: denied[401],
      403: errorResponse('Not an admin account session (staff included)'),
      ...noDealer,
      422: errorResponse('A rate out of range (under `rate_bp`), or a dealer not yet tied'),
    },
  })

  const link = createRoute({
    method: 'post',
    path: '/admin/dealers/{id}/customers',
    tags: ['admin'],
    summary: 'Make an account a dealer’s customer',
    description:
      `${backOfficeAccess.all} As \`npm run admin -- link-customer\`: the account of \`email\` ` +
      'becomes the dealer’s customer, moved from another dealer if it had one; its orders ' +
      'submitted from now on are credited to this dealer, those already submitted stay where ' +
      'they were. No account of that address, or one that cannot be a customer (a dealer, ' +
      `staff or an admin), is a 422 under \`email\` with the command line’s reason. ${untied} ` +
      'Audited as `dealer.link_customer`, with the dealer it was moved from.',
    security,
    middleware: backOffice,
    request: {
      params: DealerIdParam,
      body: {
        required: true,
        content: {
          'application/json': { schema: component(LinkCustomerRequest, 'LinkCustomerRequest') },
        },
      },
    },
    responses: {
      200: dealerAnswer,
      ...denied,
      ...noDealer,
      422: errorResponse('Bad input, or a link the rules refuse (under `email` or `id`)'),
    },
  })

  const unlink = createRoute({
    method: 'post',
    path: '/admin/dealers/{id}/customers/{customerId}/unlink',
    tags: ['admin'],
    summary: 'Take a customer from its dealer',
    description:
      `${backOfficeAccess.all} As \`npm run admin -- unlink-customer\`: the account no longer ` +
      'belongs to the dealer; its orders already submitted stay credited to it. A customer with ' +
      'no dealer, or another dealer’s, is a 422 under `customer_id`. ' +
      `${untied} Audited as \`dealer.unlink_customer\`.`,
    security,
    middleware: backOffice,
    request: { params: DealerCustomerParams },
    responses: {
      200: dealerAnswer,
      ...denied,
      404: errorResponse('No such dealer, or no such account'),
      422: errorResponse('Not this dealer’s customer (under `customer_id`), or an untied dealer'),
    },
  })

  const markPaid = createRoute({
    method: 'post',
    path: '/admin/payouts/{id}/mark-paid',
    tags: ['admin'],
    summary: 'Record that a dealer’s payout request was paid',
    description:
      `${backOfficeAccess.all} As \`npm run admin -- mark-payout-paid\`: the request can no ` +
      'longer change, and the dealer sees it paid. Its amount left the balance when it was ' +
      'requested. A request that is paid or cancelled already is a 422 under `id` with the ' +
      'command line’s reason. Answers the request’s dealer. Audited on the dealer as ' +
      '`dealer.payout_paid`.',
    security,
    middleware: backOffice,
    request: { params: PayoutIdParam },
    responses: {
      200: dealerAnswer,
      ...denied,
      404: errorResponse('No such payout request: “No payout request {id}.”'),
      422: errorResponse('Paid or cancelled already (under `id`)'),
    },
  })

  return createRouter()
    .openapi(customers, async (c) => c.json(await listCustomers(db, c.req.valid('query')), 200))
    .openapi(customer, async (c) => {
      const detail = await customerDetail(db, await snapshot(), c.req.valid('param').id)
      return detail ? c.json(detail, 200) : c.json({ message: customerMessages.notFound }, 404)
    })
    .openapi(signOut, async (c) => {
      const { id } = c.req.valid('param')
      const result = await signOutAsShop(db, actorOf(c), id)
      if (!result.ok) return refusal(c, result)
      const detail = await customerDetail(db, await snapshot(), id)
      return detail ? c.json(detail, 200) : c.json({ message: customerMessages.notFound }, 404)
    })
    .openapi(dealersList, async (c) => c.json(await listDealers(db), 200))
    .openapi(dealer, async (c) => {
      const detail = await dealerDetail(db, c.req.valid('param').id)
      return detail ? c.json(detail, 200) : c.json({ message: dealerMessages.notFound }, 404)
    })
    .openapi(ledger, async (c) => {
      const file = await dealerLedgerCsv(db, c.req.valid('param').id)
      if (!file) return c.json({ message: dealerMessages.notFound }, 404)
      return c.body(file.text, 200, {
        'Content-Type': 'text/csv; charset=utf-8',
        'Content-Disposition': `attachment; filename="${file.filename}"`,
      })
    })
    .openapi(tie, async (c) => {
      const { id } = c.req.valid('param')
      const { slug, rate_bp: rateBp } = c.req.valid('json')
      const actor = actorOf(c)
      if (rateBp !== undefined && actor.role !== 'admin')
        return c.json({ message: dealerMessages.rateAdminsOnly }, 403)
      return dealerAnswerOf(c, id, await tieAsShop(db, actor, { id, slug, rateBp }))
    })
    .openapi(rate, async (c) => {
      const { id } = c.req.valid('param')
      const { rate_bp: rateBp } = c.req.valid('json')
      return dealerAnswerOf(c, id, await setRateAsShop(db, actorOf(c), { id, rateBp }))
    })
    .openapi(link, async (c) => {
      const { id } = c.req.valid('param')
      const { email } = c.req.valid('json')
      return dealerAnswerOf(c, id, await linkAsShop(db, actorOf(c), { id, email }))
    })
    .openapi(unlink, async (c) => {
      const { id, customerId } = c.req.valid('param')
      return dealerAnswerOf(c, id, await unlinkAsShop(db, actorOf(c), { id, customerId }))
    })
    .openapi(markPaid, async (c) => {
      const result = await markPaidAsShop(db, actorOf(c), c.req.valid('param').id)
      if (!result.ok) return refusal(c, result)
      return dealerAnswerOf(c, result.dealerId, result)
    })
}
