/**
 * The order draft (docs/configurator.md) as plain data and pure functions: one draft per product,
 * changed only through `reduceDraft`, which recomputes everything derived (price, lead time,
 * parts shown, validation) after every change. Storage is store.ts's business; the components
 * only dispatch actions. No React, no Dexie, no network here, so every rule is unit-tested.
 */
import type { Configurator } from '../../../contract/configurator.ts'
import type { Product as WireProduct } from '../../../contract/catalog.ts'
import type { PaletteSwatch } from '../../../contract/page-data/catalog.ts'
import {
  priceLines as sharedPriceLines,
  unitPrice as sharedUnitPrice,
  type PriceLine,
  type PricedChoices,
} from '../../../contract/pricing.ts'
import type { Camelized } from '../../lib/api-client.ts'
import { isRecord } from '../../lib/is-record.ts'
import { DEFAULT_EDIT_STATE, decodeEditState, patternUrl } from './edit-state.ts'
import {
  measurementFields,
  validateMeasurements,
  type MeasurementKey,
  type MeasurementValues,
  type Units,
} from './measurements.ts'

export type ProductConfigurator = Camelized<Configurator>
export type Product = Camelized<WireProduct>
/** What the configurator needs of a product: one with a configurator. */
export type ConfigurableProduct = Product & { configurator: ProductConfigurator }

export interface DraftVariant {
  sku: string
  name: string
  price: number
  inStock: boolean
}

/** A snapshot of the product the draft was made for, so it reads on its own (cart, offline). */
export interface ItemMetaData {
  slug: string
  name: string
  path: string
  sku: string
  currency: string
  image: { src: string; alt: string } | null
}

/** Values of the order metadata map: what becomes the add-to-order `meta` list. */
export type OrderMap = Record<string, string | number>

export type Side = 'l' | 'r'

export interface OrderDraft {
  id: string
  productKey: string
  order: OrderMap
  qty: number
  productVariants: DraftVariant[]
  /** The chosen variant's sku. */
  selectedVariant: string | null
  orderAccent: string
  confirmDefaultColor: boolean
  confirmSmallestSize: boolean
  /** Weeks, the product's lead time plus what the chosen upgrades add. */
  leadTime: number
  patURL: string
  editState: string
  /** The last colour the customer applied, and its palette type. */
  pccolrId: string
  colorType: string
  isCloudLite: boolean
  cloudLiteKey: string | null
  isSuperCustom: boolean
  isSuperDuperCustom: boolean
  isSuperAsym: boolean
  svgIdsToHide: string[]
  svgIdsToShow: string[]
  itemMetaData: ItemMetaData
  /**
   * Field → message (docs/configurator.md). Keys are the draft field or order-map key the message
   * belongs to.
   */
  checkOrderValidationError: Record<string, string>
  hasErrorValidation: boolean
  userHasMadeChanges: boolean
  disabledAddToCart: boolean
  submitOrder: boolean
  /** Problems that belong to no field (a damaged share link, storage trouble). */
  error: Record<string, string>
}

/** The defaults (docs/configurator.md). */
export const DEFAULT_QTY = 1
export const DEFAULT_COLOR = 'n4D'
export const DEFAULT_ACCENT = 'none'
export const MAX_QTY = 99

/** Keys of the order metadata map (docs/configurator.md names the first four). */
export const TOTAL_PRICE = 'total_price'
export const CHILD_SUPER_CUSTOM_CHECK = 'child_super_custom_check'
export const PC_EDIT_STATE = 'pc_edit_state'
export const PC_PATTERN_URL = 'pc_pattern_url'
export const SIZE = 'size'
export const UNITS = 'measurement.units'
export const colorKey = (region: string, side?: Side) =>
  side ? `color.${region}.${side}` : `color.${region}`
export const optionKey = (option: string) => `option.${option}`
export const measurementKey = (field: MeasurementKey) => `measurement.${field}`

export function draftId(productKey: string): string {
  return `order_${productKey}`
}

export function isCustomVariant(sku: string): boolean {
  return sku.includes('-CUSTOM')
}

/** Everything the reducer reads besides the draft: the catalog and the palette. */
export interface DraftContext {
  product: ConfigurableProduct
  palette: readonly PaletteSwatch[]
}

