import { isOverwritten, type SyncConflict } from "@/lib/shop-sync";
import {
  canPutBack,
  conflictTitle,
  formatConflictValue,
} from "./describe-conflict";
import { Button } from "@/components/button";
import { Trans } from "@lingui/react";
import { useT } from "@/i18n/i18n";
import { formatDateTime } from "@/i18n/format";
import { translatedMessage } from "@/lib/translated-message";

export const formatConflictTime = (iso: string) => formatDateTime(iso);

export interface ConflictItemProps {
  conflict: SyncConflict;
  /** The entry whose action runs (its buttons wait). */
  busy: boolean;
  onPutBack: (conflict: SyncConflict) => void;
  onDismiss: (conflict: SyncConflict) => void;
  /** Whether it is among the entries selected for a bulk action (no checkbox without `onSelectedChange`). */
  selected?: boolean;
  onSelectedChange?: (conflict: SyncConflict, selected: boolean) => void;
}

/** One refused or overwritten change: what, your value and the kept one, who and when, and what can be done. */
export function ConflictItem({
  conflict,
  busy,
  onPutBack,
  onDismiss,
  selected = false,
  onSelectedChange,
}: ConflictItemProps) {
  const t = useT("sync");
  const title = conflictTitle(conflict);
  // A stuck change the person discarded: never sent, the server's last answer as its reason.
  const discarded = !isOverwritten(conflict) && conflict.discarded === true;
  return (
    <li className="flex flex-col gap-3 p-3 sm:flex-row sm:items-start">
      <div className="flex min-w-0 flex-1 gap-3">
        {onSelectedChange && (
          <input
            type="checkbox"
            className={checkboxClass}
            aria-label={t("sync.item.select", { title })}
            checked={selected}
            onChange={(event) =>
              onSelectedChange(conflict, event.target.checked)
            }
          />
        )}
        <div className="min-w-0 flex-1 space-y-1">
          <p className="font-medium break-words">
            {title}{" "}
            <span
              className={`ml-1 rounded px-1.5 py-0.5 text-xs font-normal ${isOverwritten(conflict) ? "bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-200" : discarded ? "bg-slate-200 text-slate-800 dark:bg-slate-700 dark:text-slate-100" : "bg-rose-100 text-rose-900 dark:bg-rose-950 dark:text-rose-200"}`}
            >
              {isOverwritten(conflict)
                ? t("sync.item.overwritten")
                : discarded
                  ? t("sync.item.discardedByYou")
                  : t("sync.item.refused")}
            </span>
          </p>
          {isOverwritten(conflict) ? (
            <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5 text-sm">
              <dt className="text-slate-500">{t("sync.item.yourValue")}</dt>
              <dd className="break-words" translate="no">
                {formatConflictValue(conflict.yours)}
              </dd>
              <dt className="text-slate-500">{t("sync.item.kept")}</dt>
              <dd className="break-words" translate="no">
                {formatConflictValue(conflict.kept)}
              </dd>
            </dl>
          ) : discarded ? (
            <p className="text-sm text-slate-700 dark:text-slate-300">
              {t("sync.item.neverSent", {
                reason: translatedMessage(conflict.message),
              })}{" "}
              <span className="text-slate-500">({conflict.code})</span>
            </p>
          ) : (
            <p className="text-sm text-rose-800 dark:text-rose-300">
              {t("sync.item.refusedBecause", {
                reason: translatedMessage(conflict.message),
              })}{" "}
              <span className="text-slate-500">({conflict.code})</span>
            </p>
          )}
          <p className="text-xs text-slate-500">
            <Trans
              id="sync.item.when"
              values={{
                what: isOverwritten(conflict)
                  ? "changed"
                  : discarded
                    ? "discarded"
                    : "refused",
                by: (isOverwritten(conflict) && conflict.by) || "",
                hasBy: isOverwritten(conflict) && conflict.by ? "yes" : "no",
                at: formatConflictTime(conflict.at),
              }}
              components={{ 0: <time dateTime={conflict.at} /> }}
            />
          </p>
        </div>
      </div>
      <div className="flex flex-wrap gap-2 sm:shrink-0">
        {canPutBack(conflict) && (
          <Button
            variant="primary"
            disabled={busy}
            aria-busy={busy}
            aria-label={t("sync.item.putBackLabel", { title })}
            onClick={() => onPutBack(conflict)}
          >
            {t("sync.item.putBack")}
          </Button>
        )}
        <Button
          variant="secondary"
          disabled={busy}
          aria-label={t("sync.item.dismissLabel", { title })}
          onClick={() => onDismiss(conflict)}
        >
          {t("sync.item.dismiss")}
        </Button>
      </div>
    </li>
  );
}

/** A checkbox of the list (an entry's, the page's). */
export const checkboxClass =
  "mt-1 size-4 shrink-0 rounded border-slate-300 accent-indigo-600 focus-visible:ring-2 focus-visible:ring-indigo-500";

/** The changes, newest first; with `isSelected`, each with its checkbox. */
export function ConflictRows({
  conflicts,
  busyId,
  onPutBack,
  onDismiss,
  isSelected,
  onSelectedChange,
}: {
  conflicts: readonly SyncConflict[];
  busyId: number | null;
  isSelected?: (conflict: SyncConflict) => boolean;
} & Pick<ConflictItemProps, "onPutBack" | "onDismiss" | "onSelectedChange">) {
  const t = useT("sync");
  const newestFirst = [...conflicts].sort(
    (a, b) => b.at.localeCompare(a.at) || (b.id ?? 0) - (a.id ?? 0),
  );
  return (
    <ul
      className="divide-y divide-slate-200 rounded-lg border border-slate-200 dark:divide-slate-700 dark:border-slate-700"
      aria-label={t("sync.list.label")}
    >
      {newestFirst.map((conflict) => (
        <ConflictItem
          key={conflict.id ?? `m${conflict.mutationId}`}
          conflict={conflict}
          busy={busyId !== null && busyId === conflict.id}
          onPutBack={onPutBack}
          onDismiss={onDismiss}
          selected={isSelected?.(conflict) ?? false}
          {...(onSelectedChange ? { onSelectedChange } : {})}
        />
      ))}
    </ul>
  );
}
