import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { cleanup, render, screen, waitFor } from '@testing-library/react'
import humps from 'humps'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { QueueLine } from '../../../features/back-office/api/queue.ts'
import type { DraftAction } from '../../../features/configurator/model.ts'
import { DEFAULT_PATTERN_EDIT, encodeEditState } from '../../../features/configurator/edit-state.ts'
import {
  designedOrder,
  testContext,
  testPalette,
} from '../../../features/configurator/test-context.ts'
import QueueLineDesign from './queue-line-design.tsx'

/*
 * The queue's drawing as the route composes it: a queued line is drawn by the configurator from
 * the line's meta, the product read by the slug its product page ends with; a line whose product
 * is gone shows the board's words instead. Either way the work sheet is told it may print.
 */

const context = testContext()
const RED = '#c8282e'
const WHITE = '#f2f1ec'
const CYAN = '#00e5ff'

afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
})

function queuedLineOf(actions: DraftAction[], overrides: Partial<QueueLine> = {}): QueueLine {
  const { request, line } = designedOrder(actions, context)
  // The upgrades as an order's page gives them: each with what the customer chose on it.
  const children = request.child.map((child, index) => ({
    id: `child-${index}`,
    sku: child.sku,
    name: 'Super custom design',
    qty: child.qty,
    unitAmount: 30_000,
    meta: child.meta,
  }))
  return {
    id: 'line-1',
    sku: request.sku,
    name: 'Corvid 2',
    variantName: 'M',
    productPath: '/wingsuits/corvid-2',
    image: null,
    qty: request.qty,
    unitAmount: line.unitPrice,
    lineAmount: line.unitPrice,
    meta: request.meta.filter((entry) => entry.key !== 'total_price'),
    children,
    summary: line.summary,
    madeToOrder: true,
    inStock: false,
    productionTime: null,
    addedAfterSubmit: false,
    ...overrides,
  }
}

const suit = queuedLineOf([
  { type: 'selectVariant', sku: 'CORVID2-M' },
  { type: 'setSuperAsym', on: true },
  { type: 'paint', region: 'body', side: 'l', color: 'r7C' },
  { type: 'paint', region: 'body', side: 'r', color: 'w1A' },
  { type: 'paint', region: 'leg-wing', color: 'c9F' },
])

const json = (body: unknown) =>
  new Response(JSON.stringify(body), {
    status: 200,
    headers: { 'Content-Type': 'application/json' },
  })

function renderDrawing(line: QueueLine) {
  const fetched: string[] = []
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(input instanceof Request ? input.url : String(input))
      fetched.push(url.pathname)
      if (url.pathname === '/api/product/corvid-2')
        return json(humps.decamelizeKeys(context.product))
      if (url.pathname === '/page-data/store/page-data.json')
        return json({ result: { data: { palette: testPalette } } })
      return new Response('{}', { status: 404 })
    }),
  )
  const onSettled = vi.fn()
  const queries = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  const board = (count: number) => (
    <QueryClientProvider client={queries}>
      {Array.from({ length: count }, (_, card) => (
        <QueueLineDesign
          key={card}
          line={line}
          size="sheet"
          undrawn={<span>No drawing</span>}
          onSettled={onSettled}
        />
      ))}
    </QueryClientProvider>
  )
  const { rerender } = render(board(1))
  /** `count` more drawings of the line mount beside the first, as cards scrolled to do. */
  const more = (count: number) => rerender(board(1 + count))
  return { fetched, onSettled, more }
}

function fillOf(design: HTMLElement, region: string, side: 'l' | 'r') {
  return design
    .querySelector(`[data-region="${region}"][data-side="${side}"]`)
    ?.getAttribute('fill')
}

describe('a queued line’s drawing', () => {
  it('draws the customer’s design, decorative, and says it is drawn', async () => {
    const { fetched, onSettled } = renderDrawing(suit)

    const design = await screen.findByTestId('queue-line-design', {}, { timeout: 10_000 })
    expect(fillOf(design, 'body', 'l')).toBe(RED)
    expect(fillOf(design, 'body', 'r')).toBe(WHITE)
    expect(fillOf(design, 'leg-wing', 'l')).toBe(CYAN)
    expect(design.getAttribute('aria-hidden')).toBe('true')
    expect(design.querySelector('svg')!.getAttribute('class')).toContain('queue-drawing-svg-sheet')
    expect(fetched).toContain('/api/product/corvid-2')
    await waitFor(() => expect(onSettled).toHaveBeenCalled())
  })

  it('draws a super custom design with the pattern the customer laid out', async () => {
    const stripesOnArms = encodeEditState({
      ...DEFAULT_PATTERN_EDIT,
      pattern: 'stripes',
      colors: ['r7C', 'w1A'],
      targets: ['arm-wing'],
    })
    const patterned = queuedLineOf([
      { type: 'selectVariant', sku: 'CORVID2-M' },
      { type: 'setSuperCustom', on: true },
      { type: 'setEditState', editState: stripesOnArms },
    ])
    expect(patterned.children.map((child) => child.sku)).toEqual([
      context.product.configurator.superCustom!.sku,
    ])
    renderDrawing(patterned)

    const design = await screen.findByTestId('queue-line-design', {}, { timeout: 10_000 })
    const patternId = design.querySelector('pattern')?.getAttribute('id')
    expect(patternId).toBeTruthy()
    expect(fillOf(design, 'arm-wing', 'l')).toBe(`url(#${patternId})`)
    expect(fillOf(design, 'arm-wing', 'r')).toBe(`url(#${patternId})`)
    expect(fillOf(design, 'body', 'l')).not.toContain('url(')
  })

  it('reads the product and the palette once for every suit drawn with them', async () => {
    const { fetched, more } = renderDrawing(suit)
    await screen.findByTestId('queue-line-design', {}, { timeout: 10_000 })
    // More cards come onto the board as the workshop scrolls: their drawings mount later.
    more(3)
    await waitFor(() => expect(screen.getAllByTestId('queue-line-design')).toHaveLength(4))
    expect(fetched.filter((path) => path === '/api/product/corvid-2')).toHaveLength(1)
    expect(fetched.filter((path) => path === '/page-data/store/page-data.json')).toHaveLength(1)
  })

  it('shows the words instead when its product is gone, and still lets the sheet print', async () => {
    const { fetched, onSettled } = renderDrawing({ ...suit, productPath: '' })

    expect(await screen.findByText('No drawing')).toBeTruthy()
    expect(screen.queryByTestId('queue-line-design')).toBeNull()
    await waitFor(() => expect(onSettled).toHaveBeenCalled())
    expect(fetched.some((path) => path.startsWith('/api/product/'))).toBe(false)
  })

  it('shows the words instead when the catalog no longer has it', async () => {
    const { onSettled } = renderDrawing({ ...suit, productPath: '/wingsuits/retired-1' })

    expect(await screen.findByText('No drawing', {}, { timeout: 10_000 })).toBeTruthy()
    expect(onSettled).toHaveBeenCalled()
  })
})
