import { z } from 'zod'
import { maxSlugLength, slugMessage, slugPattern } from './slug-pattern.ts'

// The pattern itself lives in slug-pattern.ts, which has no zod (the app's route validators use it).
export { isSlug, maxSlugLength, slugMessage, slugPattern } from './slug-pattern.ts'

/** A slug or key as an API input or content field (see slug-pattern.ts). */
export const Slug = z
  .string()
  .max(maxSlugLength, `must be at most ${maxSlugLength} characters`)
  .regex(slugPattern, slugMessage)
