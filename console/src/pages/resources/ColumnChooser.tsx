import { SettingOutlined } from '@ant-design/icons';
import { Button, Checkbox, Flex, Popover, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export interface ChoosableColumn {
  key: string;
  title: ReactNode;
}

/** Ticks for the columns a list may hide; what stays ticked is shown. */
export function ColumnChooser({
  columns,
  hidden,
  onChange,
}: {
  columns: readonly ChoosableColumn[];
  hidden: readonly string[];
  onChange: (hidden: string[]) => void;
}) {
  const { t } = useTranslation();
  const shown = columns.filter((column) => !hidden.includes(column.key)).map(({ key }) => key);
  return (
    <Popover
      trigger="click"
      placement="bottomRight"
      title={t('resources.list.columnsTitle')}
      content={
        <Flex vertical gap="small" data-testid="resource-columns-choice">
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
      <Button icon={<SettingOutlined aria-hidden />} data-testid="resource-columns">
        {t('resources.list.columns')}
      </Button>
    </Popover>
  );
}
