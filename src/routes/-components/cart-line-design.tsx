import { useQuery } from '@tanstack/react-query'
import { useMemo } from 'react'
import { paletteQuery, productQuery, type Product } from '../../features/catalog/api.ts'
import type { LineDesignProps } from '../../features/cart/components/line-design-slot.ts'
import { PaintedSuit } from '../../features/configurator/components/painted-suit.tsx'
import type { ConfigurableProduct, DraftContext } from '../../features/configurator/model.ts'
import { draftFromOrder } from '../../features/configurator/payload.ts'

function isConfigurable(product: Product | undefined): product is ConfigurableProduct {
  return product !== undefined && product.configurable && product.configurator !== null
}

/**
 * A configured cart line's own design, as the configurator draws it (composed here: the cart, the
 * catalog and the configurator may not import each other). The product's configurator block and
 * the palette come as the product page has them: the API, else the catalog snapshot in IndexedDB
 * with no network. Nothing shows while they load; a line whose product cannot draw it (gone from
 * the catalog, no longer configurable, or read nowhere) keeps the stock picture. Decorative: the
 * line's text describes it.
 */
export default function CartLineDesign({ line, undrawn }: LineDesignProps) {
  const product = useQuery(productQuery(line.productSlug))
  const palette = useQuery(paletteQuery)
  const context = useMemo<DraftContext | null>(
    () =>
      isConfigurable(product.data) && palette.data
        ? { product: product.data, palette: palette.data }
        : null,
    [product.data, palette.data],
  )
  const draft = useMemo(() => context && draftFromOrder(line, context), [line, context])
  if (!context || !draft) {
    const unreadable =
      product.isError || palette.isError || (product.isSuccess && !isConfigurable(product.data))
    return unreadable ? undrawn : null
  }
  return (
    <span className="cart-line-design" aria-hidden="true" data-testid="cart-line-design">
      <PaintedSuit
        draft={draft}
        context={context}
        title="Your design"
        className="cart-line-drawing"
      />
    </span>
  )
}
