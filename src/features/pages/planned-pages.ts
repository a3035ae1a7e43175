import type { PageRoute } from '../../../contract/routes.ts'

/**
 * Titles and summaries of the screens whose feature ships later: each says what will be there.
 * The catch-all route shows them (contract/routes.ts catchAllRoutes); the text loads with that
 * route's code, not with the app.
 */
export interface PlannedPageContent {
  title: string
  summary: string
  coming: string[]
}

export const plannedPages: Partial<Record<PageRoute, PlannedPageContent>> = {
  '/contact': {
    title: 'Contact us',
    summary: 'Questions about sizing, orders or repairs? We answer every message.',
    coming: ['The contact form'],
  },
  '/orders/confirmation/$': {
    title: 'Order confirmation',
    summary: 'Thank you. Your order details appear here.',
    coming: ['Your order summary and next steps'],
  },
  '/update-shipping-address/$': {
    title: 'Update shipping address',
    summary: 'Change where an order ships.',
    coming: ['The address form'],
  },
  '/orders/$orderId': {
    title: 'Order',
    summary: 'The status and details of one order.',
    coming: ['Items, payments and shipping'],
  },
  '/add-to-order/$paymentCode': {
    title: 'Add to your order',
    summary: 'Add items to an order you have already submitted.',
    coming: ['The add-to-order form'],
  },
  '/apple-pay/$orderId': {
    title: 'Apple Pay',
    summary: 'Pay for your order with Apple Pay.',
    coming: ['The Apple Pay button'],
  },
}
