/**
 * The one shape of every slug and key the store puts in a URL, in content or in an API path:
 * lower-case words joined by hyphens (`corvid-2`, `base-jumping`). Unambiguous, so matching is
 * linear; the length cap keeps hostile input from reaching the database at all. Apart from the
 * zod schema (slug.ts) so the app's route validators can check a slug without loading zod.
 */
export const slugPattern = /^[a-z0-9]+(?:-[a-z0-9]+)*$/
export const maxSlugLength = 100
export const slugMessage = 'must be lower-case words joined by hyphens'

export function isSlug(value: string): boolean {
  return value.length > 0 && value.length <= maxSlugLength && slugPattern.test(value)
}
