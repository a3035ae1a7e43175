import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
  RouterProvider,
} from '@tanstack/react-router'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { OrderView as WireOrderView } from '../../../../contract/orders.ts'
import type { PaymentAnswer, PaymentConfig } from '../../../../contract/payment.ts'
import { orderQuery, paymentLinkQuery } from '../../../features/orders/api.ts'
import { ConfirmationPage } from '../../../features/orders/components/confirmation-page.tsx'
import {
  linkRead,
  orderRead,
  testOrderId,
  testPaymentCode,
  wireBagOrder,
  wireLinkOrder,
  wireSuitOrder,
} from '../../../features/orders/components/test-orders.ts'
import { PayByLink, PaymentStepSlot } from './payment-step-slot.tsx'

// Which stylesheets the payment link's page brings with it (Vitest does not apply CSS).
const stylesheets = vi.hoisted(() => new Set<string>())
vi.mock('../../../features/orders/components/orders.css', () => {
  stylesheets.add('orders.css')
  return {}
})

// The order screens' stylesheet, put in the page as the browser would once the page loads it.
// Vitest runs from the project's root, in Node; the app's tsconfig has no Node types, and Vite's
// `?raw` gives a test an empty string for a stylesheet: hence fs, untyped.
const { readFileSync } = (await import(/* @vite-ignore */ 'node:fs' as string)) as {
  readFileSync: (path: string, encoding: 'utf8') => string
}
const root = (globalThis as unknown as { process: { cwd: () => string } }).process.cwd()
const ordersCss = readFileSync(`${root}/src/features/orders/components/orders.css`, 'utf8')
let styles: HTMLStyleElement | undefined

afterEach(() => {
  cleanup()
  styles?.remove()
  styles = undefined
})

const testConfig: PaymentConfig = {
  card_gateway: 'test',
  client_token: null,
  bitpay: null,
  apple_pay: false,
  online_payment: true,
  test_payments: true,
}

function paidAnswer(order: WireOrderView): PaymentAnswer {
  return {
    order_id: order.id,
    status: 'paid',
    currency: order.currency,
    total: order.total,
    paid: order.total,
    balance: 0,
    payment: {
      id: 'payment-1',
      provider: 'test',
      amount: order.balance,
      currency: order.currency,
      status: 'settled',
      message: null,
      invoice_url: null,
      created_at: '2026-11-25T09:10:00.000Z',
    },
  }
}

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { headers: { 'Content-Type': 'application/json' } })

/** An answer that never comes (the read still on its way), given up when the page leaves. */
const noAnswerYet = (request: Request) =>
  new Promise<Response>((_, reject) =>
    request.signal.addEventListener('abort', () =>
      reject(new DOMException('The page left.', 'AbortError')),
    ),
  )

type Answer = (request: Request) => Promise<Response> | Response

/** The shop's API as these screens call it: the payment config, a card payment, the order's reads. */
function stubShop(answers: { payment: Answer; order?: Answer; link?: Answer }) {
  const fetch = vi.fn(async (input: Request | URL | string, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(input, init)
    const { pathname } = new URL(request.url)
    if (pathname === '/api/payment/config') return json(testConfig)
    if (pathname.startsWith('/api/payment/braintree/')) return answers.payment(request)
    if (pathname.startsWith('/api/order/get-submitted-order/'))
      return (answers.order ?? noAnswerYet)(request)
    if (pathname.startsWith('/api/order/get-order-with-payment-link/'))
      return (answers.link ?? noAnswerYet)(request)
    return new Response('{}', { status: 404 })
  })
  vi.stubGlobal('fetch', fetch)
  return fetch
}

const newClient = () => new QueryClient({ defaultOptions: { queries: { retry: false } } })

/** Every way to pay on the screen now, and whether it says the order still waits for a payment. */
function offeredPayments(): string[] {
  const controls = [...document.body.querySelectorAll<HTMLElement>('a, button:not(:disabled)')]
    .map((control) => control.textContent ?? '')
    .filter((text) => /^Pay\b/.test(text))
  const waits = document.body.textContent?.includes('waiting for its payment')
  return waits ? [...controls, 'waiting for its payment'] : controls
}

