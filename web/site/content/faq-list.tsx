import { useContentLang } from '../pages/page-context';
import { ChevronDownIcon } from '../../shared/ui/icons';

type Faq = { question: string; answer: string };

/** Questions that open to show their answers; native disclosure, so it works without scripts. */
export function FaqList({ faqs }: { faqs: Faq[] }) {
  const contentLang = useContentLang();
  return (
    <div className="divide-y divide-line rounded-card border border-line bg-raised">
      {faqs.map((faq, index) => (
        <details key={index} className="group" {...contentLang}>
          <summary className="flex cursor-pointer list-none items-start justify-between gap-4 rounded-card px-5 py-4 text-base font-semibold text-ink transition-colors hover:text-accent sm:px-6 sm:text-lg [&::-webkit-details-marker]:hidden">
            <span>{faq.question}</span>
            <ChevronDownIcon className="mt-1 size-5 shrink-0 text-accent transition-transform group-open:rotate-180" />
          </summary>
          <p className="measure px-5 pb-5 leading-7 text-ink-muted sm:px-6 sm:text-[1.0625rem]">
            {faq.answer}
          </p>
        </details>
      ))}
    </div>
  );
}
