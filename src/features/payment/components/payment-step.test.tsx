import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react'
import axe from 'axe-core'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { ApiError, NetworkError, ValidationError } from '../../../lib/api-client.ts'
import type { PaymentCalls, PaymentSetup } from '../api.ts'
import type { PaidAnswer } from '../model.ts'
import { PaymentStep } from './payment-step.tsx'

afterEach(cleanup)

const testSetup: PaymentSetup = {
  cardGateway: 'test',
  clientToken: null,
  bitpay: 'test',
  applePay: true,
  onlinePayment: true,
  testPayments: true,
}

const paid: PaidAnswer = {
  orderId: 'order-1',
  status: 'paid',
  currency: 'USD',
  total: 45900,
  paid: 45900,
  balance: 0,
  payment: {
    id: 'p1',
    provider: 'test',
    amount: 45900,
    currency: 'USD',
    status: 'settled',
    message: null,
    invoiceUrl: null,
    createdAt: '2026-11-25T10:00:00.000Z',
  },
}

function calls(overrides: Partial<PaymentCalls> = {}): PaymentCalls {
  return {
    getPaymentConfig: vi.fn(async () => testSetup),
    payByCard: vi.fn(async () => paid),
    payByBitpay: vi.fn(async () => paid),
    finishApplePay: vi.fn(async () => paid),
    ...overrides,
  }
}

function renderStep(
  given: PaymentCalls,
  options: { applePay?: boolean; methods?: 'all' | 'apple-pay'; balance?: number } = {},
) {
  const onPaid = vi.fn()
  const view = render(
    <QueryClientProvider
      client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}
    >
      <PaymentStep
        payable={{ orderId: 'order-1' }}
        balance={options.balance ?? 45900}
        currency="USD"
        onPaid={onPaid}
        calls={given}
        applePay={options.applePay ?? false}
        methods={options.methods}
      />
    </QueryClientProvider>,
  )
  return { ...view, onPaid }
}

const payButton = () => screen.findByRole('button', { name: 'Pay $459.00 with the test card' })

describe('the payment step with the test gateway', () => {
  it('says plainly the cards are test cards, and pays with the one chosen', async () => {
    const given = calls()
    const { onPaid } = renderStep(given)
    fireEvent.click(await payButton())
    expect(screen.getByText(/test payments only: no card is charged/)).toBeTruthy()
    await waitFor(() => expect(onPaid).toHaveBeenCalledWith(paid))
    expect(given.payByCard).toHaveBeenCalledWith(
      { orderId: 'order-1' },
      { nonce: 'fake-valid-visa-nonce' },
      expect.stringMatching(/^pay-[0-9a-f-]{36}$/),
    )
  })

  it('shows a declined card’s message, and the next try is a new attempt', async () => {
    const payByCard = vi
      .fn<PaymentCalls['payByCard']>()
      .mockRejectedValueOnce(
        new ValidationError({ message: 'Do Not Honor', errors: { payment: ['Do Not Honor'] } }),
      )
      .mockResolvedValueOnce(paid)
    const { onPaid } = renderStep(calls({ payByCard }))
    await payButton()
    fireEvent.click(screen.getByLabelText(/4000 1111 1111 1115/))
    fireEvent.click(await payButton())
    expect((await screen.findByRole('alert')).textContent).toContain(
      'Your payment was declined: Do Not Honor',
    )
    fireEvent.click(screen.getByLabelText(/4111 1111 1111 1111/))
    fireEvent.click(await payButton())
    await waitFor(() => expect(onPaid).toHaveBeenCalled())
    const [first, second] = payByCard.mock.calls
    expect(first![1]).toEqual({ nonce: 'fake-processor-declined-visa-nonce' })
    expect(second![1]).toEqual({ nonce: 'fake-valid-visa-nonce' })
    expect(second![2]).not.toBe(first![2])
  })

  it('checks an attempt with no answer again under its own key, and lets nothing else be sent meanwhile', async () => {
    const payByCard = vi
      .fn<PaymentCalls['payByCard']>()
      .mockRejectedValueOnce(new NetworkError(new TypeError('fetch failed')))
      .mockRejectedValueOnce(
        new ApiError(
          503,
          { message: 'The payment provider did not answer in time.' },
          undefined,
          5,
        ),
      )
      .mockResolvedValueOnce(paid)
    const { onPaid } = renderStep(calls({ payByCard }))
    fireEvent.click(await payButton())
    expect((await screen.findByRole('alert')).textContent).toContain('never charged twice')
    expect(
      (screen.getByRole('group', { name: 'Test cards' }) as HTMLFieldSetElement).disabled,
    ).toBe(true)
    fireEvent.click(screen.getByRole('button', { name: 'Check again' }))
    expect((await screen.findByRole('alert')).textContent).toContain('did not answer in time')
    fireEvent.click(screen.getByRole('button', { name: 'Check again' }))
    await waitFor(() => expect(onPaid).toHaveBeenCalled())
    const keys = payByCard.mock.calls.map((call) => call[2])
    expect(new Set(keys).size).toBe(1)
  })

  it('on the Apple Pay page offers Apple Pay alone, and says the payment is a test one', async () => {
    const given = calls()
    const { onPaid } = renderStep(given, { applePay: true, methods: 'apple-pay' })
    const applePay = await screen.findByRole('button', { name: 'Pay $459.00 with Apple Pay' })
    expect(screen.getByText(/Apple Pay here makes a test payment, and no money/)).toBeTruthy()
    expect(screen.queryByRole('button', { name: /test card|BitPay/ })).toBeNull()
    expect(screen.queryByRole('group', { name: 'Test cards' })).toBeNull()
    fireEvent.click(applePay)
    await waitFor(() => expect(onPaid).toHaveBeenCalledWith(paid))
    expect(given.finishApplePay).toHaveBeenCalledTimes(1)
    expect(given.payByCard).not.toHaveBeenCalled()
  })

  it('offers Apple Pay only where the browser has it, with the test gateway’s Apple Pay nonce', async () => {
    renderStep(calls())
    await payButton()
    expect(screen.queryByRole('button', { name: /Apple Pay/ })).toBeNull()
    cleanup()
    const given = calls()
    const { onPaid } = renderStep(given, { applePay: true })
    fireEvent.click(await screen.findByRole('button', { name: 'Pay $459.00 with Apple Pay' }))
    await waitFor(() => expect(onPaid).toHaveBeenCalled())
    expect(given.finishApplePay).toHaveBeenCalledWith(
      { orderId: 'order-1' },
      { nonce: 'fake-apple-pay-visa-nonce' },
      expect.any(String),
    )
  })

  it('passes axe, its decline showing', async () => {
    const { container } = renderStep(
      calls({
        payByCard: vi.fn(async () => {
          throw new ValidationError({
            message: 'Do Not Honor',
            errors: { payment: ['Do Not Honor'] },
          })
        }),
      }),
      { applePay: true },
    )
    fireEvent.click(await payButton())
    await screen.findByRole('alert')
    const results = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } })
    expect(results.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([])
  })
})

