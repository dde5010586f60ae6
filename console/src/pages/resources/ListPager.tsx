import { LeftOutlined, RightOutlined } from '@ant-design/icons';
import { Button, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

/**
 * Previous and next over keyset pages. The page number is known when the pages before were
 * walked here (the trail of their cursors); a link that opens a later page says no number.
 */
export function ListPager({
  page,
  hasPrevious,
  hasNext,
  onPrevious,
  onNext,
}: {
  page: number | undefined;
  hasPrevious: boolean;
  hasNext: boolean;
  onPrevious: () => void;
  onNext: () => void;
}) {
  const { t } = useTranslation();
  if (!hasPrevious && !hasNext) return null;
  return (
    <Flex gap="small" align="center" justify="center" data-testid="resource-pager">
      <Button
        icon={<LeftOutlined aria-hidden />}
        disabled={!hasPrevious}
        onClick={onPrevious}
        data-testid="resource-page-previous"
      >
        {t('resources.list.previousPage')}
      </Button>
      {page !== undefined && (
        <Typography.Text data-testid="resource-page-number">
          {t('resources.list.page', { page })}
        </Typography.Text>
      )}
      <Button disabled={!hasNext} onClick={onNext} data-testid="resource-page-next">
        {t('resources.list.nextPage')}
        <RightOutlined aria-hidden />
      </Button>
    </Flex>
  );
}
