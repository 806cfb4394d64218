import { useId } from 'react';
import type { ItemSummary } from '../pages/page-props';
import { useTranslation } from '../../shared/i18n/translation';
import { ItemCard } from './item-card';
import { valueKey } from './labels';

/** One sector's heading and its stories' cards. */
function SectorGroup({ sector, items }: { sector: string; items: ItemSummary[] }) {
  const { t } = useTranslation();
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="mt-12 first:mt-10">
      <h2 id={headingId} className="text-xl font-bold tracking-tight text-ink sm:text-2xl">
        {t(`sectors.${valueKey(sector)}`)}
      </h2>
      <ul className="mt-6 grid gap-6 sm:fill-row-2 sm:grid-cols-2 lg:fill-row-3 lg:grid-cols-3">
        {items.map((item) => (
          <li key={item.route}>
            <ItemCard item={item} headingLevel={3} />
          </li>
        ))}
      </ul>
    </section>
  );
}

/** Client stories grouped under a heading per sector, sectors in the order their newest story came. */
export function ItemsBySector({ items }: { items: ItemSummary[] }) {
  const groups = new Map<string, ItemSummary[]>();
  for (const item of items) {
    const sector = item.sector ?? '';
    groups.set(sector, [...(groups.get(sector) ?? []), item]);
  }
  return (
    <>
      {[...groups].map(([sector, group]) => (
        <SectorGroup key={sector} sector={sector} items={group} />
      ))}
    </>
  );
}
