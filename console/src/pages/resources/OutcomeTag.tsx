import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Outcome } from '../../resources/runInTurn';

const outcomeColor: Record<Outcome, string> = {
  pending: 'default',
  running: 'processing',
  done: 'success',
  failed: 'error',
};

/** Where one item of a batch stands, as a coloured tag. */
export function OutcomeTag({ outcome }: { outcome: Outcome }) {
  const { t } = useTranslation();
  return (
    <Tag color={outcomeColor[outcome]} data-testid={`outcome-${outcome}`}>
      {t(`resourceForms.batch.outcomes.${outcome}`)}
    </Tag>
  );
}
