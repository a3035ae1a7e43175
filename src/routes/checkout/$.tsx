import { useQuery } from '@tanstack/react-query'
import { createFileRoute } from '@tanstack/react-router'
import { addressesQuery, userQuery } from '../../features/account/api.ts'
import { LoginScreen } from '../../features/account/components/login-screen.tsx'
import { cartQuery, sendSubmit } from '../../features/cart/api.ts'
import { RefusalNotices } from '../../features/cart/components/refusal-notices.tsx'
import { useCartView } from '../../features/cart/outbox.ts'
import { CheckoutScreen } from '../../features/checkout/components/checkout-screen.tsx'
import { PlaceForControl } from '../../features/dealer/components/place-for.tsx'
import { withHead } from '../../lib/head.ts'
import { useOnlineStatus } from '../../lib/use-online-status.ts'
import { useSignedIn } from '../../lib/signed-in.ts'
import { loaderHead } from '../../lib/loader-head.ts'
import { PayByLink, PaymentStepSlot } from './-components/payment-step-slot.tsx'

/**
 * `/checkout`: the checkout's steps (features/checkout), composed here with what it may not import
 * itself: the cart as the device shows it and its outbox (the submit), the sign-in form and the
 * saved addresses (account), the payment step, and for a dealer whom the order is for (dealer). `/checkout/{code}` is an order's payment link
 * (SPEC §2 "checkout/*"): its balance paid without signing in.
 */
export const Route = createFileRoute('/checkout/$')({
  loader: async ({ context }) => {
    await context.loadQueryClient()
    return withHead(
      {},
      {
        title: 'Checkout',
        summary:
          'Address, shipping, waiver and submit, step by step; a made-to-order order even offline.',
      },
    )
  },
  head: loaderHead,
  component: function CheckoutRoute() {
    const { _splat } = Route.useParams()
    return _splat ? <PayByLink code={_splat} /> : <Checkout />
  },
})

function Checkout() {
  // Reads the server's cart into this device; the screen shows the device's view of it.
  const read = useQuery(cartQuery)
  const view = useCartView()
  // Saved addresses are an account's: a guest session has none (the server answers 403).
  const who = useSignedIn()
  // 'u' alone: signed in, but whether as an account or a guest is not read yet.
  const account = who.startsWith('u') && who.length > 1
  const saved = useQuery({ ...addressesQuery(), enabled: account })
  // A dealer orders for its customers through this same checkout (SPEC §6).
  const user = useQuery({ ...userQuery(), enabled: account })
  const online = useOnlineStatus()
  const dealer = account && user.data?.role === 'dealer'
  return (
    <CheckoutScreen
      view={view}
      refreshCart={() => read.refetch()}
      submit={sendSubmit}
      login={(onSignedIn) => <LoginScreen heading="Sign in to check out" onSignedIn={onSignedIn} />}
      savedAddresses={account ? (saved.data ?? []) : undefined}
      payment={(order, settled) => <PaymentStepSlot order={order} settled={settled} />}
      notices={<RefusalNotices />}
      placeFor={
        dealer && view ? (
          <PlaceForControl
            placedFor={view.cart.placedFor ?? null}
            online={online}
            onPlaced={() => read.refetch()}
          />
        ) : undefined
      }
    />
  )
}
