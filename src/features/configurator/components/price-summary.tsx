import type { ReactNode } from 'react'
import { formatMoney } from '../../../../contract/money.ts'
import { priceLines, TOTAL_PRICE, type DraftContext, type OrderDraft } from '../model.ts'
import { InfoButton } from './overlays.tsx'
import type { OpenInfo } from './section-props.ts'

interface PriceSummaryProps {
  draft: OrderDraft
  context: DraftContext
  onInfo: OpenInfo
  /** The workshop's current production time, shown beside the lead time. */
  productionTime?: ReactNode
}

/** The price line by line, the total, and how long the suit takes to make. */
export function PriceSummary({ draft, context, onInfo, productionTime }: PriceSummaryProps) {
  const money = (minor: number) => formatMoney(minor, context.product.currency)
  return (
    <div className="configurator-summary" aria-live="polite">
      <table className="price-lines">
        <caption className="visually-hidden">Price of your design</caption>
        <tbody>
          {priceLines(draft, context).map((line, index) => (
            <tr key={`${line.label}-${index}`}>
              <th scope="row">{line.label}</th>
              <td>{index === 0 ? money(line.amount) : `+ ${money(line.amount)}`}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row">Total{draft.qty > 1 ? ` for ${draft.qty}` : ''}</th>
            <td data-testid="total-price">{money(Number(draft.order[TOTAL_PRICE] ?? 0))}</td>
          </tr>
        </tfoot>
      </table>
      <p className="configurator-lead-time">
        Made in about <strong data-testid="lead-time">{draft.leadTime} weeks</strong>{' '}
        <InfoButton contentType="lead-time" label="What is this?" onOpen={onInfo} />
      </p>
      {productionTime}
    </div>
  )
}
