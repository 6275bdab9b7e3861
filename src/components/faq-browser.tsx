import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import type { Faq } from '@schema/faq';
import { Accordion, AccordionContent, AccordionItem, AccordionTrigger } from './accordion';
import { EmptyState, ErrorState } from './data-table/list-states';
import { SearchInput } from './data-table/search-input';
import { useListQuery } from './data-table/use-list-query';
import { notify } from '@/lib/notify';
import { listFaqs, voteOnFaq } from '@/lib/faqs-api';
import { faqTopicLabel, groupFaqsByTopic, voteAfterClick, withVote } from '@/lib/support-format';
import { Button } from './button';
import { t as translate, useT } from '@/i18n/i18n';
import { formatNumber } from '@/i18n/format';

interface FaqBrowserProps {
  /** The search in the URL. */
  search: string;
  /** A FAQ to show open (and scrolled to) on arrival: a link from the overview's search. */
  openFaq?: number | undefined;
  onSearchChange: (search: string) => void;
  /** Under the heading: where to turn when the answer is not there (the screen's own links). */
  intro: ReactNode;
  /** The heading's level: 2 on a page of its own, 3 inside another page's section. */
  headingLevel?: 2 | 3;
}

const faqElementId = (id: number) => `faq-${id}`;

/**
 * The seeded FAQs by topic in one accordion (Radix keys across all topics), searched as you
 * type (every word must match, in the question or the answer), each with "Was this helpful?"
 * votes kept for this account: the team's /support/faqs and the customer portal's Support.
 */
export function FaqBrowser({ search, openFaq, onSearchChange, intro, headingLevel = 2 }: FaqBrowserProps) {
  const t = useT('common');
  const topicIdBase = useId();
  const { data, fetching, error, retry } = useListQuery('faqs', search, (signal) => listFaqs(search, signal));
  const [open, setOpen] = useState<ReadonlySet<string>>(() => new Set(openFaq === undefined ? [] : [String(openFaq)]));
  // Votes shown before the API answers (and until the list is read again).
  const [voted, setVoted] = useState<{ faqs: Faq[] | undefined; byId: ReadonlyMap<number, Faq> }>({ faqs: undefined, byId: new Map() });
  if (voted.faqs !== data && voted.byId.size > 0) setVoted({ faqs: data, byId: new Map() });
  const faqs = (data ?? []).map((faq) => voted.byId.get(faq.id) ?? faq);

  // A link to one FAQ: bring it into view once it is there.
  const scrolled = useRef(false);
  useEffect(() => {
    if (scrolled.current || openFaq === undefined || !data) return;
    scrolled.current = true;
    document.getElementById(faqElementId(openFaq))?.scrollIntoView({ block: 'center' });
  }, [data, openFaq]);

  const vote = (faq: Faq, clicked: boolean) => {
    const next = voteAfterClick(faq.myVote, clicked);
    const show = (shown: Faq) => setVoted((current) => ({ faqs: data, byId: new Map(current.byId).set(faq.id, shown) }));
    show(withVote(faq, next));
    voteOnFaq(faq.id, next).then(
      (saved) => {
        show(saved);
        retry();
      },
      (failure: unknown) => {
        show(faq);
        notify.error(failure instanceof Error ? translate('common.faq.voteFailed', { reason: failure.message }) : translate('common.faq.voteFailedUnknown'));
      },
    );
  };

  const groups = groupFaqsByTopic(faqs);
  return (
    <section className="space-y-4">
      {headingLevel === 2 ? <h2 className="text-xl font-semibold">{t('common.faq.title')}</h2> : <h3 className="text-lg font-semibold">{t('common.faq.title')}</h3>}
      <p className="text-sm text-slate-600 dark:text-slate-400">{intro}</p>
      <div role="search" className="flex flex-wrap items-center gap-3">
        <SearchInput label={t('common.faq.searchLabel')} placeholder={t('common.faq.searchPlaceholder')} value={search} onSearch={onSearchChange} />
        <p role="status" className="text-sm text-slate-500 dark:text-slate-400">
          {fetching ? t('common.loading') : data ? faqCount(data.length, search) : ''}
        </p>
      </div>

      {error && <ErrorState message={t('common.faq.loadFailed', { reason: error.message })} onRetry={retry} />}
      {!data && !error && <FaqsSkeleton />}
      {data && data.length === 0 && !fetching && (
        <EmptyState
          message={search ? t('common.faq.noMatch', { search }) : t('common.faq.empty')}
          action={
            search ? (
              <Button variant="secondary" onClick={() => onSearchChange('')}>
                {t('common.faq.clearSearch')}
              </Button>
            ) : undefined
          }
        />
      )}
      <Accordion value={open} onValueChange={setOpen} className={`space-y-6 ${fetching && data ? 'opacity-60 transition-opacity' : 'transition-opacity'}`}>
        {groups.map(({ topic, faqs: topicFaqs }, index) => (
          // Named by its heading: topics, questions and answers are the shop's own text (translate="no").
          <section key={topic} aria-labelledby={`${topicIdBase}-topic-${index}`} className="space-y-2">
            {headingLevel === 2 ? (
              <h3 id={`${topicIdBase}-topic-${index}`} className="text-base font-semibold" translate="no">
                {faqTopicLabel(topic)}
              </h3>
            ) : (
              <h4 id={`${topicIdBase}-topic-${index}`} className="text-base font-semibold" translate="no">
                {faqTopicLabel(topic)}
              </h4>
            )}
            <div className="divide-y divide-slate-200 overflow-hidden rounded-lg border border-slate-200 bg-white dark:divide-slate-700 dark:border-slate-700 dark:bg-slate-900">
              {topicFaqs.map((faq) => (
                <AccordionItem key={faq.id} value={String(faq.id)} id={faqElementId(faq.id)}>
                  <AccordionTrigger
                    level={headingLevel === 2 ? 4 : 5}
                    className="flex w-full items-center gap-3 px-4 py-3 text-start text-sm font-medium hover:bg-slate-50 focus-visible:ring-2 focus-visible:ring-indigo-500 focus-visible:outline-none focus-visible:ring-inset dark:hover:bg-slate-800"
                  >
                    <span translate="no">{faq.question}</span>
                  </AccordionTrigger>
                  <AccordionContent className="space-y-3 px-4 pb-4 text-sm">
                    <p className="break-words whitespace-pre-line text-slate-700 dark:text-slate-300" translate="no">
                      {faq.answer}
                    </p>
                    <FaqVote faq={faq} onVote={(helpful) => vote(faq, helpful)} />
                  </AccordionContent>
                </AccordionItem>
              ))}
            </div>
          </section>
        ))}
      </Accordion>
    </section>
  );
}

