import { useId } from 'react'
import { ColorSwatch } from '../../../components/color-swatch.tsx'
import {
  DEFAULT_PATTERN_EDIT,
  ROTATION,
  SCALE,
  decodeEditState,
  encodeEditState,
  patterns,
  type PatternEdit,
} from '../edit-state.ts'
import { PatternDefs } from './pattern-defs.tsx'

interface Region {
  id: string
  label: string
}

interface PaletteColor {
  id: string
  name: string
  hex: string
}

/**
 * The super custom pattern editor. Controlled by the edit state string alone: every change
 * calls `onChange` with the next encoded state. A state that does not decode shows as the
 * default, with a note saying so; it is replaced on the customer's next change, never silently.
 * Targets the product does not have are dropped on the next change too.
 */
export function PatternEditor({
  value,
  onChange,
  regions,
  palette,
}: {
  value: string
  onChange: (next: string) => void
  regions: readonly Region[]
  palette: readonly PaletteColor[]
}) {
  const uid = useId().replace(/[^\w-]/g, '')
  const decoded = decodeEditState(value)
  const edit = decoded ?? DEFAULT_PATTERN_EDIT
  const hexOf = (colorId: string) => palette.find((c) => c.id === colorId)?.hex ?? '#9ca3af'
  const known = new Set(regions.map((r) => r.id))
  const change = (patch: Partial<PatternEdit>) => {
    const next = { ...edit, ...patch }
    onChange(encodeEditState({ ...next, targets: next.targets.filter((id) => known.has(id)) }))
  }
  const setColor = (index: 0 | 1, colorId: string) =>
    change({ colors: index === 0 ? [colorId, edit.colors[1]] : [edit.colors[0], colorId] })
  const toggleTarget = (id: string, on: boolean) =>
    change({ targets: on ? [...edit.targets, id] : edit.targets.filter((t) => t !== id) })

  return (
    <div className="pattern-editor">
      {!decoded && (
        <p className="note" role="status">
          The saved pattern could not be read, so the editor shows the default (no pattern). Your
          next change replaces it.
        </p>
      )}

      <fieldset className="configurator-group">
        <legend>Pattern</legend>
        <div className="choice-list">
          {patterns.map((pattern) => (
            <label key={pattern.key} className="choice pattern-choice">
              <input
                type="radio"
                name={`${uid}-pattern`}
                value={pattern.key}
                checked={edit.pattern === pattern.key}
                onChange={() => change({ pattern: pattern.key })}
              />
              <svg width="40" height="40" viewBox="0 0 80 80" aria-hidden="true" focusable="false">
                <defs>
                  <PatternDefs
                    id={`${uid}-${pattern.key}`}
                    edit={{ ...edit, pattern: pattern.key }}
                    hexOf={hexOf}
                  />
                </defs>
                <rect
                  width="80"
                  height="80"
                  rx="8"
                  fill={
                    pattern.key === 'none' ? hexOf(edit.colors[0]) : `url(#${uid}-${pattern.key})`
                  }
                  stroke="#94a3b8"
                />
              </svg>
              {pattern.label}
            </label>
          ))}
        </div>
      </fieldset>

      {edit.pattern === 'none' && (
        <p className="note">No pattern: the parts of the suit keep their own colours.</p>
      )}

      <div className="pattern-settings">
        {(['Ground colour', 'Pattern colour'] as const).map((label, index) => {
          const colorId = edit.colors[index]
          const listed = palette.some((c) => c.id === colorId)
          return (
            <div className="field" key={label}>
              <label htmlFor={`${uid}-color-${index}`}>{label}</label>
              <span className="pattern-color">
                <ColorSwatch hex={hexOf(colorId)} size={24} />
                <select
                  id={`${uid}-color-${index}`}
                  value={colorId}
                  onChange={(event) => setColor(index as 0 | 1, event.target.value)}
                >
                  {!listed && <option value={colorId}>{colorId} (no longer offered)</option>}
                  {palette.map((color) => (
                    <option key={color.id} value={color.id}>
                      {color.name} ({color.id})
                    </option>
                  ))}
                </select>
              </span>
            </div>
          )
        })}

        <div className="pattern-range">
          <label htmlFor={`${uid}-scale`}>Scale</label>
          <input
            id={`${uid}-scale`}
            type="range"
            min={SCALE.min}
            max={SCALE.max}
            step={SCALE.step}
            value={edit.scale}
            aria-valuetext={`${edit.scale} %`}
            onChange={(event) => change({ scale: Number(event.target.value) })}
          />
          <output htmlFor={`${uid}-scale`}>{edit.scale} %</output>
        </div>

        <div className="pattern-range">
          <label htmlFor={`${uid}-rotation`}>Rotation</label>
          <input
            id={`${uid}-rotation`}
            type="range"
            min={ROTATION.min}
            max={ROTATION.max}
            step={ROTATION.step}
            value={edit.rotation}
            aria-valuetext={`${edit.rotation} degrees`}
            onChange={(event) => change({ rotation: Number(event.target.value) })}
          />
          <output htmlFor={`${uid}-rotation`}>{edit.rotation}°</output>
        </div>

        <label className="choice">
          <input
            type="checkbox"
            checked={edit.mirror}
            onChange={(event) => change({ mirror: event.target.checked })}
          />
          Mirror the pattern
        </label>
      </div>

      <fieldset className="configurator-group">
        <legend>Paint the pattern on</legend>
        <div className="choice-list">
          {regions.map((region) => (
            <label key={region.id} className="choice">
              <input
                type="checkbox"
                checked={edit.targets.includes(region.id)}
                onChange={(event) => toggleTarget(region.id, event.target.checked)}
              />
              {region.label}
            </label>
          ))}
        </div>
      </fieldset>
    </div>
  )
}