describe('the checkout’s payment step, paid', () => {
  it('leads to a confirmation that never offers to pay, nor says the order waits for its payment', async () => {
    let answerPayment: (response: Response) => void = () => undefined
    stubShop({ payment: () => new Promise((resolve) => (answerPayment = resolve)) })
    const client = newClient()
    // The order as the payment step read it before paying (its confirmation is read again after).
    client.setQueryData(orderQuery(testOrderId).queryKey, orderRead(wireBagOrder()))
    const settled = vi.fn()
    const root = createRootRoute({ component: Outlet })
    const checkout = createRoute({
      getParentRoute: () => root,
      path: '/checkout',
      component: () => (
        <PaymentStepSlot
          order={{
            id: testOrderId,
            status: 'submitted',
            currency: 'USD',
            total: 23_395,
            paymentDueToday: true,
          }}
          settled={settled}
        />
      ),
    })
    const confirmation = createRoute({
      getParentRoute: () => root,
      path: '/orders/confirmation/$',
      component: () => <ConfirmationPage id={testOrderId} />,
    })
    const router = createRouter({
      routeTree: root.addChildren([checkout, confirmation]),
      history: createMemoryHistory({ initialEntries: ['/checkout'] }),
    })
    render(
      <QueryClientProvider client={client}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    )

    fireEvent.click(await screen.findByRole('button', { name: 'Pay $233.95 with the test card' }))
    await screen.findByText('Paying…')
    // From the payment's answer on, every change the screen goes through is looked at.
    const seen: string[] = []
    const observer = new MutationObserver(() => seen.push(...offeredPayments()))
    observer.observe(document.body, {
      subtree: true,
      childList: true,
      characterData: true,
      attributes: true,
    })
    answerPayment(json(paidAnswer(wireBagOrder())))
    await screen.findByRole('heading', { level: 1, name: 'Thank you for your order' })
    await screen.findByTestId('paid-in-full')
    observer.disconnect()

    expect(seen).toEqual([])
    expect(offeredPayments()).toEqual([])
    expect(screen.getByTestId('order-balance').textContent).toBe('$0.00')
    expect(router.state.location.pathname).toBe(`/orders/confirmation/${testOrderId}`)
    expect(settled).toHaveBeenCalledTimes(1)
  })
})

describe('the payment link’s page', () => {
  function renderLink(client: QueryClient) {
    return render(
      <QueryClientProvider client={client}>
        <PayByLink code={testPaymentCode} />
      </QueryClientProvider>,
    )
  }

  it('lists the items paid for, laid out by the order screens’ stylesheet', async () => {
    const order = wireLinkOrder(wireSuitOrder())
    stubShop({ payment: () => json(paidAnswer(wireSuitOrder())), link: () => json(order) })
    const client = newClient()
    client.setQueryData(paymentLinkQuery(testPaymentCode).queryKey, linkRead(order))
    renderLink(client)

    const paidFor = await screen.findByRole('region', { name: 'What you are paying for' })
    const items = within(paidFor).getByRole('list', { name: 'Items' })
    const item = items.firstElementChild as HTMLElement
    expect(within(item).getByRole('heading', { level: 3 }).textContent).toBe('1 × Corvid 2')
    expect(item.textContent).toContain('$2,355.00')
    expect(item.textContent).toContain('Made to measure')
    expect(item.textContent).toContain('Colours: Deep navy, Signal red')
    expect(item.textContent).toContain('Made to order.')
    expect(within(paidFor).getByTestId('order-balance').textContent).toBe('$2,355.00')

    // Its boxes are the order screens' own: the page loads their stylesheet, which lays them
    // out (no browser-default bullets; each amount on the row of its label).
    expect(stylesheets.has('orders.css')).toBe(true)
    styles = document.createElement('style')
    styles.textContent = ordersCss
    document.head.append(styles)
    // (jsdom keeps the `list-style` shorthand as it was written.)
    expect(getComputedStyle(items).getPropertyValue('list-style')).toBe('none')
    expect(getComputedStyle(items).paddingLeft).toBe('0px')
    const balanceRow = within(paidFor).getByTestId('order-balance').parentElement!
    expect(getComputedStyle(balanceRow).display).toBe('flex')
    expect(getComputedStyle(balanceRow).justifyContent).toBe('space-between')
  })

  it('paid, says nothing is left to pay, and brings that to where the customer is looking', async () => {
    const suit = wireSuitOrder()
    let paid = false
    stubShop({
      payment: () => {
        paid = true
        return json(paidAnswer(suit))
      },
      link: () =>
        json(
          wireLinkOrder(
            paid
              ? { ...suit, status: 'paid', paid: suit.total, balance: 0, payment_due: false }
              : suit,
          ),
        ),
    })
    const client = newClient()
    client.setQueryData(paymentLinkQuery(testPaymentCode).queryKey, linkRead(wireLinkOrder(suit)))
    renderLink(client)

    const pay = await screen.findByRole('button', { name: 'Pay $2,355.00 with the test card' })
    pay.focus()
    fireEvent.click(pay)
    const result = await screen.findByTestId('nothing-due')
    expect(result.getAttribute('role')).toBe('status')
    expect(result.textContent).toBe('Nothing is left to pay on this order. Thank you.')
    await waitFor(() => expect(document.activeElement).toBe(result))
    expect(offeredPayments()).toEqual([])
    expect(screen.getByTestId('order-balance').textContent).toBe('$0.00')
  })

  it('opened with nothing left to pay, says so without taking the focus', async () => {
    const paidSuit = wireSuitOrder({
      status: 'paid',
      paid: 235_500,
      balance: 0,
      payment_due: false,
    })
    stubShop({
      payment: () => json(paidAnswer(paidSuit)),
      link: () => json(wireLinkOrder(paidSuit)),
    })
    const client = newClient()
    client.setQueryData(
      paymentLinkQuery(testPaymentCode).queryKey,
      linkRead(wireLinkOrder(paidSuit)),
    )
    renderLink(client)
    await screen.findByTestId('nothing-due')
    expect(document.activeElement).toBe(document.body)
    expect(offeredPayments()).toEqual([])
  })
})
