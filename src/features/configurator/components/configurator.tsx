import { useRouter } from '@tanstack/react-router'
import { useEffect, useId, useMemo, useRef, useState, type ReactNode } from 'react'
import type { PaletteSwatch } from '../../../../contract/page-data/catalog.ts'
import { formatPrice } from '../../../lib/format-price.ts'
import { decodeEditState } from '../edit-state.ts'
import { convertMeasurements, measurementFields, type MeasurementKey } from '../measurements.ts'
import {
  colorKey,
  isCustomVariant,
  measurementKey,
  optionKey,
  priceLines,
  regionColor,
  smallestVariant,
  unitsOf,
  measurementsOf,
  type ConfigurableProduct,
  type DraftContext,
  type OrderDraft,
  type Side,
} from '../model.ts'
import { buildAddToOrder } from '../payload.ts'
import { DESIGN_PARAM } from '../link-names.ts'
import { openDesign, sameDesign, shareUrl } from '../share-link.ts'
import { useOrderDraft } from '../store.ts'
import { MeasurementsForm } from './measurements-form.tsx'
import { ContentModal, InfoButton, Overlay, WarningOverlay, type Warning } from './overlays.tsx'
import type { ContentType } from './overlay-content.ts'
import { PatternDefs } from './pattern-defs.tsx'
import { PatternEditor } from './pattern-editor.tsx'
import { SuitDrawing } from './suit-drawing.tsx'
import './configurator.css'

export interface ConfiguratorProps {
  product: ConfigurableProduct
  palette: PaletteSwatch[]
  /** The workshop's current production time (another feature's, composed by the route). */
  productionTime?: ReactNode
}

/** The message next to a field, tied to it for screen readers. */
function FieldError({ id, message }: { id: string; message: string | undefined }) {
  if (!message) return null
  return (
    <p id={id} className="field-error">
      {message}
    </p>
  )
}

/** An upgrade's checkbox with its price, and a button that explains it. */
function UpgradeChoice({
  label,
  price,
  checked,
  onChange,
  info,
  children,
}: {
  label: string
  price: string
  checked: boolean
  onChange: (on: boolean) => void
  info: ReactNode
  /** What the upgrade asks for once chosen (a fabric). */
  children?: ReactNode
}) {
  return (
    <div>
      <label className="choice">
        <input
          type="checkbox"
          checked={checked}
          onChange={(event) => onChange(event.target.checked)}
        />
        <span>
          {label} <small>+{price}</small>
        </span>
      </label>
      {info}
      {children}
    </div>
  )
}

/**
 * Reads a shared design from the page's URL once the stored draft is known: opens it at once
 * when the customer has no design of their own, asks first when they do, and says why when the
 * link cannot be opened. The parameter is then taken off the URL so a reload does not ask again.
 */
function useSharedDesign(
  draft: OrderDraft | undefined,
  context: DraftContext,
  replace: (draft: OrderDraft) => void,
  showError: (message: string) => void,
  ask: (warning: Warning) => void,
) {
  const { history } = useRouter()
  const done = useRef(false)
  useEffect(() => {
    if (!draft || done.current) return
    done.current = true
    const url = new URL(window.location.href)
    const value = url.searchParams.get(DESIGN_PARAM)
    if (value === null) return
    url.searchParams.delete(DESIGN_PARAM)
    // Through the router's history, so the router's idea of the URL stays the page's.
    history.replace(url.pathname + url.search + url.hash, history.location.state)
    const opened = openDesign(value, context)
    if (!opened.ok) return showError(opened.message)
    if (!draft.userHasMadeChanges || sameDesign(draft, opened.draft)) return replace(opened.draft)
    ask({
      title: 'Open the shared design?',
      content:
        'You already have a design of your own for this product on this device. Opening the shared design replaces it. Copy your own link first if you want to keep it.',
      confirmLabel: 'Replace my design',
      onConfirm: () => replace(opened.draft),
    })
  }, [draft, context, replace, showError, ask, history])
}

