import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { cleanup, render, screen } from '@testing-library/react'
import {
  createMemoryHistory,
  createRootRoute,
  createRouter,
  RouterProvider,
} from '@tanstack/react-router'
import { afterEach, describe, expect, it } from 'vitest'
import { orderQuery, type OrderView, type Read } from '../api.ts'
import { OrderPage } from './order-page.tsx'
import { orderRead, testOrderId, wireBagOrder } from './test-orders.ts'

afterEach(cleanup)

/** The order page showing a read the cache already holds (not read again: staleTime Infinity). */
async function renderOrderPage(read: Read<OrderView>) {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Infinity } },
  })
  client.setQueryData(orderQuery(testOrderId).queryKey, read)
  const router = createRouter({
    routeTree: createRootRoute({ component: () => <OrderPage id={testOrderId} /> }),
    history: createMemoryHistory({ initialEntries: [`/orders/${testOrderId}`] }),
  })
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  )
  await screen.findByTestId('order-status')
}

describe('the order page offers to pay only an open balance', () => {
  it('offline, a paid order kept on the device offers no payment', async () => {
    // The copy was kept while a payment was due; the balance it holds is 0.
    await renderOrderPage(
      orderRead(wireBagOrder({ status: 'paid', paid: 23_395, balance: 0, payment_due: true }), {
        fromDevice: true,
      }),
    )
    expect(screen.getByTestId('order-as-of').textContent).toContain('You are offline')
    expect(screen.getByTestId('order-balance').textContent).toBe('$0.00')
    expect(screen.queryByRole('link', { name: 'Pay the balance' })).toBeNull()
    expect(screen.queryByRole('region', { name: /to pay$/ })).toBeNull()
  })

  it('online, a paid order offers no payment', async () => {
    await renderOrderPage(
      orderRead(wireBagOrder({ status: 'paid', paid: 23_395, balance: 0, payment_due: true })),
    )
    expect(screen.queryByRole('link', { name: 'Pay the balance' })).toBeNull()
  })

  it('an open balance is offered, from the copy kept on the device too', async () => {
    await renderOrderPage(orderRead(wireBagOrder(), { fromDevice: true }))
    expect(screen.getByRole('region', { name: '$233.95 to pay' })).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Pay the balance' }).getAttribute('href')).toBe(
      `/checkout/${'c'.repeat(43)}`,
    )
  })
})
