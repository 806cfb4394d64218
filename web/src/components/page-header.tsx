import type { ReactNode } from 'react';
import type { Breadcrumb } from '../page-props';
import { Breadcrumbs } from './breadcrumbs';

type PageHeaderProps = { title: string; breadcrumbs: Breadcrumb[]; children?: ReactNode };

/** The band at the top of every inner page: where you are, and the page's one <h1>. */
export function PageHeader({ title, breadcrumbs, children }: PageHeaderProps) {
  return (
    <div className="border-b border-line bg-surface">
      <div className="page-shell py-10 lg:py-14">
        {breadcrumbs.length > 0 && <Breadcrumbs items={breadcrumbs} />}
        <h1 className="mt-4 max-w-4xl text-3xl font-bold tracking-tight text-balance text-ink sm:text-4xl lg:text-[2.75rem] lg:leading-tight">
          {title}
        </h1>
        {children}
      </div>
    </div>
  );
}
