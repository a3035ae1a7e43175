import { createFileRoute } from '@tanstack/react-router'
import { loadProductPage } from '../../features/catalog/api.ts'
import { ProductPage } from '../../features/catalog/components/product-page.tsx'
import { AddToOrderForm } from '../../features/cart/components/add-to-order-form.tsx'
import { CurrentProductionTime } from '../../features/production-time/components/current-production-time.tsx'
import { loaderHead } from '../../lib/loader-head.ts'

export const Route = createFileRoute('/equipment/$bag')({
  loader: async ({ context, params }) =>
    loadProductPage(await context.loadQueryClient(), 'bags', params.bag),
  head: loaderHead,
  component: function ProductRoute() {
    const { bag } = Route.useParams()
    return (
      <ProductPage
        slug={bag}
        palette={Route.useLoaderData().palette}
        productionTime={<CurrentProductionTime category="bags" />}
        order={(product) => <AddToOrderForm product={product} />}
      />
    )
  },
})
