import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react'
import humps from 'humps'
import type { ReactNode } from 'react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import {
  dealerKeys,
  type DealerCommission,
  type DealerCustomers,
  type DealerOrdersPage,
} from '../api.ts'
import { CommissionPanel } from './commission-panel.tsx'
import { DealerPortal } from './dealer-portal.tsx'
import { PlaceForControl } from './place-for.tsx'

/*
 * The dealer portal as a dealer on a 390 px phone meets it (issue: amounts broken mid-number, a
 * stale field message, a monospace notes box, a payout's result out of sight). jsdom lays nothing
 * out, so what would break a number or shrink a target is read from the stylesheets the page
 * loads (styles.css and dealer.css, put in the document here), through jsdom's cascade; the
 * e2e spec (tests/e2e/dealer.spec.ts) measures the real boxes at 390 px.
 */

const payout = {
  id: 'po-1',
  amount: 10_000,
  currency: 'USD',
  notes: '',
  status: 'requested',
  createdAt: '2026-11-20T10:00:00.000Z',
  updatedAt: '2026-11-20T10:00:00.000Z',
  paidAt: null,
} satisfies DealerCommission['payouts'][number]

const commission: DealerCommission = {
  currency: 'USD',
  rateBp: 1000,
  balance: 12_100,
  ledger: [
    {
      id: 'e-2',
      kind: 'payout_request',
      amount: -10_000,
      balanceAfter: 12_100,
      orderId: null,
      payoutId: 'po-1',
      note: 'Payout po-1',
      at: '2026-11-20T10:00:00.000Z',
    },
    {
      id: 'e-1',
      kind: 'accrual',
      amount: 22_100,
      balanceAfter: 22_100,
      orderId: 'order-1',
      payoutId: null,
      note: 'Order ORDER-1',
      at: '2026-11-19T10:00:00.000Z',
    },
  ],
  payouts: [payout],
}

const customers: DealerCustomers = {
  dealer: {
    slug: 'fjordline',
    name: 'Fjordline Air Sports',
    city: 'Bergen',
    country: 'NO',
    rateBp: 1000,
    currency: 'USD',
  },
  invitationPath: '/login?mode=register&dealer=FJORD-2026-INVITE',
  customers: [
    {
      id: 'c-1',
      email: 'kari@example.com',
      name: 'Kari Nordmann',
      linkedBy: 'invitation',
      linkedAt: '2026-11-01T10:00:00.000Z',
      orderCount: 1,
    },
  ],
}

const orders: DealerOrdersPage = {
  orders: [
    {
      id: 'order-1-long-id',
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
      customer: { id: 'c-1', email: 'kari@example.com', name: 'Kari Nordmann' },
      placedByDealer: true,
      commission: { amount: 22_100, state: 'accrued' },
    },
  ],
  page: 1,
  perPage: 50,
  totalCount: 1,
  hasMore: false,
}

function seededClient(): QueryClient {
  // Seeded and never stale: the screens read only what the test gives them.
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Infinity } },
  })
  client.setQueryData(dealerKeys.commission(), commission)
  client.setQueryData(dealerKeys.customers(), customers)
  client.setQueryData(dealerKeys.orders(), orders)
  return client
}

function renderSeeded(ui: ReactNode) {
  return render(<QueryClientProvider client={seededClient()}>{ui}</QueryClientProvider>)
}

type Answer = DealerCommission | { status: 422; errors: Record<string, string[]> } | 'no answer'

/**
 * The shop's API as the payout calls meet it (fetch, under the app's one HTTP client): each call
 * is answered in turn from `answers` (the last one again when they run out), and recorded.
 */
