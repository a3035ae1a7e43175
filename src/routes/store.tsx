import { createFileRoute } from '@tanstack/react-router'
import { loadStore } from '../features/catalog/api.ts'
import { StorePage } from '../features/catalog/components/store-page.tsx'
import { validateCatalogSearch } from '../features/catalog/filters.ts'
import { pageHead } from '../lib/head.ts'

export const Route = createFileRoute('/store')({
  validateSearch: validateCatalogSearch,
  loader: async ({ context }) => loadStore(await context.loadQueryClient()),
  head: () =>
    pageHead({
      title: 'Store',
      summary: 'Every wingsuit, tracking suit, canopy, container and accessory Glidecraft makes.',
    }),
  component: function StoreRoute() {
    const navigate = Route.useNavigate()
    return (
      <StorePage
        palette={Route.useLoaderData().palette}
        search={Route.useSearch()}
        onSearch={(search) => navigate({ search, replace: true })}
      />
    )
  },
})
