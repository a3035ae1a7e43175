import { createFileRoute } from '@tanstack/react-router'
import { UpdateAddressPage } from '../../features/orders/components/update-address-page.tsx'
import { withHead } from '../../lib/head.ts'
import { loaderHead } from '../../lib/loader-head.ts'

/**
 * A submitted order's address, until it ships: `/update-shipping-address/{id}` (docs/orders.md).
 */
export const Route = createFileRoute('/update-shipping-address/$')({
  loader: async ({ context }) => {
    await context.loadQueryClient()
    return withHead({}, { title: 'Change the shipping address' })
  },
  head: loaderHead,
  component: function UpdateShippingAddressRoute() {
    const { _splat: id = '' } = Route.useParams()
    return <UpdateAddressPage key={id} id={id} />
  },
})
