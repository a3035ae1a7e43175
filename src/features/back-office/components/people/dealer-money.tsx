import { useMutation } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { useRef, useState } from 'react'
import { formatMoney } from '../../../../../contract/money.ts'
import { fetchDealerLedgerCsv, markPayoutPaid, type DealerDetail } from '../../api/people.ts'
import { actionOptions } from '../../query.ts'
import { ActionFailure } from '../action-failure.tsx'
import { ActionButton } from '../action-button.tsx'
import { Announcement, say, type Said } from '../announcement.tsx'
import { ConfirmDialog } from '../confirm-dialog.tsx'
import { formatWhen, ledgerKindLabels, payoutStatusLabels } from './people-model.ts'
import { useDealerAction } from './use-dealer-action.ts'

type Payout = DealerDetail['payouts'][number]

/**
 * The dealer's payout requests, newest first. "Mark paid" records that the shop has paid one
 * (after asking, with the amount): the dealer then sees it paid and can no longer change it.
 */
export function DealerPayouts({ dealer }: { dealer: DealerDetail }) {
  const markPaid = useDealerAction((payoutId: string) => markPayoutPaid(payoutId))
  const [asked, setAsked] = useState<Payout>()
  const [said, setSaid] = useState<Said>()
  const saidRef = useRef<HTMLParagraphElement>(null)
  // The button that opened the dialog, for focus to return to on Cancel.
  const buttons = useRef(new Map<string, HTMLButtonElement>())
  const triggerRef = useRef<HTMLButtonElement | null>(null)

  const confirm = () => {
    if (!asked) return
    markPaid.mutate(asked.id, {
      onSuccess: () => {
        setAsked(undefined)
        setSaid(say(`The payout of ${formatMoney(asked.amount, asked.currency)} is marked paid.`))
      },
    })
  }

  return (
    <section className="people-section" aria-labelledby="dealer-payouts">
      <h2 id="dealer-payouts">Payout requests</h2>
      {dealer.payouts.length === 0 ? (
        <p>No payout request.</p>
      ) : (
        <ul className="people-cards">
          {dealer.payouts.map((payout) => (
            <li key={payout.id} className="people-card">
              <p className="people-card-amount">
                <strong>{formatMoney(payout.amount, payout.currency)}</strong>,{' '}
                {payoutStatusLabels[payout.status]}
                {payout.paidAt && ` on ${formatWhen(payout.paidAt)}`}
              </p>
              <p className="people-card-sub">Requested {formatWhen(payout.createdAt)}</p>
              {payout.notes && <p className="people-wrap">{payout.notes}</p>}
              {payout.status === 'requested' && (
                <div className="admin-no-print">
                  <ActionButton
                    ref={(button) => {
                      if (button) buttons.current.set(payout.id, button)
                      else buttons.current.delete(payout.id)
                    }}
                    onClick={() => {
                      triggerRef.current = buttons.current.get(payout.id) ?? null
                      markPaid.reset()
                      setSaid(undefined)
                      setAsked(payout)
                    }}
                  >
                    Mark paid{' '}
                    <span className="visually-hidden">
                      {formatMoney(payout.amount, payout.currency)}
                    </span>
                  </ActionButton>
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
      {!asked && <ActionFailure error={markPaid.error} />}
      <Announcement said={said} ref={saidRef} />
      <ConfirmDialog
        open={asked !== undefined}
        onOpenChange={(open) => !open && setAsked(undefined)}
        title="Mark this payout paid?"
        confirmLabel="Mark paid"
        onConfirm={confirm}
        pending={markPaid.isPending}
        error={markPaid.error}
        returnFocus={said ? saidRef : triggerRef}
      >
        {asked && (
          <p>
            Record that the shop has paid{' '}
            <strong>{formatMoney(asked.amount, asked.currency)}</strong> to{' '}
            {dealer.entry?.name ?? dealer.email} (requested {formatWhen(asked.createdAt)}). The
            dealer sees it paid and can no longer change it. This sends no money: pay it first.
          </p>
        )}
      </ConfirmDialog>
    </section>
  )
}

/** Saves text as a file: the ledger came through the API client, with the bearer token. */
function saveFile(text: string, filename: string) {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }))
  const link = document.createElement('a')
  link.href = url
  link.download = filename
  link.click()
  setTimeout(() => URL.revokeObjectURL(url), 0)
}

/** The ledger, newest first, each entry with the balance it left, and its CSV. */
export function DealerLedger({ dealer }: { dealer: DealerDetail }) {
  // The server's own name for the file (services/admin/dealers-admin.ts dealerLedgerCsv).
  const filename = `commission-${dealer.entry?.slug ?? 'untied-dealer'}.csv`
  const [said, setSaid] = useState<Said>()
  const saidRef = useRef<HTMLParagraphElement>(null)
  const download = useMutation({
    ...actionOptions,
    mutationFn: () => fetchDealerLedgerCsv(dealer.id),
    onSuccess: (text) => {
      saveFile(text, filename)
      setSaid(say(`The ledger is saved as ${filename}.`))
    },
  })
  return (
    <section className="people-section" aria-labelledby="dealer-ledger">
      <h2 id="dealer-ledger">Ledger</h2>
      <p>
        Balance: <strong className="amount">{formatMoney(dealer.balance, dealer.currency)}</strong>
        {dealer.requestedPayouts > 0 &&
          `, after ${formatMoney(dealer.requestedAmount, dealer.currency)} requested and not paid yet`}
        .
      </p>
      <div className="admin-no-print">
        <ActionButton
          variant="secondary"
          pending={download.isPending}
          onClick={() => {
            setSaid(undefined)
            download.mutate()
          }}
        >
          Download the ledger (CSV)
        </ActionButton>
      </div>
      <ActionFailure error={download.error} />
      <Announcement said={said} ref={saidRef} />
      {dealer.ledger.length === 0 ? (
        <p>No entry yet.</p>
      ) : (
        <div className="admin-table-wrap">
          <table className="admin-table">
            <caption className="visually-hidden">Ledger entries, newest first</caption>
            <thead>
              <tr>
                <th scope="col">Date</th>
                <th scope="col">Entry</th>
                <th scope="col" className="amount">
                  Amount
                </th>
                <th scope="col" className="amount">
                  Balance
                </th>
              </tr>
            </thead>
            <tbody>
              {dealer.ledger.map((entry) => (
                <tr key={entry.id}>
                  <td>{formatWhen(entry.at)}</td>
                  <td>
                    {ledgerKindLabels[entry.kind]}
                    {entry.orderId ? (
                      <>
                        {': '}
                        <Link to="/admin/$" params={{ _splat: `orders/${entry.orderId}` }}>
                          {entry.note || 'the order'}
                        </Link>
                      </>
                    ) : (
                      entry.note && `: ${entry.note}`
                    )}
                  </td>
                  <td className="amount">{formatMoney(entry.amount, dealer.currency)}</td>
                  <td className="amount">{formatMoney(entry.balanceAfter, dealer.currency)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  )
}
