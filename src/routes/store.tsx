import { createFileRoute } from '@tanstack/react-router'
import { loadStore } from '../features/catalog/api.ts'
import { StorePage } from '../features/catalog/components/store-page.tsx'
import { validateCatalogSearch } from '../features/catalog/search.ts'
import { SavedDesigns } from '../features/configurator/components/saved-designs.tsx'
import { loaderHead } from '../lib/loader-head.ts'

export const Route = createFileRoute('/store')({
  validateSearch: validateCatalogSearch,
  loader: async ({ context }) => loadStore(await context.loadQueryClient()),
  head: loaderHead,
  component: function StoreRoute() {
    const navigate = Route.useNavigate()
    return (
      <StorePage
        palette={Route.useLoaderData().palette}
        search={Route.useSearch()}
        onSearch={(search) => navigate({ search, replace: true })}
        savedDesigns={<SavedDesigns />}
      />
    )
  },
})
