import { QueryClient } from '@tanstack/react-query'
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { useState } from 'react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type {
  AdminAttention as WireAdminAttention,
  AdminDashboard as WireAdminDashboard,
} from '../../../../../contract/admin-dashboard.ts'
import { forgetKeptOrders } from '../../../../lib/kept-orders.ts'
import { renderScreen } from '../test-kit.tsx'
import { DashboardScreen } from './dashboard-screen.tsx'
import { addDays, daysBetween, type DashboardSearch } from './period.ts'

/*
 * The dashboard as the owner meets it, against the shop's answers as the wire carries them
 * (snake_case, minor units), through the app's one HTTP client and the device's kept copies
 * (fake IndexedDB). Today is fixed at Monday, Nov 30, 2026 (UTC) so that presets ask for known
 * days.
 */

const today = '2026-11-30'

type SalesRow = { orders: number; sales: number; refunded: number }
type WireDay = WireAdminDashboard['views_per_day'][number]

/** A dashboard answer for `from`…`to`: every day listed, the days given carrying figures. */
function wireDashboard(
  from: string,
  to: string,
  {
    sales = {},
    views = {},
    ...rest
  }: {
    sales?: Record<string, SalesRow>
    views?: Record<string, number>
  } & Partial<WireAdminDashboard> = {},
): WireAdminDashboard {
  const days = Array.from({ length: daysBetween(from, to) }, (_, index) => addDays(from, index))
  const perDay = days.map((day) => ({
    day,
    ...(sales[day] ?? { orders: 0, sales: 0, refunded: 0 }),
  }))
  const total = (key: keyof SalesRow) => perDay.reduce((sum, row) => sum + row[key], 0)
  const orders = total('orders')
  return {
    from,
    to,
    currency: 'USD',
    summary: {
      orders,
      sales: total('sales'),
      refunded: total('refunded'),
      average_order_value: orders === 0 ? 0 : Math.round(total('sales') / orders),
    },
    sales_per_day: perDay,
    sales_per_week: [],
    made_to_order: {
      made_to_order: { orders: 0, sales: 0 },
      in_stock: { orders, sales: total('sales') },
    },
    top_products: { by_quantity: [], by_amount: [] },
    views_per_day: perDay.map((row): WireDay => ({
      day: row.day,
      views: views[row.day] ?? 0,
      orders: row.orders,
      conversion: views[row.day] ? row.orders / views[row.day]! : null,
    })),
    ...rest,
  }
}

const novemberSales: Record<string, SalesRow> = {
  '2026-11-03': { orders: 2, sales: 123_456, refunded: 5_000 },
  '2026-11-12': { orders: 1, sales: 228_000, refunded: 0 },
}

const corvid = {
  slug: 'corvid-2',
  name: 'Corvid 2',
  family: 'wingsuits',
  quantity: 2,
  amount: 300_000,
}
const gloves = { slug: 'old-gloves', name: null, family: null, quantity: 5, amount: 25_000 }

const november = wireDashboard('2026-11-01', today, {
  sales: novemberSales,
  views: { '2026-11-03': 400, '2026-11-12': 250 },
  sales_per_week: [
    { week: '2026-10-26', orders: 0, sales: 0, refunded: 0 },
    { week: '2026-11-02', orders: 2, sales: 123_456, refunded: 5_000 },
    { week: '2026-11-09', orders: 1, sales: 228_000, refunded: 0 },
    { week: '2026-11-16', orders: 0, sales: 0, refunded: 0 },
    { week: '2026-11-23', orders: 0, sales: 0, refunded: 0 },
    { week: '2026-11-30', orders: 0, sales: 0, refunded: 0 },
  ],
  made_to_order: {
    made_to_order: { orders: 1, sales: 228_000 },
    in_stock: { orders: 2, sales: 123_456 },
  },
  top_products: { by_quantity: [gloves, corvid], by_amount: [corvid, gloves] },
})

