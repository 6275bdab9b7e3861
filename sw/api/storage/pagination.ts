import type { ListMeta } from '../../../domain/schema/common';

/** meta as the contract defines it: firstIndex is the offset, lastIndex the end offset capped at total. */
export function pageMeta(page: number, total: number, pageSize: number): ListMeta {
  const firstIndex = (page - 1) * pageSize;
  return {
    page,
    pageSize,
    total,
    totalPages: Math.ceil(total / pageSize),
    firstIndex,
    lastIndex: Math.min(firstIndex + pageSize, total),
  };
}
