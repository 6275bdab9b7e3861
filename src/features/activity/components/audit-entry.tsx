import { Link } from '@tanstack/react-router';
import type { AuditChanges, AuditEntry, AuditFieldChange, AuditRecordChange } from '@domain/contract/sync-protocol';
import { formatDateTime } from '@/i18n/format';
import { t, useT } from '@/i18n/i18n';
import { entryHeadline, fieldLabel, headlineNames, kindSingular, recordLabel, recordSentence } from '../describe-changes';
import { translatedMessage } from '@/lib/translated-message';
import { withData } from '@/components/with-data';
import { describeWrite, writeData } from '@/lib/describe-write';
const linkClass = 'font-medium break-words text-indigo-700 underline hover:no-underline dark:text-indigo-300';

/** The record's name, linked to its page (a removed record says so instead: there is nothing to open). */
export function RecordLink({ record }: { record: AuditRecordChange }) {
  useT('activity');
  const label = recordLabel(record);
  if (record.action === 'deleted') {
    return (
      <span className="break-words">
        <span className="font-medium" translate="no">{label}</span> <span className="text-slate-600 dark:text-slate-400">{t('activity.record.deletedMark')}</span>
      </span>
    );
  }
  const id = String(record.id);
  const title = t('activity.record.open', { kind: kindSingular(record.kind), name: label });
  switch (record.kind) {
    case 'users':
      return (
        <Link to="/users/$id" params={{ id }} className={linkClass} title={title}>
          {label}
        </Link>
      );
    case 'products':
      return (
        <Link to="/products/$id" params={{ id }} className={linkClass} title={title}>
          {label}
        </Link>
      );
    case 'orders':
      return (
        <Link to="/orders/$id" params={{ id }} className={linkClass} title={title}>
          {label}
        </Link>
      );
    case 'invoices':
      return (
        <Link to="/invoices/$id" params={{ id }} className={linkClass} title={title}>
          {label}
        </Link>
      );
    case 'tickets':
      return (
        <Link to="/support/tickets" search={{ ticket: Number(record.id) }} className={linkClass} title={title}>
          {label}
        </Link>
      );
    default:
      // Reviews and images have no page of their own.
      return (
        <span className="font-medium break-words" translate="no">
          {label}
        </span>
      );
  }
}

/** A value as stored (the record's own text: translate="no"), or the translated "(empty)". */
function FieldValue({ value, className }: { value: string | null | undefined; className?: string }) {
  if (value === null || value === undefined || value === '') return <span className={className}>{t('activity.record.empty')}</span>;
  return (
    <span className={className} translate="no">
      {value}
    </span>
  );
}

function FieldChange({ change }: { change: AuditFieldChange }) {
  return (
    <li className="break-words">
      <span className="font-medium">{fieldLabel(change.field)}</span>
      {': '}
      {change.summary ?? (
        <>
          <FieldValue value={change.before} className="text-slate-600 line-through decoration-slate-400 dark:text-slate-400" />
          <span aria-hidden="true"> → </span>
          <span className="sr-only"> {t('activity.record.changedTo')} </span>
          <FieldValue value={change.after} />
        </>
      )}
    </li>
  );
}

function RecordChanges({ record }: { record: AuditRecordChange }) {
  const more = record.fieldCount - record.fields.length;
  return (
    <li className="space-y-1">
      <p className="text-sm">
        <span className="sr-only">{record.name ? withData((values) => recordSentence(record, values.name), { name: record.name }) : recordSentence(record)}. </span>
        <span aria-hidden="true">{t('activity.record.action', { action: record.action, kind: kindSingular(record.kind) })} </span>
        <RecordLink record={record} />
      </p>
      {record.fields.length > 0 && (
        <ul className="ms-4 list-disc space-y-0.5 text-sm">
          {record.fields.map((field) => (
            <FieldChange key={field.field} change={field} />
          ))}
          {more > 0 && <li className="text-slate-600 dark:text-slate-400">{t('activity.record.moreFields', { count: more })}</li>}
        </ul>
      )}
    </li>
  );
}

/** The records a line changed, each with its fields before → after, and how many more a bulk write changed. */
export function ChangesDetails({ changes }: { changes: AuditChanges }) {
  useT('activity');
  const more = changes.count - changes.records.length;
  return (
    <details className="group mt-1">
      <summary className="cursor-pointer text-sm font-medium text-indigo-700 hover:underline focus-visible:outline-2 focus-visible:outline-indigo-600 dark:text-indigo-300">
        {changes.count > 1 ? t('activity.changes.showRecords', { count: changes.count }) : changes.records[0]!.fields.length ? t('activity.changes.showChange') : t('activity.changes.showRecord')}
      </summary>
      <ul className="mt-2 space-y-2 border-s-2 border-slate-200 ps-3 dark:border-slate-700">
        {changes.records.map((record) => (
          <RecordChanges key={`${record.kind}/${String(record.id)}`} record={record} />
        ))}
      </ul>
      {more > 0 && <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{t('activity.changes.moreRecords', { count: more })}</p>}
    </details>
  );
}

/** The line's headline, the records' own names in it (or a member change's email) marked as the shop's data. */
function Headline({ entry }: { entry: AuditEntry }) {
  if (!entry.changes || entry.changes.records.length === 0) {
    const data = writeData(entry.name);
    return data ? withData((values) => describeWrite(entry.name, values), data) : describeWrite(entry.name);
  }
  const names = headlineNames(entry);
  return names ? withData((values) => entryHeadline(entry, values.names), { names }) : entryHeadline(entry);
}

/** One line of the trail: what was done (to which record, which fields), by whom, its result and when. */
export function EntryRow({ entry }: { entry: AuditEntry }) {
  useT('activity');
  const refused = entry.result === 'rejected';
  return (
    <li className="flex flex-wrap items-start gap-x-3 gap-y-1 p-3">
      <div className="min-w-0 flex-1 space-y-0.5">
        <p className="font-medium break-words">
          <Headline entry={entry} />
        </p>
        <p className="truncate text-sm text-slate-600 dark:text-slate-400">{withData((values) => t('activity.entry.by', values), { who: entry.email ?? entry.uid })}</p>
        {refused && <p className="text-sm text-rose-800 dark:text-rose-300">{entry.message ? t('activity.entry.refusedBecause', { reason: translatedMessage(entry.message) }) : t('activity.entry.refusedNoReason')}</p>}
        {entry.changes && entry.changes.records.length > 0 && <ChangesDetails changes={entry.changes} />}
      </div>
      <div className="flex shrink-0 flex-col items-end gap-0.5 text-right">
        <span
          className={`rounded-full px-2 py-0.5 text-xs font-medium ${refused ? 'bg-rose-100 text-rose-800 dark:bg-rose-950 dark:text-rose-300' : 'bg-emerald-100 text-emerald-800 dark:bg-emerald-950 dark:text-emerald-300'}`}
        >
          {refused ? t('activity.entry.refused') : t('activity.entry.applied')}
        </span>
        <time className="text-xs text-slate-500" dateTime={entry.at}>
          {formatDateTime(entry.at)}
        </time>
      </div>
    </li>
  );
}
