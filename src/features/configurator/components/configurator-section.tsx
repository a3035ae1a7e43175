import { lazy, Suspense, useEffect, useRef, useState, type ReactNode } from 'react'
import type { PaletteSwatch } from '../../../../contract/page-data/catalog.ts'
import { useHydrated } from '../../../lib/use-hydrated.ts'
import type { AddDesignToOrder } from '../payload.ts'
import type { ConfigurableProduct, Product } from '../model.ts'
import { DESIGN_ANCHOR, DESIGN_PARAM } from '../link-names.ts'

/** The configurator's code, loaded only on the page of a product that has one. */
const Configurator = lazy(() => import('./configurator.tsx'))

interface ConfiguratorSectionProps {
  product: Product
  palette: PaletteSwatch[]
  productionTime?: (addedWeeks: number) => ReactNode
  /** Adds the design to the cart (the cart's, composed by the route). */
  onAddToOrder: AddDesignToOrder
}

function isConfigurable(product: Product): product is ConfigurableProduct {
  return product.configurable && product.configurator !== null
}

/** The page was opened to design: a shared design's link, or a link to the section. */
function openedToDesign(): boolean {
  const url = new URL(window.location.href)
  return url.searchParams.has(DESIGN_PARAM) || url.hash === `#${DESIGN_ANCHOR}`
}

/**
 * Where a configurable product's page shows its configurator. The design lives in this
 * browser's IndexedDB, so nothing of it is in the prerendered HTML. Its code (precached, so also
 * offline) loads when the section comes near the screen, when the page was opened to design,
 * or on request: a visitor who only reads about the product pays nothing for it.
 */
export function ConfiguratorSection({
  product,
  palette,
  productionTime,
  onAddToOrder,
}: ConfiguratorSectionProps) {
  const hydrated = useHydrated()
  const slot = useRef<HTMLDivElement>(null)
  const [wanted, setWanted] = useState(false)
  const configurable = isConfigurable(product)

  useEffect(() => {
    const element = slot.current
    if (!hydrated || !configurable || !element) return
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return
        setWanted(true)
        observer.disconnect()
      },
      { rootMargin: '300px 0px' },
    )
    observer.observe(element)
    // Opened to design: bring the section on screen, which loads it.
    if (openedToDesign()) element.scrollIntoView({ block: 'start' })
    return () => observer.disconnect()
  }, [hydrated, configurable])

  if (!isConfigurable(product)) return null
  const waiting = (
    <p className="configurator-loading" role="status">
      Opening the configurator…
    </p>
  )
  return (
    <div className="configurator-slot" id={DESIGN_ANCHOR} ref={slot}>
      {wanted ? (
        <Suspense fallback={waiting}>
          <Configurator
            product={product}
            palette={palette}
            productionTime={productionTime}
            onAddToOrder={onAddToOrder}
          />
        </Suspense>
      ) : (
        <div className="configurator-placeholder">
          <h2>Design your {product.name}</h2>
          <p>
            Colours, patterns, options and your own measurements, kept on this device as you go,
            also offline.
          </p>
          <button
            type="button"
            className="button"
            disabled={!hydrated}
            onClick={() => setWanted(true)}
          >
            Open the configurator
          </button>
        </div>
      )}
    </div>
  )
}
