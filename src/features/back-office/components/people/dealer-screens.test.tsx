import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { Read } from '../../../../lib/kept-orders.ts'
import { peopleKeys, type DealerDetail, type DealersList } from '../../api/people.ts'
import { DealerListScreen } from './dealer-list-screen.tsx'
import { DealerScreen } from './dealer-screen.tsx'
import {
  fakeApi,
  fresh,
  fromDevice,
  goOffline,
  invalid,
  renderScreen,
  seededClient,
  signIn,
} from '../test-kit.tsx'

const dealerId = '6f1c1d2e-0000-4000-8000-0000000000d1'
const entry = { slug: 'fjordline', name: 'Fjordline Air Sports', city: 'Bergen', country: 'NO' }

const payout = {
  id: '9a000000-0000-4000-8000-000000000001',
  amount: 10_000,
  currency: 'USD',
  notes: 'To the usual account',
  status: 'requested' as const,
  createdAt: '2026-11-20T10:00:00.000Z',
  updatedAt: '2026-11-20T10:00:00.000Z',
  paidAt: null,
}

const dealer: DealerDetail = {
  id: dealerId,
  email: 'shop@fjordline.example',
  name: 'Ola',
  role: 'dealer',
  entry: { ...entry, active: true },
  rateBp: 1000,
  currency: 'USD',
  customerCount: 1,
  balance: 12_100,
  requestedPayouts: 1,
  requestedAmount: 10_000,
  invitationPath: '/login?mode=register&dealer=FJORD-2026-INVITE',
  customers: [
    {
      id: '6f1c1d2e-0000-4000-8000-000000000001',
      email: 'kari@example.com',
      name: 'Kari Nordmann',
      linkedBy: 'invitation',
      linkedAt: '2026-11-01T10:00:00.000Z',
      orderCount: 1,
    },
  ],
  ledger: [
    {
      id: 'e-2',
      kind: 'payout_request',
      amount: -10_000,
      balanceAfter: 12_100,
      orderId: null,
      payoutId: payout.id,
      note: 'Payout requested',
      at: '2026-11-20T10:00:00.000Z',
    },
    {
      id: 'e-1',
      kind: 'accrual',
      amount: 22_100,
      balanceAfter: 22_100,
      orderId: '78fc985b-0000-4000-8000-000000000abc',
      payoutId: null,
      note: 'Order 78FC985B',
      at: '2026-11-19T10:00:00.000Z',
    },
  ],
  payouts: [payout],
  audit: [],
}

const list: DealersList = {
  dealers: [dealer],
  directory: [
    { ...entry, active: true, dealerId },
    {
      slug: 'alpine-air',
      name: 'Alpine Air',
      city: 'Interlaken',
      country: 'CH',
      active: true,
      dealerId: null,
    },
  ],
}

beforeEach(() => signIn())
const urlStatics = {
  createObjectURL: Object.getOwnPropertyDescriptor(URL, 'createObjectURL'),
  revokeObjectURL: Object.getOwnPropertyDescriptor(URL, 'revokeObjectURL'),
}

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
  for (const [name, descriptor] of Object.entries(urlStatics))
    if (descriptor) Object.defineProperty(URL, name, descriptor)
    else Reflect.deleteProperty(URL, name)
})

function renderDealer(role = 'admin', read: Read<DealerDetail> = fresh(dealer)) {
  return renderScreen(
    <DealerScreen dealerId={dealerId} role={role} />,
    seededClient([
      [peopleKeys.dealer(dealerId), read],
      [peopleKeys.dealers(), fresh(list)],
    ]),
  )
}

const dialog = () => screen.findByRole('alertdialog')

/**
 * The shop as a dealer's page meets it: the list (asked again after each action, its figures
 * having changed) from `list`, every other call from `answer`.
 */
function fakeShop(answer: Parameters<typeof fakeApi>[0]) {
  const calls = fakeApi((call) =>
    call.method === 'GET' && call.path === '/api/admin/dealers' ? { json: list } : answer,
  )
  return { calls, actions: () => calls.filter((call) => call.path !== '/api/admin/dealers') }
}

