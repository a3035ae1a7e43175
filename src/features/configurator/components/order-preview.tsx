import { formatMoney } from '../../../../contract/money.ts'
import { measurementFields } from '../measurements.ts'
import {
  measurementsOf,
  TOTAL_PRICE,
  unitsOf,
  type DraftContext,
  type OrderDraft,
} from '../model.ts'
import { designOrder } from '../payload.ts'

/**
 * What "Add to order" put in the cart, as the cart lists it: the product, its size, colours,
 * options and upgrades in words (the line's summary, the server's own function), the body
 * measurements of a made-to-measure suit with their units, and the total.
 */
export function OrderPreview({ draft, context }: { draft: OrderDraft; context: DraftContext }) {
  const { request, line } = designOrder(draft, context)
  const units = unitsOf(draft)
  const values = measurementsOf(draft)
  const measurements = request.sku.includes('-CUSTOM')
    ? measurementFields.flatMap((field) => {
        const value = values[field.key]?.trim()
        return value ? [`${field.label} ${value} ${field[units].unit}`] : []
      })
    : []
  return (
    <div className="order-preview">
      <p>
        <strong>{line.variantName ?? line.name}</strong>
        {request.qty > 1 && ` × ${request.qty}`}:{' '}
        {formatMoney(Number(draft.order[TOTAL_PRICE] ?? 0), line.currency)}
      </p>
      <ul className="order-preview-summary">
        {line.summary.map((item) => (
          <li key={item}>{item}</li>
        ))}
        {measurements.length > 0 && <li>Measurements: {measurements.join(', ')}</li>}
      </ul>
    </div>
  )
}
