import { z } from 'zod'
import { FamilyKey } from './catalog.ts'
import { Slug } from './slug.ts'

/**
 * The archive of suits built to a customer's own design (docs/catalog-and-content.md: `GET
 * /api/product/archive-image`): super custom (the customer's colours on our panel layout) and super
 * duper custom (the customer's own layout too). Content lives in content/archive/<type>.json, one
 * file per type.
 */
export const ArchiveType = z.enum(['supercustom', 'superdupercustom'])
export type ArchiveType = z.infer<typeof ArchiveType>

const slug = Slug

/** A colour of the palette (`n4D`): a letter, a digit and a capital letter. */
const PaletteId = z
  .string()
  .regex(/^[a-z][0-9][A-Z]$/, 'must be a letter, a digit and a capital letter, e.g. n4D')

/**
 * Who flew it, as far as the archive tells: a first name with an optional last-name initial
 * (`Marta`, `Marta K.`) or initials (`J.R.`), never a full name.
 */
const Pilot = z
  .string()
  .max(24)
  .regex(
    /^(?:\p{Lu}[\p{L}'-]*(?: \p{Lu}\.)?|(?:\p{Lu}\.){1,3})$/u,
    'must be a first name with an optional initial ("Marta K.") or initials ("J.R.")',
  )

/** Where archive pictures are served from (public/images/archive/). */
const ArchiveImageSrc = z
  .string()
  .regex(
    /^\/images\/archive\/[a-z0-9]+(?:-[a-z0-9]+)*\.(?:svg|jpe?g|png|webp|avif)$/,
    'must be /images/archive/<name>.<svg|jpg|jpeg|png|webp|avif>',
  )

/** One archive picture as an owner writes it. */
export const ArchiveEntryContent = z.strictObject({
  /** Unique across the whole archive; also names the picture by convention. */
  id: slug.max(80),
  src: ArchiveImageSrc,
  title: z.string().min(1).max(120),
  alt: z.string().min(1).max(300),
  /** The slug of the product the suit was built on (a product file must exist for it). */
  product: slug,
  year: z.number().int().min(1990).max(2100),
  pilot: Pilot.nullable().default(null),
  colors: z.array(PaletteId).min(1).max(12),
})
export type ArchiveEntryContent = z.infer<typeof ArchiveEntryContent>

/** content/archive/<type>.json: the entries of one type, in the order the owner wants them. */
export const ArchiveContent = z.strictObject({
  type: ArchiveType,
  entries: z.array(ArchiveEntryContent),
})
export type ArchiveContent = z.infer<typeof ArchiveContent>

/** One archive picture as the API returns it (snake_case on the wire). */
export const ArchiveImage = z.object({
  id: z.string(),
  src: z.string(),
  title: z.string(),
  alt: z.string(),
  type: ArchiveType,
  /** The family of the product (`wingsuits`), the same keys `GET /api/product/{slug}` takes. */
  category: FamilyKey,
  product_slug: z.string(),
  product_name: z.string(),
  year: z.number().int(),
  pilot: z.string().nullable(),
  colors: z.array(z.string()),
})
export type ArchiveImage = z.infer<typeof ArchiveImage>

/** The largest page `GET /api/product/archive-image` serves, and the size it serves by default. */

export const PageMeta = z.object({
  page: z.number().int(),
  per_page: z.number().int(),
  /** Matching entries over all pages. */
  total: z.number().int(),
  /** 0 when nothing matches. */
  total_pages: z.number().int(),
})
export type PageMeta = z.infer<typeof PageMeta>

export const ArchiveImagePage = z.object({ data: z.array(ArchiveImage), meta: PageMeta })
export type ArchiveImagePage = z.infer<typeof ArchiveImagePage>