function serve(...answers: Answer[]) {
  const sent: { path: string; body: unknown; key: string | null }[] = []
  const fetch = vi.fn(async (request: Request) => {
    sent.push({
      path: new URL(request.url).pathname,
      body: await request.json(),
      key: request.headers.get('Idempotency-Key'),
    })
    const answer = answers[Math.min(sent.length, answers.length) - 1]!
    if (answer === 'no answer') throw new TypeError('fetch failed')
    if ('errors' in answer)
      return new Response(JSON.stringify({ message: 'Invalid.', errors: answer.errors }), {
        status: 422,
      })
    return new Response(JSON.stringify(humps.decamelizeKeys(answer)))
  })
  vi.stubGlobal('fetch', fetch)
  return sent
}

// The page's stylesheets, as the account page loads them. Vitest runs from the project's root, in
// Node; the app's tsconfig has no Node types (src/ runs in a browser), and Vite's `?raw` gives a
// test an empty string for a stylesheet: hence fs, untyped.
const { readFileSync } = (await import(/* @vite-ignore */ 'node:fs' as string)) as {
  readFileSync: (path: string, encoding: 'utf8') => string
}
const root = (globalThis as unknown as { process: { cwd: () => string } }).process.cwd()
const stylesheets = ['src/styles.css', 'src/features/dealer-portal/components/dealer.css']
  .map((path) => readFileSync(`${root}/${path}`, 'utf8'))
  .join('\n')

let styles: HTMLStyleElement | undefined
function withPageStyles() {
  styles = document.createElement('style')
  styles.textContent = stylesheets
  document.head.append(styles)
}

afterEach(() => {
  cleanup()
  styles?.remove()
  styles = undefined
})

/** A length as CSS pixels: `var(--x)` through the root's custom properties, rem and em at 16 px. */
function pixels(value: string): number {
  const custom = /^var\((--[\w-]+)\)$/.exec(value.trim())
  if (custom) return pixels(getComputedStyle(document.documentElement).getPropertyValue(custom[1]!))
  const length = /^([\d.]+)(px|r?em)$/.exec(value.trim())
  if (!length) return 0
  return Number(length[1]) * (length[2] === 'px' ? 1 : 16)
}

describe('amounts on a 390 px phone', () => {
  it('keeps every amount in one piece, its figures one width, and its width in a row', () => {
    withPageStyles()
    const { container } = renderSeeded(<DealerPortal />)
    const walker = document.createTreeWalker(container, NodeFilter.SHOW_TEXT)
    const amounts: Element[] = []
    for (let node = walker.nextNode(); node; node = walker.nextNode())
      if (/\$\s?\d/.test(node.textContent ?? '')) amounts.push(node.parentElement!)
    // The balance, the payout, the ledger's two amounts and two balances, an order's total and
    // commission.
    expect(amounts.length).toBe(8)
    for (const amount of amounts) {
      const text = amount.textContent ?? ''
      // The element that cannot wrap holds the amount alone: a whole sentence kept on one line
      // would run off a phone's screen instead.
      expect(text, text).toMatch(/^[+-]?\$[\d,]+\.\d\d$/)
      const style = getComputedStyle(amount)
      expect(style.whiteSpace, text).toBe('nowrap')
      expect(style.fontVariantNumeric, text).toBe('tabular-nums')
      // Beside a long title or state, the amount keeps its width and the words wrap instead.
      if (amount.parentElement?.classList.contains('dealer-row-head'))
        expect(style.getPropertyValue('flex-shrink'), text).toBe('0')
    }
  })
})

describe('touch targets', () => {
  it('makes everything to press at least 24 px high (WCAG 2.5.8), radios 24 px wide too', () => {
    withPageStyles()
    const { container } = renderSeeded(
      <>
        <DealerPortal />
        <PlaceForControl placedFor={null} online onPlaced={async () => undefined} />
      </>,
    )
    const controls = [...container.querySelectorAll('a[href], button, input, textarea, select')]
    expect(controls.length).toBeGreaterThanOrEqual(12)
    for (const control of controls) {
      const style = getComputedStyle(control)
      const name = control.outerHTML.slice(0, 80)
      const height = Math.max(pixels(style.minHeight), pixels(style.height))
      expect(height, name).toBeGreaterThanOrEqual(24)
      if (control.matches('[type=radio], [type=checkbox]'))
        expect(Math.max(pixels(style.minWidth), pixels(style.width)), name).toBeGreaterThanOrEqual(
          24,
        )
    }
  })
})