export type DraftAction =
  | { type: 'selectVariant'; sku: string }
  | { type: 'paint'; region: string; side?: Side; color: string }
  | { type: 'setAccent'; accent: string }
  | { type: 'setOption'; option: string; on: boolean }
  | { type: 'setQty'; qty: number }
  | { type: 'confirmDefaultColor'; value: boolean }
  | { type: 'confirmSmallestSize'; value: boolean }
  | { type: 'setMeasurement'; field: MeasurementKey; value: string }
  | { type: 'setMeasurements'; units: Units; values: Partial<Record<MeasurementKey, string>> }
  | { type: 'setSuperCustom'; on: boolean }
  | { type: 'setSuperDuperCustom'; on: boolean }
  | { type: 'setEditState'; editState: string }
  | { type: 'setCloudLite'; on: boolean; key?: string | null }
  | { type: 'setSuperAsym'; on: boolean }
  | { type: 'resetSuperCustom' }
  | { type: 'reset' }
  | { type: 'setError'; key: string; message: string | null }

/**
 * A fresh draft with every default (docs/configurator.md); the `-CUSTOM` variant is selected
 * automatically.
 */
export function createDraft(context: DraftContext): OrderDraft {
  const { product } = context
  const variants = product.variants.map(({ sku, name, price, inStock }) => ({
    sku,
    name,
    price,
    inStock,
  }))
  const draft: OrderDraft = {
    id: draftId(product.slug),
    productKey: product.slug,
    order: {},
    qty: DEFAULT_QTY,
    productVariants: variants,
    selectedVariant: variants.find((v) => isCustomVariant(v.sku))?.sku ?? null,
    orderAccent: DEFAULT_ACCENT,
    confirmDefaultColor: true,
    confirmSmallestSize: false,
    leadTime: product.leadTimeWeeks,
    patURL: '',
    editState: DEFAULT_EDIT_STATE,
    pccolrId: DEFAULT_COLOR,
    colorType: paletteType(context.palette, DEFAULT_COLOR),
    isCloudLite: false,
    cloudLiteKey: null,
    isSuperCustom: false,
    isSuperDuperCustom: false,
    isSuperAsym: false,
    svgIdsToHide: [],
    svgIdsToShow: [],
    itemMetaData: {
      slug: product.slug,
      name: product.name,
      path: product.path,
      sku: product.sku,
      currency: product.currency,
      image: product.images[0] ?? null,
    },
    checkOrderValidationError: {},
    hasErrorValidation: false,
    userHasMadeChanges: false,
    disabledAddToCart: false,
    submitOrder: false,
    error: {},
  }
  return derive(draft, context)
}

function paletteType(palette: readonly PaletteSwatch[], id: string): string {
  return palette.find((swatch) => swatch.id === id)?.type ?? 'standard'
}

function without(map: OrderMap, ...keys: string[]): OrderMap {
  const next = { ...map }
  for (const key of keys) delete next[key]
  return next
}

/**
 * docs/configurator.md: clears the pattern url, child_super_custom_check, pc_edit_state and
 * pc_pattern_url.
 */
export function resetSuperCustom(draft: OrderDraft): OrderDraft {
  return {
    ...draft,
    isSuperCustom: false,
    isSuperDuperCustom: false,
    patURL: '',
    editState: DEFAULT_EDIT_STATE,
    order: without(draft.order, CHILD_SUPER_CUSTOM_CHECK, PC_EDIT_STATE, PC_PATTERN_URL),
  }
}

/** The pattern now in the editor, written to the order map while a custom design is chosen. */
function withPattern(draft: OrderDraft): OrderDraft {
  if (!draft.isSuperCustom && !draft.isSuperDuperCustom) return draft
  return {
    ...draft,
    order: {
      ...draft.order,
      ...(draft.isSuperCustom ? { [CHILD_SUPER_CUSTOM_CHECK]: 'on' } : {}),
      [PC_EDIT_STATE]: draft.editState,
      [PC_PATTERN_URL]: draft.patURL,
    },
  }
}

function regionIds(context: DraftContext): string[] {
  return context.product.configurator.regions.map((region) => region.id)
}

