import { createFileRoute } from '@tanstack/react-router'
import type { ProductPeopleData } from '../../../../contract/page-data/people.ts'
import { ProductPeoplePage } from '../../../features/people/components/product-people-page.tsx'
import { withHead } from '../../../lib/head.ts'
import { loaderHead } from '../../../lib/loader-head.ts'
import { fetchPageData } from '../../../lib/page-data.ts'

// Any deeper path shows the product's page; an unknown product has no data file, so a 404.
export const Route = createFileRoute('/people/$product/$')({
  loader: async ({ params }) => {
    const people = await fetchPageData<ProductPeopleData>(`/people/${params.product}`)
    return withHead(people, {
      title: `People flying the ${people.product.name}`,
      summary: `Photos and coaches around the ${people.product.name}.`,
    })
  },
  head: loaderHead,
  component: function ProductPeopleRoute() {
    return <ProductPeoplePage {...Route.useLoaderData()} />
  },
})
