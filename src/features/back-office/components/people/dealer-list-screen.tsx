import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { formatMoney } from '../../../../../contract/money.ts'
import { dealersQuery, type DealerRow, type DealersList } from '../../api/people.ts'
import { AsOf } from '../as-of.tsx'
import { Fact } from '../fact.tsx'
import { percentOfBp, personName } from './people-model.ts'
import { ReadProblem } from '../read-problem.tsx'
import './people.css'

/**
 * `/admin/dealers`: every dealer (tied ones first, by their entry's name), with its rate, its
 * customers, its balance and the payout requests waiting for the shop; then the directory
 * entries no dealer holds. Kept on the device for offline reading.
 */
export function DealerListScreen() {
  const read = useQuery(dealersQuery())
  return (
    <main className="people-screen">
      <h1>Dealers</h1>
      {read.data ? (
        <>
          <AsOf read={read.data} />
          <Dealers list={read.data.data} />
        </>
      ) : (
        <ReadProblem read={read} what="dealers" />
      )}
    </main>
  )
}

function Dealers({ list }: { list: DealersList }) {
  const waiting = list.dealers.filter((dealer) => dealer.requestedPayouts > 0).length
  const free = list.directory.filter((entry) => entry.active && entry.dealerId === null)
  return (
    <>
      <section className="people-section" aria-labelledby="dealer-list">
        <h2 id="dealer-list">Dealer accounts</h2>
        <p>
          {list.dealers.length === 1 ? '1 dealer' : `${list.dealers.length} dealers`}
          {waiting > 0 &&
            `; ${waiting === 1 ? '1 has' : `${waiting} have`} payout requests waiting`}
          .
        </p>
        {list.dealers.length > 0 && (
          <ul className="people-cards">
            {list.dealers.map((dealer) => (
              <DealerCard key={dealer.id} dealer={dealer} />
            ))}
          </ul>
        )}
      </section>
      <section className="people-section" aria-labelledby="dealer-directory">
        <h2 id="dealer-directory">Directory entries with no dealer</h2>
        {free.length === 0 ? (
          <p>Every entry of the directory has its dealer.</p>
        ) : (
          <ul>
            {free.map((entry) => (
              <li key={entry.slug}>
                {entry.name}, {entry.city}, {entry.country}
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  )
}

function DealerCard({ dealer }: { dealer: DealerRow }) {
  return (
    <li className="people-card">
      <h3>
        <Link to="/admin/$" params={{ _splat: `dealers/${dealer.id}` }}>
          {dealer.entry?.name ?? personName(dealer)}
        </Link>
      </h3>
      <p className="people-card-sub">
        {dealer.entry
          ? `${dealer.entry.city}, ${dealer.entry.country} · ${dealer.email}`
          : `${dealer.email} · not tied to a directory entry`}
      </p>
      <dl className="people-facts">
        <Fact term="Rate">
          {dealer.rateBp === null ? 'None until tied' : percentOfBp(dealer.rateBp)}
        </Fact>
        <Fact term="Customers">{dealer.customerCount}</Fact>
        <Fact term="Balance" className="amount">
          {formatMoney(dealer.balance, dealer.currency)}
        </Fact>
        <Fact term="Payouts waiting">
          {dealer.requestedPayouts === 0
            ? 'None'
            : `${dealer.requestedPayouts}, ${formatMoney(dealer.requestedAmount, dealer.currency)}`}
        </Fact>
      </dl>
    </li>
  )
}
