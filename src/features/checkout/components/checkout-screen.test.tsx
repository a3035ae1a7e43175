import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react'
import {
  createMemoryHistory,
  createRootRoute,
  createRouter,
  RouterProvider,
} from '@tanstack/react-router'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { OutboxEntry } from '../../../../store-db/cart-outbox-model.ts'
import { db } from '../../../lib/db.ts'
import { setSignedIn } from '../../../lib/signed-in.ts'
import { waiverQuery, type Waiver } from '../api.ts'
import type { CheckoutCart } from '../model.ts'
import { CheckoutScreen, type CheckoutCartView, type SubmitOrder } from './checkout-screen.tsx'

/*
 * The checkout screen: what a tap leads to appears where the customer is looking (scrolled into
 * view, its heading focused), and each step has one title.
 */

const waiver: Waiver = {
  version: 'v3',
  date: '2026-11-01',
  title: 'Release of liability',
  html: '<p>Wingsuit flying is dangerous.</p>',
  text: 'Wingsuit flying is dangerous.',
}

const address = {
  name: 'Dana Flyer',
  line1: '1200 Skydive Lane',
  city: 'Eloy',
  region: 'AZ',
  postalCode: '85131',
  country: 'US',
}

/** A Corvid 2 sewn to order, its address given and its waiver signed: the submit step. */
const madeToOrder: CheckoutCart = {
  id: 'cart-1',
  currency: 'USD',
  itemCount: 1,
  total: 189000,
  items: [{ id: 'l1', name: 'Corvid 2', qty: 1, linePrice: 189000, variantName: 'L' }],
  isMto: true,
  shippingAddress: address,
  shipping: null,
  requireSignature: true,
  signed: true,
}

/** A bag, its address and shipping given: submit and pay. */
const bag: CheckoutCart = {
  id: 'cart-2',
  currency: 'USD',
  itemCount: 1,
  total: 10500,
  items: [{ id: 'l2', name: 'Mission bag', qty: 1, linePrice: 10500 }],
  isMto: false,
  shippingAddress: address,
  shipping: { carrier: 'ups', serviceCode: 'ground', serviceName: 'UPS Ground', amount: 2500 },
  requireSignature: false,
  signed: false,
}

/** The screen waits on IndexedDB (Dexie's live queries) and the router: slow on a busy machine. */
const slow = { timeout: 5000 }

let scrolled: Element[] = []

beforeEach(() => {
  scrolled = []
  // jsdom has no scrollIntoView: recorded, to see what was brought into view.
  Object.defineProperty(HTMLElement.prototype, 'scrollIntoView', {
    configurable: true,
    value(this: Element) {
      scrolled.push(this)
    },
  })
})

afterEach(async () => {
  cleanup()
  delete (HTMLElement.prototype as Partial<HTMLElement>).scrollIntoView
  setSignedIn('')
  await db.cartOutbox.clear()
})

/** Sent offline: the submit waits in the outbox, as the cart feature's sendSubmit leaves it. */
const submitOffline: SubmitOrder = async (request, order) => {
  const entry: OutboxEntry = {
    kind: 'submit',
    request,
    order,
    key: 'k-test-offline-submit',
    claimed: false,
    at: Date.now(),
  }
  await db.cartOutbox.add(entry)
  return { outcome: 'queued' }
}

function renderScreen(cart: CheckoutCart, submit: SubmitOrder = submitOffline) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  client.setQueryData(waiverQuery().queryKey, waiver)
  const view: CheckoutCartView = { cart, waiting: 0, known: true }
  const rootRoute = createRootRoute({
    component: () => (
      <CheckoutScreen
        view={view}
        refreshCart={async () => undefined}
        submit={submit}
        login={() => <p>The sign-in form</p>}
        savedAddresses={undefined}
        payment={() => <p>The payment form</p>}
        notices={null}
      />
    ),
  })
  const router = createRouter({
    routeTree: rootRoute,
    history: createMemoryHistory({ initialEntries: ['/checkout'] }),
  })
  return render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  )
}

