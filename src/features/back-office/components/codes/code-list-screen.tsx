import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { codesQuery, type CodeRow } from '../../api/codes.ts'
import { AsOf } from '../as-of.tsx'
import { formatWhen } from '../people/people-model.ts'
import { ReadProblem } from '../read-problem.tsx'
import { Fact } from '../fact.tsx'
import { AdminsOnly } from './admins-only.tsx'
import { restrictionText, stateLabels, usesText, valueText } from './code-model.ts'
import '../people/people.css'
import './codes.css'

/**
 * `/admin/codes`: every discount code, by code, with what it takes off, its uses against its
 * limit, when it runs and its state (active, scheduled, used up, ended). An admin's screen: staff
 * are told so instead (the server refuses them too). Kept on the device for offline reading.
 */
export function CodeListScreen({ role }: { role: string | undefined }) {
  if (role !== 'admin') return <AdminsOnly heading="Discount codes" />
  return <Codes />
}

function Codes() {
  const read = useQuery(codesQuery())
  const codes = read.data?.data.discountCodes
  const counts = codes?.reduce<Record<string, number>>((count, code) => {
    count[code.state] = (count[code.state] ?? 0) + 1
    return count
  }, {})
  return (
    <main className="people-screen">
      <h1>Discount codes</h1>
      <p>
        <Link to="/admin/$" params={{ _splat: `codes/${'new'}` }} className="button">
          New code
        </Link>
      </p>
      {!read.data || !codes || !counts ? (
        <ReadProblem read={read} what="discount codes" />
      ) : (
        <>
          <AsOf read={read.data} />
          <p>
            {codes.length === 1 ? '1 code' : `${codes.length} codes`}
            {codes.length > 0 &&
              `: ${(Object.keys(stateLabels) as (keyof typeof stateLabels)[])
                .filter((state) => counts[state])
                .map((state) => `${counts[state]} ${stateLabels[state].toLowerCase()}`)
                .join(', ')}`}
            .
          </p>
          {codes.length > 0 && (
            <ul className="people-cards">
              {codes.map((code) => (
                <CodeCard key={code.id} code={code} />
              ))}
            </ul>
          )}
        </>
      )}
    </main>
  )
}

function CodeCard({ code }: { code: CodeRow }) {
  return (
    <li className="people-card">
      <h2 className="codes-card-title">
        <Link to="/admin/$" params={{ _splat: `codes/${code.code}` }}>
          {code.code}
        </Link>{' '}
        <span className={`codes-state codes-state-${code.state}`}>{stateLabels[code.state]}</span>
      </h2>
      <p>{code.description}</p>
      <dl className="people-facts">
        <Fact term="Takes">{valueText(code)}</Fact>
        <Fact term="Uses">{usesText(code)}</Fact>
        <Fact term="Runs">
          {code.startsAt ? `from ${formatWhen(code.startsAt)}` : 'from its creation'}
          {code.expiresAt ? ` until ${formatWhen(code.expiresAt)}` : ', no end'}
        </Fact>
        <Fact term="For" className="people-wrap">
          {restrictionText(code)}
        </Fact>
      </dl>
    </li>
  )
}