describe('the dealer list', () => {
  it('lists each dealer with its rate, balance and waiting payouts, and the free entries', async () => {
    renderScreen(<DealerListScreen />, seededClient([[peopleKeys.dealers(), fresh(list)]]))
    const link = await screen.findByRole('link', { name: 'Fjordline Air Sports' })
    expect(link.getAttribute('href')).toBe(`/admin/dealers/${dealerId}`)
    const card = link.closest('li')!
    expect(within(card).getByText('10 %')).toBeTruthy()
    expect(within(card).getByText('$121.00')).toBeTruthy()
    expect(within(card).getByText('1, $100.00')).toBeTruthy()
    expect(screen.getByText('Alpine Air, Interlaken, CH')).toBeTruthy()
  })
})

describe('the rate', () => {
  it('asks with the old and the new rate, then sends basis points', async () => {
    const { actions } = fakeShop({ json: { ...dealer, rateBp: 1250 } })
    renderDealer()
    fireEvent.change(await screen.findByLabelText('New rate (%)'), { target: { value: '12,5' } })
    fireEvent.click(screen.getByRole('button', { name: 'Change the rate…' }))

    const asking = await dialog()
    expect(asking.textContent).toMatch(/goes from 10 % to 12\.5 % of each order paid/)
    expect(actions()).toHaveLength(0)
    fireEvent.click(within(asking).getByRole('button', { name: 'Change to 12.5 %' }))

    const done = await screen.findByText('The rate is now 12.5 %.')
    expect(actions()).toEqual([
      expect.objectContaining({
        method: 'POST',
        path: `/api/admin/dealers/${dealerId}/rate`,
        body: { rate_bp: 1250 },
      }),
    ])
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull())
    await waitFor(() => expect(document.activeElement).toBe(done))
    expect(screen.getByText('12.5 % of each order paid, less shipping.')).toBeTruthy()
  })

  it('refuses what is not a rate before asking, and sends nothing', async () => {
    const calls = fakeApi({ json: dealer })
    renderDealer()
    const field = await screen.findByLabelText('New rate (%)')
    fireEvent.change(field, { target: { value: '60' } })
    fireEvent.click(screen.getByRole('button', { name: 'Change the rate…' }))
    expect(await screen.findByText(/from 0 to 50, with at most two decimals/)).toBeTruthy()
    expect(field.getAttribute('aria-invalid')).toBe('true')
    expect(screen.queryByRole('alertdialog')).toBeNull()
    expect(calls).toHaveLength(0)
  })

  it('is not offered to staff', async () => {
    renderDealer('staff')
    expect(await screen.findByText('Only an admin can change a dealer’s rate.')).toBeTruthy()
    expect(screen.queryByLabelText('New rate (%)')).toBeNull()
  })
})

describe('payouts', () => {
  it('marks a payout paid after a dialog that says the amount', async () => {
    const { actions } = fakeShop({
      json: {
        ...dealer,
        requestedPayouts: 0,
        requestedAmount: 0,
        payouts: [{ ...payout, status: 'paid', paidAt: '2026-11-30T12:00:00.000Z' }],
      },
    })
    renderDealer('staff')
    fireEvent.click(await screen.findByRole('button', { name: 'Mark paid $100.00' }))
    const asking = await dialog()
    expect(asking.textContent).toMatch(/paid \$100\.00 to Fjordline Air Sports/)
    expect(actions()).toHaveLength(0)
    fireEvent.click(within(asking).getByRole('button', { name: 'Mark paid' }))

    expect(await screen.findByText('The payout of $100.00 is marked paid.')).toBeTruthy()
    expect(actions()).toEqual([
      expect.objectContaining({
        method: 'POST',
        path: `/api/admin/payouts/${payout.id}/mark-paid`,
      }),
    ])
    expect(screen.queryByRole('button', { name: /Mark paid/ })).toBeNull()
  })
})

