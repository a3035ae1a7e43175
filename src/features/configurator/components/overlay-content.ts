/**
 * What the configurator's information overlays say (docs/configurator.md), by content type. The
 * generic content modal shows any of these by its type; the named overlays use their own.
 */
export interface OverlayText {
  title: string
  paragraphs: readonly string[]
}

export const overlayContent = {
  help: {
    title: 'How the configurator works',
    paragraphs: [
      'Pick a part of the suit, then a colour: the drawing changes as you go. Options, accents and upgrades add to the price shown under the drawing.',
      'Everything you choose is kept on this device as you go, even with no signal. Close the app at the drop zone and your design is here when you come back.',
      'Choose a standard size, or made to measure and give us your measurements. "Copy link" puts your design in a link you can send to yourself, a dealer or a friend.',
    ],
  },
  'non-binary': {
    title: 'Sizing for every body',
    paragraphs: [
      'Our standard sizes are cut from one set of patterns, not a men’s and a women’s range. If a standard size does not fit your shape, choose made to measure: we cut the suit from your own measurements at no extra cost beyond the made-to-measure price.',
      'Measure in light clothing, or ask one of our dealers to measure you. The hints next to each field say where to measure.',
    ],
  },
  'super-custom': {
    title: 'Super custom',
    paragraphs: [
      'Super custom adds a pattern of your own on the parts you choose: stripes, chevrons, fades and more, in any two colours of the palette. Open the designer to lay it out.',
      'Your pattern goes to the workshop with the suit as its own order line, and adds the weeks shown to the lead time.',
    ],
  },
  'super-duper-custom': {
    title: 'Super duper custom',
    paragraphs: [
      'Super duper custom is a one-off: a designer at the workshop takes your pattern from the designer as a starting point and contacts you to finish the artwork together before anything is cut.',
      'It takes longer than super custom and costs more; the price and the extra weeks are shown before you order.',
    ],
  },
  'base-system': {
    title: 'A BASE system',
    paragraphs: [
      'A BASE system is the container and harness that carries a single canopy for BASE jumping: there is no reserve. The container, the pilot chute pouch and the bridle routing are built for clean, fast openings from a standing start.',
      'Choose its colours here. Sizing is by torso length and chest; made to measure is recommended if you are between sizes.',
    ],
  },
  'lead-time': {
    title: 'How long your design takes',
    paragraphs: [
      'Every design is made to order in our workshop. The time shown is the workshop’s current production time for this kind of suit, which we revise as the queue grows and shrinks, plus the weeks an upgrade adds (a super custom design needs its artwork drawn first).',
      'Your order confirmation gives the dates between which we expect it to be ready, counted from the day you submit it.',
    ],
  },
  fabrics: {
    title: 'Cloud lite fabrics',
    paragraphs: [
      'Cloud lite replaces the wing fabric with a lighter, low-porosity weave. The suit packs smaller and weighs less, at the cost of a little durability on the wing surfaces.',
    ],
  },
} satisfies Record<string, OverlayText>

export type ContentType = keyof typeof overlayContent
