import { createFileRoute } from '@tanstack/react-router'
import { familyQuery } from '../../../features/catalog/api.ts'
import { pageHead } from '../../../lib/head.ts'
import { FamilyPage } from '../../../features/catalog/components/family-page.tsx'

export const Route = createFileRoute('/equipment/accessories/')({
  loader: async ({ context }) =>
    (await context.loadQueryClient()).ensureQueryData(familyQuery('accessories')),
  head: () => pageHead({ title: 'Accessories' }),
  component: () => <FamilyPage family="accessories" />,
})
