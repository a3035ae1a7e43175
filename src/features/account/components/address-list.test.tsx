import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import axe from 'axe-core'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { addressBookMessages } from '../address-book.ts'
import { SavedAddresses } from './address-list.tsx'

/** The wire's saved addresses (snake_case, as the server answers). */
const eloy = {
  id: '6f1d1c1e-0000-4000-8000-000000000001',
  name: 'Casey Customer',
  line1: '1 Drop Zone Road',
  line2: null,
  city: 'Eloy',
  region: 'AZ',
  postal_code: '85131',
  country: 'US',
  phone: '+1 520 555 0100',
  is_default: true,
}
const lysebotn = {
  id: '6f1d1c1e-0000-4000-8000-000000000002',
  name: 'Kari Nordmann',
  line1: 'Kjerag 1',
  line2: null,
  city: 'Lysebotn',
  region: null,
  postal_code: '4127',
  country: 'NO',
  phone: null,
  is_default: false,
}

interface Sent {
  method: string
  path: string
  body: unknown
  authorization: string | null
}
const sent: Sent[] = []
/** What the shop holds; changed by the routes a test gives. */
let held: unknown[] = []

type Route = (request: Sent) => Response | Promise<Response> | undefined

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } })

/** The shop: GET answers what it holds; `route` answers the changes (or the network fails). */
function shop(route: Route = () => undefined) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: Request) => {
      const text = await input.clone().text()
      const request = {
        method: input.method,
        path: new URL(input.url).pathname,
        body: text ? JSON.parse(text) : undefined,
        authorization: input.headers.get('authorization'),
      }
      sent.push(request)
      if (request.method === 'GET' && request.path === '/api/user/get-addresses/') return json(held)
      const answer = await route(request)
      if (!answer) throw new Error(`unexpected ${request.method} ${request.path}`)
      return answer
    }),
  )
}

const changes = () => sent.filter((request) => request.method !== 'GET')

function renderList() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  return render(
    <QueryClientProvider client={client}>
      <SavedAddresses />
    </QueryClientProvider>,
  )
}

const button = (name: RegExp | string) => screen.getByRole('button', { name }) as HTMLButtonElement
const field = (label: RegExp | string) =>
  screen.getByLabelText(label) as HTMLInputElement | HTMLSelectElement
const type = (label: RegExp | string, value: string) =>
  fireEvent.change(field(label), { target: { value } })

beforeEach(() => {
  sent.length = 0
  held = [eloy, lysebotn]
  document.cookie = 'authToken=session-token; Path=/'
})

afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
  vi.unstubAllGlobals()
  document.cookie = 'authToken=; Path=/; Max-Age=0'
})

