import { createFileRoute } from '@tanstack/react-router'
import { productionTimeQuery } from '../features/production-time/api.ts'
import { ProductionTimePage } from '../features/production-time/components/production-time-page.tsx'
import { pageHead } from '../lib/head.ts'

export const Route = createFileRoute('/production-time')({
  loader: async ({ context }) =>
    (await context.loadQueryClient()).ensureQueryData(productionTimeQuery()),
  head: () =>
    pageHead({
      title: 'Production time',
      summary: 'How long each kind of Glidecraft order takes to make right now.',
    }),
  component: ProductionTimePage,
})
