import { formatMoney } from '../../../../../contract/money.ts'
import type { AdminDashboard } from '../../api/dashboard.ts'
import { formatCount } from './chart-model.ts'

/**
 * The period's four figures, large, before any chart: what was sold, how many orders, the
 * average order, and what was given back. Sales keep refunded orders at their totals (the
 * server's reading), so what was kept is said under them.
 */
export function SummaryFigures({ figures }: { figures: AdminDashboard }) {
  const { summary, currency } = figures
  const money = (minor: number) => formatMoney(minor, currency)
  const items = [
    { name: 'Sales', value: money(summary.sales) },
    { name: 'Orders', value: formatCount(summary.orders) },
    { name: 'Average order value', value: money(summary.averageOrderValue) },
    { name: 'Refunded', value: money(summary.refunded) },
  ]
  return (
    <>
      <dl className="dash-summary">
        {items.map((item) => (
          <div key={item.name} className="dash-summary-item">
            <dt>{item.name}</dt>
            <dd className="amount">{item.value}</dd>
          </div>
        ))}
      </dl>
      <p className="dash-muted">
        Sales are the orders’ totals with refunds not taken off:{' '}
        {money(summary.sales - summary.refunded)} kept after refunds. Cancelled orders, and orders
        in other currencies than {currency}, are left out.
      </p>
    </>
  )
}
