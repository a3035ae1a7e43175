import { z } from 'zod'

/**
 * The customer a dealer's order is for (POST /api/order/place-for): on the dealer's cart while it
 * checks out, and on the order it submitted. Only the customer's name and e-mail, which the
 * dealer already sees in its customer list: never the customer's saved addresses.
 */
export const PlacedFor = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string().nullable(),
})
export type PlacedFor = z.infer<typeof PlacedFor>
