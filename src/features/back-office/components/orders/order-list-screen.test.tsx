import { QueryClient } from '@tanstack/react-query'
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { createRootRoute, createRoute, Outlet, useNavigate } from '@tanstack/react-router'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { orderKeys } from '../../api/orders.ts'
import { renderRoutes } from '../test-kit.tsx'
import { OrderListScreen } from './order-list-screen.tsx'
import { validateOrdersSearch } from '../../order-search.ts'
import {
  bagOrderId,
  dealerId,
  pageOf,
  serve,
  suitOrderId,
  wirePage,
  wireRow,
} from './test-orders.ts'

/*
 * The order list as the owner meets it at /admin/orders: the filters go to the URL (as the route
 * validates it) and from there to the request, pages move by real links, and each row is one link
 * to the order's page. The router here has the app's two order routes, the list's search
 * validated by the route's own function.
 */

afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
})

function renderList(url = '/admin/orders', client = new QueryClient()) {
  client.setDefaultOptions({ queries: { retry: false } })
  const root = createRootRoute({ component: () => <Outlet /> })
  const list = createRoute({
    getParentRoute: () => root,
    path: '/admin/orders',
    validateSearch: validateOrdersSearch,
    component: function List() {
      const navigate = useNavigate()
      return (
        <OrderListScreen
          search={list.useSearch()}
          onSearch={(search) => navigate({ to: '/admin/$', params: { _splat: 'orders' }, search })}
        />
      )
    },
  })
  const order = createRoute({
    getParentRoute: () => root,
    path: '/admin/orders/$orderId',
    component: function Order() {
      return <h1>Order page {(order.useParams() as { orderId: string }).orderId}</h1>
    },
  })
  const { router, history } = renderRoutes(root.addChildren([list, order]), { url, client })
  return { router, history }
}

/** The dealers are not read (the filter then takes an account id); a 4xx is not asked again. */
const noDealers = [{ status: 403, body: { message: 'Not now.' } }]

/** Long enough for a loaded machine (a first render imports the screens); met, a wait ends. */
const slow = { timeout: 5000 }

/** The list's rows once drawn. */
const orderRows = () => screen.findAllByRole('link', { name: /^Order / }, slow)

const orderCalls = (sent: ReturnType<typeof serve>) =>
  sent.filter((call) => call.path === '/api/admin/orders')

