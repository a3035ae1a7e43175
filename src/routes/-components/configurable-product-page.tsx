import type { PaletteSwatch } from '../../../contract/page-data/catalog.ts'
import type { FamilyKey } from '../../../contract/families.ts'
import type { Product } from '../../features/catalog/api.ts'
import { ProductPage } from '../../features/catalog/components/product-page.tsx'
import { useAddToOrder } from '../../features/cart/api.ts'
import { AddToOrderForm } from '../../features/cart/components/add-to-order-form.tsx'
import { ConfiguratorSection } from '../../features/configurator/components/configurator-section.tsx'
import { CurrentProductionTime } from '../../features/production-time/components/current-production-time.tsx'

interface ConfigurableProductPageProps {
  slug: string
  family: FamilyKey
  product: Product
  palette: PaletteSwatch[]
}

/**
 * The page of a product in a family whose products may be configurable: the catalog's product
 * page with the family's production time, "Add to order" for its options and, for a
 * configurable product, the configurator, whose designs go into the same cart.
 */
export function ConfigurableProductPage({
  slug,
  family,
  product,
  palette,
}: ConfigurableProductPageProps) {
  const productionTime = <CurrentProductionTime category={family} />
  const addToOrder = useAddToOrder()
  return (
    <ProductPage
      slug={slug}
      palette={palette}
      productionTime={productionTime}
      order={(shown) => <AddToOrderForm product={shown} />}
      configurator={
        <ConfiguratorSection
          product={product}
          palette={palette}
          productionTime={(addedWeeks) => (
            <CurrentProductionTime category={family} addedWeeks={addedWeeks} />
          )}
          onAddToOrder={(order) => addToOrder.mutateAsync(order)}
        />
      }
    />
  )
}
