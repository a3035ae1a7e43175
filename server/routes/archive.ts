import { createRoute, z } from '@hono/zod-openapi'
import { archivePageSize } from '../../contract/archive-path.ts'
import { ArchiveImage, ArchiveType, PageMeta } from '../../contract/archive.ts'
import { productApiPaths } from '../../contract/families.ts'
import type { Database } from '../db/index.ts'
import { publicAnswerCacheControl } from '../http/cache-control.ts'
import { errorResponse } from '../http/errors.ts'
import { component } from '../http/openapi-schema.ts'
import { createRouter } from '../http/router.ts'
import { listArchiveImages } from '../services/archive.ts'
import { Slug } from '../../contract/slug.ts'

const ArchiveImageSchema = component(ArchiveImage, 'ArchiveImage')
const ArchiveImagePageSchema = z
  .object({ data: z.array(ArchiveImageSchema), meta: component(PageMeta, 'PageMeta') })
  .openapi('ArchiveImagePage')

const getArchiveImages = createRoute({
  method: 'get',
  path: `/product/${productApiPaths.archive}`,
  tags: ['archive'],
  summary: 'Pictures of super custom and super duper custom suits built for customers',
  description:
    'Newest year first, in the order the archive lists them within a year, one page at a time. ' +
    'Without filters: both types, every product. Pilots are named by first name or initials only.',
  request: {
    query: z.object({
      category: Slug.optional().openapi({
        description:
          'A family key (`wingsuits`) for every product of the family, or a product slug ' +
          '(`corvid-2`). One that names nothing matches nothing.',
        example: 'wingsuits',
      }),
      type: z
        .enum(ArchiveType.options)
        .optional()
        .openapi({ description: 'Only this kind of custom suit.', example: 'supercustom' }),
      page: z.coerce
        .number()
        .int()
        .min(1)
        .max(10_000)
        .default(1)
        .openapi({ description: 'From 1. A page past the last is empty.', example: 1 }),
      per_page: z.coerce
        .number()
        .int()
        .min(1)
        .max(archivePageSize.max)
        .default(archivePageSize.default)
        .openapi({
          description: `Pictures per page, at most ${archivePageSize.max}.`,
          example: archivePageSize.default,
        }),
    }),
  },
  responses: {
    200: {
      description: 'One page of pictures, and where it sits among all that match',
      content: { 'application/json': { schema: ArchiveImagePageSchema } },
    },
    422: errorResponse('A query value is invalid (each field under its own name)'),
  },
})

/** Registered before `/product/{slug}`, which would otherwise take `archive-image` for a slug. */
export function archiveRoutes({ db }: { db: Database }) {
  return createRouter().openapi(getArchiveImages, async (c) => {
    const { category, type, page, per_page } = c.req.valid('query')
    const images = await listArchiveImages(db, { category, type, page, perPage: per_page })
    return c.json(images, 200, { 'Cache-Control': publicAnswerCacheControl })
  })
}