describe('what a tap in the checkout leads to', { timeout: 20_000 }, () => {
  it('a made-to-order order submitted offline: "Submitted, waiting to send" in view, focused', async () => {
    setSignedIn('udana@example.com')
    renderScreen(madeToOrder)
    fireEvent.click(await screen.findByRole('button', { name: 'Submit order' }, slow))
    const heading = await screen.findByRole('heading', { name: 'Submitted, waiting to send' }, slow)
    expect(document.activeElement).toBe(heading)
    expect(scrolled).toContain(heading)
    expect(screen.getByTestId('checkout-waiting').textContent).toContain('Corvid 2')
  })

  it('"Submit and go to payment": the payment, under its heading, in view and focused', async () => {
    setSignedIn('gdana@example.com')
    const submit: SubmitOrder = async () => ({
      outcome: 'saved',
      order: {
        id: 'order-1',
        status: 'submitted',
        currency: 'USD',
        total: 13000,
        paymentDueToday: true,
      },
    })
    renderScreen(bag, submit)
    fireEvent.click(await screen.findByRole('button', { name: 'Submit and go to payment' }, slow))
    const heading = await screen.findByRole('heading', { name: 'Your order is submitted' }, slow)
    expect(document.activeElement).toBe(heading)
    expect(scrolled).toContain(heading)
    expect(screen.getByText('The payment form')).toBeTruthy()
  })

  it('going back to a step: its heading in view and focused', async () => {
    setSignedIn('gdana@example.com')
    renderScreen(bag)
    await screen.findByRole('heading', { name: 'Submit your order and pay' }, slow)
    expect(scrolled).toEqual([])
    // (jsdom's name of "Change<span> address</span>" loses the space a browser keeps.)
    fireEvent.click(screen.getByRole('button', { name: /^Change ?address$/ }))
    const heading = await screen.findByRole('heading', { name: 'Where should we send it?' }, slow)
    expect(document.activeElement).toBe(heading)
    expect(scrolled).toContain(heading)
  })

  it('the first view takes no focus', async () => {
    setSignedIn('gdana@example.com')
    renderScreen(bag)
    await screen.findByRole('heading', { name: 'Submit your order and pay' }, slow)
    expect(document.activeElement).toBe(document.body)
    expect(scrolled).toEqual([])
  })
})

describe('the steps’ titles', { timeout: 20_000 }, () => {
  it('the sign-in step has one title, its heading', async () => {
    renderScreen(bag)
    const heading = await screen.findByRole(
      'heading',
      {
        name: 'Sign in, or continue as a guest',
      },
      slow,
    )
    const steps = screen.getByRole('list', { name: 'Steps' })
    const current = steps.querySelector<HTMLElement>(':scope > li[aria-current="step"]')!
    expect(within(current).getAllByRole('heading')).toEqual([heading])
    expect(heading.tagName).toBe('H2')
    // No name above it saying the same.
    expect(within(current).queryByText('Sign in')).toBeNull()
    expect(current.textContent).toBe('Sign in, or continue as a guest' + 'The sign-in form')
  })

  it('the steps not being done keep their names, and a done one its way back', async () => {
    setSignedIn('gdana@example.com')
    renderScreen(bag)
    await screen.findByRole('heading', { name: 'Submit your order and pay' }, slow)
    const items = [
      ...screen.getByRole('list', { name: 'Steps' }).querySelectorAll<HTMLElement>(':scope > li'),
    ]
    expect(items.map((item) => item.getAttribute('aria-current'))).toEqual([
      null,
      null,
      null,
      'step',
    ])
    expect(within(items[1]!).getByRole('button', { name: /^Change ?address$/ })).toBeTruthy()
    expect(items[0]!.textContent).toContain('Sign in (done)')
  })
})
