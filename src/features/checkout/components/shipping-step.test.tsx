import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { shippingOptionsQuery, type ShippingQuotes } from '../api.ts'
import { ShippingStep } from './shipping-step.tsx'

/* The shipping step: what a tap on Continue leads to is said where the customer is looking. */

const quotes: ShippingQuotes = {
  orderId: 'cart-1',
  weightGrams: 4200,
  currency: 'USD',
  options: [
    { carrier: 'ups', serviceCode: 'ground', serviceName: 'UPS Ground', amount: 2500 },
    { carrier: 'ups', serviceCode: 'air', serviceName: 'UPS 2nd Day Air', amount: 6400 },
  ],
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

function renderStep(online: boolean) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  client.setQueryData(shippingOptionsQuery('Eloy').queryKey, quotes)
  const onSaved = vi.fn(async () => {})
  render(
    <QueryClientProvider client={client}>
      <ShippingStep addressKey="Eloy" chosen={null} online={online} onSaved={onSaved} />
    </QueryClientProvider>,
  )
  return { onSaved }
}

describe('the shipping step', () => {
  it('with none chosen: the first option takes focus, and says what is missing', () => {
    renderStep(true)
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }))
    const first = screen.getByRole('radio', { name: /UPS Ground/ })
    expect(document.activeElement).toBe(first)
    const described = first.getAttribute('aria-describedby')
    expect(described && document.getElementById(described)?.textContent).toBe(
      'Choose how your order is shipped.',
    )
    // Chosen, the message goes.
    fireEvent.click(first)
    expect(screen.queryByText('Choose how your order is shipped.')).toBeNull()
    expect(first.getAttribute('aria-describedby')).toBeNull()
  })

  it('offline: the refusal is brought into view and focused, and nothing is sent', () => {
    const { onSaved } = renderStep(false)
    fireEvent.click(screen.getByRole('radio', { name: /UPS 2nd Day Air/ }))
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }))
    const alert = screen.getByRole('alert')
    expect(alert.textContent).toContain('This device is offline.')
    expect(document.activeElement).toBe(alert)
    expect(scrolled).toContain(alert)
    expect(onSaved).not.toHaveBeenCalled()
  })
})
