/**
 * The customer's own screens: their paths name an order, a payment code or a sign-in token, so a
 * view of one is recorded under its route (`/checkout/$`), never with what the path carries; and
 * the search, whose path is what was searched for. Most specific first (`/orders/confirmation/…`
 * before `/orders/$orderId`). Nothing imported: the page's analytics code reads this list without
 * the route list (src/lib/page-view-path.ts); contract/page-view-paths.ts holds it to that list.
 */
export const privatePageRoutes = [
  '/orders/confirmation/$',
  '/PasswordResets/newpassword/$',
  '/LoginFromAdmin/$',
  '/checkout/$',
  '/update-shipping-address/$',
  '/orders/$orderId',
  '/add-to-order/$paymentCode',
  '/apple-pay/$orderId',
  '/learnSearch/$',
] as const
