import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { useState } from 'react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import {
  peopleKeys,
  type CustomerDetail,
  type CustomerSearch,
  type CustomersPage,
} from '../../api/people.ts'
import { CustomerListScreen } from './customer-list-screen.tsx'
import { CustomerScreen } from './customer-screen.tsx'
import {
  fakeApi,
  fakeClipboard,
  forgetClipboard,
  fresh,
  fromDevice,
  goOffline,
  invalid,
  renderScreen,
  seededClient,
  signIn,
} from '../test-kit.tsx'

const kari: CustomerDetail = {
  id: '6f1c1d2e-0000-4000-8000-000000000001',
  email: 'kari@example.com',
  name: 'Kari Nordmann',
  role: 'customer',
  createdAt: '2026-01-05T10:00:00.000Z',
  emailVerifiedAt: '2026-01-05T10:05:00.000Z',
  orderCount: 1,
  lastOrderAt: '2026-11-19T09:00:00.000Z',
  dealer: {
    id: '6f1c1d2e-0000-4000-8000-0000000000d1',
    name: 'Fjordline Air Sports',
    email: 'shop@fjordline.example',
    linkedBy: 'invitation',
    linkedAt: '2026-02-01T10:00:00.000Z',
  },
  hasPassword: true,
  liveSessions: 2,
  orders: [
    {
      id: '78fc985b-0000-4000-8000-000000000abc',
      number: '78FC985B',
      status: 'paid',
      submittedAt: '2026-11-19T09:00:00.000Z',
      items: ['1 × Corvid 2'],
      itemCount: 1,
      currency: 'USD',
      total: 221_000,
      paid: 221_000,
      refunded: 0,
      balance: 0,
      paymentDue: false,
      dealer: { id: '6f1c1d2e-0000-4000-8000-0000000000d1', name: 'Fjordline Air Sports' },
      placedBy: null,
      placedFor: null,
    },
  ],
  addresses: [
    {
      id: 'a-1',
      name: 'Kari Nordmann',
      line1: 'Bryggen 1',
      line2: null,
      city: 'Bergen',
      region: null,
      postalCode: '5003',
      country: 'NO',
      phone: null,
      isDefault: true,
    },
  ],
  dealerEntry: null,
  audit: [
    {
      id: 'au-1',
      at: '2026-11-29T10:00:00.000Z',
      actor: { id: 'ad-1', role: 'admin', email: 'owner@shop.example' },
      session: '3f2a9c1b7d4e',
      action: 'user.sign_out_everywhere',
      targetKind: 'user',
      targetId: '6f1c1d2e-0000-4000-8000-000000000001',
      details: { sessionsEnded: 2 },
    },
  ],
}

const page: CustomersPage = {
  customers: [kari],
  page: 1,
  perPage: 20,
  totalCount: 1,
  hasMore: false,
}

beforeEach(() => signIn())
afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
  forgetClipboard()
})

/** The list as its route holds it: the search in the URL, changed by the screen. */
function ListRoute({ initial = {} }: { initial?: CustomerSearch }) {
  const [search, setSearch] = useState(initial)
  return <CustomerListScreen search={search} onSearch={setSearch} />
}

