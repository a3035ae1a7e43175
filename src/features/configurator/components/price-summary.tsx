import type { ReactNode } from 'react'
import { formatMoney } from '../../../../contract/money.ts'
import { priceLines, TOTAL_PRICE, type DraftContext, type OrderDraft } from '../model.ts'
import { InfoButton } from './overlays.tsx'
import type { OpenInfo } from './section-props.ts'

interface PriceSummaryProps {
  draft: OrderDraft
  context: DraftContext
  onInfo: OpenInfo
  /**
   * How long the design takes: the workshop's current production time plus the weeks its
   * upgrades add (another feature's, composed by the route), the one figure the design shows.
   */
  productionTime?: (addedWeeks: number) => ReactNode
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
      <div className="configurator-lead-time">
        {productionTime?.(draft.leadTime - context.product.leadTimeWeeks)}
        <InfoButton contentType="lead-time" label="What is this?" onOpen={onInfo} />
      </div>
    </div>
  )
}
