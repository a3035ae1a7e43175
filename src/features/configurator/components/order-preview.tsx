import { formatPrice } from '../../../lib/format-price.ts'
import { TOTAL_PRICE, type DraftContext, type OrderDraft } from '../model.ts'
import { buildAddToOrder } from '../payload.ts'

/** What "Add to order" sent (POST /api/order/add): the design as it went into the cart. */
export function OrderPreview({ draft, context }: { draft: OrderDraft; context: DraftContext }) {
  const payload = buildAddToOrder(draft, context)
  return (
    <div className="order-preview">
      <p>
        <strong>{context.product.name}</strong>, <code>{payload.sku}</code> × {payload.qty}:{' '}
        {formatPrice(Number(draft.order[TOTAL_PRICE] ?? 0), context.product.currency)}
      </p>
      <dl className="order-preview-meta">
        {payload.meta.map((line) => (
          <div key={line.key}>
            <dt>{line.key}</dt>
            <dd>{line.value}</dd>
          </div>
        ))}
      </dl>
      {payload.child.map((child) => (
        <p key={child.sku}>
          With <code>{child.sku}</code> × {child.qty} (
          {child.meta.map((line) => `${line.key}: ${line.value}`).join(', ')})
        </p>
      ))}
    </div>
  )
}