describe('the customer list', () => {
  it('sends the search the owner typed and shows the accounts found, then focuses what it found', async () => {
    const calls = fakeApi((call) => ({
      json: call.search.get('q') ? page : { ...page, customers: [], totalCount: 0 },
    }))
    renderScreen(<ListRoute />)
    await screen.findByText('No account.')

    fireEvent.change(screen.getByLabelText('E-mail or name'), { target: { value: ' kari ' } })
    fireEvent.change(screen.getByLabelText('Role'), { target: { value: 'customer' } })
    fireEvent.click(screen.getByRole('button', { name: 'Search' }))

    const summary = await screen.findByText('1 account for “kari”, role Customer, newest first.')
    const searched = calls.at(-1)!
    expect(searched.path).toBe('/api/admin/customers')
    expect(searched.search.get('q')).toBe('kari')
    expect(searched.search.get('role')).toBe('customer')
    expect(searched.authorization).toBe('Bearer admin-token')
    expect(summary.getAttribute('role')).toBe('status')
    await waitFor(() => expect(document.activeElement).toBe(summary))
    const link = screen.getByRole('link', { name: 'Kari Nordmann' })
    expect(link.getAttribute('href')).toBe(`/admin/customers/${kari.id}`)
  })

  it('pages as the server says there is more', async () => {
    const calls = fakeApi((call) => ({
      json: { ...page, page: Number(call.search.get('page') ?? 1), totalCount: 41, hasMore: true },
    }))
    renderScreen(<ListRoute initial={{ q: 'a' }} />)
    await screen.findByText('41 accounts for “a”, newest first. Page 1 of 3.')
    fireEvent.click(screen.getByRole('button', { name: 'Next page' }))
    await screen.findByText('41 accounts for “a”, newest first. Page 2 of 3.')
    expect(calls.at(-1)!.search.get('page')).toBe('2')
    expect(calls.at(-1)!.search.get('q')).toBe('a')
  })

  it('shows a 422 under the search field', async () => {
    fakeApi(invalid({ q: ['A search is at most 100 characters.'] }))
    renderScreen(<ListRoute initial={{ q: 'x'.repeat(101) }} />)
    expect(await screen.findByText('A search is at most 100 characters.')).toBeTruthy()
    expect(screen.getByLabelText('E-mail or name').getAttribute('aria-invalid')).toBe('true')
  })
})

function renderCustomer(read = fresh(kari)) {
  return renderScreen(
    <CustomerScreen userId={kari.id} />,
    seededClient([[peopleKeys.customer(kari.id), read]]),
  )
}

