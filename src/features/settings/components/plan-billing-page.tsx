import { useState } from 'react';
import { plans, type PlanId } from '@schema/values';
import type { PaymentCard, PlanSettings } from '@schema/settings';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { notify } from '@/lib/notify';
import { undoToast } from '@/components/undo-toast';
import { patchSettings } from '../api';
import { cardBrandNames } from '../data/card';
import { formatUsd, planById, priceDifference } from '../data/plan';
import { BillingHistory } from './billing-history';
import { PaymentCardForm } from './payment-card-form';
import { SettingsLoader } from './settings-loader';
import { SettingsSection } from '@/components/settings-section';
import { Button } from '@/components/button';

const dayFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });

/** Settings → Plan & billing: the plan, the card on file (brand and last 4 digits only) and the invoices. */
export function PlanBillingPage() {
  return (
    <div className="space-y-8">
      <SettingsSection title="Plan & billing" description="Your plan, the card it is paid with and your invoices.">
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
  const [target, setTarget] = useState<PlanId | null>(null);
  const currentPlan = planById(current.plan);
  const targetPlan = target ? planById(target) : null;
  const difference = target ? priceDifference(current.plan, target) : null;

  const change = async (plan: PlanId) => {
    await patchSettings({ plan: { plan } });
    notify.success(`You are now on the ${planById(plan).name} plan`);
  };

  return (
    <section aria-labelledby="plan-heading" className="space-y-3">
      <h3 id="plan-heading" className="text-lg font-semibold">
        Plan
      </h3>
      <p className="text-sm" data-testid="current-plan">
        You are on the <strong>{currentPlan.name}</strong> plan, {formatUsd(currentPlan.monthlyUsd)} per month
        {current.changedAt ? `, since ${dayFormat.format(new Date(current.changedAt))}` : ''}.
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
              <span className="text-base font-semibold">{plan.name}</span>
              <span>
                <span className="text-2xl font-bold">{formatUsd(plan.monthlyUsd)}</span>
                <span className="text-sm text-slate-600 dark:text-slate-400"> per month</span>
              </span>
              {isCurrent ? (
                <span className="mt-auto text-sm font-medium text-indigo-700 dark:text-indigo-300">Current plan</span>
              ) : (
                <Button variant="secondary" className="mt-auto" onClick={() => setTarget(plan.id)}>
                  Switch to {plan.name}
                </Button>
              )}
            </li>
          );
        })}
      </ul>
      <ConfirmDialog
        open={target !== null}
        onOpenChange={(open) => !open && setTarget(null)}
        title={`Switch to ${targetPlan?.name ?? ''}?`}
        description={
          targetPlan && difference ? (
            <p data-testid="plan-difference">
              {targetPlan.name} costs {formatUsd(targetPlan.monthlyUsd)} per month instead of {formatUsd(currentPlan.monthlyUsd)} on {currentPlan.name}:{' '}
              <strong>{difference.text}</strong>.
            </p>
          ) : null
        }
        confirmLabel={`Switch to ${targetPlan?.name ?? ''}`}
        onConfirm={() => (target ? change(target) : Promise.resolve())}
      />
    </section>
  );
}

const expiry = (card: PaymentCard) => `${String(card.expMonth).padStart(2, '0')}/${card.expYear}`;

function CardOnFile({ card }: { card: PaymentCard | null }) {
  const [editing, setEditing] = useState(false);
  const [confirmingRemove, setConfirmingRemove] = useState(false);

  const remove = async (removed: PaymentCard) => {
    await patchSettings({ card: null });
    undoToast('Card removed', () => patchSettings({ card: removed }), 'The card is back');
  };

  return (
    <section aria-labelledby="card-heading" className="space-y-3">
      <h3 id="card-heading" className="text-lg font-semibold">
        Payment card
      </h3>
      {card && !editing && (
        <div className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-slate-200 p-4 dark:border-slate-700">
          <p data-testid="card-on-file">
            <span className="font-medium">{cardBrandNames[card.brand]}</span> ending in <span className="font-mono">{card.last4}</span>
            <span className="block text-sm text-slate-600 dark:text-slate-400">Expires {expiry(card)}</span>
          </p>
          <div className="flex gap-2">
            <Button variant="secondary" onClick={() => setEditing(true)}>
              Replace card
            </Button>
            <Button variant="secondary" onClick={() => setConfirmingRemove(true)}>
              Remove
            </Button>
          </div>
          <ConfirmDialog
            open={confirmingRemove}
            onOpenChange={setConfirmingRemove}
            title="Remove the card?"
            description={`${cardBrandNames[card.brand]} ending in ${card.last4} will no longer be on file.`}
            confirmLabel="Remove card"
            destructive
            onConfirm={() => remove(card)}
          />
        </div>
      )}
      {!card && !editing && (
        <div className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-dashed border-slate-300 p-4 dark:border-slate-600">
          <p className="text-sm text-slate-600 dark:text-slate-400">No card on file.</p>
          <Button variant="primary" onClick={() => setEditing(true)}>
            Add a card
          </Button>
        </div>
      )}
      {editing && <PaymentCardForm replacing={card !== null} onDone={() => setEditing(false)} />}
    </section>
  );
}
