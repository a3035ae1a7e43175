import { createFileRoute } from '@tanstack/react-router'
import { loadProductPage } from '../../../../features/catalog/api.ts'
import { ProductPage } from '../../../../features/catalog/components/product-page.tsx'
import { AddToOrderForm } from '../../../../features/cart/components/add-to-order-form.tsx'
import { CurrentProductionTime } from '../../../../features/production-time/components/current-production-time.tsx'
import { loaderHead } from '../../../../lib/loader-head.ts'

export const Route = createFileRoute('/equipment/accessories/skydiving/$item')({
  loader: async ({ context, params }) =>
    loadProductPage(await context.loadQueryClient(), 'accessories', params.item, 'skydiving'),
  head: loaderHead,
  component: function ProductRoute() {
    const { item } = Route.useParams()
    return (
      <ProductPage
        slug={item}
        palette={Route.useLoaderData().palette}
        productionTime={<CurrentProductionTime category="accessories" />}
        order={(product) => <AddToOrderForm product={product} />}
      />
    )
  },
})
