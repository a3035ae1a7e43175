import { useSuspenseQueries } from '@tanstack/react-query'
import { createFileRoute } from '@tanstack/react-router'
import { families, familyKeys } from '../../contract/families.ts'
import { familyQuery, loadStore } from '../features/catalog/api.ts'
import { StorePage } from '../features/catalog/components/store-page.tsx'
import { validateStoreSearch } from '../features/catalog/search.ts'
import { SavedDesigns } from '../features/configurator/components/saved-designs.tsx'
import { loaderHead } from '../lib/loader-head.ts'

export const Route = createFileRoute('/store')({
  validateSearch: validateStoreSearch,
  loader: async ({ context }) => loadStore(await context.loadQueryClient()),
  head: loaderHead,
  component: function StoreRoute() {
    const navigate = Route.useNavigate()
    // The families with a product to design: where "Your designs" points while it has none.
    const lists = useSuspenseQueries({ queries: familyKeys.map((family) => familyQuery(family)) })
    const designable = familyKeys
      .filter((_, index) => lists[index]?.data.some((product) => product.configurable))
      .map((family) => families[family])
    return (
      <StorePage
        palette={Route.useLoaderData().palette}
        search={Route.useSearch()}
        onSearch={(search) => navigate({ search, replace: true })}
        savedDesigns={<SavedDesigns designable={designable} />}
      />
    )
  },
})
