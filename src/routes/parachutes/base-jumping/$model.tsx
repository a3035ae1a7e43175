import { createFileRoute } from '@tanstack/react-router'
import { loadProductPage } from '../../../features/catalog/api.ts'
import { ProductPage } from '../../../features/catalog/components/product-page.tsx'
import { AddToOrderForm } from '../../../features/cart/components/add-to-order-form.tsx'
import { CurrentProductionTime } from '../../../features/production-time/components/current-production-time.tsx'
import { loaderHead } from '../../../lib/loader-head.ts'

export const Route = createFileRoute('/parachutes/base-jumping/$model')({
  loader: async ({ context, params }) =>
    loadProductPage(await context.loadQueryClient(), 'base-parachutes', params.model),
  head: loaderHead,
  component: function ProductRoute() {
    const { model } = Route.useParams()
    return (
      <ProductPage
        slug={model}
        palette={Route.useLoaderData().palette}
        productionTime={<CurrentProductionTime category="base-parachutes" />}
        order={(product) => <AddToOrderForm product={product} />}
      />
    )
  },
})
