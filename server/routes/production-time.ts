import { createRoute, z } from '@hono/zod-openapi'
import {
  ProductionTimeCategory,
  ProductionTimeForCategory,
} from '../../contract/production-time.ts'
import type { Database } from '../db/index.ts'
import { publicAnswerCacheControl } from '../http/cache-control.ts'
import { errorResponse, messages } from '../http/errors.ts'
import { component } from '../http/openapi-schema.ts'
import { createRouter } from '../http/router.ts'
import { currentProductionTime, productionTimeFor } from '../services/production-time.ts'
import { productApiPaths } from '../../contract/families.ts'
import { Slug } from '../../contract/slug.ts'

const ProductionTimeCategorySchema = component(ProductionTimeCategory, 'ProductionTimeCategory')
const ProductionTimeSchema = z
  .object({ updated_at: z.iso.date(), categories: z.array(ProductionTimeCategorySchema) })
  .openapi('ProductionTime')
const ProductionTimeForCategorySchema = component(
  ProductionTimeForCategory,
  'ProductionTimeForCategory',
)

const getProductionTime = createRoute({
  method: 'get',
  path: '/order/production-time',
  tags: ['production-time'],
  summary: 'How long custom orders take to make now, per product category',
  description:
    'The workshop revises these figures as its queue changes; `updated_at` is the day it last ' +
    'did. Categories are family keys, in the order the production time page lists them; a ' +
    'family without made-to-order products may be missing.',
  responses: {
    200: {
      description: 'The current production times',
      content: { 'application/json': { schema: ProductionTimeSchema } },
    },
  },
})

const getCategoryProductionTime = createRoute({
  method: 'get',
  path: `/product/${productApiPaths.productionTime}/category/{category}`,
  tags: ['production-time'],
  summary: 'How long custom orders of one product category take to make now',
  description:
    'One category of `GET /api/order/production-time`: its weeks and note as the workshop last ' +
    'revised them. Public and cacheable, as the catalog is.',
  request: {
    params: z.object({
      // clone(): a contract schema built before @hono/zod-openapi loaded has no .openapi().
      category: Slug.clone().openapi({ description: 'A family key', example: 'wingsuits' }),
    }),
  },
  responses: {
    200: {
      description: 'The current production time of the category',
      content: { 'application/json': { schema: ProductionTimeForCategorySchema } },
    },
    404: errorResponse(
      'The category is not a family key (or not even written as a key), or has no production time',
    ),
  },
})

/** `/product/production-time/…` is registered before `/product/{slug}`, as is the archive. */
export function productionTimeRoutes({ db }: { db: Database }) {
  return createRouter()
    .openapi(getProductionTime, async (c) =>
      c.json(await currentProductionTime(db), 200, {
        'Cache-Control': publicAnswerCacheControl,
      }),
    )
    .openapi(getCategoryProductionTime, async (c) => {
      const found = await productionTimeFor(db, c.req.valid('param').category)
      return found
        ? c.json(found, 200, { 'Cache-Control': publicAnswerCacheControl })
        : c.json({ message: messages.notFound }, 404)
    })
}
