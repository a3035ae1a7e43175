import { formatMoney } from '../../../../contract/money.ts'

/**
 * A money amount as one unbreakable piece with figures of one width (dealer.css `.dealer-amount`):
 * on a 390 px phone "$100.00" never splits into "$100.0" and "0", and amounts in a column line up.
 * `signed` writes a + before a gain, as the ledger does.
 */
export function Amount({
  minor,
  currency,
  signed = false,
  className,
}: {
  minor: number
  currency: string
  signed?: boolean
  className?: string
}) {
  return (
    <span className={className ? `dealer-amount ${className}` : 'dealer-amount'}>
      {`${signed && minor > 0 ? '+' : ''}${formatMoney(minor, currency)}`}
    </span>
  )
}