const orderIds = {
  unpaid: '0f1e2d3c-4b5a-4968-8776-655443322110',
  unpaid2: '1a2b3c4d-0000-4000-8000-000000000002',
  bitpay: 'b17ba7a1-0000-4000-8000-000000000003',
  late: 'c0ffee00-0000-4000-8000-000000000004',
  atRisk: 'd00dfeed-0000-4000-8000-000000000005',
}

const attention: WireAdminAttention = {
  unpaid_balances: {
    count: 14,
    items: [
      {
        order_id: orderIds.unpaid,
        email: 'kari@example.com',
        status: 'partly_paid',
        currency: 'USD',
        submitted_at: '2026-11-01T10:00:00.000Z',
        total: 250_000,
        paid: 50_000,
        balance: 200_000,
        days_waiting: 29,
      },
      {
        order_id: orderIds.unpaid2,
        email: null,
        status: 'submitted',
        currency: 'EUR',
        submitted_at: '2026-11-02T10:00:00.000Z',
        total: 9_900,
        paid: 0,
        balance: 9_900,
        days_waiting: 28,
      },
    ],
  },
  unpaid_days: 14,
  pending_bitpay_invoices: {
    count: 1,
    items: [
      {
        payment_id: 'pay-1',
        order_id: orderIds.bitpay,
        email: 'ola@example.com',
        amount: 9_900,
        currency: 'USD',
        created_at: '2026-11-28T09:00:00.000Z',
        invoice_url: 'https://bitpay.com/i/abc',
      },
    ],
  },
  failed_mail: {
    count: 1,
    items: [
      {
        id: 'mail-1',
        kind: 'order-submitted',
        to: 'kari@example.com',
        subject: 'Your order 0F1E2D3C',
        attempts: 5,
        last_error: '550 mailbox unavailable',
        created_at: '2026-11-29T09:00:00.000Z',
      },
    ],
  },
  made_to_order: {
    late: [
      {
        order_id: orderIds.late,
        email: 'per@example.com',
        status: 'in_production',
        submitted_at: '2026-09-01T10:00:00.000Z',
        ship_by: '2026-11-27',
        days_left: -3,
      },
    ],
    at_risk: [
      {
        order_id: orderIds.atRisk,
        email: null,
        status: 'paid',
        submitted_at: '2026-09-30T10:00:00.000Z',
        ship_by: today,
        days_left: 0,
      },
    ],
  },
  at_risk_days: 7,
  waiting_payouts: {
    count: 1,
    items: [
      {
        id: 'po-1',
        dealer_id: 'dealer-7',
        dealer: 'Fjordline Air Sports',
        amount: 10_000,
        currency: 'USD',
        notes: 'To the usual account',
        created_at: '2026-11-20T10:00:00.000Z',
      },
    ],
  },
}

const nothingNeeded: WireAdminAttention = {
  unpaid_balances: { count: 0, items: [] },
  unpaid_days: 14,
  pending_bitpay_invoices: { count: 0, items: [] },
  failed_mail: { count: 0, items: [] },
  made_to_order: { late: [], at_risk: [] },
  at_risk_days: 7,
  waiting_payouts: { count: 0, items: [] },
}

type Answer = unknown | 'no answer'

/**
 * The shop's two calls, answered from the test's figures (or not at all: offline), each request's
 * address recorded.
 */
function serve({
  dashboard,
  needs = attention,
}: {
  dashboard: (from: string, to: string) => Answer
  needs?: Answer
}) {
  const asked: URL[] = []
  vi.stubGlobal(
    'fetch',
    vi.fn(async (request: Request) => {
      const url = new URL(request.url)
      asked.push(url)
      const answer =
        url.pathname === '/api/admin/dashboard'
          ? dashboard(url.searchParams.get('from')!, url.searchParams.get('to')!)
          : url.pathname === '/api/admin/attention'
            ? needs
            : undefined
      if (answer === 'no answer') throw new TypeError('fetch failed')
      if (answer === undefined) return new Response('{}', { status: 404 })
      return new Response(JSON.stringify(answer), {
        headers: { 'Content-Type': 'application/json' },
      })
    }),
  )
  return {
    /** The periods asked for, in order. */
    periods: () =>
      asked
        .filter((url) => url.pathname === '/api/admin/dashboard')
        .map((url) => `${url.searchParams.get('from')} ${url.searchParams.get('to')}`),
  }
}

