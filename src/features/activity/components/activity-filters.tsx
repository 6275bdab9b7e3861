import { useState } from 'react';
import { syncedKinds, type MembersAnswer, type SyncedKind } from '@domain/contract/sync-protocol';
import { Button } from '@/components/button';
import { isCalendarDay } from '@/lib/search-params';
import type { ActivitySearch } from '../data/search';
import { t as translate, useT } from '@/i18n/i18n';
import { kindLabel } from '../describe-changes';

/** A member the trail can be filtered by: their uid and how they are shown. */
export interface PersonOption {
  uid: string;
  label: string;
}

/** The team and the signed-in customers, by email (the uid when there is none); one in the URL but no longer a member stays choosable. */
export function peopleOptions(people: MembersAnswer | undefined, chosen: string | undefined): PersonOption[] {
  const options: PersonOption[] = [
    ...(people?.members ?? []).map((member) => ({ uid: member.uid, label: translate('activity.filters.person', { who: member.email ?? member.uid, role: member.role }) })),
    ...(people?.customers ?? []).map((customer) => ({ uid: customer.uid, label: translate('activity.filters.person', { who: customer.email ?? customer.uid, role: 'customer' }) })),
  ];
  if (chosen && !options.some((option) => option.uid === chosen)) options.push({ uid: chosen, label: chosen });
  return options;
}

/** A date input also reports the years it passes through while one is typed (0002, 0020…): only a finished day filters. */
const finishedDay = (value: string) => isCalendarDay(value) && value >= '1000';

interface ActivityFiltersProps {
  search: ActivitySearch;
  people: PersonOption[];
  onChange: (next: Partial<ActivitySearch>) => void;
}

/** Member, kind and day: each its own URL parameter, changed at once. */
export function ActivityFilters({ search, people, onChange }: ActivityFiltersProps) {
  const t = useT('activity');
  const [dayDraft, setDayDraft] = useState(search.day ?? '');
  // The URL changed by other means (Clear, back/forward): show it. (Adjusted while rendering.)
  const [shownDay, setShownDay] = useState(search.day);
  if (shownDay !== search.day) {
    setShownDay(search.day);
    setDayDraft(search.day ?? '');
  }
  const changeDay = (value: string) => {
    setDayDraft(value);
    if (value === '') onChange({ day: undefined });
    else if (finishedDay(value)) onChange({ day: value });
  };
  const filtered = search.member !== undefined || search.kind !== undefined || search.day !== undefined;
  return (
    <div role="search" aria-label={t('activity.filters.label')} className="flex flex-wrap items-end gap-2">
      <label className="flex min-w-0 flex-col gap-1 text-sm">
        <span>{t('activity.filters.member')}</span>
        <select className="input max-w-full" value={search.member ?? ''} onChange={(e) => onChange({ member: e.target.value || undefined })}>
          <option value="">{t('activity.filters.everyone')}</option>
          {people.map((person) => (
            <option key={person.uid} value={person.uid} translate="no">
              {person.label}
            </option>
          ))}
        </select>
      </label>
      <label className="flex flex-col gap-1 text-sm">
        <span>{t('activity.filters.kind')}</span>
        <select className="input" value={search.kind ?? ''} onChange={(e) => onChange({ kind: (e.target.value || undefined) as SyncedKind | undefined })}>
          <option value="">{t('activity.filters.allKinds')}</option>
          {syncedKinds.map((kind) => (
            <option key={kind} value={kind}>
              {kindLabel(kind)}
            </option>
          ))}
        </select>
      </label>
      <label className="flex flex-col gap-1 text-sm">
        <span>{t('activity.filters.day')}</span>
        <input type="date" className="input py-1" value={dayDraft} onChange={(e) => changeDay(e.target.value)} onBlur={() => setDayDraft(search.day ?? '')} />
      </label>
      {filtered && (
        <Button variant="secondary" onClick={() => onChange({ member: undefined, kind: undefined, day: undefined })}>
          {t('activity.filters.clear')}
        </Button>
      )}
    </div>
  );
}