/** Symmetric colours split into two halves, or halves joined (the left half's colour wins). */
function convertSymmetry(draft: OrderDraft, context: DraftContext, asym: boolean): OrderMap {
  const order = { ...draft.order }
  for (const region of regionIds(context)) {
    const whole = order[colorKey(region)]
    const left = order[colorKey(region, 'l')]
    delete order[colorKey(region)]
    delete order[colorKey(region, 'l')]
    delete order[colorKey(region, 'r')]
    if (asym && whole !== undefined) {
      order[colorKey(region, 'l')] = whole
      order[colorKey(region, 'r')] = whole
    } else if (!asym && left !== undefined) {
      order[colorKey(region)] = left
    }
  }
  return order
}

function apply(draft: OrderDraft, action: DraftAction, context: DraftContext): OrderDraft {
  const configurator = context.product.configurator
  switch (action.type) {
    case 'selectVariant': {
      if (!draft.productVariants.some((v) => v.sku === action.sku)) return draft
      const custom = isCustomVariant(action.sku)
      const variant = draft.productVariants.find((v) => v.sku === action.sku)
      const order = custom ? without(draft.order, SIZE) : { ...draft.order }
      if (!custom && variant) order[SIZE] = sizeOf(variant, context) ?? variant.name
      return { ...draft, selectedVariant: action.sku, confirmSmallestSize: false, order }
    }
    case 'paint': {
      if (!regionIds(context).includes(action.region)) return draft
      const side = draft.isSuperAsym ? action.side : undefined
      const order = { ...draft.order }
      if (draft.isSuperAsym && !side) {
        order[colorKey(action.region, 'l')] = action.color
        order[colorKey(action.region, 'r')] = action.color
      } else {
        order[colorKey(action.region, side)] = action.color
      }
      return {
        ...draft,
        order,
        pccolrId: action.color,
        colorType: paletteType(context.palette, action.color),
      }
    }
    case 'setAccent':
      return { ...draft, orderAccent: action.accent }
    case 'setOption': {
      if (!configurator.options.some((o) => o.key === action.option)) return draft
      return {
        ...draft,
        order: action.on
          ? { ...draft.order, [optionKey(action.option)]: 'on' }
          : without(draft.order, optionKey(action.option)),
      }
    }
    case 'setQty':
      return { ...draft, qty: action.qty }
    case 'confirmDefaultColor':
      return { ...draft, confirmDefaultColor: action.value }
    case 'confirmSmallestSize':
      return { ...draft, confirmSmallestSize: action.value }
    case 'setMeasurement':
      return {
        ...draft,
        order: { ...draft.order, [measurementKey(action.field)]: action.value },
      }
    case 'setMeasurements': {
      const order: OrderMap = { ...draft.order, [UNITS]: action.units }
      for (const field of measurementFields) {
        const value = action.values[field.key]
        if (value === undefined) delete order[measurementKey(field.key)]
        else order[measurementKey(field.key)] = value
      }
      return { ...draft, order }
    }
    case 'setSuperCustom':
      if (!configurator.superCustom) return draft
      return action.on
        ? withPattern({ ...resetSuperCustomFlags(draft), isSuperCustom: true })
        : resetSuperCustom(draft)
    case 'setSuperDuperCustom':
      if (!configurator.superDuperCustom) return draft
      return action.on
        ? withPattern({
            ...resetSuperCustomFlags(draft),
            isSuperDuperCustom: true,
            order: without(draft.order, CHILD_SUPER_CUSTOM_CHECK),
          })
        : resetSuperCustom(draft)
    case 'setEditState': {
      const edit = decodeEditState(action.editState)
      return withPattern({
        ...draft,
        editState: action.editState,
        patURL: edit ? patternUrl(edit) : '',
      })
    }
    case 'setCloudLite': {
      const cloudLite = configurator.cloudLite
      if (!cloudLite) return draft
      if (!action.on) return { ...draft, isCloudLite: false, cloudLiteKey: null }
      const key =
        action.key === undefined ? (draft.cloudLiteKey ?? cloudLite.keys[0]?.key) : action.key
      return { ...draft, isCloudLite: true, cloudLiteKey: key ?? null }
    }
    case 'setSuperAsym':
      if (!configurator.superAsym || action.on === draft.isSuperAsym) return draft
      return { ...draft, isSuperAsym: action.on, order: convertSymmetry(draft, context, action.on) }
    case 'resetSuperCustom':
      return resetSuperCustom(draft)
    case 'reset':
      return createDraft(context)
    case 'setError': {
      const error = { ...draft.error }
      if (action.message === null) delete error[action.key]
      else error[action.key] = action.message
      return { ...draft, error }
    }
  }
}

