import type { Key } from '../i18n';
import { Card } from '../ui';
import { useT } from './lang';

/** A screen's whole answer in a card: not found, not allowed. */
export function Message({ title, body }: { title: Key; body: Key }) {
  const { t } = useT();
  return (
    <Card>
      <h1 className="mb-2 text-2xl font-semibold">{t(title)}</h1>
      <p>{t(body)}</p>
    </Card>
  );
}
