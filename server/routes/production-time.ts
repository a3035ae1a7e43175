import { createRoute, z } from '@hono/zod-openapi'
import {
  ProductionTimeCategory,
  ProductionTimeForCategory,
} from '../../contract/production-time.ts'
import type { Database } from '../db/index.ts'
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

/**
 * The same for every visitor: browsers and the service worker may keep them (the worker keeps
 * them for offline use; an answer the API marks private it never stores).
 */
const productionTimeCacheControl = 'public, max-age=60'

/** `/product/production-time/…` is registered before `/product/{slug}`, as is the archive. */
export function productionTimeRoutes({ db }: { db: Database }) {
  return createRouter()
    .openapi(getProductionTime, async (c) => {
      c.header('Cache-Control', productionTimeCacheControl)
      return c.json(await currentProductionTime(db), 200)
    })
    .openapi(getCategoryProductionTime, async (c) => {
      const found = await productionTimeFor(db, c.req.valid('param').category)
      if (!found) return c.json({ message: messages.notFound }, 404)
      c.header('Cache-Control', productionTimeCacheControl)
      return c.json(found, 200)
    })
}
