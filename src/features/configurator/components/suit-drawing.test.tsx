import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import {
  drawingKinds,
  drawingParts,
  drawingRegions,
  type DrawingKind,
} from '../../../../contract/configurator.ts'
import { SuitDrawing, unpaintedFill, type SuitDrawingProps } from './suit-drawing.tsx'

afterEach(cleanup)

function draw(drawing: DrawingKind, props: Partial<SuitDrawingProps> = {}) {
  return render(
    <SuitDrawing
      drawing={drawing}
      fills={{}}
      parts={new Set()}
      accent={null}
      title={`A ${drawing}`}
      {...props}
    />,
  ).container
}

/** A distinct paint per region half: `#rrggbb` made from the region's place and side. */
function paintsFor(drawing: DrawingKind): Record<string, string> {
  return Object.fromEntries(
    drawingRegions[drawing].flatMap((region, index) => [
      [`${region}-l`, `#${(index + 1).toString(16).padStart(2, '0')}0a0a`],
      [`${region}-r`, `#${(index + 1).toString(16).padStart(2, '0')}0b0b`],
    ]),
  )
}

describe.each(drawingKinds)('SuitDrawing: %s', (drawing) => {
  it('draws every region as a left and a right half, each in its own paint', () => {
    const fills = paintsFor(drawing)
    const svg = draw(drawing, { fills })
    const drawn = [...svg.querySelectorAll('[data-region]')]
    expect(new Set(drawn.map((el) => el.getAttribute('data-region')))).toEqual(
      new Set(drawingRegions[drawing]),
    )
    for (const region of drawingRegions[drawing]) {
      const halves = drawn.filter((el) => el.getAttribute('data-region') === region)
      expect(halves.map((el) => el.getAttribute('data-side')).sort(), region).toEqual(['l', 'r'])
      for (const half of halves) {
        const side = half.getAttribute('data-side')
        expect(half.id, region).toMatch(new RegExp(`.-${region}-${side}$`))
        expect(half.getAttribute('fill')).toBe(fills[`${region}-${side}`])
      }
    }
  })

  it('draws a region half the fills do not name in neutral grey', () => {
    const [first, ...rest] = drawingRegions[drawing]
    const svg = draw(drawing, { fills: { [`${first}-l`]: '#123456', [`${rest[0]}-r`]: '#abcdef' } })
    const fillOf = (region: string, side: string) =>
      svg.querySelector(`[data-region="${region}"][data-side="${side}"]`)?.getAttribute('fill')
    expect(fillOf(first, 'l')).toBe('#123456')
    expect(fillOf(first, 'r')).toBe(unpaintedFill)
    expect(fillOf(rest[0]!, 'r')).toBe('#abcdef')
    for (const region of rest.slice(1)) {
      expect(fillOf(region, 'l')).toBe(unpaintedFill)
      expect(fillOf(region, 'r')).toBe(unpaintedFill)
    }
  })

  it('accepts pattern paints', () => {
    const region = drawingRegions[drawing][0]
    const svg = draw(drawing, {
      fills: { [`${region}-l`]: 'url(#stripes)' },
      defs: <pattern id="stripes" width="4" height="4" patternUnits="userSpaceOnUse" />,
    })
    expect(svg.querySelector('defs > pattern#stripes')).not.toBeNull()
    expect(
      svg.querySelector(`[data-region="${region}"][data-side="l"]`)?.getAttribute('fill'),
    ).toBe('url(#stripes)')
  })

  it('draws the listed parts only, each once', () => {
    const partsOf = (svg: Element) =>
      [...svg.querySelectorAll('[data-part]')].map((el) => el.getAttribute('data-part'))
    expect(partsOf(draw(drawing))).toEqual([])
    cleanup()
    const all = drawingParts[drawing]
    const everything = draw(drawing, { parts: new Set(all) })
    expect(partsOf(everything).sort()).toEqual([...all].sort())
    for (const part of all) {
      expect(everything.querySelector(`[data-part="${part}"]`)?.id).toMatch(
        new RegExp(`.-${part}$`),
      )
    }
    cleanup()
    expect(partsOf(draw(drawing, { parts: new Set([all[0], 'not-a-part']) }))).toEqual([all[0]])
  })

  it('reports the region clicked', () => {
    const onRegionClick = vi.fn()
    const svg = draw(drawing, { onRegionClick, parts: new Set(drawingParts[drawing]) })
    for (const region of drawingRegions[drawing]) {
      fireEvent.click(svg.querySelector(`[data-region="${region}"][data-side="r"]`)!)
    }
    expect(onRegionClick.mock.calls.map(([region]) => region)).toEqual(drawingRegions[drawing])
    onRegionClick.mockClear()
    fireEvent.click(svg.querySelector('[data-part]')!)
    fireEvent.click(svg.querySelector('title')!)
    expect(onRegionClick).not.toHaveBeenCalled()
  })

  it("paints the trim in the accent, or else in the trim region's own paint", () => {
    const trimRegion = drawing === 'container' ? 'binding' : 'zip-trim'
    const fills = { [`${trimRegion}-l`]: '#111111', [`${trimRegion}-r`]: '#222222' }
    const trimOf = (svg: Element, side: string) =>
      svg.querySelector(`[data-trim="${side}"]`)?.getAttribute('stroke')
    const plain = draw(drawing, { fills })
    expect([trimOf(plain, 'l'), trimOf(plain, 'r')]).toEqual(['#111111', '#222222'])
    cleanup()
    const accented = draw(drawing, { fills, accent: '#e6ff1f' })
    expect([trimOf(accented, 'l'), trimOf(accented, 'r')]).toEqual(['#e6ff1f', '#e6ff1f'])
  })

  it('is one image with its title as name, painted without inline styles', () => {
    const svg = draw(drawing, { parts: new Set(drawingParts[drawing]), fills: paintsFor(drawing) })
    expect(screen.getByRole('img', { name: `A ${drawing}` })).toBe(svg.firstElementChild)
    expect(svg.querySelector('[style], style')).toBeNull()
  })
})

describe('SuitDrawing', () => {
  it('gives each drawing on a page its own ids', () => {
    render(
      <>
        <SuitDrawing
          drawing="wingsuit"
          fills={{}}
          parts={new Set(['logo'])}
          accent={null}
          title="One"
        />
        <SuitDrawing
          drawing="wingsuit"
          fills={{}}
          parts={new Set(['logo'])}
          accent={null}
          title="Two"
        />
      </>,
    )
    const ids = [...document.querySelectorAll('[id]')].map((el) => el.id)
    expect(ids.length).toBeGreaterThan(2 * (drawingRegions.wingsuit.length * 2 + 1))
    expect(new Set(ids).size).toBe(ids.length)
    expect(screen.getByRole('img', { name: 'One' })).not.toBe(
      screen.getByRole('img', { name: 'Two' }),
    )
  })

  it("draws the pilot's left on the viewer's right for a suit, seen from the front", () => {
    const mirrored = (svg: Element, region: string, side: string) =>
      svg.querySelector(`[data-region="${region}"][data-side="${side}"]`)?.closest('[transform]') !=
      null
    const suit = draw('wingsuit')
    expect([mirrored(suit, 'body', 'l'), mirrored(suit, 'body', 'r')]).toEqual([true, false])
    cleanup()
    const container = draw('container')
    expect([mirrored(container, 'yoke', 'l'), mirrored(container, 'yoke', 'r')]).toEqual([
      false,
      true,
    ])
  })
})
