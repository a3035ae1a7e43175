import { z } from 'zod'

/**
 * The body of every error the API returns. `errors` is present on 422 only and maps a
 * snake_case field name (dotted for nested fields) to its messages.
 */
export const ApiErrorBody = z.object({
  message: z.string(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
})
export type ApiErrorBody = z.infer<typeof ApiErrorBody>
