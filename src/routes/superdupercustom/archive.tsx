import { createFileRoute } from '@tanstack/react-router'
import { loadArchive } from '../../features/archive/api.ts'
import { ArchivePage } from '../../features/archive/components/archive-page.tsx'
import { validateArchiveSearch } from '../../features/archive/search.ts'
import { withHead } from '../../lib/head.ts'
import { loaderHead } from '../../lib/loader-head.ts'

export const Route = createFileRoute('/superdupercustom/archive')({
  validateSearch: validateArchiveSearch,
  loaderDeps: ({ search }) => search,
  loader: async ({ context, deps }) =>
    withHead(await loadArchive(await context.loadQueryClient(), 'superdupercustom', deps), {
      title: 'Super duper custom archive',
      summary:
        'The most ambitious designs to leave our workshop, drawn by the pilots who fly them.',
    }),
  head: loaderHead,
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
