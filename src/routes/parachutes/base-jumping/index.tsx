import { createFileRoute } from '@tanstack/react-router'
import { familyQuery } from '../../../features/catalog/api.ts'
import { pageHead } from '../../../lib/head.ts'
import { FamilyPage } from '../../../features/catalog/components/family-page.tsx'

export const Route = createFileRoute('/parachutes/base-jumping/')({
  loader: async ({ context }) =>
    (await context.loadQueryClient()).ensureQueryData(familyQuery('base-parachutes')),
  head: () => pageHead({ title: 'BASE parachutes' }),
  component: () => <FamilyPage family="base-parachutes" />,
})
