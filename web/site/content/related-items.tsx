import { useId } from 'react';
import { usePage } from '../pages/page-context';
import { useTranslation } from '../../shared/i18n/translation';
import { ItemCard } from './item-card';
import { PersonCard } from './person-card';

/**
 * The end of an item page: a few other items of its collection, the ones published nearest to it
 * in time (the server chooses them), as cards.
 */
export function RelatedItems() {
  const { t } = useTranslation('resources');
  const { page } = usePage();
  const headingId = useId();
  const items = page.related ?? [];
  if (items.length === 0 || !page.collection) return null;
  return (
    <section aria-labelledby={headingId} className="border-t border-line bg-surface">
      <div className="page-shell py-12 lg:py-16">
        <h2 id={headingId} className="text-2xl font-bold tracking-tight text-ink">
          {t(`related.${page.collection}`)}
        </h2>
        <ul className="mt-8 grid grid-cols-1 gap-4 md:grid-cols-3 md:gap-6">
          {items.map((item) => (
            <li key={item.route}>
              {page.collection === 'people' ? (
                <PersonCard person={item} />
              ) : (
                <ItemCard item={item} headingLevel={3} compact />
              )}
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