/** The screen as the route gives it: the search in the URL, a new one put there on a change. */
function Harness({ initial }: { initial: DashboardSearch }) {
  const [search, setSearch] = useState(initial)
  return <DashboardScreen search={search} onSearchChange={setSearch} />
}

/**
 * How long a wait may take: a page of charts and tables on a machine shared with other work is
 * slower than Testing Library's second.
 */
const slow = { timeout: 10_000 }

/** The period's summary, once the figures are read. */
const summaryShown = () => screen.findByRole('region', { name: 'Summary' }, slow)

async function renderDashboard(initial: DashboardSearch = {}) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  renderScreen(<Harness initial={initial} />, client)
  await screen.findByRole('heading', { level: 1, name: 'Dashboard' }, slow)
}

/**
 * Waits for the line that announces the period shown (role="status"), read directly: a text
 * search of the whole page on every change is slow once a year of days is drawn.
 */
async function shows(text: string) {
  const status = document.querySelector('.dash-status')!
  expect(status.getAttribute('role')).toBe('status')
  await waitFor(() => expect(status.textContent).toBe(text), slow)
}

/** A chart's figure by its title, its "Show figures" opened as the owner would. */
function figureTable(title: string) {
  const figure = screen.getByRole('figure', { name: new RegExp(`^${title}`) })
  fireEvent.click(within(figure).getByText('Show figures'))
  return { figure, table: within(figure).getByRole('table') }
}

/** A table's rows as their cells' text, the row's header first. */
function rowsOf(table: HTMLElement): string[][] {
  return within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      [...row.querySelectorAll('th, td')].map((cell) => (cell.textContent ?? '').trim()),
    )
}

beforeEach(async () => {
  vi.useFakeTimers({ toFake: ['Date'] })
  vi.setSystemTime(new Date(`${today}T12:00:00Z`))
  await forgetKeptOrders()
})

afterEach(() => {
  cleanup()
  vi.useRealTimers()
})

