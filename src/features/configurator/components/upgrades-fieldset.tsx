import { useId, useState, type ComponentType } from 'react'
import { formatMoney } from '../../../../contract/money.ts'
import { upgradeAction, upgradesOf, type UpgradeKey } from '../model.ts'
import { DesignerOverlay } from './designer-overlay.tsx'
import { errorIdOf, FieldError } from './field-messages.tsx'
import type { ContentType } from './overlay-content.ts'
import { InfoButton, type Warning } from './overlays.tsx'
import type { DraftSectionProps, OpenInfo } from './section-props.ts'

interface UpgradesFieldsetProps extends DraftSectionProps {
  onInfo: OpenInfo
  /** Asks before something the customer cannot undo (the warning overlay). */
  ask: (warning: Warning) => void
}

interface DetailsProps extends DraftSectionProps {
  chosen: boolean
  ask: (warning: Warning) => void
}

/** What the form shows of each upgrade besides its checkbox, label and price. */
const upgradeForm: Record<
  UpgradeKey,
  {
    info?: { contentType: ContentType; label: string }
    hint?: string
    /** What the upgrade asks for or offers once chosen. */
    Details?: ComponentType<DetailsProps>
  }
> = {
  superCustom: {
    info: { contentType: 'super-custom', label: 'What is super custom?' },
    Details: CustomDesign,
  },
  superDuperCustom: {
    info: { contentType: 'super-duper-custom', label: 'What is super duper custom?' },
    Details: CustomDesign,
  },
  cloudLite: {
    info: { contentType: 'fabrics', label: 'About the fabrics' },
    Details: FabricChoice,
  },
  superAsym: { hint: 'Colour the left and right sides apart.' },
}

/**
 * The upgrades the product offers, as one list from the model's `upgradesOf`: each a checkbox
 * with its price, what explains it, and what it asks for once chosen.
 */
export function UpgradesFieldset({ draft, context, dispatch, onInfo, ask }: UpgradesFieldsetProps) {
  const upgrades = upgradesOf(draft, context)
  if (upgrades.length === 0) return null
  return (
    <fieldset className="configurator-group">
      <legend>Upgrades</legend>
      {upgrades.map((upgrade) => {
        const { info, hint, Details } = upgradeForm[upgrade.key]
        return (
          <div key={upgrade.key}>
            <label className="choice">
              <input
                type="checkbox"
                checked={upgrade.chosen}
                onChange={(event) => dispatch(upgradeAction(upgrade.key, event.target.checked))}
              />
              <span>
                {upgrade.label}{' '}
                <small>+{formatMoney(upgrade.price, context.product.currency)}</small>
                {hint && <small className="choice-hint">{hint}</small>}
              </span>
            </label>
            {info && (
              <InfoButton contentType={info.contentType} label={info.label} onOpen={onInfo} />
            )}
            {Details && (
              <Details
                draft={draft}
                context={context}
                dispatch={dispatch}
                chosen={upgrade.chosen}
                ask={ask}
              />
            )}
          </div>
        )
      })}
    </fieldset>
  )
}

/** Cloud lite's fabric, once chosen. */
function FabricChoice({ draft, context, dispatch, chosen }: DetailsProps) {
  const uid = useId()
  const message = draft.checkOrderValidationError.cloudLiteKey
  const errorId = errorIdOf(uid, 'cloudLiteKey')
  const fabrics = context.product.configurator.cloudLite?.keys ?? []
  return (
    <>
      {chosen && (
        <label className="field">
          <span>Fabric</span>
          <select
            value={draft.cloudLiteKey ?? ''}
            aria-invalid={message ? true : undefined}
            aria-describedby={message ? errorId : undefined}
            onChange={(event) =>
              dispatch({ type: 'setCloudLite', on: true, key: event.target.value })
            }
          >
            {fabrics.map((fabric) => (
              <option key={fabric.key} value={fabric.key}>
                {fabric.label}
              </option>
            ))}
          </select>
        </label>
      )}
      <FieldError id={errorId} message={message} />
    </>
  )
}

/** A chosen custom design: open the designer, or take the design off (after asking). */
function CustomDesign(props: DetailsProps) {
  return props.chosen ? <ChosenCustomDesign {...props} /> : null
}

/** Mounted while the design is chosen, so the designer closes with it (in any tab). */
function ChosenCustomDesign({ draft, context, dispatch, ask }: DetailsProps) {
  const uid = useId()
  const [designerOpen, setDesignerOpen] = useState(false)
  return (
    <div className="configurator-designer-row">
      <button type="button" className="button" onClick={() => setDesignerOpen(true)}>
        Open the designer
      </button>
      <button
        type="button"
        className="button button-secondary"
        onClick={() =>
          ask({
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
      <FieldError
        id={errorIdOf(uid, 'editState')}
        message={draft.checkOrderValidationError.editState}
      />
      <DesignerOverlay
        draft={draft}
        context={context}
        dispatch={dispatch}
        open={designerOpen}
        onOpenChange={setDesignerOpen}
      />
    </div>
  )
}
