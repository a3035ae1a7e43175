import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Address } from '../../contract/auth.ts'
import { plainTextMessage } from '../../contract/plain-text.ts'
import {
  addressGoneMessage,
  alreadySavedMessage,
  maxSavedAddresses,
  tooManyAddressesMessage,
} from '../services/saved-addresses.ts'
import {
  cartCaller,
  createTestApp,
  newKey,
  openTestDatabase,
  type CartCaller,
  type TestDatabase,
} from '../testing/test-helpers.ts'
import { errorsOf, testAccounts } from '../testing/test-orders.ts'

let database: TestDatabase
let app: ReturnType<typeof createTestApp>

beforeAll(async () => {
  database = await openTestDatabase()
  app = createTestApp(database.db)
})
afterAll(() => database.close())

const newUser = testAccounts(() => database.db, { password: false })
const call = cartCaller(() => app)

/** As a customer types it: the server trims, upper-cases and fills in, as the checkout does. */
const usAddress = {
  name: '  Dana Flyer ',
  line1: '1200 Skydive Lane',
  line2: '',
  city: 'Eloy',
  region: 'az',
  postal_code: ' 85131 ',
  country: 'us',
  phone: '',
}
const normalisedUs = {
  name: 'Dana Flyer',
  line1: '1200 Skydive Lane',
  line2: null,
  city: 'Eloy',
  region: 'AZ',
  postal_code: '85131',
  country: 'US',
  phone: null,
}
const norway = {
  name: 'Kari Nordmann',
  line1: 'Kjerag 1',
  city: 'Lysebotn',
  postal_code: '4127',
  country: 'NO',
}
const canada = {
  name: 'Sam Pilot',
  line1: '55 Jump Road',
  city: 'Ottawa',
  region: 'ON',
  postal_code: 'k1a0b1',
  country: 'CA',
}

async function bearer(): Promise<CartCaller> {
  return { bearer: (await newUser()).bearer }
}

