import { QueryClient } from '@tanstack/react-query'
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { useState } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { AdminOrderDetail as WireOrderDetail } from '../../../../../contract/admin.ts'
import { orderKeys } from '../../api/orders.ts'
import { renderScreen } from '../test-kit.tsx'
import type { DocumentKind } from './order-document.tsx'
import { OrderScreen } from './order-screen.tsx'
import { detailOf, serve, suitOrderId, wireDetail } from './test-orders.ts'

/*
 * An order's page in the back office, as the owner meets it on a phone: what the order holds,
 * the actions (each shown done only once the shop answered, its result announced and focused),
 * the refund's confirmation and its Idempotency-Key, staff without refunds, offline, and the
 * printed packing slip and invoice.
 */

afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
})

const movePath = `POST /api/admin/orders/${suitOrderId}/move`
const refundPath = `POST /api/admin/orders/${suitOrderId}/refund`

function renderOrder({
  wire = wireDetail(),
  fromDevice = false,
  canRefund = true,
  print,
}: {
  wire?: WireOrderDetail
  fromDevice?: boolean
  canRefund?: boolean
  print?: DocumentKind
} = {}) {
  // Seeded and never stale: the page reads only what the test gives it.
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Infinity } },
  })
  client.setQueryData(orderKeys.detail(suitOrderId), {
    data: detailOf(wire),
    savedAt: Date.parse('2026-11-20T14:02:00Z'),
    fromDevice,
  })
  const prints: (DocumentKind | undefined)[] = []
  function Page() {
    // The route's `print` search param, as the router would keep it.
    const [kind, setKind] = useState(print)
    return (
      <OrderScreen
        orderId={suitOrderId}
        canRefund={canRefund}
        print={kind}
        onPrint={(next) => {
          prints.push(next)
          setKind(next)
        }}
      />
    )
  }
  renderScreen(<Page />, client, `/admin/orders/${suitOrderId}`)
  return { client, prints }
}

/** Long enough for a loaded machine (a first render imports the screen); met, a wait ends. */
const slow = { timeout: 5000 }

/** The actions, once drawn. */
const actionsRegion = () => screen.findByRole('region', { name: 'Actions' }, slow)

const section = (name: string) => screen.getByRole('region', { name })