function resetSuperCustomFlags(draft: OrderDraft): OrderDraft {
  return { ...draft, isSuperCustom: false, isSuperDuperCustom: false }
}

/** Actions that record nothing the customer chose (bookkeeping). */
const BOOKKEEPING: ReadonlySet<DraftAction['type']> = new Set(['setError', 'reset'])

/** The one way a draft changes: apply the action, then recompute everything derived. */
export function reduceDraft(
  draft: OrderDraft,
  action: DraftAction,
  context: DraftContext,
): OrderDraft {
  const next = apply(draft, action, context)
  if (next === draft) return draft
  const touched = BOOKKEEPING.has(action.type) ? next : { ...next, userHasMadeChanges: true }
  return derive(touched, context)
}

/** The body measurements as the customer typed them, from the order map. */
export function measurementsOf(draft: OrderDraft): MeasurementValues {
  const values: MeasurementValues = {}
  for (const field of measurementFields) {
    const value = draft.order[measurementKey(field.key)]
    if (value !== undefined) values[field.key] = String(value)
  }
  return values
}

/** The measurement units: metric unless the customer chose imperial. */
export function unitsOf(draft: OrderDraft): Units {
  return draft.order[UNITS] === 'imperial' ? 'imperial' : 'metric'
}

/** The size label a standard variant stands for (its sku ends in `-{size}`). */
function sizeOf(variant: DraftVariant, context: DraftContext): string | undefined {
  return context.product.sizes.find((size) => variant.sku.endsWith(`-${size}`))
}

/** The standard variant of the product's smallest size (sizes are listed smallest first). */
export function smallestVariant(context: DraftContext): string | undefined {
  const smallest = context.product.sizes[0]
  if (smallest === undefined) return undefined
  return context.product.variants.find((v) => v.sku.endsWith(`-${smallest}`))?.sku
}

/** The colour each region half is painted: the customer's choice, else the region's default. */
export function regionColor(
  draft: OrderDraft,
  region: { id: string; defaultColor: string },
  side: Side,
): string {
  const chosen = draft.isSuperAsym
    ? draft.order[colorKey(region.id, side)]
    : draft.order[colorKey(region.id)]
  return typeof chosen === 'string' ? chosen : region.defaultColor
}

/** Regions whose colour (on either half) the customer has not chosen. */
export function unchosenRegions(draft: OrderDraft, context: DraftContext): string[] {
  return context.product.configurator.regions
    .filter((region) =>
      draft.isSuperAsym
        ? draft.order[colorKey(region.id, 'l')] === undefined ||
          draft.order[colorKey(region.id, 'r')] === undefined
        : draft.order[colorKey(region.id)] === undefined,
    )
    .map((region) => region.label)
}

/**
 * The upgrades (docs/configurator.md), in the one order the form, the price summary and the lead
 * time list them. Each is a flag of the draft and a block of the product's configurator; a product
 * offers those its configurator has.
 */
export const upgradeKeys = ['superCustom', 'superDuperCustom', 'cloudLite', 'superAsym'] as const
export type UpgradeKey = (typeof upgradeKeys)[number]

const upgradeFlags = {
  superCustom: 'isSuperCustom',
  superDuperCustom: 'isSuperDuperCustom',
  cloudLite: 'isCloudLite',
  superAsym: 'isSuperAsym',
} as const satisfies Record<UpgradeKey, keyof OrderDraft>

export interface Upgrade {
  key: UpgradeKey
  label: string
  price: number
  leadTimeWeeks: number
  chosen: boolean
}

/** The upgrades the product offers, each with whether the draft has it. */
export function upgradesOf(draft: OrderDraft, context: DraftContext): Upgrade[] {
  const configurator = context.product.configurator
  return upgradeKeys.flatMap((key) => {
    const offer = configurator[key]
    if (!offer) return []
    const { label, price, leadTimeWeeks } = offer
    return [{ key, label, price, leadTimeWeeks, chosen: draft[upgradeFlags[key]] }]
  })
}

