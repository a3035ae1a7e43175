import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { cleanup, render, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { OrderReview } from './order-review.tsx'
import { OrderSummary } from './order-summary.tsx'

/*
 * The review above the final button says when each line ships, in the words of the product page
 * and the cart (contract/availability.ts), from what the cart answer carries.
 */

afterEach(cleanup)

function renderReview(items: Parameters<typeof OrderReview>[0]['cart']['items']) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  render(
    <QueryClientProvider client={client}>
      <OrderReview
        cart={{ id: 'cart-1', currency: 'USD', itemCount: items.length, total: 250_000, items }}
        payNow={false}
        commitId="commit"
      />
    </QueryClientProvider>,
  )
  return within(screen.getByRole('region', { name: 'Check your order' }))
}

describe('the order review', () => {
  it('says when each line ships: in stock, made to order in its weeks, or made to order', () => {
    const review = renderReview([
      {
        id: 'l1',
        name: 'Corvid 2',
        variantName: 'Made to measure',
        qty: 1,
        linePrice: 224_000,
        availability: { inStock: false, weeksMin: 10, weeksMax: 12 },
      },
      {
        id: 'l2',
        name: 'Mission bag',
        qty: 2,
        linePrice: 22_000,
        availability: { inStock: true, weeksMin: null, weeksMax: null },
      },
      {
        id: 'l3',
        name: 'Logo T-shirt',
        variantName: 'Logo T-shirt, size XL',
        qty: 1,
        linePrice: 3_000,
        availability: { inStock: false, weeksMin: null, weeksMax: null },
      },
    ])
    expect(review.getAllByRole('listitem').map((line) => line.textContent)).toEqual([
      'Corvid 2 (Made to measure)Made to order: 10–12 weeks$2,240.00',
      'Mission bag × 2In stock: ships in 2 working days$220.00',
      'Logo T-shirt (Logo T-shirt, size XL)Made to order$30.00',
    ])
    expect(
      review.getAllByTestId('checkout-review-availability').map((line) => line.textContent),
    ).toEqual(['Made to order: 10–12 weeks', 'In stock: ships in 2 working days', 'Made to order'])
  })

  it('says nothing of a line nothing is known of (added offline, a product no longer sold)', () => {
    const review = renderReview([
      { id: 'l1', name: 'Mission bag', qty: 1, linePrice: 11_000 },
      { id: 'l2', name: 'Old suit', qty: 1, linePrice: 150_000, availability: null },
    ])
    expect(review.getAllByRole('listitem').map((line) => line.textContent)).toEqual([
      'Mission bag$110.00',
      'Old suit$1,500.00',
    ])
    expect(review.queryByTestId('checkout-review-availability')).toBeNull()
  })
})

describe('the order summary beside every step', () => {
  it('says when each line ships, as the review and the cart do', () => {
    render(
      <OrderSummary
        cart={{
          id: 'cart-1',
          currency: 'USD',
          itemCount: 2,
          total: 246_000,
          items: [
            {
              id: 'l1',
              name: 'Corvid 2',
              qty: 1,
              linePrice: 224_000,
              availability: { inStock: false, weeksMin: 10, weeksMax: 12 },
            },
            {
              id: 'l2',
              name: 'Mission bag',
              qty: 2,
              linePrice: 22_000,
              availability: { inStock: true, weeksMin: null, weeksMax: null },
            },
          ],
        }}
      />,
    )
    const summary = within(screen.getByRole('complementary', { name: 'Your order' }))
    expect(summary.getAllByRole('listitem').map((line) => line.textContent)).toEqual([
      'Corvid 2Made to order: 10–12 weeks$2,240.00',
      'Mission bag × 2In stock: ships in 2 working days$220.00',
    ])
  })
})