describe('the order list', () => {
  it('shows each order with its number, customer, state, payment in words, money and ship-by', async () => {
    serve({ 'GET /api/admin/orders': [{ body: wirePage() }], 'GET /api/admin/dealers': noDealers })
    renderList()
    const rows = await orderRows()
    expect(rows).toHaveLength(2)
    const suit = rows[0]!
    expect(suit.textContent).toContain('Order 78FC985B')
    expect(suit.textContent).toContain('Kari Nordmann · kari@example.com')
    expect(suit.textContent).toContain('In production')
    expect(suit.textContent).toContain('Part-paid')
    expect(suit.textContent).toContain('Total $2,355.00')
    expect(suit.textContent).toContain('Balance $1,355.00')
    expect(suit.textContent).toContain('Ship by December 28, 2026')
    expect(suit.textContent).toContain('Made to order')
    expect(suit.textContent).toContain('Dealer: Fjordline Air Sports')
    expect(rows[1]!.textContent).toContain('Paid')
    expect(rows[1]!.textContent).not.toContain('Made to order')
    expect(screen.getByTestId('orders-count').textContent).toBe('2 orders.')
  })

  it('a row is one real link that opens the order’s page', async () => {
    serve({ 'GET /api/admin/orders': [{ body: wirePage() }], 'GET /api/admin/dealers': noDealers })
    const { router } = renderList()
    const row = (await orderRows())[1]!
    expect(row.getAttribute('href')).toBe(`/admin/orders/${bagOrderId}`)
    fireEvent.click(row)
    expect(
      await screen.findByRole('heading', { name: `Order page ${bagOrderId}` }, slow),
    ).toBeTruthy()
    expect(router.state.location.pathname).toBe(`/admin/orders/${bagOrderId}`)
  })

  it('sends the search and filters to the URL and the request, from page 1', async () => {
    const sent = serve({
      'GET /api/admin/orders': [
        { body: wirePage({ page: 3, total_count: 60, has_more: false }) },
        { body: wirePage({ orders: [wireRow()], total_count: 1 }) },
      ],
      'GET /api/admin/dealers': noDealers,
    })
    const { router, history } = renderList('/admin/orders?page=3')
    await orderRows()
    expect(orderCalls(sent)[0]!.query.page).toBe('3')

    fireEvent.change(screen.getByRole('searchbox', { name: 'Order number, e-mail or name' }), {
      target: { value: '  kari@example.com ' },
    })
    fireEvent.change(screen.getByLabelText('State'), { target: { value: 'in_production' } })
    fireEvent.change(screen.getByLabelText('Payment'), { target: { value: 'part_paid' } })
    fireEvent.change(screen.getByLabelText('Made to order'), { target: { value: 'true' } })
    // The dealers could not be read: the filter takes the dealer's account id.
    fireEvent.change(screen.getByLabelText('Dealer'), { target: { value: dealerId } })
    fireEvent.change(screen.getByLabelText('Submitted from'), { target: { value: '2026-11-01' } })
    fireEvent.change(screen.getByLabelText('Submitted until'), { target: { value: '2026-11-30' } })
    fireEvent.click(screen.getByRole('button', { name: 'Show orders' }))

    await waitFor(
      () => expect(screen.getByTestId('orders-count').textContent).toBe('1 order match.'),
      slow,
    )
    expect(router.state.location.search).toEqual({
      q: 'kari@example.com',
      status: 'in_production',
      payment: 'part_paid',
      made_to_order: true,
      dealer: dealerId,
      from: '2026-11-01',
      to: '2026-11-30',
    })
    expect(orderCalls(sent).at(-1)!.query).toEqual({
      q: 'kari@example.com',
      status: 'in_production',
      payment: 'part_paid',
      made_to_order: 'true',
      dealer: dealerId,
      from: '2026-11-01',
      to: '2026-11-30',
      page: '1',
      per_page: '20',
    })

    // The back button returns to the list as it was, and the form shows what the URL holds.
    history.back()
    await waitFor(() => expect(router.state.location.search).toEqual({ page: 3 }), slow)
    expect(
      (screen.getByRole('searchbox', { name: 'Order number, e-mail or name' }) as HTMLInputElement)
        .value,
    ).toBe('')
  })

  it('refuses a range that ends before it starts, under the field, and asks nothing', async () => {
    const sent = serve({
      'GET /api/admin/orders': [{ body: wirePage() }],
      'GET /api/admin/dealers': noDealers,
    })
    const { router } = renderList()
    await orderRows()
    fireEvent.change(screen.getByLabelText('Submitted from'), { target: { value: '2026-11-30' } })
    fireEvent.change(screen.getByLabelText('Submitted until'), { target: { value: '2026-11-01' } })
    fireEvent.click(screen.getByRole('button', { name: 'Show orders' }))
    const until = screen.getByLabelText('Submitted until')
    expect(until.getAttribute('aria-invalid')).toBe('true')
    expect(document.getElementById(until.getAttribute('aria-describedby')!)!.textContent).toBe(
      'The last day is on or after the first.',
    )
    expect(document.activeElement).toBe(until)
    expect(router.state.location.search).toEqual({})
    expect(orderCalls(sent)).toHaveLength(1)
  })

  it('offers the dealers by name when the shop gives them', async () => {
    const sent = serve({
      'GET /api/admin/orders': [{ body: wirePage() }],
      'GET /api/admin/dealers': [
        {
          body: {
            dealers: [
              {
                id: dealerId,
                email: 'fjordline@example.com',
                name: null,
                role: 'dealer',
                entry: {
                  slug: 'fjordline',
                  name: 'Fjordline Air Sports',
                  city: 'Bergen',
                  country: 'NO',
                  active: true,
                },
                rate_bp: 1000,
                currency: 'USD',
                customer_count: 3,
                balance: 0,
                requested_payouts: 0,
                requested_amount: 0,
              },
            ],
            directory: [],
          },
        },
      ],
    })
    const { router } = renderList()
    const dealer = await screen.findByRole('combobox', { name: 'Dealer' }, slow)
    await within(dealer).findByRole('option', { name: 'Fjordline Air Sports' }, slow)
    fireEvent.change(dealer, { target: { value: dealerId } })
    fireEvent.click(screen.getByRole('button', { name: 'Show orders' }))
    await waitFor(() => expect(router.state.location.search).toEqual({ dealer: dealerId }), slow)
    await waitFor(() => expect(orderCalls(sent).at(-1)!.query.dealer).toBe(dealerId), slow)
  })

  it('pages by links: 20 a page, the count, Next and Previous', async () => {
    const sent = serve({
      'GET /api/admin/orders': [
        { body: wirePage({ total_count: 45, has_more: true }) },
        { body: wirePage({ page: 2, total_count: 45, has_more: true }) },
      ],
      'GET /api/admin/dealers': noDealers,
    })
    const { router } = renderList('/admin/orders?status=paid')
    await orderRows()
    expect(screen.getByTestId('orders-count').textContent).toBe('45 orders match. Page 1 of 3.')
    expect(screen.queryByRole('link', { name: 'Previous page' })).toBeNull()
    const next = screen.getByRole('link', { name: 'Next page' })
    expect(next.getAttribute('href')).toBe('/admin/orders?status=paid&page=2')
    fireEvent.click(next)
    await waitFor(
      () =>
        expect(screen.getByTestId('orders-count').textContent).toBe(
          '45 orders match. Page 2 of 3.',
        ),
      slow,
    )
    expect(router.state.location.search).toEqual({ status: 'paid', page: 2 })
    expect(orderCalls(sent).at(-1)!.query).toMatchObject({
      status: 'paid',
      page: '2',
      per_page: '20',
    })
    expect(screen.getByRole('link', { name: 'Previous page' }).getAttribute('href')).toBe(
      '/admin/orders?status=paid',
    )
  })

  it('drops what the contract refuses from a mangled bookmark and lists the rest', async () => {
    const sent = serve({
      'GET /api/admin/orders': [{ body: wirePage() }],
      'GET /api/admin/dealers': noDealers,
    })
    renderList('/admin/orders?status=open&payment=part_paid&dealer=42&from=2026-02-30&page=0')
    await orderRows()
    expect(orderCalls(sent)[0]!.query).toEqual({ payment: 'part_paid', page: '1', per_page: '20' })
  })
})

describe('the order list offline', () => {
  it('shows the newest orders kept on the device, as of when they were read', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity } } })
    client.setQueryData(orderKeys.list({}), {
      data: pageOf(wirePage()),
      savedAt: Date.parse('2026-11-20T14:02:00Z'),
      fromDevice: true,
    })
    serve({ 'GET /api/admin/dealers': noDealers })
    renderList('/admin/orders', client)
    expect((await orderRows()).length).toBe(2)
    const asOf = document.querySelector('.admin-as-of')!
    expect(asOf.textContent).toContain('Offline: as of')
    expect(asOf.querySelector('time')!.getAttribute('dateTime')).toBe('2026-11-20T14:02:00.000Z')
  })

  it('a filtered list says it needs the network and leads to the saved one', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false)
    serve({ 'GET /api/admin/orders': ['no answer'], 'GET /api/admin/dealers': noDealers })
    renderList(`/admin/orders?q=${suitOrderId.slice(0, 8)}`)
    const message = await screen.findByText(
      /a search, the filters and later pages need the network/,
      {},
      slow,
    )
    expect(within(message).getByRole('link', { name: 'show them' }).getAttribute('href')).toBe(
      '/admin/orders',
    )
  })
})