describe('the saved addresses', () => {
  it('lists them, the default first, each with its own changes named by its address', async () => {
    shop()
    renderList()
    const items = await screen.findAllByRole('listitem')
    expect(items.map((item) => item.querySelector('address')?.textContent)).toEqual([
      'Casey Customer1 Drop Zone RoadEloy, AZ 85131United States+1 520 555 0100',
      'Kari NordmannKjerag 14127 LysebotnNorway',
    ])
    expect(within(items[0]!).getByText('Default address')).toBeTruthy()
    // The default has nothing to be made; the other has.
    expect(within(items[0]!).queryByRole('button', { name: /^Make default/ })).toBeNull()
    expect(within(items[1]!).getByRole('button', { name: /^Make default: Kari/ })).toBeTruthy()
    for (const item of items) {
      expect(within(item).getByRole('button', { name: /^Edit: / })).toBeTruthy()
      expect(within(item).getByRole('button', { name: /^Delete: / })).toBeTruthy()
    }
    expect(sent.map((request) => request.authorization)).toEqual(['Bearer session-token'])
  })

  it('adds one with the checkout’s fields: the shop’s list is shown and the result said, focused', async () => {
    const added = {
      ...lysebotn,
      id: '6f1d1c1e-0000-4000-8000-000000000003',
      name: 'Ola Nordmann',
      line1: 'Preikestolen 2',
      city: 'Jørpeland',
      postal_code: '4100',
      is_default: true,
    }
    shop(({ method, path }) => {
      if (method !== 'POST' || path !== '/api/user/add-address') return undefined
      held = [added, { ...eloy, is_default: false }, lysebotn]
      return json(held)
    })
    renderList()
    fireEvent.click(await screen.findByRole('button', { name: 'Add an address' }))
    const name = field('Full name of the person receiving the parcel')
    expect(document.activeElement).toBe(name)
    type('Full name of the person receiving the parcel', 'Ola Nordmann')
    type('Street address', 'Preikestolen 2')
    type('City or town', 'Jørpeland')
    type('Postal code', '4100')
    type('Country', 'NO')
    fireEvent.click(field('Make this my default address'))
    fireEvent.click(button('Save the address'))

    const status = await screen.findByText('Saved to your addresses. It is your default address.')
    expect(document.activeElement).toBe(status)
    expect(status.getAttribute('role')).toBe('status')
    expect(changes()).toEqual([
      {
        method: 'POST',
        path: '/api/user/add-address',
        authorization: 'Bearer session-token',
        body: {
          address: {
            name: 'Ola Nordmann',
            line1: 'Preikestolen 2',
            line2: '',
            city: 'Jørpeland',
            region: '',
            postal_code: '4100',
            country: 'NO',
            phone: '',
          },
          make_default: true,
        },
      },
    ])
    const items = screen.getAllByRole('listitem')
    expect(items).toHaveLength(3)
    // Said beside the new address, which the shop put first.
    expect(
      within(items[0]!).getByText('Saved to your addresses. It is your default address.'),
    ).toBe(status)
    expect(within(items[0]!).getByText('Default address')).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Save the address' })).toBeNull()
  })

  it('checks the fields first: the summary takes focus, each message under its field, nothing sent', async () => {
    shop()
    renderList()
    fireEvent.click(await screen.findByRole('button', { name: 'Add an address' }))
    type('Country', 'US')
    fireEvent.click(button('Save the address'))
    expect(document.activeElement?.getAttribute('role')).toBe('alert')
    expect(document.activeElement?.textContent).toContain('Check the fields marked below.')
    const region = field(/^State, province or region/)
    expect(region.getAttribute('aria-invalid')).toBe('true')
    expect(document.getElementById(`${region.id}-error`)?.textContent).toBe(
      'Enter the state, province or region: the post in United States needs it.',
    )
    // The summary links to each marked field.
    const links = within(document.activeElement as HTMLElement).getAllByRole('link')
    expect(links.map((link) => link.textContent)).toEqual([
      'Full name of the person receiving the parcel',
      'Street address',
      'City or town',
      'State, province or region',
      'Postal code',
    ])
    expect(changes()).toEqual([])
  })

  it('edits one: the shop’s refusal sits under its field and on top, what was typed stays', async () => {
    shop(({ method, path }) => {
      if (method !== 'PUT' || path !== `/api/user/edit-address/${lysebotn.id}`) return undefined
      return json(
        {
          message: '“41270” is not a postal code in Norway.',
          errors: { 'address.postal_code': ['“41270” is not a postal code in Norway.'] },
        },
        422,
      )
    })
    renderList()
    fireEvent.click(await screen.findByRole('button', { name: /^Edit: Kari Nordmann/ }))
    // The form holds the address as saved.
    expect(field('Street address').value).toBe('Kjerag 1')
    expect(field('Country').value).toBe('NO')
    type('Postal code', '41270')
    fireEvent.click(button('Save the address'))

    const message = await screen.findByText('“41270” is not a postal code in Norway.')
    const postal = field('Postal code')
    expect(postal.getAttribute('aria-describedby')).toContain(message.id)
    expect(postal.value).toBe('41270')
    const focused = document.activeElement as HTMLElement
    expect(focused.getAttribute('role')).toBe('alert')
    expect(focused.textContent).toContain('Check the fields marked below.')
    expect(focused.textContent).toContain('Postal code')
    expect(changes()).toHaveLength(1)
    expect(changes()[0]!.body).toEqual({
      address: {
        name: 'Kari Nordmann',
        line1: 'Kjerag 1',
        line2: '',
        city: 'Lysebotn',
        region: '',
        postal_code: '41270',
        country: 'NO',
        phone: '',
      },
    })
    // Cancel: the address as it was, and focus back on its Edit.
    fireEvent.click(button('Cancel'))
    expect(document.activeElement).toBe(button(/^Edit: Kari Nordmann/))
    expect(screen.getByText('4127 Lysebotn')).toBeTruthy()
  })

  it('asks before it deletes; keeping it changes nothing', async () => {
    shop()
    renderList()
    fireEvent.click(await screen.findByRole('button', { name: /^Delete: Casey Customer/ }))
    const question = screen.getByRole('alertdialog')
    expect(question.textContent).toContain('Delete this address from your account?')
    // Described by the address it would delete.
    expect(
      document.getElementById(question.getAttribute('aria-describedby')!)?.textContent,
    ).toContain('1 Drop Zone Road')
    const keep = within(question).getByRole('button', { name: 'Keep it' })
    expect(document.activeElement).toBe(keep)
    fireEvent.click(keep)
    expect(screen.queryByRole('alertdialog')).toBeNull()
    expect(document.activeElement).toBe(button(/^Delete: Casey Customer/))
    expect(changes()).toEqual([])
  })

  it('deletes the default: gone from the list, and the new default said above it', async () => {
    shop(({ method, path }) => {
      if (method !== 'POST' || path !== `/api/user/delete-address/${eloy.id}`) return undefined
      held = [{ ...lysebotn, is_default: true }]
      return json(held)
    })
    renderList()
    fireEvent.click(await screen.findByRole('button', { name: /^Delete: Casey Customer/ }))
    fireEvent.click(
      within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete it' }),
    )
    const status = await screen.findByText(/^Deleted Casey Customer/)
    expect(status.textContent).toBe(
      'Deleted Casey Customer, 1 Drop Zone Road, Eloy AZ 85131, US. Your default address is now Kari Nordmann, Kjerag 1, Lysebotn 4127, NO.',
    )
    expect(document.activeElement).toBe(status)
    expect(status.closest('li')).toBeNull()
    const items = screen.getAllByRole('listitem')
    expect(items).toHaveLength(1)
    expect(within(items[0]!).getByText('Default address')).toBeTruthy()
    expect(changes().map(({ method, path, body }) => [method, path, body])).toEqual([
      ['POST', `/api/user/delete-address/${eloy.id}`, undefined],
    ])
  })

  it('makes one the default, said beside it where it now stands', async () => {
    shop(({ method, path }) => {
      if (method !== 'POST' || path !== `/api/user/make-default-address/${lysebotn.id}`)
        return undefined
      held = [
        { ...lysebotn, is_default: true },
        { ...eloy, is_default: false },
      ]
      return json(held)
    })
    renderList()
    fireEvent.click(await screen.findByRole('button', { name: /^Make default: Kari Nordmann/ }))
    const status = await screen.findByText(
      'This is your default address now. The checkout fills it in.',
    )
    expect(document.activeElement).toBe(status)
    const items = screen.getAllByRole('listitem')
    expect(items[0]!.contains(status)).toBe(true)
    expect(within(items[0]!).getByText('Default address')).toBeTruthy()
    expect(within(items[1]!).getByRole('button', { name: /^Make default: Casey/ })).toBeTruthy()
  })

  it('says so when the address went meanwhile, and shows the list the shop holds', async () => {
    shop(({ path }) => {
      if (path !== `/api/user/make-default-address/${lysebotn.id}`) return undefined
      // Deleted on another device.
      held = [eloy]
      return json({ message: 'This address is not among your saved addresses.' }, 404)
    })
    renderList()
    fireEvent.click(await screen.findByRole('button', { name: /^Make default: Kari Nordmann/ }))
    await waitFor(() => expect(screen.getAllByRole('listitem')).toHaveLength(1))
    const problem = screen.getByText('This address is not among your saved addresses.')
    expect(problem.closest('[role="alert"]')).toBeTruthy()
    expect(problem.closest('li')).toBeNull()
  })
})

