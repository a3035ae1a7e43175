import { createFileRoute } from '@tanstack/react-router'
import { loadProduct } from '../../features/catalog/api.ts'
import { pageHead } from '../../lib/head.ts'
import { ProductPage } from '../../features/catalog/components/product-page.tsx'

export const Route = createFileRoute('/wingsuits/$model')({
  loader: async ({ context, params }) =>
    loadProduct(await context.loadQueryClient(), 'wingsuits', params.model),
  head: ({ loaderData }) =>
    pageHead(loaderData && { title: loaderData.name, summary: loaderData.summary }),
  component: function ProductRoute() {
    const { model } = Route.useParams()
    return <ProductPage slug={model} />
  },
})