export default function Configurator({ product, palette, productionTime }: ConfiguratorProps) {
  const context = useMemo<DraftContext>(() => ({ product, palette }), [product, palette])
  const { draft, dispatch, replace } = useOrderDraft(context)
  const configurator = product.configurator
  const uid = useId()
  const [activeRegion, setActiveRegion] = useState(configurator.regions[0]?.id ?? '')
  const [side, setSide] = useState<Side | 'both'>('both')
  const [contentType, setContentType] = useState<ContentType | null>(null)
  const [warning, setWarning] = useState<Warning | null>(null)
  const [designerOpen, setDesignerOpen] = useState(false)
  const [orderOpen, setOrderOpen] = useState(false)
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set())
  const [attempted, setAttempted] = useState(false)
  const [link, setLink] = useState<{ url: string; copied: boolean } | null>(null)
  const [linkError, setLinkError] = useState<string | null>(null)
  useSharedDesign(draft, context, replace, setLinkError, setWarning)

  const swatches = useMemo(() => new Map(palette.map((s) => [s.id, s])), [palette])
  const hexOf = (id: string) => swatches.get(id)?.hex ?? '#9ca3af'

  if (!draft) {
    return (
      <p className="configurator-loading" role="status">
        Opening your saved design…
      </p>
    )
  }

  const errors = draft.checkOrderValidationError
  const show = (key: string) => attempted || touched.has(key)
  const touch = (key: string) =>
    setTouched((previous) => (previous.has(key) ? previous : new Set(previous).add(key)))
  const errorId = (key: string) => `${uid}-error-${key.replace(/\W/g, '-')}`
  const money = (minor: number) => formatPrice(minor, product.currency)
  const selected = draft.productVariants.find((v) => v.sku === draft.selectedVariant)
  const custom = selected ? isCustomVariant(selected.sku) : false
  const smallest = smallestVariant(context)
  const edit = decodeEditState(draft.editState)
  const patternActive = (draft.isSuperCustom || draft.isSuperDuperCustom) && edit !== null
  const patternId = `${uid.replace(/\W/g, '')}-pattern`
  const fills: Record<string, string> = {}
  for (const region of configurator.regions)
    for (const s of ['l', 'r'] as const)
      fills[`${region.id}-${s}`] =
        patternActive && edit.targets.includes(region.id)
          ? `url(#${patternId})`
          : hexOf(regionColor(draft, region, s))
  const parts = new Set(draft.svgIdsToShow)
  const accent = configurator.accents.find((a) => a.key === draft.orderAccent)
  const region = configurator.regions.find((r) => r.id === activeRegion) ?? configurator.regions[0]
  const paintSide: Side | undefined = draft.isSuperAsym && side !== 'both' ? side : undefined
  const currentColor = region ? regionColor(draft, region, paintSide ?? 'l') : undefined
  const lines = priceLines(draft, context)
  const surcharge = new Map(configurator.colorTypePrices.map((c) => [c.type, c.price]))
  const measurementValues = measurementsOf(draft)
  const units = unitsOf(draft)
  const measurementErrors: Partial<Record<MeasurementKey, string>> = {}
  for (const field of measurementFields)
    measurementErrors[field.key] = errors[measurementKey(field.key)]
  const errorCount = Object.keys(errors).length

  async function copyLink() {
    if (!draft) return
    const url = shareUrl(window.location.origin, draft)
    let copied = false
    try {
      await navigator.clipboard.writeText(url)
      copied = true
    } catch {
      // No clipboard (an insecure origin, a refused permission): the link is shown to copy.
    }
    setLink({ url, copied })
  }

  return (
    <section className="configurator" aria-labelledby={`${uid}-heading`}>
      <div className="configurator-heading">
        <h2 id={`${uid}-heading`}>Design your {product.name}</h2>
        <InfoButton contentType="help" label="How it works" onOpen={setContentType} />
      </div>
      {linkError && (
        <p className="configurator-alert" role="alert">
          {linkError}{' '}
          <button type="button" className="link-button" onClick={() => setLinkError(null)}>
            Dismiss
          </button>
        </p>
      )}
      {draft.error.storage && (
        <p className="configurator-alert" role="alert">
          {draft.error.storage}
        </p>
      )}
      <div className="configurator-grid">
        <div className="configurator-preview">
          <SuitDrawing
            drawing={configurator.drawing}
            fills={fills}
            parts={parts}
            accent={accent ? hexOf(accent.color) : null}
            defs={
              patternActive ? <PatternDefs id={patternId} edit={edit} hexOf={hexOf} /> : undefined
            }
            onRegionClick={setActiveRegion}
            title={`${product.name} as you have designed it`}
            className="configurator-drawing"
          />
          <div className="configurator-summary" aria-live="polite">
            <table className="price-lines">
              <caption className="visually-hidden">Price of your design</caption>
              <tbody>
                {lines.map((line, index) => (
                  <tr key={`${line.label}-${index}`}>
                    <th scope="row">{line.label}</th>
                    <td>{index === 0 ? money(line.amount) : `+ ${money(line.amount)}`}</td>
                  </tr>
                ))}
              </tbody>
              <tfoot>
                <tr>
                  <th scope="row">Total{draft.qty > 1 ? ` for ${draft.qty}` : ''}</th>
                  <td data-testid="total-price">{money(Number(draft.order.total_price ?? 0))}</td>
                </tr>
              </tfoot>
            </table>
            <p className="configurator-lead-time">
              Made in about <strong data-testid="lead-time">{draft.leadTime} weeks</strong>{' '}
              <InfoButton contentType="lead-time" label="What is this?" onOpen={setContentType} />
            </p>
            {productionTime}
          </div>
        </div>

        <form className="configurator-controls" onSubmit={(event) => event.preventDefault()}>
          <fieldset className="configurator-group">
            <legend>Size</legend>
            <div className="choice-list" role="radiogroup" aria-label="Size">
              {draft.productVariants.map((variant) => (
                <label key={variant.sku} className="choice">
                  <input
                    type="radio"
                    name={`${uid}-variant`}
                    value={variant.sku}
                    checked={draft.selectedVariant === variant.sku}
                    onChange={() => dispatch({ type: 'selectVariant', sku: variant.sku })}
                  />
                  <span>
                    {isCustomVariant(variant.sku) ? 'Made to measure' : variant.name}
                    <small> {money(variant.price)}</small>
                  </span>
                </label>
              ))}
            </div>
            <FieldError id={errorId('selectedVariant')} message={errors.selectedVariant} />
            <InfoButton
              contentType="non-binary"
              label="Sizing for every body"
              onOpen={setContentType}
            />
            {selected && selected.sku === smallest && (
              <>
                <label className="choice">
                  <input
                    type="checkbox"
                    checked={draft.confirmSmallestSize}
                    aria-invalid={errors.confirmSmallestSize ? true : undefined}
                    aria-describedby={
                      errors.confirmSmallestSize ? errorId('confirmSmallestSize') : undefined
                    }
                    onChange={(event) =>
                      dispatch({ type: 'confirmSmallestSize', value: event.target.checked })
                    }
                  />
                  <span>I have checked the size chart: the smallest size fits me.</span>
                </label>
                <FieldError
                  id={errorId('confirmSmallestSize')}
                  message={errors.confirmSmallestSize}
                />
              </>
            )}
            {custom && (
              <MeasurementsForm
                units={units}
                values={measurementValues}
                errors={measurementErrors}
                onUnitsChange={(next) =>
                  dispatch({
                    type: 'setMeasurements',
                    units: next,
                    values: convertMeasurements(units, next, measurementValues),
                  })
                }
                onChange={(field, value) => dispatch({ type: 'setMeasurement', field, value })}
                onBlur={(field) => touch(measurementKey(field))}
                showErrors={(field) => show(measurementKey(field))}
              />
            )}
          </fieldset>

          <fieldset className="configurator-group">
            <legend>Colours</legend>
            <div className="choice-list" role="radiogroup" aria-label="Part to colour">
              {configurator.regions.map((r) => (
                <label key={r.id} className="choice">
                  <input
                    type="radio"
                    name={`${uid}-region`}
                    value={r.id}
                    checked={activeRegion === r.id}
                    onChange={() => setActiveRegion(r.id)}
                  />
                  <span>{r.label}</span>
                </label>
              ))}
            </div>
            {draft.isSuperAsym && (
              <div className="choice-list" role="radiogroup" aria-label="Side to colour">
                {(
                  [
                    ['both', 'Both sides'],
                    ['l', 'Left side'],
                    ['r', 'Right side'],
                  ] as const
                ).map(([value, label]) => (
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
            <div
              className="swatch-grid"
              role="radiogroup"
              aria-label={`Colour of the ${region?.label.toLowerCase() ?? 'part'}`}
            >
              {palette.map((swatch) => {
                const extra = surcharge.get(swatch.type)
                return (
                  <label key={swatch.id} className="swatch-choice" title={swatch.name}>
                    <input
                      type="radio"
                      name={`${uid}-color`}
                      value={swatch.id}
                      checked={currentColor === swatch.id}
                      onChange={() =>
                        region &&
                        dispatch({
                          type: 'paint',
                          region: region.id,
                          side: paintSide,
                          color: swatch.id,
                        })
                      }
                    />
                    <svg className="swatch-chip" viewBox="0 0 20 20" aria-hidden="true">
                      <rect width="20" height="20" rx="4" fill={swatch.hex} />
                    </svg>
                    <span className="swatch-name">
                      {swatch.name}
                      {extra ? <small> +{money(extra)}</small> : null}
                    </span>
                  </label>
                )
              })}
            </div>
            {configurator.regions.map((r) =>
              (['', '.l', '.r'] as const).map((suffix) => {
                const key = `${colorKey(r.id)}${suffix}`
                return <FieldError key={key} id={errorId(key)} message={errors[key]} />
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
            <FieldError id={errorId('confirmDefaultColor')} message={errors.confirmDefaultColor} />
            {configurator.superAsym && (
              <label className="choice">
                <input
                  type="checkbox"
                  checked={draft.isSuperAsym}
                  onChange={(event) => {
                    setSide('both')
                    dispatch({ type: 'setSuperAsym', on: event.target.checked })
                  }}
                />
                <span>
                  {configurator.superAsym.label}: colour the left and right sides apart{' '}
                  <small>+{money(configurator.superAsym.price)}</small>
                </span>
              </label>
            )}
          </fieldset>

          {configurator.options.length > 0 && (
            <fieldset className="configurator-group">
              <legend>Options</legend>
              {configurator.options.map((option) => (
                <label key={option.key} className="choice">
                  <input
                    type="checkbox"
                    checked={draft.order[optionKey(option.key)] === 'on'}
                    onChange={(event) =>
                      dispatch({ type: 'setOption', option: option.key, on: event.target.checked })
                    }
                  />
                  <span>
                    {option.label} {option.price > 0 && <small>+{money(option.price)}</small>}
                    {option.description && (
                      <small className="choice-hint">{option.description}</small>
                    )}
                  </span>
                </label>
              ))}
            </fieldset>
          )}

          <fieldset className="configurator-group">
            <legend>Accent</legend>
            <div className="choice-list" role="radiogroup" aria-label="Accent">
              {[{ key: 'none', label: 'None', price: 0 }, ...configurator.accents].map((a) => (
                <label key={a.key} className="choice">
                  <input
                    type="radio"
                    name={`${uid}-accent`}
                    value={a.key}
                    checked={draft.orderAccent === a.key}
                    onChange={() => dispatch({ type: 'setAccent', accent: a.key })}
                  />
                  <span>
                    {a.label} {a.price > 0 && <small>+{money(a.price)}</small>}
                  </span>
                </label>
              ))}
            </div>
            <FieldError id={errorId('orderAccent')} message={errors.orderAccent} />
          </fieldset>

          {(configurator.cloudLite ||
            configurator.superCustom ||
            configurator.superDuperCustom) && (
            <fieldset className="configurator-group">
              <legend>Upgrades</legend>
              {configurator.cloudLite && (
                <UpgradeChoice
                  label={configurator.cloudLite.label}
                  price={money(configurator.cloudLite.price)}
                  checked={draft.isCloudLite}
                  onChange={(on) => dispatch({ type: 'setCloudLite', on })}
                  info={
                    <InfoButton
                      contentType="fabrics"
                      label="About the fabrics"
                      onOpen={setContentType}
                    />
                  }
                >
                  {draft.isCloudLite && (
                    <label className="field">
                      <span>Fabric</span>
                      <select
                        value={draft.cloudLiteKey ?? ''}
                        aria-invalid={errors.cloudLiteKey ? true : undefined}
                        aria-describedby={errors.cloudLiteKey ? errorId('cloudLiteKey') : undefined}
                        onChange={(event) =>
                          dispatch({ type: 'setCloudLite', on: true, key: event.target.value })
                        }
                      >
                        {configurator.cloudLite.keys.map((k) => (
                          <option key={k.key} value={k.key}>
                            {k.label}
                          </option>
                        ))}
                      </select>
                    </label>
                  )}
                  <FieldError id={errorId('cloudLiteKey')} message={errors.cloudLiteKey} />
                </UpgradeChoice>
              )}
              {configurator.superCustom && (
                <UpgradeChoice
                  label={configurator.superCustom.label}
                  price={money(configurator.superCustom.price)}
                  checked={draft.isSuperCustom}
                  onChange={(on) => dispatch({ type: 'setSuperCustom', on })}
                  info={
                    <InfoButton
                      contentType="super-custom"
                      label="What is super custom?"
                      onOpen={setContentType}
                    />
                  }
                />
              )}
              {configurator.superDuperCustom && (
                <UpgradeChoice
                  label={configurator.superDuperCustom.label}
                  price={money(configurator.superDuperCustom.price)}
                  checked={draft.isSuperDuperCustom}
                  onChange={(on) => dispatch({ type: 'setSuperDuperCustom', on })}
                  info={
                    <InfoButton
                      contentType="super-duper-custom"
                      label="What is super duper custom?"
                      onOpen={setContentType}
                    />
                  }
                />
              )}
              {(draft.isSuperCustom || draft.isSuperDuperCustom) && (
                <div className="configurator-designer-row">
                  <button type="button" className="button" onClick={() => setDesignerOpen(true)}>
                    Open the designer
                  </button>
                  <button
                    type="button"
                    className="button button-secondary"
                    onClick={() =>
                      setWarning({
                        title: 'Remove the custom design?',
                        content:
                          'This takes the pattern and the custom design upgrade off your suit. Your colours, size and options stay.',
                        confirmLabel: 'Remove the custom design',
                        onConfirm: () => dispatch({ type: 'resetSuperCustom' }),
                      })
                    }
                  >
                    Remove the custom design
                  </button>
                  <FieldError id={errorId('editState')} message={errors.editState} />
                </div>
              )}
            </fieldset>
          )}
          {configurator.drawing === 'container' && (
            <p>
              <InfoButton
                contentType="base-system"
                label="What is a BASE system?"
                onOpen={setContentType}
              />
            </p>
          )}

          <fieldset className="configurator-group">
            <legend>Quantity</legend>
            <label className="field">
              <span>How many</span>
              <input
                type="number"
                min={1}
                max={99}
                step={1}
                inputMode="numeric"
                value={Number.isFinite(draft.qty) ? draft.qty : ''}
                aria-invalid={errors.qty ? true : undefined}
                aria-describedby={errors.qty ? errorId('qty') : undefined}
                onChange={(event) => dispatch({ type: 'setQty', qty: Number(event.target.value) })}
              />
            </label>
            <FieldError id={errorId('qty')} message={errors.qty} />
          </fieldset>

          <div className="configurator-actions">
            <button
              type="button"
              className="button"
              aria-disabled={draft.disabledAddToCart}
              disabled={draft.disabledAddToCart}
              onClick={() => setOrderOpen(true)}
            >
              Add to order
            </button>
            <button type="button" className="button button-secondary" onClick={copyLink}>
              Copy link
            </button>
            <button
              type="button"
              className="button button-secondary"
              onClick={() =>
                setWarning({
                  title: 'Start again?',
                  content:
                    'Every choice in this design goes back to its default: colours, size, measurements, options and upgrades. Copy the link first if you may want it back.',
                  confirmLabel: 'Reset the design',
                  onConfirm: () => {
                    setTouched(new Set())
                    setAttempted(false)
                    dispatch({ type: 'reset' })
                  },
                })
              }
            >
              Reset
            </button>
          </div>
          {draft.disabledAddToCart && (
            <p className="configurator-blocked" role="status">
              {errorCount === 1
                ? 'One thing needs your attention before this can be ordered.'
                : `${errorCount} things need your attention before this can be ordered.`}{' '}
              {!attempted && (
                <button type="button" className="link-button" onClick={() => setAttempted(true)}>
                  Show what
                </button>
              )}
            </p>
          )}
          {link && (
            <div className="share-link" role="status">
              <label className="field">
                <span>
                  {link.copied
                    ? 'Link copied. It opens this design anywhere:'
                    : 'Copy this link to share the design:'}
                </span>
                <input type="url" readOnly value={link.url} onFocus={(e) => e.target.select()} />
              </label>
            </div>
          )}
          <p className="configurator-saved">Saved on this device as you go, also offline.</p>
        </form>
      </div>

      <ContentModal contentType={contentType} onClose={() => setContentType(null)} />
      <WarningOverlay warning={warning} onClose={() => setWarning(null)} />
      <Overlay
        open={designerOpen}
        onOpenChange={setDesignerOpen}
        title="Super custom designer"
        description="Lay out the pattern: it is drawn on the suit as you change it."
        wide
      >
        <div className="designer">
          <SuitDrawing
            drawing={configurator.drawing}
            fills={fills}
            parts={parts}
            accent={accent ? hexOf(accent.color) : null}
            defs={
              patternActive ? (
                <PatternDefs id={`${patternId}-designer`} edit={edit} hexOf={hexOf} />
              ) : undefined
            }
            title={`${product.name} with your pattern`}
            className="designer-drawing"
          />
          <PatternEditor
            value={draft.editState}
            onChange={(editState) => dispatch({ type: 'setEditState', editState })}
            regions={configurator.regions}
            palette={palette}
          />
        </div>
      </Overlay>
      <Overlay
        open={orderOpen}
        onOpenChange={setOrderOpen}
        title="What will be added to your order"
        description="Ordering opens with the cart. Your design stays saved on this device until then."
        wide
      >
        {orderOpen && <OrderPreview draft={draft} context={context} money={money} />}
      </Overlay>
    </section>
  )
}

function OrderPreview({
  draft,
  context,
  money,
}: {
  draft: OrderDraft
  context: DraftContext
  money: (minor: number) => string
}) {
  const payload = buildAddToOrder(draft, context)
  return (
    <div className="order-preview">
      <p>
        <strong>{context.product.name}</strong>, <code>{payload.sku}</code> × {payload.qty}:{' '}
        {money(Number(draft.order.total_price ?? 0))}
      </p>
      <dl className="order-preview-meta">
        {payload.meta.map((line) => (
          <div key={line.key}>
            <dt>{line.key}</dt>
            <dd>{line.value}</dd>
          </div>
        ))}
      </dl>
      {payload.child.map((child) => (
        <p key={child.sku}>
          With <code>{child.sku}</code> × {child.qty} (
          {child.meta.map((line) => `${line.key}: ${line.value}`).join(', ')})
        </p>
      ))}
    </div>
  )
}
