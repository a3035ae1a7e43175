import { z } from 'zod'
import { maxSlugLength, slugMessage, slugPattern } from './slug-pattern.ts'

/** A slug or key as the contract validates it (the pattern and its reasons: slug-pattern.ts). */
export const Slug = z
  .string()
  .max(maxSlugLength, `must be at most ${maxSlugLength} characters`)
  .regex(slugPattern, slugMessage)