describe('customers', () => {
  it('links a customer by e-mail and unlinks one, each announced', async () => {
    const ida = {
      id: '6f1c1d2e-0000-4000-8000-000000000002',
      email: 'ida@example.com',
      name: null,
      linkedBy: 'admin' as const,
      linkedAt: '2026-11-30T12:00:00.000Z',
      orderCount: 0,
    }
    const { actions } = fakeShop((call) =>
      call.path.endsWith('/unlink')
        ? { json: { ...dealer, customers: [ida] } }
        : { json: { ...dealer, customers: [...dealer.customers, ida] } },
    )
    renderDealer('staff')
    fireEvent.change(await screen.findByLabelText('Link a customer by e-mail'), {
      target: { value: 'ida@example.com' },
    })
    fireEvent.click(screen.getByRole('button', { name: 'Link customer' }))
    await screen.findByText('ida@example.com is now this dealer’s customer.')
    expect(actions().at(-1)).toMatchObject({
      path: `/api/admin/dealers/${dealerId}/customers`,
      body: { email: 'ida@example.com' },
    })
    expect(screen.getByRole('link', { name: 'ida@example.com' })).toBeTruthy()

    fireEvent.click(screen.getByRole('button', { name: 'Unlink kari@example.com' }))
    const done = await screen.findByText('kari@example.com is no longer this dealer’s customer.')
    expect(actions().at(-1)).toMatchObject({
      method: 'POST',
      path: `/api/admin/dealers/${dealerId}/customers/${dealer.customers[0]!.id}/unlink`,
    })
    await waitFor(() => expect(document.activeElement).toBe(done))
    expect(screen.queryByRole('link', { name: 'Kari Nordmann' })).toBeNull()
  })

  it('shows the server’s refusal under the e-mail field', async () => {
    fakeApi(invalid({ email: ['No account has the address nobody@example.com.'] }))
    renderDealer()
    const field = await screen.findByLabelText('Link a customer by e-mail')
    fireEvent.change(field, { target: { value: 'nobody@example.com' } })
    fireEvent.click(screen.getByRole('button', { name: 'Link customer' }))
    expect(await screen.findByText('No account has the address nobody@example.com.')).toBeTruthy()
    expect(field.getAttribute('aria-invalid')).toBe('true')
  })
})

describe('the ledger', () => {
  it('lists its entries with the balance, and downloads its CSV with the bearer token', async () => {
    const calls = fakeApi({ text: 'date,kind,amount\n' })
    const saved: { name: string; href: string }[] = []
    // jsdom makes no object URLs: the page's own, for the length of the test.
    const made = Object.assign(
      vi.fn(() => 'blob:ledger'),
      {},
    )
    Object.defineProperty(URL, 'createObjectURL', { value: made, configurable: true })
    Object.defineProperty(URL, 'revokeObjectURL', { value: vi.fn(), configurable: true })
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      saved.push({ name: this.download, href: this.href })
    })
    renderDealer('staff')
    const table = (await screen.findByRole('table', { name: /Ledger entries/ })) as HTMLTableElement
    expect(within(table).getByRole('link', { name: 'Order 78FC985B' }).getAttribute('href')).toBe(
      '/admin/orders/78fc985b-0000-4000-8000-000000000abc',
    )
    expect(within(table).getByText('-$100.00')).toBeTruthy()

    fireEvent.click(screen.getByRole('button', { name: 'Download the ledger (CSV)' }))
    await screen.findByText('The ledger is saved as commission-fjordline.csv.')
    expect(calls[0]).toMatchObject({
      method: 'GET',
      path: `/api/admin/dealers/${dealerId}/ledger.csv`,
      authorization: 'Bearer admin-token',
    })
    expect(saved).toEqual([{ name: 'commission-fjordline.csv', href: 'blob:ledger' }])
  })
})

describe('offline', () => {
  it('shows the kept dealer as of when, with every action needing the network', async () => {
    const calls = fakeApi('no answer')
    goOffline()
    renderDealer('admin', fromDevice(dealer))
    expect((await screen.findByText(/as of/)).closest('p')?.textContent).toMatch(/^Offline: as of/)
    for (const name of [
      'Change the rate…',
      'Mark paid $100.00',
      'Link customer',
      'Unlink kari@example.com',
      'Download the ledger (CSV)',
    ]) {
      const button = screen.getByRole('button', { name }) as HTMLButtonElement
      expect(button.disabled, name).toBe(true)
      expect(document.getElementById(button.getAttribute('aria-describedby')!)?.textContent).toBe(
        'Needs the network',
      )
    }
    expect(calls).toHaveLength(0)
  })

  it('says a failed action was not done, and changes nothing on the screen', async () => {
    fakeApi('no answer')
    renderDealer('staff')
    fireEvent.click(await screen.findByRole('button', { name: 'Mark paid $100.00' }))
    const asking = await dialog()
    fireEvent.click(within(asking).getByRole('button', { name: 'Mark paid' }))
    expect((await within(asking).findByRole('alert')).textContent).toMatch(
      /^Not done: this needs the network/,
    )
    expect(screen.getByText(/Waiting for the shop/)).toBeTruthy()
  })
})
