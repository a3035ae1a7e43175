import { createFileRoute } from '@tanstack/react-router'
import { loadProductPage } from '../../features/catalog/api.ts'
import { ProductPage } from '../../features/catalog/components/product-page.tsx'
import { ConfiguratorSection } from '../../features/configurator/components/configurator-section.tsx'
import { CurrentProductionTime } from '../../features/production-time/components/current-production-time.tsx'
import { loaderHead } from '../../lib/loader-head.ts'

export const Route = createFileRoute('/wingsuits/$model')({
  loader: async ({ context, params }) =>
    loadProductPage(await context.loadQueryClient(), 'wingsuits', params.model),
  head: loaderHead,
  component: function ProductRoute() {
    const { model } = Route.useParams()
    const { product, palette } = Route.useLoaderData()
    const productionTime = <CurrentProductionTime category="wingsuits" />
    return (
      <ProductPage
        slug={model}
        palette={palette}
        productionTime={productionTime}
        configurator={
          <ConfiguratorSection
            product={product}
            palette={palette}
            productionTime={productionTime}
          />
        }
      />
    )
  },
})
