import type { LeadSource } from '../api';
import { Card } from '../ui';
import { useT } from '../shell/lang';

/**
 * Where the visit that sent a submission came from: the page it began on, the site that linked
 * to it, the campaign its address named, and the page the form was sent from.
 */
export function SourceCard({ source }: { source: LeadSource }) {
  const { t } = useT();
  const campaign = [source.utmCampaign, source.utmSource, source.utmMedium]
    .filter(Boolean)
    .join(' · ');
  const rows: [string, string][] = [
    [t('inbox.source.landingPage'), source.landingPage],
    [t('inbox.source.referrer'), source.referrer],
    [t('inbox.source.campaign'), campaign],
    [t('inbox.source.sentFrom'), source.sentFrom],
  ];
  return (
    <Card>
      <h2 className="mb-4 text-xl font-semibold">{t('inbox.source.title')}</h2>
      <dl className="grid gap-x-4 gap-y-2 sm:grid-cols-[auto_minmax(0,1fr)]" data-source>
        {rows.map(([term, value]) => (
          <div key={term} className="contents">
            <dt className="text-ink-muted">{term}</dt>
            <dd className="break-all">
              {value ? <bdi dir="ltr">{value}</bdi> : t('inbox.source.unknown')}
            </dd>
          </div>
        ))}
      </dl>
    </Card>
  );
}
