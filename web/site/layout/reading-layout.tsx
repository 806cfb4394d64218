import type { ReactNode } from 'react';

type ReadingLayoutProps = {
  /**
   * Beside the text from 1024 px, such as the "On this page" list: at the end side, and from
   * 1280 px at the start side, where each line of the text begins.
   */
  side?: ReactNode;
  /** From 1280 px, at the end side: the reader's next step (a ContactCard). */
  rail?: ReactNode;
  children: ReactNode;
};

// The grid and the places of its parts, by which parts there are. The text keeps a readable
// measure in every case: from 1280 px the side and the rail take the width around it, so it is
// neither stretched nor left beside an empty third of the page.
const layouts = {
  both: {
    grid: 'lg:grid-cols-[minmax(0,1fr)_15rem] lg:gap-16 xl:grid-cols-[12rem_minmax(0,1fr)_17rem] xl:gap-12',
    text: 'lg:col-start-1 xl:col-start-2',
    side: 'lg:col-start-2 xl:col-start-1',
    rail: 'xl:col-start-3',
  },
  side: {
    grid: 'lg:grid-cols-[minmax(0,1fr)_15rem] lg:gap-16 xl:gap-24',
    text: 'lg:col-start-1',
    side: 'lg:col-start-2',
    rail: '',
  },
  rail: {
    grid: 'xl:grid-cols-[minmax(0,1fr)_17rem] xl:gap-16',
    text: 'xl:col-start-1',
    side: '',
    rail: 'xl:col-start-2',
  },
} as const;

/**
 * The body of a page that is read: its text at a readable measure, with what helps the reader
 * beside it on wide screens. Both stay in view as the page scrolls. On narrow screens the text
 * is alone: the page's closing call to action says what the rail says.
 */
export function ReadingLayout({ side, rail, children }: ReadingLayoutProps) {
  const layout = side && rail ? layouts.both : side ? layouts.side : rail ? layouts.rail : null;
  return (
    <div className={`page-shell py-12 lg:grid lg:py-16 ${layout?.grid ?? ''}`}>
      <div className={`min-w-0 space-y-14 lg:row-start-1 lg:space-y-16 ${layout?.text ?? ''}`}>
        {children}
      </div>
      {side && (
        <aside className={`hidden lg:row-start-1 lg:block ${layout?.side ?? ''}`}>
          {/* A long contents list scrolls within the window rather than past its foot. */}
          <div className="sticky top-8 -m-1 max-h-[calc(100dvh-4rem)] space-y-10 overflow-y-auto p-1">
            {side}
          </div>
        </aside>
      )}
      {rail && (
        <div className={`hidden xl:row-start-1 xl:block ${layout?.rail ?? ''}`}>
          <div className="sticky top-8">{rail}</div>
        </div>
      )}
    </div>
  );
}