/** The action that chooses an upgrade or takes it off. */
export function upgradeAction(key: UpgradeKey, on: boolean): DraftAction {
  switch (key) {
    case 'superCustom':
      return { type: 'setSuperCustom', on }
    case 'superDuperCustom':
      return { type: 'setSuperDuperCustom', on }
    case 'cloudLite':
      return { type: 'setCloudLite', on }
    case 'superAsym':
      return { type: 'setSuperAsym', on }
  }
}

export type { PriceLine }

/** The draft's choices as the shared pricing function (contract/pricing.ts) reads them. */
function pricedChoices(draft: OrderDraft, context: DraftContext): PricedChoices {
  const variant =
    draft.productVariants.find((v) => v.sku === draft.selectedVariant) ??
    draft.productVariants.find((v) => isCustomVariant(v.sku))
  const options = context.product.configurator.options
    .filter((option) => draft.order[optionKey(option.key)] === 'on')
    .map((option) => option.key)
  return {
    base: {
      label: variant?.name ?? context.product.name,
      amount: variant?.price ?? context.product.price,
    },
    options: new Set(options),
    accent: draft.orderAccent,
    regionColors: (region) => [regionColor(draft, region, 'l'), regionColor(draft, region, 'r')],
    colorType: (id) => paletteType(context.palette, id),
    upgrades: Object.fromEntries(
      upgradeKeys.map((key) => [key, draft[upgradeFlags[key]]]),
    ) as Record<UpgradeKey, boolean>,
  }
}

/**
 * What one item costs, line by line (minor units): the selected variant's price, then each
 * addition (docs/configurator.md). The server prices order lines with the same function.
 */
export function priceLines(draft: OrderDraft, context: DraftContext): PriceLine[] {
  return sharedPriceLines(context.product.configurator, pricedChoices(draft, context))
}

/** One item's price with every addition. */
export function unitPrice(draft: OrderDraft, context: DraftContext): number {
  return sharedUnitPrice(context.product.configurator, pricedChoices(draft, context))
}

/** The product's lead time plus the weeks each chosen upgrade adds. */
export function leadTimeOf(draft: OrderDraft, context: DraftContext): number {
  return upgradesOf(draft, context).reduce(
    (weeks, upgrade) => (upgrade.chosen ? weeks + upgrade.leadTimeWeeks : weeks),
    context.product.leadTimeWeeks,
  )
}

/**
 * Drawing parts for the chosen options: the product's standard parts plus what options show,
 * less what options hide (a "no logo" option hides the standard logo).
 */
function partsOf(draft: OrderDraft, context: DraftContext) {
  const { configurator } = context.product
  const show = new Set<string>(configurator.parts)
  const hide = new Set<string>()
  for (const option of configurator.options) {
    if (draft.order[optionKey(option.key)] !== 'on') continue
    option.show.forEach((part) => show.add(part))
    option.hide.forEach((part) => hide.add(part))
  }
  return {
    svgIdsToShow: [...show].filter((part) => !hide.has(part)).sort(),
    svgIdsToHide: [...hide].sort(),
  }
}

/**
 * Every problem that stops the draft from being ordered, as field → message
 * (docs/configurator.md).
 */
export function validateDraft(draft: OrderDraft, context: DraftContext): Record<string, string> {
  const errors: Record<string, string> = {}
  const { configurator } = context.product
  const known = new Set(context.palette.map((swatch) => swatch.id))

  if (!Number.isInteger(draft.qty) || draft.qty < 1 || draft.qty > MAX_QTY)
    errors.qty = `Choose a quantity from 1 to ${MAX_QTY}.`

  const variant = draft.productVariants.find((v) => v.sku === draft.selectedVariant)
  if (!variant) {
    errors.selectedVariant = 'Choose a size, or made to measure.'
  } else if (isCustomVariant(variant.sku)) {
    for (const [field, message] of Object.entries(
      validateMeasurements(unitsOf(draft), measurementsOf(draft)),
    ))
      if (message) errors[measurementKey(field as MeasurementKey)] = message
  } else if (variant.sku === smallestVariant(context) && !draft.confirmSmallestSize) {
    errors.confirmSmallestSize = `${context.product.sizes[0]} is our smallest size. Confirm that it fits you, or choose made to measure.`
  }

  for (const region of configurator.regions)
    for (const side of ['l', 'r'] as const) {
      const color = regionColor(draft, region, side)
      const key = draft.isSuperAsym ? colorKey(region.id, side) : colorKey(region.id)
      if (!known.has(color) && !errors[key])
        errors[key] = `${region.label}: colour ${color} is no longer offered. Choose another.`
    }
  if (!draft.confirmDefaultColor) {
    const unchosen = unchosenRegions(draft, context)
    if (unchosen.length > 0)
      errors.confirmDefaultColor = `Choose a colour for ${listOf(unchosen)}, or keep the default colours.`
  }

  if (
    draft.orderAccent !== DEFAULT_ACCENT &&
    !configurator.accents.some((a) => a.key === draft.orderAccent)
  )
    errors.orderAccent = 'This accent is no longer offered. Choose another.'

  if (draft.isCloudLite && !configurator.cloudLite?.keys.some((k) => k.key === draft.cloudLiteKey))
    errors.cloudLiteKey = 'Choose a cloud lite fabric.'

  if (draft.isSuperCustom || draft.isSuperDuperCustom) {
    const edit = decodeEditState(draft.editState)
    if (!edit) errors.editState = 'The pattern could not be read. Reset the design to start again.'
    else if (edit.pattern === 'none' || edit.targets.length === 0)
      errors.editState = 'Choose a pattern and the parts it covers for your custom design.'
  }
  return errors
}

