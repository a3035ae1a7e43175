/**
 * The names in a product page's URL that concern the configurator, in a module of their own so
 * the page can read them without loading the configurator.
 */

/** The search parameter that carries a shared design (share-link.ts). */
export const DESIGN_PARAM = 'design'

/** The configurator section's id: "Design your own" and saved designs link to it. */
export const DESIGN_ANCHOR = 'design'
