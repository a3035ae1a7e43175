import { createFileRoute } from '@tanstack/react-router'
import { loadArchive } from '../../features/archive/api.ts'
import { ArchivePage } from '../../features/archive/components/archive-page.tsx'
import { validateArchiveSearch } from '../../features/archive/search.ts'
import { withHead } from '../../lib/head.ts'
import { loaderHead } from '../../lib/loader-head.ts'

export const Route = createFileRoute('/supercustom/archive')({
  validateSearch: validateArchiveSearch,
  loaderDeps: ({ search }) => search,
  loader: async ({ context, deps }) =>
    withHead(await loadArchive(await context.loadQueryClient(), 'supercustom', deps), {
      title: 'Super custom archive',
      summary: 'Super custom suits built for pilots in their own colours.',
    }),
  head: loaderHead,
  component: function ArchiveRoute() {
    const navigate = Route.useNavigate()
    return (
      <ArchivePage
        type="supercustom"
        title="Super custom archive"
        intro="Suits we have built in our customers' own colours on our panel layouts, one design at a time."
        palette={Route.useLoaderData().palette}
        search={Route.useSearch()}
        onSearch={(search) => navigate({ search })}
      />
    )
  },
})
