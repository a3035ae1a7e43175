import { useQuery } from '@tanstack/react-query'
import { formatMoney } from '../../../../../contract/money.ts'
import { dealerQuery, type DealerDetail } from '../../api/people.ts'
import { AsOf } from '../as-of.tsx'
import { Fact } from '../fact.tsx'
import { AuditList } from './audit-list.tsx'
import { DealerCustomers } from './dealer-customers.tsx'
import { DealerLedger, DealerPayouts } from './dealer-money.tsx'
import { DealerRate } from './dealer-rate.tsx'
import { DealerTie } from './dealer-tie.tsx'
import { percentOfBp, personName, roleLabels } from './people-model.ts'
import { ReadProblem } from '../read-problem.tsx'
import './people.css'

/**
 * `/admin/dealers/{id}`: one dealer, tied to its directory entry, its rate (an admin's to change),
 * its customers linked and unlinked, its payout requests marked paid, and its ledger with the CSV
 * the dealer downloads itself. Kept on the device: offline it shows the copy last read, and
 * every action says it needs the network.
 */
export function DealerScreen({
  dealerId,
  role,
}: {
  dealerId: string
  /** The signed-in account's role: only an admin changes a rate. */
  role: string | undefined
}) {
  const read = useQuery(dealerQuery(dealerId))
  if (!read.data)
    return (
      <main className="people-screen">
        <h1>Dealer</h1>
        <ReadProblem read={read} what="dealer" />
      </main>
    )
  const dealer = read.data.data
  return (
    <main className="people-screen">
      <h1>{dealer.entry?.name ?? personName(dealer)}</h1>
      <AsOf read={read.data} />
      <Summary dealer={dealer} />
      <DealerTie dealer={dealer} />
      <DealerRate dealer={dealer} canChange={role === 'admin'} />
      <DealerCustomers dealer={dealer} />
      <DealerPayouts dealer={dealer} />
      <DealerLedger dealer={dealer} />
      <AuditList entries={dealer.audit} headingId="dealer-audit" />
    </main>
  )
}

function Summary({ dealer }: { dealer: DealerDetail }) {
  return (
    <section className="people-section" aria-labelledby="dealer-summary">
      <h2 id="dealer-summary">Account</h2>
      <dl className="people-facts">
        <Fact term="E-mail" className="people-wrap">
          {dealer.email}
        </Fact>
        <Fact term="Name">{dealer.name ?? 'None given'}</Fact>
        <Fact term="Role">{roleLabels[dealer.role]}</Fact>
        <Fact term="Directory entry">
          {dealer.entry
            ? `${dealer.entry.name}, ${dealer.entry.city}, ${dealer.entry.country}${dealer.entry.active ? '' : ' (gone from the directory)'}`
            : 'Not tied yet'}
        </Fact>
        <Fact term="Rate">
          {dealer.rateBp === null ? 'None until tied' : percentOfBp(dealer.rateBp)}
        </Fact>
        <Fact term="Balance" className="amount">
          {formatMoney(dealer.balance, dealer.currency)}
        </Fact>
        <Fact term="Invitation" className="people-wrap">
          {dealer.invitationPath ?? 'None until tied'}
        </Fact>
      </dl>
    </section>
  )
}
