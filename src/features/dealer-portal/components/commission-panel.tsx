import { useQuery } from '@tanstack/react-query'
import { useEffect, useRef, useState } from 'react'
import { ratePercent } from '../../../../contract/dealer.ts'
import { formatDateTime } from '../../../lib/format-date.ts'
import {
  changePayout,
  commissionQuery,
  fetchLedgerCsv,
  requestPayout,
  type DealerCommission,
} from '../api.ts'
import {
  amountInputOf,
  kindLabels,
  payoutStatusLabels,
  readProblem,
  type PayoutResult,
} from '../model.ts'
import { Amount } from './amount.tsx'
import { PayoutForm } from './payout-form.tsx'
import { PayoutResultMessage } from './payout-result.tsx'

type Payout = DealerCommission['payouts'][number]

/** The balance with the payout request form, the payout requests, and the ledger. */
export function CommissionPanel() {
  const read = useQuery(commissionQuery())
  const commission = read.data
  // Here, not in the form: a request for the whole balance leaves no form to say it was sent.
  const [result, setResult] = useState<PayoutResult>()
  if (!commission)
    return (
      <section className="panel" aria-labelledby="dealer-balance">
        <h2 id="dealer-balance">Commission</h2>
        {read.error ? (
          <p role="alert" className="form-problem">
            {readProblem(read.error, 'your commission')}
          </p>
        ) : (
          <p role="status">Loading your commission…</p>
        )}
      </section>
    )
  const { currency } = commission
  return (
    <>
      <section className="panel" aria-labelledby="dealer-balance">
        <h2 id="dealer-balance">Commission balance</h2>
        <p className="dealer-balance" data-testid="dealer-balance">
          <Amount minor={commission.balance} currency={currency} />
        </p>
        <p className="field-hint">
          {ratePercent(commission.rateBp)} of each paid order of your customers, less shipping. A
          payout request leaves the balance at once; the shop pays it.
        </p>
        {commission.balance > 0 ? (
          <>
            <h3>Request a payout</h3>
            <PayoutForm
              id="payout-new"
              submitLabel="Request payout"
              sentText="Sent. Your balance and ledger below show it."
              send={(body, key) => requestPayout(body, key)}
              onResult={setResult}
            />
          </>
        ) : (
          <p>Nothing to pay out yet: commission is added when your customers’ orders are paid.</p>
        )}
        <PayoutResultMessage result={result} />
      </section>
      <section className="panel" aria-labelledby="dealer-payouts">
        <h2 id="dealer-payouts">Payout requests</h2>
        {commission.payouts.length === 0 ? (
          <p>No payout requests yet.</p>
        ) : (
          <ul className="dealer-entries" data-testid="dealer-payouts">
            {commission.payouts.map((payout) => (
              <PayoutItem key={payout.id} payout={payout} />
            ))}
          </ul>
        )}
      </section>
      <section className="panel" aria-labelledby="dealer-ledger">
        <h2 id="dealer-ledger">Ledger</h2>
        <CsvButton />
        {commission.ledger.length === 0 ? (
          <p>No entries yet.</p>
        ) : (
          <ol className="dealer-entries" data-testid="dealer-ledger">
            {commission.ledger.map((entry) => (
              <li key={entry.id} className="dealer-row">
                <span className="dealer-row-head">
                  <strong>{kindLabels[entry.kind]}</strong>
                  <Amount
                    minor={entry.amount}
                    currency={currency}
                    signed
                    className={entry.amount < 0 ? 'dealer-minus' : 'dealer-plus'}
                  />
                </span>
                <span>{entry.note}</span>
                <span className="field-hint">
                  {formatDateTime(Date.parse(entry.at))} · balance{' '}
                  <Amount minor={entry.balanceAfter} currency={currency} />
                </span>
              </li>
            ))}
          </ol>
        )}
      </section>
    </>
  )
}

function PayoutItem({ payout }: { payout: Payout }) {
  const [editing, setEditing] = useState(false)
  const [result, setResult] = useState<PayoutResult>()
  const opener = useRef<HTMLButtonElement>(null)
  const backToOpener = useRef(false)
  // Closed with nothing sent: focus goes back to the button that opened the form, in its place.
  useEffect(() => {
    if (editing || !backToOpener.current) return
    backToOpener.current = false
    opener.current?.focus()
  }, [editing])
  return (
    <li className="dealer-row">
      <span className="dealer-row-head">
        <Amount minor={payout.amount} currency={payout.currency} className="dealer-strong" />
        <span className={`dealer-state dealer-state-${payout.status}`}>
          {payoutStatusLabels[payout.status]}
        </span>
      </span>
      <span className="field-hint">
        Asked {formatDateTime(Date.parse(payout.createdAt))}
        {payout.paidAt && ` · paid ${formatDateTime(Date.parse(payout.paidAt))}`}
      </span>
      {payout.notes && <span>“{payout.notes}”</span>}
      {payout.status === 'requested' &&
        (editing ? (
          <PayoutForm
            id={`payout-${payout.id}`}
            initialAmount={amountInputOf(payout.amount)}
            initialNotes={payout.notes}
            submitLabel="Save the change"
            sentText="Saved. Your balance and ledger show the change."
            send={(body, key) => changePayout(payout.id, body, key)}
            onResult={setResult}
            onDone={() => setEditing(false)}
            onCancel={() => {
              backToOpener.current = true
              setEditing(false)
            }}
            focusOnOpen
          />
        ) : (
          <button
            ref={opener}
            type="button"
            className="button button-secondary"
            onClick={() => {
              setResult(undefined)
              setEditing(true)
            }}
          >
            Change this request
          </button>
        ))}
      <PayoutResultMessage result={result} />
    </li>
  )
}

/** The ledger as the shop's CSV, saved by the browser. */
function CsvButton() {
  const [problem, setProblem] = useState<string>()
  const download = async () => {
    setProblem(undefined)
    try {
      const text = await fetchLedgerCsv()
      const url = URL.createObjectURL(new Blob([text], { type: 'text/csv' }))
      const link = document.createElement('a')
      link.href = url
      link.download = 'commission-ledger.csv'
      link.click()
      setTimeout(() => URL.revokeObjectURL(url), 0)
    } catch (error) {
      setProblem(`The ledger could not be downloaded: ${(error as Error).message}`)
    }
  }
  return (
    <p>
      <button type="button" className="button button-secondary" onClick={() => void download()}>
        Download the ledger (CSV)
      </button>
      {problem && (
        <span role="alert" className="form-problem">
          {problem}
        </span>
      )}
    </p>
  )
}