describe('the period’s figures', { timeout: 30_000 }, () => {
  it('asks for the last 30 days unless told, and sums them up at the top', async () => {
    const shop = serve({ dashboard: () => november })
    await renderDashboard()
    const summary = await summaryShown()
    expect(shop.periods()).toEqual([`2026-11-01 ${today}`])
    expect(within(summary).getByText('Nov 1 – 30, 2026, in USD')).toBeTruthy()
    const figure = (name: string) =>
      within(summary).getByText(name, { selector: 'dt' }).nextElementSibling?.textContent
    expect(figure('Sales')).toBe('$3,514.56')
    expect(figure('Orders')).toBe('3')
    expect(figure('Average order value')).toBe('$1,171.52')
    expect(figure('Refunded')).toBe('$50.00')
  })

  it('writes each day’s sales in the table exactly as the shop answered them', async () => {
    serve({ dashboard: () => november })
    await renderDashboard()
    await summaryShown()
    const { figure, table } = figureTable('Sales per day')
    const rows = rowsOf(table)
    expect(rows).toHaveLength(30)
    expect(rows[0]).toEqual(['Sun, Nov 1, 2026', '0', '$0.00', '$0.00'])
    expect(rows[2]).toEqual(['Tue, Nov 3, 2026', '2', '$1,234.56', '$50.00'])
    expect(rows[11]).toEqual(['Thu, Nov 12, 2026', '1', '$2,280.00', '$0.00'])
    // The drawing: one column a day, and a sentence a screen reader says of it.
    const chart = within(figure).getByRole('img')
    expect(chart.getAttribute('aria-label')).toBe(
      'Columns of sales per day, Nov 1 – 30, 2026: $3,514.56 in all, the most on Thu, Nov 12, 2026 ($2,280.00).',
    )
    expect(chart.querySelectorAll('.dash-bars rect')).toHaveLength(30)
    expect(chart.getAttribute('viewBox')).toMatch(/^0 0 360 /)
  })

  it('writes the weeks, the orders, the made-to-order share, the top products and the views', async () => {
    serve({ dashboard: () => november })
    await renderDashboard()
    await summaryShown()

    expect(rowsOf(figureTable('Sales per week').table)[1]).toEqual([
      'Mon, Nov 2, 2026',
      '2',
      '$1,234.56',
      '$50.00',
    ])
    expect(rowsOf(figureTable('Orders per day').table)[2]).toEqual(['Tue, Nov 3, 2026', '2'])
    expect(rowsOf(figureTable('Made to order against in stock').table)).toEqual([
      ['Made to order', '1', '33%', '$2,280.00', '65%'],
      ['In stock', '2', '67%', '$1,234.56', '35%'],
    ])
    expect(rowsOf(figureTable('Top products by items').table)).toEqual([
      ['old-gloves (no longer in the catalog)', '5', '$250.00'],
      ['Corvid 2', '2', '$3,000.00'],
    ])
    const byAmount = figureTable('Top products by amount')
    expect(rowsOf(byAmount.table).map((row) => row[0])).toEqual([
      'Corvid 2',
      'old-gloves (no longer in the catalog)',
    ])
    expect(within(byAmount.figure).getByRole('img').textContent).toContain('$3,000.00')

    const views = figureTable('Page views and orders per day')
    expect(rowsOf(views.table)[2]).toEqual(['Tue, Nov 3, 2026', '400', '2', '0.5%'])
    expect(rowsOf(views.table)[0]).toEqual(['Sun, Nov 1, 2026', '0', '0', '–'])
    expect(views.figure.textContent).toContain(
      'Conversion (orders per page view): 0.46%, 3 orders from 650 page views.',
    )
  })

  it('says so when the period has no sales, products or views', async () => {
    serve({ dashboard: (from, to) => wireDashboard(from, to), needs: nothingNeeded })
    await renderDashboard()
    await summaryShown()
    const says = (title: string) =>
      screen.getByRole('figure', { name: new RegExp(`^${title}`) }).querySelector('.dash-empty')
        ?.textContent
    expect(says('Sales per day')).toBe('No sales in this period.')
    expect(says('Orders per day')).toBe('No orders in this period.')
    expect(says('Top products by items')).toBe('No products sold in this period.')
    expect(says('Page views and orders per day')).toBe('No page views in this period.')
    expect(screen.queryAllByRole('img')).toHaveLength(0)
    expect(await screen.findByText('Nothing needs you right now.', {}, slow)).toBeTruthy()
  })
})

