import type { ReactNode } from 'react';
import { CoverImage } from '../../shared/ui/cover-image';
import { useContentLang } from '../pages/page-context';
import type { Breadcrumb } from '../pages/page-props';
import { Breadcrumbs } from './breadcrumbs';

type PageHeaderProps = {
  title: string;
  breadcrumbs: Breadcrumb[];
  /** The sentence or two that opens the page under its heading. */
  lead?: string;
  /** The title and lead come from the page's content (which may be in another language). */
  fromContent?: boolean;
  /** Shown beside the heading on wide screens, e.g. a cover picture; below it on narrow ones. */
  aside?: ReactNode;
  /** The aside is decoration that narrow screens leave out. */
  asideOnWideScreens?: boolean;
  /** Above the heading: a label such as a publication type. */
  eyebrow?: ReactNode;
  children?: ReactNode;
};

/** The band at the top of every inner page: where you are, and the page's one <h1>. */
export function PageHeader({
  title,
  breadcrumbs,
  lead,
  fromContent,
  aside,
  asideOnWideScreens,
  eyebrow,
  children,
}: PageHeaderProps) {
  const contentLang = useContentLang();
  const textLang = fromContent ? contentLang : {};
  return (
    <div className="border-b border-line bg-surface">
      <div
        className={`page-shell py-10 lg:py-14 ${aside ? 'lg:grid lg:grid-cols-[minmax(0,1fr)_22rem] lg:items-center lg:gap-12' : ''}`}
      >
        <div className="min-w-0">
          {breadcrumbs.length > 0 && <Breadcrumbs items={breadcrumbs} />}
          {eyebrow && <div className="mt-6">{eyebrow}</div>}
          <div className={`${eyebrow ? 'mt-3' : 'mt-4'} max-w-4xl`} {...textLang}>
            <h1 className="text-3xl font-bold tracking-tight text-balance text-ink sm:text-4xl lg:text-[2.75rem] lg:leading-tight">
              {title}
            </h1>
            {lead && (
              <p className="mt-5 max-w-3xl text-lg leading-relaxed text-ink-muted sm:text-xl sm:leading-relaxed">
                {lead}
              </p>
            )}
          </div>
          {children}
        </div>
        {aside && (
          <div className={asideOnWideScreens ? 'hidden lg:block' : 'mt-8 lg:mt-0'}>{aside}</div>
        )}
      </div>
    </div>
  );
}

/** A page's cover art in the header's aside: decoration beside the heading that names the page. */
export function HeaderCover({ route }: { route: string }) {
  return (
    <CoverImage
      route={route}
      alt=""
      className="aspect-[16/10] w-full overflow-hidden rounded-card shadow-panel"
    />
  );
}
