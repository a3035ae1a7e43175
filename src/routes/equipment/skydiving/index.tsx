import { createFileRoute } from '@tanstack/react-router'
import { familyQuery } from '../../../features/catalog/api.ts'
import { pageHead } from '../../../lib/head.ts'
import { FamilyPage } from '../../../features/catalog/components/family-page.tsx'

export const Route = createFileRoute('/equipment/skydiving/')({
  loader: async ({ context }) =>
    (await context.loadQueryClient()).ensureQueryData(familyQuery('skydiving-equipment')),
  head: () => pageHead({ title: 'Skydiving equipment' }),
  component: () => <FamilyPage family="skydiving-equipment" />,
})