describe('the payment step’s results where the customer is looking', () => {
  const declined = () =>
    vi.fn<PaymentCalls['payByCard']>(async () => {
      throw new ValidationError({ message: 'Do Not Honor', errors: { payment: ['Do Not Honor'] } })
    })

  it('a declined card’s message takes the focus, where the Pay button had it', async () => {
    renderStep(calls({ payByCard: declined() }))
    const pay = await payButton()
    pay.focus()
    fireEvent.click(pay)
    const alert = await screen.findByRole('alert')
    await waitFor(() => expect(document.activeElement).toBe(alert))
    expect(alert.tabIndex).toBe(-1)
  })

  it('scrolls the message just into view where the browser can (jsdom cannot)', async () => {
    const scrollIntoView = vi.fn()
    HTMLElement.prototype.scrollIntoView = scrollIntoView
    try {
      renderStep(calls({ payByCard: declined() }))
      fireEvent.click(await payButton())
      const alert = await screen.findByRole('alert')
      await waitFor(() => expect(scrollIntoView).toHaveBeenCalledWith({ block: 'nearest' }))
      expect(scrollIntoView.mock.contexts[0]).toBe(alert)
    } finally {
      delete (HTMLElement.prototype as Partial<HTMLElement>).scrollIntoView
    }
  })

  it('each new decline is brought into view again', async () => {
    renderStep(calls({ payByCard: declined() }))
    fireEvent.click(await payButton())
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('alert')))
    ;(document.activeElement as HTMLElement).blur()
    fireEvent.click(await payButton())
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('alert')))
  })

  it('paid in full, offers no way to pay any more, while the page moves on', async () => {
    const { onPaid } = renderStep(calls(), { applePay: true })
    fireEvent.click(await payButton())
    await waitFor(() => expect(onPaid).toHaveBeenCalledWith(paid))
    expect(screen.getByTestId('payment-paid').textContent).toBe('Paid. Thank you.')
    expect(screen.queryAllByRole('button', { name: /^Pay/ })).toEqual([])
    expect(screen.queryByRole('group', { name: 'Test cards' })).toBeNull()
  })

  it('offers no way to pay a zero balance', async () => {
    const given = calls()
    renderStep(given, { applePay: true, balance: 0 })
    expect(screen.getByRole('status').textContent).toBe('Nothing is left to pay.')
    expect(screen.queryAllByRole('button')).toEqual([])
    expect(screen.queryByText(/Pay \$0\.00/)).toBeNull()
  })
})

describe('the payment step with no payment provider', () => {
  it('says paying online is off, and offers no card form and no way to pay', async () => {
    const given = calls({
      getPaymentConfig: vi.fn(async () => ({
        cardGateway: null,
        clientToken: null,
        bitpay: null,
        applePay: false,
        onlinePayment: false,
        testPayments: false,
      })),
    })
    renderStep(given, { applePay: true })
    expect((await screen.findByText(/Paying online is off/)).textContent).toContain(
      'Your order is kept',
    )
    expect(screen.queryByRole('button')).toBeNull()
    expect(screen.queryByRole('radio')).toBeNull()
    expect(given.payByCard).not.toHaveBeenCalled()
  })
})
