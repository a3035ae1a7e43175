import { useQuery } from '@tanstack/react-query'
import { useMemo } from 'react'
import { paletteQuery, productQuery, type Product } from '../../features/catalog/api.ts'
import type {
  ConfigurableProduct,
  DraftContext,
  OrderDraft,
} from '../../features/configurator/model.ts'
import { draftFromOrder, type OrderedDesign } from '../../features/configurator/payload.ts'

function isConfigurable(product: Product | undefined): product is ConfigurableProduct {
  return product !== undefined && product.configurable && product.configurator !== null
}

export interface OrderedDesignRead {
  /** What the configurator draws with: the product and the palette, once both are read. */
  context: DraftContext | null
  /** The design revived from the line, once the context is read. */
  draft: OrderDraft | null
  /** The product cannot draw it: gone from the catalog, no longer configurable, read nowhere. */
  unreadable: boolean
}

/**
 * How long a read product and palette serve every design drawn with them before one mounted
 * later reads them again. Without it each drawing that mounts reads both again (the queries'
 * default is stale at once): a queue of 200 suits read its products 250 times while scrolling.
 */
export const DESIGN_CATALOG_STALE_MS = 5 * 60_000

/**
 * An ordered design revived as the configurator draws it (the cart's lines and the back office's
 * queue; composed in routes: the catalog, the configurator and those features may not import
 * each other). The product and the palette come as the product page has them: the API, else the
 * catalog snapshot in IndexedDB with no network. `slug` '' names no product.
 */
export function useOrderedDesign(slug: string, design: OrderedDesign): OrderedDesignRead {
  const product = useQuery({
    ...productQuery(slug),
    enabled: slug !== '',
    staleTime: DESIGN_CATALOG_STALE_MS,
  })
  const palette = useQuery({ ...paletteQuery, staleTime: DESIGN_CATALOG_STALE_MS })
  const context = useMemo<DraftContext | null>(
    () =>
      isConfigurable(product.data) && palette.data
        ? { product: product.data, palette: palette.data }
        : null,
    [product.data, palette.data],
  )
  // Once per design and catalog: a list read again with the same line does not revive it again.
  const draft = useMemo(() => context && draftFromOrder(design, context), [design, context])
  const unreadable =
    slug === '' ||
    product.isError ||
    palette.isError ||
    (product.isSuccess && !isConfigurable(product.data))
  return { context, draft, unreadable }
}
