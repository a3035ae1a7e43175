import { createFileRoute } from '@tanstack/react-router'
import { loadFamilyListing } from '../../../features/catalog/api.ts'
import { FamilyPage } from '../../../features/catalog/components/family-page.tsx'
import { validateCatalogSearch } from '../../../features/catalog/filters.ts'
import { pageHead } from '../../../lib/head.ts'

export const Route = createFileRoute('/parachutes/skydiving/')({
  validateSearch: validateCatalogSearch,
  loader: async ({ context }) =>
    loadFamilyListing(await context.loadQueryClient(), 'skydiving-parachutes'),
  head: () => pageHead({ title: 'Skydiving parachutes' }),
  component: function ListingRoute() {
    const navigate = Route.useNavigate()
    return (
      <FamilyPage
        family="skydiving-parachutes"
        palette={Route.useLoaderData().palette}
        search={Route.useSearch()}
        onSearch={(search) => navigate({ search, replace: true })}
      />
    )
  },
})