describe('an order’s page', () => {
  it('shows the lines with what the customer chose, the amounts, address and notes', async () => {
    renderOrder()
    await actionsRegion()
    expect(screen.getByRole('heading', { level: 1, name: 'Order 78FC985B' })).toBeTruthy()
    const items = section('Items')
    expect(within(items).getByRole('heading', { name: '1 × Corvid 2' })).toBeTruthy()
    expect(within(items).getByRole('list', { name: 'Chosen' }).textContent).toContain(
      'Colours: Body Deep navy',
    )
    const measurements = within(items).getByRole('list', { name: 'Measurements' })
    expect(
      within(measurements)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Height: 182 cm', 'Arm span: 185 cm'])
    expect(items.textContent).toContain(
      'Made to order: 6–8 weeks, ready between December 14, 2026 and December 28, 2026.',
    )
    expect(screen.getByTestId('order-paid').textContent).toBe('$1,000.00')
    expect(screen.getByTestId('order-balance').textContent).toBe('$1,355.00')
    expect(screen.getByTestId('order-refundable').textContent).toBe('$1,000.00')
    expect(items.textContent).toContain('Discount WELCOME')
    const customer = section('Customer and shipping')
    expect(customer.textContent).toContain('kari@example.com')
    expect(customer.textContent).toContain('Stasjonsvegen 14')
    expect(customer.textContent).toContain('5700 Voss')
    expect(customer.textContent).toContain('Please add a spare zipper pull.')
    expect(customer.textContent).toContain('Fjordline Air Sports')
  })

  it('shows the payments, the history with its notes, the mail with its failures and the audit log', async () => {
    renderOrder()
    await actionsRegion()
    const payments = screen.getByTestId('order-payments')
    expect(payments.textContent).toContain('Braintree (card)')
    expect(payments.textContent).toContain('$1,000.00')
    expect(payments.textContent).toContain('Settled')
    const history = within(screen.getByTestId('order-history')).getAllByRole('listitem')
    expect(history.map((event) => event.textContent?.replace(/^.*?(AM|PM)/, ''))).toEqual([
      'Submitted',
      'Partly paid — Deposit by card',
      'In production — Cutting the panels',
    ])
    const mail = screen.getByTestId('order-mail')
    expect(mail.textContent).toContain('Your order is in production')
    expect(mail.textContent).toContain('Failed')
    expect(mail.textContent).toContain('Last failure: 550 mailbox unavailable')
    const audit = within(screen.getByTestId('order-audit')).getByRole('listitem')
    expect(audit.textContent).toContain(
      'Moved from Partly paid to In production: “Cutting the panels”',
    )
    expect(audit.textContent).toContain('workshop@glidecraft.example · staff')
    expect(audit.textContent).toContain('order.move')
    expect(audit.textContent).toContain('session 3f9a1c0d2b7e')
  })
})

describe('moving an order along', () => {
  it('offers only the next states, sends the state and the note, and shows the answer', async () => {
    const shipped = wireDetail({
      status: 'shipped',
      next_statuses: ['delivered', 'refunded'],
      history: [
        ...wireDetail().history,
        { status: 'shipped', note: '1Z999AA10123456784', at: '2026-12-01T08:00:00.000Z' },
      ],
    })
    const sent = serve({ [movePath]: [{ body: shipped }] })
    renderOrder()
    const actions = await actionsRegion()
    const choices = within(actions).getByRole('group', { name: 'Move from In production to' })
    expect(
      within(choices)
        .getAllByRole('radio')
        .map((radio) => radio.parentElement!.textContent),
    ).toEqual(['Shipped', 'Cancelled', 'Refunded'])
    fireEvent.click(within(choices).getByRole('radio', { name: 'Shipped' }))
    fireEvent.change(
      within(actions).getByLabelText('Tracking number (the customer’s mail and history show it)'),
      { target: { value: ' 1Z999AA10123456784 ' } },
    )
    fireEvent.click(within(actions).getByRole('button', { name: 'Move to Shipped' }))

    const result = await within(actions).findByText(/^Moved to Shipped\./, {}, slow)
    expect(result.getAttribute('role')).toBe('status')
    expect(result.textContent).toContain('“1Z999AA10123456784”')
    await waitFor(() => expect(document.activeElement).toBe(result), slow)
    expect(sent).toEqual([
      expect.objectContaining({
        path: `/api/admin/orders/${suitOrderId}/move`,
        body: { status: 'shipped', note: '1Z999AA10123456784' },
      }),
    ])
    // The page is the answer: the new state, its next moves and its history.
    expect(
      within(actions).getByRole('group', { name: 'Move from Shipped to' }).textContent,
    ).toContain('Delivered')
    expect(screen.getByTestId('order-history').textContent).toContain(
      'Shipped — 1Z999AA10123456784',
    )
  })

  it('a refused move says why, and the page stays as it was', async () => {
    serve({
      [movePath]: [
        {
          status: 422,
          body: {
            message: 'The waiver must be signed again first.',
            errors: { status: ['The waiver must be signed again first.'] },
          },
        },
      ],
    })
    renderOrder()
    const actions = await actionsRegion()
    fireEvent.click(within(actions).getByRole('radio', { name: 'Shipped' }))
    fireEvent.click(within(actions).getByRole('button', { name: 'Move to Shipped' }))
    const alert = await within(actions).findByRole('alert', {}, slow)
    expect(alert.textContent).toBe('Not done: The waiver must be signed again first.')
    expect(within(actions).queryByText(/^Moved to/)).toBeNull()
    expect(within(actions).getByRole('group', { name: 'Move from In production to' })).toBeTruthy()
  })
})

describe('a refund', () => {
  const refunded = wireDetail({ refunded: 25_000, refundable: 75_000 })

  it('asks for confirmation with the amount and the gateway, then sends it with a key', async () => {
    const sent = serve({ [refundPath]: [{ body: refunded }] })
    renderOrder()
    const actions = await actionsRegion()
    fireEvent.click(within(actions).getByRole('radio', { name: 'Part of it' }))
    fireEvent.change(within(actions).getByLabelText('Amount to refund (USD)'), {
      target: { value: '250' },
    })
    fireEvent.click(within(actions).getByRole('button', { name: 'Refund this amount…' }))

    const dialog = await screen.findByRole('dialog', { name: 'Refund $250.00?' }, slow)
    expect(dialog.textContent).toContain(
      '$250.00 of order 78FC985B goes back to the customer through Braintree (card).',
    )
    expect(sent).toEqual([])
    // A double tap: the second press comes before the first one's state is drawn.
    const confirm = within(dialog).getByRole('button', { name: 'Refund $250.00' })
    fireEvent.click(confirm)
    fireEvent.click(confirm)

    const result = await within(actions).findByText(/^Refunded \$250\.00\./, {}, slow)
    await waitFor(() => expect(document.activeElement).toBe(result), slow)
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(sent).toHaveLength(1)
    expect(sent[0]!.body).toEqual({ amount: 25_000 })
    expect(sent[0]!.key).toMatch(/^refund-[0-9a-f-]{36}$/)
    expect(screen.getByTestId('order-refunded').textContent).toBe('−$250.00')
  })

  it('refuses more than can be refunded before asking anything', async () => {
    const sent = serve({ [refundPath]: [{ body: refunded }] })
    renderOrder()
    const actions = await actionsRegion()
    fireEvent.click(within(actions).getByRole('radio', { name: 'Part of it' }))
    const amount = within(actions).getByLabelText('Amount to refund (USD)')
    fireEvent.change(amount, { target: { value: '1,000.01' } })
    fireEvent.click(within(actions).getByRole('button', { name: 'Refund this amount…' }))
    expect(amount.getAttribute('aria-invalid')).toBe('true')
    expect(actions.textContent).toContain('At most $1,000.00 can be refunded.')
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(sent).toEqual([])
  })

  it('a retry after a lost answer sends the same key; a new refund a new one', async () => {
    const sent = serve({ [refundPath]: ['no answer', { body: refunded }, { body: refunded }] })
    renderOrder()
    const actions = await actionsRegion()
    fireEvent.click(within(actions).getByRole('radio', { name: 'Part of it' }))
    fireEvent.change(within(actions).getByLabelText('Amount to refund (USD)'), {
      target: { value: '250.00' },
    })
    fireEvent.click(within(actions).getByRole('button', { name: 'Refund this amount…' }))
    const dialog = await screen.findByRole('dialog', {}, slow)
    fireEvent.click(within(dialog).getByRole('button', { name: 'Refund $250.00' }))

    const alert = await within(dialog).findByRole('alert', {}, slow)
    expect(alert.textContent).toContain('Not done: this needs the network')
    expect(within(actions).queryByText(/^Refunded \$/)).toBeNull()
    fireEvent.click(within(dialog).getByRole('button', { name: 'Try again: refund $250.00' }))
    await within(actions).findByText(/^Refunded \$250\.00\./, {}, slow)
    expect(sent).toHaveLength(2)
    expect(sent[1]!.key).toBe(sent[0]!.key)

    // Done: the next refund is another request, with a key of its own.
    fireEvent.click(within(actions).getByRole('radio', { name: 'Part of it' }))
    fireEvent.change(within(actions).getByLabelText('Amount to refund (USD)'), {
      target: { value: '250' },
    })
    fireEvent.click(within(actions).getByRole('button', { name: 'Refund this amount…' }))
    fireEvent.click(
      within(await screen.findByRole('dialog', {}, slow)).getByRole('button', {
        name: 'Refund $250.00',
      }),
    )
    await waitFor(() => expect(sent).toHaveLength(3), slow)
    expect(sent[2]!.key).not.toBe(sent[0]!.key)
  })

  it('staff see no refund form, only that an admin may refund', async () => {
    renderOrder({ canRefund: false })
    const actions = await actionsRegion()
    expect(actions.textContent).toContain('Only an admin may refund an order.')
    expect(within(actions).queryByRole('radio', { name: 'Part of it' })).toBeNull()
    expect(within(actions).queryByRole('button', { name: /^Refund/ })).toBeNull()
  })
})

describe('mail', () => {
  it('resends the order mail and says what was queued', async () => {
    const answer = wireDetail({
      mail: [
        ...wireDetail().mail,
        {
          id: 'mail-3',
          kind: 'order-in-production',
          to: 'kari@example.com',
          subject: 'Your order is in production',
          status: 'queued',
          attempts: 0,
          last_error: null,
          created_at: '2026-12-01T08:00:00.000Z',
          sent_at: null,
        },
      ],
    })
    const sent = serve({
      [`POST /api/admin/orders/${suitOrderId}/resend-mail`]: [{ body: answer }],
    })
    renderOrder()
    const actions = await actionsRegion()
    fireEvent.click(within(actions).getByRole('button', { name: 'Resend the order mail' }))
    const result = await within(actions).findByText(
      /^Queued: “Your order is in production” to kari@example\.com\./,
      {},
      slow,
    )
    await waitFor(() => expect(document.activeElement).toBe(result), slow)
    expect(sent.map((call) => call.path)).toEqual([`/api/admin/orders/${suitOrderId}/resend-mail`])
    expect(within(screen.getByTestId('order-mail')).getAllByRole('listitem')).toHaveLength(3)
  })

  it('offers no payment link when nothing is left to pay', async () => {
    renderOrder({ wire: wireDetail({ balance: 0, payment: 'paid', paid: 235_500 }) })
    const actions = await actionsRegion()
    expect(within(actions).queryByRole('button', { name: 'Send a new payment link' })).toBeNull()
    expect(actions.textContent).toContain('No payment link: nothing is left to pay.')
  })
})

describe('offline', () => {
  it('shows the saved copy as of when, and every action says it needs the network', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false)
    const sent = serve({})
    renderOrder({ fromDevice: true })
    await actionsRegion()
    expect(document.querySelector('.admin-as-of')!.textContent).toContain('Offline: as of')
    const actions = section('Actions')
    fireEvent.click(within(actions).getByRole('radio', { name: 'Shipped' }))
    for (const name of [
      'Move to Shipped',
      'Refund $1,000.00…',
      'Resend the order mail',
      'Send a new payment link',
    ]) {
      const button = within(actions).getByRole('button', { name }) as HTMLButtonElement
      expect(button.disabled, name).toBe(true)
      expect(
        button
          .getAttribute('aria-describedby')!
          .split(' ')
          .map((id) => document.getElementById(id)!.textContent)
          .join(' '),
        name,
      ).toContain('Needs the network')
    }
    expect(sent).toEqual([])
  })
})

