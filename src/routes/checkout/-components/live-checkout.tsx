import { useQuery } from '@tanstack/react-query'
import { lazy, Suspense } from 'react'
import { addressesQuery, userQuery } from '../../../features/account/api.ts'
import { cartQuery, sendSubmit } from '../../../features/cart/api.ts'
import { RefusalNotices } from '../../../features/cart/components/refusal-notices.tsx'
import { useCartView } from '../../../features/cart/outbox.ts'
import { CheckoutScreen } from '../../../features/checkout/components/checkout-screen.tsx'
import { useOnlineStatus } from '../../../lib/use-online-status.ts'
import { useSignedIn } from '../../../lib/signed-in.ts'

/*
 * The checkout as the customer uses it, loaded once the page is up (the route paints and hydrates
 * its frame alone): the cart as the device shows it and its outbox (the submit), the saved
 * addresses (account), and what only some visits need, each loaded when shown: the sign-in form
 * (step one, signed out), the payment step (an order to pay now) and a dealer's choice of whom
 * the order is for.
 */

const LoginScreen = lazy(() =>
  import('../../../features/account/components/login-screen.tsx').then((module) => ({
    default: module.LoginScreen,
  })),
)
const PaymentStepSlot = lazy(() =>
  import('./payment-step-slot.tsx').then((module) => ({ default: module.PaymentStepSlot })),
)
const PlaceForControl = lazy(() =>
  import('../../../features/dealer-portal/components/place-for.tsx').then((module) => ({
    default: module.PlaceForControl,
  })),
)

const loading = <p role="status">Loading…</p>

export default function LiveCheckout() {
  // Reads the server's cart into this device; the screen shows the device's view of it.
  const read = useQuery(cartQuery)
  const view = useCartView()
  // Saved addresses are an account's: a guest session has none (the server answers 403).
  const who = useSignedIn()
  // 'u' alone: signed in, but whether as an account or a guest is not read yet.
  const account = who.startsWith('u') && who.length > 1
  const saved = useQuery({ ...addressesQuery(), enabled: account })
  // A dealer orders for its customers through this same checkout (docs/dealers.md).
  const user = useQuery({ ...userQuery(), enabled: account })
  const online = useOnlineStatus()
  const dealer = account && user.data?.role === 'dealer'
  return (
    <CheckoutScreen
      view={view}
      refreshCart={() => read.refetch()}
      submit={sendSubmit}
      login={(onSignedIn) => (
        <Suspense fallback={loading}>
          <LoginScreen heading={null} onSignedIn={onSignedIn} />
        </Suspense>
      )}
      savedAddresses={account ? (saved.data ?? []) : undefined}
      payment={(order, settled) => (
        <Suspense fallback={loading}>
          <PaymentStepSlot order={order} settled={settled} />
        </Suspense>
      )}
      notices={<RefusalNotices />}
      placeFor={
        dealer && view ? (
          <Suspense fallback={loading}>
            <PlaceForControl
              placedFor={view.cart.placedFor ?? null}
              online={online}
              onPlaced={() => read.refetch()}
            />
          </Suspense>
        ) : undefined
      }
    />
  )
}
