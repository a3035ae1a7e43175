import { createFileRoute } from '@tanstack/react-router'
import { familyQuery } from '../../../features/catalog/api.ts'
import { pageHead } from '../../../lib/head.ts'
import { FamilyPage } from '../../../features/catalog/components/family-page.tsx'

export const Route = createFileRoute('/parachutes/skydiving/')({
  loader: async ({ context }) =>
    (await context.loadQueryClient()).ensureQueryData(familyQuery('skydiving-parachutes')),
  head: () => pageHead({ title: 'Skydiving parachutes' }),
  component: () => <FamilyPage family="skydiving-parachutes" />,
})
