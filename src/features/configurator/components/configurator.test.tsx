import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react'
import {
  createMemoryHistory,
  createRootRoute,
  createRouter,
  RouterProvider,
} from '@tanstack/react-router'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { db } from '../../../lib/db.ts'
import type { AddDesignToOrder } from '../payload.ts'
import { testContext } from '../test-context.ts'
import Configurator from './configurator.tsx'

// jsdom lays nothing out and has no scrollIntoView: a stub records what was brought into view.
let scrolled: ReturnType<typeof vi.fn>
beforeEach(() => {
  scrolled = vi.fn()
  Element.prototype.scrollIntoView = scrolled as unknown as Element['scrollIntoView']
})

afterEach(async () => {
  cleanup()
  delete (Element.prototype as Partial<Element>).scrollIntoView
  await db.drafts.clear()
})

const context = testContext()

async function renderConfigurator(onAddToOrder: AddDesignToOrder) {
  const rootRoute = createRootRoute({
    component: () => (
      <Configurator
        product={context.product}
        palette={[...context.palette]}
        onAddToOrder={onAddToOrder}
      />
    ),
  })
  const router = createRouter({
    routeTree: rootRoute,
    history: createMemoryHistory({ initialEntries: ['/wingsuits/corvid-2'] }),
  })
  render(<RouterProvider router={router} />)
  const section = await screen.findByRole('region', { name: 'Design your Corvid 2' })
  // A size in stock: nothing stops the order.
  fireEvent.click(within(section).getByRole('radio', { name: /^Corvid 2, size M/ }))
  const add = within(section).getByRole('button', { name: 'Add to order' })
  expect((add as HTMLButtonElement).disabled).toBe(false)
  return { section, add }
}

/** An add the test answers when it likes. */
function deferredAdd() {
  let answer: (outcome: 'saved' | 'queued') => void = () => {}
  let refuse: (error: Error) => void = () => {}
  const onAddToOrder = vi.fn<AddDesignToOrder>(
    () =>
      new Promise((resolve, reject) => {
        answer = resolve
        refuse = reject
      }),
  )
  return {
    onAddToOrder,
    answer: (outcome: 'saved' | 'queued') => act(async () => answer(outcome)),
    refuse: (error: Error) => act(async () => refuse(error)),
  }
}

// The whole configurator renders in each test: slower than a fieldset alone on a busy machine.
describe('after "Add to order"', { timeout: 20_000 }, () => {
  it('says what was added, in view and focused, with the cart a tap away; the design stays', async () => {
    const { onAddToOrder, answer } = deferredAdd()
    const { section, add } = await renderConfigurator(onAddToOrder)
    fireEvent.click(within(section).getByRole('checkbox', { name: /^Booties/ }))
    const total = within(section).getByTestId('order-bar-total').textContent

    fireEvent.click(add)
    expect(section.textContent).toContain('Adding to your order…')
    await answer('saved')

    const message = within(section)
      .getAllByRole('status')
      .find((status) => status.textContent?.startsWith('Added to your order'))!
    expect(message).toBeTruthy()
    expect(document.activeElement).toBe(message)
    expect(message.tabIndex).toBe(-1)
    expect(scrolled.mock.contexts.at(-1)).toBe(message)
    expect(scrolled).toHaveBeenLastCalledWith({ block: 'nearest' })
    // What went into the cart, in the cart's words, and what the designer is ready for.
    expect(message.textContent).toContain('Corvid 2, size M')
    expect(within(message).getByText('Options: Booties')).toBeTruthy()
    expect(message.textContent).toMatch(/ready for your next suit and still holds this design/)
    const cart = within(message).getByRole('link', { name: 'View your cart' })
    expect(cart.getAttribute('href')).toBe('/cart')
    // No dialog stands in the way, and nothing was thrown away.
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(
      (within(section).getByRole('radio', { name: /^Corvid 2, size M/ }) as HTMLInputElement)
        .checked,
    ).toBe(true)
    expect(
      (within(section).getByRole('checkbox', { name: /^Booties/ }) as HTMLInputElement).checked,
    ).toBe(true)
    expect(within(section).getByTestId('order-bar-total').textContent).toBe(total)
    expect(onAddToOrder).toHaveBeenCalledTimes(1)
    expect(onAddToOrder.mock.calls[0]![0].request.sku).toBe('CORVID2-M')
  })

  it('adds the same design again on a second press, and says so again', async () => {
    const onAddToOrder = vi.fn<AddDesignToOrder>(async () => 'saved')
    const { section, add } = await renderConfigurator(onAddToOrder)
    await act(async () => fireEvent.click(add))
    const first = document.activeElement
    expect(first?.textContent).toMatch(/^Added to your order/)
    add.focus()
    await act(async () => fireEvent.click(add))
    expect(onAddToOrder).toHaveBeenCalledTimes(2)
    expect(document.activeElement?.textContent).toMatch(/^Added to your order/)
    expect(section.contains(document.activeElement)).toBe(true)
  })

  it('counts a second press while the first is on its way as nothing', async () => {
    const { onAddToOrder, answer } = deferredAdd()
    const { add } = await renderConfigurator(onAddToOrder)
    fireEvent.click(add)
    expect(add.getAttribute('aria-disabled')).toBe('true')
    fireEvent.click(add)
    await answer('saved')
    expect(onAddToOrder).toHaveBeenCalledTimes(1)
    expect(add.getAttribute('aria-disabled')).toBe('false')
  })

  it('says when the line waits for the network', async () => {
    const { onAddToOrder, answer } = deferredAdd()
    const { add } = await renderConfigurator(onAddToOrder)
    fireEvent.click(add)
    await answer('queued')
    const message = document.activeElement as HTMLElement
    expect(message.getAttribute('role')).toBe('status')
    expect(message.textContent).toMatch(/^Added — will sync when online/)
    expect(message.textContent).toContain('reaches the shop when the network returns')
  })

  it('says why nothing was added, focused, and keeps the design', async () => {
    const { onAddToOrder, refuse } = deferredAdd()
    const { section, add } = await renderConfigurator(onAddToOrder)
    fireEvent.click(add)
    await refuse(new Error('There is no network'))
    const alert = within(section).getByRole('alert')
    expect(document.activeElement).toBe(alert)
    expect(alert.textContent).toBe(
      'Not added: There is no network. Your design is unchanged here: try again in a moment.',
    )
    expect(
      (within(section).getByRole('radio', { name: /^Corvid 2, size M/ }) as HTMLInputElement)
        .checked,
    ).toBe(true)
  })
})

