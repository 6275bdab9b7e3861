declare module 'virtual:message-catalogs' {
  import type { Messages } from '@lingui/core';
  /** `<locale>/<area>` → its compiled catalogue (build/message-catalogs.ts). */
  export const catalogLoaders: Record<string, () => Promise<{ default: Messages }>>;
}
