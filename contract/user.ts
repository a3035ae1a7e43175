import { z } from 'zod'

/**
 * Who an account is. `admin` and `staff` run the back office (docs/back-office.md): staff do
 * everything there but refund, change dealer rates and manage discount codes.
 */
export const Role = z.enum(['customer', 'guest', 'dealer', 'admin', 'staff'])
export type Role = z.infer<typeof Role>

/** The signed-in user as `GET /api/user` returns it. */
export const User = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string().nullable(),
  role: Role,
  created_at: z.string(),
})
export type User = z.infer<typeof User>