describe('printing', () => {
  it('the packing slip has the address, lines and choices, and no prices', async () => {
    const print = vi.spyOn(window, 'print').mockImplementation(() => undefined)
    const { prints } = renderOrder()
    fireEvent.click(await screen.findByRole('button', { name: 'Print packing slip' }, slow))
    const slip = await screen.findByRole('article', {}, slow)
    expect(prints).toEqual(['slip'])
    await waitFor(() => expect(print).toHaveBeenCalledTimes(1), slow)
    expect(within(slip).getByRole('heading', { level: 1 }).textContent).toBe(
      'Packing slip · Order 78FC985B',
    )
    expect(slip.textContent).toContain('Glidecraft')
    expect(slip.textContent).toContain('Order date: November 2, 2026')
    expect(slip.textContent).toContain('Stasjonsvegen 14')
    expect(slip.textContent).toContain('1 × Corvid 2')
    expect(slip.textContent).toContain('Height: 182 cm')
    expect(slip.textContent).toContain('Please add a spare zipper pull.')
    expect(slip.textContent).not.toMatch(/\$\d/)
    // Only the document: no actions, no other sections.
    expect(screen.queryByRole('region', { name: 'Actions' })).toBeNull()
    expect(screen.queryByTestId('order-audit')).toBeNull()
  })

  it('the invoice has the prices, discounts, shipping, total, paid, refunded and balance', async () => {
    renderOrder({ print: 'invoice', wire: wireDetail({ refunded: 25_000, refundable: 75_000 }) })
    const invoice = await screen.findByRole('article', {}, slow)
    expect(within(invoice).getByRole('heading', { level: 1 }).textContent).toBe(
      'Invoice · Order 78FC985B',
    )
    const amounts = within(invoice).getByTestId('order-amounts')
    for (const text of [
      'Items$2,255.00',
      'Discount WELCOME Welcome discount−$50.00',
      'Shipping: UPS Ground$150.00',
      'Total$2,355.00',
      'Paid$1,000.00',
      'Refunded−$250.00',
      'Balance$1,355.00',
    ])
      expect(amounts.textContent).toContain(text)
    expect(invoice.textContent).toContain('$2,255.00')
    expect(within(invoice).queryByTestId('order-refundable')).toBeNull()
  })

  it('opened from a bookmark, the document waits for the Print button', async () => {
    const print = vi.spyOn(window, 'print').mockImplementation(() => undefined)
    const { prints } = renderOrder({ print: 'slip' })
    await screen.findByRole('article', {}, slow)
    expect(print).not.toHaveBeenCalled()
    fireEvent.click(screen.getByRole('button', { name: 'Print' }))
    expect(print).toHaveBeenCalledTimes(1)
    fireEvent.click(screen.getByRole('button', { name: 'Back to the order' }))
    expect(prints).toEqual([undefined])
    expect(await actionsRegion()).toBeTruthy()
  })
})