function listOf(items: string[]): string {
  const lower = items.map((item) => item.toLowerCase())
  return lower.length <= 1
    ? (lower[0] ?? '')
    : `${lower.slice(0, -1).join(', ')} and ${lower[lower.length - 1]}`
}

/** Recomputes what follows from the choices: parts, lead time, total price, validation. */
export function derive(draft: OrderDraft, context: DraftContext): OrderDraft {
  const errors = validateDraft(draft, context)
  const hasErrorValidation = Object.keys(errors).length > 0
  const qty = Number.isInteger(draft.qty) && draft.qty > 0 ? draft.qty : 1
  return {
    ...draft,
    ...partsOf(draft, context),
    leadTime: leadTimeOf(draft, context),
    order: { ...draft.order, [TOTAL_PRICE]: unitPrice(draft, context) * qty },
    checkOrderValidationError: errors,
    hasErrorValidation,
    disabledAddToCart: hasErrorValidation || draft.submitOrder,
  }
}

/**
 * A draft read back from storage, made whole again: fields a newer or older version of the app
 * did not store get their defaults, fields of the wrong type are dropped, and everything derived
 * (price, lead time, validation) is recomputed against today's catalog. Nothing the customer
 * chose is thrown away, even a colour the palette no longer has (validation names it instead).
 */
export function reviveDraft(stored: unknown, context: DraftContext): OrderDraft {
  const fresh = createDraft(context)
  if (!isRecord(stored)) return fresh
  const pick = <K extends keyof OrderDraft>(
    key: K,
    ok: (value: unknown) => boolean,
  ): Partial<OrderDraft> => (ok(stored[key]) ? { [key]: stored[key] } : {})
  const bool = (v: unknown) => typeof v === 'boolean'
  const str = (v: unknown) => typeof v === 'string'
  const order: OrderMap = {}
  if (isRecord(stored.order))
    for (const [key, value] of Object.entries(stored.order))
      if (typeof value === 'string' || typeof value === 'number') order[key] = value
  const error: Record<string, string> = {}
  if (isRecord(stored.error))
    for (const [key, value] of Object.entries(stored.error))
      if (typeof value === 'string') error[key] = value
  const selected = stored.selectedVariant
  const draft: OrderDraft = {
    ...fresh,
    ...pick('qty', (v) => Number.isInteger(v)),
    ...(typeof selected === 'string' && fresh.productVariants.some((v) => v.sku === selected)
      ? { selectedVariant: selected }
      : {}),
    ...pick('orderAccent', str),
    ...pick('confirmDefaultColor', bool),
    ...pick('confirmSmallestSize', bool),
    ...pick('patURL', str),
    ...pick('editState', str),
    ...pick('pccolrId', str),
    ...pick('colorType', str),
    ...pick('isCloudLite', bool),
    ...pick('cloudLiteKey', (v) => v === null || typeof v === 'string'),
    ...pick('isSuperCustom', bool),
    ...pick('isSuperDuperCustom', bool),
    ...pick('isSuperAsym', bool),
    ...pick('userHasMadeChanges', bool),
    order,
    error,
  }
  return derive(draft, context)
}