const faqCount = (count: number, search: string) => (search ? translate('common.faq.countMatching', { count, search }) : translate('common.faq.count', { count }));

/** "Was this helpful? Yes (3) / No (1)": toggle buttons; pressing the pressed one takes the vote back. */
function FaqVote({ faq, onVote }: { faq: Faq; onVote: (helpful: boolean) => void }) {
  const t = useT('common');
  const labelId = `${faqElementId(faq.id)}-vote`;
  return (
    <div role="group" aria-labelledby={labelId} className="flex flex-wrap items-center gap-2">
      <span id={labelId} className="font-medium">
        {t('common.faq.helpful')}
      </span>
      <Button variant="toggle" size="sm" className="tabular-nums" aria-pressed={faq.myVote === true} onClick={() => onVote(true)}>
        {t('common.faq.yes', { count: formatNumber(faq.helpfulCount) })}
      </Button>
      <Button variant="toggle" size="sm" className="tabular-nums" aria-pressed={faq.myVote === false} onClick={() => onVote(false)}>
        {t('common.faq.no', { count: formatNumber(faq.notHelpfulCount) })}
      </Button>
      {faq.myVote !== null && <span className="text-xs text-slate-500 dark:text-slate-400">{t('common.faq.thanks')}</span>}
    </div>
  );
}

function FaqsSkeleton() {
  return (
    <div aria-hidden="true" className="space-y-2" data-testid="faqs-skeleton">
      {Array.from({ length: 5 }, (_, i) => (
        <span key={i} className="block h-11 animate-pulse rounded-lg bg-slate-200 dark:bg-slate-700" />
      ))}
    </div>
  );
}
