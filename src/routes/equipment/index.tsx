import { createFileRoute } from '@tanstack/react-router'
import { loadFamilyListing } from '../../features/catalog/api.ts'
import { FamilyPage } from '../../features/catalog/components/family-page.tsx'
import { validateCatalogSearch } from '../../features/catalog/search.ts'
import { loaderHead } from '../../lib/loader-head.ts'

export const Route = createFileRoute('/equipment/')({
  validateSearch: validateCatalogSearch,
  loader: async ({ context }) => loadFamilyListing(await context.loadQueryClient(), 'bags'),
  head: loaderHead,
  component: function ListingRoute() {
    const navigate = Route.useNavigate()
    return (
      <FamilyPage
        family="bags"
        palette={Route.useLoaderData().palette}
        search={Route.useSearch()}
        onSearch={(search) => navigate({ search, replace: true })}
      />
    )
  },
})
