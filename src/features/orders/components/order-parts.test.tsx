import { cleanup, render, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { ApiError, NetworkError } from '../../../lib/api-client.ts'
import { NotKeptError } from '../api.ts'
import { OrderAmounts, OrderLines, ReadProblem } from './order-parts.tsx'
import { linkRead, orderRead, wireBagOrder, wireLinkOrder, wireSuitOrder } from './test-orders.ts'

afterEach(cleanup)

describe('ReadProblem through a payment link', () => {
  const link = { offline: 'You are offline: paying needs a connection.' }

  it('says what the screen needed the network for', () => {
    render(<ReadProblem error={new NetworkError(new TypeError())} what="the order" link={link} />)
    expect(screen.getByRole('alert').textContent).toBe(link.offline)
  })

  it('says a link that leads nowhere may not have been copied whole', () => {
    render(<ReadProblem error={new ApiError(404, {})} what="the order" link={link} />)
    expect(screen.getByRole('alert').textContent).toBe(
      'This link does not lead to an order. Check that it was copied whole.',
    )
  })

  it('asks to try again for any other failure', () => {
    render(<ReadProblem error={new ApiError(500, {})} what="the order" link={link} />)
    expect(screen.getByRole('alert').textContent).toBe(
      'The order could not be loaded. Try again in a moment.',
    )
  })
})

describe('ReadProblem of a signed-in order', () => {
  it('offline, says the device has not saved it yet', () => {
    render(<ReadProblem error={new NotKeptError()} what="this order" />)
    expect(screen.getByRole('status').textContent).toMatch(
      /^You are offline, and this device has not saved this order yet\./,
    )
  })

  it('asks to try again when the network failed on a read not kept offline', () => {
    render(<ReadProblem error={new NetworkError(new TypeError())} what="your orders" />)
    expect(screen.getByRole('alert').textContent).toBe(
      'Your orders could not be loaded. Try again in a moment.',
    )
  })
})

describe('OrderLines of the payment link', () => {
  it('lists each item paid for: quantity and name, line price, variant and options, made to order', () => {
    const wire = wireSuitOrder()
    const line = wire.lines[0]!
    wire.lines = [{ ...line, qty: 2, line_amount: 2 * line.unit_amount }]
    const order = linkRead(wireLinkOrder(wire))
    render(<OrderLines lines={order.lines} currency={order.currency} />)
    const item = screen.getByRole('list', { name: 'Items' }).firstElementChild
    expect(within(item as HTMLElement).getByRole('heading', { level: 3 }).textContent).toBe(
      '2 × Corvid 2',
    )
    expect(item!.textContent).toContain('$4,710.00')
    expect(item!.textContent).toContain('Made to measure')
    expect(item!.textContent).toContain('Colours: Deep navy, Signal red')
    expect(item!.textContent).toContain('$2,355.00 each')
    expect(item!.textContent).toContain('Made to order.')
    // The link's view has no production times: none is made up.
    expect(screen.queryByTestId('production-time')).toBeNull()
  })
})

describe('OrderLines of a submitted order', () => {
  it('says when each item ships in the product page’s words, without the category’s remark', () => {
    const wire = wireSuitOrder()
    const suit = wire.lines[0]!
    wire.lines = [
      {
        ...suit,
        production_time: {
          ...suit.production_time!,
          note: 'Super custom designs add about a week.',
        },
      },
    ]
    const order = orderRead(wire).data
    render(<OrderLines lines={order.lines} currency={order.currency} />)
    const time = screen.getByTestId('production-time')
    expect(time.textContent).toMatch(/^Made to order: 6–8 weeks, ready between /)
    // A plain design is not told what a super custom design adds: its weeks count its own.
    expect(time.textContent).not.toContain('Super custom')
  })
})

describe('OrderAmounts', () => {
  const amounts = () =>
    within(screen.getByTestId('order-amounts'))
      .getAllByRole('definition')
      .map((value) => value.previousElementSibling?.textContent + ' ' + value.textContent)

  it('shows a part refund as its own line, and no balance to pay again', () => {
    const order = orderRead(
      wireBagOrder({ status: 'paid', paid: 23395, refunded: 5000, balance: 0, payment_due: false }),
    ).data
    render(<OrderAmounts {...order} shippingAmount={4_495} />)
    expect(amounts()).toEqual([
      'Items $189.00',
      'Shipping $44.95',
      'Total $233.95',
      'Paid $233.95',
      'Refunded −$50.00',
      'Balance $0.00',
    ])
  })

  it('has no refund line where nothing was refunded, nor on an order kept by an earlier build', () => {
    const wire = wireBagOrder({ status: 'paid', paid: 23395, balance: 0, payment_due: false })
    delete (wire as { refunded?: number }).refunded
    render(<OrderAmounts {...orderRead(wire).data} shippingAmount={4_495} />)
    expect(amounts()).not.toContain(expect.stringMatching(/^Refunded/))
    expect(screen.getByTestId('order-balance').textContent).toBe('$0.00')
  })
})
