import { createFileRoute } from '@tanstack/react-router'
import { productionTimeQuery } from '../features/production-time/api.ts'
import { ProductionTimePage } from '../features/production-time/components/production-time-page.tsx'
import { withHead } from '../lib/head.ts'
import { loaderHead } from '../lib/loader-head.ts'

export const Route = createFileRoute('/production-time')({
  loader: async ({ context }) =>
    withHead(await (await context.loadQueryClient()).ensureQueryData(productionTimeQuery()), {
      title: 'Production time',
      summary: 'How long each kind of Glidecraft order takes to make right now.',
    }),
  head: loaderHead,
  component: ProductionTimePage,
})
