import { createFileRoute } from '@tanstack/react-router'
import { loadArchive } from '../../features/archive/api.ts'
import { ArchivePage } from '../../features/archive/components/archive-page.tsx'
import { validateArchiveSearch } from '../../features/archive/search.ts'
import { pageHead } from '../../lib/head.ts'

export const Route = createFileRoute('/superdupercustom/archive')({
  validateSearch: validateArchiveSearch,
  loaderDeps: ({ search }) => search,
  loader: async ({ context, deps }) =>
    loadArchive(await context.loadQueryClient(), 'superdupercustom', deps),
  head: () =>
    pageHead({
      title: 'Super duper custom archive',
      summary:
        'The most ambitious designs to leave our workshop, drawn by the pilots who fly them.',
    }),
  component: function ArchiveRoute() {
    const navigate = Route.useNavigate()
    return (
      <ArchivePage
        type="superdupercustom"
        title="Super duper custom archive"
        intro="Suits whose owners drew the whole layout themselves: their panels, their lines, their colours."
        palette={Route.useLoaderData().palette}
        search={Route.useSearch()}
        onSearch={(search) => navigate({ search })}
      />
    )
  },
})
