import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import axe from 'axe-core'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { ValidationError } from '../../../lib/api-client.ts'
import { waiverQuery, type Waiver } from '../api.ts'
import type { CheckoutCart } from '../model.ts'
import { SubmitStep, type SubmitOrder } from './submit-step.tsx'

/*
 * The submit step: what the customer confirms right above the final button (WCAG 3.3.4), and a
 * refusal shown where they tapped, in view and focused.
 */

const waiver: Waiver = {
  version: 'v3',
  date: '2026-11-01',
  title: 'Release of liability',
  html: '<p>Wingsuit flying is dangerous.</p>',
  text: 'Wingsuit flying is dangerous.',
}

/** A bag and a suit, shipped by UPS, the suit needing the signed waiver: paid now. */
const cart: CheckoutCart = {
  id: 'cart-1',
  currency: 'USD',
  itemCount: 3,
  total: 205000,
  discountTotal: 5000,
  items: [
    { id: 'l1', name: 'Corvid 2', qty: 1, linePrice: 189000, variantName: 'M' },
    { id: 'l2', name: 'Mission bag', qty: 2, linePrice: 21000 },
  ],
  isMto: false,
  shippingAddress: {
    name: 'Dana Flyer',
    line1: '1200 Skydive Lane',
    city: 'Eloy',
    region: 'AZ',
    postalCode: '85131',
    country: 'US',
  },
  shipping: { carrier: 'ups', serviceCode: 'ground', serviceName: 'UPS Ground', amount: 2500 },
  requireSignature: true,
  signed: true,
}

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

afterEach(() => {
  cleanup()
  delete (HTMLElement.prototype as Partial<HTMLElement>).scrollIntoView
})

function renderStep({
  payNow = true,
  online = true,
  given = cart,
  submit = vi.fn<SubmitOrder>(async () => ({ outcome: 'queued' })),
  withWaiver = true,
}: {
  payNow?: boolean
  online?: boolean
  given?: CheckoutCart
  submit?: SubmitOrder
  withWaiver?: boolean
} = {}) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  if (withWaiver) client.setQueryData(waiverQuery().queryKey, waiver)
  const view = render(
    <QueryClientProvider client={client}>
      <SubmitStep
        payNow={payNow}
        notes=""
        optIn={false}
        onChange={() => {}}
        online={online}
        cart={given}
        submit={submit}
        onSubmitted={() => {}}
      />
    </QueryClientProvider>,
  )
  return { ...view, submit }
}

describe('the submit step’s review (WCAG 3.3.4)', () => {
  it('shows the lines, the amount to pay and the waiver version signed, right above the button', () => {
    renderStep()
    const button = screen.getByRole('button', { name: 'Submit and go to payment' })
    const review = screen.getByRole('region', { name: 'Check your order' })

    const lines = within(review).getAllByRole('listitem')
    expect(lines.map((line) => line.textContent)).toEqual([
      'Corvid 2 (M)$1,890.00',
      'Mission bag × 2$210.00',
    ])
    expect(review.textContent).toContain('UPS Ground: $25.00')
    expect(review.textContent).toContain('To pay now$2,075.00')
    expect(review.textContent).toContain(
      'Ships to: Dana Flyer, 1200 Skydive Lane, Eloy AZ 85131, US',
    )
    expect(within(review).getByTestId('checkout-review-waiver').textContent).toBe(
      'Waiver signed: Release of liability, version v3',
    )

    // Nothing the customer could change stands between the review and the button.
    expect(review.compareDocumentPosition(button) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy()
    const form = button.closest('form')!
    const controls = [...form.querySelectorAll('input, textarea, select, button')]
    expect(controls.indexOf(button)).toBe(controls.length - 1)
    expect(
      controls.every(
        (control) =>
          control === button ||
          control.compareDocumentPosition(review) & Node.DOCUMENT_POSITION_FOLLOWING,
      ),
    ).toBe(true)

    // The button says what it commits to.
    const described = button.getAttribute('aria-describedby')
    expect(described && document.getElementById(described)?.textContent).toBe(
      'You pay $2,075.00 on the next screen.',
    )
  })

  it('for a made-to-order order says nothing is due today, and the waiver’s version even before it is read', () => {
    renderStep({
      payNow: false,
      withWaiver: false,
      given: { ...cart, isMto: true, shipping: null, discountTotal: 0 },
    })
    const button = screen.getByRole('button', { name: 'Submit order' })
    const review = screen.getByRole('region', { name: 'Check your order' })
    expect(review.textContent).toContain('Arranged when your order is made')
    expect(review.textContent).toContain('Order total$2,050.00')
    expect(within(review).getByTestId('checkout-review-waiver').textContent).toBe(
      'Waiver signed: the current version of the waiver',
    )
    const described = button.getAttribute('aria-describedby')
    expect(described && document.getElementById(described)?.textContent).toBe(
      'Nothing is due today (order total $2,050.00).',
    )
  })

  it('says nothing of a waiver where the order needs none', () => {
    renderStep({ given: { ...cart, requireSignature: false, signed: false } })
    const review = screen.getByRole('region', { name: 'Check your order' })
    expect(within(review).queryByTestId('checkout-review-waiver')).toBeNull()
  })

  it('passes axe', async () => {
    const { container } = renderStep()
    const results = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } })
    expect(results.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([])
  })
})

describe('a refused submit', () => {
  it('offline with a payment due: the refusal is brought into view and focused', () => {
    const { submit } = renderStep({ online: false })
    fireEvent.click(screen.getByRole('button', { name: 'Submit and go to payment' }))
    const alert = screen.getByRole('alert')
    expect(alert.textContent).toContain('Paying needs a network connection')
    expect(document.activeElement).toBe(alert)
    expect(scrolled).toContain(alert)
    expect(submit).not.toHaveBeenCalled()

    // Tapped again, it is shown and focused again.
    screen.getByRole('button', { name: 'Submit and go to payment' }).focus()
    fireEvent.click(screen.getByRole('button', { name: 'Submit and go to payment' }))
    expect(document.activeElement).toBe(screen.getByRole('alert'))
  })

  it('the shop’s refusal is brought into view and focused', async () => {
    const submit = vi.fn<SubmitOrder>(async () => {
      throw new ValidationError({
        message: 'The code SPRING is used up.',
        errors: { discount_codes: ['The code SPRING is used up.'] },
      })
    })
    renderStep({ submit })
    fireEvent.click(screen.getByRole('button', { name: 'Submit and go to payment' }))
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toContain('The code SPRING is used up.'),
    )
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('alert')))
    expect(scrolled).toContain(screen.getByRole('alert'))
  })
})
