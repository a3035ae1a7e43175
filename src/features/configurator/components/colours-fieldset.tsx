import { useId, useState } from 'react'
import type { PaletteSwatch } from '../../../../contract/page-data/catalog.ts'
import { formatMoney } from '../../../../contract/money.ts'
import { colorKey, regionColor, type ProductConfigurator, type Side } from '../model.ts'
import { errorIdOf, FieldError } from './field-messages.tsx'
import type { DraftSectionProps } from './section-props.ts'

type Region = ProductConfigurator['regions'][number]

interface ColoursFieldsetProps extends DraftSectionProps {
  /** The part being coloured; the drawing chooses it too, by a click on a region. */
  activeRegion: string
  onActiveRegionChange: (regionId: string) => void
}

/** The colours: a part of the suit, then a colour for it (per side on an asymmetric design). */
export function ColoursFieldset({
  draft,
  context,
  dispatch,
  activeRegion,
  onActiveRegionChange,
}: ColoursFieldsetProps) {
  const uid = useId()
  const { regions } = context.product.configurator
  const errors = draft.checkOrderValidationError
  const region = regions.find((r) => r.id === activeRegion) ?? regions[0]
  return (
    <fieldset className="configurator-group">
      <legend>Colours</legend>
      <div className="choice-list" role="radiogroup" aria-label="Part to colour">
        {regions.map((r) => (
          <label key={r.id} className="choice">
            <input
              type="radio"
              name={`${uid}-region`}
              value={r.id}
              checked={region?.id === r.id}
              onChange={() => onActiveRegionChange(r.id)}
            />
            <span>{r.label}</span>
          </label>
        ))}
      </div>
      {region && (
        // The side chosen belongs to one asymmetric design: turning it on or off starts at both.
        <ColourChoice
          key={draft.isSuperAsym ? 'asymmetric' : 'symmetric'}
          draft={draft}
          context={context}
          dispatch={dispatch}
          region={region}
        />
      )}
      {regions.map((r) =>
        (['', '.l', '.r'] as const).map((suffix) => {
          const key = `${colorKey(r.id)}${suffix}`
          return <FieldError key={key} id={errorIdOf(uid, key)} message={errors[key]} />
        }),
      )}
      <label className="choice">
        <input
          type="checkbox"
          checked={draft.confirmDefaultColor}
          onChange={(event) =>
            dispatch({ type: 'confirmDefaultColor', value: event.target.checked })
          }
        />
        <span>Parts I have not coloured keep their standard colours.</span>
      </label>
      <FieldError id={errorIdOf(uid, 'confirmDefaultColor')} message={errors.confirmDefaultColor} />
    </fieldset>
  )
}

const sides = [
  ['both', 'Both sides'],
  ['l', 'Left side'],
  ['r', 'Right side'],
] as const

/** The palette for one part, and on an asymmetric design the side it paints. */
function ColourChoice({
  draft,
  context,
  dispatch,
  region,
}: DraftSectionProps & { region: Region }) {
  const uid = useId()
  const [side, setSide] = useState<Side | 'both'>('both')
  const { palette, product } = context
  const surcharge = new Map(
    product.configurator.colorTypePrices.map((c) => [c.type, c.price] as const),
  )
  const paintSide: Side | undefined = draft.isSuperAsym && side !== 'both' ? side : undefined
  const current = regionColor(draft, region, paintSide ?? 'l')
  const chosen = palette.find((swatch) => swatch.id === current)
  const extraOf = (swatch: PaletteSwatch) => {
    const extra = surcharge.get(swatch.type)
    return extra ? ` +${formatMoney(extra, product.currency)}` : ''
  }
  return (
    <>
      {draft.isSuperAsym && (
        <div className="choice-list" role="radiogroup" aria-label="Side to colour">
          {sides.map(([value, label]) => (
            <label key={value} className="choice">
              <input
                type="radio"
                name={`${uid}-side`}
                value={value}
                checked={side === value}
                onChange={() => setSide(value)}
              />
              <span>{label}</span>
            </label>
          ))}
        </div>
      )}
      {/* The chosen colour by name: the chips show only colour, their names on focus. */}
      <p className="swatch-chosen" aria-hidden="true">
        {region.label}: <strong>{chosen ? chosen.name : current}</strong>
        {chosen && extraOf(chosen)}
      </p>
      <div
        className="swatch-grid"
        role="radiogroup"
        aria-label={`Colour of the ${region.label.toLowerCase()}`}
      >
        {palette.map((swatch) => (
          <label key={swatch.id} className="swatch-choice">
            <input
              type="radio"
              name={`${uid}-color`}
              value={swatch.id}
              checked={current === swatch.id}
              onChange={() =>
                dispatch({ type: 'paint', region: region.id, side: paintSide, color: swatch.id })
              }
            />
            <svg className="swatch-chip" viewBox="0 0 44 44" aria-hidden="true">
              <rect x="1" y="1" width="42" height="42" rx="7" fill={swatch.hex} />
              {(surcharge.get(swatch.type) ?? 0) > 0 && (
                // Colours that cost extra carry a corner mark; the price is in the name.
                <path className="swatch-extra" d="M43 29V36A7 7 0 0 1 36 43H29Z" />
              )}
            </svg>
            <span className="swatch-name">
              {swatch.name}
              <small>{extraOf(swatch)}</small>
            </span>
          </label>
        ))}
      </div>
      <SurchargeNote prices={product.configurator.colorTypePrices} currency={product.currency} />
    </>
  )
}

/** What the corner mark means: which colour types cost extra, and how much. */
function SurchargeNote({
  prices,
  currency,
}: {
  prices: ProductConfigurator['colorTypePrices']
  currency: string
}) {
  const charged = prices.filter((entry) => entry.price > 0)
  if (charged.length === 0) return null
  return (
    <p className="swatch-note">
      <svg className="swatch-note-mark" viewBox="0 0 16 16" aria-hidden="true">
        <rect x="0.5" y="0.5" width="15" height="15" rx="3" className="swatch-note-chip" />
        <path className="swatch-extra" d="M15.5 8.5V12.5A3 3 0 0 1 12.5 15.5H8.5Z" />
      </svg>{' '}
      Marked colours cost more for each part painted in them:{' '}
      {charged.map((entry) => `${entry.type} +${formatMoney(entry.price, currency)}`).join(', ')}.
    </p>
  )
}