describe('offline', () => {
  it('says that changes need the network, and offers none', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false)
    shop()
    renderList()
    await screen.findAllByRole('listitem')
    expect(screen.getByText(addressBookMessages.offline)).toBeTruthy()
    for (const name of [/^Edit: /, /^Delete: /, /^Make default: /, 'Add an address'])
      for (const control of screen.getAllByRole('button', { name }))
        expect((control as HTMLButtonElement).disabled).toBe(true)
    expect(changes()).toEqual([])
  })

  it('never looks saved when the shop was not reached: the form keeps what was typed', async () => {
    shop(() => Promise.reject(new TypeError('Failed to fetch')))
    renderList()
    fireEvent.click(await screen.findByRole('button', { name: /^Edit: Kari Nordmann/ }))
    type('Street address', 'Kjerag 2')
    fireEvent.click(button('Save the address'))
    const problem = await screen.findByText(addressBookMessages.formNotSent)
    expect(document.activeElement?.contains(problem)).toBe(true)
    expect(field('Street address').value).toBe('Kjerag 2')
    expect(screen.queryByText('Saved.')).toBeNull()
    fireEvent.click(button('Cancel'))
    expect(screen.getByText('Kjerag 1')).toBeTruthy()
    expect(screen.queryByText('Kjerag 2')).toBeNull()
  })
})

describe('accessibility', () => {
  it('passes axe with the list, a question and a refused form showing', async () => {
    shop()
    const { container } = renderList()
    fireEvent.click(await screen.findByRole('button', { name: /^Delete: Kari Nordmann/ }))
    fireEvent.click(button('Add an address'))
    fireEvent.click(button('Save the address'))
    expect(screen.getAllByText('Enter the street address.').length).toBeGreaterThan(0)
    const results = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } })
    expect(results.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([])
  })
})
