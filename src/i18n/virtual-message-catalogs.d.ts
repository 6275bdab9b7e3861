declare module 'virtual:message-catalogs' {
  import type { CompiledValue } from './catalog-format';
  /** Each area the code asks for → the catalogue parts it loads (build/message-catalogs.ts). */
  export const areaParts: Record<string, string[]>;
  /** A part → its ids, the same for every language (in the order of its values). */
  export const idLoaders: Record<string, () => Promise<{ default: string[] }>>;
  /** `<locale>/<part>` → that language's values of the part, in the order of its ids. */
  export const valueLoaders: Record<string, () => Promise<{ default: CompiledValue[] }>>;
}
