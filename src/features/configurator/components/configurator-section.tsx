import { lazy, Suspense, type ReactNode } from 'react'
import type { PaletteSwatch } from '../../../../contract/page-data/catalog.ts'
import { useHydrated } from '../../../lib/use-hydrated.ts'
import type { ConfigurableProduct, Product } from '../model.ts'

/** The configurator's code, loaded only on the page of a product that has one. */
const Configurator = lazy(() => import('./configurator.tsx'))

interface ConfiguratorSectionProps {
  product: Product
  palette: PaletteSwatch[]
  productionTime?: ReactNode
}

function isConfigurable(product: Product): product is ConfigurableProduct {
  return product.configurable && product.configurator !== null
}

/**
 * Where a configurable product's page shows its configurator. The design lives in this
 * browser's IndexedDB, so nothing of it is in the prerendered HTML: the section opens once the
 * page is hydrated, from the precached chunk even offline.
 */
export function ConfiguratorSection({
  product,
  palette,
  productionTime,
}: ConfiguratorSectionProps) {
  const hydrated = useHydrated()
  if (!isConfigurable(product)) return null
  const waiting = (
    <p className="configurator-loading" role="status">
      Opening the configurator…
    </p>
  )
  return (
    <div className="configurator-slot" id="design">
      {hydrated ? (
        <Suspense fallback={waiting}>
          <Configurator product={product} palette={palette} productionTime={productionTime} />
        </Suspense>
      ) : (
        waiting
      )}
    </div>
  )
}