describe('the period picker', { timeout: 30_000 }, () => {
  it('asks for the preset pressed, up to today', async () => {
    const sale = { orders: 1, sales: 10_000, refunded: 0 }
    const shop = serve({
      dashboard: (from, to) => wireDashboard(from, to, { sales: { [to]: sale } }),
    })
    await renderDashboard()
    await summaryShown()
    const presets = screen.getByRole('group', { name: 'Period up to today' })
    expect(
      within(presets).getByRole('button', { name: '30 days' }).getAttribute('aria-pressed'),
    ).toBe('true')

    fireEvent.click(within(presets).getByRole('button', { name: '7 days' }))
    await shows('Showing Nov 24 – 30, 2026.')
    expect(shop.periods()).toEqual([`2026-11-01 ${today}`, `2026-11-24 ${today}`])
    expect(
      within(presets).getByRole('button', { name: '7 days' }).getAttribute('aria-pressed'),
    ).toBe('true')
    expect(
      within(presets).getByRole('button', { name: '30 days' }).getAttribute('aria-pressed'),
    ).toBe('false')
    expect(rowsOf(figureTable('Sales per day').table)).toHaveLength(7)

    fireEvent.click(within(presets).getByRole('button', { name: '365 days' }))
    await shows('Showing Dec 1, 2025 – Nov 30, 2026.')
    expect(shop.periods().at(-1)).toBe(`2025-12-01 ${today}`)
    // A column a day in the sales and the orders per day (this answer has no weeks).
    expect(document.querySelectorAll('.dash-bars rect')).toHaveLength(2 * 365)
  })

  it('asks for days of the owner’s choosing, and refuses a pair the server would', async () => {
    const shop = serve({ dashboard: (from, to) => wireDashboard(from, to) })
    await renderDashboard()
    await summaryShown()
    const first = screen.getByLabelText('First day')
    const last = screen.getByLabelText('Last day')
    expect((first as HTMLInputElement).value).toBe('2026-11-01')

    fireEvent.change(first, { target: { value: '2026-10-31' } })
    fireEvent.change(last, { target: { value: '2026-10-01' } })
    fireEvent.click(screen.getByRole('button', { name: 'Show these days' }))
    expect(screen.getByRole('alert').textContent).toBe('The first day is after the last.')
    expect(first.getAttribute('aria-invalid')).toBe('true')
    expect(shop.periods()).toHaveLength(1)

    fireEvent.change(first, { target: { value: '2026-10-01' } })
    fireEvent.change(last, { target: { value: '2026-10-31' } })
    fireEvent.click(screen.getByRole('button', { name: 'Show these days' }))
    await shows('Showing Oct 1 – 31, 2026.')
    expect(shop.periods().at(-1)).toBe('2026-10-01 2026-10-31')
    expect(screen.queryByRole('alert')).toBeNull()
    // No preset is the period now.
    for (const button of within(
      screen.getByRole('group', { name: 'Period up to today' }),
    ).getAllByRole('button'))
      expect(button.getAttribute('aria-pressed')).toBe('false')
  })

  it('sends the currency the URL names, with every period', async () => {
    serve({ dashboard: (from, to) => ({ ...wireDashboard(from, to), currency: 'EUR' }) })
    await renderDashboard({ days: 90, currency: 'EUR' })
    await screen.findByText('Sep 2 – Nov 30, 2026, in EUR', {}, slow)
    const calls = (globalThis.fetch as ReturnType<typeof vi.fn>).mock.calls as [Request][]
    const asked = calls.map(([request]) => request.url)
    expect(asked.find((url) => url.includes('/api/admin/dashboard'))).toContain(
      'from=2026-09-02&to=2026-11-30&currency=EUR',
    )

    fireEvent.click(screen.getByRole('button', { name: '7 days' }))
    await screen.findByText('Nov 24 – 30, 2026, in EUR', {}, slow)
    expect((calls.at(-1)![0] as Request).url).toContain('currency=EUR')
  })
})