describe('the payout notes', () => {
  it('are written in the page’s font, not in monospace', () => {
    withPageStyles()
    renderSeeded(<CommissionPanel />)
    const notes = screen.getAllByLabelText('Notes for the shop (optional)')[0]!
    expect(notes.tagName).toBe('TEXTAREA')
    expect(getComputedStyle(notes).fontFamily).toBe('inherit')
  })
})

const tooMuch = {
  status: 422 as const,
  errors: { amount: ['The amount is more than your available balance ($121.00).'] },
}

afterEach(() => vi.unstubAllGlobals())

describe('the amount field’s message', () => {
  const amountField = () => screen.getByLabelText('Amount (USD)') as HTMLInputElement
  const message = () => document.getElementById('payout-new-amount-error')
  const type = (value: string) => fireEvent.change(amountField(), { target: { value } })
  const send = () => fireEvent.click(screen.getByRole('button', { name: 'Request payout' }))

  it('follows what the field holds after a press: gone when the field is emptied or fixed', () => {
    const sent = serve(commission)
    renderSeeded(<CommissionPanel />)
    type('1.234')
    send()
    expect(message()?.textContent).toBe('At most 2 decimals, such as 250.50.')
    expect(amountField().getAttribute('aria-invalid')).toBe('true')
    expect(amountField().getAttribute('aria-describedby')).toBe('payout-new-amount-error')

    type('')
    expect(message()).toBeNull()
    expect(amountField().getAttribute('aria-invalid')).toBeNull()
    expect(amountField().getAttribute('aria-describedby')).toBeNull()

    // Checked again at every change from now on, so a new mistake shows as it is typed…
    type('1.2345')
    expect(message()?.textContent).toBe('At most 2 decimals, such as 250.50.')
    type('ten')
    expect(message()?.textContent).toBe('Enter an amount such as 250 or 250.50.')
    // …and a fixed one goes.
    type('1.23')
    expect(message()).toBeNull()
    expect(sent).toEqual([])
  })

  it('is checked when the dealer leaves the field, not while the first value is typed', () => {
    serve(commission)
    renderSeeded(<CommissionPanel />)
    type('1.2')
    type('1.234')
    expect(message()).toBeNull()
    fireEvent.blur(amountField())
    expect(message()?.textContent).toBe('At most 2 decimals, such as 250.50.')
    type('1.23')
    expect(message()).toBeNull()
    // Leaving it empty is no mistake yet: only sending it empty is.
    type('')
    fireEvent.blur(amountField())
    expect(message()).toBeNull()
    send()
    expect(message()?.textContent).toBe('Enter an amount.')
    // Nothing was sent: focus goes to the field to fix, which its message describes.
    expect(document.activeElement).toBe(amountField())
  })

  it('drops the shop’s refusal once the amount is changed', async () => {
    serve(tooMuch)
    renderSeeded(<CommissionPanel />)
    type('500')
    send()
    await waitFor(() => expect(message()?.textContent).toContain('available balance'))
    expect(screen.getByRole('alert').textContent).toBe('Not sent: see why under the amount above.')
    type('50')
    expect(message()).toBeNull()
    // Nor does the result point to a reason no longer there.
    expect(screen.queryByRole('alert')).toBeNull()
  })
})

