import { createFileRoute } from '@tanstack/react-router'
import type { ProductPeopleData } from '../../../../contract/page-data/people.ts'
import { ProductPeoplePage } from '../../../features/people/components/product-people-page.tsx'
import { pageHead } from '../../../lib/head.ts'
import { fetchPageData } from '../../../lib/page-data.ts'

// Any deeper path shows the product's page; an unknown product has no data file, so a 404.
export const Route = createFileRoute('/people/$product/$')({
  loader: ({ params }) => fetchPageData<ProductPeopleData>(`/people/${params.product}`),
  head: ({ loaderData }) =>
    pageHead(
      loaderData && {
        title: `People flying the ${loaderData.product.name}`,
        summary: `Photos and coaches around the ${loaderData.product.name}.`,
      },
    ),
  component: function ProductPeopleRoute() {
    return <ProductPeoplePage {...Route.useLoaderData()} />
  },
})
