import { CommissionPanel } from './commission-panel.tsx'
import { CustomerList } from './customer-list.tsx'
import { DealerOrderList } from './dealer-order-list.tsx'
import './dealer.css'

/**
 * The dealer portal inside the account (docs/dealers.md): balance and payouts first (what a dealer
 * comes for), then the ledger, customers and their orders. One column on a phone.
 */
export function DealerPortal() {
  return (
    <div className="dealer-portal" data-testid="dealer-portal">
      <nav aria-label="Dealer portal" className="dealer-nav">
        <a href="#dealer-balance">Balance</a>
        <a href="#dealer-payouts">Payouts</a>
        <a href="#dealer-ledger">Ledger</a>
        <a href="#dealer-customers">Customers</a>
        <a href="#dealer-orders">Orders</a>
      </nav>
      <CommissionPanel />
      <CustomerList />
      <DealerOrderList />
    </div>
  )
}
