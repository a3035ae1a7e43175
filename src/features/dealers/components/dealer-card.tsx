import type { DealerData } from '../../../../contract/page-data/dealers.ts'
import { disciplineLabels } from '../../../../contract/page-data/coaches.ts'

export function DealerCard({ dealer }: { dealer: DealerData }) {
  return (
    <article className="dealer-card">
      <h3>{dealer.name}</h3>
      <p className="dealer-city">{dealer.city}</p>
      <address>
        {dealer.address}
        <br />
        <a href={`tel:${dealer.phone.replace(/ /g, '')}`}>{dealer.phone}</a>
        <br />
        <a href={`mailto:${dealer.email}`}>{dealer.email}</a>
        <br />
        <a href={dealer.website} rel="noopener">
          {new URL(dealer.website).host}
        </a>
      </address>
      <ul className="chips" aria-label="Disciplines">
        {dealer.disciplines.map((discipline) => (
          <li key={discipline}>{disciplineLabels[discipline]}</li>
        ))}
      </ul>
    </article>
  )
}
