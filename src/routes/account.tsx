import { createFileRoute } from '@tanstack/react-router'
import { AccountScreen } from '../features/account/components/account-screen.tsx'
import { DealerPortal } from '../features/dealer-portal/components/dealer-portal.tsx'
import { OrderList } from '../features/orders/components/order-list.tsx'
import { withHead } from '../lib/head.ts'
import { loaderHead } from '../lib/loader-head.ts'

/**
 * The customer's profile, saved addresses and orders, and a dealer's portal; the sign-in screen
 * when signed out.
 */
export const Route = createFileRoute('/account')({
  loader: async ({ context }) => {
    await context.loadQueryClient()
    return withHead(
      {},
      { title: 'Your account', summary: 'Your profile, saved addresses and orders.' },
    )
  },
  head: loaderHead,
  component: function AccountRoute() {
    return <AccountScreen orders={<OrderList />} dealer={<DealerPortal />} />
  },
})
