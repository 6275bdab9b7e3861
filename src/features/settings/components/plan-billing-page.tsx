import { useState } from 'react';
import { plans, type PlanId } from '@schema/values';
import type { PaymentCard, PlanSettings } from '@schema/settings';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { notify } from '@/lib/notify';
import { undoToast } from '@/components/undo-toast';
import { patchSettings } from '../api';
import { cardBrandName } from '../data/card';
import { formatUsd, planById, priceDifference } from '../data/plan';
import { BillingHistory } from './billing-history';
import { PaymentCardForm } from './payment-card-form';
import { SettingsLoader } from './settings-loader';
import { SettingsSection } from '@/components/settings-section';
import { Button } from '@/components/button';

import { formatDate } from '@/i18n/format';
import { useT } from '@/i18n/i18n';
import { richText, strong } from '@/i18n/rich-text';

/** Settings → Plan & billing: the plan, the card on file (brand and last 4 digits only) and the invoices. */
export function PlanBillingPage() {
  const t = useT('settings');
  return (
    <div className="space-y-8">
      <SettingsSection title={t('settings.plan.sectionTitle')} description={t('settings.plan.sectionDescription')}>
        <SettingsLoader>
          {(settings) => (
            <>
              <PlanChoice current={settings.plan} />
              <CardOnFile card={settings.card} />
            </>
          )}
        </SettingsLoader>
      </SettingsSection>
      <BillingHistory />
    </div>
  );
}

function PlanChoice({ current }: { current: PlanSettings }) {
  const t = useT('settings');
  const planName = (plan: PlanId) => t('settings.plan.name', { plan });
  const [target, setTarget] = useState<PlanId | null>(null);
  const currentPlan = planById(current.plan);
  const targetPlan = target ? planById(target) : null;
  const difference = target ? priceDifference(current.plan, target) : null;

  const change = async (plan: PlanId) => {
    await patchSettings({ plan: { plan } });
    notify.success(t('settings.plan.switched', { plan: planName(plan) }));
  };

  return (
    <section aria-labelledby="plan-heading" className="space-y-3">
      <h3 id="plan-heading" className="text-lg font-semibold">
        {t('settings.plan.heading')}
      </h3>
      <p className="text-sm" data-testid="current-plan">
        {richText(
          t('settings.plan.current', {
            plan: planName(currentPlan.id),
            price: formatUsd(currentPlan.monthlyUsd),
            since: current.changedAt ? formatDate(current.changedAt) : 'none',
          }),
          { strong },
        )}
      </p>
      <ul className="grid gap-3 sm:grid-cols-3">
        {plans.map((plan) => {
          const isCurrent = plan.id === current.plan;
          return (
            <li
              key={plan.id}
              aria-current={isCurrent ? 'true' : undefined}
              className={`flex flex-col gap-2 rounded-lg border p-4 ${
                isCurrent ? 'border-indigo-500 bg-indigo-50 dark:border-indigo-400 dark:bg-indigo-950' : 'border-slate-200 dark:border-slate-700'
              }`}
            >
              <span className="text-base font-semibold">{planName(plan.id)}</span>
              <span>
                <span className="text-2xl font-bold">{formatUsd(plan.monthlyUsd)}</span>
                <span className="text-sm text-slate-600 dark:text-slate-400"> {t('settings.plan.perMonth')}</span>
              </span>
              {isCurrent ? (
                <span className="mt-auto text-sm font-medium text-indigo-700 dark:text-indigo-300">{t('settings.plan.isCurrent')}</span>
              ) : (
                <Button variant="secondary" className="mt-auto" onClick={() => setTarget(plan.id)}>
                  {t('settings.plan.switchTo', { plan: planName(plan.id) })}
                </Button>
              )}
            </li>
          );
        })}
      </ul>
      <ConfirmDialog
        open={target !== null}
        onOpenChange={(open) => !open && setTarget(null)}
        title={targetPlan ? t('settings.plan.switchQuestion', { plan: planName(targetPlan.id) }) : ''}
        description={
          targetPlan && difference ? (
            <p data-testid="plan-difference">
              {richText(
                t('settings.plan.difference', {
                  target: planName(targetPlan.id),
                  targetPrice: formatUsd(targetPlan.monthlyUsd),
                  currentPrice: formatUsd(currentPlan.monthlyUsd),
                  current: planName(currentPlan.id),
                  change: difference.change,
                  amount: difference.amount,
                }),
                { strong },
              )}
            </p>
          ) : null
        }
        confirmLabel={targetPlan ? t('settings.plan.switchTo', { plan: planName(targetPlan.id) }) : ''}
        onConfirm={() => (target ? change(target) : Promise.resolve())}
      />
    </section>
  );
}

const expiry = (card: PaymentCard) => `${String(card.expMonth).padStart(2, '0')}/${card.expYear}`;

function CardOnFile({ card }: { card: PaymentCard | null }) {
  const t = useT('settings');
  const [editing, setEditing] = useState(false);
  const [confirmingRemove, setConfirmingRemove] = useState(false);

  const remove = async (removed: PaymentCard) => {
    await patchSettings({ card: null });
    undoToast(t('settings.card.removed'), () => patchSettings({ card: removed }), t('settings.card.back'));
  };

  return (
    <section aria-labelledby="card-heading" className="space-y-3">
      <h3 id="card-heading" className="text-lg font-semibold">
        {t('settings.card.heading')}
      </h3>
      {card && !editing && (
        <div className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-slate-200 p-4 dark:border-slate-700">
          <p data-testid="card-on-file">
            {richText(t('settings.card.onFile', { brand: cardBrandName(card.brand), last4: card.last4 }), {
              strong: (text) => <span className="font-medium">{text}</span>,
            })}
            <span className="block text-sm text-slate-600 dark:text-slate-400">{t('settings.card.expires', { expiry: expiry(card) })}</span>
          </p>
          <div className="flex gap-2">
            <Button variant="secondary" onClick={() => setEditing(true)}>
              {t('settings.card.replace')}
            </Button>
            <Button variant="secondary" onClick={() => setConfirmingRemove(true)}>
              {t('settings.card.remove')}
            </Button>
          </div>
          <ConfirmDialog
            open={confirmingRemove}
            onOpenChange={setConfirmingRemove}
            title={t('settings.card.removeQuestion')}
            description={t('settings.card.removeDescription', { brand: cardBrandName(card.brand), last4: card.last4 })}
            confirmLabel={t('settings.card.removeConfirm')}
            destructive
            onConfirm={() => remove(card)}
          />
        </div>
      )}
      {!card && !editing && (
        <div className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-dashed border-slate-300 p-4 dark:border-slate-600">
          <p className="text-sm text-slate-600 dark:text-slate-400">{t('settings.card.none')}</p>
          <Button variant="primary" onClick={() => setEditing(true)}>
            {t('settings.card.add')}
          </Button>
        </div>
      )}
      {editing && <PaymentCardForm replacing={card !== null} onDone={() => setEditing(false)} />}
    </section>
  );
}