describe('what needs the owner', { timeout: 30_000 }, () => {
  it('links each item where the owner acts on it, and counts what the list left off', async () => {
    serve({ dashboard: () => november })
    await renderDashboard()
    const section = await screen.findByRole('region', { name: 'What needs you' }, slow)
    await within(section).findByText('19 things need you.', {}, slow)
    const group = (title: RegExp) =>
      within(section).getByRole('heading', { name: title }).parentElement!
    const hrefOf = (container: HTMLElement, name: string | RegExp) =>
      within(container).getByRole('link', { name }).getAttribute('href')

    const unpaid = group(/^Balances unpaid after 14 days/)
    expect(unpaid.querySelector('h3')?.textContent).toBe('Balances unpaid after 14 days (14)')
    expect(hrefOf(unpaid, 'Order #0F1E2D3C')).toBe(`/admin/orders/${orderIds.unpaid}`)
    expect(hrefOf(unpaid, 'Order #1A2B3C4D')).toBe(`/admin/orders/${orderIds.unpaid2}`)
    expect(unpaid.textContent).toContain('$2,000.00 of $2,500.00 unpaid, 29 days')
    expect(unpaid.textContent).toContain('€99.00 of €99.00 unpaid')
    expect(within(unpaid).getByText('12 more not listed.')).toBeTruthy()

    const late = group(/^Made-to-order orders late/)
    expect(hrefOf(late, 'Order #C0FFEE00')).toBe(`/admin/orders/${orderIds.late}`)
    expect(late.textContent).toContain('Ship by Fri, Nov 27, 2026: 3 days late')
    expect(hrefOf(late, 'Open the queue')).toBe('/admin/queue')
    const atRisk = group(/^Made-to-order orders due within 7 days/)
    expect(hrefOf(atRisk, 'Order #D00DFEED')).toBe(`/admin/orders/${orderIds.atRisk}`)
    expect(atRisk.textContent).toContain('due today')

    const bitpay = group(/^BitPay invoices pending/)
    expect(hrefOf(bitpay, 'Order #B17BA7A1')).toBe(`/admin/orders/${orderIds.bitpay}`)
    expect(hrefOf(bitpay, 'The invoice at BitPay')).toBe('https://bitpay.com/i/abc')

    const payouts = group(/^Payout requests waiting/)
    expect(hrefOf(payouts, 'Fjordline Air Sports')).toBe('/admin/dealers/dealer-7')
    expect(payouts.textContent).toContain('$100.00, asked Fri, Nov 20, 2026')

    const mail = group(/^Mail that failed/)
    expect(mail.textContent).toContain('Your order 0F1E2D3C')
    expect(mail.textContent).toContain('To kari@example.com, 5 attempts')
    expect(mail.textContent).toContain('550 mailbox unavailable')
    // A full list says no more.
    expect(within(payouts).queryByText(/more not listed/)).toBeNull()
  })
})

describe('offline', { timeout: 30_000 }, () => {
  it('opens the last dashboard read, as of when, whatever period is asked', async () => {
    serve({ dashboard: () => november })
    await renderDashboard()
    await summaryShown()
    await screen.findByText('19 things need you.', {}, slow)
    cleanup()

    serve({ dashboard: () => 'no answer', needs: 'no answer' })
    await renderDashboard({ days: 7 })
    const summary = await summaryShown()
    expect(within(summary).getByRole('status').textContent).toMatch(
      /^Offline: as of .+\. Actions need the network\.$/,
    )
    expect(within(summary).getByText(/These are the figures for Nov 1 – 30, 2026/)).toBeTruthy()
    expect(
      within(summary).getByText('Sales', { selector: 'dt' }).nextElementSibling?.textContent,
    ).toBe('$3,514.56')
    expect(rowsOf(figureTable('Sales per day').table)[2]).toEqual([
      'Tue, Nov 3, 2026',
      '2',
      '$1,234.56',
      '$50.00',
    ])
    const needs = screen.getByRole('region', { name: 'What needs you' })
    expect(await within(needs).findByText(/^Offline:/, {}, slow)).toBeTruthy()
    expect(within(needs).getByRole('link', { name: 'Order #0F1E2D3C' })).toBeTruthy()
  })

  it('says when this device has never read the dashboard', async () => {
    serve({ dashboard: () => 'no answer', needs: 'no answer' })
    await renderDashboard()
    await waitFor(() => expect(screen.getAllByRole('alert')).toHaveLength(2), slow)
    const alerts = screen.getAllByRole('alert')
    expect(alerts.map((alert) => alert.querySelector('p')?.textContent)).toEqual([
      'You are offline, and this device has not read the figures yet.',
      'You are offline, and this device has not read what needs you yet.',
    ])
    expect(screen.queryByRole('region', { name: 'Summary' })).toBeNull()
  })

  it('reads again when asked to try again', async () => {
    let online = false
    serve({ dashboard: () => (online ? november : 'no answer'), needs: nothingNeeded })
    await renderDashboard()
    const [alert] = await screen.findAllByRole('alert', {}, slow)
    online = true
    fireEvent.click(within(alert!).getByRole('button', { name: 'Try again' }))
    await summaryShown()
    expect(screen.queryByText(/^Offline:/)).toBeNull()
  })
})