/** A user call with a JSON body (PUT for the edit, which cartCaller does not make). */
function send(method: 'POST' | 'PUT', path: string, caller: CartCaller, body?: unknown) {
  const headers: Record<string, string> = {}
  if (caller.bearer) headers.authorization = `Bearer ${caller.bearer}`
  if (body !== undefined) headers['content-type'] = 'application/json'
  return app.request(`/api${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  })
}

const addAddress = (caller: CartCaller, body: unknown) =>
  send('POST', '/user/add-address', caller, body)
const editAddress = (caller: CartCaller, id: string, body: unknown) =>
  send('PUT', `/user/edit-address/${id}`, caller, body)
const deleteAddress = (caller: CartCaller, id: string) =>
  send('POST', `/user/delete-address/${id}`, caller)
const makeDefault = (caller: CartCaller, id: string) =>
  send('POST', `/user/make-default-address/${id}`, caller)

/** The list of a 200 answer, checked against the contract. */
async function listOf(res: Response): Promise<Address[]> {
  expect(res.status).toBe(200)
  return Address.array().parse(await res.json())
}

async function savedOf(caller: CartCaller): Promise<Address[]> {
  return listOf(await call('GET', '/user/get-addresses/', caller))
}

/** Which of the list is the default, by city. */
const defaults = (list: Address[]) => list.filter((a) => a.is_default).map((a) => a.city)

describe('POST /api/user/add-address', () => {
  it('keeps the address normalised, the first as the default, and answers the list', async () => {
    const caller = await bearer()
    const list = await listOf(await addAddress(caller, { address: usAddress }))
    expect(list).toEqual([{ ...normalisedUs, id: expect.any(String), is_default: true }])
    expect(await savedOf(caller)).toEqual(list)
    const more = await listOf(await addAddress(caller, { address: norway }))
    expect(more.map((a) => [a.city, a.is_default])).toEqual([
      ['Eloy', true],
      ['Lysebotn', false],
    ])
  })

  it('makes a later one the default when asked, and never keeps two defaults', async () => {
    const caller = await bearer()
    await listOf(await addAddress(caller, { address: usAddress }))
    const list = await listOf(await addAddress(caller, { address: norway, make_default: true }))
    expect(list.map((a) => a.city)).toEqual(['Lysebotn', 'Eloy'])
    expect(defaults(list)).toEqual(['Lysebotn'])
  })

  it('keeps an address once: a repeat answers the list as it is, made the default if asked', async () => {
    const caller = await bearer()
    await listOf(await addAddress(caller, { address: usAddress }))
    const twice = await listOf(await addAddress(caller, { address: norway }))
    // Typed again differently, the same parcel label.
    const again = await listOf(
      await addAddress(caller, { address: { ...norway, country: 'no', line2: ' ' } }),
    )
    expect(again).toEqual(twice)
    const chosen = await listOf(await addAddress(caller, { address: norway, make_default: true }))
    expect(chosen).toHaveLength(2)
    expect(defaults(chosen)).toEqual(['Lysebotn'])
  })

  it(`keeps at most ${maxSavedAddresses} addresses`, async () => {
    const caller = await bearer()
    for (let i = 1; i <= maxSavedAddresses; i++)
      await listOf(await addAddress(caller, { address: { ...norway, line1: `Kjerag ${i}` } }))
    const refused = await addAddress(caller, { address: { ...norway, line1: 'Kjerag 99' } })
    expect(await errorsOf(refused)).toEqual({ address: [tooManyAddressesMessage] })
    // One it has is still no change, and no refusal.
    expect(await listOf(await addAddress(caller, { address: norway }))).toHaveLength(
      maxSavedAddresses,
    )
  })
})

describe('the address checks, as the checkout’s', () => {
  /** The checkout's own answer for the same address: the messages must be word for word. */
  const checkoutErrors = async (caller: CartCaller, address: unknown) =>
    errorsOf(
      await call('POST', '/order/save-shipping-address', caller, {
        body: { address },
        key: newKey(),
      }),
    )

  it('refuses each field with the save-shipping-address message, under `address.`', async () => {
    const caller = await bearer()
    const bad: [unknown, string[]][] = [
      [
        {},
        ['address.name', 'address.line1', 'address.city', 'address.postal_code', 'address.country'],
      ],
      [{ ...usAddress, name: '  ' }, ['address.name']],
      [{ ...usAddress, line1: 'x'.repeat(101) }, ['address.line1']],
      [{ ...usAddress, city: 'Eloy\u202e' }, ['address.city']],
      [{ ...usAddress, region: '' }, ['address.region']],
      [{ ...usAddress, postal_code: 'ABC' }, ['address.postal_code']],
      [{ ...usAddress, country: 'AQ' }, ['address.country']],
      [{ ...usAddress, country: 'USA' }, ['address.country']],
      [{ ...usAddress, phone: 'call me' }, ['address.phone']],
      [{ ...usAddress, line2: 42 }, ['address.line2']],
    ]
    const [first] = await listOf(await addAddress(caller, { address: canada }))
    for (const [address, fields] of bad) {
      const expected = await checkoutErrors(caller, address)
      expect(Object.keys(expected).sort()).toEqual([...fields].sort())
      expect(await errorsOf(await addAddress(caller, { address }))).toEqual(expected)
      expect(await errorsOf(await editAddress(caller, first!.id, { address }))).toEqual(expected)
    }
    const direction = await addAddress(caller, { address: { ...usAddress, city: 'Eloy\u202e' } })
    expect((await errorsOf(direction))['address.city']).toEqual([plainTextMessage])
    // Nothing refused was kept or changed.
    expect(await savedOf(caller)).toEqual([first])
  })
})

describe('PUT /api/user/edit-address/{id}', () => {
  it('changes the address in place: its id, place and default mark stay', async () => {
    const caller = await bearer()
    await listOf(await addAddress(caller, { address: usAddress }))
    const [us, no] = await listOf(await addAddress(caller, { address: norway }))
    const list = await listOf(
      await editAddress(caller, us!.id, { address: { ...usAddress, line2: 'Hangar 3' } }),
    )
    expect(list).toEqual([{ ...us, line2: 'Hangar 3' }, no])
    const moved = await listOf(await editAddress(caller, no!.id, { address: canada }))
    expect(moved[1]).toEqual({
      ...no,
      name: 'Sam Pilot',
      line1: '55 Jump Road',
      line2: null,
      city: 'Ottawa',
      region: 'ON',
      postal_code: 'K1A 0B1',
      country: 'CA',
      phone: null,
    })
    const chosen = await listOf(
      await editAddress(caller, no!.id, { address: canada, make_default: true }),
    )
    expect(defaults(chosen)).toEqual(['Ottawa'])
  })

  it('refuses to make it the same as another saved address', async () => {
    const caller = await bearer()
    await listOf(await addAddress(caller, { address: usAddress }))
    const [us, no] = await listOf(await addAddress(caller, { address: norway }))
    expect(await errorsOf(await editAddress(caller, no!.id, { address: usAddress }))).toEqual({
      address: [alreadySavedMessage],
    })
    // Saved again as it is: no change, no refusal.
    expect(await listOf(await editAddress(caller, us!.id, { address: usAddress }))).toEqual([
      us,
      no,
    ])
  })
})

describe('POST /api/user/delete-address/{id}', () => {
  it('deletes it; a deleted default passes to the newest of the rest, the last leaves none', async () => {
    const caller = await bearer()
    await listOf(await addAddress(caller, { address: usAddress }))
    await listOf(await addAddress(caller, { address: canada }))
    const [us, ...rest] = await listOf(await addAddress(caller, { address: norway }))
    expect(rest.map((a) => a.city)).toEqual(['Lysebotn', 'Ottawa'])
    const [no, ca] = rest
    const left = await listOf(await deleteAddress(caller, ca!.id))
    expect(left).toEqual([us, no])
    const after = await listOf(await deleteAddress(caller, us!.id))
    expect(after).toEqual([{ ...no, is_default: true }])
    expect(await listOf(await deleteAddress(caller, no!.id))).toEqual([])
    // Deleted already: gone.
    const again = await deleteAddress(caller, no!.id)
    expect(again.status).toBe(404)
    expect(await again.json()).toEqual({ message: addressGoneMessage })
  })
})

describe('POST /api/user/make-default-address/{id}', () => {
  it('makes it the one default, listed first', async () => {
    const caller = await bearer()
    await listOf(await addAddress(caller, { address: usAddress }))
    await listOf(await addAddress(caller, { address: canada }))
    const [, no, ca] = await listOf(await addAddress(caller, { address: norway }))
    const list = await listOf(await makeDefault(caller, ca!.id))
    expect(list.map((a) => [a.city, a.is_default])).toEqual([
      ['Ottawa', true],
      ['Lysebotn', false],
      ['Eloy', false],
    ])
    // Already the default: the same list.
    expect(await listOf(await makeDefault(caller, ca!.id))).toEqual(list)
    // Two at once (two tabs): one default all the same.
    const both = await Promise.all([makeDefault(caller, no!.id), makeDefault(caller, ca!.id)])
    for (const res of both) expect(res.status).toBe(200)
    expect(defaults(await savedOf(caller))).toHaveLength(1)
  })

  it('takes the id in any case', async () => {
    const caller = await bearer()
    await listOf(await addAddress(caller, { address: usAddress }))
    const [, no] = await listOf(await addAddress(caller, { address: norway }))
    expect(defaults(await listOf(await makeDefault(caller, no!.id.toUpperCase())))).toEqual([
      'Lysebotn',
    ])
  })
})

describe('who may change saved addresses', () => {
  /** Each change, on `id` where it names one. */
  const changes = (caller: CartCaller, id: string) =>
    Promise.all([
      addAddress(caller, { address: norway }),
      editAddress(caller, id, { address: norway }),
      deleteAddress(caller, id),
      makeDefault(caller, id),
    ])
  const changesOf = (caller: CartCaller, id: string) =>
    Promise.all([
      editAddress(caller, id, { address: norway }),
      deleteAddress(caller, id),
      makeDefault(caller, id),
    ])

  it('answers 401 with no session, or an unknown one', async () => {
    const owner = await bearer()
    const [saved] = await listOf(await addAddress(owner, { address: usAddress }))
    for (const caller of [{}, { bearer: 'not-a-real-token' }]) {
      for (const res of await changes(caller, saved!.id)) {
        expect(res.status).toBe(401)
        expect(res.headers.get('www-authenticate')).toBe('Bearer')
      }
    }
    expect(await savedOf(owner)).toEqual([saved])
  })

  it('answers 403 to a guest session (e-mail only), as the list does', async () => {
    const guest = { bearer: (await newUser({ guestSession: true })).bearer }
    expect((await call('GET', '/user/get-addresses/', guest)).status).toBe(403)
    const owner = await bearer()
    const [saved] = await listOf(await addAddress(owner, { address: usAddress }))
    for (const res of await changes(guest, saved!.id)) expect(res.status).toBe(403)
  })

  it('answers 404 for another account’s address, and leaves it alone', async () => {
    const owner = await bearer()
    const [saved] = await listOf(await addAddress(owner, { address: usAddress }))
    const stranger = await bearer()
    await listOf(await addAddress(stranger, { address: canada }))
    for (const res of await changesOf(stranger, saved!.id)) {
      expect(res.status).toBe(404)
      expect(await res.json()).toEqual({ message: addressGoneMessage })
    }
    expect(await savedOf(owner)).toEqual([saved])
    expect((await savedOf(stranger)).map((a) => a.city)).toEqual(['Ottawa'])
  })
})

describe('junk', () => {
  it('answers 404, never 500, for ids that name nothing', async () => {
    const caller = await bearer()
    await listOf(await addAddress(caller, { address: usAddress }))
    const ids = [
      'not-a-uuid',
      '00000000-0000-0000-0000-000000000000',
      '0'.repeat(128),
      'x'.repeat(129),
      '%00',
      '%E2%80%AE',
      "1'%20or%20'1'='1",
      '..%2F..%2Fuser',
    ]
    for (const id of ids) {
      for (const res of [
        await editAddress(caller, id, { address: norway }),
        await deleteAddress(caller, id),
        await makeDefault(caller, id),
      ]) {
        expect(res.status, id).toBe(404)
      }
    }
    expect((await send('POST', '/user/delete-address/', caller)).status).toBe(404)
    expect(await savedOf(caller)).toHaveLength(1)
  })

  it('answers 422, never 500, for bodies that are not an address', async () => {
    const caller = await bearer()
    const [saved] = await listOf(await addAddress(caller, { address: usAddress }))
    const bodies: unknown[] = [
      '{"address":',
      'null',
      '[]',
      '"address"',
      {},
      { address: null },
      { address: 'Eloy' },
      { address: [usAddress] },
      { address: norway, make_default: 'yes' },
      { address: { ...norway, name: { first: 'Kari' } } },
      { address: { ...norway, postal_code: 4127 } },
      { address: { ...norway, city: 'a\ud800b' } },
    ]
    for (const body of bodies) {
      for (const res of [
        await addAddress(caller, body),
        await editAddress(caller, saved!.id, body),
      ]) {
        expect(res.status, JSON.stringify(body)).toBe(422)
        expect(Object.keys(await errorsOf(res)).length).toBeGreaterThan(0)
      }
    }
    expect(await savedOf(caller)).toEqual([saved])
  })
})
