type CamelCase<S extends string> = S extends `${infer Head}_${infer Tail}`
  ? `${Head}${Capitalize<CamelCase<Tail>>}`
  : S

/**
 * The type of a snake_case wire body once its keys are camelCased, as the app's API client and
 * the catalog snapshot hand it on (docs/architecture.md).
 */
export type Camelized<T> =
  T extends ReadonlyArray<infer Item>
    ? Camelized<Item>[]
    : T extends object
      ? { [K in keyof T as K extends string ? CamelCase<K> : K]: Camelized<T[K]> }
      : T