describe('a customer’s page', () => {
  it('shows the profile, the orders linking to the order’s page, the address and the dealer', async () => {
    renderCustomer()
    expect(await screen.findByRole('heading', { level: 1, name: 'Kari Nordmann' })).toBeTruthy()
    expect(screen.getByRole('link', { name: '#78FC985B' }).getAttribute('href')).toBe(
      `/admin/orders/${kari.orders[0]!.id}`,
    )
    expect(screen.getByText('$2,210.00', { selector: 'td' })).toBeTruthy()
    expect(screen.getByText(/Bryggen 1/)).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Fjordline Air Sports' }).getAttribute('href')).toBe(
      `/admin/dealers/${kari.dealer!.id}`,
    )
    expect(screen.queryByText(/Offline/)).toBeNull()
    const audit = screen.getByRole('region', { name: 'What the back office did' })
    expect(within(audit).getByText('Signed out everywhere')).toBeTruthy()
    expect(within(audit).getByText(/by owner@shop\.example \(admin\), session/)).toBeTruthy()
    expect(within(audit).getByText('sessions ended').nextSibling?.textContent).toBe('2')
  })

  it('makes a sign-in link for the customer’s address and shows it with a copy button and its end', async () => {
    const calls = fakeApi({
      json: {
        url: 'https://shop.example/LoginFromAdmin/tok-123',
        expiresAt: '2026-11-30T14:17:00.000Z',
      },
    })
    const writeText = fakeClipboard()
    renderCustomer()
    fireEvent.click(await screen.findByRole('button', { name: 'Sign-in link' }))

    const link = (await screen.findByLabelText('Sign-in link')) as HTMLInputElement
    expect(link.value).toBe('https://shop.example/LoginFromAdmin/tok-123')
    expect(calls).toHaveLength(1)
    expect(calls[0]).toMatchObject({
      method: 'POST',
      path: '/api/admin/login-link',
      body: { email: 'kari@example.com' },
    })
    const result = link.closest('.people-result')!
    expect(result.querySelector('time')?.getAttribute('dateTime')).toBe('2026-11-30T14:17:00.000Z')
    await waitFor(() => expect(document.activeElement).toBe(result))

    fireEvent.click(screen.getByRole('button', { name: 'Copy the link' }))
    await screen.findByText('Copied.')
    expect(writeText).toHaveBeenCalledWith('https://shop.example/LoginFromAdmin/tok-123')
  })

  it('says the server’s refusal for an admin or staff account, and shows no link', async () => {
    const refusal = 'A sign-in link is not made for an admin or staff account.'
    fakeApi(invalid({ email: [refusal] }))
    renderCustomer(fresh({ ...kari, role: 'staff' }))
    fireEvent.click(await screen.findByRole('button', { name: 'Sign-in link' }))
    const alert = await screen.findByRole('alert')
    expect(alert.textContent).toBe(`Not done: ${refusal}`)
    expect(screen.queryByLabelText('Sign-in link')).toBeNull()
  })

  it('signs out everywhere only once the dialog is confirmed, then says so', async () => {
    const calls = fakeApi({ json: { ...kari, liveSessions: 0 } })
    renderCustomer()
    fireEvent.click(await screen.findByRole('button', { name: 'Sign out everywhere' }))

    const dialog = await screen.findByRole('alertdialog')
    expect(within(dialog).getByText(/ends their 2 open sessions now/)).toBeTruthy()
    expect(calls).toHaveLength(0)
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull())
    expect(calls).toHaveLength(0)

    fireEvent.click(screen.getByRole('button', { name: 'Sign out everywhere' }))
    fireEvent.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', {
        name: 'Sign out everywhere',
      }),
    )
    const done = await screen.findByText(
      'Signed out everywhere: 2 sessions ended. No session is left.',
    )
    expect(calls).toHaveLength(1)
    expect(calls[0]).toMatchObject({
      method: 'POST',
      path: `/api/admin/customers/${kari.id}/sign-out-everywhere`,
    })
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull())
    await waitFor(() => expect(document.activeElement).toBe(done))
    expect(screen.getByText('0', { selector: 'dd' })).toBeTruthy()
  })

  it('keeps the dialog open and says the action was not done when the shop refuses', async () => {
    fakeApi({ status: 403, json: { message: 'Only an admin may sign out an admin.' } })
    renderCustomer()
    fireEvent.click(await screen.findByRole('button', { name: 'Sign out everywhere' }))
    const dialog = await screen.findByRole('alertdialog')
    fireEvent.click(within(dialog).getByRole('button', { name: 'Sign out everywhere' }))
    expect((await within(dialog).findByRole('alert')).textContent).toMatch(/^Not done/)
    expect(screen.queryByText(/Signed out everywhere:/)).toBeNull()
  })
})

describe('offline', () => {
  it('shows the kept copy as of when it was read, and every action says it needs the network', async () => {
    const calls = fakeApi('no answer')
    goOffline()
    renderCustomer(fromDevice(kari))
    expect((await screen.findByText(/as of/)).closest('p')?.textContent).toMatch(/^Offline: as of/)
    for (const name of ['Sign-in link', 'Sign out everywhere']) {
      const button = screen.getByRole('button', { name }) as HTMLButtonElement
      expect(button.disabled).toBe(true)
      const hint = document.getElementById(button.getAttribute('aria-describedby')!)
      expect(hint?.textContent).toBe('Needs the network')
    }
    expect(calls).toHaveLength(0)
  })

  it('says a search needs the network', async () => {
    fakeApi('no answer')
    goOffline()
    renderScreen(<ListRoute initial={{ q: 'kari' }} />)
    expect(
      await screen.findByText(
        'Not searched: searching needs the network, and the shop did not answer.',
      ),
    ).toBeTruthy()
    expect((screen.getByRole('button', { name: 'Search' }) as HTMLButtonElement).disabled).toBe(
      true,
    )
    expect(screen.getByText('Searching needs the network.')).toBeTruthy()
  })
})