describe('on a phone', { timeout: 20_000 }, () => {
  it('shows the design small in the order bar, hidden from assistive technology', async () => {
    const { section } = await renderConfigurator(vi.fn<AddDesignToOrder>())
    const bar = within(section).getByRole('group', { name: 'Your order' })
    const thumbnail = bar.querySelector('.order-bar-thumb')!
    expect(thumbnail.getAttribute('aria-hidden')).toBe('true')
    expect(thumbnail.querySelector('svg')).not.toBeNull()
    // The drawing a screen reader meets is the one above the form, once.
    expect(
      within(section).getAllByRole('img', { name: 'Corvid 2 as you have designed it' }),
    ).toHaveLength(1)
  })

  it('keeps the page’s scroll-padding as high as the order bar is drawn', async () => {
    let measure: () => void = () => {}
    vi.stubGlobal(
      'ResizeObserver',
      class {
        constructor(callback: () => void) {
          measure = callback
        }
        observe() {}
        disconnect() {}
      },
    )
    const { section } = await renderConfigurator(vi.fn<AddDesignToOrder>())
    const bar = within(section).getByRole('group', { name: 'Your order' })
    // jsdom lays nothing out: the bar says how high a phone drew it (its text wrapped, say).
    Object.defineProperty(bar, 'offsetHeight', { configurable: true, value: 97 })
    act(() => measure())
    const root = document.documentElement.style
    expect(root.getPropertyValue('--order-bar-height')).toBe('97px')
    cleanup()
    expect(root.getPropertyValue('--order-bar-height')).toBe('')
  })

  it('leads from the section bar to each part, moving focus, marking none as current', async () => {
    const { section } = await renderConfigurator(vi.fn<AddDesignToOrder>())
    const parts = within(section).getByRole('navigation', { name: 'Parts of the design' })
    vi.stubGlobal('matchMedia', () => ({ matches: true }))
    fireEvent.click(within(parts).getByRole('button', { name: 'Quantity' }))
    const quantity = within(section).getByRole('group', { name: 'Quantity' })
    expect(document.activeElement?.contains(quantity)).toBe(true)
    expect(scrolled).toHaveBeenCalledWith({ block: 'start', behavior: 'auto' })
    expect(parts.querySelector('[aria-current]')).toBeNull()
  })
})
