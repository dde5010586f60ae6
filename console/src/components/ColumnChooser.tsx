import { SettingOutlined } from '@ant-design/icons';
import { Button, Checkbox, Flex, Popover, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export interface ChoosableColumn {
  key: string;
  title: ReactNode;
}

/**
 * Ticks for the columns a list may hide; what stays ticked is shown. `testId` names the button,
 * and with `-choice` the ticks (the resource lists' `resource-columns` unless given).
 */
export function ColumnChooser({
  columns,
  hidden,
  onChange,
  testId = 'resource-columns',
}: {
  columns: readonly ChoosableColumn[];
  hidden: readonly string[];
  onChange: (hidden: string[]) => void;
  testId?: string;
}) {
  const { t } = useTranslation();
  const shown = columns.filter((column) => !hidden.includes(column.key)).map(({ key }) => key);
  return (
    <Popover
      trigger="click"
      placement="bottomRight"
      title={t('resources.list.columnsTitle')}
      content={
        <Flex vertical gap="small" data-testid={`${testId}-choice`}>
          <Checkbox.Group
            value={shown}
            onChange={(keys) =>
              onChange(columns.map(({ key }) => key).filter((key) => !keys.includes(key)))
            }
          >
            <Flex vertical gap={4}>
              {columns.map((column) => (
                <Checkbox key={column.key} value={column.key}>
                  {column.title}
                </Checkbox>
              ))}
            </Flex>
          </Checkbox.Group>
          {hidden.length > 0 && (
            <Typography.Link onClick={() => onChange([])}>
              {t('resources.list.columnsReset')}
            </Typography.Link>
          )}
        </Flex>
      }
    >
      <Button icon={<SettingOutlined aria-hidden />} data-testid={testId}>
        {t('resources.list.columns')}
      </Button>
    </Popover>
  );
}
