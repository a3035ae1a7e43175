import { useQuery } from '@tanstack/react-query'
import { useEffect, useMemo } from 'react'
import type { QueueDrawingProps } from '../../../features/back-office/components/queue/drawing-slot.ts'
import type { QueueLine } from '../../../features/back-office/api/queue.ts'
import { paletteQuery, productQuery, type Product } from '../../../features/catalog/api.ts'
import { PaintedSuit } from '../../../features/configurator/components/painted-suit.tsx'
import type { ConfigurableProduct, DraftContext } from '../../../features/configurator/model.ts'
import { draftFromOrder, type OrderedDesign } from '../../../features/configurator/payload.ts'

function isConfigurable(product: Product | undefined): product is ConfigurableProduct {
  return product !== undefined && product.configurable && product.configurator !== null
}

/** The product's slug: the last part of the line's product page (`/wingsuits/corvid-2`). */
function slugOfProductPath(path: string): string {
  return path.split('/').filter(Boolean).at(-1) ?? ''
}

/**
 * The design as the cart holds it. An order line's upgrades (a super custom design) carry no
 * pattern on the order's page: the drawing shows the upgrade's base colours.
 */
function orderedDesignOf(line: QueueLine): OrderedDesign {
  return {
    sku: line.sku,
    qty: line.qty,
    meta: line.meta,
    child: line.children.map((child) => ({ sku: child.sku, meta: [] })),
  }
}

/**
 * A queued line's design, as the configurator draws it (composed here: the back office, the
 * catalog and the configurator may not import each other; routes/-components/cart-line-design.tsx
 * does the same for the cart). The product and the palette come as the product page has them:
 * the API, else the catalog snapshot in IndexedDB with no network. Nothing shows while they load;
 * a line whose product cannot draw it (gone from the catalog, no longer configurable, or read
 * nowhere) shows `undrawn`. Decorative: the card's words describe the design.
 */
export default function QueueLineDesign({ line, size, undrawn, onSettled }: QueueDrawingProps) {
  const slug = slugOfProductPath(line.productPath)
  const product = useQuery({ ...productQuery(slug), enabled: slug !== '' })
  const palette = useQuery(paletteQuery)
  const context = useMemo<DraftContext | null>(
    () =>
      isConfigurable(product.data) && palette.data
        ? { product: product.data, palette: palette.data }
        : null,
    [product.data, palette.data],
  )
  // Once per line and catalog: a board read again with the same line does not revive it again.
  const draft = useMemo(
    () => context && draftFromOrder(orderedDesignOf(line), context),
    [line, context],
  )
  const unreadable =
    slug === '' ||
    product.isError ||
    palette.isError ||
    (product.isSuccess && !isConfigurable(product.data))
  const settled = draft !== null || unreadable
  useEffect(() => {
    if (settled) onSettled?.()
  }, [settled, onSettled])

  if (!context || !draft) return unreadable ? undrawn : null
  return (
    <span aria-hidden="true" data-testid="queue-line-design">
      <PaintedSuit
        draft={draft}
        context={context}
        title={`${line.name} as ordered`}
        className={`queue-drawing-svg queue-drawing-svg-${size}`}
      />
    </span>
  )
}
