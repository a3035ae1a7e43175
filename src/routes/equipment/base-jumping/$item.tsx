import { createFileRoute } from '@tanstack/react-router'
import { loadProductPage } from '../../../features/catalog/api.ts'
import { loaderHead } from '../../../lib/loader-head.ts'
import { ConfigurableProductPage } from '../../-components/configurable-product-page.tsx'

export const Route = createFileRoute('/equipment/base-jumping/$item')({
  loader: async ({ context, params }) =>
    loadProductPage(await context.loadQueryClient(), 'base-equipment', params.item),
  head: loaderHead,
  component: function ProductRoute() {
    const { item } = Route.useParams()
    const { product, palette } = Route.useLoaderData()
    return (
      <ConfigurableProductPage
        slug={item}
        family="base-equipment"
        product={product}
        palette={palette}
      />
    )
  },
})
