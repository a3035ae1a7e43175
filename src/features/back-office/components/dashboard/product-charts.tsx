import { formatMoney } from '../../../../../contract/money.ts'
import type { AdminDashboard, ProductSales } from '../../api/dashboard.ts'
import { ChartFigure, FiguresTable } from './chart-figure.tsx'
import { formatCount, periodLabel, shareText } from './chart-model.ts'
import { RankedBars } from './ranked-bars.tsx'
import { SplitBars } from './split-bars.tsx'

/** A product as the shop names it; one no longer in the catalog by its slug. */
const productName = (product: ProductSales) => product.name ?? product.slug

/** Made-to-order orders against the rest, and the products sold most. */
export function ProductCharts({ figures }: { figures: AdminDashboard }) {
  const { currency } = figures
  const period = periodLabel(figures.from, figures.to)
  const money = (minor: number) => formatMoney(minor, currency)
  const { madeToOrder: made, inStock } = figures.madeToOrder
  const orders = made.orders + inStock.orders
  const sales = made.sales + inStock.sales
  const { byQuantity, byAmount } = figures.topProducts
  return (
    <>
      <ChartFigure
        title="Made to order against in stock"
        note="Made to order: every item of the order was made for the customer."
        empty={orders === 0 ? 'No orders in this period.' : undefined}
        chart={
          <SplitBars
            label={`Made to order against in stock, ${period}: ${formatCount(made.orders)} of ${formatCount(orders)} orders (${shareText(made.orders, orders)}) and ${money(made.sales)} of ${money(sales)} in sales (${shareText(made.sales, sales)}) were made to order.`}
            rows={[
              {
                name: 'Orders',
                parts: [
                  { name: 'Made to order', value: made.orders, text: formatCount(made.orders) },
                  { name: 'In stock', value: inStock.orders, text: formatCount(inStock.orders) },
                ],
              },
              {
                name: 'Sales',
                parts: [
                  { name: 'Made to order', value: made.sales, text: money(made.sales) },
                  { name: 'In stock', value: inStock.sales, text: money(inStock.sales) },
                ],
              },
            ]}
          />
        }
        table={
          <FiguresTable
            caption={`Made to order against in stock, ${period}`}
            columns={['Orders that are', 'Orders', 'Share', 'Sales', 'Share']}
            rows={[
              { name: 'Made to order', part: made },
              { name: 'In stock', part: inStock },
            ].map(({ name, part }) => ({
              key: name,
              head: name,
              cells: [
                formatCount(part.orders),
                shareText(part.orders, orders),
                money(part.sales),
                shareText(part.sales, sales),
              ],
            }))}
          />
        }
      />
      <TopProducts
        title="Top products by items"
        products={byQuantity}
        value={(product) => product.quantity}
        text={(product) => formatCount(product.quantity)}
        label={(top) =>
          `Bars of the ${byQuantity.length} products sold most by items, ${period}: ${top}.`
        }
        money={money}
        caption={`Top products by items, ${period}`}
      />
      <TopProducts
        title="Top products by amount"
        products={byAmount}
        value={(product) => product.amount}
        text={(product) => money(product.amount)}
        label={(top) =>
          `Bars of the ${byAmount.length} products sold most by amount, ${period}: ${top}.`
        }
        money={money}
        caption={`Top products by amount, ${period}`}
      />
    </>
  )
}

function TopProducts({
  title,
  products,
  value,
  text,
  label,
  money,
  caption,
}: {
  title: string
  products: readonly ProductSales[]
  value: (product: ProductSales) => number
  text: (product: ProductSales) => string
  /** The drawing's sentence, given the first product and its figure. */
  label: (top: string) => string
  money: (minor: number) => string
  caption: string
}) {
  const first = products[0]
  return (
    <ChartFigure
      title={title}
      note="Amounts are the lines as charged, upgrades included, before discounts and shipping."
      empty={first ? undefined : 'No products sold in this period.'}
      chart={
        first ? (
          <RankedBars
            label={label(`${productName(first)} first, ${text(first)}`)}
            bars={products.map((product) => ({
              key: product.slug,
              name: productName(product),
              value: value(product),
              text: text(product),
            }))}
          />
        ) : null
      }
      table={
        <FiguresTable
          caption={caption}
          columns={['Product', 'Items', 'Amount']}
          rows={products.map((product) => ({
            key: product.slug,
            head: (
              <>
                {productName(product)}
                {product.name === null ? (
                  <span className="dash-muted"> (no longer in the catalog)</span>
                ) : null}
              </>
            ),
            cells: [formatCount(product.quantity), money(product.amount)],
          }))}
        />
      }
    />
  )
}
