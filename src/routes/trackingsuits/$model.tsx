import { createFileRoute } from '@tanstack/react-router'
import { loadProductPage } from '../../features/catalog/api.ts'
import { loaderHead } from '../../lib/loader-head.ts'
import { ConfigurableProductPage } from '../-components/configurable-product-page.tsx'

export const Route = createFileRoute('/trackingsuits/$model')({
  loader: async ({ context, params }) =>
    loadProductPage(await context.loadQueryClient(), 'trackingsuits', params.model),
  head: loaderHead,
  component: function ProductRoute() {
    const { model } = Route.useParams()
    const { product, palette } = Route.useLoaderData()
    return (
      <ConfigurableProductPage
        slug={model}
        family="trackingsuits"
        product={product}
        palette={palette}
      />
    )
  },
})
