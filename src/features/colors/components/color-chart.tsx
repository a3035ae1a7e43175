import { useState } from 'react'
import type {
  ColorsPageData,
  ColorSwatch as PaletteColor,
} from '../../../../contract/page-data/colors.ts'
import { toggleCompared } from '../model.ts'
import { ColorSwatch } from '../../../components/color-swatch.tsx'

/**
 * The fabric palette by type. Ticking "Compare" on two or more colours shows them side by side
 * above the chart; nothing is ticked at first, so the prerendered page hydrates as it is.
 */
export function ColorChart({ groups }: ColorsPageData) {
  const [compared, setCompared] = useState<string[]>([])
  const byId = new Map(groups.flatMap((group) => group.colors).map((c) => [c.id, c]))
  const picked = compared.flatMap((id) => byId.get(id) ?? [])
  const toggle = (id: string) => setCompared((current) => toggleCompared(current, id))

  return (
    <article className="page colors-page">
      <h1>Colour comparison chart</h1>
      <p className="lead">
        Every fabric colour we sew with. Tick two or more to compare them side by side; screens
        differ, so ask us for a fabric sample before you commit to a design.
      </p>
      <section aria-labelledby="compare-heading" className="panel color-compare">
        <h2 id="compare-heading">Compare</h2>
        <p aria-live="polite" className="note">
          {picked.length < 2
            ? `Pick ${picked.length === 0 ? 'two or more colours' : 'one more colour'} to compare.`
            : `Comparing ${picked.length} colours.`}
        </p>
        {picked.length >= 2 && (
          <>
            <ul className="color-compare-list">
              {picked.map((color) => (
                <li key={color.id}>
                  <ColorSwatch hex={color.hex} size={120} />
                  <span className="color-name">{color.name}</span>
                  <span className="note">
                    {color.id} · {color.hex}
                  </span>
                </li>
              ))}
            </ul>
            <button
              type="button"
              className="button button-secondary"
              onClick={() => setCompared([])}
            >
              Clear comparison
            </button>
          </>
        )}
      </section>
      {groups.map((group) => (
        <section key={group.type} aria-labelledby={`colors-${group.type}`}>
          <h2 id={`colors-${group.type}`}>{group.title}</h2>
          <ul className="color-grid">
            {group.colors.map((color) => (
              <li key={color.id}>
                <ColorCard
                  color={color}
                  compared={compared.includes(color.id)}
                  onToggle={() => toggle(color.id)}
                />
              </li>
            ))}
          </ul>
        </section>
      ))}
    </article>
  )
}

const typeLabels: Record<PaletteColor['type'], string> = {
  standard: 'Standard',
  fluoro: 'Fluoro',
  metallic: 'Metallic',
}

function ColorCard(props: { color: PaletteColor; compared: boolean; onToggle: () => void }) {
  const { color, compared, onToggle } = props
  return (
    <div className="color-card">
      <ColorSwatch hex={color.hex} size={64} />
      <div>
        <span className="color-name">{color.name}</span>
        <dl className="color-facts">
          <dt>Id</dt>
          <dd>
            <code>{color.id}</code>
          </dd>
          <dt>Hex</dt>
          <dd>
            <code>{color.hex}</code>
          </dd>
          <dt>Type</dt>
          <dd>{typeLabels[color.type]}</dd>
        </dl>
        <label className="color-compare-toggle">
          <input
            type="checkbox"
            checked={compared}
            onChange={onToggle}
            aria-label={`Compare ${color.name}`}
          />{' '}
          Compare
        </label>
      </div>
    </div>
  )
}
