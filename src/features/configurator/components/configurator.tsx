import { useCallback, useId, useMemo, useState, type ReactNode } from 'react'
import type { PaletteSwatch } from '../../../../contract/page-data/catalog.ts'
import { upgradeKeys, type ConfigurableProduct, type DraftContext } from '../model.ts'
import type { AddDesignToOrder } from '../payload.ts'
import { useOrderDraft } from '../store.ts'
import { AccentFieldset } from './accent-fieldset.tsx'
import { ColoursFieldset } from './colours-fieldset.tsx'
import { ConfiguratorActions } from './configurator-actions.tsx'
import { OrderBar } from './order-bar.tsx'
import { useFieldMessages } from './field-messages.tsx'
import { OptionsFieldset } from './options-fieldset.tsx'
import type { ContentType } from './overlay-content.ts'
import { ContentModal, InfoButton, WarningOverlay, type Warning } from './overlays.tsx'
import { PaintedSuit } from './painted-suit.tsx'
import { PriceSummary } from './price-summary.tsx'
import { QuantityFieldset } from './quantity-fieldset.tsx'
import { SectionNav, type FormPart } from './section-nav.tsx'
import { SizeFieldset } from './size-fieldset.tsx'
import { UpgradesFieldset } from './upgrades-fieldset.tsx'
import { useSharedDesign } from './use-shared-design.ts'
import './configurator.css'

export interface ConfiguratorProps {
  product: ConfigurableProduct
  palette: PaletteSwatch[]
  /** The workshop's current production time (another feature's, composed by the route). */
  productionTime?: (addedWeeks: number) => ReactNode
  /** Adds the design to the cart (the cart's, composed by the route). */
  onAddToOrder: AddDesignToOrder
}

/**
 * The configurator: the drawing and the price beside a form of one fieldset per part of the
 * design, then the order bar and the other actions. On a phone the drawing comes first with a
 * bar leading to each part of the form, and both scroll away with the page: the order bar,
 * with a small copy of the drawing, is the one part that stays on screen, at its bottom
 * (configurator.css), so the form has the screen. The draft (store.ts) is the one state of the
 * design; what is kept here is what several parts share: the part being coloured (the drawing
 * chooses it too), which messages show, and the two overlays anything may open.
 */
export default function Configurator({
  product,
  palette,
  productionTime,
  onAddToOrder,
}: ConfiguratorProps) {
  const context = useMemo<DraftContext>(() => ({ product, palette }), [product, palette])
  const { draft, dispatch, replace } = useOrderDraft(context)
  const uid = useId()
  const [activeRegion, setActiveRegion] = useState(product.configurator.regions[0]?.id ?? '')
  const [contentType, setContentType] = useState<ContentType | null>(null)
  const [warning, setWarning] = useState<Warning | null>(null)
  const messages = useFieldMessages()
  const shared = useSharedDesign(draft, context, replace, setWarning)
  const { hideAll } = messages
  const partId = useCallback((part: string) => `${uid}-part-${part}`, [uid])
  const offersUpgrades = upgradeKeys.some((key) => product.configurator[key])
  // The parts the section bar leads to, in the form's order.
  const parts = useMemo<FormPart[]>(
    () =>
      [
        ['size', 'Size'],
        ['colours', 'Colours'],
        ['options', 'Options'],
        ...(offersUpgrades ? [['upgrades', 'Upgrades']] : []),
        ['quantity', 'Quantity'],
      ].map(([part, label]) => ({ id: partId(part!), label: label! })),
    [offersUpgrades, partId],
  )
  const reset = useCallback(() => {
    hideAll()
    dispatch({ type: 'reset' })
  }, [hideAll, dispatch])

  if (!draft) {
    return (
      <p className="configurator-loading" role="status">
        Opening your saved design…
      </p>
    )
  }

  const section = { draft, context, dispatch }
  const priceSummary = (
    <PriceSummary
      draft={draft}
      context={context}
      onInfo={setContentType}
      productionTime={productionTime}
    />
  )
  return (
    <section className="configurator" aria-labelledby={`${uid}-heading`}>
      <div className="configurator-heading">
        <h2 id={`${uid}-heading`}>Design your {product.name}</h2>
        <InfoButton contentType="help" label="How it works" onOpen={setContentType} />
      </div>
      {shared.error && (
        <p className="configurator-alert" role="alert">
          {shared.error}{' '}
          <button type="button" className="link-button" onClick={shared.dismiss}>
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
        {/* A phone: the drawing above the form, scrolling with it. A wide screen: a column beside the form. */}
        <div className="configurator-preview">
          <PaintedSuit
            draft={draft}
            context={context}
            onRegionClick={setActiveRegion}
            title={`${product.name} as you have designed it`}
            className="configurator-drawing"
          />
          <SectionNav parts={parts} />
          <div className="configurator-price">{priceSummary}</div>
        </div>

        <form className="configurator-controls" onSubmit={(event) => event.preventDefault()}>
          <div className="configurator-part" id={partId('size')} tabIndex={-1}>
            <SizeFieldset {...section} messages={messages} onInfo={setContentType} />
          </div>
          <div className="configurator-part" id={partId('colours')} tabIndex={-1}>
            <ColoursFieldset
              {...section}
              activeRegion={activeRegion}
              onActiveRegionChange={setActiveRegion}
            />
          </div>
          <div className="configurator-part" id={partId('options')} tabIndex={-1}>
            <OptionsFieldset {...section} />
            <AccentFieldset {...section} />
            {product.configurator.drawing === 'container' && (
              <p>
                <InfoButton
                  contentType="base-system"
                  label="What is a BASE system?"
                  onOpen={setContentType}
                />
              </p>
            )}
          </div>
          {offersUpgrades && (
            <div className="configurator-part" id={partId('upgrades')} tabIndex={-1}>
              <UpgradesFieldset {...section} onInfo={setContentType} ask={setWarning} />
            </div>
          )}
          <div className="configurator-part" id={partId('quantity')} tabIndex={-1}>
            <QuantityFieldset draft={draft} dispatch={dispatch} />
          </div>
          <OrderBar
            draft={draft}
            context={context}
            priceDetails={priceSummary}
            thumbnail={
              <PaintedSuit
                draft={draft}
                context={context}
                title={`${product.name} as you have designed it`}
                className="order-bar-drawing"
              />
            }
            allMessagesShown={messages.allShown}
            onShowAllMessages={messages.revealAll}
            onAddToOrder={onAddToOrder}
          />
          <ConfiguratorActions draft={draft} ask={setWarning} onReset={reset} />
          <p className="configurator-saved">Saved on this device as you go, also offline.</p>
        </form>
      </div>

      <ContentModal contentType={contentType} onClose={() => setContentType(null)} />
      <WarningOverlay warning={warning} onClose={() => setWarning(null)} />
    </section>
  )
}