describe('a payout request’s result', () => {
  let scrolled: ReturnType<typeof vi.fn>
  beforeEach(() => {
    // jsdom has no scrollIntoView: the screen must work without it, and use it where it exists.
    scrolled = vi.fn()
    Element.prototype.scrollIntoView = scrolled as unknown as Element['scrollIntoView']
  })
  afterEach(() => {
    delete (Element.prototype as Partial<Element>).scrollIntoView
  })

  const request = (amount: string) => {
    fireEvent.change(screen.getByLabelText('Amount (USD)'), { target: { value: amount } })
    fireEvent.click(screen.getByRole('button', { name: 'Request payout' }))
  }

  it('when sent, is a status the dealer’s focus lands on, scrolled into view', async () => {
    const sent = serve(commission)
    renderSeeded(<CommissionPanel />)
    request('21')
    const result = await screen.findByRole('status')
    expect(result.textContent).toBe('Sent. Your balance and ledger below show it.')
    await waitFor(() => expect(document.activeElement).toBe(result))
    expect(result.tabIndex).toBe(-1)
    expect(scrolled).toHaveBeenCalledWith({ block: 'nearest' })
    expect(sent).toEqual([
      {
        path: '/api/payment/commission-balance',
        body: { amount: 2_100 },
        key: expect.stringMatching(/^payout-/),
      },
    ])
  })

  it('when refused, is an alert the focus lands on, pointing to the field’s reason', async () => {
    serve(tooMuch)
    renderSeeded(<CommissionPanel />)
    request('500')
    const alert = await screen.findByRole('alert')
    expect(alert.textContent).toBe('Not sent: see why under the amount above.')
    await waitFor(() => expect(document.activeElement).toBe(alert))
    expect(document.getElementById('payout-new-amount-error')?.textContent).toBe(
      tooMuch.errors.amount[0],
    )
  })

  it('with no answer (offline), is an alert the focus lands on; pressed again, the same key', async () => {
    const sent = serve('no answer', commission)
    renderSeeded(<CommissionPanel />)
    request('21')
    const alert = await screen.findByRole('alert')
    expect(alert.textContent).toContain('offline')
    await waitFor(() => expect(document.activeElement).toBe(alert))
    fireEvent.click(screen.getByRole('button', { name: 'Request payout' }))
    const result = await screen.findByRole('status')
    await waitFor(() => expect(document.activeElement).toBe(result))
    expect(screen.queryByRole('alert')).toBeNull()
    expect(sent).toHaveLength(2)
    expect(sent[1]!.key).toBe(sent[0]!.key)
  })

  it('stays in sight when a request for the whole balance leaves no form', async () => {
    serve({ ...commission, balance: 0 })
    renderSeeded(<CommissionPanel />)
    request('121')
    const result = await screen.findByRole('status')
    expect(screen.queryByLabelText('Amount (USD)')).toBeNull()
    expect(result.textContent).toContain('Sent.')
    await waitFor(() => expect(document.activeElement).toBe(result))
  })

  it('of a change, stays in sight and focused when the change’s form closes', async () => {
    const sent = serve(commission)
    renderSeeded(<CommissionPanel />)
    fireEvent.click(screen.getByRole('button', { name: 'Change this request' }))
    const amount = document.getElementById('payout-po-1-amount') as HTMLInputElement
    expect(amount.value).toBe('100.00')
    expect(document.activeElement).toBe(amount)
    fireEvent.change(amount, { target: { value: '11' } })
    fireEvent.click(screen.getByRole('button', { name: 'Save the change' }))
    const result = await screen.findByRole('status')
    expect(result.textContent).toBe('Saved. Your balance and ledger show the change.')
    expect(document.getElementById('payout-po-1-amount')).toBeNull()
    await waitFor(() => expect(document.activeElement).toBe(result))
    expect(sent.map(({ path, body }) => ({ path, body }))).toEqual([
      { path: '/api/payment/commission-balance/po-1', body: { amount: 1_100 } },
    ])
  })

  it('is not made up when a change is dropped: focus goes back to the button that opened it', () => {
    const sent = serve(commission)
    renderSeeded(<CommissionPanel />)
    fireEvent.click(screen.getByRole('button', { name: 'Change this request' }))
    fireEvent.click(screen.getByRole('button', { name: 'Keep it as it is' }))
    expect(document.getElementById('payout-po-1-amount')).toBeNull()
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Change this request' }))
    expect(screen.queryByRole('status')).toBeNull()
    expect(sent).toEqual([])
  })
})
