import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { cleanup, render, screen } from '@testing-library/react'
import {
  createMemoryHistory,
  createRootRoute,
  createRouter,
  RouterProvider,
} from '@tanstack/react-router'
import { afterEach, describe, expect, it } from 'vitest'
import type { OrderView as WireOrderView } from '../../../../contract/orders.ts'
import { orderQuery } from '../api.ts'
import { ConfirmationPage } from './confirmation-page.tsx'
import { orderRead, testOrderId, wireBagOrder, wireSuitOrder } from './test-orders.ts'

afterEach(cleanup)

/** The confirmation of an order the cache already holds (not read again: staleTime Infinity). */
async function renderConfirmation(wire: WireOrderView) {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Infinity } },
  })
  client.setQueryData(orderQuery(testOrderId).queryKey, orderRead(wire))
  const router = createRouter({
    routeTree: createRootRoute({ component: () => <ConfirmationPage id={testOrderId} /> }),
    history: createMemoryHistory({ initialEntries: [`/orders/confirmation/${testOrderId}`] }),
  })
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  )
  await screen.findByRole('heading', { name: 'What happens next' })
}

const nextSteps = () => screen.getByRole('region', { name: 'What happens next' }).textContent

describe('the confirmation says what is left to pay as the balance does', () => {
  it('a made-to-order order paid in full says so, and not that a balance will fall due', async () => {
    await renderConfirmation(
      wireSuitOrder({ status: 'paid', paid: 235_500, balance: 0, payment_due: false }),
    )
    expect(screen.getByTestId('order-balance').textContent).toBe('$0.00')
    expect(nextSteps()).not.toContain('when the balance is due')
    expect(nextSteps()).toContain('Your order is paid in full')
    expect(screen.getByTestId('paid-in-full').textContent).toBe('Paid in full.')
    expect(screen.queryByTestId('no-payment-today')).toBeNull()
  })

  it('a made-to-order order not paid yet: no payment is due today', async () => {
    await renderConfirmation(wireSuitOrder())
    expect(screen.getByTestId('no-payment-today').textContent).toBe('No payment is due today.')
    expect(nextSteps()).toContain('let you know when the balance is due')
    expect(screen.queryByRole('link', { name: /^Pay/ })).toBeNull()
  })

  it('offers to pay an open balance', async () => {
    await renderConfirmation(wireBagOrder())
    expect(nextSteps()).toContain('waiting for its payment')
    expect(screen.getByRole('link', { name: 'Pay $233.95' }).getAttribute('href')).toBe(
      `/checkout/${'c'.repeat(43)}`,
    )
  })

  it('never offers to pay a zero balance, even from a copy that says a payment is due', async () => {
    await renderConfirmation(wireBagOrder({ status: 'paid', paid: 23_395, balance: 0 }))
    expect(screen.queryByRole('link', { name: /^Pay/ })).toBeNull()
    expect(nextSteps()).not.toContain('waiting for its payment')
    expect(nextSteps()).toContain('Your order is paid')
  })
})
